"""Placing a floor cube or a roof: new houses from the road outward without gaps, cubes on more pips, roofs on unroofed houses."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..rounds import end_turn
from ..state import (
    LOTS, ROWS, State, colour_of, cube_refusal, cube_targets, piece_json, roof_refusal, roof_targets,
)
from .fields import no_other_fields, read_int


def options(state: State, seat: int) -> list[Action]:
    """Every lot the cube or roof just won may go on (:func:`cube_targets`, :func:`roof_targets`)."""
    kind, value = state.piece  # type: ignore[misc]
    if kind == "cube":
        return [{"type": "place", "row": r, "lot": i} for r, i in cube_targets(state, value)]
    if kind == "roof":
        return [{"type": "place", "row": r, "lot": i} for r, i in roof_targets(state)]
    return []



def refusal(state: State, action: Action) -> Refusal | None:
    """The lot judged by the predicate the targets are listed by (:func:`cube_refusal`, :func:`roof_refusal`)."""
    kind, value = state.piece  # type: ignore[misc]
    if kind not in ("cube", "roof"):
        return "neueheimat.place_wrong_piece", {}
    r, i = read_int(action, "row"), read_int(action, "lot")
    if not 0 <= r < ROWS or not 0 <= i < LOTS:
        raise MalformedAction(key="neueheimat.lot_range")
    why = cube_refusal(state, value, r, i) if kind == "cube" else roof_refusal(state, r, i)
    if why is None:
        no_other_fields(action, ("row", "lot"))
    return why



def do(state: State, action: Action) -> None:
    kind, value = state.piece  # type: ignore[misc]
    r, i, p = action["row"], action["lot"], state.holder
    houses = state.board[r]
    if kind == "roof":
        houses[i] = (houses[i][0], value)
    elif i == len(houses):
        houses.append(((value,), 0))
    else:
        houses[i] = (houses[i][0] + (value,), 0)
    state.log.append({"type": "place", "player": p, "piece": piece_json(state.piece), "row": r, "lot": i})
    if kind == "cube":
        c = colour_of(value)
        if state.owners[c] < 0:
            state.owners[c] = p
            state.log.append({"type": "marker", "player": p, "colour": c})
    end_turn(state)
