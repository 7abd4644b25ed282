"""Neue Heimat's action contract: what is listed and what is accepted come from one predicate.

Random seeded games of every player count; at every position, every well-formed
action of every type (every lot of every row, every bid amount, every display
end, every permit change…), the legal actions with one field changed, other
types and shapes. For each: it is listed by ``legal_actions`` exactly when
``refusal`` finds nothing wrong, and ``apply_action`` raises exactly when
``refusal`` says so, with the same key and parameters. Each action type's own
``options`` and ``refusal`` agree the same way in the phases that allow it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game import neueheimat as nh
from game.core import IllegalAction, MalformedAction, Rng
from game.core.actions import Refusal
from game.neueheimat.rules import RULES
from game.neueheimat.state import DISPLAY_ROWS, LOTS, ROWS

GAMES_PER_PLAYER_COUNT = 2


def frozen(action: dict[str, Any]) -> tuple[tuple[str, type, Any], ...]:
    """An action compared with its values' types: ``{"amount": 3.0}`` is not the legal ``{"amount": 3}``."""
    return tuple(sorted((k, type(v), v) for k, v in action.items()))


def every_action(state: nh.State) -> list[dict[str, Any]]:
    """Every well-formed action of every type, legal now or not."""
    top = max(state.money) + 2
    acts: list[dict[str, Any]] = [{"type": "profits", "take": t} for t in (True, False)]
    acts += [{"type": "auction", "piece": "cube", "row": d, "end": e} for d in range(DISPLAY_ROWS) for e in ("left", "right")]
    acts += [{"type": "auction", "piece": p} for p in ("roof", "mayor", "cancel")]
    acts += [{"type": "auction", "piece": "permit", "size": k} for k in (1, 2, 3)]
    acts += [{"type": "bid", "amount": k} for k in range(0, top)]
    acts += [{"type": t} for t in ("pass", "sell", "buy", "discard")]
    acts += [{"type": "place", "row": r, "lot": i} for r in range(ROWS) for i in range(LOTS)]
    acts += [{"type": "mayor", "row": r} for r in range(ROWS)]
    acts += [{"type": t, "row": r, "change": c} for t in ("permit", "cancel") for r in range(ROWS)
             for c in (-3, -2, -1, 1, 2, 3)]
    return acts


def near_misses(action: dict[str, Any]) -> list[Any]:
    """A legal action with one field changed, dropped or mistyped, or under another type."""
    out: list[Any] = []
    for key, value in action.items():
        if key == "type":
            out += [{**action, "type": other} for other in RULES.actions if other != value]
            out += [{**action, "type": value + "_"}, {k: v for k, v in action.items() if k != "type"}]
            continue
        out.append({k: v for k, v in action.items() if k != key})
        if isinstance(value, bool):
            changed: list[Any] = [not value, 0, "yes", None]
        elif isinstance(value, int):
            changed = [value + 1, value - 1, -value - 1, value + 7, str(value), float(value), True]
        else:
            changed = ["left" if value == "right" else "right", "cube" if value != "cube" else "roof", value + "x", 3, None]
        out += [{**action, key: v} for v in changed]
    return out


def judged(refusal: Any, state: nh.State, action: Any) -> Refusal | str | None:
    """``refusal(state, action)``, with a malformed action as ``"malformed:<key>"``."""
    try:
        return refusal(state, action)
    except MalformedAction as exc:
        return f"malformed:{exc.key}"


def applied(state: nh.State, action: Any) -> Refusal | str | None:
    """What ``apply_action`` did: ``None`` when it accepted, else the refusal it raised, in :func:`judged`'s terms."""
    try:
        nh.SPEC.apply_action(state, action)
    except MalformedAction as exc:
        return f"malformed:{exc.key}"
    except IllegalAction as exc:
        return exc.key, exc.params
    return None


def positions(players: int, seed: int):
    """Every position of a random seeded game (rounds 1–3), the end included."""
    rng = Rng(seed, stream=35)
    state = nh.SPEC.new_game(players, seed, rounds=1 + seed % 3)
    yield state
    while not nh.SPEC.is_over(state):
        legal = nh.SPEC.legal_actions(state)
        state = nh.SPEC.apply_action(state, legal[rng.randrange(len(legal))])
        yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_listed_exactly_when_not_refused_and_applied_exactly_when_not_refused(players):
    seen_refusals: set[str] = set()
    seen_accepted: set[str] = set()
    rng = Rng(players, stream=36)
    for seed in range(GAMES_PER_PLAYER_COUNT):
        for state in positions(players, 100 * players + seed):
            legal = nh.SPEC.legal_actions(state)
            listed = {frozen(a) for a in legal}
            assert len(listed) == len(legal), "an action is listed twice"
            before = json.dumps(nh.SPEC.to_json(state), sort_keys=True)
            candidates: list[Any] = every_action(state) + [None, "pass", {"type": 7}, {"type": "no-such-action"}]
            for a in legal:
                assert RULES.refusal(state, a) is None, (state, a)
            # near misses of the first, the last and one more legal action (a list of bids or lots is long)
            for a in legal[:1] + legal[-1:] + legal[1 + rng.randrange(len(legal)):][:1] if legal else []:
                candidates += near_misses(a)
            for a in candidates:
                why = judged(RULES.refusal, state, a)
                assert (isinstance(a, dict) and frozen(a) in listed) == (why is None), (state, a, why)
                assert applied(state, a) == why, (state, a, why)
                if why is None:
                    seen_accepted.add(a["type"])
                else:
                    seen_refusals.add(why if isinstance(why, str) else why[0])
            assert json.dumps(nh.SPEC.to_json(state), sort_keys=True) == before, "judging or refusing an action changed the state"
    # the positions reached every decision and the candidates every kind of refusal
    assert seen_accepted == set(RULES.actions), set(RULES.actions) - seen_accepted
    for key in ("neueheimat.wrong_time_bid", "neueheimat.no_gaps", "neueheimat.stack_more_pips", "neueheimat.row_full",
                "neueheimat.bid_over_money", "neueheimat.length_range", "neueheimat.must_place", "neueheimat.game_over",
                "neueheimat.one_cube_left_end", "malformed:neueheimat.not_an_action", "malformed:neueheimat.unknown_action",
                "malformed:neueheimat.needs_number"):
        assert key in seen_refusals, key


@pytest.mark.parametrize("players", [2, 5])
def test_each_action_types_options_agree_with_its_refusal(players):
    for seed in range(2):
        for state in positions(players, 7 * players + seed):
            seat = nh.SPEC.current_player(state)
            if seat is None:
                continue
            kinds = RULES.phases[state.phase]
            for kind in kinds:
                rule = RULES.actions[kind]
                offered = rule.options(state, seat)
                assert all(a["type"] == kind for a in offered)
                mine = {frozen(a) for a in offered}
                for a in every_action(state):
                    if a["type"] == kind:
                        assert (frozen(a) in mine) == (judged(rule.refusal, state, a) is None), (state, a)
            # the listing is the phase's types in the table's order, each type's options in its own order
            assert nh.SPEC.legal_actions(state) == [a for kind in kinds for a in RULES.actions[kind].options(state, seat)]
