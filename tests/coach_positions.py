"""Positions where the coach gives a hint, from seeded games of each title: one pool for the coach's test files.

The trust file (``tests/test_coach_trust.py``) needs whole games with their records (the insight replays them); the
follow-taps and follow-reasons files need hinted positions. Asking the coach is most of their time (the Barrio coach's
20 rounds), so the three files read the same positions, drawn and hinted once per process: they share one xdist group
(``coach_positions``), so one worker draws them, whichever file runs first.

Their hints are asked at a test budget (:data:`ITERATIONS`): what these files check (a hint's marks make its move,
its reasons agree with it, the insight judges a position as its hint did at the same budget) holds at any budget and
runs the same code, at a third of the CPU. The app's own budget is checked where the default is what is tested: a
whole game played by every hint at the table's default, judged by the insight at its default, lists no mistake
(``tests/test_coach_trust.py``); how strong the coach is, the league measures.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Rng, coaching
from game.core.match import Match, Seat
from game.core.record import GameRecord
from game.ui.coach_display import compute_hint, hint_seed

from .sizes import soak

#: hinted positions per game (the issues ask for at least 300)
POSITIONS = soak(300, 30)
#: (players, options) of the games positions are drawn from, per game: every table size the app offers
TABLES = {
    "barrio": [(2, {}), (3, {}), (4, {}), (1, {"level": "A"}), (1, {"level": "C"})],
    "nyhavn": [(2, {}), (3, {}), (4, {})],
    "neueheimat": [(2, {}), (3, {}), (4, {}), (5, {})],
}
#: the coach's budget in these files, per game (absent: the game's own, :func:`game.core.coaching.coach_iterations`):
#: Barrio's hard search at 1 deal a candidate in its first stage (the app's 3), Nyhavn's search on 4 determinizations
#: (the app's 16), Neue Heimat's hard player on 1 deal a candidate (the app's 2)
ITERATIONS: dict[str, int] = {"barrio": 1, "nyhavn": 4, "neueheimat": 1}
#: the xdist group of every file that reads the pool: one worker draws it once
GROUP = pytest.mark.xdist_group("coach_positions")

#: the games already played, per game: states, records and hints are never changed by a reader
_PLAYED: dict[str, list[dict[str, Any]]] = {}


def played_games(game_id: str) -> list[dict[str, Any]]:
    """Games of random legal play, with the table's hint (at :data:`ITERATIONS`) at sampled decisions of every seat,
    played once.

    One entry per game: its record, its match and, per sampled step (1-based), the state, the seat and the hint.
    """
    if game_id not in _PLAYED:
        _PLAYED[game_id] = _random_games(game_id)
    return _PLAYED[game_id]


def hinted_positions(game_id: str, count: int) -> list[tuple[Any, int, coaching.Hint]]:
    """The first ``count`` ``(state, seat, hint)`` of the pool (every table size, early, middle and late decisions)."""
    assert count <= POSITIONS, f"the pool holds {POSITIONS} positions per game, not {count}"
    return [position for game in played_games(game_id) for position in game["sampled"].values()][:count]


def _random_games(game_id: str) -> list[dict[str, Any]]:
    rng = Rng(2025, stream=25)
    tables = TABLES[game_id]
    games, total, g = [], 0, 0
    while total < POSITIONS:
        players, options = tables[g % len(tables)]
        match = Match.new(game_id, players, 500 + 37 * g, [Seat("human") for _ in range(players)], **options)
        spec = match.spec
        g += 1
        sampled: dict[int, tuple[Any, int, coaching.Hint]] = {}
        # a different stretch of each game, so early, middle and late positions all come up
        skip, taken = rng.randrange(25), 0
        while not spec.is_over(match.state):  # to the end: the insight replays finished games
            state = match.state
            seat = spec.current_player(state)
            legal = spec.legal_actions(state)
            if len(legal) > 1 and skip <= 0 and total < POSITIONS and taken < 30 and rng.randrange(3) == 0:
                sampled[len(match.entries) + 1] = (state, seat, compute_hint(spec, state, seat, hint_seed(match, seat), ITERATIONS.get(game_id)))
                taken += 1
                total += 1
            skip -= 1
            match.apply(legal[rng.randrange(len(legal))])
        games.append({"record": GameRecord.from_match(match), "match": match, "sampled": sampled})
    return games
