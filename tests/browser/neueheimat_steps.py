"""Steps of a Neue Heimat game in the browser that several browser tests take: start one, tap an action, wait for a turn, read the autosave."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import game.neueheimat as nh
from game.core import Match, Seat

from .conftest import replace_unfinished, settle


def saved_match(page) -> Match | None:
    """The autosaved match, read back with the engine (what the page has really played)."""
    raw = page.evaluate("houseGames.autosave()")
    return Match.from_json(json.loads(raw)) if raw else None


def start_game(page, open_app, seats: list[str], seed: int, rounds: int = 1, query: str = "?pause=0") -> None:
    """Through the start screen: Neue Heimat, the seats ("human", "bot:weak", "bot:strong"), rounds and seed
    (``open_app`` None: ``page`` is a ``started_page``, on its start screen at ``?pause=0``)."""
    if open_app is not None:
        open_app(page, query=query)
    press(page, page.locator("label[for=game-neueheimat]"))
    page.locator("#f-players").select_option(str(len(seats)))
    for i, seat in enumerate(seats):
        page.locator(f"#f-seat-{i}").select_option(seat)
    page.locator("#f-rounds").select_option(str(rounds))
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    press(page, page.get_by_role("button", name="Start new game"))
    if open_app is None:
        replace_unfinished(page)
    page.locator("canvas").wait_for()


def wait_for_turn(page, seat: int, timeout: float = 30_000) -> Match:
    """Until the game is over (None) or it is ``seat``'s turn in a human phase; returns the match then.

    The autosave is written before the table is drawn again, so a moment after a move the page may still show the
    buttons of the turn just played while the autosave already has the computers to move: the buttons are waited for
    until the autosave agrees that ``seat`` is to move."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        page.wait_for_function(
            """(seat) => {
                const ctl = document.getElementById('nh-controls');
                const scoring = document.getElementById('nh-scoring');
                if (document.getElementById('end-screen') || (scoring && !scoring.hidden)) return true;
                if (!ctl) return false;
                return ctl.querySelector('button[data-act]') !== null || document.querySelector('.board button.target[data-legal]') !== null;
            }""", arg=seat, timeout=max(1.0, (deadline - time.monotonic()) * 1000))
        match = saved_match(page)
        if match is None or nh.SPEC.is_over(match.state) or (match.current_player() == seat and not match.is_computer_turn()):
            return match
        assert time.monotonic() < deadline, f"seat {seat}'s turn never came: the autosave has seat {match.current_player()} to move"
        page.wait_for_timeout(50)


def press(page, locator) -> None:
    """Tap on a touch screen, click with the mouse elsewhere (desktop)."""
    if page.evaluate("navigator.maxTouchPoints > 0"):
        locator.tap()
    else:
        locator.click()


def tap_action(page, action: dict[str, Any]) -> None:
    """Do ``action`` the way a player does: tap its table button or its panel button."""
    kind = action["type"]
    if kind == "auction":
        piece = action["piece"]
        key = {"cube": lambda: f"cube-{action['row']}-{action['end']}", "roof": lambda: "roofs",
               "permit": lambda: f"permit-{action['size']}"}.get(piece, lambda: piece)()
    elif kind == "place":
        key = f"lot-{action['row']}-{action['lot']}"
        if page.locator(f".board button.target[data-key='{key}']").count() == 0:
            # lots narrower than a finger at this size: the row first, then its lot shown large (issue 14)
            press(page, page.locator(f".board button.target[data-key='row-{action['row']}']"))
            page.locator(f".board button.target[data-key='{key}']").wait_for()
    elif kind == "mayor":
        key = f"mayor-{action['row']}"
    elif kind in ("permit", "cancel"):
        key = f"{kind}-{action['row']}-{action['change']}"
    else:
        act = {"profits": lambda: "profits-take" if action["take"] else "profits-keep",
               "bid": lambda: f"bid-{action['amount']}"}.get(kind, lambda: kind)()
        press(page, page.locator(f"#nh-controls button[data-act='{act}']"))
        return
    press(page, page.locator(f".board button.target[data-key='{key}']"))


def human_policy(state, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A plain, always-legal player: keeps money, auctions the first piece, passes, sells, builds on the first lot."""
    kinds = {a["type"] for a in legal}
    if "profits" in kinds:
        return {"type": "profits", "take": False}
    if "pass" in kinds:
        return {"type": "pass"}
    if "sell" in kinds:
        return {"type": "sell"}
    placing = [a for a in legal if a["type"] in ("place", "mayor", "permit", "cancel")]
    return (placing or legal)[0]


def before_round_end(seed: int = 3) -> tuple[Match, dict]:
    """A two-round game against two computers, at the person's placement that ends round 1 (and that action)."""
    match = Match.new("neueheimat", 3, seed, [Seat()] + [Seat("computer", "weak") for _ in range(2)], rounds=2)
    rng = random.Random(seed)
    while True:
        action = rng.choice(match.spec.legal_actions(match.state))
        if match.current_player() == 0:
            after = Match.from_json(match.to_json())
            after.apply(action)
            if after.state.round_no == 2:
                return match, action
        match.apply(action)
        assert match.state.round_no == 1, "the computers ended the round: pick another seed"


def scored_houses(match: Match, action: dict) -> list[dict]:
    after = Match.from_json(match.to_json())
    after.apply(action)
    return [e for e in after.state.log if e["type"] == "house_score"]  # round 1's: the game is in round 2 now


def resume_seeded(context, site_url: str, match: Match, pause: int):
    """A page of ``context`` that resumes ``match`` from a seeded autosave (seeded once: a reload keeps its own)."""
    text = json.dumps(json.dumps(match.to_json()))
    page = context.new_page()
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
      localStorage.setItem("house-games.autosave", {text}); sessionStorage.setItem("seeded", "1"); }}""")
    page.goto(site_url + f"?pause={pause}")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    page.locator("#resume").click()
    page.locator("#undo").wait_for()
    settle(page)
    return page
