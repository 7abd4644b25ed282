"""Random legal play through a game's spec: every state on the way (a helper module the test files share)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from game.core.contract import GameSpec


def random_states(spec: GameSpec, players: int, seed: int, steps: int) -> Iterator[Any]:
    """Up to ``steps`` states of one game of random legal moves from ``seed``, the first the new game's."""
    rng = random.Random(seed)
    state = spec.new_game(players, seed)
    for _ in range(steps):
        yield state
        if spec.is_over(state):
            return
        state = spec.apply_action(state, rng.choice(spec.legal_actions(state)))
