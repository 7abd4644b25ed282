"""Passing in an auction (the action type ``"pass"``): the seat stays out of this auction; always allowed while bidding."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..rounds import next_bidder
from ..state import State
from .fields import no_other_fields


def options(state: State, seat: int) -> list[Action]:
    return [{"type": "pass"}]



def refusal(state: State, action: Action) -> Refusal | None:
    no_other_fields(action, ())
    return None



def do(state: State, action: Action) -> None:
    state.log.append({"type": "pass", "player": state.bidder, "forced": False})
    next_bidder(state)
