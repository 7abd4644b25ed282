"""Nyhavn's action contract: listing and refusing come from one predicate, and apply asks refusal.

Over positions of seeded random games (2, 3 and 4 players):

* every legal action is let through by its refusal, is among its module's
  ``options``, and applies;
* for near misses (a legal action with one field changed, actions legal at other
  moments, actions of every type the phase does not allow, malformed ones) an
  action (as the engine spells it, ``RULES.read``) is legal exactly when its
  refusal is ``None``, and ``apply_action`` raises exactly that refusal
  (``MalformedAction`` exactly when refusal finds the action unreadable) and
  leaves the state as it was;
* exhaustively, at sampled positions, for the types the phase allows: every tile at every orientation and
  anchor, every set of docks with every set of abilities, every coat-of-arms
  choice, every payment of up to 5 cards: legal exactly when not refused;
* a module lists nothing in a phase that does not allow its type.
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any

import pytest

from game.core import IllegalAction, MalformedAction, Rng
from game.nyhavn import rules
from game.nyhavn.actions import PHASE_ACTIONS
from game.nyhavn.bots import weak_choice
from game.nyhavn.state import DOCKS, State, new_game
from game.nyhavn.tiles import ABILITIES, COLOURS, COLS, KIND_SHAPE, KINDS, ROWS, SHAPE_ORIENTATIONS

from .sizes import QUICK

RULES = rules.RULES
TYPES = tuple(RULES.actions)
#: seeds per player count; each game's positions are all checked with near misses. The quick loop (tests/sizes.py)
#: plays one game each, on a seed whose games reach every phase at 2, 3 and 4 players (the test's own check)
SEEDS = (5,) if QUICK else (1, 2, 3)
#: every how many steps a position is also checked exhaustively (and every position in the rarer phases build, pay)
EXHAUSTIVE_EVERY = 15


def outcome(state: State, action: Any) -> tuple[str, str | None, dict[str, Any] | None]:
    """What the refusal says: ``("legal", None, None)``, ``("illegal", key, params)`` or ``("malformed", key, params)``."""
    try:
        why = RULES.refusal(state, action)
    except MalformedAction as exc:
        return "malformed", exc.key, exc.params
    return ("legal", None, None) if why is None else ("illegal", why[0], why[1])


def applied(state: State, action: Any) -> tuple[str, str | None, dict[str, Any] | None]:
    """What ``apply_action`` does, in the same words."""
    try:
        rules.apply_action(state, action)
    except MalformedAction as exc:
        return "malformed", exc.key, exc.params
    except IllegalAction as exc:
        return "illegal", exc.key, exc.params
    return "legal", None, None


def spelled(action: Any) -> Any:
    """The action as the engine reads it (``None`` when it cannot be read)."""
    try:
        return RULES.read(action)
    except MalformedAction:
        return None


def frozen(action: Any) -> str:
    """An action as JSON text: ``3.0`` and ``True`` are not ``3`` and ``1`` here, as in the JSON the page sends."""
    return json.dumps(action, sort_keys=True)


def check_agrees(state: State, legal: set[str], action: Any, apply: bool = True) -> str:
    """Listed (``legal``: the frozen legal actions) exactly when not refused; apply raises exactly the refusal.
    Returns the verdict."""
    verdict = outcome(state, action)
    read = spelled(action)
    if read is None:
        assert verdict[0] == "malformed", (action, verdict)
    assert (frozen(read) in legal) == (verdict[0] == "legal"), (state, action, read, verdict)
    if apply:
        before = state.copy()
        assert applied(state, action) == verdict, (state, action)
        assert state == before, f"trying {action!r} changed the state"
    return verdict[0]


def sample(rng: Rng, items: list[Any], k: int) -> list[Any]:
    """``k`` items (or all there are) in a seeded random order."""
    items = list(items)
    rng.shuffle(items)
    return items[:k]


def near_misses(action: dict[str, Any], legal_elsewhere: list[dict[str, Any]], rng: Rng) -> list[Any]:
    """A legal action with one field changed (near values, other names, dropped or added fields)."""
    out: list[Any] = [{**action, "extra": 1}]
    for key, value in action.items():
        if key == "type":
            out += [{**action, "type": t} for t in TYPES if t != value] + [{**action, "type": value + "_"}]
            continue
        out.append({k: v for k, v in action.items() if k != key})
        if isinstance(value, bool):
            out += [{**action, key: not value}, {**action, key: int(value)}]
        elif isinstance(value, int):
            out += [{**action, key: v} for v in (value - 1, value + 1, -1, 99, float(value), str(value), True)]
        elif isinstance(value, str):
            names = {"tile": KINDS, "colour": COLOURS, "ability": ABILITIES, "choice": ("white", "ability", "refresh")}
            others = [n for n in names.get(key, ()) if n != value]
            out += [{**action, key: n} for n in sample(rng, others, 3)] + [{**action, key: value + "x"}]
        elif key == "docks":
            out += [{**action, key: v} for v in (value[:-1], value + [value[-1]], value[::-1], [d + 1 for d in value],
                                                 value + [(value[-1] + 2) % DOCKS], [str(d) for d in value], "0,1")]
        elif key == "abilities":
            out += [{**action, key: value + [u]} for u in ABILITIES] + [{**action, key: value[1:]}, {**action, key: [3]}]
        elif key == "cards":
            for colour in COLOURS:
                n = value.get(colour, 0)
                out += [{**action, key: {**value, colour: n + 1}}, {**action, key: {**value, colour: n - 1}}]
            out += [{**action, key: {}}, {**action, key: {**value, "gold": 1}}, {**action, key: [value]}]
    out += [dict(a) for a in sample(rng, legal_elsewhere, 6)]
    return out


def every_build(state: State) -> list[dict[str, Any]]:
    """Every tile (white too) at every orientation and anchor, some sticking out by one."""
    return [{"type": "build", "tile": KINDS[k], "orient": o, "col": c, "row": r}
            for k in range(len(KINDS)) for o in range(len(SHAPE_ORIENTATIONS[KIND_SHAPE[k]]))
            for c in range(-1, COLS + 1) for r in range(-1, ROWS + 1)]


def every_take(state: State) -> list[dict[str, Any]]:
    """Every set of two or three docks with every set of abilities."""
    out = []
    for size in (2, 3):
        for docks in combinations(range(DOCKS), size):
            for n in range(4):
                for used in combinations(ABILITIES, n):
                    out.append({"type": "take", "docks": list(docks), "abilities": list(used)})
    return out


def every_arms(state: State) -> list[dict[str, Any]]:
    """Every coat-of-arms choice: a white tile anywhere, each ability, refresh."""
    return ([{"type": "arms", "choice": "white", "col": c, "row": r} for c in range(COLS) for r in range(ROWS)]
            + [{"type": "arms", "choice": "ability", "ability": a} for a in ABILITIES] + [{"type": "arms", "choice": "refresh"}])


def every_pay(state: State) -> list[dict[str, Any]]:
    """Every payment of up to 5 cards of at most two colours, with and without the discount."""
    out = []
    for disc in (False, True):
        out.append({"type": "pay", "cards": {}, "discount": disc})
        for i, a in enumerate(COLOURS):
            for x in range(1, 6):
                out.append({"type": "pay", "cards": {a: x}, "discount": disc})
                for b in COLOURS[i + 1:]:
                    out += [{"type": "pay", "cards": {a: x, b: y}, "discount": disc} for y in range(1, 6 - x)]
    return out


#: the exhaustive candidates of each type (tried where the phase allows the type; elsewhere one stands for all)
EVERY = {"build": every_build, "take": every_take, "arms": every_arms, "pay": every_pay}


#: the ability tiles the test games take first: the payment abilities, then Both Actions
GAIN_ORDER = ("change_of_colours", "construction_discount", "both_actions", "additional_card", "any_cards")


def walk(players: int, seed: int):
    """Positions of one seeded game, the last one over: half random legal moves, half the weak computer's
    (which builds more); ability tiles when there is a choice and often Both Actions, so that every phase comes up."""
    rng = Rng(seed, stream=41)
    state = new_game(players, seed)
    steps = 0
    while True:
        legal = rules.legal_actions(state)
        yield state, legal, rng, steps
        if rules.is_over(state):
            return
        gain = [a for a in legal if a.get("choice") == "ability"]
        both = [a for a in legal if "both_actions" in a.get("abilities", ())]
        if gain:  # the abilities that make a choice of payment (phase pay) first
            pick = min(gain, key=lambda a: GAIN_ORDER.index(a["ability"]))
        elif both and rng.randrange(2):
            pick = both[rng.randrange(len(both))]
        else:
            pick = legal[rng.randrange(len(legal))] if rng.randrange(2) else weak_choice(state, legal)
        state = rules.apply_action(state, pick)
        steps += 1
        assert steps < 2000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_listing_and_refusing_agree(players):
    verdicts: dict[str, int] = {}
    phases: set[str] = set()
    for seed in SEEDS:
        pool: list[dict[str, Any]] = []  # legal at earlier positions
        for state, legal, rng, steps in walk(players, seed):
            if rules.is_over(state):  # everything is refused, as the game being over
                assert legal == []
                for a in pool[-5:] + [{"type": kind} for kind in TYPES]:
                    assert outcome(state, a) == ("illegal", "nyhavn.game_over", {}) == applied(state, a)
                break
            phases.add(state.phase)
            seat = state.seat
            # the legal list is the phase's types' options, in the table's order (pass only when nothing else)
            listed = [a for kind in PHASE_ACTIONS[state.phase] if kind != "pass" for a in RULES.actions[kind].options(state, seat)]
            assert legal == (listed or RULES.actions["pass"].options(state, seat)), state
            for kind in TYPES:
                if kind not in PHASE_ACTIONS[state.phase]:
                    assert RULES.actions[kind].options(state, seat) == [], (kind, state.phase)
            legal_text = {frozen(a) for a in legal}
            assert len(legal_text) == len(legal), "an action listed twice"
            for a in legal:
                assert RULES.refusal(state, a) is None, (state, a)
                assert RULES.read(a) == a, f"{a!r} is not listed the way the engine spells it"
            for a in legal[:2] + legal[-2:] + [legal[rng.randrange(len(legal))]]:
                rules.apply_action(state, a)
                for miss in near_misses(a, pool, rng):
                    v = check_agrees(state, legal_text, miss)
                    verdicts[v] = verdicts.get(v, 0) + 1
            for kind in TYPES:
                if kind not in PHASE_ACTIONS[state.phase]:
                    assert outcome(state, {"type": kind}) == ("illegal", *RULES.wrong_phase(state, kind))
            if steps % EXHAUSTIVE_EVERY == 0 or state.phase in ("build", "pay"):
                for kind in PHASE_ACTIONS[state.phase]:
                    for a in EVERY[kind](state) if kind in EVERY else ():
                        v = check_agrees(state, legal_text, a, apply=False)
                        verdicts[v] = verdicts.get(v, 0) + 1
            pool.append(legal[rng.randrange(len(legal))])
        assert rules.is_over(state)
    # the candidates reached every phase and all three verdicts
    assert {"turn", "discard", "build", "pay", "arms"} <= phases, phases
    assert min(verdicts.get(v, 0) for v in ("legal", "illegal", "malformed")) > 50, verdicts


def test_near_misses_keep_their_refusal():
    """A few refusals a player reads, through the table: same key and words as before the contract."""
    s = new_game(2, 1)
    assert outcome(s, {"type": "take", "docks": [1, 4], "abilities": []})[:2] == ("illegal", "nyhavn.docks_not_adjacent")
    assert outcome(s, {"type": "discard", "colour": "red"}) == ("illegal", "nyhavn.discard_not_now", {"now": RULES.wrong_phase(s, "discard")[1]["now"]})
    assert outcome(s, {"type": "pass"}) == ("illegal", "nyhavn.pass_not_allowed", {})
    assert outcome(s, {"type": "fly"}) == ("malformed", "nyhavn.unknown_action", {"type": "fly"})
    assert outcome(s, {"type": "take"}) == ("malformed", "nyhavn.missing_field", {"field": "docks"})
    assert outcome(s, "take")[:2] == ("malformed", "core.malformed")
    # written another way, still the listed action: docks in any order, abilities left out, extra fields
    listed = rules.legal_actions(s)[0]
    assert listed == {"type": "take", "docks": [0, 1], "abilities": []}
    for other in ({"type": "take", "docks": [1, 0]}, {"type": "take", "docks": [0, 1], "abilities": [], "note": "x"}):
        assert RULES.read(other) == listed and rules.apply_action(s, other) == rules.apply_action(s, listed)
