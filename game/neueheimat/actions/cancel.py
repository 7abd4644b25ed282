"""The cancel cube: removes one placed permit (both leave the round) unless the row would end up shorter than built."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction
from ..rounds import end_turn
from ..state import MAX_LENGTH, MIN_LENGTH, ROWS, State, row_length
from .fields import read_int


def cancel(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] != "cancel":
        raise IllegalAction(key="neueheimat.not_cancel")
    r, change = read_int(a, "row"), read_int(a, "change")
    if not 0 <= r < ROWS or change not in s.permits[r]:
        raise IllegalAction(key="neueheimat.no_such_permit")
    new, built = row_length(s, r) - change, len(s.board[r])
    if new < built:
        raise IllegalAction(key="neueheimat.cancel_below_built", length=new, built=built)
    if not MIN_LENGTH <= new <= MAX_LENGTH:
        raise IllegalAction(key="neueheimat.length_range", min=MIN_LENGTH, max=MAX_LENGTH, length=new)
    s.permits[r].remove(change)
    s.discarded += [f"permit{abs(change)}", "cancel"]
    s.log.append({"type": "cancel", "player": s.holder, "row": r, "change": change, "length": new})
    end_turn(s)

