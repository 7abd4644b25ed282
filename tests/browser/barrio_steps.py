"""Steps of a Barrio game in the browser that several browser tests take: start one, tap, wait, read the autosave."""

from __future__ import annotations

import json
import time

import game.barrio as B
from game.core import Match
from game.ui.barrio.table import taps_for

from .conftest import replace_unfinished, settle

QUICK = "?pause=0"


def saved(page) -> dict | None:
    raw = page.evaluate("houseGames.autosave()")
    return json.loads(raw) if raw else None


def read_match(page, timeout: float = 15.0) -> Match:
    """The match in this tab's autosave, once written (it is written just after the table is drawn)."""
    end = time.monotonic() + timeout
    while (data := saved(page)) is None and time.monotonic() < end:
        page.wait_for_timeout(40)
    return Match.from_json(data)


def tap_key(page, key: str) -> None:
    page.locator(f'#barrio-board button[data-key="{key}"]').tap()
    settle(page)  # the table changes when the Python worker has answered


def start(page, open_app, players: int = 1, seats: list[str] | None = None, seed: int = 7, query: str = QUICK) -> None:
    """Open the app at ``query`` (``open_app`` None: ``page`` is a ``started_page``, on its start screen at ``?pause=0``)
    and start a Barrio game of ``players`` (``seats``: each seat's player) dealt from ``seed``."""
    if open_app is not None:
        open_app(page, query=query)
    page.locator("label[for=game-barrio]").tap()
    page.locator("#f-players").select_option(str(players))
    for i, seat in enumerate(seats or []):
        page.locator(f"#f-seat-{i}").select_option(seat)
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name="Start new game").tap()
    if open_app is None:
        replace_unfinished(page)
    page.locator("#barrio-board canvas").wait_for()


def wait_for(page, predicate, timeout: float = 30.0, what: str = "condition") -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return
        page.wait_for_timeout(40)
    raise AssertionError(f"timed out waiting for {what}")


def human_turn(page, seat: int = 0) -> Match | None:
    """Wait until seat ``seat`` is to move (computers have played) and return the match, or None at the end screen."""
    result: list[Match | None] = []

    def ready() -> bool:
        if page.locator("#end-screen").count():
            result.append(None)
            return True
        data = saved(page)
        if data is None:
            return False
        match = Match.from_json(data)
        if match.current_player() == seat and not match.is_computer_turn():
            result.append(match)
            return True
        return False

    wait_for(page, ready, 60, "the human seat's turn")
    return result[-1]


def play_move(page, match: Match, bot, seat: int = 0) -> Match:
    """Choose a move for ``seat`` from the saved game and make it by tapping; return the match after it locally."""
    state = match.state
    view = B.SPEC.view(state, seat)
    legal = B.SPEC.legal_actions(state)
    action = bot.choose(view, legal)
    for key in taps_for(action, view, legal):
        tap_key(page, key)
    n = len(match.entries)
    match.apply(action)
    if B.SPEC.is_over(match.state):
        page.locator("#end-screen").wait_for(timeout=30_000)
    else:
        # the computers may finish the game after this move: then the end screen shows and no autosave is left
        wait_for(page, lambda: page.locator("#end-screen").count() > 0
                 or len((saved(page) or {}).get("actions") or ()) > n, 20, f"the app to take {action}")
    return match
