"""Illegal profits: at the start of a turn the auctioneer may move a million from hand to the cash box."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..state import State
from .fields import no_other_fields


def options(state: State, seat: int) -> list[Action]:
    """Take a million or not (the phase is only entered with money in hand)."""
    return [{"type": "profits", "take": True}, {"type": "profits", "take": False}]



def refusal(state: State, action: Action) -> Refusal | None:
    """Either answer is legal; ``take`` must be true or false."""
    if not isinstance(action.get("take"), bool):
        raise MalformedAction(key="neueheimat.profits_take_bool")
    no_other_fields(action, ("take",))
    return None



def do(state: State, action: Action) -> None:
    p = state.auctioneer
    if action["take"]:
        state.money[p] -= 1
        state.cash[p] += 1
        state.log.append({"type": "illegal_profit", "player": p, "cash": state.cash[p]})
    state.phase = "choose"
