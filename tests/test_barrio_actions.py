"""Barrio's one action contract: what ``legal_actions`` lists and what ``apply_action`` accepts are one rule.

Every action module of ``game/barrio/actions/`` has ``options(state, seat)``,
``refusal(state, action)`` and ``do(state, action)``; ``rules.RULES`` says which
types each phase allows, and the shared ``game.core.actions.Rules`` asks the
refusal before the effect. At every step of seeded random games (solo at each
level and 2-4 players) this file checks, for the legal actions and for near
misses (a legal action with one field changed, dropped or added; a legal
action relabelled as another type; actions legal at other moments, of types
the phase may not allow):

* an action is listed exactly when its refusal is ``None``, for the whole game
  (``rules.refusal``) and for its own module (``options`` against ``refusal``),
  the action read as the engine reads it (``RULES.read``: a build without
  ``use`` uses no double, cards come in any order);
* ``apply_action`` raises exactly when the refusal says so, with its key and
  parameters, and leaves the state alone; what it accepts it applies as the
  listed action;
* a type the phase does not allow is refused with its reason, and its module
  lists nothing.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import game.barrio as B
from game.barrio import rules
from game.barrio.rules import ACTIONS, DECISIONS, PHASE_ACTIONS, RULES, apply_unchecked
from game.core import IllegalAction, MalformedAction, Rng

from .sizes import soak

CONFIGS = [(1, {"level": "A"}), (1, {"level": "B"}), (1, {"level": "C"}), (2, {}), (3, {}), (4, {})]
#: words an action's text fields take somewhere in Barrio: a changed text field becomes one of the others
WORDS = ("warehouse", "house_market", "material_deck", "house_deck", "row", "col", "left", "right", "new", "join",
         "wood", "stone", "nowhere")


def _changed(value: Any, rng: Rng) -> list[Any]:
    """Values near ``value`` (same JSON type, or a list/dict with one part changed): a near miss, never a float
    or a bool, whose ``==`` would equal a listed whole number."""
    if isinstance(value, int):
        return [value + 1, value - 1, value + 7, -1]
    if isinstance(value, str):
        return [w for w in WORDS if w != value][rng.randrange(len(WORDS) - 1):][:2] + [value + "x"]
    if isinstance(value, list):
        out: list[Any] = [value[:-1], value[1:], value + value[-1:], list(reversed(value)), value + [54]]
        if value:
            i = rng.randrange(len(value))
            out += [value[:i] + [v] + value[i + 1:] for v in _changed(value[i], rng)[:2]]
        return out
    if isinstance(value, dict):
        out = [{}, {**value, "extra": 1}]
        for k, v in value.items():
            out.append({q: w for q, w in value.items() if q != k})
            out += [{**value, k: w} for w in _changed(v, rng)[:2]]
        return out
    return [None]


def near_misses(a: dict[str, Any], rng: Rng) -> list[dict[str, Any]]:
    """``a`` with one field changed, dropped or added, and relabelled as each other type."""
    out: list[dict[str, Any]] = [{**a, "extra": 0}]
    for key, value in a.items():
        if key == "type":
            out += [{**a, "type": kind} for kind in ACTIONS if kind != value]
            continue
        out.append({k: v for k, v in a.items() if k != key})
        out += [{**a, key: v} for v in _changed(value, rng)]
    return out


def outcome(s: B.State, a: dict[str, Any]) -> tuple[str, Any] | None:
    """``rules.refusal``'s answer: ``None`` (legal), a refusal, or ``("malformed", key)`` when it raises."""
    try:
        return rules.refusal(s, a)
    except MalformedAction as exc:
        return "malformed", exc.key


def check_position(s: B.State, legal: list[dict[str, Any]], candidates: list[dict[str, Any]], seen: dict[str, int]) -> None:
    seat = B.SPEC.current_player(s)
    assert seat is not None
    allowed = PHASE_ACTIONS[s.phase]
    # each module lists its own actions in a phase that allows its type, nothing in one that does not; the
    # legal list is the allowed types' options in the table's order (``pass`` only when nothing else is)
    by_type = {kind: ACTIONS[kind].options(s, seat) for kind in ACTIONS}
    for kind, opts in by_type.items():
        assert all(o["type"] == kind for o in opts)
        if kind not in allowed:
            assert opts == [], (kind, s.phase)
    listed = [o for kind in allowed if kind != "pass" for o in by_type[kind]]
    assert legal == (listed or by_type["pass"]), s.phase
    for a in legal:
        assert rules.refusal(s, a) is None, (a, s.phase)
        assert ACTIONS[a["type"]].refusal(s, RULES.read(a)) is None, (a, s.phase)
    before = json.dumps(B.SPEC.to_json(s), sort_keys=True)
    for a in candidates:
        why = outcome(s, a)
        try:
            spelled = RULES.read(a)  # as the engine reads it: a build without ``use``, cards in any order
        except MalformedAction:
            assert why is not None and why[0] == "malformed", (a, why)
            spelled = None
        assert (spelled in legal) == (why is None), (a, why, s.phase)
        kind = a["type"]
        if spelled is not None and kind in allowed and (why is None or why[0] != "malformed"):
            # the module's own options and refusal agree too
            assert (spelled in by_type[kind]) == (ACTIONS[kind].refusal(s, spelled) is None), (a, s.phase)
        if kind not in allowed and why is not None and why[0] != "malformed":  # a field read first may be malformed
            want = (f"barrio.first_{s.phase}", {}) if s.phase in DECISIONS else ACTIONS[kind].wrong_phase(s)
            assert why == want, (a, why, s.phase)
            seen["wrong_phase"] += 1
        try:
            after = B.SPEC.apply_action(s, copy.deepcopy(a))
        except MalformedAction as exc:
            assert why == ("malformed", exc.key), (a, why, exc.key)
            seen["malformed"] += 1
        except IllegalAction as exc:
            assert why == (exc.key, exc.params), (a, why, exc.key, exc.params)
            seen["refused"] += 1
        else:
            assert why is None, (a, why)
            # accepted: exactly as the listed action it equals is applied
            assert after == apply_unchecked(s, legal[legal.index(spelled)])
            seen["accepted"] += 1
        assert json.dumps(B.SPEC.to_json(s), sort_keys=True) == before, (a, "changed the state")


def play_and_check(s: B.State, rng: Rng, seen: dict[str, int]) -> None:
    """Play one random game from ``s``, checking its positions; then the finished game refuses everything."""
    pool: list[dict[str, Any]] = []  # actions legal earlier in the game: other phases, other seats
    step = 0
    while not B.SPEC.is_over(s):
        legal = B.SPEC.legal_actions(s)
        step += 1
        if step % s.players:  # every position of a solo game, one in ``players`` of the others (turns vary)
            s = B.SPEC.apply_action(s, legal[rng.randrange(len(legal))])
            continue
        picks = [legal[0], legal[-1], legal[rng.randrange(len(legal))]]
        candidates: list[dict[str, Any]] = []
        for a in picks:
            misses = near_misses(a, rng)
            candidates += [misses[rng.randrange(len(misses))] for _ in range(4)]
        candidates += picks + [pool[rng.randrange(len(pool))] for _ in range(4) if pool]
        check_position(s, legal, candidates, seen)
        seen["positions"] += 1
        a = legal[rng.randrange(len(legal))]
        if len(pool) < 80:
            pool.append(a)
        else:
            pool[rng.randrange(80)] = a
        s = B.SPEC.apply_action(s, a)
    assert B.SPEC.legal_actions(s) == []
    for a in pool[:10]:
        assert rules.refusal(s, a) == ("barrio.game_over", {})
        with pytest.raises(IllegalAction) as exc:
            B.SPEC.apply_action(s, a)
        assert exc.value.key == "barrio.game_over"


@pytest.mark.parametrize("players, options", CONFIGS, ids=["solo-A", "solo-B", "solo-C", "2p", "3p", "4p"])
def test_listing_and_refusing_are_one_rule_in_random_games(players, options):
    rng = Rng(4100 + players + len(options.get("level", "")) * ord(options.get("level", "A")), stream=3)
    seen = {"accepted": 0, "refused": 0, "malformed": 0, "wrong_phase": 0, "positions": 0}
    while seen["positions"] < soak(100, 40):  # whole games, as many as give that many positions (a solo game has about 60)
        play_and_check(B.SPEC.new_game(players, rng.next_u32(), **options), rng, seen)
    assert seen["accepted"] > 100 and seen["refused"] > 200, seen
    assert seen["wrong_phase"] > 20 and seen["malformed"] > 10, seen


def test_whole_numbers_spelled_another_way_are_the_listed_action():
    """``67.0 == 67`` and ``True == 1``: the listed action they equal is legal, and applying it gives the same
    state as the listed spelling (the ids go into the state as ints); a placement's fields must be ints, as
    they always had to be."""
    rng = Rng(21)
    for players in (1, 2):
        s = B.SPEC.new_game(players, 21)
        kinds = set()
        while not B.SPEC.is_over(s):
            legal = B.SPEC.legal_actions(s)
            a = legal[rng.randrange(len(legal))]
            numbers = [k for k, v in a.items() if type(v) is int]
            if numbers:
                kinds.add(a["type"])
                odd = {**a, **{k: float(a[k]) for k in numbers}}
                if a["type"] == "place":
                    with pytest.raises(MalformedAction):
                        B.SPEC.apply_action(s, odd)
                else:
                    assert rules.refusal(s, odd) is None and rules.refusal(s, {**odd, numbers[0]: True}) in (
                        None, rules.refusal(s, {**a, numbers[0]: 1}))
                    after, listed = B.SPEC.apply_action(s, odd), B.SPEC.apply_action(s, a)
                    assert json.dumps(B.SPEC.to_json(after)) == json.dumps(B.SPEC.to_json(listed))
            s = B.SPEC.apply_action(s, a)
        assert {"place", "draw"} <= kinds


def test_unknown_types_and_shapes_are_malformed_with_a_reason():
    s = B.SPEC.new_game(3, 5)
    with pytest.raises(MalformedAction) as exc:
        B.SPEC.apply_action(s, {"type": "teleport"})
    assert (exc.value.key, exc.value.params) == ("barrio.unknown_action", {"action": "teleport"})
    for shape in (None, [], "draw", {}, {"type": 3}):
        with pytest.raises(MalformedAction):
            B.SPEC.apply_action(s, shape)


def test_pass_is_legal_exactly_when_nothing_else_is():
    """``pass`` is every phase's fallback: listed only when the other types offer nothing, refused otherwise."""
    s = B.SPEC.new_game(2, 8)
    assert {"type": "pass"} not in B.SPEC.legal_actions(s)
    assert rules.refusal(s, {"type": "pass"}) == ("barrio.pass_not_allowed", {})
    assert all(kinds[-1] == "pass" for kinds in PHASE_ACTIONS.values()) and RULES.fallback == "pass"
