"""Action A: take two neighbouring cards from the docks.

*Any Cards* lifts the neighbour rule, *Additional Card* adds a third card from
any dock (with at least two of the three neighbours, unless Any Cards is used
too), *Both Actions* lets the player build after taking. Each used ability
tile turns face down.
"""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..state import ACTIVE, DOCKS, HAND_LIMIT, USED, State
from ..tiles import ABILITIES, ADDITIONAL_CARD, ANY_CARDS, BOTH_ACTIONS, COLOURS
from .fields import ability_term, now_term, want
from .turn_end import end_turn


def options(state: State, p: int) -> list[dict[str, Any]]:
    """Every legal ``take`` action of ``p`` now (each with the fewest abilities that make it legal)."""
    full = [d for d in range(DOCKS) if state.docks[d] >= 0]
    any_cards = state.abilities[p][ANY_CARDS] == ACTIVE
    extra = state.abilities[p][ADDITIONAL_CARD] == ACTIVE
    both = [False, True] if state.abilities[p][BOTH_ACTIONS] == ACTIVE else [False]
    out: list[dict[str, Any]] = []
    sets: list[tuple[list[int], list[str]]] = []
    for i, a in enumerate(full):
        for j in range(i + 1, len(full)):
            b = full[j]
            if b == a + 1:
                sets.append(([a, b], []))
            elif any_cards:
                sets.append(([a, b], ["any_cards"]))
    if extra:
        for i, a in enumerate(full):
            for j in range(i + 1, len(full)):
                for k in range(j + 1, len(full)):
                    trio = [a, full[j], full[k]]
                    if trio[1] == a + 1 or trio[2] == trio[1] + 1:
                        sets.append((trio, ["additional_card"]))
                    elif any_cards:
                        sets.append((trio, ["any_cards", "additional_card"]))
    for docks, used in sets:
        for b in both:
            out.append({"type": "take", "docks": docks, "abilities": used + (["both_actions"] if b else [])})
    return out


def do(s: State, a: dict[str, Any]) -> None:
    """``{"type": "take", "docks": [d, d'(, d'')], "abilities": [...]}`` (docks numbered 0–6)."""
    p = s.seat
    if s.phase != "turn":
        raise IllegalAction(key="nyhavn.take_not_now", now=now_term(s.phase))
    docks = want(a, "docks", list)
    used = a.get("abilities", [])
    if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
        raise MalformedAction(key="nyhavn.abilities_not_list")
    for u in used:
        if u not in ABILITIES:
            raise MalformedAction(key="nyhavn.unknown_ability", name=u)
    if len(set(used)) != len(used):
        raise IllegalAction(key="nyhavn.ability_twice")
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in docks) or len(set(docks)) != len(docks) \
            or len(docks) not in (2, 3) or not all(0 <= d < DOCKS for d in docks):
        raise IllegalAction(key="nyhavn.bad_docks")
    for d in docks:
        if s.docks[d] < 0:
            raise IllegalAction(key="nyhavn.dock_empty", dock=d + 1)
    for u in used:
        if s.abilities[p][ABILITIES.index(u)] != ACTIVE:
            raise IllegalAction(key="nyhavn.ability_not_active", ability=ability_term(u))
    ds = sorted(docks)
    need = []
    if len(ds) == 3:
        if "additional_card" not in used:
            raise IllegalAction(key="nyhavn.third_card_needs_additional")
        need.append("additional_card")
    adjacent = any(ds[i + 1] == ds[i] + 1 for i in range(len(ds) - 1))
    if not adjacent:
        if "any_cards" not in used:
            raise IllegalAction(key="nyhavn.docks_not_adjacent")
        need.append("any_cards")
    for u in used:
        if u in ("construction_discount", "change_of_colours"):
            raise IllegalAction(key="nyhavn.ability_for_building", ability=ability_term(u))
        if u not in need and u != "both_actions":
            raise IllegalAction(key="nyhavn.ability_not_needed", ability=ability_term(u))
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
