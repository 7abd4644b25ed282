"""A full grid's free build (phase ``full_grid``, not solo): a house from the hand, paid by nobody; the
market is discarded after the turn's placements (:mod:`.skip` declines)."""

from __future__ import annotations

from ...core.actions import Refusal
from .. import cards as C
from ..state import Action, State, event
from .fields import canonical
from .panorama import start_panorama

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """One free build per house in hand (phase ``full_grid``)."""
    if s.phase != "full_grid":
        return []
    return [{"type": "full_grid_build", "house": h} for h in s.hands[seat] if h >= C.NUM_MATERIALS]


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    return None if a in options(s, s.seat) else ("barrio.full_grid_from_hand", {})


def wrong_phase(s: State) -> Refusal:
    """The free build comes only with a full grid."""
    return "barrio.full_grid_from_hand", {}


def do(s: State, a: Action) -> None:
    """``{"type": "full_grid_build", "house": id}``; the house joins the panoramas."""
    p = s.seat
    house = a["house"]
    s.hands[p].remove(house)
    s.public[house] = 0
    event(s, "free_build", player=p, house=house)
    start_panorama(s, house, False)
