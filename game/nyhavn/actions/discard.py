"""Discarding down to the hand limit of 7, one card at a time, chosen by the player."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..state import HAND_LIMIT, State
from ..tiles import COLOURS
from .fields import colour_term, now_term, want
from .turn_end import end_turn


def options(state: State, p: int) -> list[dict[str, Any]]:
    """One ``discard`` per colour ``p`` holds."""
    return [{"type": "discard", "colour": COLOURS[c]} for c in range(5) if state.hands[p][c]]


def do(s: State, a: dict[str, Any]) -> None:
    """``{"type": "discard", "colour": "red"}``."""
    p = s.seat
    if s.phase != "discard":
        raise IllegalAction(key="nyhavn.discard_not_now", now=now_term(s.phase))
    name = want(a, "colour", str)
    if name not in COLOURS:
        raise MalformedAction(key="nyhavn.unknown_colour", name=name)
    c = COLOURS.index(name)
    if not s.hands[p][c]:
        raise IllegalAction(key="nyhavn.no_card_of_colour", colour=colour_term(name))
    s.hands[p][c] -= 1
    s.discard[c] += 1
    s.log.append({"type": "discard", "player": p, "colour": name})
    if sum(s.hands[p]) <= HAND_LIMIT:
        if s.both:
            s.phase = "build"
        else:
            s.phase = "turn"
            end_turn(s)
