"""Placing a floor cube or a roof: new houses from the road outward without gaps, cubes on more pips, roofs on unroofed houses."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..rounds import end_turn
from ..state import LOTS, ROWS, SINGLE_LOTS, State, colour_of, piece_json, pips_of, row_length
from .fields import read_int


def place(s: State, a: dict[str, Any]) -> None:
    kind, value = s.piece  # type: ignore[misc]
    if kind not in ("cube", "roof"):
        raise IllegalAction(key="neueheimat.place_wrong_piece")
    r, i = read_int(a, "row"), read_int(a, "lot")
    if not 0 <= r < ROWS or not 0 <= i < LOTS:
        raise MalformedAction(key="neueheimat.lot_range")
    houses = s.board[r]
    p = s.holder
    if kind == "roof":
        if i >= len(houses):
            raise IllegalAction(key="neueheimat.roof_on_empty_lot")
        cubes, roof = houses[i]
        if roof:
            raise IllegalAction(key="neueheimat.house_has_roof")
        houses[i] = (cubes, value)
        s.log.append({"type": "place", "player": p, "piece": piece_json(s.piece), "row": r, "lot": i})
    else:
        if i > len(houses):
            raise IllegalAction(key="neueheimat.no_gaps", lot=len(houses) + 1)
        if i == len(houses):
            if i >= row_length(s, r):
                raise IllegalAction(key="neueheimat.row_full", length=row_length(s, r))
            houses.append(((value,), 0))
        else:
            cubes, roof = houses[i]
            if roof:
                raise IllegalAction(key="neueheimat.nothing_on_roof")
            if i in SINGLE_LOTS[r]:
                raise IllegalAction(key="neueheimat.fenced_lot")
            if pips_of(cubes[-1]) <= pips_of(value):
                raise IllegalAction(key="neueheimat.stack_more_pips", below=pips_of(cubes[-1]), pips=pips_of(value))
            houses[i] = (cubes + (value,), 0)
        s.log.append({"type": "place", "player": p, "piece": piece_json(s.piece), "row": r, "lot": i})
        c = colour_of(value)
        if s.owners[c] < 0:
            s.owners[c] = p
            s.log.append({"type": "marker", "player": p, "colour": c})
    end_turn(s)

