"""Computer players for Neue Heimat. All three decide from ``view()`` only.

* ``weak`` — a naive builder: values a piece by its face (pips, roof number),
  bids a little for it, builds where its own houses grow tallest, and ignores
  which rows will be complete.
* ``strong`` — values every piece for **every** seat with one expected-score
  model (each row's chance of being complete, the mayor, the colours owned,
  the cash boxes, money in hand): for each seat it finds where that seat
  would best put the piece, and so what the piece is worth to each seat
  against whoever gets it otherwise. Its utility is its own expected score
  and money less a fifth of the rivals' (their mean and the best of them;
  half where every rival is read as plain, below). The
  auction is played out under the same model for everyone, limited by the
  money each seat holds: the auctioneer sells once twice the bid covers what
  keeping the piece is worth to it, and each bidder bids either the most the
  auctioneer would still buy back at (the auctioneer pays the bid) or the
  least it would sell at, whichever leaves that bidder better off. Its own
  bids are every amount it can pay, followed by the later bidders' model bids;
  a bid meant to be bought back is weighed by the chance (a logistic of the
  distance to the auctioneer's switch, ``spread`` millions wide) that the
  auctioneer sells instead: it risks paying more for a piece than it is
  worth to it only where the chance of being paid instead outweighs that
  loss, and only against an auctioneer whose switch it has read from that
  auctioneer's own choices (below); against any other, a bid at which a sale
  is expected is never more than the piece is worth to it. A bid the
  auctioneer cannot afford to buy back is worth its price. The only thing read from the
  rivals' past is evidence, in the log, of a simple pattern: a rival whose
  purchases and sales so far all fit one ratio of bid to face value is
  expected to keep to it as auctioneer, and one whose every bid raised the
  highest bid by one is expected to raise by one up to the ratio of face value
  it has shown. A rival whose every choice so far fits the weak player's
  rules (the *plain* rules: bids raised by one up to half the face, buys back
  at most at half the face and sells above it, puts a cube on its tallest
  house and a roof on its own colour) is expected to keep to them, bidding,
  resolving and placing, once one choice fits and until one does not (:attr:`LogReading.plain`,
  the log read with the table it built). It moves a million into its cash box once money in hand is
  worth less than a point (or it holds more than 8).
* ``hard`` — the strong player's choice checked by playing ahead: its best few
  candidates, each played out to the end of the round by strong players in
  every seat on a couple of deals of the face-down roofs (:class:`HardBot`, a
  fixed budget, no clock).
"""

from __future__ import annotations

import math
from typing import Any

from ..core import IllegalAction, Rng
from ..core.search import SearchReport, Steps, finish, publish
from . import rules
from .log_reading import LogReading, piece_face, plain_value, weak_bid_limit, weak_buys, weak_height
from .model_position import ModelPosition
from .row_facts import RowFacts, row_facts, with_cube, with_length, with_roof
from .state import ROWS, SINGLE_LOTS, House, State
from .view import determinize, playout_view

BOT_NAMES = ("weak", "strong", "hard")

Action = dict[str, Any]


def make_bot(name: str, seed: int = 0, iterations: int | None = None) -> "WeakBot | StrongBot":
    """A computer player of strength ``name`` (``"weak"``, ``"strong"`` or ``"hard"``).

    ``iterations`` is the fixed search budget of the shared bot API: the hard player's deals per candidate
    (:data:`HARD_DEALS` without it; the lab's quick runs ask for fewer). No Neue Heimat player reads the clock (the
    strong one evaluates its model exhaustively, the hard one plays out a fixed number of candidates and deals), so
    the same seed plays the same game on any machine; the weak and strong players check a budget and otherwise
    ignore it.
    """
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise IllegalAction(key="neueheimat.bad_iterations", iterations=repr(iterations))
    if name == "weak":
        return WeakBot(seed)
    if name == "strong":
        return StrongBot(seed)
    if name == "hard":
        return HardBot(seed, deals=iterations or HARD_DEALS)
    raise IllegalAction(key="neueheimat.unknown_bot", name=repr(name), names=", ".join(BOT_NAMES))


class WeakBot:
    """Naive: face values, small bids, tallest own house, random specials."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=3)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one of ``legal`` from ``view``."""
        if len(legal) == 1:
            return legal[0]
        kind = legal[0]["type"]
        me = view["player"]
        if kind == "profits":
            return legal[0] if self.rng.random() < 0.3 else legal[1]
        if kind == "auction":
            return legal[self.rng.randrange(len(legal))]
        if kind == "bid":
            want = weak_bid_limit(view["piece"], self.rng.random())
            bid = view["high_bid"] + 1
            return {"type": "bid", "amount": bid} if bid <= want and bid <= view["money"][me] else {"type": "pass"}
        if kind == "sell":
            return {"type": "buy"} if weak_buys(view["high_bid"], view["piece"]) else {"type": "sell"}
        piece = view["piece"]
        if piece and piece["kind"] == "cube":
            owners = view["owners"]

            def height(a: Action) -> float:
                row = view["board"][a["row"]]
                cubes = row[a["lot"]]["cubes"] if a["lot"] < len(row) else []
                return weak_height(sum(c[1] for c in cubes), piece["pips"], owners[piece["colour"]] in (-1, me)) + self.rng.random()
            return max(legal, key=height)
        if piece and piece["kind"] == "roof":
            owners = view["owners"]

            def gain(a: Action) -> float:
                top = view["board"][a["row"]][a["lot"]]["cubes"][-1]
                return (2 if owners[top[0]] == me else 0) + self.rng.random()
            return max(legal, key=gain)
        return legal[self.rng.randrange(len(legal))]


# --------------------------------------------------------------------------- the strong model


Vector = list[float]
#: the rows' factors of the strong model (``StrongBot._row_factors``) by the rows' steps, the mayor's row, the pieces
#: left and beta: a handful of keys cover a whole game
_FACTORS: dict[tuple[Any, ...], list[float]] = {}
#: pieces' outcomes (``ModelPosition.outcomes``) by the table and the model's options: an auction's bidders, the
#: auctioneer's choice to sell or buy and the placing all read the same table, and a hard player's playouts ask
#: each of them a strong player's choice
_OUTCOMES: dict[tuple[Any, ...], dict[tuple[Any, ...], list[tuple[list[float], Action | None]]]] = {}


class StrongBot:
    """Values pieces for every seat with one expected-score model; see the module docstring.

    Options (the defaults are the measured ones, ``docs/neueheimat.md``):
    ``beta`` how sharply the row furthest from completion is expected to fail;
    ``money_value`` points per million in hand at the start of a round;
    ``hoard`` money in hand above which a million always goes to the cash box;
    ``cash_below`` the worth of a million in hand under which it goes to the
    cash box; ``rival_weight`` how much of the rivals' share of a seat's
    utility is the best other seat rather than their mean; ``rivalry`` how much
    the rivals' score counts against a seat's own (1: only the lead counts; a
    fifth: at half, five of it that do not gamble on unread auctioneers averaged
    less than five weak players, ``docs/neueheimat.md``); ``rivalry_plain`` the
    ``rivalry`` where every rival is read as plain (None: the same): half, as
    before session 34, won more against four weak players than a fifth;
    ``spread`` how uncertain, in millions, the bid is at which an auctioneer
    switches from buying to selling (the risk of a bid meant to be bought back);
    ``evidence`` how many of a rival's choices must fit a pattern before it is
    read by that pattern (0: never; every rival is the model's); ``gamble``
    whether a bid at or above the auctioneer's switch point may cost more than
    the piece is worth, for the chance of being bought back (False: never);
    ``gamble_unread`` whether it may also where that switch is only the model's
    estimate, not read from the auctioneer's own choices (:meth:`reads_switch`):
    four former strong players (v1) sold to such bids and won;
    ``plain`` whether a rival whose every choice so far fits the plain rules is
    expected to keep to them (False: only the ratios above are read);
    ``read_spread`` the ``spread`` for an auctioneer read so (its switch is known);
    ``plain_after`` how many of a rival's choices must fit the plain rules (and
    none not) before it is read as plain: not from its first choice, so that
    players who start alike are not all read as plain (five strong players
    averaged less than five weak ones at 0, more at 1).
    """

    def __init__(self, seed: int = 0, beta: float = 0.3, money_value: float = 2.0, hoard: int = 8,
                 cash_below: float = 1.0, rival_weight: float = 0.5, rivalry: float = 0.2, spread: float = 2.0,
                 evidence: int = 3, gamble: bool = True, plain: bool = True,
                 read_spread: float = 0.5, plain_after: int = 1, gamble_unread: bool = False,
                 rivalry_plain: float | None = 0.5) -> None:
        self.rng = Rng(seed, stream=5)
        self.beta = beta
        self.money_value = money_value
        self.hoard = hoard
        self.cash_below = cash_below
        self.rival_weight = rival_weight
        self.rivalry = rivalry
        self.rivalry_plain = rivalry_plain
        self._rivalry = rivalry  #: the rivalry of this decision (rivalry_plain where every rival is read as plain)
        self.spread = spread
        self.evidence = evidence
        self.gamble = gamble
        self.gamble_unread = gamble_unread
        self.plain = plain
        self.read_spread = read_spread
        self.plain_after = plain_after
        self._plain: list[bool] = []
        self._face = 1.0
        self._plain_value = 0.0  #: what a plain rival (the weak player's rules) thinks the piece auctioned is worth
        self._permits: list[list[int]] = [[], [], []]
        self._sale_ratio: list[float | None] = []
        self._raise_ratio: list[float | None] = []
        self._log: LogReading | None = None

    # ---- the model
    def _lam(self, pos: ModelPosition) -> float:
        """Points a million in hand is worth now: less as the round runs out of pieces."""
        left = (pos.cubes_left + 2 * pos.roofs_left) / 48
        lam = self.money_value * left
        return lam if pos.last_round else max(lam, 0.8)

    def price(self, lam: float, n: int) -> float:
        """What a million paid by one seat to another is worth to either of them, in utility (``lam`` per million,
        plus its effect on the rivals' mean)."""
        return max(lam, 1e-6) * (1 + self._rivalry / (n - 1))

    def _utilities(self, pos: ModelPosition, board: list[list[House]], lengths: list[int], mayor: int, owners: list[int], money: list[int], lam: float) -> list[float]:
        """Each seat's expected score plus money value, less the decision's rivalry (``rivalry``, or ``rivalry_plain``
        where every rival is read as plain: :meth:`prepare`) times its rivals' (their mean and the best, by ``rival_weight``)."""
        return self._utilities_of(pos, [row_facts(board[r], lengths[r]) for r in range(ROWS)], mayor, owners, money, lam)

    def _row_factors(self, steps: tuple[int, ...], mayor: int, pos: ModelPosition) -> list[float]:
        """What a point in each row is expected to be worth: the likelier the row is to be complete, the more
        (a row far from complete likely fails, 2 with the mayor's bonus)."""
        ws = [math.exp(self.beta * s) for s in steps]
        tot = sum(ws)
        # Too few roofs left for two rows: every row is likelier to stay incomplete.
        need = sorted(steps)[:2]
        short = max(0, sum(need) - 2 * pos.roofs_left - pos.cubes_left)
        factors = []
        for r in range(ROWS):
            factor = (1 - 2 * ws[r] / tot) * (2 if mayor == r else 1)
            if short:
                factor -= 0.15 * short * (2 if mayor == r else 1)
            factors.append(factor)
        return factors

    def _utilities_of(self, pos: ModelPosition, rows: list[RowFacts], mayor: int, owners: list[int], money: list[int],
                      lam: float) -> list[float]:
        """:meth:`_utilities` from the rows' facts (:func:`row_facts`)."""
        n = pos.players
        steps = tuple([facts[0] for facts in rows])
        key = (steps, mayor, pos.roofs_left, pos.cubes_left, self.beta)
        factors = _FACTORS.get(key)
        if factors is None:
            if len(_FACTORS) > 4096:
                _FACTORS.clear()
            factors = _FACTORS[key] = self._row_factors(steps, mayor, pos)
        ev = pos.cash[:]
        for factor, (_, houses) in zip(factors, rows):
            for colour, points in houses:
                o = owners[colour]
                if o >= 0:
                    ev[o] += factor * points
        vals = [e + lam * m for e, m in zip(ev, money)]
        total = sum(vals)
        w, k = self.rival_weight, self._rivalry
        if not w or n == 2:
            return [v - k * (total - v) / (n - 1) for v in vals]
        order = sorted(range(n), key=vals.__getitem__, reverse=True)
        first, second = order[0], order[1]
        return [vals[j] - k * ((1 - w) * (total - vals[j]) / (n - 1) + w * vals[second if j == first else first]) for j in range(n)]

    def _outcomes(self, pos: ModelPosition, piece: dict[str, Any], player: int, lam: float) -> list[tuple[list[float], Action | None]]:
        """Utilities after ``player`` places ``piece`` each legal way (discard included for specials).

        Remembered for the position (the caller must not change them): the model asks the same for every seat
        that could take a piece, and only a cube of a colour nobody owns yet depends on who places it."""
        kind = piece["kind"]
        if kind == "cube":
            key: tuple[Any, ...] = (kind, piece["colour"], piece["pips"], player if pos.owners[piece["colour"]] < 0 else -1, lam)
        else:
            key = (kind, piece.get("value"), piece.get("size"), lam)
        out = pos.outcomes.get(key)
        if out is None:
            if kind == "cube":
                out = self._cube_outcomes(pos, piece, player, lam)
            elif kind == "roof":
                out = self._roof_outcomes(pos, piece["value"], lam)
            else:
                out = self._special_outcomes(pos, piece, lam)
                out.append((self._utilities_of(pos, pos.rows, pos.mayor, pos.owners, pos.money, lam), {"type": "discard"}))
            pos.outcomes[key] = out
        return out

    def _cube_outcomes(self, pos: ModelPosition, piece: dict[str, Any], player: int, lam: float) -> list[tuple[list[float], Action | None]]:
        board, lengths, mayor, owners, money = pos.board, pos.lengths, pos.mayor, pos.owners, pos.money
        cube = piece["colour"] * 6 + piece["pips"] - 1
        own = owners
        if owners[piece["colour"]] < 0:
            own = owners[:]
            own[piece["colour"]] = player
        out: list[tuple[list[float], Action | None]] = []
        for r in range(ROWS):
            houses = board[r]
            for i, (cubes, roof) in enumerate(houses):
                if not roof and i not in SINGLE_LOTS[r] and cubes[-1] % 6 + 1 > piece["pips"]:
                    rows = pos.rows[:]
                    rows[r] = with_cube(rows[r], i, cube)
                    out.append((self._utilities_of(pos, rows, mayor, own, money, lam), {"type": "place", "row": r, "lot": i}))
            if len(houses) < lengths[r]:
                rows = pos.rows[:]
                rows[r] = with_cube(rows[r], len(houses), cube)
                out.append((self._utilities_of(pos, rows, mayor, own, money, lam), {"type": "place", "row": r, "lot": len(houses)}))
        return out

    def _roof_outcomes(self, pos: ModelPosition, value: int, lam: float) -> list[tuple[list[float], Action | None]]:
        out: list[tuple[list[float], Action | None]] = []
        for r in range(ROWS):
            for i, (_, roof) in enumerate(pos.board[r]):
                if not roof:
                    rows = pos.rows[:]
                    rows[r] = with_roof(rows[r], i, value)
                    out.append((self._utilities_of(pos, rows, pos.mayor, pos.owners, pos.money, lam), {"type": "place", "row": r, "lot": i}))
        return out

    def _special_outcomes(self, pos: ModelPosition, piece: dict[str, Any], lam: float) -> list[tuple[list[float], Action | None]]:
        """The mayor's, a permit's or a cancellation's ways (the discard not included)."""
        kind, board, lengths = piece["kind"], pos.board, pos.lengths
        out: list[tuple[list[float], Action | None]] = []
        if kind == "mayor":
            for r in range(ROWS):
                out.append((self._utilities_of(pos, pos.rows, r, pos.owners, pos.money, lam), {"type": "mayor", "row": r}))
            return out
        if kind not in ("permit", "cancel"):
            return out
        changes = [(r, change) for r in range(ROWS)
                   for change in ((piece["size"], -piece["size"]) if kind == "permit" else self._permits[r])]
        for r, change in changes:
            new = lengths[r] + change if kind == "permit" else lengths[r] - change
            if 1 <= new <= 9 and new >= len(board[r]):
                rows = pos.rows[:]
                rows[r] = with_length(rows[r], lengths[r], new)
                out.append((self._utilities_of(pos, rows, pos.mayor, pos.owners, pos.money, lam), {"type": kind, "row": r, "change": change}))
        return out

    def _best_for(self, pos: ModelPosition, piece: dict[str, Any], player: int, lam: float) -> list[float]:
        """Utilities after ``player`` places ``piece`` where the model says is best for ``player`` (any seat, me or a rival)."""
        outs = self._outcomes(pos, piece, player, lam)
        if not outs:
            return self._utilities_of(pos, pos.rows, pos.mayor, pos.owners, pos.money, lam)
        if player < len(self._plain) and self._plain[player]:
            return self._plain_place(pos, piece, player, outs)
        return max(outs, key=lambda o: o[0][player])[0]

    def _plain_place(self, pos: ModelPosition, piece: dict[str, Any], player: int, outs: list[tuple[list[float], Action | None]]) -> list[float]:
        """Utilities after a plain rival places ``piece`` by the plain rules: a cube on the tallest house of a colour
        it owns or nobody does, a roof on a house of its colour (else anywhere: their mean), a special anywhere."""
        kind = piece["kind"]
        if kind == "cube":
            mine = pos.owners[piece["colour"]] in (-1, player)

            def height(o: tuple[list[float], Action | None]) -> float:
                act = o[1]
                assert act is not None
                houses = pos.board[act["row"]]
                cubes = houses[act["lot"]][0] if act["lot"] < len(houses) else ()
                return weak_height(sum(x % 6 + 1 for x in cubes), piece["pips"], mine)
            return max(outs, key=height)[0]
        if kind == "roof":
            own = [u for u, act in outs if act is not None and pos.owners[pos.board[act["row"]][act["lot"]][0][-1] // 6] == player]
            pick = own or [u for u, _ in outs]
        else:
            pick = [u for u, _ in outs]
        return [sum(u[j] for u in pick) / len(pick) for j in range(pos.players)]

    # ---- the auction, every seat valued by the same model
    def _takers(self, pos: ModelPosition, piece: dict[str, Any], lam: float) -> list[Vector]:
        """For each seat, everyone's utilities if that seat ends up with ``piece`` (before any money changes hands)."""
        return [self._best_for(pos, piece, j, lam) for j in range(pos.players)]

    def _sale_point(self, takers: list[Vector], a: int, w: int, c: float) -> float:
        """The bid at and above which auctioneer ``a`` is expected to sell to ``w`` rather than buy.

        By the model: selling gains it the bid and buying costs it the bid, so
        it sells once twice the bid covers what keeping the piece is worth to
        it. A rival whose own sales and purchases so far all fit one ratio of
        bid to face value (:meth:`_read_auctioneers`) is expected to keep to it.
        """
        if a < len(self._plain) and self._plain[a]:
            return math.floor(self._plain_value) + 0.5  # it buys back at its value, rounded down, and sells above
        ratio = self._sale_ratio[a] if a < len(self._sale_ratio) else None
        if ratio is not None:
            return ratio * self._face
        return (takers[a][a] - takers[w][a]) / (2 * c)

    def _settle(self, takers: list[Vector], seat: int, a: int, high: int, w: int, c: float, money: list[int]) -> float:
        """``seat``'s utility once auctioneer ``a`` resolves a highest bid ``high`` by ``w`` (-1: nobody bid) as the model says it will."""
        if w < 0:
            return takers[a][seat]
        if high > money[a] or high >= self._sale_point(takers, a, w, c):
            return takers[w][seat] + (high * c if seat == a else -high * c if seat == w else 0.0)
        return takers[a][seat] + (-high * c if seat == a else high * c if seat == w else 0.0)

    def _respond(self, takers: list[Vector], k: int, a: int, high: int, w: int, c: float, money: list[int]) -> tuple[int, int]:
        """Bidder ``k``'s bid as if nobody bid after it: pass, the most the auctioneer would still buy back (it pays
        ``k``), or the least it would sell at (``k`` takes the piece); whichever leaves ``k`` best off. A rival
        seen to raise by one up to a ratio of the face value (:meth:`_read_bidders`) is expected to do so again."""
        ratio = self._raise_ratio[k] if k < len(self._raise_ratio) else None
        plain = k < len(self._plain) and self._plain[k]
        limit = self._plain_value + 0.5 if plain else ratio * self._face if ratio is not None else None
        if limit is not None:
            return (high + 1, k) if high + 1 <= min(limit, money[k]) else (high, w)
        best, best_bid = self._settle(takers, k, a, high, w, c, money), (high, w)
        point = self._sale_point(takers, a, k, c)
        sale = max(high + 1, min(math.ceil(point - 1e-9), money[a] + 1))
        for bid in (sale - 1, sale):
            if high < bid <= money[k]:
                v = self._settle(takers, k, a, bid, k, c, money)
                if v > best + 1e-9:
                    best, best_bid = v, (bid, k)
        return best_bid

    def _bidding(self, takers: list[Vector], bidders: list[int], a: int, high: int, w: int, c: float, money: list[int]) -> tuple[int, int]:
        """The highest bid and bidder after ``bidders`` bid in turn, each by :meth:`_respond`."""
        for k in bidders:
            high, w = self._respond(takers, k, a, high, w, c, money)
        return high, w

    def _auction_value(self, pos: ModelPosition, piece: dict[str, Any], me: int, lam: float, n: int, base: list[float]) -> float:
        """My expected utility from auctioning ``piece``: the rivals bid by the model, then I keep or sell, whichever is better."""
        c = self.price(lam, n)
        self._face = piece_face(piece)
        self._plain_value = plain_value(piece)
        takers = self._takers(pos, piece, lam)
        high, w = self._bidding(takers, [(me + k) % n for k in range(1, n)], me, 0, -1, c, pos.money)
        if w < 0:
            return takers[me][me]
        sell = takers[w][me] + high * c
        return max(sell, takers[me][me] - high * c) if pos.money[me] >= high else sell

    def _bid(self, view: dict[str, Any], pos: ModelPosition, lam: float) -> Action:
        """My bid: each amount I can bid (or a pass) followed by the later bidders' model bids and the auctioneer's
        choice; a bid meant to be bought back is weighed by the chance the auctioneer sells instead."""
        me, n, a = view["player"], pos.players, view["auctioneer"]
        c = self.price(lam, n)
        takers = self._takers(pos, view["piece"], lam)
        high, w = view["high_bid"], (view["high_bidder"] if view["high_bidder"] is not None else -1)
        later = []
        j = (me + 1) % n
        while j != a:
            later.append(j)
            j = (j + 1) % n
        h, ww = self._bidding(takers, later, a, high, w, c, pos.money)
        passing = best = self._settle(takers, me, a, h, ww, c, pos.money)
        choice = 0
        point, spread = self._sale_point(takers, a, me, c), self.switch_spread(a)  # where the auctioneer sells to me
        for bid in range(high + 1, pos.money[me] + 1):
            h, ww = self._bidding(takers, later, a, bid, me, c, pos.money)
            if ww != me:
                v = self._settle(takers, me, a, h, ww, c, pos.money)
            else:
                if (not self.gamble or (not self.gamble_unread and not self.reads_switch(a))) \
                        and (h > pos.money[a] or h >= point) and takers[me][me] - h * c < passing:
                    continue  # a sale is expected: never pay more than the piece is worth against passing
                sells = 1.0 if h > pos.money[a] else _logistic((h - point) / spread)
                v = sells * (takers[me][me] - h * c) + (1 - sells) * (takers[a][me] + h * c)
            if v > best + 1e-9:
                best, choice = v, bid
        return {"type": "bid", "amount": choice} if choice else {"type": "pass"}

    def reads_switch(self, a: int) -> bool:
        """Whether auctioneer ``a``'s switch from buying back to selling is read from its own choices (after
        :meth:`prepare`): by its ratio, or as plain; else it is only the model's estimate."""
        return (a < len(self._sale_ratio) and self._sale_ratio[a] is not None) or (a < len(self._plain) and self._plain[a])

    def switch_spread(self, a: int) -> float:
        """How uncertain, in millions, auctioneer ``a``'s switch from buying back to selling is (after :meth:`prepare`):
        ``read_spread`` for a rival read by its ratio or as plain, else ``spread``."""
        return self.read_spread if self.reads_switch(a) else self.spread

    def expects_buy_back(self, view: dict[str, Any], amount: int) -> bool:
        """Whether the model expects the auctioneer to buy the piece back at my bid ``amount`` (and pay it to me)."""
        pos, lam = self.prepare(view)
        a, me = view["auctioneer"], view["player"]
        takers = self._takers(pos, view["piece"], lam)
        return amount <= pos.money[a] and amount < self._sale_point(takers, a, me, self.price(lam, pos.players))

    # ---- decisions
    def _reading(self, view: dict[str, Any]) -> LogReading:
        """The log read so far (:mod:`.log_reading`): only its new entries are read when the game goes on."""
        log = view["log"]
        if self._log is None or not self._log.continues(log, view["players"]):
            self._log = LogReading(view["players"])
        self._log.take(log)
        return self._log

    def _read_auctioneers(self, view: dict[str, Any]) -> list[float | None]:
        """Per seat, the ratio of bid to face value at which it has switched from buying to selling, when its
        choices in the log so far fit one such ratio (at least ``evidence`` of them, one a purchase); else None."""
        return self._reading(view).auctioneers(view["player"], self.evidence)

    def _read_bidders(self, view: dict[str, Any]) -> list[float | None]:
        """Per seat, when every bid of its in the log so far raised the highest bid by one (at least ``evidence``
        bids), the ratio of bid to face value up to which it raises: between its highest bid and its lowest
        pass that a raise by one would have beaten; else None."""
        return self._reading(view).bidders(view["player"], self.evidence)

    def prepare(self, view: dict[str, Any], state: State | None = None) -> tuple[ModelPosition, float]:
        """Read ``view`` for the model (the table from ``state`` when given: the hard player's playouts, whose view
        leaves it out, :func:`.view.playout_view`); return the position and a million's worth in hand."""
        self._permits = view["permits"]
        reading, me = self._reading(view), view["player"]  # (read once: hard's playouts prepare at every decision)
        self._sale_ratio = reading.auctioneers(me, self.evidence) if self.evidence else []
        self._raise_ratio = reading.bidders(me, self.evidence) if self.evidence else []
        self._plain = [ok and j != me and reading.fits[j] >= self.plain_after
                       for j, ok in enumerate(reading.plain)] if self.plain else []
        all_plain = bool(self._plain) and all(self._plain[j] for j in range(len(self._plain)) if j != me)
        self._rivalry = self.rivalry_plain if self.rivalry_plain is not None and all_plain else self.rivalry
        self._face = piece_face(view.get("piece"))
        self._plain_value = plain_value(view.get("piece"))
        pos = ModelPosition.of_view(view) if state is None else ModelPosition.of_state(state)
        table = (pos.table(), tuple(map(tuple, self._permits)), self.beta, self.rival_weight, self._rivalry)
        outcomes = _OUTCOMES.get(table)
        if outcomes is None:
            if len(_OUTCOMES) > 16:  # (the reuse is within one auction: a few tables at most)
                _OUTCOMES.clear()
            outcomes = _OUTCOMES[table] = pos.outcomes
        pos.outcomes = outcomes
        return pos, self._lam(pos)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one of ``legal`` from ``view``."""
        return self.decide(view, legal, None)

    def decide(self, view: dict[str, Any], legal: list[Action], state: State | None) -> Action:
        """:meth:`choose`, with the table read from ``state`` when given (as :meth:`prepare` says)."""
        if len(legal) == 1:
            return legal[0]
        me = view["player"]
        n = view["players"]
        pos, lam = self.prepare(view, state)
        kind = legal[0]["type"]
        if kind == "profits":
            # A million in the cash box is a sure point; keep it in hand only while it buys more.
            return legal[0] if lam < self.cash_below or pos.money[me] > self.hoard else legal[1]
        if kind == "auction":
            return self._choose_auction(view, legal, pos, me, n, lam)
        if kind in ("bid", "pass"):
            return self._bid(view, pos, lam)
        piece = view["piece"]
        if kind in ("sell", "buy"):
            c = self.price(lam, n)
            b, j = view["high_bid"], view["high_bidder"]
            keep = self._best_for(pos, piece, me, lam)[me] - b * c
            sell = self._best_for(pos, piece, j, lam)[me] + b * c
            return {"type": "buy"} if keep > sell else {"type": "sell"}
        outs = self._outcomes(pos, piece, me, lam)
        keys = {_key(x) for x in legal}
        outs = [o for o in outs if o[1] is not None and _key(o[1]) in keys]
        if not outs:
            return legal[0]
        return dict(max(outs, key=lambda o: o[0][me])[1])  # type: ignore[arg-type]  # (a copy: outcomes are shared)

    def _choose_auction(self, view: dict[str, Any], legal: list[Action], pos: ModelPosition, me: int, n: int, lam: float) -> Action:
        base = self._utilities_of(pos, pos.rows, pos.mayor, pos.owners, pos.money, lam)
        now = base[me]
        best, best_v = legal[0], -1e18
        for act in legal:
            if act["piece"] == "roof":
                unseen = view["roofs_unseen"]
                counts: dict[int, int] = {}
                for r in unseen:  # each distinct roof valued once, weighted by how many are face down
                    counts[r] = counts.get(r, 0) + 1
                v = sum(k * (self._auction_value(pos, {"kind": "roof", "value": r}, me, lam, n, base) if r else now)
                        for r, k in counts.items()) / len(unseen)
            else:
                v = self._auction_value(pos, _auctioned(view, act), me, lam, n, base)
            v += self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = act, v
        return best


#: The hard player's fixed budget (no clock, so a seed replays the same game on any device): the candidates it
#: plays out per decision, the deals (orders of the face-down roofs) each is played out on, and the most actions a
#: playout takes with 2 players before it is scored as it stands (fewer with more players, whose actions cost more):
#: a round with 2 players is about 170 actions, so its playouts reach the round's end. Its time per decision is the
#: bench's ``decisions_ms.neueheimat.hard`` (docs/benchmarks.md)
HARD_CANDIDATES = 4
HARD_DEALS = 2
HARD_DEPTH = 400


class HardBot(StrongBot):
    """The strong player's choice checked by playing ahead: its few best candidates, each played out to the end of
    the round by strong players on a couple of deals of the face-down roofs, and the one whose playouts end with
    the best lead taken."""

    def __init__(self, seed: int = 0, candidates: int = HARD_CANDIDATES, deals: int = HARD_DEALS,
                 depth: int = HARD_DEPTH) -> None:
        super().__init__(seed)
        self.candidates = candidates
        self.deals = deals
        self.depth = depth

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one of ``legal`` from ``view``."""
        return finish(self.choose_steps(view, legal))

    def choose_steps(self, view: dict[str, Any], legal: list[Action]) -> Steps[Action]:
        """:meth:`choose` as steps (``game.core.SteppedBot``): a pause after each action of a playout."""
        own = super().choose(view, legal)
        if len(legal) == 1:
            return own
        cands = self._shortlist(view, legal, own)
        if len(cands) == 1:
            return own
        me = view["player"]
        seeds = [self.rng.randrange(1 << 30) for _ in range(self.deals)]
        means = []
        for act in cands:
            total = 0.0
            for seed in seeds:
                total += yield from self._play_out(view, me, act, seed)
            means.append(total / len(seeds))
        # a tie, or noise under a quarter point, keeps the model's own choice (the first)
        best = max(range(len(cands)), key=lambda i: (means[i] + (0.25 if i == 0 else 0.0), -i))
        publish(SearchReport(tuple(cands), tuple(means), (len(seeds),) * len(cands), best))  # the coach's figures
        return cands[best]

    def _shortlist(self, view: dict[str, Any], legal: list[Action], own: Action) -> list[Action]:
        """The model's own choice first, then the legal actions nearest to it, up to :attr:`candidates`."""
        kind = legal[0]["type"]
        if kind in ("bid", "pass"):
            amount = own.get("amount", 0)
            high = view["high_bid"]
            near = sorted(legal, key=lambda a: abs(a.get("amount", high) - amount))
            return [own] + [a for a in near if a != own][:self.candidates - 1]
        if kind in ("place", "mayor", "permit", "cancel", "discard"):
            pos, lam = self.prepare(view)
            me = view["player"]
            keys = {_key(a) for a in legal}
            ranked = sorted((o for o in self._outcomes(pos, view["piece"], me, lam)
                             if o[1] is not None and _key(o[1]) in keys), key=lambda o: -o[0][me])
            others = [a for _, a in ranked if a is not None and a != own]
            return [own] + [next(x for x in legal if _key(x) == _key(a)) for a in others[:self.candidates - 1]]
        return [own] + [a for a in legal if a != own][:self.candidates - 1] if len(legal) <= self.candidates + 1 \
            else [own] + self._auction_shortlist(view, legal, own)

    def _auction_shortlist(self, view: dict[str, Any], legal: list[Action], own: Action) -> list[Action]:
        pos, lam = self.prepare(view)
        me, n = view["player"], view["players"]
        base = self._utilities_of(pos, pos.rows, pos.mayor, pos.owners, pos.money, lam)
        scored = []
        for act in legal:
            if act == own or act["piece"] == "roof":
                continue
            scored.append((self._auction_value(pos, _auctioned(view, act), me, lam, n, base), act))
        scored.sort(key=lambda x: -x[0])
        return [a for _, a in scored[:self.candidates - 1]]

    def _play_out(self, view: dict[str, Any], me: int, action: Action, seed: int) -> Steps[float]:
        """My lead over the best rival once ``action`` is played out by strong players to the end of the round."""
        state = rules.apply_action(determinize(view, me, seed), action)
        players = [StrongBot(seed + j) for j in range(state.players)]
        if self._log is not None:  # the log as far as the view was read when choosing: each goes on from there
            for player in players:
                player._log = self._log.copy()
        round_no, steps, depth = state.round_no, 0, self.depth * 2 // state.players
        while state.phase != "over" and state.round_no == round_no and steps < depth:
            seat = rules.current_player(state)
            assert seat is not None
            options = rules.legal_actions(state)
            pick = options[0] if len(options) == 1 else players[seat].decide(playout_view(state, seat), options, state)
            state = rules.apply_action(state, pick)
            steps += 1
            yield
        score = rules.scores(state)
        return score[me] - max(score[j] for j in range(state.players) if j != me)


def _auctioned(view: dict[str, Any], act: Action) -> dict[str, Any]:
    """The piece an auction action puts up, as the view gives pieces (not for a face-down roof)."""
    what = act["piece"]
    if what == "cube":
        row = view["display"][act["row"]]
        pair = row[0] if act["end"] == "left" else row[-1]
        return {"kind": "cube", "colour": pair[0], "pips": pair[1]}
    if what == "permit":
        return {"kind": "permit", "size": act["size"]}
    return {"kind": what}


def _logistic(x: float) -> float:
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def _key(a: Action) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(a.items()))


def simulation_summary(report: dict[str, Any]) -> dict[str, Any]:
    """Extra figures for ``python -m game simulate neueheimat``: the strongest seat's edge."""
    rates = report.get("win_rate") or []
    bots = report.get("bots") or []
    strong = [rates[i] for i, b in enumerate(bots) if b == "strong" and i < len(rates)]
    return {"strong_win_rate": round(sum(strong), 4) if strong else None,
            "fair_share": round(sum(1 for b in bots if b == "strong") / len(bots), 4) if bots else None}

