"""Positions where the coach gives a hint, from seeded games of each title (the coach-follow tests)."""

from __future__ import annotations

from typing import Any, Iterator

from game.core import Rng, coaching, load_spec
from game.ui.coach_display import compute_hint


#: the player counts positions are drawn from: 2 and the most each game seats
PLAYERS = {"barrio": (2, 4), "nyhavn": (2, 4), "neueheimat": (2, 5)}


#: the positions already drawn, per game and count: the taps and reasons files ask for the same ones (states and hints
#: are never changed by a reader), and run on one xdist worker (their ``coach_follow_positions`` group) to share them
_DRAWN: dict[tuple[str, int], list[tuple[Any, int, Any]]] = {}


def hinted_positions(game_id: str, count: int) -> list[tuple[Any, int, Any]]:
    """``(state, seat, hint)`` at ``count`` decisions of seeded random games, 2 players and the most alternately."""
    if (game_id, count) not in _DRAWN:
        _DRAWN[game_id, count] = list(_draw(game_id, count))
    return _DRAWN[game_id, count]


def _draw(game_id: str, count: int) -> Iterator[tuple[Any, int, Any]]:
    spec = load_spec(game_id)
    rng = Rng(34, stream=7)
    found, g = 0, 0
    while found < count:
        players = PLAYERS[game_id][g % 2]
        state = spec.new_game(players, 3400 + g)
        g += 1
        taken = 0
        while not spec.is_over(state) and found < count and taken < 25:
            seat = spec.current_player(state)
            legal = spec.legal_actions(state)
            if len(legal) > 1 and rng.randrange(3) == 0:
                view = spec.view(state, seat)
                yield state, seat, compute_hint(spec, state, seat, coaching.position_seed(view, seat), None)
                found += 1
                taken += 1
            state = spec.apply_action(state, legal[rng.randrange(len(legal))])
