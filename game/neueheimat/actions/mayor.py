"""The mayor: placed in front of a row, he doubles its houses, positive or negative."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..rounds import end_turn
from ..state import ROWS, State
from .fields import read_int


def mayor(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] != "mayor":
        raise IllegalAction(key="neueheimat.not_mayor")
    r = read_int(a, "row")
    if not 0 <= r < ROWS:
        raise MalformedAction(key="neueheimat.row_range")
    s.mayor = r
    s.log.append({"type": "mayor", "player": s.holder, "row": r})
    end_turn(s)

