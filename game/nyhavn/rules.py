"""Nyhavn's rules by phase: who decides, what is legal now, and applying an action.

Each action's own checks and effect live in :mod:`game.nyhavn.actions`; this
module says which of them each phase (``State.phase``) allows and dispatches.
Actions are JSON-able dicts, listed in ``docs/nyhavn.md``.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core import IllegalAction, MalformedAction
from .actions import arms, build, discard, pass_turn, take, turn_end
from .state import State

#: each action type and the function that checks and applies it
HANDLERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "take": take.do,
    "discard": discard.do,
    "build": build.do,
    "pay": build.do_pay,
    "arms": arms.do,
    "end_turn": turn_end.do,
    "pass": pass_turn.do,
}

#: log events that show face-down cards: undo may not cross them
REVEALS = frozenset({"refill", "reshuffle", "end_card", "end_card_shuffled"})


def current_player(state: State) -> int | None:
    """The seat to decide now; ``None`` once the game is over."""
    return None if state.phase == "over" else state.seat


def is_over(state: State) -> bool:
    """True once someone reached 12 points or the end-of-game card was revealed."""
    return state.phase == "over"


def scores(state: State) -> list[int]:
    """Points of each seat."""
    return list(state.scores)


def winners(state: State) -> list[int]:
    """Winning seats (several on a shared win); empty while the game goes on."""
    return list(state.winners)


def legal_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of the seat to move (see ``docs/nyhavn.md`` for their shapes)."""
    ph = state.phase
    p = state.seat
    if ph == "turn":
        acts = take.options(state, p) + build.options(state, p)
        return acts or [{"type": "pass"}]
    if ph == "discard":
        return discard.options(state, p)
    if ph == "build":
        return build.options(state, p) + [{"type": "end_turn"}]
    if ph == "pay":
        return build.pay_options(state)
    if ph == "arms":
        return arms.options(state, p)
    return []


def apply_action(state: State, action: dict[str, Any]) -> State:
    """The state after ``action``; ``state`` itself is unchanged. Refusals raise ``IllegalAction``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction(key="core.malformed")
    if state.phase == "over":
        raise IllegalAction(key="nyhavn.game_over")
    handler = HANDLERS.get(action["type"])
    if handler is None:
        raise MalformedAction(key="nyhavn.unknown_action", type=action["type"])
    s = state.copy()
    handler(s, action)
    return s


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when the action drew face-down cards (dock refills, reshuffles, the end-of-game card)."""
    return any(e["type"] in REVEALS for e in after.log[len(before.log):])
