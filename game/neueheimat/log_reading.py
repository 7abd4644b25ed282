"""What the strong player reads of its rivals' past in the log: a steady ratio of bid to face value.

Read incrementally (:class:`LogReading`): a player asked again later in the same game reads only the log's new
entries. Within a hard player's playouts every decision of every seat is a strong player's, and reading the
whole log again each time was a fifth of the hard player's time.
"""

from __future__ import annotations

import math
from typing import Any


def piece_face(piece: dict[str, Any] | None) -> float:
    """A piece's face value in points: a cube's pips, a roof's number, 4 for the mayor, 2 for the other specials."""
    if not piece:
        return 1.0
    kind = piece["kind"]
    if kind == "cube":
        return float(piece["pips"])
    if kind == "roof":
        return float(max(1, piece["value"]))
    return 4.0 if kind == "mayor" else 2.0


class LogReading:
    """The log's evidence of each seat's auction habits so far, read up to the entries it keeps (:attr:`entries`).

    As auctioneer: the highest ratio of bid to face it bought back at and the lowest it chose to sell at (a forced
    sale is not a choice). As bidder: whether every bid raised the highest by one, its highest ratio, and the
    lowest ratio of a raise by one it passed up.
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.entries: list[dict[str, Any]] = []  #: the entries read (a later log that starts with them continues)
        self.face, self.high = 1.0, 0
        self.low = [0.0] * players
        self.sold = [math.inf] * players
        self.seen = [0] * players
        self.bought = [False] * players
        self.top = [0.0] * players
        self.stop = [math.inf] * players
        self.bids = [0] * players
        self.steady = [True] * players

    def continues(self, log: list[dict[str, Any]], players: int) -> bool:
        """Whether ``log`` is the log read so far with entries added (the same game, later)."""
        # an undo or a takeback rewrites the log's end: compare it all (the same entry objects, mostly: quick)
        return players == self.players and len(log) >= len(self.entries) and log[:len(self.entries)] == self.entries

    def take(self, log: list[dict[str, Any]]) -> None:
        """Read the entries of ``log`` after those already read."""
        for e in log[len(self.entries):]:
            self._entry(e)
        self.entries = log[:]

    def _entry(self, e: dict[str, Any]) -> None:
        t = e["type"]
        if t == "auction":
            self.face, self.high = piece_face(e["piece"]), 0
        elif t == "buy":
            j = e["player"]
            self.low[j] = max(self.low[j], e["amount"] / self.face)
            self.seen[j] += 1
            self.bought[j] = True
        elif t == "sell" and not e["forced"]:
            j = e["player"]
            self.sold[j] = min(self.sold[j], e["amount"] / self.face)
            self.seen[j] += 1
        elif t == "bid":
            j = e["player"]
            self.bids[j] += 1
            self.steady[j] = self.steady[j] and e["amount"] == self.high + 1
            self.top[j] = max(self.top[j], e["amount"] / self.face)
            self.high = e["amount"]
        elif t == "pass" and not e["forced"]:
            j = e["player"]
            self.stop[j] = min(self.stop[j], (self.high + 1) / self.face)

    def auctioneers(self, me: int, evidence: int) -> list[float | None]:
        """Per seat but ``me``, the ratio of bid to face value at which it has switched from buying to selling, when
        its choices so far fit one such ratio (at least ``evidence`` of them, one a purchase); else None."""
        out: list[float | None] = []
        for j in range(self.players):
            low, high = self.low[j], self.sold[j]
            if j == me or self.seen[j] < evidence or not self.bought[j] or low >= high:
                out.append(None)
            else:
                out.append((low + high) / 2 if high < math.inf else low + 0.25)
        return out

    def bidders(self, me: int, evidence: int) -> list[float | None]:
        """Per seat but ``me``, when every bid of its so far raised the highest bid by one (at least ``evidence``
        bids), the ratio of bid to face value up to which it raises: between its highest bid and its lowest pass
        that a raise by one would have beaten; else None."""
        out: list[float | None] = []
        for j in range(self.players):
            top, stop = self.top[j], self.stop[j]
            if j == me or self.bids[j] < evidence or not self.steady[j]:
                out.append(None)
            else:
                out.append((top + stop) / 2 if top < stop < math.inf else top)
        return out
