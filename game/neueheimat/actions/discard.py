"""Discarding the mayor or a special cube instead of placing it; floor cubes and roofs must be placed."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction
from ..rounds import end_turn
from ..state import State, piece_json


def special_name(s: State) -> str:
    kind, value = s.piece  # type: ignore[misc]
    return f"permit{value}" if kind == "permit" else kind



def discard(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] in ("cube", "roof"):
        raise IllegalAction(key="neueheimat.must_place")
    s.discarded.append(special_name(s))
    s.log.append({"type": "discard", "player": s.holder, "piece": piece_json(s.piece)})
    end_turn(s)

