"""Discarding houses at the start of a turn (not solo): the turn then draws as many cards instead."""

from __future__ import annotations

from itertools import combinations

from ...core.actions import Refusal
from .. import cards as C
from ..state import Action, State, event
from .fields import sort_cards

normalize = sort_cards


def options(s: State, seat: int) -> list[Action]:
    """Every non-empty set of the hand's houses (phase ``start``, not solo), cards in id order: the order
    ``normalize`` puts them in, so applying a listed action checked or unchecked (bots, replays) gives the
    same discard pile."""
    if s.phase != "start" or s.solo:
        return []
    houses = sorted(c for c in s.hands[seat] if c >= C.NUM_MATERIALS)
    return [{"type": "discard_houses", "cards": list(sub)} for k in range(1, len(houses) + 1)
            for sub in combinations(houses, k)]


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    if a in options(s, s.seat):
        return None
    if s.solo:
        return "barrio.solo_no_houses", {}
    if not a.get("cards"):
        return "barrio.discard_at_least_one", {}
    return "barrio.discard_only_houses", {}


def wrong_phase(s: State) -> Refusal:
    """Houses are discarded instead of placing, at the start of a turn (never in solo)."""
    return ("barrio.solo_no_houses" if s.solo else "barrio.discard_at_start"), {}


def do(s: State, a: Action) -> None:
    """``{"type": "discard_houses", "cards": [...]}``: to the house discard; as many draws follow."""
    p = s.seat
    for c in a["cards"]:
        s.hands[p].remove(c)
        s.public[c] = 0
    s.house_discard.extend(a["cards"])
    event(s, "discard_houses", player=p, cards=list(a["cards"]))
    s.draws_left, s.klaus_owed = len(a["cards"]), 0
    s.phase = "drawing"
