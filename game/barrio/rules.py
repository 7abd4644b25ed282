"""What is legal now, per phase, and applying an action: the engine contract's entry points.

Each action's options, refusals and effect live in :mod:`game.barrio.actions`
(one module per action type); this module's :data:`RULES` says which of them
each phase (``State.phase``) allows and in what order they are listed, and
:class:`game.core.actions.Rules` does the rest: ``legal_actions`` lists the
phase's options, ``apply_action`` asks the action's ``refusal`` (the same rule
its ``options`` list) and then calls its ``do``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

from ..core.actions import ActionRule, Refusal, Rules
from .actions import (
    build, close_gap, combo, discard_houses, draw, full_grid_build, keep_houses, klaus_tie, panorama, pass_turn,
    place, skip,
)
from .state import Action, State


class BarrioAction(ActionRule[State], Protocol):
    """An action module of :mod:`game.barrio.actions`: the shared contract, and Barrio's spelling and reason
    for a phase that does not allow it."""

    def normalize(self, action: Action) -> Action:
        """``action`` (a copy) in the engine's own spelling; ``MalformedAction`` when a field cannot be read."""
        ...

    def wrong_phase(self, state: State) -> Refusal:
        """Why this action type is refused in a phase of a turn that does not allow it."""
        ...


def _nothing_else(s: State, seat: int) -> bool:
    """Do the action types of the phase, ``pass`` aside, offer ``seat`` nothing? (when ``pass`` is legal)"""
    return not any(ACTIONS[kind].options(s, seat) for kind in PHASE_ACTIONS.get(s.phase, ()) if kind != "pass")


#: each action type: the module holding its options, refusals and effect (passing asks the table itself)
ACTIONS: dict[str, BarrioAction] = {
    "keep_houses": keep_houses, "draw": draw, "discard_houses": discard_houses, "place": place, "build": build,
    "close_gap": close_gap, "panorama": panorama, "combo": combo, "skip": skip, "full_grid_build": full_grid_build,
    "klaus_tie": klaus_tie, "pass": pass_turn.Pass(_nothing_else),
}
#: the action types each phase allows, in the order ``legal_actions`` lists them; ``pass`` (last in every
#: phase) is listed only when nothing else is legal
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "start": ("draw", "place", "discard_houses", "pass"),
    "placed1": ("place", "draw", "pass"),
    "placed2": ("draw", "build", "pass"),
    "drawing": ("draw", "pass"),
    "topup": ("draw", "pass"),
    "keep": ("keep_houses", "pass"),
    "klaus_tie": ("klaus_tie", "pass"),
    "gap": ("close_gap", "pass"),
    "panorama": ("panorama", "pass"),
    "combo": ("combo", "skip", "pass"),
    "full_grid": ("full_grid_build", "skip", "pass"),
}
#: phases that wait for one decision: an action type they do not allow is refused with
#: ``barrio.first_<phase>``; in the phases of a turn the action's module says why (``wrong_phase``)
DECISIONS = frozenset(("keep", "klaus_tie", "gap", "panorama", "combo", "full_grid", "topup"))


def current_player(s: State) -> int | None:
    """The seat deciding now (solo: always 0, Klaus's ties included); None once over."""
    return None if s.phase == "over" else s.seat


def is_over(s: State) -> bool:
    """True once the game has ended."""
    return s.phase == "over"


def _wrong_phase(s: State, kind: str) -> Refusal:
    """Why an action of type ``kind`` is refused in a phase that does not allow it."""
    if s.phase in DECISIONS:
        return f"barrio.first_{s.phase}", {}
    return ACTIONS[kind].wrong_phase(s)


def _unknown_action(kind: str) -> Refusal:
    return "barrio.unknown_action", {"action": kind}


RULES: Rules[State] = Rules(
    game="barrio", actions=ACTIONS, phases=PHASE_ACTIONS, current_player=current_player, wrong_phase=_wrong_phase,
    unknown_action=_unknown_action, fallback="pass", normalize={kind: m.normalize for kind, m in ACTIONS.items()},
)

#: every legal action of the seat to move (empty once the game is over)
legal_actions: Callable[[State], list[Action]] = RULES.legal_actions
#: the state after an action; the state given is unchanged. Raises ``IllegalAction`` with a reason
apply_action: Callable[[State, Any], State] = RULES.apply_action
#: why an action is not legal now, as a catalogue key and parameters (``None`` when it is legal)
refusal: Callable[[State, Any], Refusal | None] = RULES.refusal


#: the state after an action known to be legal, as ``legal_actions`` lists it (bots and search use this; no validation)
apply_unchecked: Callable[[State, Action], State] = RULES.apply_unchecked
