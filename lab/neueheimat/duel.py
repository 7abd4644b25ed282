"""Neue Heimat's computer players measured against each other (issue 34), through ``game.neueheimat.SPEC`` only.

``python -m lab.neueheimat.duel --players 2 --seats strong,v1 -n 200 --seed 1`` plays
``n`` deals; each deal is played once in every rotation of the seats (so every
player sits in every seat on the same cards), and prints, per player kind, the
share of games won (a shared win counts as a fraction) with its 95 % interval,
the fair share, and the mean score. ``--seats strong,strong,strong`` gives the
mean score of a self-play table (compare with ``weak,weak,weak``).

Players: ``weak`` and ``strong`` are ``SPEC.make_bot``'s; ``v1`` is the frozen
former strong player (:mod:`lab.neueheimat.bots_v1`); ``strong:key=value;...``
is today's strong player with options of :class:`game.neueheimat.bots.StrongBot`
(a candidate while tuning). Deterministic: the deal is ``seed + k`` and each
seat's bot seed is derived from it.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

from game.neueheimat import SPEC
from game.neueheimat.bots import StrongBot

from . import bots_v1


def make(kind: str, seed: int) -> Any:
    """A player of ``kind`` (see the module docstring) with its own seed."""
    if kind == "v1":
        return bots_v1.make_bot("strong", seed)
    if kind.startswith("strong:"):
        opts: dict[str, Any] = {}
        for item in kind.split(":", 1)[1].split(";"):
            if item:
                key, value = item.split("=")
                # True/False as booleans: the string "False" would read as true
                opts[key] = ({"True": True, "False": False}[value] if value in ("True", "False")
                             else float(value) if "." in value else int(value) if value.lstrip("-").isdigit() else value)
        return StrongBot(seed, **opts)
    return SPEC.make_bot(kind, seed)


def play(kinds: list[str], seed: int, rounds: int = 1) -> tuple[list[int], list[int], float, int]:
    """One game of ``kinds`` (seat order) on deal ``seed``: scores, winners, the slowest decision (s), decisions."""
    state = SPEC.new_game(len(kinds), seed, rounds=rounds)
    bots = [make(k, seed * 7919 + 31 * i + 1) for i, k in enumerate(kinds)]
    slowest, count = 0.0, 0
    while not SPEC.is_over(state):
        seat = SPEC.current_player(state)
        assert seat is not None
        legal = SPEC.legal_actions(state)
        start = time.perf_counter()
        act = bots[seat].choose(SPEC.view(state, seat), legal)
        slowest = max(slowest, time.perf_counter() - start)
        count += 1
        state = SPEC.apply_action(state, act)
    return SPEC.scores(state), SPEC.winners(state), slowest, count


def wilson(wins: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate ``wins / n``."""
    if not n:
        return 0.0, 1.0
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(seats: list[str], n: int, seed: int, rounds: int = 1) -> dict[str, dict[str, float]]:
    """Every rotation of ``seats`` on deals ``seed .. seed + n - 1``; figures per player kind."""
    players = len(seats)
    wins: dict[str, float] = {}
    games: dict[str, int] = {}
    points: dict[str, float] = {}
    slowest = 0.0
    decisions = 0
    spent = 0.0
    for k in range(n):
        for shift in range(players if len(set(seats)) > 1 else 1):  # a table of one kind: every rotation is the same game
            kinds = seats[shift:] + seats[:shift]
            start = time.perf_counter()
            scores, winners, slow, count = play(kinds, seed + k, rounds)
            spent += time.perf_counter() - start
            slowest = max(slowest, slow)
            decisions += count
            for i, kind in enumerate(kinds):
                games[kind] = games.get(kind, 0) + 1
                points[kind] = points.get(kind, 0.0) + scores[i]
                if i in winners:
                    wins[kind] = wins.get(kind, 0.0) + 1 / len(winners)
    out: dict[str, dict[str, float]] = {}
    for kind, g in games.items():
        w = wins.get(kind, 0.0)
        lo, hi = wilson(w, g)
        out[kind] = {"games": g, "win": w / g, "lo": lo, "hi": hi, "fair": 1 / players,
                     "mean": points[kind] / g}
    out["_time"] = {"ms_per_decision": 1000 * spent / max(1, decisions), "slowest_ms": 1000 * slowest}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.neueheimat.duel", description=__doc__)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--seats", required=True, help="comma-separated player kinds, one per seat (rotated)")
    parser.add_argument("-n", type=int, default=100, help="deals (each played in every rotation)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args(argv)
    seats = args.seats.split(",")
    if len(seats) != args.players:
        parser.error("one kind per seat")
    result = run(seats, args.n, args.seed, args.rounds)
    timing = result.pop("_time")
    print(f"{args.players} players, seats {args.seats}, {args.n} deals x {args.players} rotations from seed {args.seed}")
    for kind, r in result.items():
        print(f"  {kind:24s} games {int(r['games']):5d}  wins {100 * r['win']:5.1f}% [{100 * r['lo']:.1f}, {100 * r['hi']:.1f}]"
              f" (fair {100 * r['fair']:.0f}%, x{r['win'] / r['fair']:.2f})  mean score {r['mean']:+.1f}")
    print(f"  {timing['ms_per_decision']:.2f} ms per decision, slowest {timing['slowest_ms']:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
