"""Keeping dealt houses before the first turn (phase ``keep``): each seat keeps any of them, the rest go back."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..setup import finish_keep
from ..state import Action, State, event
from .fields import sort_cards

normalize = sort_cards


def options(s: State) -> list[Action]:
    """Every subset of the hand, in id order (phase ``keep`` only)."""
    if s.phase != "keep":
        return []
    hand = sorted(s.hands[s.seat])
    return [{"type": "keep_houses", "cards": list(sub)} for k in range(len(hand) + 1) for sub in combinations(hand, k)]


def refusal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why this ``keep_houses`` is not legal."""
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
