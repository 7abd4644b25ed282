"""Neue Heimat's actions, one module per action: its checks and its effect.

Each handler takes a copy of the state and the action, refuses with
``IllegalAction`` (before changing anything) or applies the action in place.
:data:`PHASE_OF` says in which phase each action may be taken.
"""

from __future__ import annotations

from typing import Any, Callable

from ..state import State
from .auction import auction
from .bidding import bid, pass_bid
from .cancel import cancel
from .discard import discard
from .mayor import mayor
from .permit import permit
from .place import place
from .profits import take_profits
from .resolve import buy, sell

#: the handler of each action type
HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "profits": take_profits, "auction": auction, "bid": bid, "pass": pass_bid,
    "sell": sell, "buy": buy, "place": place, "mayor": mayor,
    "permit": permit, "cancel": cancel, "discard": discard,
}
#: the phases in which each action type may be taken
PHASE_OF: dict[str, tuple[str, ...]] = {
    "profits": ("profits",), "auction": ("choose",), "bid": ("bid",), "pass": ("bid",),
    "sell": ("resolve",), "buy": ("resolve",), "place": ("place",), "mayor": ("place",),
    "permit": ("place",), "cancel": ("place",), "discard": ("place",),
}
