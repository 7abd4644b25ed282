"""Playing whole games between computer players, for simulation and tests."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from .contract import GameSpec
from .rng import Rng


@dataclass
class GameResult:
    """How one simulated game ended."""

    scores: list[int]
    winners: list[int]
    actions: int
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


def play_bots(spec: GameSpec, num_players: int, seed: int, bots: list[str], max_actions: int = 20000,
              iterations: int | None = None, **options: Any) -> GameResult:
    """Play one game where seat ``i`` is ``spec.make_bot(bots[i])``; return the result.

    Each bot sees only ``spec.view(state, seat)``. Decision times are kept
    per seat for the benchmarks. ``iterations`` gives every ``"strong"`` seat
    that fixed search budget instead of the clock, so the game is reproducible.
    """
    rng = Rng(seed, stream=7)
    state = spec.new_game(num_players, seed, **options)
    players = [spec.make_bot(name, rng.next_u32(), iterations=iterations)
               if iterations is not None and name == "strong" else spec.make_bot(name, rng.next_u32())
               for name in bots]
    times: dict[int, list[float]] = {i: [] for i in range(len(players))}
    count = 0
    while not spec.is_over(state):
        if count >= max_actions:
            raise RuntimeError(f"{spec.game_id}: game did not end within {max_actions} actions (seed {seed})")
        seat = spec.current_player(state)
        assert seat is not None  # the game is not over
        legal = spec.legal_actions(state)
        t0 = time.perf_counter()
        action = players[seat].choose(spec.view(state, seat), legal)
        times[seat].append((time.perf_counter() - t0) * 1000)
        state = spec.apply_action(state, action)
        count += 1
    return GameResult(list(spec.scores(state)), list(spec.winners(state)), count, times)
