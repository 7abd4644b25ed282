"""Action A: take two neighbouring cards from the docks.

*Any Cards* lifts the neighbour rule, *Additional Card* adds a third card from
any dock (with at least two of the three neighbours, unless Any Cards is used
too), *Both Actions* lets the player build after taking. Each used ability
tile turns face down. An action names exactly the abilities its docks need
(:func:`needed_abilities`), plus *Both Actions* when the player wants it.
"""

from __future__ import annotations

from itertools import combinations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..state import ACTIVE, DOCKS, HAND_LIMIT, USED, State
from ..tiles import ABILITIES, ADDITIONAL_CARD, ANY_CARDS, BOTH_ACTIONS, COLOURS
from . import allows
from .fields import ability_term, now_term, want
from .turn_end import end_turn

#: abilities that help building, never a take
_FOR_BUILDING = ("construction_discount", "change_of_colours")


def needed_abilities(docks: list[int] | tuple[int, ...]) -> list[str]:
    """The abilities taking from ``docks`` (sorted, distinct) needs: Any Cards when no two are side by side,
    Additional Card for a third dock (in ``ABILITIES`` order, the order an action lists them)."""
    adjacent = docks[1] == docks[0] + 1 or (len(docks) == 3 and docks[2] == docks[1] + 1)
    need = [] if adjacent else ["any_cards"]
    if len(docks) == 3:
        need.append("additional_card")
    return need


def _mask(indices: list[int] | tuple[int, ...]) -> int:
    return sum(1 << i for i in indices)


def _dock_sets(size: int) -> tuple[tuple[tuple[int, ...], list[str], int, int], ...]:
    """Every set of ``size`` docks in increasing order with what it needs:
    ``(docks, needed abilities, docks mask, needed abilities mask)``."""
    return tuple((docks, need, _mask(docks), _mask([ABILITIES.index(u) for u in need]))
                 for docks in combinations(range(DOCKS), size) for need in [needed_abilities(docks)])


#: bit i of a mask: of dock i, or of ability tile i (``ABILITIES`` order) for the first five
_BITS = tuple(1 << i for i in range(DOCKS))
#: the pairs and the trios of docks, in the order ``options`` lists them
_PAIRS, _TRIOS = _dock_sets(2), _dock_sets(3)


#: _COUNTS[full docks mask][Any Cards active][Additional Card active]: how many sets of docks can be taken (the other
#: abilities never make a take legal)
_COUNTS = tuple(
    tuple(tuple(sum(1 for docks, need, docks_mask, _ in _PAIRS + _TRIOS
                    if docks_mask & full == docks_mask
                    and ("any_cards" not in need or any_cards) and ("additional_card" not in need or additional))
                for additional in (False, True))
          for any_cards in (False, True))
    for full in range(1 << DOCKS))


def options(state: State, p: int) -> list[Action]:
    """Every legal ``take`` action of ``p`` now: each set of full docks whose :func:`needed_abilities` are
    active, without and (when active) with Both Actions."""
    if not allows(state, "take"):
        return []
    mine = state.abilities[p]
    active = sum(bit for bit, side in zip(_BITS, mine) if side == ACTIVE)
    full = sum(bit for bit, card in zip(_BITS, state.docks) if card >= 0)
    both = mine[BOTH_ACTIONS] == ACTIVE
    out: list[Action] = []
    # a trio always needs Additional Card: without it only pairs can be legal
    for docks, need, docks_mask, need_mask in _PAIRS + _TRIOS if mine[ADDITIONAL_CARD] == ACTIVE else _PAIRS:
        if docks_mask & full == docks_mask and need_mask & active == need_mask:
            out.append({"type": "take", "docks": list(docks), "abilities": list(need)})
            if both:
                out.append({"type": "take", "docks": list(docks), "abilities": need + ["both_actions"]})
    return out


def count_options(state: State, p: int) -> int:
    """How many actions :func:`options` lists, without listing them (the playouts' count)."""
    if not allows(state, "take"):
        return 0
    mine = state.abilities[p]
    full = 0
    for bit, card in zip(_BITS, state.docks):
        if card >= 0:
            full |= bit
    n = _COUNTS[full][mine[ANY_CARDS] == ACTIVE][mine[ADDITIONAL_CARD] == ACTIVE]
    return 2 * n if mine[BOTH_ACTIONS] == ACTIVE else n


def plain_pairs(state: State) -> list[tuple[int, ...]]:
    """The docks of every take :func:`options` lists without an ability (two full docks side by side), in its order."""
    if not allows(state, "take"):
        return []
    docks = state.docks
    return [pair for pair, need, _, _ in _PAIRS if not need and docks[pair[0]] >= 0 and docks[pair[1]] >= 0]


def normalize(a: Action) -> Action:
    """Docks in increasing order, abilities in ``ABILITIES`` order (``[]`` when left out), other fields dropped."""
    out: Action = {"type": "take"}
    if "docks" in a:
        docks = a["docks"]
        if isinstance(docks, list):
            try:
                docks = sorted(docks)
            except TypeError:  # values that cannot be compared: refused as they are
                pass
        out["docks"] = docks
    used = a.get("abilities", [])
    if isinstance(used, list) and len(used) > 1:
        try:
            used = sorted(used, key=ABILITIES.index)
        except ValueError:  # not an ability: refused as it is
            pass
    out["abilities"] = used
    return out


def not_now(state: State) -> Refusal:
    """Taking outside the start of a turn."""
    return "nyhavn.take_not_now", {"now": now_term(state.phase)}


def refusal(s: State, a: Action) -> Refusal | None:
    """Why ``{"type": "take", "docks": [d, d'(, d'')], "abilities": [...]}`` (docks numbered 0–6) is not legal."""
    p = s.seat
    docks = want(a, "docks", list)
    used = a.get("abilities", [])
    if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
        raise MalformedAction(key="nyhavn.abilities_not_list")
    for u in used:
        if u not in ABILITIES:
            raise MalformedAction(key="nyhavn.unknown_ability", name=u)
    if len(set(used)) != len(used):
        return "nyhavn.ability_twice", {}
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in docks) or len(set(docks)) != len(docks) \
            or len(docks) not in (2, 3) or not all(0 <= d < DOCKS for d in docks):
        return "nyhavn.bad_docks", {}
    for d in docks:
        if s.docks[d] < 0:
            return "nyhavn.dock_empty", {"dock": d + 1}
    for u in used:
        if s.abilities[p][ABILITIES.index(u)] != ACTIVE:
            return "nyhavn.ability_not_active", {"ability": ability_term(u)}
    need = needed_abilities(sorted(docks))
    if "additional_card" in need and "additional_card" not in used:
        return "nyhavn.third_card_needs_additional", {}
    if "any_cards" in need and "any_cards" not in used:
        return "nyhavn.docks_not_adjacent", {}
    for u in used:
        if u in _FOR_BUILDING:
            return "nyhavn.ability_for_building", {"ability": ability_term(u)}
        if u not in need and u != "both_actions":
            return "nyhavn.ability_not_needed", {"ability": ability_term(u)}
    return None


def do(s: State, a: Action) -> None:
    """Take the cards, turn the used abilities face down; then discard, build (Both Actions) or end the turn."""
    p = s.seat
    ds = sorted(a["docks"])
    used: list[str] = a.get("abilities", [])
    taken = [s.docks[d] for d in ds]
    for d in ds:
        s.docks[d] = -1
    for c in taken:
        s.hands[p][c] += 1
    for u in used:
        s.abilities[p][ABILITIES.index(u)] = USED
    s.both = "both_actions" in used
    s.log.append({"type": "take", "player": p, "docks": ds, "cards": [COLOURS[c] for c in taken],
                  "abilities": [u for u in ABILITIES if u in used]})
    if sum(s.hands[p]) > HAND_LIMIT:
        s.phase = "discard"
    elif s.both:
        s.phase = "build"
    else:
        end_turn(s)

