"""Positions where the coach gives a hint, from seeded games of each title (the coach-follow tests)."""

from __future__ import annotations

from game.core import Rng, coaching, load_spec
from game.ui.coach_display import compute_hint


#: the player counts positions are drawn from: 2 and the most each game seats
PLAYERS = {"barrio": (2, 4), "nyhavn": (2, 4), "neueheimat": (2, 5)}


def hinted_positions(game_id: str, count: int):
    """``(state, seat, hint)`` at ``count`` decisions of seeded random games, 2 players and the most alternately."""
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
