"""Passing: the one legal action when the phase allows nothing else (a full hand and nothing to place, ...).

Every phase of :data:`game.barrio.rules.RULES` lists ``pass`` as its fallback:
legal exactly when the phase's other action types offer nothing. Which types
those are is the rules' table, which imports this module: so passing is a
:class:`Pass` that ``rules.py`` makes with the question to ask.
"""

from __future__ import annotations

from typing import Callable

from ...core.actions import Refusal
from ..state import Action, State, event
from ..turns import end_turn, finish_turn
from .fields import canonical


class Pass:
    """The ``pass`` action type; ``nothing_else(state, seat)`` says whether the phase's other action types offer
    ``seat`` nothing."""

    def __init__(self, nothing_else: Callable[[State, int], bool]) -> None:
        self.nothing_else = nothing_else

    def options(self, s: State, seat: int) -> list[Action]:
        """``[{"type": "pass"}]`` when the game goes on and nothing else is legal for ``seat`` (the seat to move)."""
        return [{"type": "pass"}] if s.phase != "over" and self.nothing_else(s, seat) else []

    def refusal(self, s: State, a: Action) -> Refusal | None:
        """``None`` for ``{"type": "pass"}`` when nothing else is legal."""
        return None if a in self.options(s, s.seat) else ("barrio.pass_not_allowed", {})

    def wrong_phase(self, s: State) -> Refusal:
        """Every phase allows a pass when nothing else is legal."""
        return "barrio.pass_not_allowed", {}

    def normalize(self, a: Action) -> Action:
        """The engine's spelling (a pass has no field to spell)."""
        return canonical(a)

    def do(self, s: State, a: Action) -> None:
        """``{"type": "pass"}``: ends the top-up or the turn."""
        event(s, "pass", player=s.seat)
        if s.phase == "topup":
            finish_turn(s)
        else:
            end_turn(s)
