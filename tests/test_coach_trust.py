"""A coach you can trust (issue 25, item 2), over hundreds of random positions of each game.

Positions are reached by random legal play from varied seeds (fixed, so CI is reproducible), through a
:class:`~game.core.match.Match` as at the table. At each one the hint is asked as the table asks it
(``game.ui.coach_display.compute_hint`` with ``hint_seed``: a fixed budget, the pool's test budget
(``tests/coach_positions.ITERATIONS``), and a seed derived from the position):

* the hint is an action the screen offers, reached through what the screen draws: Barrio by tapping the targets of
  ``game.ui.barrio.table.paint`` (each tapped key drawn and enabled, the taps making the very action); Neue Heimat
  through the targets of ``game.ui.neueheimat.table.draw_table`` (with large and with small lots) and the panel's
  buttons (quick bids and the bid stepper: ``bid_steps``, ``stepper_start``); Nyhavn through its pure layout
  (docks selected as the screen selects them with ``take_choice``, the tile picked, turned with Flip and Rotate
  from the way it first shows, dropped on the grip cell with ``anchor_for`` and accepted by ``ghost_problem``). The
  Nyhavn screen builds its canvas targets and its bar of buttons in the browser-bound class, so the keys of a
  bar button (pay, end the turn, pass, an ability, Refresh) are checked against the actions that bar offers;
* every percentage it states lies in 0–100, in English, Spanish and French;
* the insight judges the position as the hint did: replayed from the game's record, a move other than the hint is
  either no mistake or a mistake against exactly the hinted move, and the hinted move itself is never a mistake;
* an insight over a whole game where one seat followed every hint lists nothing (hints and insight at the app's
  own budget: the defaults the table and the end screen use).
"""

from __future__ import annotations

from .coach_positions import GROUP, ITERATIONS, POSITIONS, TABLES, played_games
from .sizes import QUICK

import re
from typing import Any

import pytest

from game.core import coaching
from game.core.match import Match, Seat
from game.core.record import GameRecord, Replay
from game.nyhavn import text as nyhavn_text
from game.nyhavn.tiles import COLS, ROWS
from game.ui.barrio import hint_targets as barrio_hints
from game.ui.barrio.table import Pick, paint, tap
from game.ui.coach_display import compute_hint, hint_keys, hint_seed
from game.ui.neueheimat import hint_targets as nh_hints
from game.ui.neueheimat.table import Scene, bid_steps, draw_table, stepper_start
from game.ui.neueheimat.table import tap as neueheimat_tap
from game.ui.nyhavn.layout import (anchor_for, buildable_tiles, build_spots, ghost_problem, grip, layout, take_choice,
                                   turned)

LANGS = ("en", "es", "fr")
#: the file's tests on the worker that draws the coach's positions (tests/coach_positions.py), drawn once for every file
pytestmark = GROUP


@pytest.fixture(scope="module")
def played() -> dict[str, list[dict[str, Any]]]:
    """The random games of each game (``tests/coach_positions.py``), played once for every coach file."""
    return {game_id: played_games(game_id) for game_id in TABLES}


def positions(played: dict[str, list[dict[str, Any]]], game_id: str):
    for game in played[game_id]:
        for step, (state, seat, hint) in game["sampled"].items():
            yield game, step, state, seat, hint


def test_enough_positions_of_every_kind(played):
    for game_id in TABLES:
        found = list(positions(played, game_id))
        assert len(found) >= POSITIONS, game_id
        kinds = {h.action["type"] for *_, h in found}
        assert len(kinds) >= 3, (game_id, kinds)


# --------------------------------------------------------------------------- every hint is on the screen

def barrio_reached(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> None:
    """Tap the hint's keys on Barrio's painted table, as a player would: each is drawn and enabled, and they make ``action``."""
    keys = barrio_hints.hint_keys(view, legal, action)
    assert keys, f"no taps for {action}"
    names = [f"P{i + 1}" for i in range(max(2, view["players"]))]
    pick, outcome = Pick(), None
    for key in keys:
        frame = paint(view, legal, pick, "en", names, True)
        drawn = {t.key: t for t in frame.targets}
        assert key in drawn and drawn[key].enabled, f"{key} is not on the table for {action} (pick {pick})"
        outcome = tap(key, view, legal, pick, "en")
        assert outcome.message is None, outcome.message
    assert outcome is not None and outcome.action == action


def neueheimat_reached(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any], small: bool) -> None:
    """The hint's keys are Neue Heimat's drawn targets (lots large or small) or panel buttons, and make ``action``."""
    keys = nh_hints.hint_keys(view, legal, action)
    assert keys, f"no button for {action}"
    me = view["current"]
    scene = Scene(names=[f"P{i + 1}" for i in range(view["players"])], viewer=me, my_turn=True, legal=legal,
                  small_lots=small)
    made = None
    for key in keys:
        if key.startswith("act:"):
            made = panel_action(view, legal, key[4:], action)
            continue
        drawn = {t.key: t for t in draw_table(view, scene, False).targets}
        if key.startswith("row-") and key not in drawn:
            assert not small, "a small table shows the row first"
            continue  # the lots are large enough: tapped directly
        assert key in drawn and drawn[key].enabled, f"{key} is not on the table for {action}"
        if key.startswith("row-"):
            scene.zoom_row = int(key[4:])
            continue
        made = neueheimat_tap(key, scene).action
    assert made == action


def panel_action(view: dict[str, Any], legal: list[dict[str, Any]], key: str, hinted: dict[str, Any]) -> dict[str, Any]:
    """The action of the panel button ``data-act=key``, as ``NeueHeimatScreen._controls`` offers them (the stepper set to
    the hinted amount, as ``show_hint`` does)."""
    phase, me = view["phase"], view["current"]
    if phase == "profits" and key in ("profits-take", "profits-keep"):
        return {"type": "profits", "take": key == "profits-take"}
    if phase == "bid":
        high, money = view["high_bid"], view["money"][me]
        if key == "pass":
            return {"type": "pass"}
        if key == "bid-any":
            return {"type": "bid", "amount": stepper_start(high, money, hinted.get("amount"))}
        assert key.startswith("bid-") and int(key[4:]) in bid_steps(high, money), key
        return {"type": "bid", "amount": int(key[4:])}
    if phase == "resolve" and key in ("sell", "buy"):
        assert key == "sell" or view["money"][me] >= view["high_bid"], "Buy is disabled without the money"
        return {"type": key}
    if phase == "place" and key == "discard":
        assert {"type": "discard"} in legal
        return {"type": "discard"}
    raise AssertionError(f"no button {key} in phase {phase}")


def nyhavn_bar(view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The bar's buttons and their actions, as ``NyhavnScreen``'s bar offers them in each phase."""
    phase = view["phase"]
    if phase == "build":
        return {"end": {"type": "end_turn"}}
    if phase == "turn" and legal == [{"type": "pass"}]:
        return {"pass": {"type": "pass"}}
    if phase == "pay":
        return {f"pay-{i}": a for i, a in enumerate(legal)}
    if phase == "arms":
        return {("refresh" if a["choice"] == "refresh" else f"ability-{a['ability']}"): a
                for a in legal if a.get("choice") in ("ability", "refresh")}
    return {}


def nyhavn_reached(state: Any, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> None:
    """The hint's keys are Nyhavn's docks, stacks, cells, hand cards or bar buttons, and make ``action`` as the screen does."""
    keys = hint_keys("nyhavn", view, legal, action)
    assert keys, f"no mark for {action}"
    lay = layout("narrow", view["players"])
    kind = action["type"]
    if kind == "take":
        both = "both_actions" in action["abilities"]
        assert (keys[0] == "cmd:both") == both
        selected: list[int] = []
        for key in [k for k in (keys[1:] if both else keys) if k != "cmd:take"]:  # Take: where more docks could be added
            d = int(key[5:])
            assert key == f"dock-{d}" and 0 <= d < len(lay.docks) and view["docks"][d], key
            _, addable, _ = take_choice(legal, selected, both)  # the screen's dock tap
            selected = selected + [d] if d in addable else ([d] if take_choice(legal, [d], both)[1] else [])
        made, _, _ = take_choice(legal, selected, both)
        assert made == action, f"the docks make {made}, not {action}"
    elif kind == "build":
        tile = action["tile"]
        assert keys[0] == f"stack-{tile}" and view["stacks"].get(tile) and tile in buildable_tiles(legal)
        orient = sorted(build_spots(legal, tile))[0][0]  # how the screen first shows the picked tile
        assert orient == nyhavn_text.first_orientation(tile, legal)
        flipped, rotations = nyhavn_text.turns(tile, orient, action["orient"])
        if flipped:
            orient = turned(tile, orient, "flip")
        for _ in range(rotations):
            orient = turned(tile, orient, "rotate")
        assert orient == action["orient"]
        gx, gy = grip(tile, orient)
        cell = (action["col"] + gx, action["row"] + gy)  # tap the cell under the tile's grip
        assert 0 <= cell[0] < COLS and 0 <= cell[1] < ROWS
        anchor = anchor_for(tile, orient, *cell)
        assert anchor == (action["col"], action["row"])
        assert ghost_problem(state, legal, tile, orient, anchor, "en") is None  # Place is enabled
        # the marks: Flip and Rotate as the words say, the grip's cell, Place (tests/test_coach_follow_taps.py taps them)
        assert keys[1:] == ["cmd:flip"] * flipped + ["cmd:rotate"] * rotations + [f"cell-{cell[0]}-{cell[1]}", "cmd:place"]
    elif kind == "arms" and action["choice"] == "white":
        assert keys == [f"cell-{action['col']}-{action['row']}"] and action in legal
    elif kind == "discard":
        assert keys == [f"hand-{action['colour']}"] and view["hand"][action["colour"]] > 0
    else:
        bar = nyhavn_bar(view, legal)
        assert len(keys) == 1 and keys[0].startswith("cmd:") and bar.get(keys[0][4:]) == action, (keys, bar)


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_hint_is_an_action_the_screen_offers(played, game_id):
    for n, (game, _step, state, seat, hint) in enumerate(positions(played, game_id)):
        spec = game["match"].spec
        view, legal = spec.view(state, seat), spec.legal_actions(state)
        assert hint.action in legal
        if game_id == "barrio":
            barrio_reached(view, legal, hint.action)
        elif game_id == "neueheimat":
            neueheimat_reached(view, legal, hint.action, small=n % 2 == 0)
        else:
            nyhavn_reached(state, view, legal, hint.action)


def test_a_bid_no_quick_button_offers_is_on_the_stepper():
    """The case of the issue: a bid of 4 while the quick buttons are 1/2/3/5 and All in."""
    from game.ui.neueheimat.table import bid_offered, stepper_amounts
    view = {"phase": "bid", "current": 0, "money": [9, 9, 9], "high_bid": 0}
    assert bid_steps(0, 9) == [1, 2, 3, 5, 9]
    assert bid_offered(view, 4) == "stepper" and bid_offered(view, 5) == "quick" and bid_offered(view, 10) is None
    assert stepper_amounts(0, 9) == list(range(1, 10))
    assert stepper_start(0, 9) == 4 and stepper_start(0, 9, wanted=7) == 7 and stepper_start(0, 9, wanted=12) == 4
    assert nh_hints.hint_keys(view, [], {"type": "bid", "amount": 4}) == ["act:bid-any"]
    assert nh_hints.hint_keys(view, [], {"type": "bid", "amount": 3}) == ["act:bid-3"]
    # every amount is a quick button: no stepper
    assert stepper_amounts(3, 5) == [] and stepper_start(3, 5) is None


# --------------------------------------------------------------------------- honest percentages

PERCENT = re.compile(r"(-?\d+(?:[.,]\d+)?)\s?%")


def percentages(line: str) -> list[float]:
    return [float(m.replace(",", ".")) for m in PERCENT.findall(line)]


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_percentage_is_a_probability(played, game_id):
    said = 0
    for *_, hint in positions(played, game_id):
        for lang in LANGS:
            line = hint.text(lang)
            assert "{" not in line and "coach." not in line, line
            for value in percentages(line):
                assert 0 <= value <= 100, line
                said += 1
        for reason in hint.why:
            if reason.key == "coach.search_chance":
                assert 0 <= reason.params["other"] < reason.params["chance"] <= 100, reason
    if game_id == "barrio":  # Barrio's hints state winning chances: some were checked (at least 5 hints' worth, in
        # every language; a chance is stated only where other seeds agree, so their number moves with the deals)
        assert said >= 5 * len(LANGS), said


# --------------------------------------------------------------------------- the hint and the insight agree

@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_insight_judges_each_position_as_the_hint_did(played, game_id):
    """Replayed from the record, the position the hint was asked on gets the same judgement: the random move played
    there is no mistake or one against the hinted move, and the hinted move is never one (judged at the budget the
    pool's hints were asked at)."""
    mistakes = checked = 0
    budget = ITERATIONS.get(game_id)
    for game in played[game_id]:
        record = game["record"]
        replay = Replay(record)
        spec = replay.spec
        for step, (state, seat, hint) in game["sampled"].items():
            replayed = replay.state_at(step - 1)
            assert spec.view(replayed, seat) == spec.view(state, seat)
            played_move = record.actions[step - 1]
            checked += 1
            if checked % 8 == 0:  # a share of the positions searched afresh, not taken from the hint's search
                coaching.forget_judgements(spec.view(replayed, seat), seat)
            moment = coaching.assess(spec, replayed, seat, played_move, budget)
            if played_move == hint.action:
                assert moment is None
            elif moment is not None:
                mistakes += 1
                assert moment.suggested == hint.action, (step, moment.suggested, hint.action)
                assert moment.loss >= coaching.MIN_LOSS[moment.unit]
                if moment.unit == "chance":
                    assert 0 < moment.loss <= 100
                for lang in LANGS:
                    line = moment.text(lang)
                    assert moment.chosen_what.text(lang) != moment.suggested_what.text(lang), line
                    assert all(0 <= v <= 100 for v in percentages(line)), line
            if checked % 8 == 1:  # the hinted move itself, on a share of the positions
                assert coaching.assess(spec, replayed, seat, hint.action, budget) is None
    assert checked >= POSITIONS and mistakes > 0, (checked, mistakes)


def follow_the_hints(game_id: str, players: int, seed: int, options: dict[str, Any], budget: int | None = None) -> GameRecord:
    """A whole game: seat 0 takes every hint as the table gives it (at ``budget``; None: the table's default), the
    others play the weak player."""
    match = Match.new(game_id, players, seed, [Seat("human")] + [Seat("computer", "weak") for _ in range(players - 1)],
                      **options)
    spec = match.spec
    weak = [spec.make_bot("weak", seed + i) for i in range(players)]
    while not spec.is_over(match.state):
        state = match.state
        seat = spec.current_player(state)
        legal = spec.legal_actions(state)
        if seat == 0 and len(legal) > 1:
            match.count_hint(0)
            match.apply(compute_hint(spec, state, 0, hint_seed(match, 0), budget).action)
        else:
            match.apply(weak[seat].choose(spec.view(state, seat), legal))
    return GameRecord.from_match(match)


@pytest.mark.parametrize("game_id,players,seed,options", [
    ("barrio", 2, 41, {}),
    ("nyhavn", 2, 42, {}),
    ("neueheimat", 3, 43, {}),
])
def test_a_game_played_by_every_hint_has_no_mistakes(game_id, players, seed, options):
    # at the app's own budgets; the quick loop (tests/sizes.py) at the pool's test budget, the same code at a third of
    # the work
    budget = ITERATIONS.get(game_id) if QUICK else None
    record = follow_the_hints(game_id, players, seed, options, budget)
    assert record.hints and record.hints[0] > 10
    assert coaching.insight(record, 0, iterations=budget) == []
