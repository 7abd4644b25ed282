"""Passing: allowed only at the start of a turn when the player can neither take cards nor build."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction
from ..state import State
from . import build, take
from .turn_end import end_turn


def can_pass(state: State) -> bool:
    """True when ``pass`` is the only legal action: start of the turn, no cards to take, nothing to build."""
    p = state.seat
    return state.phase == "turn" and not take.options(state, p) and not build.build_options(state, p)


def do(s: State, a: dict[str, Any]) -> None:
    """``{"type": "pass"}``."""
    if not can_pass(s):
        raise IllegalAction(key="nyhavn.pass_not_allowed")
    s.log.append({"type": "pass", "player": s.seat})
    end_turn(s)
