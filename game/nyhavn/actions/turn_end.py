"""The end of a turn: refill the docks in order from the supply, then the next seat.

Also the ``end_turn`` action (after taking cards with *Both Actions*, a player
may decline to build) and the end of the game by the end-of-game card.
"""

from __future__ import annotations

from ...core.actions import Action, Refusal
from ..state import DOCKS, END_BESIDE, END_CARD, END_REVEALED, State, bury_end_card, empty_spaces
from ..tiles import COLOURS
from . import allows
from .fields import now_term


def draw(s: State) -> int | None:
    """The top supply card, reshuffling the discards when the supply runs out; ``None`` if none at all."""
    if not s.supply:
        total = sum(s.discard)
        if total == 0 and not (s.players >= 3 and s.end_card == END_BESIDE):
            return None
        pile = [c for c in range(5) for _ in range(s.discard[c])]
        s.discard = [0] * 5
        s.rng.shuffle(pile)
        s.supply = pile
        s.log.append({"type": "reshuffle", "cards": len(pile)})
        if s.end_card == END_BESIDE:
            bury_end_card(s)
        s.reshuffled = True
    return s.supply.pop()


def end_turn(s: State) -> None:
    """Refill the docks in order, then pass the turn; the end-of-game card ends the game at once."""
    for d in range(DOCKS):
        if s.docks[d] >= 0:
            continue
        card = draw(s)
        if card is None:
            continue
        if card == END_CARD:
            s.end_card = END_REVEALED
            s.log.append({"type": "end_card", "dock": d})
            finish_by_end_card(s)
            return
        s.docks[d] = card
        s.log.append({"type": "refill", "dock": d, "card": COLOURS[card]})
    s.both = False
    s.phase = "turn"
    s.seat = (s.seat + 1) % s.players
    s.log.append({"type": "turn", "player": s.seat})


def finish_by_end_card(s: State) -> None:
    """The end-of-game card came up: most points win, ties to the fewest empty spaces, then shared."""
    best = max(s.scores)
    tied = [p for p in range(s.players) if s.scores[p] == best]
    fewest = min(empty_spaces(s, p) for p in tied)
    s.winners = [p for p in tied if empty_spaces(s, p) == fewest]
    s.phase = "over"
    s.arms = 0
    s.log.append({"type": "end", "reason": "end_card", "winners": s.winners[:], "scores": s.scores[:]})


def options(state: State, p: int) -> list[Action]:
    """``end_turn`` whenever the phase allows it (the build half of Both Actions may always be declined)."""
    return [{"type": "end_turn"}] if allows(state, "end_turn") else []


def normalize(a: Action) -> Action:
    """No fields: any others dropped."""
    return {"type": "end_turn"}


def not_now(state: State) -> Refusal:
    """Ending the turn by hand outside the build half of Both Actions."""
    return "nyhavn.end_turn_not_now", {"now": now_term(state.phase)}


def refusal(s: State, a: Action) -> Refusal | None:
    """``{"type": "end_turn"}`` is legal in every phase that allows it."""
    return None


def do(s: State, a: Action) -> None:
    """After taking with Both Actions, end the turn without building."""
    s.log.append({"type": "no_build", "player": s.seat})
    end_turn(s)
