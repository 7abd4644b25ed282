"""Nyhavn's rules: who decides, what is legal now, and applying an action.

One table, :data:`RULES` (:class:`game.core.actions.Rules`), says which action
types each phase (``State.phase``) allows (:data:`~game.nyhavn.actions.PHASE_ACTIONS`)
and which module of :mod:`game.nyhavn.actions` is each type: its ``options``,
``refusal`` and ``do``. ``legal_actions`` lists the options of the phase's
types in that order (``pass`` only when nothing else is legal); ``apply_action``
asks the type's ``refusal`` and, when there is none, applies its ``do`` to a
copy. Actions are JSON-able dicts, listed in ``docs/nyhavn.md``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from ..core.actions import Action, ActionRule, Refusal, Rules
from .actions import PHASE_ACTIONS, arms, build, discard, pass_turn, pay, take, turn_end
from .state import State

#: log events that show face-down cards: undo may not cross them
REVEALS = frozenset({"refill", "reshuffle", "end_card", "end_card_shuffled"})


class NyhavnAction(ActionRule[State], Protocol):
    """A module of :mod:`game.nyhavn.actions`: the shared contract, its spelling and its refusal out of phase."""

    def normalize(self, action: Action) -> Action:
        """The action as ``options`` spells it (a copy may be changed in place)."""
        ...

    def not_now(self, state: State) -> Refusal:
        """Why an action of this type is refused in a phase that does not allow it."""
        ...


#: each action type's module
ACTIONS: dict[str, NyhavnAction] = {
    "take": take, "discard": discard, "build": build, "pay": pay, "arms": arms, "end_turn": turn_end, "pass": pass_turn,
}


def current_player(state: State) -> int | None:
    """The seat to decide now; ``None`` once the game is over."""
    return None if state.phase == "over" else state.seat


def _wrong_phase(state: State, kind: str) -> Refusal:
    return ACTIONS[kind].not_now(state)


def _unknown_action(kind: str) -> Refusal:
    return "nyhavn.unknown_action", {"type": kind}


RULES: Rules[State] = Rules(
    game="nyhavn", actions=ACTIONS, phases=PHASE_ACTIONS, current_player=current_player,
    wrong_phase=_wrong_phase, unknown_action=_unknown_action, fallback="pass",
    normalize={kind: module.normalize for kind, module in ACTIONS.items()},
)


def legal_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of the seat to move (see ``docs/nyhavn.md`` for their shapes)."""
    return RULES.legal_actions(state)


def apply_action(state: State, action: dict[str, Any]) -> State:
    """The state after ``action``; ``state`` itself is unchanged. Refusals raise ``IllegalAction``
    (``MalformedAction`` for an action that cannot be read)."""
    return RULES.apply_action(state, action)


#: the state after an action known to be legal, spelt as ``legal_actions`` lists it (the searches' playouts): its
#: ``do`` on a copy, neither read nor refused (``Rules.apply_unchecked``)
apply_unchecked: Callable[[State, dict[str, Any]], State] = RULES.apply_unchecked


def is_over(state: State) -> bool:
    """True once someone reached 12 points or the end-of-game card was revealed."""
    return state.phase == "over"


def scores(state: State) -> list[int]:
    """Points of each seat."""
    return list(state.scores)


def winners(state: State) -> list[int]:
    """Winning seats (several on a shared win); empty while the game goes on."""
    return list(state.winners)


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when the action drew face-down cards (dock refills, reshuffles, the end-of-game card)."""
    return any(e["type"] in REVEALS for e in after.log[len(before.log):])
