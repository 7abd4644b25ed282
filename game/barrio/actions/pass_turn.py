"""Passing: the one legal action when the phase allows nothing else (a full hand and nothing to place, ...)."""

from __future__ import annotations

from typing import Any

from ..state import Action, State, event
from ..turns import end_turn, finish_turn


def options(s: State, others: list[Action]) -> list[Action]:
    """``[{"type": "pass"}]`` when ``others`` (every other legal action now) is empty and the game goes on."""
    return [] if others or s.phase == "over" else [{"type": "pass"}]


def refusal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why this pass is not legal: something else is."""
    return "barrio.pass_not_allowed", {}


def do(s: State, a: Action) -> None:
    """``{"type": "pass"}``: ends the top-up or the turn."""
    event(s, "pass", player=s.seat)
    if s.phase == "topup":
        finish_turn(s)
    else:
        end_turn(s)
