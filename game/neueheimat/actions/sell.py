"""Resolving an auction by selling: the highest bidder pays the bid to the auctioneer and takes the piece; always allowed."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..rounds import sell_piece
from ..state import State
from .fields import no_other_fields


def options(state: State, seat: int) -> list[Action]:
    return [{"type": "sell"}]



def refusal(state: State, action: Action) -> Refusal | None:
    no_other_fields(action, ())
    return None



def do(state: State, action: Action) -> None:
    sell_piece(state)
