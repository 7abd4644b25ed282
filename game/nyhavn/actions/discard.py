"""Discarding down to the hand limit of 7, one card at a time, chosen by the player."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..state import HAND_LIMIT, State
from ..tiles import COLOURS
from . import allows
from .fields import colour_term, now_term, want
from .turn_end import end_turn


def options(state: State, p: int) -> list[Action]:
    """One ``discard`` per colour ``p`` holds."""
    if not allows(state, "discard"):
        return []
    return [{"type": "discard", "colour": COLOURS[c]} for c in range(5) if state.hands[p][c]]


def normalize(a: Action) -> Action:
    """Only the colour: other fields dropped."""
    return {"type": "discard", "colour": a["colour"]} if "colour" in a else {"type": "discard"}


def not_now(state: State) -> Refusal:
    """Discarding with no more than 7 cards."""
    return "nyhavn.discard_not_now", {"now": now_term(state.phase)}


def refusal(s: State, a: Action) -> Refusal | None:
    """Why ``{"type": "discard", "colour": "red"}`` is not legal: a colour the player holds no card of."""
    name = want(a, "colour", str)
    if name not in COLOURS:
        raise MalformedAction(key="nyhavn.unknown_colour", name=name)
    if not s.hands[s.seat][COLOURS.index(name)]:
        return "nyhavn.no_card_of_colour", {"colour": colour_term(name)}
    return None


def do(s: State, a: Action) -> None:
    """Put the card on the discards; at 7 cards, build (Both Actions) or end the turn."""
    p = s.seat
    name = a["colour"]
    c = COLOURS.index(name)
    s.hands[p][c] -= 1
    s.discard[c] += 1
    s.log.append({"type": "discard", "player": p, "colour": name})
    if sum(s.hands[p]) <= HAND_LIMIT:
        if s.both:
            s.phase = "build"
        else:
            s.phase = "turn"
            end_turn(s)
