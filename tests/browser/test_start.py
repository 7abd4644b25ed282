"""First contact: the static start screen works before Python is ready, an offline first start works
after one visit, and no request of a full game start answers 404."""

from __future__ import annotations

import pytest

import time

from .conftest import wait_ready

#: the start screen and Python's first start on a phone that never saw the site (see conftest.make_context)
pytestmark = pytest.mark.first_visit

RUNTIME_DELAY_S = 6.0


def slow_runtime(context, delay_s: float = RUNTIME_DELAY_S) -> None:
    """Hold back the big runtime file (page and service worker alike) so Python is ready only after ``delay_s``."""
    def hold(route) -> None:
        time.sleep(delay_s)
        route.continue_()

    context.route("**/vendor/pyodide/pyodide.asm.wasm", hold)


def test_start_screen_is_usable_before_python_and_opens_the_game_when_ready(make_context, site_url, shot):
    context = make_context()
    slow_runtime(context)
    page = context.new_page()
    page.goto(site_url, wait_until="domcontentloaded")
    start = page.get_by_role("button", name="Start new game")
    start.wait_for(timeout=5_000)
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    # choices can be made at once, in the static page
    page.locator("label[for=game-nyhavn]").tap()
    page.locator("#f-players").select_option("3")
    assert page.locator("#field-seat-2").is_visible() and page.locator("#field-seat-3").is_hidden()
    page.locator("#f-seat-1").select_option("human")
    page.locator("#f-seed").fill("42")
    page.select_option("#f-lang", "es")
    assert page.get_by_role("button", name="Empezar partida nueva").is_visible()
    page.select_option("#f-lang", "en")
    saved = page.evaluate("JSON.parse(localStorage.getItem('house-games|/|settings'))")  # scoped by the site's path
    assert saved["game"] == "nyhavn" and saved["players"] == 3 and saved["seats"][:2] == ["human", "human"]
    assert page.evaluate("document.documentElement.dataset.appState") == "loading"
    shot(page, "start-before-python")
    # Start while loading: the button shows the progress, then the game opens by itself
    page.locator("#start-game").tap()
    label = page.locator("#start-game").inner_text()
    assert "Opening when ready" in label and page.locator("#start-game").is_disabled()
    page.locator("header.topbar h1").wait_for(timeout=120_000)
    assert page.locator("#start-screen").is_hidden() and page.locator("#app").is_visible()
    page.wait_for_function("houseGames.autosave() !== null")  # stored a moment after the table shows
    match = page.evaluate("JSON.parse(houseGames.autosave())")
    assert match["game"] == "nyhavn" and match["num_players"] == 3 and match["seed"] == 42
    assert [s["kind"] for s in match["seats"]] == ["human", "human", "computer"]
    # Menu brings the static start screen back, with Resume
    page.locator("#menu").tap()
    assert page.locator("#start-screen").is_visible() and page.locator("#app").is_hidden()
    assert "Nyhavn" in page.locator("#resume").inner_text() and "3 players" in page.locator("#resume").inner_text()


def test_resume_tapped_while_loading_opens_the_saved_game(make_context, site_url, open_app):
    context = make_context()
    page = context.new_page()
    open_app(page, query="?pause=0")
    page.locator("label[for=game-barrio]").tap()
    page.locator("#f-players").select_option("1")
    page.locator("#start-game").tap()
    page.locator("header.topbar h1").wait_for()
    context.route("**/vendor/pyodide/pyodide.asm.wasm", lambda route: (time.sleep(3), route.continue_()))
    page.reload(wait_until="domcontentloaded")
    resume = page.locator("#resume")
    resume.wait_for(timeout=5_000)
    assert "Barrio" in resume.inner_text()
    resume.tap()
    page.locator("header.topbar h1").wait_for(timeout=120_000)
    assert page.locator("#start-screen").is_hidden()


def test_offline_first_start_after_one_visit(make_context, site_url, shot):
    context = make_context()
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    page.close()
    context.set_offline(True)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(site_url, wait_until="domcontentloaded")
    page.get_by_role("button", name="Start new game").wait_for(timeout=5_000)
    shell_s = time.perf_counter() - t0
    page.locator("label[for=game-neueheimat]").tap()
    page.locator("#start-game").tap()
    page.locator("header.topbar h1").wait_for(timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.appState") == "ready"
    shot(page, "start-offline-game")
    print(f"offline: start screen after {shell_s:.2f} s")


def test_no_request_answers_404_in_a_full_game_start(make_context, site_url):
    context = make_context()
    failures: list[str] = []
    context.on("response", lambda r: failures.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    context.on("requestfailed", lambda r: failures.append(f"failed {r.url} {r.failure}"))
    page = context.new_page()
    page.goto(site_url + "?pause=0")
    wait_ready(page)
    page.locator("label[for=game-barrio]").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#start-game").tap()
    page.locator("header.topbar h1").wait_for()
    page.wait_for_timeout(1000)
    assert not failures, failures
