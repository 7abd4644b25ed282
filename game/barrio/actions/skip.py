"""Declining an offer: the combo (phase ``combo``) or a full grid's free build (phase ``full_grid``, the
market is discarded anyway)."""

from __future__ import annotations

from typing import Any

from ..decks import discard_market
from ..state import Action, State
from ..turns import after_house



def options(s: State) -> list[Action]:
    """``[{"type": "skip"}]`` in phases ``combo`` and ``full_grid``."""
    return [{"type": "skip"}] if s.phase in ("combo", "full_grid") else []


def refusal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why this ``skip`` is not legal."""
    return "barrio.nothing_to_skip", {}


def do(s: State, a: Action) -> None:
    """``{"type": "skip"}``."""
    if s.phase == "combo":
        after_house(s)
    else:  # full grid: no free build; the market goes anyway
        discard_market(s, "full_grid")
        s.phase, s.resume, s.pending = s.resume, "", None
