"""Bidding: each other seat once, clockwise from the auctioneer's left, bids higher than the highest bid, within its money in hand."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..rounds import next_bidder
from ..state import State
from .fields import no_other_fields, read_int


def amounts(state: State) -> range:
    """The bids the bidder may make: more than the highest bid, at most the money in hand."""
    return range(state.high_bid + 1, state.money[state.bidder] + 1)



def options(state: State, seat: int) -> list[Action]:
    """One bid per amount of :func:`amounts`, lowest first."""
    return [{"type": "bid", "amount": k} for k in amounts(state)]



def refusal(state: State, action: Action) -> Refusal | None:
    """A bid outside :func:`amounts`: too low, or more than the money in hand."""
    amount = read_int(action, "amount")
    allowed = amounts(state)
    if amount < allowed.start:
        if state.high_bid:
            return "neueheimat.bid_too_low", {"high": state.high_bid, "least": state.high_bid + 1}
        return "neueheimat.bid_at_least_one", {}
    if amount >= allowed.stop:
        return "neueheimat.bid_over_money", {"money": state.money[state.bidder]}
    no_other_fields(action, ("amount",))
    return None



def do(state: State, action: Action) -> None:
    amount, p = action["amount"], state.bidder
    state.high_bid, state.high_bidder = amount, p
    state.log.append({"type": "bid", "player": p, "amount": amount})
    next_bidder(state)
