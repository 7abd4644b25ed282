"""Accessibility in a real browser: axe-core (pinned npm package, injected into the page)
on the start screen and on each game's screen finds no violation of any impact (critical, serious, moderate or
minor); the other screens are checked in ``test_a11y_axe.py``. The start screen and the tables are checked in one
started app (``started_page``), the loader's screens in a fresh page."""

from __future__ import annotations

import pytest

from game import PRODUCT_GAMES as GAMES  # the games of the served (normal) site
from .axe import axe_violations, explain


def test_start_screen_has_no_axe_violations(started_page):
    page = started_page
    page.wait_for_selector("#start-screen")
    violations = axe_violations(page)
    assert not violations, explain(violations)


@pytest.mark.first_visit  # a phone that never saw the site: blocking the download then keeps the runtime away
@pytest.mark.expect_errors(r"ERR_FAILED|wasm|WebAssembly|pyodide", r"Failed to load resource")  # the runtime is blocked on purpose
def test_loading_and_error_screens_have_no_axe_violations(page, site_url):
    """The loader's screens are the first thing a visitor sees: check the error screen too (runtime blocked)."""
    page.route("**/vendor/pyodide/pyodide.asm.wasm*", lambda route: route.abort())  # the plain file and its .zst
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.appState === 'error'", timeout=60_000)
    violations = axe_violations(page)
    assert not violations, explain(violations)


@pytest.mark.parametrize("game_id", GAMES)
def test_game_screen_has_no_axe_violations(started_page, game_id):
    page = started_page
    choice = page.locator(f"#game-{game_id}")
    # every game of the suite must be playable: a game that is not would pass unchecked, so it fails
    assert page.locator(f'label[for="game-{game_id}"][data-available="true"]').count() == 1, f"{game_id} is not playable"
    page.locator(f'label[for="game-{game_id}"]').check()  # its name, as a player taps it (checks ``choice``)
    assert choice.is_checked()
    page.locator("#start-game").click()
    page.wait_for_selector("header.topbar h1")
    # let the computer players move, so the table, log and scores have content
    page.wait_for_timeout(500)
    violations = axe_violations(page)
    assert not violations, explain(violations)
