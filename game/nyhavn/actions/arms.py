"""Scoring a placed tile, and the coat-of-arms actions it may trigger.

Completing a row scores 1 (2 if all windows), a column 2 (4 if all windows);
12 points win at once. Covering a printed coat of arms, or completing row 2, 4
or 6, gives one coat-of-arms action each: a white tile, a new ability tile, or
turning every used ability tile face up. A trigger with no possible choice is
skipped.
"""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..state import NOT_OWNED, ACTIVE, USED, WIN_POINTS, State, legal_records, placement_record, placement_refusal, popcount
from ..placements import Record
from ..tiles import ABILITIES, COAT_MASK, COAT_ROWS, COL_MASKS, COLS, KIND_COLOUR, ROW_MASKS, ROWS, WHITE_KIND
from .fields import ability_term, now_term, want
from .turn_end import end_turn


def options(state: State, p: int) -> list[dict[str, Any]]:
    """The coat-of-arms actions that change something for ``p`` now."""
    out: list[dict[str, Any]] = []
    if state.stacks[WHITE_KIND]:
        for r in legal_records(state, p, WHITE_KIND, 0):
            out.append({"type": "arms", "choice": "white", "col": r[0], "row": r[1]})
    for a in range(5):
        if state.ability_supply[a] and state.abilities[p][a] == NOT_OWNED:
            out.append({"type": "arms", "choice": "ability", "ability": ABILITIES[a]})
    if USED in state.abilities[p]:
        out.append({"type": "arms", "choice": "refresh"})
    return out


def place(s: State, p: int, kind: int, rec: Record) -> None:
    """Put a tile in the house, score completed lines, count coat-of-arms triggers, go on."""
    h = s.houses[p]
    before = h[0]
    h[0] |= rec[2]
    h[1] |= rec[3]
    h[2 + KIND_COLOUR[kind]] |= rec[2]
    occ, win = h[0], h[1]
    gained = 0
    triggers = popcount(rec[2] & COAT_MASK)
    for r in range(ROWS):
        m = ROW_MASKS[r]
        if occ & m == m and before & m != m:
            pts = 2 if win & m == m else 1
            gained += pts
            s.log.append({"type": "score", "player": p, "line": "row", "index": r, "points": pts, "windows": pts == 2})
            if r in COAT_ROWS:
                triggers += 1
    for c in range(COLS):
        m = COL_MASKS[c]
        if occ & m == m and before & m != m:
            pts = 4 if win & m == m else 2
            gained += pts
            s.log.append({"type": "score", "player": p, "line": "column", "index": c, "points": pts, "windows": pts == 4})
    s.scores[p] += gained
    if s.scores[p] >= WIN_POINTS:
        s.winners = [p]
        s.phase = "over"
        s.arms = 0
        s.log.append({"type": "end", "reason": "points", "winners": [p], "scores": s.scores[:]})
        return
    if triggers:
        s.log.append({"type": "arms_gained", "player": p, "count": triggers})
    s.arms += triggers
    go_on(s)


def go_on(s: State) -> None:
    """After a placement or a coat-of-arms action: more arms actions, or the end of the turn."""
    if s.arms and not options(s, s.seat):
        s.log.append({"type": "arms_skipped", "player": s.seat, "count": s.arms})
        s.arms = 0
    if s.arms:
        s.phase = "arms"
    else:
        end_turn(s)


def do(s: State, a: dict[str, Any]) -> None:
    """``{"type": "arms", "choice": "white", "col", "row"}``, ``{"choice": "ability", "ability"}`` or ``{"choice": "refresh"}``."""
    p = s.seat
    if s.phase != "arms":
        raise IllegalAction(key="nyhavn.arms_not_now", now=now_term(s.phase))
    choice = want(a, "choice", str)
    if choice == "white":
        col, row = want(a, "col", int), want(a, "row", int)
        if not s.stacks[WHITE_KIND]:
            raise IllegalAction(key="nyhavn.no_white_left")
        refusal = placement_refusal(s, "white", 0, col, row)
        if refusal is not None:
            raise refusal
        rec = placement_record(WHITE_KIND, 0, col, row)
        assert rec is not None
        s.arms -= 1
        s.stacks[WHITE_KIND] -= 1
        s.log.append({"type": "arms", "player": p, "choice": "white", "col": col, "row": row})
        place(s, p, WHITE_KIND, rec)
        return
    if choice == "ability":
        name = want(a, "ability", str)
        if name not in ABILITIES:
            raise MalformedAction(key="nyhavn.unknown_ability", name=name)
        i = ABILITIES.index(name)
        if s.abilities[p][i] != NOT_OWNED:
            raise IllegalAction(key="nyhavn.already_have_ability", ability=ability_term(name))
        if not s.ability_supply[i]:
            raise IllegalAction(key="nyhavn.no_ability_left", ability=ability_term(name))
        s.ability_supply[i] -= 1
        s.abilities[p][i] = ACTIVE
        s.log.append({"type": "arms", "player": p, "choice": "ability", "ability": name})
    elif choice == "refresh":
        if USED not in s.abilities[p]:
            raise IllegalAction(key="nyhavn.nothing_to_refresh")
        s.abilities[p] = [ACTIVE if x == USED else x for x in s.abilities[p]]
        s.log.append({"type": "arms", "player": p, "choice": "refresh"})
    else:
        raise MalformedAction(key="nyhavn.unknown_arms_choice", choice=choice)
    s.arms -= 1
    go_on(s)
