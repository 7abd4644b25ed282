"""The cancel cube: removes one placed permit (both leave the round) unless the row would end up shorter than built."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..rounds import end_turn
from ..state import BASE_LENGTH, ROWS, State, cancel_refusal, cancel_targets
from .fields import no_other_fields, read_int


def holding_refusal(state: State) -> Refusal | None:
    """Why no permit can be cancelled: the piece just won is not the cancel cube."""
    if state.piece is None or state.piece[0] != "cancel":
        return "neueheimat.not_cancel", {}
    return None



def options(state: State, seat: int) -> list[Action]:
    """Every placed permit :func:`cancel_refusal` lets the cube remove."""
    if holding_refusal(state) is not None:
        return []
    return [{"type": "cancel", "row": r, "change": c} for r, c in cancel_targets(state)]



def refusal(state: State, action: Action) -> Refusal | None:
    why = holding_refusal(state)
    if why is not None:
        return why
    r, change = read_int(action, "row"), read_int(action, "change")
    if not 0 <= r < ROWS:
        return "neueheimat.no_such_permit", {}
    why = cancel_refusal(state, r, change)
    if why is None:
        no_other_fields(action, ("row", "change"))
    return why



def do(state: State, action: Action) -> None:
    r, change = action["row"], action["change"]
    state.permits[r].remove(change)
    state.discarded += [f"permit{abs(change)}", "cancel"]
    length = BASE_LENGTH + sum(state.permits[r])
    state.log.append({"type": "cancel", "player": state.holder, "row": r, "change": change, "length": length})
    end_turn(state)
