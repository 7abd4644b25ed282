"""The mayor: placed in front of a row, he doubles its houses, positive or negative."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..rounds import end_turn
from ..state import ROWS, State
from .fields import no_other_fields, read_int


def holding_refusal(state: State) -> Refusal | None:
    """Why the mayor cannot be placed: the piece just won is another one."""
    if state.piece is None or state.piece[0] != "mayor":
        return "neueheimat.not_mayor", {}
    return None



def options(state: State, seat: int) -> list[Action]:
    """In front of any row."""
    return [{"type": "mayor", "row": r} for r in range(ROWS)] if holding_refusal(state) is None else []



def refusal(state: State, action: Action) -> Refusal | None:
    why = holding_refusal(state)
    if why is not None:
        return why
    r = read_int(action, "row")
    if not 0 <= r < ROWS:
        raise MalformedAction(key="neueheimat.row_range")
    no_other_fields(action, ("row",))
    return None



def do(state: State, action: Action) -> None:
    r = action["row"]
    state.mayor = r
    state.log.append({"type": "mayor", "player": state.holder, "row": r})
    end_turn(state)
