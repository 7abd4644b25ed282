"""The strong player as it was before session 34, by its options: it gambled on every auctioneer's buy-back and counted
half its rivals' score. A league candidate (``python3 -m lab.league neueheimat s33=lab.neueheimat.former:make_bot``),
so the tables can set it beside today's on the same seeds."""

from __future__ import annotations

from typing import Any

from game.neueheimat.bots import StrongBot


def make_bot(name: str = "strong", seed: int = 0, iterations: int | None = None) -> Any:
    """The former strong player (``name`` and ``iterations`` are the league's: it has no search to budget)."""
    return StrongBot(seed, rivalry=0.5, gamble_unread=True, rivalry_plain=None)
