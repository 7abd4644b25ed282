"""Whole games played by seeded computer players through a Match, for the record, link and stats tests."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from game.core import Match, RandomBot, Seat


def play_match(game_id: str, num_players: int, seed: int, seats: list[Seat] | None = None,
               random_seats: tuple[int, ...] = (), **options: Any) -> Match:
    """Play a game to the end: seats in ``random_seats`` pick uniformly at random, the rest play weak.

    ``seats`` only says who is human (for records); every seat is played by a bot here.
    """
    match = Match.new(game_id, num_players, seed, seats, **options)
    spec = match.spec
    bots = {i: RandomBot(seed * 31 + i) if i in random_seats else spec.make_bot("weak", seed * 97 + i)
            for i in range(len(match.seats))}
    while not spec.is_over(match.state):
        player = match.current_player()
        match.apply(bots[player].choose(spec.view(match.state, player), spec.legal_actions(match.state)))
    return match


def one_human(num_players: int, name: str = "Ana", bot: str = "weak") -> list[Seat]:
    """Seat 0 a person, the others computers of strength ``bot``."""
    return [Seat("human", None, name)] + [Seat("computer", bot, "") for _ in range(max(num_players, 1) - 1)]


#: (game, players, options) covering the three games, solo, every player count and long Neue Heimat games
SETTINGS = [
    ("barrio", 1, {"level": "A"}), ("barrio", 1, {"level": "C"}), ("barrio", 2, {}), ("barrio", 4, {"scoring_card": "D"}),
    ("nyhavn", 2, {}), ("nyhavn", 3, {}), ("nyhavn", 4, {}),
    ("neueheimat", 2, {}), ("neueheimat", 4, {"rounds": 3}), ("neueheimat", 5, {"rounds": 2}),
]


@lru_cache(maxsize=None)
def sample(seed: int) -> tuple[Match, ...]:
    """One game per :data:`SETTINGS` entry, seat 1 random on odd seeds (cached: playing is the slow part)."""
    return tuple(play_match(g, n, seed, one_human(n), random_seats=(1,) if seed % 2 else (), **opts)
                 for g, n, opts in SETTINGS)
