"""Building permits I, II, III: lengthen or shorten a row, never outside 1–9 lots nor below what is built."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..rounds import end_turn
from ..state import MAX_LENGTH, MIN_LENGTH, ROWS, State, row_length
from .fields import read_int


def permit(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] != "permit":
        raise IllegalAction(key="neueheimat.not_permit")
    r, change = read_int(a, "row"), read_int(a, "change")
    size = s.piece[1]
    if not 0 <= r < ROWS or abs(change) != size:
        raise MalformedAction(key="neueheimat.permit_change", size=size)
    new, built = row_length(s, r) + change, len(s.board[r])
    if not MIN_LENGTH <= new <= MAX_LENGTH:
        raise IllegalAction(key="neueheimat.length_range", min=MIN_LENGTH, max=MAX_LENGTH, length=new)
    if new < built:
        raise IllegalAction(key="neueheimat.shorten_below_built", built=built, length=new)
    s.permits[r].append(change)
    s.log.append({"type": "permit", "player": s.holder, "row": r, "change": change, "length": new})
    end_turn(s)

