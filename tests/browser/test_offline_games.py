"""Every game opens and plays offline from the trimmed standard library (build.py cuts ``python_stdlib.zip`` to
what ``stdlib-modules.txt`` and our package's imports need): after one visit, with the network off, each game
is started from the static start screen against the weak computer and a few moves are played by tapping, in
the list-of-actions screen and in the game's own table."""

from __future__ import annotations

import pytest

from game import PRODUCT_GAMES as GAMES  # the shipped games: the toy game is only in the test-only build

from .conftest import wait_ready

#: moves the human plays per game (the computer answers each)
MOVES = 4


def go_offline_after_one_visit(context, page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)


def start_game(page, gid: str) -> None:
    """From the static start screen: ``gid``, two seats (human, weak computer), Start."""
    page.locator(f"label[for=game-{gid}]").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option("bot:weak")
    page.locator("#start-game").tap()
    page.locator("#app").wait_for(state="visible", timeout=60_000)


def idle(page) -> None:
    """Until the worker has handled every message (the page's bridge is idle) and the computer has moved."""
    page.wait_for_function("window.houseGames.idle && window.houseGames.idle()", timeout=30_000)


@pytest.mark.parametrize("gid", GAMES)
def test_each_game_plays_offline_from_the_trimmed_stdlib(make_context, site_url, gid):
    context = make_context()
    page = context.new_page()
    go_offline_after_one_visit(context, page, site_url + "?pause=0&ui=list")
    page.reload()
    wait_ready(page)
    start_game(page, gid)
    played = 0
    for _ in range(MOVES * 3):
        idle(page)
        buttons = page.locator("#legal-actions button")
        if page.locator("#end-screen").count() or played == MOVES:
            break
        if buttons.count() == 0:  # the computer's turn (pause=0: it moves at once)
            page.wait_for_timeout(100)
            continue
        before = page.locator("#game-log li").count()
        buttons.first.tap()
        idle(page)
        played += 1
        assert page.locator("#game-log li").count() >= before
    assert played == MOVES or page.locator("#end-screen").count(), f"{gid}: only {played} moves were playable offline"
    assert page.evaluate("houseGames.inspect('screen.match.game_id')") == gid
    # the game's own table screen opens offline too (its modules are imported now)
    page.goto(site_url + "?pause=0")
    wait_ready(page)
    page.locator("#resume").tap()
    page.locator("#app").wait_for(state="visible", timeout=60_000)
    idle(page)
    assert page.evaluate("houseGames.inspect('screen.match.game_id')") == gid
