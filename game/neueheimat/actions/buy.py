"""Resolving an auction by buying: the auctioneer pays the highest bid to that bidder and keeps the piece."""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..state import State
from .fields import no_other_fields


def payment_refusal(state: State) -> Refusal | None:
    """Why the auctioneer cannot buy: too little money in hand for the highest bid (then they must sell)."""
    money = state.money[state.auctioneer]
    if money < state.high_bid:
        return "neueheimat.cannot_pay", {"amount": state.high_bid, "money": money}
    return None



def options(state: State, seat: int) -> list[Action]:
    """Buying, when the auctioneer can pay (always, in a game played by the rules: else the sale was forced)."""
    return [{"type": "buy"}] if payment_refusal(state) is None else []



def refusal(state: State, action: Action) -> Refusal | None:
    why = payment_refusal(state)
    if why is None:
        no_other_fields(action, ())
    return why



def do(state: State, action: Action) -> None:
    p, b, amount = state.auctioneer, state.high_bidder, state.high_bid
    state.money[p] -= amount
    state.money[b] += amount
    state.log.append({"type": "buy", "player": p, "from": b, "amount": amount})
    state.holder = p
    state.phase = "place"
