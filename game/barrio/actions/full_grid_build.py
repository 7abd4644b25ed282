"""A full grid's free build (phase ``full_grid``, not solo): a house from the hand, paid by nobody; the
market is discarded after the turn's placements (:mod:`.skip` declines)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..state import Action, State, event
from .panorama import start_panorama


def options(s: State) -> list[Action]:
    """One free build per house in hand (phase ``full_grid``)."""
    if s.phase != "full_grid":
        return []
    return [{"type": "full_grid_build", "house": h} for h in s.hands[s.seat] if h >= C.NUM_MATERIALS]


def refusal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why this ``full_grid_build`` is not legal."""
    return "barrio.full_grid_from_hand", {}


def do(s: State, a: Action) -> None:
    """``{"type": "full_grid_build", "house": id}``; the house joins the panoramas."""
    p = s.seat
    house = a["house"]
    s.hands[p].remove(house)
    s.public[house] = 0
    event(s, "free_build", player=p, house=house)
    start_panorama(s, house, False)
