"""One action contract for every engine: an action type is a module with ``options``, ``refusal`` and ``do``.

Each engine lists its action modules and, per phase, the action types the phase
allows, in a :class:`Rules`; :meth:`Rules.legal_actions` and
:meth:`Rules.apply_action` are then the engine's ``legal_actions`` and
``apply_action``, written once here:

* ``options(state, seat)``: every legal action of the type for ``seat`` now (the
  seat to move), empty in a phase that does not allow it;
* ``refusal(state, action)``: ``None`` when ``action`` (of this type, in a phase
  that allows it) is legal now, else why not, as a catalogue key and its
  parameters;
* ``do(state, action)``: its effect, on a copy already found legal.

``options`` and ``refusal`` must agree (``action in options(...)`` exactly
when ``refusal(...)`` is ``None``); ``tests/test_one_shape.py`` checks it on
random positions of every game. An action module can get this for free by
listing candidates and keeping those ``refusal`` lets through, or by checking
membership in a cheap enumeration inside ``refusal``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generic, Mapping, Protocol, TypeVar

from .errors import IllegalAction, MalformedAction

Action = dict[str, Any]
#: why an action is refused: a catalogue key (``"barrio.not_your_card"``) and its parameters
Refusal = tuple[str, dict[str, Any]]


class PhasedState(Protocol):
    """What :class:`Rules` needs of a state: its phase and a copy to change."""

    @property
    def phase(self) -> str: ...

    def copy(self) -> Any: ...


S = TypeVar("S", bound=PhasedState)
S_contra = TypeVar("S_contra", contravariant=True)


class ActionRule(Protocol[S_contra]):
    """One action type (usually a module of ``game/<id>/actions/``)."""

    def options(self, state: S_contra, seat: int) -> list[Action]:
        """Every legal action of this type for ``seat`` now."""
        ...

    def refusal(self, state: S_contra, action: Action) -> Refusal | None:
        """``None`` when ``action`` is legal now, else why it is not."""
        ...

    def do(self, state: S_contra, action: Action) -> None:
        """Apply ``action`` (already found legal) to ``state`` in place."""
        ...


#: the exceptions a field of the wrong type raises inside a refusal: the action is malformed, not illegal
FIELD_ERRORS = (TypeError, KeyError, ValueError, AttributeError, IndexError)


@dataclass(frozen=True)
class Rules(Generic[S]):
    """An engine's action table: its action types and which of them each phase allows."""

    game: str  #: the key prefix of the engine's refusals: ``"barrio"``
    actions: Mapping[str, ActionRule[Any]]  #: each action type's module
    #: the action types each phase allows, in the order ``legal_actions`` lists them (a phase not listed: none)
    phases: Mapping[str, tuple[str, ...]]
    current_player: Callable[[Any], int | None]
    #: the refusal of an action type the phase does not allow: ``(state, type) -> refusal``
    wrong_phase: Callable[[Any, str], Refusal]
    #: the refusal of an action type the engine does not have (raised as ``MalformedAction``)
    unknown_action: Callable[[str], Refusal]
    #: an action type listed only when nothing else is legal (Barrio's and Nyhavn's ``pass``)
    fallback: str | None = None
    #: the refusal of something that is no action at all (not a dict with a string ``type``), raised as
    #: ``MalformedAction``; ``None``: the generic ``core.malformed``
    not_an_action: Refusal | None = None
    #: the engine's own spelling of an action before it is checked (``67.0`` as house ``67``), per type;
    #: raises ``MalformedAction`` for fields that cannot be read
    normalize: Mapping[str, Callable[[Action], Action]] = field(default_factory=dict)

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action of the seat to move (empty once the game is over)."""
        seat = self.current_player(state)
        if seat is None:
            return []
        out: list[Action] = []
        for kind in self.phases.get(state.phase, ()):
            if kind != self.fallback:
                out += self.actions[kind].options(state, seat)
        if not out and self.fallback is not None and self.fallback in self.phases.get(state.phase, ()):
            out = self.actions[self.fallback].options(state, seat)
        return out

    def read(self, action: Any) -> Action:
        """``action`` as a dict the engine checks: a copy, normalised; ``MalformedAction`` if it is none."""
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            if self.not_an_action is None:
                raise MalformedAction()
            key, params = self.not_an_action
            raise MalformedAction(key=key, **params)
        a = dict(action)
        normalize = self.normalize.get(a["type"])
        return normalize(a) if normalize is not None else a

    def refusal(self, state: S, action: Any) -> Refusal | None:
        """Why ``action`` is not legal now (``None`` when it is); ``MalformedAction`` for one that cannot be read
        or whose type the engine does not have."""
        return self._refusal_of_read(state, self.read(action))

    def _refusal_of_read(self, state: S, a: Action) -> Refusal | None:
        """:meth:`refusal` of an action :meth:`read` already (apply reads it once, not twice)."""
        kind = a["type"]
        if self.current_player(state) is None:
            return f"{self.game}.game_over", {}
        rule = self.actions.get(kind)
        if rule is None:
            key, params = self.unknown_action(kind)
            raise MalformedAction(key=key, **params)
        if kind not in self.phases.get(state.phase, ()):
            return self.wrong_phase(state, kind)
        try:
            return rule.refusal(state, a)
        except FIELD_ERRORS:
            raise MalformedAction() from None

    def apply_action(self, state: S, action: Any) -> S:
        """The state after ``action``; ``state`` is unchanged. Raises ``IllegalAction`` with a reason."""
        a = self.read(action)
        why = self._refusal_of_read(state, a)
        if why is not None:
            key, params = why
            raise IllegalAction(key=key, **params)
        after: S = state.copy()
        self.actions[a["type"]].do(after, a)
        return after

    def apply_unchecked(self, state: S, action: Action) -> S:
        """The state after an action known to be legal, spelt as :meth:`legal_actions` lists it (the searches'
        playouts): its ``do`` on a copy, neither read nor refused."""
        after: S = state.copy()
        self.actions[action["type"]].do(after, action)
        return after
