"""Illegal profits: at the start of a turn the auctioneer may move a million from hand to the cash box."""

from __future__ import annotations

from typing import Any

from ...core import MalformedAction
from ..state import State


def take_profits(s: State, a: dict[str, Any]) -> None:
    take = a.get("take")
    if not isinstance(take, bool):
        raise MalformedAction(key="neueheimat.profits_take_bool")
    p = s.auctioneer
    if take:
        s.money[p] -= 1
        s.cash[p] += 1
        s.log.append({"type": "illegal_profit", "player": p, "cash": s.cash[p]})
    s.phase = "choose"

