"""Bidding: each other seat once, clockwise from the auctioneer's left, bids higher or passes; seats that cannot outbid pass automatically."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction
from ..state import State, piece_json
from .fields import read_int
from .resolve import sell_piece


def next_bidder(s: State) -> None:
    """Move to the next seat clockwise that can outbid; others pass automatically."""
    while True:
        s.bidder = (s.bidder + 1) % s.players
        if s.bidder == s.auctioneer:
            break
        if s.money[s.bidder] > s.high_bid:
            s.phase = "bid"
            return
        s.log.append({"type": "pass", "player": s.bidder, "forced": True})
    s.bidder = -1
    a = s.auctioneer
    if s.high_bidder < 0:
        s.log.append({"type": "free", "player": a, "piece": piece_json(s.piece)})
        s.holder = a
        s.phase = "place"
    elif s.money[a] < s.high_bid:
        sell_piece(s, forced=True)
    else:
        s.phase = "resolve"



def bid(s: State, a: dict[str, Any]) -> None:
    amount = read_int(a, "amount")
    p = s.bidder
    if amount <= s.high_bid:
        if s.high_bid:
            raise IllegalAction(key="neueheimat.bid_too_low", high=s.high_bid, least=s.high_bid + 1)
        raise IllegalAction(key="neueheimat.bid_at_least_one")
    if amount > s.money[p]:
        raise IllegalAction(key="neueheimat.bid_over_money", money=s.money[p])
    s.high_bid, s.high_bidder = amount, p
    s.log.append({"type": "bid", "player": p, "amount": amount})
    next_bidder(s)



def pass_bid(s: State, a: dict[str, Any]) -> None:
    s.log.append({"type": "pass", "player": s.bidder, "forced": False})
    next_bidder(s)

