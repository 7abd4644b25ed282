"""Closing the gap a build left (phase ``gap``, when the market can close it more than one way)."""

from __future__ import annotations

from ...core.actions import Refusal
from ..state import Action, Cell, State, event
from .fields import canonical
from .panorama import start_panorama

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """One action per way to close the gap (phase ``gap``), numbered as ``pending["options"]`` lists them."""
    if s.phase != "gap":
        return []
    return [{"type": "close_gap", "option": k} for k in range(len(s.pending["options"]))]


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    return None if a in options(s, s.seat) else ("barrio.gap_option", {})


def wrong_phase(s: State) -> Refusal:
    """A gap is closed right after the build that left it."""
    return "barrio.gap_option", {}


def set_market(s: State, new: dict[Cell, int]) -> None:
    """Make ``new`` the market, logging the cards that moved (``close_gap``)."""
    where = {card: pos for pos, card in s.market.items()}
    moves = [[card, where[card][0], where[card][1], r, c] for (r, c), card in sorted(new.items()) if where[card] != (r, c)]
    s.market = dict(new)
    if moves:
        event(s, "close_gap", moves=moves)


def do(s: State, a: Action) -> None:
    """``{"type": "close_gap", "option": k}``; then the house just built joins the panoramas."""
    opt = s.pending["options"][a["option"]]
    house = s.pending["house"]
    set_market(s, {(r, c): v for r, c, v in opt})
    start_panorama(s, house, False)
