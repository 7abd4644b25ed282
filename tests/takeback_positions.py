"""Games with takebacks for the takeback tests (CPython and browser): a turn after a computer's reveal, a finished
game with takebacks."""

from __future__ import annotations

import random

from game.core import Match, Seat

GAMES = [("barrio", 2, {}), ("nyhavn", 2, {}), ("neueheimat", 3, {"rounds": 1})]


def against_computers(game_id: str, n: int, seed: int, options: dict) -> Match:
    return Match.new(game_id, n, seed, [Seat()] + [Seat("computer", "weak") for _ in range(n - 1)], **options)


def turn_start(match: Match, j: int) -> int:
    """The first entry of the run of seat-0 decisions that holds entry ``j`` (computed here, apart from Match)."""
    mark = lambda k: getattr(match.states[k], "turn_number", None)  # noqa: E731
    while j > 0 and match.entries[j - 1].player == match.entries[j].player and mark(j - 1) == mark(j):
        j -= 1
    return j


def at_turn_after_a_computer_reveal(game_id: str, n: int, options: dict) -> Match:
    """A game against computers at the start of the person's turn, where a computer's move since their last
    decision revealed something hidden (a barrier the hot-seat rule never crosses)."""
    for seed in range(1, 30):
        match, rng = against_computers(game_id, n, seed, options), random.Random(seed)
        while not match.spec.is_over(match.state) and len(match.entries) < 600:
            match.apply(rng.choice(match.spec.legal_actions(match.state)))
            mine = [i for i, e in enumerate(match.entries) if e.player == 0]
            if (match.current_player() == 0 and mine and match.entries[-1].player != 0
                    and any(e.barrier and e.player != 0 for e in match.entries[mine[-1]:])
                    and turn_start(match, mine[-1]) > 0):  # not the person's first turn: the floor is not the setup
                return match
    raise AssertionError(f"{game_id}: no computer reveal between two turns of the person")


def finished_with_takebacks(seed: int = 2) -> Match:
    """A whole Nyhavn game against a computer, with a takeback now and then (and a different move played after)."""
    match, rng = against_computers("nyhavn", 2, seed, {}), random.Random(seed)
    turns = 0
    while not match.spec.is_over(match.state):
        if match.current_player() == 0 and match.entries and match.entries[-1].player != 0:
            turns += 1
            if turns % 4 == 0 and match.can_undo():
                match.undo()
        match.apply(rng.choice(match.spec.legal_actions(match.state)))
    return match
