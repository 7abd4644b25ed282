"""The Hint control on each game's table: the coach's suggestion is its player's choice on the player's view
(same seed, same fixed budget, computed here under CPython), marked on the table (its first step strongest), with its
reason in the note, and counted in the autosave; the page and the worker answer taps while the hint is computed (a
Menu tapped then drops it)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from game.core import Match, Seat, coaching
from game.ui.coach_display import hint_seed

from .conftest import resume_match

#: the hint's fixed budget in these tests (?hint_iterations=N)
ITERATIONS = 6


def position(game_id: str, players: int, seed: int, steps: int, want: str | None = None) -> Match:
    """A match with the human in seat 0 and strong computers elsewhere, played by weak players until, after at least
    ``steps`` actions, the human has a choice (of type ``want`` when given)."""
    seats = [Seat("human")] + [Seat("computer", "strong") for _ in range(players - 1)]
    match = Match.new(game_id, players, seed, seats)
    spec = match.spec
    bots = [spec.make_bot("weak", seed + i) for i in range(players)]
    while True:
        state = match.state
        assert not spec.is_over(state), "no such position in this game"
        p = spec.current_player(state)
        legal = spec.legal_actions(state)
        if (len(match.entries) >= steps and p == 0 and len(legal) > 1
                and (want is None or any(a["type"] == want for a in legal))):
            return match
        match.apply(bots[p].choose(spec.view(state, p), legal))


def open_position(page: Any, open_app: Any, match: Match, query: str) -> None:
    resume_match(page, open_app, match, query)
    page.locator("#hint").wait_for()
    page.wait_for_function("!document.querySelector('#hint').disabled", timeout=30_000)


def outline(page: Any, selector: str) -> str:
    return page.locator(selector).first.evaluate("b => getComputedStyle(b).outlineStyle")


CASES = [
    # game, players, seed, steps, wanted action type, the table's key of the hint's first step
    ("nyhavn", 2, 3, 6, None),
    ("neueheimat", 3, 2, 4, None),
    ("barrio", 2, 4, 8, "place"),
]


def first_key(game_id: str, view: dict[str, Any], hint: coaching.Hint) -> str:
    """Where a player taps first to make the hint's action, from the table's own naming of its buttons."""
    action, step = hint.action, hint.first_step
    if game_id == "nyhavn":
        return {"dock": lambda: f"dock-{step['dock']}", "tile": lambda: f"stack-{step['tile']}"}[step["type"]]() if step else (
            f"hand-{action['colour']}" if action["type"] == "discard" else f"cell-{action.get('col')}-{action.get('row')}")
    if game_id == "barrio":
        if action["type"] == "discard_houses":  # the table's discard mode first, then the cards
            return "discard-mode"
        if step and step["type"] == "card":
            return f"hand-{step['card']}"
        if action["type"] == "draw":
            src = action["source"]
            return {"warehouse": lambda: f"wh-{view['warehouse'].index(action['card'])}",
                    "house_market": lambda: f"hm-{view['house_market'].index(action['card'])}",
                    "material_deck": lambda: "deck-m", "house_deck": lambda: "deck-h"}[src]()
        return f"hand-{step['house']}"
    from game.ui.neueheimat.hint_targets import hint_keys  # one tap each; checked below by tapping it
    return hint_keys(view, [], action)[0]


@pytest.mark.parametrize("game_id, players, seed, steps, want", CASES, ids=[c[0] for c in CASES])
def test_the_hint_is_the_strong_players_choice_marked_on_the_table(page, open_app, game_id, players, seed, steps, want):
    match = position(game_id, players, seed, steps, want)
    spec = match.spec
    open_position(page, open_app, match, f"?pause=0&hint_iterations={ITERATIONS}")
    page.locator("#hint").tap()
    page.wait_for_function("window.houseGamesLastHint", timeout=60_000)
    shown = page.evaluate("window.houseGamesLastHint")
    # the same question asked under CPython: the player's view only, the same seed and budget
    view = spec.view(match.state, 0)
    expected = coaching.hint(spec, view, 0, hint_seed(match, 0), ITERATIONS, spec.legal_actions(match.state))
    assert shown["seed"] == hint_seed(match, 0) and shown["iterations"] == ITERATIONS
    assert shown["hint"]["action"] == expected.action
    assert shown["hint"]["first_step"] == expected.first_step
    # the note says what and why, as the coach words it
    note = page.locator("#hint-note")
    assert note.is_visible()
    assert expected.text("en") in note.inner_text()
    # the first step is marked on the table (the table's own button for it)
    key = first_key(game_id, view, expected)
    assert shown["keys"][0] == key
    selector = f'[data-act="{key[4:]}"]' if key.startswith("act:") else f'.board .target[data-key="{key}"]'
    assert page.locator(selector).count() == 1, f"no button {selector} on the table"
    assert outline(page, selector) == "solid"
    # counted in the autosave
    assert shown["used"] == 1
    # the autosave is written just after the note is drawn: wait for it rather than read it at once
    page.wait_for_function("() => { const s = houseGames.autosave(); return s && JSON.parse(s).hints[0] === 1; }",
                           timeout=10_000)
    # making a move takes the hint off the table
    if game_id == "neueheimat":
        page.locator(selector).tap()
        page.wait_for_function("JSON.parse(houseGames.autosave()).actions.length > %d" % len(match.entries))
        save = json.loads(page.evaluate("houseGames.autosave()"))
        assert save["actions"][len(match.entries)]["action"] == expected.action  # tapping the mark makes the suggested move
        page.wait_for_function("document.querySelector('#hint-note').hidden")


def tap_now(locator) -> None:
    """Tap without waiting for the worker's answer (the fixtures' taps wait for it: here it is busy on purpose)."""
    tap = type(locator).tap
    getattr(tap, "__wrapped__", tap)(locator)


def test_the_page_answers_a_tap_while_a_hint_is_computed(page, open_app):
    match = position("nyhavn", 2, 3, 6)
    open_position(page, open_app, match, "?pause=0&hint_iterations=150")  # a long search: the worker is busy for seconds (about 6 here)
    tap_now(page.locator("#hint"))
    mark = page.locator("#thinking-mark")
    mark.wait_for(state="visible", timeout=30_000)
    rules = page.locator("#nyhavn-rules")
    t0 = time.perf_counter()
    was_open = rules.evaluate("d => d.open")
    tap_now(page.locator("#nyhavn-rules > summary"))
    assert rules.evaluate("d => d.open") != was_open
    assert mark.is_visible(), "the hint was done before the tap was answered: the test proves nothing"
    assert time.perf_counter() - t0 < 2.0
    page.wait_for_function("window.houseGamesLastHint", timeout=120_000)
    assert not mark.is_visible()


def test_menu_tapped_while_a_hint_is_computed_is_answered_and_drops_the_hint(page, open_app):
    """The coach's search runs in slices of the worker's time: Menu, tapped while a long hint is worked out, shows the
    start screen at once, the mark gone; the hint is dropped, neither shown nor counted in the saved game."""
    match = position("nyhavn", 2, 3, 6)
    open_position(page, open_app, match, "?pause=0&hint_iterations=150")  # a long search, as above
    tap_now(page.locator("#hint"))
    mark = page.locator("#thinking-mark")
    mark.wait_for(state="visible", timeout=30_000)
    tap_now(page.locator("#menu"))
    page.locator("#start-game").wait_for(state="visible", timeout=30_000)
    assert mark.is_hidden() and page.evaluate("window.houseGamesLastHint") is None
    saved = json.loads(page.evaluate("houseGames.autosave()"))
    assert saved["hints"][0] == 0 and len(saved["actions"]) == len(match.entries)
