"""Declining an offer: the combo (phase ``combo``) or a full grid's free build (phase ``full_grid``, the
market is discarded anyway)."""

from __future__ import annotations

from ...core.actions import Refusal
from ..decks import discard_market
from ..state import Action, State
from ..turns import after_house
from .fields import canonical

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """``[{"type": "skip"}]`` in phases ``combo`` and ``full_grid``."""
    return [{"type": "skip"}] if s.phase in ("combo", "full_grid") else []


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for ``{"type": "skip"}`` when there is an offer to decline."""
    return None if a in options(s, s.seat) else ("barrio.nothing_to_skip", {})


def wrong_phase(s: State) -> Refusal:
    """Only an offer (a combo, a full grid's free build) can be skipped."""
    return "barrio.nothing_to_skip", {}


def do(s: State, a: Action) -> None:
    """``{"type": "skip"}``."""
    if s.phase == "combo":
        after_house(s)
    else:  # full grid: no free build; the market goes anyway
        discard_market(s, "full_grid")
        s.phase, s.resume, s.pending = s.resume, "", None
