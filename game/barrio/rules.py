"""What is legal now, per phase, and applying an action: the engine contract's entry points.

Each action's options, refusals and effect live in :mod:`game.barrio.actions`
(one module per action type); this module says which of them each phase
(``State.phase``) allows, in what order they are listed, and dispatches.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Callable

from ..core import IllegalAction, MalformedAction
from .actions import (
    build, close_gap, combo, discard_houses, draw, full_grid_build, keep_houses, klaus_tie, panorama, pass_turn,
    place, skip,
)
from .state import Action, State

_Options = Callable[[State], list[Action]]

#: each action type: the module holding its options, refusals and effect
ACTIONS: dict[str, ModuleType] = {
    "keep_houses": keep_houses, "draw": draw, "discard_houses": discard_houses, "place": place, "build": build,
    "close_gap": close_gap, "panorama": panorama, "combo": combo, "skip": skip, "full_grid_build": full_grid_build,
    "klaus_tie": klaus_tie, "pass": pass_turn,
}
#: each action type's effect on a copy already checked legal
EFFECTS: dict[str, Callable[[State, Action], None]] = {kind: m.do for kind, m in ACTIONS.items()}
#: the action types each phase allows, in the order ``legal_actions`` lists them (``pass`` when none is legal)
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "start": ("draw", "place", "discard_houses"),
    "placed1": ("place", "draw"),
    "placed2": ("draw", "build"),
    "drawing": ("draw",),
    "topup": ("draw",),
    "keep": ("keep_houses",),
    "klaus_tie": ("klaus_tie",),
    "gap": ("close_gap",),
    "panorama": ("panorama",),
    "combo": ("combo", "skip"),
    "full_grid": ("full_grid_build", "skip"),
}
#: phases that wait for one decision: any other action (but a pass) is refused with ``barrio.first_<phase>``
DECISIONS = frozenset(("keep", "klaus_tie", "gap", "panorama", "combo", "full_grid", "topup"))
_PHASE_OPTIONS: dict[str, tuple[_Options, ...]] = {
    ph: tuple(ACTIONS[kind].options for kind in kinds)
    for ph, kinds in PHASE_ACTIONS.items()
}
#: each action type's legal options now (``pass`` is the fallback of ``legal_actions``, not listed here)
_OPTIONS: dict[str, _Options] = {kind: m.options for kind, m in ACTIONS.items() if kind != "pass"}
_REFUSAL: dict[str, Callable[[State, Action], tuple[str, dict[str, Any]]]] = {kind: m.refusal for kind, m in ACTIONS.items()}
_NORMALIZE: dict[str, Callable[[Action], None]] = {
    kind: m.normalize for kind, m in ACTIONS.items() if hasattr(m, "normalize")
}


def current_player(s: State) -> int | None:
    """The seat deciding now (solo: always 0, Klaus's ties included); None once over."""
    return None if s.phase == "over" else s.seat


def is_over(s: State) -> bool:
    """True once the game has ended."""
    return s.phase == "over"


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to move (empty once the game is over)."""
    ph = s.phase
    if ph == "over":
        return []
    out: list[Action] = []
    for options in _PHASE_OPTIONS[ph]:
        out += options(s)
    return out or pass_turn.options(s, out)


def _normalize(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction()
    a = dict(action)
    normalize = _NORMALIZE.get(a["type"])
    if normalize is not None:
        normalize(a)
    return a


def apply_action(s: State, action: Action) -> State:
    """The state after ``action``; ``s`` is unchanged. Raises ``IllegalAction`` with a reason."""
    a = _normalize(action)
    legal = _legal_like(s, a)
    if a not in legal:
        try:
            key, params = why_illegal(s, a)
        except (TypeError, KeyError, ValueError, AttributeError, IndexError):
            raise MalformedAction() from None  # fields of the wrong type (a float card, a list for a row): not an action
        raise IllegalAction(key=key, **params)
    a = legal[legal.index(a)]  # the engine's own spelling: 67.0 equals house 67 but cannot index a list
    return apply_unchecked(s, a)


def _legal_like(s: State, a: Action) -> list[Action]:
    """The legal actions that may equal ``a`` (every one that does is in the list): only those of its type,
    and a placement is checked on its own (listing every placement is the costly part of ``legal_actions``)."""
    kind = a["type"]
    if kind == "place":
        return place.legal_like(s, a)
    if kind == "pass":
        return legal_actions(s)
    options = _OPTIONS.get(kind)
    return options(s) if options is not None else []


def apply_unchecked(s: State, a: Action) -> State:
    """Apply an action known to be legal (bots and search use this; no validation)."""
    t = s.copy()
    EFFECTS[a["type"]](t, a)
    return t


def why_illegal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why ``a`` is not legal now (assumes it is not): a catalogue key and its parameters."""
    kind, ph = a["type"], s.phase
    if ph == "over":
        return "barrio.game_over", {}
    refusal = _REFUSAL.get(kind)
    if refusal is None:
        return "barrio.unknown_action", {"action": kind}
    if ph in DECISIONS and kind not in PHASE_ACTIONS[ph] and kind != "pass":
        return f"barrio.first_{ph}", {}
    return refusal(s, a)
