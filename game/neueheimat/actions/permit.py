"""Building permits I, II, III: lengthen or shorten a row, never outside 1–9 lots nor below what is built."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..rounds import end_turn
from ..state import BASE_LENGTH, ROWS, State, permit_refusal, permit_targets
from .fields import no_other_fields, read_int


def holding_refusal(state: State) -> Refusal | None:
    """Why no permit can be placed: the piece just won is not one."""
    if state.piece is None or state.piece[0] != "permit":
        return "neueheimat.not_permit", {}
    return None



def options(state: State, seat: int) -> list[Action]:
    """Every (row, ±size) change :func:`permit_refusal` allows."""
    if holding_refusal(state) is not None:
        return []
    return [{"type": "permit", "row": r, "change": c} for r, c in permit_targets(state, state.piece[1])]  # type: ignore[index]



def refusal(state: State, action: Action) -> Refusal | None:
    why = holding_refusal(state)
    if why is not None:
        return why
    size = state.piece[1]  # type: ignore[index]
    r, change = read_int(action, "row"), read_int(action, "change")
    if not 0 <= r < ROWS or abs(change) != size:
        raise MalformedAction(key="neueheimat.permit_change", size=size)
    why = permit_refusal(state, r, change)
    if why is None:
        no_other_fields(action, ("row", "change"))
    return why



def do(state: State, action: Action) -> None:
    r, change = action["row"], action["change"]
    state.permits[r].append(change)
    length = BASE_LENGTH + sum(state.permits[r])
    state.log.append({"type": "permit", "player": state.holder, "row": r, "change": change, "length": length})
    end_turn(state)
