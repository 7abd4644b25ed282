"""Discarding the mayor or a special cube instead of placing it; floor cubes and roofs must be placed."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..rounds import end_turn
from ..state import State, piece_json
from .fields import no_other_fields


def holding_refusal(state: State) -> Refusal | None:
    """Why nothing may be discarded: the piece just won is a floor cube or a roof."""
    if state.piece is None or state.piece[0] in ("cube", "roof"):
        return "neueheimat.must_place", {}
    return None



def options(state: State, seat: int) -> list[Action]:
    return [{"type": "discard"}] if holding_refusal(state) is None else []



def refusal(state: State, action: Action) -> Refusal | None:
    why = holding_refusal(state)
    if why is None:
        no_other_fields(action, ())
    return why



def special_name(state: State) -> str:
    kind, value = state.piece  # type: ignore[misc]
    return f"permit{value}" if kind == "permit" else kind



def do(state: State, action: Action) -> None:
    state.discarded.append(special_name(state))
    state.log.append({"type": "discard", "player": state.holder, "piece": piece_json(state.piece)})
    end_turn(state)
