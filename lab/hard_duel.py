"""Two-player duels of the hard computer against the strong one, seeded, over both seat orders.

``python3 -m lab.hard_duel <game> [--games N] [--seed S] [--strong-rounds R] [--hard-rounds R]`` plays ``N`` deals (each dealt
twice, hard first then hard second), prints hard's win share with a 95 % (Wilson) interval, the mean score margin
and the CPU milliseconds of hard's searched decisions (median, 95th percentile). Strong plays on a fixed budget
(``--strong-rounds``; by default its own where it has one, as Nyhavn's, else what its clock allows on an idle
machine here) so the run replays exactly under any load. ``--hard-rounds`` gives the hard player another budget
than its own (the docs' smoke runs play at the least, `tests/test_doc_figures.py`).
A shared win counts half.
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from game.core import load_spec

#: rounds the strong player's clock allows per decision on an idle machine here (its search's own figures);
#: ``None``: the strong player has a fixed budget of its own (Nyhavn's ``bots.STRONG_SAMPLES``)
STRONG_ROUNDS: dict[str, int | None] = {"barrio": 20, "nyhavn": None, "neueheimat": 1}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % score interval of a share ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return mid - half, mid + half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("game")
    ap.add_argument("-n", "--games", type=int, default=20, help="deals; each is played in both seat orders")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--strong-rounds", type=int, default=None)
    ap.add_argument("--hard-rounds", type=int, default=None, help="the hard player's budget (default: its own)")
    args = ap.parse_args()
    spec = load_spec(args.game)
    strong_rounds = args.strong_rounds or STRONG_ROUNDS[args.game]
    points, played, margins, hard_ms = 0.0, 0, [], []
    for deal in range(args.games):
        seed = args.seed * 1000 + deal
        for hard_seat in (0, 1):
            state = spec.new_game(2, seed)
            bots = [spec.make_bot("hard", seed * 7 + i, args.hard_rounds) if i == hard_seat else
                    spec.make_bot("strong", seed * 7 + i, strong_rounds) for i in range(2)]
            while not spec.is_over(state):
                seat = spec.current_player(state)
                assert seat is not None  # the game is not over
                legal = spec.legal_actions(state)
                start = time.process_time()
                action = bots[seat].choose(spec.view(state, seat), legal)
                if seat == hard_seat and len(legal) > 1:
                    hard_ms.append((time.process_time() - start) * 1000)
                state = spec.apply_action(state, action)
            won = spec.winners(state)
            points += (1.0 if len(won) == 1 else 0.5) if hard_seat in won else 0.0
            played += 1
            sc = spec.scores(state)
            margins.append(sc[hard_seat] - sc[1 - hard_seat])
        low, high = wilson(points, played)
        print(f"{args.game}: {played} games, hard won {points:g} = {points / played:.1%} "
              f"(95 % {low:.1%}-{high:.1%}), margin {statistics.mean(margins):+.1f}; hard decisions CPU ms "
              f"median {statistics.median(hard_ms):.0f} p95 {sorted(hard_ms)[int(0.95 * len(hard_ms))]:.0f}", flush=True)


if __name__ == "__main__":
    main()
