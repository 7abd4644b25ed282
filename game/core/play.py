"""Playing whole games between computer players, for simulation and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .rng import Rng


@dataclass
class GameResult:
    """How one simulated game ended."""

    scores: list[int]
    winners: list[int]
    actions: int
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


def play_bots(module: Any, num_players: int, seed: int, bots: list[str], max_actions: int = 20000,
              iterations: int | None = None, **options: Any) -> GameResult:
    """Play one game where seat ``i`` is ``module.make_bot(bots[i])``; return the result.

    Each bot sees only ``module.view(state, seat)``. Decision times are kept
    per seat for the benchmarks. ``iterations`` gives every ``"strong"`` seat
    that fixed search budget instead of the clock, so the game is reproducible.
    """
    rng = Rng(seed, stream=7)
    state = module.new_game(num_players, seed, **options)
    players = [module.make_bot(name, rng.next_u32(), iterations=iterations)
               if iterations is not None and name == "strong" else module.make_bot(name, rng.next_u32())
               for name in bots]
    times: dict[int, list[float]] = {i: [] for i in range(len(players))}
    count = 0
    while not module.is_over(state):
        if count >= max_actions:
            raise RuntimeError(f"{module.GAME_ID}: game did not end within {max_actions} actions (seed {seed})")
        seat = module.current_player(state)
        legal = module.legal_actions(state)
        t0 = time.perf_counter()
        action = players[seat].choose(module.view(state, seat), legal)
        times[seat].append((time.perf_counter() - t0) * 1000)
        state = module.apply_action(state, action)
        count += 1
    return GameResult(list(module.scores(state)), list(module.winners(state)), count, times)
