"""Resolving an auction: the auctioneer sells to the highest bidder or buys the piece, paying the bid to that bidder."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction
from ..state import State


def sell_piece(s: State, forced: bool = False) -> None:
    a, b, amount = s.auctioneer, s.high_bidder, s.high_bid
    s.money[b] -= amount
    s.money[a] += amount
    s.log.append({"type": "sell", "player": a, "to": b, "amount": amount, "forced": forced})
    s.holder = b
    s.phase = "place"



def sell(s: State, a: dict[str, Any]) -> None:
    sell_piece(s)



def buy(s: State, a: dict[str, Any]) -> None:
    p, b, amount = s.auctioneer, s.high_bidder, s.high_bid
    if s.money[p] < amount:
        raise IllegalAction(key="neueheimat.cannot_pay", amount=amount, money=s.money[p])
    s.money[p] -= amount
    s.money[b] += amount
    s.log.append({"type": "buy", "player": p, "from": b, "amount": amount})
    s.holder = p
    s.phase = "place"

