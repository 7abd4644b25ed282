"""Passing: allowed only at the start of a turn when the player can neither take cards nor build."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..state import State
from . import allows, build, take
from .turn_end import end_turn


def options(state: State, p: int) -> list[Action]:
    """``pass`` when it is legal: the only thing ``p`` can do."""
    return [{"type": "pass"}] if allows(state, "pass") and refusal(state, {"type": "pass"}) is None else []


def normalize(a: Action) -> Action:
    """No fields: any others dropped."""
    return {"type": "pass"}


def not_now(state: State) -> Refusal:
    """Passing outside the start of a turn."""
    return "nyhavn.pass_not_allowed", {}


def refusal(s: State, a: Action) -> Refusal | None:
    """``{"type": "pass"}`` is refused while the player can take cards or build."""
    p = s.seat
    if take.options(s, p) or build.build_options(s, p):
        return "nyhavn.pass_not_allowed", {}
    return None


def do(s: State, a: Action) -> None:
    """End the turn with nothing done."""
    s.log.append({"type": "pass", "player": s.seat})
    end_turn(s)
