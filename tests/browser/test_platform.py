"""The platform in a real browser: start, layout, offline, updates, bad saves, errors."""

from __future__ import annotations

import json
import re

import pytest

import build

from .conftest import seed_compiled, wait_ready

GAMES = ("Barrio", "Nyhavn", "Neue Heimat")
BAD_TEXT = '{"format": "house-games-match", "version": 1, "game": "barrio", "seats": 7'


def no_horizontal_scroll(page) -> bool:
    return page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth")


def wait_controlled(page) -> None:
    """Until the service worker controls the page and has precached the build."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)


def test_start_screen_becomes_ready(page, open_app, shot, dist):
    seconds = open_app(page)
    assert page.locator("#start-screen").is_visible()
    for title in GAMES:
        assert page.locator("#start-screen label.choice", has_text=title).count() == 1
    build_id = json.loads((dist / "version.json").read_text())["build"]
    assert build_id in page.locator("#build-id").inner_text()
    start = page.get_by_role("button", name="Start new game")
    assert start.is_visible()
    box = start.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    shot(page, "platform-start-390x844")
    print(f"ready after {seconds:.2f} s")


def test_every_game_is_listed_available_or_coming(page, open_app):
    open_app(page)
    from game import PRODUCT_GAMES
    from game.ui.catalog import catalog

    for info in catalog(PRODUCT_GAMES):  # the shipped build (the toy game is registered for tests only)
        label = page.locator(f"label[for=game-{info.game_id}]")
        assert label.get_attribute("data-available") == str(info.available).lower()
        assert ("coming" in label.inner_text()) == (not info.available)


@pytest.mark.parametrize("width,height", [(390, 844), (360, 640)])
def test_no_horizontal_scrolling_on_phones(make_context, open_app, shot, width, height):
    page = make_context(viewport={"width": width, "height": height}).new_page()
    open_app(page)
    assert no_horizontal_scroll(page)
    shot(page, f"platform-start-{width}x{height}")
    # a game screen (the generic one) too
    available = page.locator("label.choice[data-available=true]")
    assert available.count() == len(GAMES), "every game is playable"
    available.first.tap()
    page.get_by_role("button", name="Start new game").tap()
    page.locator("#undo").wait_for()
    assert no_horizontal_scroll(page)
    shot(page, f"platform-game-{width}x{height}")


def test_offline_reload_reaches_start_screen(make_context, open_app, shot):
    """Offline, a returning player's page starts from the service worker's cache. It fetches the loader's imports and
    PyScript's modules (the list build.py writes into the page) while the start screen paints: each once, none
    refused."""
    context = make_context()
    page = context.new_page()
    # render.js is read twice: by the page's script tag and, after the page is ready, by the worker. On a first visit
    # the worker is not the service worker's yet, so its read still under way when the network goes would fail for
    # that (first) page, not the offline one: wait for both reads (waiting for "a" read matched the script tag's).
    renderer_reads: list[str] = []
    page.on("requestfinished", lambda request: renderer_reads.append(request.url) if request.url.endswith("/render.js") else None)
    open_app(page)
    for _ in range(480):  # up to 2 minutes
        if len(renderer_reads) >= 2:
            break
        page.wait_for_timeout(250)
    assert len(renderer_reads) >= 2, renderer_reads
    wait_controlled(page)
    context.set_offline(True)
    requested: list[str] = []
    failed: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.reload()
    wait_ready(page)
    assert page.locator("#start-screen").is_visible()
    modules = json.loads(page.locator("#pyscript-modules").text_content())
    assert modules and all(module.startswith("./vendor/pyscript/") for module in modules)
    modules += ["./bridge.js", "./store.js", "./journal.js"]
    preloaded = page.evaluate("[...document.querySelectorAll('link[rel=modulepreload]')].map((link) => link.href)")
    for module in modules:
        url = page.evaluate("(path) => new URL(path, location.href).href", module)
        assert url in preloaded and requested.count(url) == 1, (module, requested.count(url))
    assert not failed, failed
    shot(page, "platform-offline")


def test_new_build_replaces_cached_version(make_context, open_app, site_copy, compiled_archives):
    # a returning phone of the copy's origin (its first build's Python already compiled there), as most players are
    # when a new build comes
    context = seed_compiled(make_context(compiled=False), site_copy, compiled_archives)
    page = context.new_page()
    open_app(page, site_copy.url)
    wait_controlled(page)
    old_id = page.evaluate("window.houseGames.build")
    # a new build: one file changed, then the service worker and version rewritten as build.py does
    css = site_copy.directory / "app.css"
    css.write_text(css.read_text() + "\n/* second build */\n")
    new_id = build.finalize(site_copy.directory)
    assert new_id != old_id
    page.reload()
    wait_ready(page)
    assert page.evaluate("window.houseGames.build") == old_id  # the cached version runs until the user says so
    page.get_by_role("button", name="Reload").wait_for(timeout=60_000)
    assert page.locator("#update-banner").is_visible()
    page.get_by_role("button", name="Reload").tap()
    page.wait_for_function(f"window.houseGames && window.houseGames.build === {json.dumps(new_id)}", timeout=60_000)
    wait_ready(page)
    assert new_id in page.locator("#build-id").inner_text()
    caches = page.evaluate("caches.keys()")
    ours = [c for c in caches if c.startswith("house-games|")]
    # only the new build's cache is left, with its "|source" cache if its archives were compiled (game/ui/precompile.py)
    assert all(c.split("|")[2] == new_id for c in ours), ours
    assert len([c for c in ours if c.endswith(new_id)]) == 1
    # and the new version is what the cache serves offline now
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert "second build" in page.evaluate("fetch('./app.css').then(r => r.text())")


def test_corrupt_autosave_is_explained_and_kept_aside(page, open_app, shot):
    open_app(page)
    page.evaluate(f"localStorage.setItem('house-games.autosave', {json.dumps(BAD_TEXT)})")
    page.reload()
    wait_ready(page)
    notice = page.locator("#start-notice")
    assert notice.is_visible()
    assert "could not be read" in notice.inner_text()
    assert "house-games.autosave.bad.1" in notice.inner_text()
    page.wait_for_function("houseGames.stored('house-games.autosave.bad.1') !== null")
    assert page.evaluate("houseGames.stored('house-games.autosave.bad.1')") == BAD_TEXT
    assert page.evaluate("houseGames.autosave()") is None
    assert page.locator("#resume").count() == 0
    assert page.get_by_role("button", name="Start new game").is_visible()
    shot(page, "platform-corrupt-autosave")


@pytest.mark.first_visit  # the wheel is downloaded (a phone that has it cached starts without the network)
@pytest.mark.expect_errors(r"status of 404", r"BadZipFile", r"MessageEvent")  # the wheel answers 404 on purpose (PyScript logs the failed worker's event)
def test_runtime_failure_shows_error_screen_with_retry(page, site_url):
    # on the context, so requests of the service worker are caught too; the wheel is downloaded with the runtime
    # (as its zstd copy, then as itself when that fails), so its loss stops the download
    def is_wheel(url: str) -> bool:
        return "/house_games-" in url and url.endswith((".whl", ".whl.zst"))

    page.context.route(is_wheel, lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.appState === 'error'", timeout=90_000)
    assert page.locator("#error-screen").is_visible()
    assert page.locator("#error-stage").inner_text() == "Failed while: Loading the Python runtime."
    assert re.fullmatch(r"Download failed: /house_games-[\w.]+-py3-none-any\.whl: HTTP 404", page.locator("#error-message").inner_text().strip())
    page.context.unroute(is_wheel)
    page.get_by_role("button", name="Retry").tap()
    wait_ready(page)
    assert page.locator("#start-screen").is_visible()
