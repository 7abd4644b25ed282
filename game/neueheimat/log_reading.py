"""What the strong player reads of its rivals' past in the log: a steady ratio of bid to face value, and whether
every choice so far fits the weak player's rules (the plain rules, defined here and played by ``bots.WeakBot``).

Read incrementally (:class:`LogReading`): a player asked again later in the same game reads only the log's new
entries. Within a hard player's playouts every decision of every seat is a strong player's, and reading the
whole log again each time was a fifth of the hard player's time.
"""

from __future__ import annotations

import math
from typing import Any

from .state import BASE_LENGTH, ROWS, SINGLE_LOTS


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


def plain_value(piece: dict[str, Any] | None) -> float:
    """What the weak player thinks a piece is worth in millions: half its face, 2 for the mayor."""
    if not piece:
        return 0.0
    kind = piece["kind"]
    if kind == "cube":
        return float(piece["pips"]) / 2
    if kind == "roof":
        return float(piece["value"]) / 2
    return 2.0 if kind == "mayor" else 1.0


# The weak player's rules (the plain rules), shared by the weak player (``bots.WeakBot``) and the reading of a rival
# whose every choice so far fits them (:attr:`LogReading.plain`).
def weak_bid_limit(piece: dict[str, Any] | None, luck: float) -> int:
    """The highest bid a weak player makes for ``piece``: its plain value plus ``luck`` (in [0, 1)), rounded down."""
    return int(plain_value(piece) + luck)


def weak_buys(high_bid: int, piece: dict[str, Any] | None) -> bool:
    """Whether a weak auctioneer buys ``piece`` back at ``high_bid``: when the bid is at most its plain value."""
    return high_bid <= plain_value(piece)


def weak_height(house_pips: int, pips: int, own_colour: bool) -> float:
    """How much a weak player likes putting a cube of ``pips`` on a house of ``house_pips``: the tallest house,
    of a colour it owns or nobody does (another's colour counts 0.3)."""
    return (house_pips + pips) * (1 if own_colour else 0.3)


class LogReading:
    """The log's evidence of each seat's auction habits so far, read up to the entries it keeps (:attr:`entries`).

    As auctioneer: the highest ratio of bid to face it bought back at and the lowest it chose to sell at (a forced
    sale is not a choice). As bidder: whether every bid raised the highest by one, its highest ratio, and the
    lowest ratio of a raise by one it passed up. :attr:`plain`: whether each seat's every bid, purchase, sale and
    placement so far fits the plain rules (a placement checked on the table the log built).
    """

    def __init__(self, players: int) -> None:
        self.players = players
        self.entries: list[dict[str, Any]] = []  #: the entries read (a later log that starts with them continues)
        self.face, self.high = 1.0, 0
        self.piece: dict[str, Any] | None = None  #: the piece auctioned last
        self.low = [0.0] * players
        self.sold = [math.inf] * players
        self.seen = [0] * players
        self.bought = [False] * players
        self.top = [0.0] * players
        self.stop = [math.inf] * players
        self.bids = [0] * players
        self.steady = [True] * players
        self.plain = [True] * players
        self.fits = [0] * players  #: each seat's choices checked against the plain rules (all fit while plain)
        # the table as the log built it, to check each placement against the plain rules
        self.board: list[list[tuple[list[tuple[int, int]], int]]] = [[], [], []]  # houses: (colour, pips) cubes, roof
        self.lengths = [BASE_LENGTH] * ROWS
        self.owners = [-1] * 6

    def continues(self, log: list[dict[str, Any]], players: int) -> bool:
        """Whether ``log`` is the log read so far with entries added (the same game, later)."""
        # an undo or a takeback rewrites the log's end: compare it all (the same entry objects, mostly: quick)
        return players == self.players and len(log) >= len(self.entries) and log[:len(self.entries)] == self.entries

    def copy(self) -> "LogReading":
        """A reading of the same entries that goes on apart from this one (the hard player's playouts each start
        from the reading of the position they leave from, instead of reading the whole log again)."""
        other = LogReading.__new__(LogReading)
        other.__dict__.update(self.__dict__)
        for name in ("entries", "low", "sold", "seen", "bought", "top", "stop", "bids", "steady", "plain", "fits",
                     "lengths", "owners"):
            setattr(other, name, getattr(self, name)[:])
        other.board = [[(cubes[:], roof) for cubes, roof in row] for row in self.board]
        return other

    def take(self, log: list[dict[str, Any]]) -> None:
        """Read the entries of ``log`` after those already read."""
        for e in log[len(self.entries):]:
            self._entry(e)
        self.entries = log[:]

    def _entry(self, e: dict[str, Any]) -> None:
        t = e["type"]
        if t == "round_start":
            self.board, self.lengths, self.owners = [[], [], []], [BASE_LENGTH] * ROWS, [-1] * 6
        elif t in ("permit", "cancel"):
            self.lengths[e["row"]] = e["length"]
        elif t == "marker":
            self.owners[e["colour"]] = e["player"]
        elif t == "place":
            self._placed(e)
        elif t == "auction":
            self.piece, self.face, self.high = e["piece"], piece_face(e["piece"]), 0
        elif t == "buy":
            j = e["player"]
            self.low[j] = max(self.low[j], e["amount"] / self.face)
            self.seen[j] += 1
            self.bought[j] = True
            self.plain[j] = self.plain[j] and weak_buys(e["amount"], self.piece)
            self.fits[j] += 1
        elif t == "sell" and not e["forced"]:
            j = e["player"]
            self.sold[j] = min(self.sold[j], e["amount"] / self.face)
            self.seen[j] += 1
            self.plain[j] = self.plain[j] and not weak_buys(e["amount"], self.piece)
            self.fits[j] += 1
        elif t == "bid":
            j = e["player"]
            self.bids[j] += 1
            self.steady[j] = self.steady[j] and e["amount"] == self.high + 1
            # (0.999: the most the weak player's luck, in [0, 1), lets it bid)
            self.plain[j] = self.plain[j] and e["amount"] == self.high + 1 and e["amount"] <= weak_bid_limit(self.piece, 0.999)
            self.fits[j] += 1
            self.top[j] = max(self.top[j], e["amount"] / self.face)
            self.high = e["amount"]
        elif t == "pass" and not e["forced"]:
            j = e["player"]
            self.stop[j] = min(self.stop[j], (self.high + 1) / self.face)

    def _placed(self, e: dict[str, Any]) -> None:
        """Check a placement against the plain rules (the tallest house of a colour it owns or nobody does, within
        the weak player's random tie-break of one; a roof on a house of its own colour when there is one), then
        build it."""
        j: int = e["player"]
        piece, houses = e["piece"], self.board[e["row"]]
        if piece["kind"] == "cube":
            colour: int = piece["colour"]
            pips: int = piece["pips"]
            own = self.owners[colour] in (-1, j)

            def height(r: int, i: int) -> float:
                return weak_height(sum(x[1] for x in self.board[r][i][0]) if i < len(self.board[r]) else 0, pips, own)
            targets = [(r, i) for r in range(ROWS) for i, (cubes, roof) in enumerate(self.board[r])
                       if not roof and i not in SINGLE_LOTS[r] and cubes[-1][1] > pips]
            targets += [(r, len(self.board[r])) for r in range(ROWS) if len(self.board[r]) < self.lengths[r]]
            if targets and height(e["row"], e["lot"]) < max(height(r, i) for r, i in targets) - 1:
                self.plain[j] = False
            self.fits[j] += 1
            if e["lot"] < len(houses):
                houses[e["lot"]][0].append((colour, pips))
            else:
                houses.append(([(colour, pips)], 0))
        elif piece["kind"] == "roof" and e["lot"] < len(houses):
            def mine(cubes: list[tuple[int, int]]) -> bool:
                return self.owners[cubes[-1][0]] == j
            if not mine(houses[e["lot"]][0]) and any(not roof and mine(cubes) for row in self.board for cubes, roof in row):
                self.plain[j] = False
            self.fits[j] += 1
            houses[e["lot"]] = (houses[e["lot"]][0], piece["value"] or 1)

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
