"""Neue Heimat: what is legal now, phase by phase, and the engine contract.

Each phase names who decides and which actions are open; each action's checks
and effect live in ``actions/`` (one module per action), the turn and round
flow in ``rounds.py``. Decisions with a single possible answer (a bidder who
cannot outbid, an auctioneer who cannot pay and so must sell) are taken
automatically and logged with ``"forced": True``.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, MalformedAction
from .actions import HANDLERS, PHASE_OF
from .state import (
    ROWS, State, auctionable, cancel_targets, cube_targets, permit_targets, roof_targets, round_score,
)


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



def placements(state: State) -> list[dict[str, Any]]:
    """The ways to put down the piece just won (specials may also be discarded)."""
    kind, value = state.piece  # type: ignore[misc]
    if kind == "cube":
        return [{"type": "place", "row": r, "lot": i} for r, i in cube_targets(state, value)]
    if kind == "roof":
        return [{"type": "place", "row": r, "lot": i} for r, i in roof_targets(state)]
    if kind == "mayor":
        acts = [{"type": "mayor", "row": r} for r in range(ROWS)]
    elif kind == "permit":
        acts = [{"type": "permit", "row": r, "change": c} for r, c in permit_targets(state, value)]
    else:
        acts = [{"type": "cancel", "row": r, "change": c} for r, c in cancel_targets(state)]
    acts.append({"type": "discard"})
    return acts



def legal_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of :func:`current_player` (bids listed one per amount)."""
    ph = state.phase
    if ph == "profits":
        return [{"type": "profits", "take": True}, {"type": "profits", "take": False}]
    if ph == "choose":
        return auctionable(state)
    if ph == "bid":
        return [{"type": "bid", "amount": k} for k in range(state.high_bid + 1, state.money[state.bidder] + 1)] + [{"type": "pass"}]
    if ph == "resolve":
        return [{"type": "sell"}, {"type": "buy"}]
    if ph == "place":
        return placements(state)
    return []



def apply_action(state: State, action: Any) -> State:
    """The state after ``action``; ``state`` is left untouched. Refusals raise ``IllegalAction``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction(key="neueheimat.not_an_action", actions=", ".join(HANDLERS))
    kind = action["type"]
    ph = state.phase
    if ph == "over":
        raise IllegalAction(key="neueheimat.game_over")
    handler = HANDLERS.get(kind)
    if handler is None:
        raise MalformedAction(key="neueheimat.unknown_action", action=repr(kind), actions=", ".join(HANDLERS))
    allowed = PHASE_OF[kind]
    if ph not in allowed:
        raise IllegalAction(key=f"neueheimat.wrong_time_{ph}", high=state.high_bid)
    s = state.copy()
    handler(s, action)
    return s



def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when a face-down roof was turned up or a new round's display was drawn."""
    return len(after.roof_pile) < len(before.roof_pile) or after.round_no != before.round_no

