"""Nyhavn in a real browser: a whole game by touch, drag with rotate and flip, refusals, resume, screenshots."""

from __future__ import annotations

import json
import time

import pytest

from game.core import Match

from .conftest import wait_ready

SEED = 4242


def start_nyhavn(page, open_app, seed: int = SEED, bot: str = "weak", query: str = "?pause=0") -> None:
    """Open the app and start a 2-player Nyhavn game, human (seat 1) against the computer."""
    open_app(page, query=query)
    page.locator("label[for=game-nyhavn]").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option(f"bot:{bot}")
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name="Start new game").tap()
    wait_my_turn(page)


def wait_my_turn(page, timeout: float = 60_000) -> str:
    """Until the human may act or the game is over; returns the phase ("over" at the end screen)."""
    page.wait_for_function(
        "document.getElementById('end-screen') !== null || "
        "(document.querySelector('section.table[data-mine=true]') !== null)", timeout=timeout)
    if page.locator("#end-screen").count():
        return "over"
    return page.locator("section.table").get_attribute("data-phase")


def autosave(page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('house-games.autosave')"))


def engine_match(page) -> Match:
    """The match as the engine rebuilds it from the autosave (the same code the app runs)."""
    return Match.from_json(autosave(page))


def pick_tile_with_drag_room(page, match: Match) -> str | None:
    legal = match.module.legal_actions(match.state)
    tiles = sorted({a["tile"] for a in legal if a["type"] == "build"}, key=lambda k: -int(k[-1]))
    return tiles[0] if tiles else None


def play_one_turn(page) -> None:
    """The human's policy: build when some tile is affordable (biggest first), else take two neighbouring cards."""
    phase = wait_my_turn(page)
    if phase == "over":
        return
    if phase == "discard":
        page.locator("#nyhavn-controls button[data-cmd^=discard-]").first.tap()
        return
    if phase == "pay":
        page.locator("#nyhavn-controls button[data-cmd^=pay-]").first.tap()
        return
    if phase == "arms":
        buttons = page.locator("#nyhavn-controls button[data-cmd^=ability-], #nyhavn-controls button#ny-refresh")
        if buttons.count():
            buttons.first.tap()
        else:
            page.locator(".board button[data-key^=cell-][data-legal=true]").first.tap()
        return
    stacks = page.locator(".board button[data-key^=stack-][data-legal=true]")
    if phase in ("turn", "build") and stacks.count():
        stacks.last.tap()
        page.locator("#ny-fits").tap()
        cells = page.locator(".board button[data-key^=cell-][data-legal=true]")
        if cells.count() == 0:  # no fit this way round: try the other orientations
            for _ in range(7):
                page.locator("#ny-rotate").tap() if _ != 3 else page.locator("#ny-flip").tap()
                if cells.count():
                    break
        cells.first.tap()
        page.locator("#ny-place").tap()
        return
    if phase == "build":
        page.locator("#ny-end").tap()
        return
    docks = page.locator(".board button[data-key^=dock-]:not([disabled])")
    if phase == "turn" and docks.count():
        docks.first.tap()
        partner = page.locator(".board button[data-key^=dock-][data-legal=true]")
        partner.first.tap()
        take = page.locator("#ny-take")
        if take.count():
            take.tap()
        return
    page.locator("#ny-pass").tap()


def test_full_game_by_touch_against_the_computer(page, open_app, shot):
    start_nyhavn(page, open_app)
    shot(page, "nyhavn-start-390x844")
    t0 = time.perf_counter()
    turns = 0
    while wait_my_turn(page) != "over" and turns < 400:
        before = page.evaluate("localStorage.getItem('house-games.autosave')")
        play_one_turn(page)
        turns += 1
        page.wait_for_function(
            "(prev) => document.getElementById('end-screen') !== null || localStorage.getItem('house-games.autosave') !== prev",
            arg=before, timeout=60_000)
        if turns == 12:
            shot(page, "nyhavn-midgame-390x844")
    assert page.locator("#end-screen").is_visible(), f"no end after {turns} human steps"
    shot(page, "nyhavn-end-390x844")
    record = json.loads(page.evaluate("window.houseGamesLastGame"))
    match = Match.from_json(record)
    engine_scores = match.module.scores(match.state)
    shown = [int(x) for x in page.locator("#final-scores tbody td.num").all_inner_texts()]
    assert shown == list(engine_scores)
    assert match.module.is_over(match.state)
    winners = match.module.winners(match.state)
    rows = page.locator("#final-scores tbody tr")
    for w in winners:
        assert "winner" in (rows.nth(w).get_attribute("class") or "")
    text = page.locator("#end-screen").inner_text()
    assert "empty spaces" in text and "place" in text
    print(f"game over after {turns} human steps in {time.perf_counter() - t0:.1f} s; scores {engine_scores}")
