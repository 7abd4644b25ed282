"""How long Neue Heimat's strong player takes per decision, against its former self (``python -m lab.neueheimat.speed``).

Plays ``n`` games of each player count with the player under test in every seat
(``strong`` now, or the frozen ``v1``), through ``game.neueheimat.SPEC``, and
prints the median, 95th percentile and slowest decision in milliseconds
(decisions with one legal action are not timed: the players return at once).
"""

from __future__ import annotations

import argparse
import statistics
import time

from game.neueheimat import SPEC

from .duel import make


def decision_times(kind: str, players: int, n: int, seed: int) -> list[float]:
    """Milliseconds of every decision with a choice, ``n`` games of ``players`` seats all played by ``kind``."""
    times: list[float] = []
    for k in range(n):
        state = SPEC.new_game(players, seed + k)
        bots = [make(kind, (seed + k) * 7919 + 31 * i + 1) for i in range(players)]
        while not SPEC.is_over(state):
            seat = SPEC.current_player(state)
            assert seat is not None
            legal = SPEC.legal_actions(state)
            view = SPEC.view(state, seat)
            start = time.perf_counter()
            act = bots[seat].choose(view, legal)
            if len(legal) > 1:
                times.append(1000 * (time.perf_counter() - start))
            state = SPEC.apply_action(state, act)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.neueheimat.speed", description=__doc__)
    parser.add_argument("-n", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for players in (2, 3, 5):
        for kind in ("v1", "strong"):
            t = sorted(decision_times(kind, players, args.n, args.seed))
            p95 = t[int(0.95 * (len(t) - 1))]
            print(f"{players} players, {kind:6s}: {len(t):5d} decisions, median {statistics.median(t):.2f} ms,"
                  f" p95 {p95:.2f} ms, slowest {t[-1]:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
