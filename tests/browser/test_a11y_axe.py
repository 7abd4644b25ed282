"""axe-core finds no violation of any impact on every screen a player reaches (issue 40): the start screen with its
rules open, each game's table with its rules open, the end screen, statistics, past games, a replay and the daily
deal. ``test_quality.py`` checks the start screen, each table as it opens and the loader's error screen. The start
screen and the tables are checked in one started app (``started_page``); the end screen's game in a fresh page."""

from __future__ import annotations

import pytest

from game import PRODUCT_GAMES

from .replay_helpers import QUICK, finish_solo_game
from .axe import axe_violations, explain


def assert_clean(page, where: str) -> None:
    violations = axe_violations(page)
    assert not violations, f"{where}: {explain(violations)}"


def one_main_and_a_heading_first(page, where: str) -> None:
    """What axe's landmark rules ask, said as a screen reader's user meets it: exactly one main landmark shows, and
    the first heading in it is the screen's h1."""
    shown = page.evaluate("""() => [...document.querySelectorAll('main, [role="main"]')]
        .filter((m) => !m.closest('[hidden]') && m.getClientRects().length > 0)
        .map((m) => [m.id, (m.querySelector('h1, h2, h3, h4, h5, h6') || {}).tagName || null])""")
    assert len(shown) == 1, f"{where}: main landmarks shown: {shown}"
    assert shown[0][1] == "H1", f"{where}: the first heading of the main landmark is {shown[0][1]}"


def test_start_screen_with_each_games_rules_open_has_no_axe_violations(started_page):
    page = started_page
    page.wait_for_selector("#start-screen")
    page.locator("#start-rules > summary").click()
    for game_id in PRODUCT_GAMES:
        page.locator(f'label[for="game-{game_id}"]').check()  # the game's name, as a player taps it
        page.wait_for_function("document.querySelectorAll('#start-rules-body h2').length > 0")
        one_main_and_a_heading_first(page, f"start screen, {game_id}'s rules")
        assert_clean(page, f"start screen, {game_id}'s rules")


@pytest.mark.parametrize("game_id", PRODUCT_GAMES)
def test_each_games_table_with_its_rules_open_has_no_axe_violations(started_page, game_id):
    page = started_page
    page.locator(f'label[for="game-{game_id}"]').check()  # the game's name, as a player taps it
    page.locator("#start-game").click()
    page.wait_for_selector("header.topbar h1")
    page.wait_for_timeout(500)  # the computers' first moves: a table, log and scores with content
    rules = page.locator(".game details:has(h2.rules-heading)")
    assert rules.count() == 1, f"{game_id}: its rules panel"
    if rules.get_attribute("open") is None:
        rules.locator("summary").click()
    assert rules.locator("h2.rules-heading").first.is_visible()
    one_main_and_a_heading_first(page, f"{game_id}'s table")
    assert_clean(page, f"{game_id}'s table, rules open")


def test_end_screen_statistics_past_games_replay_and_daily_deal_have_no_axe_violations(page, open_app):
    finish_solo_game(page, open_app)  # the app itself ends the game
    one_main_and_a_heading_first(page, "end screen")
    assert_clean(page, "end screen")

    open_app(page, query=QUICK)
    page.get_by_role("button", name="Statistics").tap()
    page.locator("#stats .stats-group").first.wait_for()
    one_main_and_a_heading_first(page, "statistics")
    assert_clean(page, "statistics")

    open_app(page, query=QUICK)
    page.get_by_role("button", name="Daily deal").tap()
    page.locator("#daily-title").wait_for()
    one_main_and_a_heading_first(page, "daily deal")
    assert_clean(page, "daily deal")

    open_app(page, query=QUICK)
    page.get_by_role("button", name="Past games").tap()
    games = page.locator("#past-list .past-game")
    games.first.wait_for()
    one_main_and_a_heading_first(page, "past games")
    assert_clean(page, "past games")

    games.first.get_by_role("button", name="Replay").tap()  # on Barrio's own table
    page.locator("#replay").wait_for()
    page.locator("#barrio-board canvas").wait_for()
    one_main_and_a_heading_first(page, "replay")
    assert_clean(page, "replay at the setup")
    page.locator("#replay-next").tap()
    page.wait_for_function("document.getElementById('replay').dataset.step === '1'")
    assert_clean(page, "replay, one step on")
