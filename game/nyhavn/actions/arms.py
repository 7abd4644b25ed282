"""Scoring a placed tile, and the coat-of-arms actions it may trigger.

Completing a row scores 1 (2 if all windows), a column 2 (4 if all windows);
12 points win at once. Covering a printed coat of arms, or completing row 2, 4
or 6, gives one coat-of-arms action each: a white tile, a new ability tile, or
turning every used ability tile face up. A trigger with no possible choice is
skipped.
"""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..state import NOT_OWNED, ACTIVE, USED, WIN_POINTS, State, legal_records, placement_record, placement_refusal, popcount
from ..placements import Record
from ..tiles import ABILITIES, COAT_MASK, COAT_ROWS, COL_MASKS, COLS, KIND_COLOUR, ROW_MASKS, ROWS, WHITE_KIND
from . import allows
from .fields import ability_term, as_refusal, now_term, want
from .turn_end import end_turn


def choices(state: State, p: int) -> list[Action]:
    """The coat-of-arms actions that would change something for ``p`` (whatever the phase: a placement asks
    this before entering ``arms``)."""
    out: list[Action] = []
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
    if s.arms and not choices(s, s.seat):
        s.log.append({"type": "arms_skipped", "player": s.seat, "count": s.arms})
        s.arms = 0
    if s.arms:
        s.phase = "arms"
    else:
        end_turn(s)


def options(state: State, p: int) -> list[Action]:
    """The coat-of-arms actions that change something for ``p`` now."""
    return choices(state, p) if allows(state, "arms") else []


#: the fields each choice has
_FIELDS = {"white": ("choice", "col", "row"), "ability": ("choice", "ability"), "refresh": ("choice",)}


def normalize(a: Action) -> Action:
    """Only the fields of the action's choice: others dropped (all kept when the choice is unknown)."""
    fields = _FIELDS.get(a["choice"]) if isinstance(a.get("choice"), str) else None
    if fields is None:
        return a
    return {"type": "arms", **{k: a[k] for k in fields if k in a}}


def not_now(state: State) -> Refusal:
    """A coat-of-arms action with none pending."""
    return "nyhavn.arms_not_now", {"now": now_term(state.phase)}


def refusal(s: State, a: Action) -> Refusal | None:
    """Why ``{"type": "arms", "choice": "white", "col", "row"}``, ``{"choice": "ability", "ability"}`` or
    ``{"choice": "refresh"}`` is not legal: as :func:`choices` lists them (a white tile where
    :func:`~game.nyhavn.state.placement_refusal` lets it go, an ability not owned and left in the supply,
    a refresh with a used ability)."""
    p = s.seat
    choice = want(a, "choice", str)
    if choice == "white":
        col, row = want(a, "col", int), want(a, "row", int)
        if not s.stacks[WHITE_KIND]:
            return "nyhavn.no_white_left", {}
        where = placement_refusal(s, "white", 0, col, row)
        return None if where is None else as_refusal(where)
    if choice == "ability":
        name = want(a, "ability", str)
        if name not in ABILITIES:
            raise MalformedAction(key="nyhavn.unknown_ability", name=name)
        i = ABILITIES.index(name)
        if s.abilities[p][i] != NOT_OWNED:
            return "nyhavn.already_have_ability", {"ability": ability_term(name)}
        if not s.ability_supply[i]:
            return "nyhavn.no_ability_left", {"ability": ability_term(name)}
        return None
    if choice == "refresh":
        return None if USED in s.abilities[p] else ("nyhavn.nothing_to_refresh", {})
    raise MalformedAction(key="nyhavn.unknown_arms_choice", choice=choice)


def do(s: State, a: Action) -> None:
    """Take the white tile (placed and scored at once), the ability tile, or turn the used abilities face up."""
    p = s.seat
    choice = a["choice"]
    if choice == "white":
        col, row = a["col"], a["row"]
        rec = placement_record(WHITE_KIND, 0, col, row)
        assert rec is not None
        s.arms -= 1
        s.stacks[WHITE_KIND] -= 1
        s.log.append({"type": "arms", "player": p, "choice": "white", "col": col, "row": row})
        place(s, p, WHITE_KIND, rec)
        return
    if choice == "ability":
        name = a["ability"]
        i = ABILITIES.index(name)
        s.ability_supply[i] -= 1
        s.abilities[p][i] = ACTIVE
        s.log.append({"type": "arms", "player": p, "choice": "ability", "ability": name})
    else:
        s.abilities[p] = [ACTIVE if x == USED else x for x in s.abilities[p]]
        s.log.append({"type": "arms", "player": p, "choice": "refresh"})
    s.arms -= 1
    go_on(s)
