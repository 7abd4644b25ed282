"""CPU milliseconds of Neue Heimat's hard player per decision, for budgets side by side on the same positions.

``python -m lab.neueheimat.hard_speed --players 5 -n 24 --budget 4,2,400 --budget 4,1,400`` plays one game of
strong players per seed from ``--seed`` (seeded, through ``game.neueheimat.SPEC``), keeps ``n`` of their
decisions with a choice spread over the games (every ``--every``-th), and times the hard player's
``choose`` on each position with every budget (``candidates,deals,depth``: ``bots.HardBot``'s own
arguments; the depth is the 2-player one, scaled by the player as it does), in turns, so load moves every
budget alike. Prints median, p95 and slowest CPU milliseconds (``time.process_time``) and how often each
budget's choice is the first budget's.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from game.neueheimat import SPEC
from game.neueheimat.bots import HardBot


def positions(players: int, n: int, seed: int, every: int) -> list[tuple[dict[str, Any], list[dict[str, Any]], int]]:
    """``n`` (view, legal, seat) of strong players' games with a choice, every ``every``-th, from seed ``seed`` on."""
    out: list[tuple[dict[str, Any], list[dict[str, Any]], int]] = []
    game = 0
    while len(out) < n:
        state = SPEC.new_game(players, seed + game)
        bots = [SPEC.make_bot("strong", (seed + game) * 31 + i) for i in range(players)]
        game += 1
        count = 0
        while not SPEC.is_over(state) and len(out) < n:
            seat = SPEC.current_player(state)
            assert seat is not None  # the game is not over
            legal = SPEC.legal_actions(state)
            view = SPEC.view(state, seat)
            if len(legal) > 1:
                count += 1
                if count % every == 0:
                    out.append((view, legal, seat))
            state = SPEC.apply_action(state, bots[seat].choose(view, legal))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.neueheimat.hard_speed", description=__doc__)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("-n", type=int, default=24, help="positions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=7, help="keep every k-th decision with a choice")
    parser.add_argument("--budget", action="append", required=True, help="candidates,deals,depth (repeatable)")
    args = parser.parse_args(argv)
    budgets = [tuple(int(x) for x in b.split(",")) for b in args.budget]
    times: list[list[float]] = [[] for _ in budgets]
    same = [0] * len(budgets)
    found = positions(args.players, args.n, args.seed, args.every)
    for i, (view, legal, _seat) in enumerate(found):
        first: Any = None
        for b, (cands, deals, depth) in enumerate(budgets):
            bot = HardBot(1000 + i, candidates=cands, deals=deals, depth=depth)
            start = time.process_time()
            act = bot.choose(view, legal)
            times[b].append(1000 * (time.process_time() - start))
            first = act if b == 0 else first
            same[b] += act == first
    for b, budget in enumerate(budgets):
        t = sorted(times[b])
        p95 = t[min(len(t) - 1, int(round(0.95 * len(t))) - 1)]
        print(f"{args.players} players, budget {budget}: {len(t)} positions, CPU ms median {statistics.median(t):.0f}, "
              f"p95 {p95:.0f}, slowest {t[-1]:.0f}; the first budget's choice {same[b]}/{len(t)}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
