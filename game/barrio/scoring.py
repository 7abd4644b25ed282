"""Scores: each side's breakdown, the totals and the winners (Klaus wins ties in solo)."""

from __future__ import annotations

from . import cards as C
from .panoramas import panoramas_points
from .state import State, houses_of


def score_breakdown(s: State, seat: int, visible_only: bool = False) -> dict[str, int]:
    """The parts of a seat's score (solo: seat 1 is Klaus).

    ``visible_only`` counts only Klaus's Burruños the player can see (kept, or
    taken face up), for views during the game; at the end all count.
    """
    sc = C.SCORING[s.scoring_card]
    houses = sum(C.POINTS[h] for p in s.panoramas[seat] for h in p)
    pan = panoramas_points(s.panoramas[seat])
    if s.solo and seat == 1:
        klaus_cards = [c for c in s.klaus_hand if s.public[c]] if visible_only else s.klaus_hand
        burr = sum(1 for c in klaus_cards + s.klaus_kept if C.KIND[c] == C.BURRUNO)
        return {"houses": houses, "panoramas": pan, "rubble": 0, "burrunos": burr * sc["burruno"], "hand": 0,
                "total": houses + pan + burr * sc["burruno"]}
    burr = burrunos_in_rubble(s, seat)
    rubble = rubble_count(s, seat) * sc["rubble"]
    hand = -sum(1 for c in s.hands[seat] if c < C.NUM_MATERIALS) if s.solo else 0
    total = houses + pan + rubble + burr * sc["burruno"] + hand
    return {"houses": houses, "panoramas": pan, "rubble": rubble, "burrunos": burr * sc["burruno"], "hand": hand,
            "total": total}


def burrunos_in_rubble(s: State, seat: int) -> int:
    """The Burruños in ``seat``'s rubble pile: they score as Burruños only."""
    return sum(1 for c in s.rubble[seat] if c < C.NUM_MATERIALS and C.KIND[c] == C.BURRUNO)


def rubble_count(s: State, seat: int) -> int:
    """The cards of ``seat``'s rubble pile that score as rubble (ruling: a Burruño there is not rubble)."""
    return len(s.rubble[seat]) - burrunos_in_rubble(s, seat)


def scores(s: State) -> list[int]:
    """Score of each seat now (solo: [player, Klaus])."""
    return [score_breakdown(s, i)["total"] for i in range(len(s.panoramas))]


def winners(s: State) -> list[int]:
    """Winning seats once over (solo: [0] or [1] for Klaus, who wins ties); empty before."""
    if s.phase != "over":
        return []
    sc = scores(s)
    if s.solo:
        return [0] if sc[0] > sc[1] else [1]
    # ties: fewer houses, then less rubble counted as scoring counts it (a Burruño there is no rubble), else shared
    key = [(sc[i], -houses_of(s, i), -rubble_count(s, i)) for i in range(s.players)]
    best = max(key)
    return [i for i in range(s.players) if key[i] == best]
