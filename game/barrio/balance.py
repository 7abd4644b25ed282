"""Reproduce the figures of docs/barrio.md: ``python -m game.barrio.balance duel|solo [options]``.

``duel``: strong against weak in 2-player games, seats alternating (seeds
5000+); ``solo``: a bot against Klaus at each level (seeds 7000+). Slow: run
with ``nice``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from typing import Any, Sequence

from ..core.play import play_bots
from . import bots


def _budget(seconds: float) -> None:
    """Give every strong bot made from now on this search budget."""
    original = bots.StrongBot.__init__

    def init(self: Any, seed: int = 0, **kw: Any) -> None:
        original(self, seed, time_limit_s=seconds)

    bots.StrongBot.__init__ = init  # type: ignore[method-assign]


def duel(games: int, first_seed: int = 5000) -> dict[str, float]:
    """Strong against weak, 2 players, the strong bot first in even games and second in odd ones."""
    import game.barrio as B
    won = 0.0
    ms: list[float] = []
    for g in range(games):
        seats = ["strong", "weak"] if g % 2 == 0 else ["weak", "strong"]
        strong = seats.index("strong")
        r = play_bots(B, 2, first_seed + g, seats)
        if strong in r.winners:
            won += 1 / len(r.winners)
        ms += r.decision_ms[strong]
    return {"games": games, "strong_win_rate": round(won / games, 4), "strong_decision_ms_median": round(statistics.median(ms), 2)}


def solo(games: int, bot: str, levels: str = "BAC", first_seed: int = 7000) -> dict[str, dict[str, float]]:
    """The given bot against Klaus at each level."""
    import game.barrio as B
    out = {}
    for level in levels:
        won, pts, klaus = 0, 0, 0
        for g in range(games):
            r = play_bots(B, 1, first_seed + g, [bot], level=level)
            won += 0 in r.winners
            pts += r.scores[0]
            klaus += r.scores[1]
        out[level] = {"win_rate": round(won / games, 4), "mean_player": round(pts / games, 1), "mean_klaus": round(klaus / games, 1)}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    p = argparse.ArgumentParser(prog="python -m game.barrio.balance", description=__doc__)
    p.add_argument("what", choices=["duel", "solo"])
    p.add_argument("-n", type=int, default=100)
    p.add_argument("--bot", default="strong")
    p.add_argument("--budget", type=float, default=None, help="strong bot search time per decision, seconds")
    args = p.parse_args(argv)
    if args.budget is not None:
        _budget(args.budget)
    print(duel(args.n) if args.what == "duel" else solo(args.n, args.bot))
    return 0


if __name__ == "__main__":
    sys.exit(main())
