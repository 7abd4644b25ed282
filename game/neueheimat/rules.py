"""Neue Heimat: who decides now, what is legal, and the engine contract.

Each phase names who decides (:func:`current_player`) and which action types
it allows, in the one table :data:`RULES`; each action type's options, checks
and effect live in ``actions/`` (one module per type), the turn and round flow
in ``rounds.py``. :func:`legal_actions` and :func:`apply_action` are the shared
ones of :class:`game.core.actions.Rules`. Decisions with a single possible
answer (a bidder who cannot outbid, an auctioneer who cannot pay and so must
sell) are taken automatically and logged with ``"forced": True``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core.actions import Action, ActionRule, Refusal, Rules
from .actions import auction, bid, buy, cancel, discard, mayor, pass_bid, permit, place, profits, sell
from .state import State, round_score


def current_player(state: State) -> int | None:
    """The seat that decides now: auctioneer, bidder or the buyer placing; ``None`` once over."""
    ph = state.phase
    if ph == "over":
        return None
    if ph == "bid":
        return state.bidder
    if ph == "place":
        return state.holder
    return state.auctioneer



def is_over(state: State) -> bool:
    """True when the last round (or a second round win) has ended the game."""
    return state.phase == "over"



def scores(state: State) -> list[int]:
    """Totals of finished rounds plus the running round as it would score now."""
    if state.phase == "over":
        return state.totals[:]
    return [t + x for t, x in zip(state.totals, round_score(state))]



def winners(state: State) -> list[int]:
    """Winning seats once over (several on a shared win); empty before."""
    return state.winners_[:]



#: each action type's module
ACTIONS: dict[str, ActionRule[State]] = {
    "profits": profits, "auction": auction, "bid": bid, "pass": pass_bid, "sell": sell, "buy": buy,
    "place": place, "mayor": mayor, "permit": permit, "cancel": cancel, "discard": discard,
}
ACTION_TYPES = tuple(ACTIONS)


def _wrong_phase(state: State, kind: str) -> Refusal:
    return f"neueheimat.wrong_time_{state.phase}", {"high": state.high_bid}



def _unknown_action(kind: str) -> Refusal:
    return "neueheimat.unknown_action", {"action": repr(kind), "actions": ", ".join(ACTION_TYPES)}



#: every action type, and the types each phase allows in the order :func:`legal_actions` lists them
RULES: Rules[State] = Rules(
    game="neueheimat",
    actions=ACTIONS,
    phases={
        "profits": ("profits",),
        "choose": ("auction",),
        "bid": ("bid", "pass"),  # every amount from the highest bid + 1 up, then pass
        "resolve": ("sell", "buy"),
        "place": ("place", "mayor", "permit", "cancel", "discard"),  # a special piece's moves, then discarding it
    },
    current_player=current_player,
    wrong_phase=_wrong_phase,
    unknown_action=_unknown_action,
    not_an_action=("neueheimat.not_an_action", {"actions": ", ".join(ACTION_TYPES)}),
)



#: every legal action of :func:`current_player` (bids listed one per amount); empty once over
legal_actions: Callable[[State], list[Action]] = RULES.legal_actions
#: the state after an action; the state given is left untouched. Refusals raise ``IllegalAction`` with a key
apply_action: Callable[[State, Any], State] = RULES.apply_action



def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when a face-down roof was turned up or a new round's display was drawn."""
    return len(after.roof_pile) < len(before.roof_pile) or after.round_no != before.round_no
