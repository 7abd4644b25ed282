"""Keeping dealt houses before the first turn (phase ``keep``): each seat keeps any of them, the rest go back."""

from __future__ import annotations

from itertools import combinations

from ...core.actions import Refusal
from ..setup import finish_keep
from ..state import Action, State, event
from .fields import sort_cards

normalize = sort_cards


def options(s: State, seat: int) -> list[Action]:
    """Every subset of the hand, in id order (phase ``keep`` only)."""
    if s.phase != "keep":
        return []
    hand = sorted(s.hands[seat])
    return [{"type": "keep_houses", "cards": list(sub)} for k in range(len(hand) + 1) for sub in combinations(hand, k)]


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options (a subset of the hand, which :func:`normalize` put in id order)."""
    return None if a in options(s, s.seat) else ("barrio.keep_only_dealt", {})


def wrong_phase(s: State) -> Refusal:
    """Keeping is for the dealt houses, before the first turn."""
    return "barrio.keep_only_dealt", {}


def do(s: State, a: Action) -> None:
    """``{"type": "keep_houses", "cards": [...]}``: the others go back under the house deck; the next seat keeps."""
    p = s.seat
    kept = [c for c in s.hands[p] if c in a["cards"]]
    returned = [c for c in s.hands[p] if c not in a["cards"]]
    s.hands[p] = kept
    s.house_deck.extend(returned)
    event(s, "keep_houses", player=p, kept=len(kept), returned=len(returned))
    if p + 1 < s.players:
        s.seat = p + 1
    else:
        finish_keep(s)
