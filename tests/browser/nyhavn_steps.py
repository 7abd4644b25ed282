"""Steps of a Nyhavn game in the browser that several browser tests take: start one, wait for a turn, play it, read the autosave."""

from __future__ import annotations

import json

from game.core import Match

from .conftest import replace_unfinished

SEED = 4242


def start_nyhavn(page, open_app, seed: int = SEED, bot: str = "weak", query: str = "?pause=0", touch: bool = True) -> None:
    """Open the app at ``query`` (``open_app`` None: ``page`` is a ``started_page``, on its start screen at ``?pause=0``)
    and start a 2-player Nyhavn game, human (seat 1) against the computer."""
    if open_app is not None:
        open_app(page, query=query)
    (page.locator("label[for=game-nyhavn]").tap if touch else page.locator("label[for=game-nyhavn]").click)()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option(f"bot:{bot}")
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    start = page.get_by_role("button", name="Start new game")
    start.tap() if touch else start.click()
    if open_app is None:
        replace_unfinished(page)
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
    return json.loads(page.evaluate("houseGames.autosave()"))


def engine_match(page) -> Match:
    """The match as the engine rebuilds it from the autosave (the same code the app runs)."""
    return Match.from_json(autosave(page))


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


BUILD_SEED = 3  # player 1 starts with 2 green cards: a green tile of 2 can be built at once
