"""Passing: the one legal action when the phase allows nothing else (a full hand and nothing to place, ...).

Every phase of :data:`game.barrio.rules.RULES` lists ``pass`` as its fallback:
legal exactly when the phase's other action types offer nothing.
"""

from __future__ import annotations

from ...core.actions import Refusal
from ..state import Action, State, event
from ..turns import end_turn, finish_turn
from .fields import canonical

normalize = canonical


def _nothing_else(s: State, seat: int) -> bool:
    """Do the other action types of the phase offer ``seat`` nothing?"""
    from ..rules import RULES  # the table holds this module too: read when asked, not when both load

    return not any(RULES.actions[kind].options(s, seat) for kind in RULES.phases.get(s.phase, ()) if kind != "pass")


def options(s: State, seat: int) -> list[Action]:
    """``[{"type": "pass"}]`` when the game goes on and nothing else is legal for ``seat`` (the seat to move)."""
    return [{"type": "pass"}] if s.phase != "over" and _nothing_else(s, seat) else []


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for ``{"type": "pass"}`` when nothing else is legal."""
    return None if a in options(s, s.seat) else ("barrio.pass_not_allowed", {})


def wrong_phase(s: State) -> Refusal:
    """Every phase allows a pass when nothing else is legal."""
    return "barrio.pass_not_allowed", {}


def do(s: State, a: Action) -> None:
    """``{"type": "pass"}``: ends the top-up or the turn."""
    event(s, "pass", player=s.seat)
    if s.phase == "topup":
        finish_turn(s)
    else:
        end_turn(s)
