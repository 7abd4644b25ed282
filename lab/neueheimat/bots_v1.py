"""Neue Heimat's strong player as it was before issue 34: a frozen copy, verbatim (``strong`` here is that player).

Kept only so the new strong player can be measured against its former self with
the same seeds (``python -m lab.neueheimat.duel``); the app never offers it. It
models rivals by the weak player's rules (read from the log) and bids the face
value a weak auctioneer will pay. ``make_bot(name, seed, iterations=None)``
returns it for ``"strong"`` and the frozen weak player for ``"weak"``.
"""

from __future__ import annotations

import math
from typing import Any

from game.core import IllegalAction, Rng
from game.neueheimat.state import ROWS, SINGLE_LOTS, House

BOT_NAMES = ("weak", "strong")

Action = dict[str, Any]


def make_bot(name: str, seed: int = 0, iterations: int | None = None) -> "WeakBot | StrongBot":
    """A computer player of strength ``name`` (``"weak"`` or ``"strong"``).

    ``iterations`` is the fixed search budget of the shared bot API. Neither
    Neue Heimat player reads the clock (the strong one evaluates its model
    exhaustively), so the same seed plays the same game on any machine with
    or without it; a budget is checked and otherwise changes nothing.
    """
    if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1):
        raise IllegalAction(key="neueheimat.bad_iterations", iterations=repr(iterations))
    if name == "weak":
        return WeakBot(seed)
    if name == "strong":
        return StrongBot(seed)
    raise IllegalAction(key="neueheimat.unknown_bot", name=repr(name), names=", ".join(BOT_NAMES))


def _cube(pair: list[int]) -> int:
    return pair[0] * 6 + pair[1] - 1


def _face_value(piece: dict[str, Any] | None) -> float:
    """What the weak player thinks a piece is worth in millions: half its face, 2 for the mayor."""
    if not piece:
        return 0.0
    kind = piece["kind"]
    if kind == "cube":
        return float(piece["pips"]) / 2
    if kind == "roof":
        return float(piece["value"]) / 2
    return 2.0 if kind == "mayor" else 1.0


# The weak player's rules, shared by :class:`WeakBot` and the strong player's model of weak rivals.
def weak_bid_limit(piece: dict[str, Any] | None, luck: float) -> int:
    """The highest bid a weak player makes for ``piece``: its face value plus ``luck`` (in [0, 1)), rounded down."""
    return int(_face_value(piece) + luck)


def weak_buys(high_bid: int, piece: dict[str, Any] | None) -> bool:
    """Whether a weak auctioneer buys ``piece`` back at ``high_bid``: when the bid is at most its face value."""
    return high_bid <= _face_value(piece)


def weak_height(house_pips: int, pips: int, own_colour: bool) -> float:
    """How much a weak player likes putting a cube of ``pips`` on a house of ``house_pips``: the tallest house,
    of a colour it owns or nobody does (another's colour counts 0.3)."""
    return (house_pips + pips) * (1 if own_colour else 0.3)


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

class _Position:
    """A light copy of the open facts the strong player's model needs."""

    __slots__ = ("players", "board", "lengths", "mayor", "owners", "cash", "money", "roofs_left", "cubes_left", "last_round")

    def __init__(self, view: dict[str, Any]) -> None:
        self.players = view["players"]
        self.board = [[(tuple(_cube(c) for c in h["cubes"]), h["roof"]) for h in row] for row in view["board"]]
        self.lengths = list(view["lengths"])
        self.mayor = -1 if view["mayor"] is None else view["mayor"]
        self.owners = list(view["owners"])
        self.cash = list(view["cash"])
        self.money = list(view["money"])
        self.roofs_left = sum(1 for r in view["roofs_unseen"] if r)
        self.cubes_left = sum(len(r) for r in view["display"])
        self.last_round = view["round"] >= view["rounds"]


class StrongBot:
    """Values pieces for every seat by searching their placements; see the module docstring.

    Tuning knobs (defaults measured best against ``weak``): ``beta`` how sharply
    the row furthest from completion is expected to fail; ``money_value`` points
    per million in hand at the start of a round; ``roof_hope`` points expected
    from a missing roof; ``shade`` bid just above the rivals' estimated values
    instead of up to one's own (measured no better); ``hoard`` money in hand
    above which a million always goes to the cash box; ``cash_below`` the value
    of a million under which it goes to the cash box; ``rival_weight`` how much
    of a seat's utility is its lead over the best other seat rather than over
    their mean (what wins a game of five is beating the luckiest rival);
    ``rivals`` ``"weak"`` to model rivals who have played by the weak rules by
    those rules, ``"model"`` to model every rival like itself; ``pump`` bid
    the face value a weak auctioneer will pay; ``weak_places`` weak rivals
    place by the weak rules; ``beta_weak`` the row-failure sharpness when
    every rival is weak.
    """

    def __init__(self, seed: int = 0, beta: float = 0.3, beta_weak: float = 0.6, money_value: float = 2.0, roof_hope: float = 0.0, shade: bool = False, hoard: int = 8, cash_below: float = 1.0, rival_weight: float = 0.5, rivals: str = "weak", pump: bool = True, weak_places: bool = True) -> None:
        self.weak_places = weak_places
        self._me = -1
        self._weak: list[bool] = []
        self.rivals = rivals
        self.pump = pump
        self.rival_weight = rival_weight
        self.rng = Rng(seed, stream=5)
        self.hoard = hoard
        self.cash_below = cash_below
        self.shade = shade
        self.beta = beta
        self.beta_weak = beta_weak
        self._beta = beta
        self.money_value = money_value
        self.roof_hope = roof_hope

    # ---- the model
    def _lam(self, pos: _Position) -> float:
        """Points a million in hand is worth now: less as the round runs out of pieces."""
        left = (pos.cubes_left + 2 * pos.roofs_left) / 48
        lam = self.money_value * left
        return lam if pos.last_round else max(lam, 0.8)

    def _utilities(self, pos: _Position, board: list[list[House]], lengths: list[int], mayor: int, owners: list[int], money: list[int], lam: float) -> list[float]:
        """Each seat's expected score plus money value, less its rivals' (their mean and the best, by ``rival_weight``)."""
        n = pos.players
        steps = []
        for r in range(ROWS):
            houses = board[r]
            missing = lengths[r] - len(houses)
            steps.append(2 * missing + sum(1 for h in houses if not h[1]))
        ws = [math.exp(self._beta * s) for s in steps]
        tot = sum(ws)
        # Too few roofs left for two rows: every row is likelier to stay incomplete.
        need = sorted(steps)[:2]
        short = max(0, sum(need) - 2 * pos.roofs_left - pos.cubes_left)
        ev = [float(c) for c in pos.cash]
        hope = self.roof_hope
        for r in range(ROWS):
            factor = (1 - 2 * ws[r] / tot) * (2 if mayor == r else 1)
            if short:
                factor -= 0.15 * short * (2 if mayor == r else 1)
            for cubes, roof in board[r]:
                o = owners[cubes[-1] // 6]
                if o >= 0:
                    v = sum(c % 6 + 1 for c in cubes) + (roof or hope)
                    ev[o] += factor * v
        vals = [ev[j] + lam * money[j] for j in range(n)]
        total = sum(vals)
        w = self.rival_weight
        if not w or n == 2:
            return [vals[j] - (total - vals[j]) / (n - 1) for j in range(n)]
        order = sorted(range(n), key=vals.__getitem__, reverse=True)
        first, second = order[0], order[1]
        return [vals[j] - (1 - w) * (total - vals[j]) / (n - 1) - w * vals[second if j == first else first] for j in range(n)]

    def _outcomes(self, pos: _Position, piece: dict[str, Any], player: int, lam: float) -> list[tuple[list[float], Action | None]]:
        """Utilities after ``player`` places ``piece`` each legal way (discard included for specials)."""
        kind = piece["kind"]
        board, lengths, mayor, owners, money = pos.board, pos.lengths, pos.mayor, pos.owners, pos.money
        out: list[tuple[list[float], Action | None]] = []
        if kind == "cube":
            cube = piece["colour"] * 6 + piece["pips"] - 1
            own = owners
            if owners[piece["colour"]] < 0:
                own = owners[:]
                own[piece["colour"]] = player
            for r in range(ROWS):
                houses = board[r]
                for i, (cubes, roof) in enumerate(houses):
                    if not roof and i not in SINGLE_LOTS[r] and cubes[-1] % 6 + 1 > piece["pips"]:
                        b = board[:]
                        b[r] = houses[:i] + [(cubes + (cube,), 0)] + houses[i + 1:]
                        out.append((self._utilities(pos, b, lengths, mayor, own, money, lam), {"type": "place", "row": r, "lot": i}))
                if len(houses) < lengths[r]:
                    b = board[:]
                    b[r] = houses + [((cube,), 0)]
                    out.append((self._utilities(pos, b, lengths, mayor, own, money, lam), {"type": "place", "row": r, "lot": len(houses)}))
            return out
        if kind == "roof":
            for r in range(ROWS):
                houses = board[r]
                for i, (cubes, roof) in enumerate(houses):
                    if not roof:
                        b = board[:]
                        b[r] = houses[:i] + [(cubes, piece["value"])] + houses[i + 1:]
                        out.append((self._utilities(pos, b, lengths, mayor, owners, money, lam), {"type": "place", "row": r, "lot": i}))
            return out
        if kind == "mayor":
            for r in range(ROWS):
                out.append((self._utilities(pos, board, lengths, r, owners, money, lam), {"type": "mayor", "row": r}))
        elif kind == "permit":
            size = piece["size"]
            for r in range(ROWS):
                for change in (size, -size):
                    new = lengths[r] + change
                    if 1 <= new <= 9 and new >= len(board[r]):
                        ls = lengths[:]
                        ls[r] = new
                        out.append((self._utilities(pos, board, ls, mayor, owners, money, lam), {"type": "permit", "row": r, "change": change}))
        elif kind == "cancel":
            for r in range(ROWS):
                for change in self._permits[r]:
                    new = lengths[r] - change
                    if 1 <= new <= 9 and new >= len(board[r]):
                        ls = lengths[:]
                        ls[r] = new
                        out.append((self._utilities(pos, board, ls, mayor, owners, money, lam), {"type": "cancel", "row": r, "change": change}))
        out.append((self._utilities(pos, board, lengths, mayor, owners, money, lam), {"type": "discard"}))
        return out

    def _best_for(self, pos: _Position, piece: dict[str, Any], player: int, lam: float) -> list[float]:
        """Utilities after ``player`` places ``piece``: as best suits ``player`` (me), or by the weak player's rules (a rival)."""
        if self.weak_places and player != self._me and self._weak[player]:
            return self._weak_place(pos, piece, player, lam)
        outs = self._outcomes(pos, piece, player, lam)
        if not outs:
            return self._utilities(pos, pos.board, pos.lengths, pos.mayor, pos.owners, pos.money, lam)
        return max(outs, key=lambda o: o[0][player])[0]

    def _weak_place(self, pos: _Position, piece: dict[str, Any], player: int, lam: float) -> list[float]:
        """Utilities (their mean) after ``player`` places ``piece`` as the weak player would."""
        outs = self._outcomes(pos, piece, player, lam)
        if not outs:
            return self._utilities(pos, pos.board, pos.lengths, pos.mayor, pos.owners, pos.money, lam)
        kind = piece["kind"]
        if kind == "cube":
            mine = pos.owners[piece["colour"]] in (-1, player)
            best, best_h = outs[0][0], -1.0
            for u, act in outs:
                assert act is not None  # a cube is always placed, never discarded
                houses = pos.board[act["row"]]
                cubes = houses[act["lot"]][0] if act["lot"] < len(houses) else ()
                h = weak_height(sum(x % 6 + 1 for x in cubes), piece["pips"], mine)
                if h > best_h:
                    best, best_h = u, h
            return best
        if kind == "roof":
            own = [u for u, act in outs if act is not None and pos.owners[pos.board[act["row"]][act["lot"]][0][-1] // 6] == player]
            pick = own or [u for u, _ in outs]
        else:
            pick = [u for u, _ in outs]
        return [sum(u[j] for u in pick) / len(pick) for j in range(pos.players)]

    def _read_rivals(self, view: dict[str, Any]) -> list[bool]:
        """Which seats have played by the weak player's rules so far (every seat until it shows otherwise).

        A weak bidder always bids one more than the highest bid and never
        beyond its face value plus one; a weak auctioneer buys exactly when
        the highest bid is at most the face value. Any other bid or choice in
        the log marks the seat as not weak, and the model treats it as a
        player like this one.
        """
        if self.rivals != "weak":
            return [False] * view["players"]
        weak = [True] * view["players"]
        piece: dict[str, Any] | None = None
        high = 0
        for e in view["log"]:
            t = e["type"]
            if t == "auction":
                piece, high = e["piece"], 0
            elif t == "bid":
                if e["amount"] != high + 1 or e["amount"] > _face_value(piece) + 1:
                    weak[e["player"]] = False
                high = e["amount"]
            elif t == "buy":
                if not weak_buys(e["amount"], piece):
                    weak[e["player"]] = False
            elif t == "sell" and not e["forced"]:
                if weak_buys(e["amount"], piece):
                    weak[e["player"]] = False
        return weak

    def _bid_against_weak(self, view: dict[str, Any], piece: dict[str, Any], me: int, a: int, n: int, value: int) -> Action:
        """Bid as the weak player's rules make best: win at the least price that wins, or be paid.

        A weak auctioneer buys whenever the highest bid is at most its face
        value (``_face_value``), and a weak bidder bids one more while that
        stays within its face value plus a random fraction. So a bid above
        the face (and above what later bidders may reach) wins the piece, and
        a bid of the face rounded down makes the auctioneer pay it to us.
        """
        face = _face_value(piece)
        high = view["high_bid"]
        money = view["money"][me]
        later = any(view["money"][j] > high for j in self._later_bidders(me, a, n))
        reach = weak_bid_limit(piece, 0.5 if later else 0.0)  # the most a weak rival still to bid may reach
        win = max(high + 1, int(face) + 1, reach + 1)
        if value >= win and money >= win:
            return {"type": "bid", "amount": win}
        paid = int(face)
        if self.pump and high < paid <= money and weak_buys(paid, piece):
            return {"type": "bid", "amount": paid}
        return {"type": "pass"}

    def bidding_against_weak(self, me: int, auctioneer: int, n: int) -> bool:
        """Whether ``me`` bids against a weak auctioneer with only weak seats still to bid (after ``prepare``)."""
        return (auctioneer != me and self._weak[auctioneer]
                and all(self._weak[j] for j in self._later_bidders(me, auctioneer, n)))

    @staticmethod
    def _later_bidders(me: int, a: int, n: int) -> list[int]:
        out, j = [], (me + 1) % n
        while j != a:
            out.append(j)
            j = (j + 1) % n
        return out

    def _weak_bids(self, pos: _Position, piece: dict[str, Any], me: int, n: int) -> list[tuple[float, int, int]]:
        """(chance, highest bid, its bidder) of the weak rivals' bidding when I auction ``piece``."""
        face = _face_value(piece)
        lo = int(face)
        half = face != lo
        order = [(me + k) % n for k in range(1, n)]
        outs: list[tuple[float, int, int]] = []
        combos = 1 << len(order) if half else 1
        for mask in range(combos):
            high, who = 0, -1
            for k, j in enumerate(order):
                # faces are whole or half millions: a half one is reached with luck over 0.5, as a coin
                want = weak_bid_limit(piece, 0.5 if half and mask >> k & 1 else 0.0)
                if high + 1 <= want and high + 1 <= pos.money[j]:
                    high, who = high + 1, j
            outs.append((1 / combos, high, who))
        return outs

    def _auction_value(self, pos: _Position, piece: dict[str, Any], me: int, lam: float, n: int, base: list[float]) -> float:
        """My expected utility from auctioning ``piece``: keep it or sell at the rivals' likely top bid."""
        c = lam * (1 + 1 / (n - 1)) if lam > 0 else 1e-6
        mine = self._best_for(pos, piece, me, lam)[me]
        if all(self._weak[j] for j in range(n) if j != me):
            theirs: dict[int, float] = {}
            total = 0.0
            for chance, high, who in self._weak_bids(pos, piece, me, n):
                if who < 0:
                    total += chance * mine
                    continue
                if who not in theirs:
                    theirs[who] = self._best_for(pos, piece, who, lam)[me]
                keep = mine - high * c if pos.money[me] >= high else -1e9
                total += chance * max(keep, theirs[who] + high * c)
            return total
        best_bid, best_u = 0, 0.0
        for j in range(n):
            if j == me:
                continue
            uj = self._best_for(pos, piece, j, lam)
            value = (uj[j] - base[j]) / c
            bid = min(pos.money[j], int(value))
            if bid > best_bid:
                best_bid, best_u = bid, uj[me]
        if best_bid <= 0:
            return mine
        keep = mine - best_bid * c if pos.money[me] >= best_bid else -1e9
        return max(keep, best_u + best_bid * c)

    # ---- decisions
    def prepare(self, view: dict[str, Any]) -> tuple[_Position, float]:
        """Read ``view`` for the model (whose seat, which rivals play by the weak rules); return the position and a million's worth."""
        me = view["player"]
        self._me = me
        self._weak = self._read_rivals(view)
        # Rows fail more sharply when every rival builds by the weak player's rules.
        self._beta = self.beta_weak if all(self._weak[j] for j in range(view["players"]) if j != me) else self.beta
        self._permits = view["permits"]
        pos = _Position(view)
        return pos, self._lam(pos)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick one of ``legal`` from ``view``."""
        if len(legal) == 1:
            return legal[0]
        me = view["player"]
        n = view["players"]
        pos, lam = self.prepare(view)
        c = lam * (1 + 1 / (n - 1))
        kind = legal[0]["type"]
        if kind == "profits":
            # A million in the cash box is a sure point; keep it in hand only while it buys more.
            return legal[0] if lam < self.cash_below or pos.money[me] > self.hoard else legal[1]
        if kind == "auction":
            return self._choose_auction(view, legal, pos, me, n, lam)
        piece = view["piece"]
        a = view["auctioneer"]
        if kind == "bid":
            mine = self._best_for(pos, piece, me, lam)[me]
            theirs = self._best_for(pos, piece, a, lam)[me]
            value = (mine - theirs) / c if c > 0 else 99
            bid = min(pos.money[me], int(value))
            high = view["high_bid"]
            if self.shade and c > 0 and bid > high:
                # Bid just enough to beat what the auctioneer and the later bidders would pay.
                ua = self._best_for(pos, piece, a, lam)
                rival = (ua[a] - self._best_for(pos, piece, me, lam)[a]) / c
                j = (me + 1) % n
                while j != a:
                    uj = self._best_for(pos, piece, j, lam)
                    rival = max(rival, min(pos.money[j], (uj[j] - ua[j]) / c))
                    j = (j + 1) % n
                bid = max(high + 1, min(bid, int(rival) + 1))
            if self.bidding_against_weak(me, a, n):
                return self._bid_against_weak(view, piece, me, a, n, bid)
            if bid > high:
                return {"type": "bid", "amount": bid}
            return {"type": "pass"}
        if kind == "sell":
            b, j = view["high_bid"], view["high_bidder"]
            keep = self._best_for(pos, piece, me, lam)[me] - b * c
            sell = self._best_for(pos, piece, j, lam)[me] + b * c
            return {"type": "buy"} if keep > sell else {"type": "sell"}
        outs = self._outcomes(pos, piece, me, lam)
        keys = {_key(x) for x in legal}
        outs = [o for o in outs if o[1] is not None and _key(o[1]) in keys]
        if not outs:
            return legal[0]
        return max(outs, key=lambda o: o[0][me])[1]  # type: ignore[return-value]

    def _choose_auction(self, view: dict[str, Any], legal: list[Action], pos: _Position, me: int, n: int, lam: float) -> Action:
        base = self._utilities(pos, pos.board, pos.lengths, pos.mayor, pos.owners, pos.money, lam)
        now = base[me]
        best, best_v = legal[0], -1e18
        for act in legal:
            what = act["piece"]
            if what == "cube":
                row = view["display"][act["row"]]
                pair = row[0] if act["end"] == "left" else row[-1]
                v = self._auction_value(pos, {"kind": "cube", "colour": pair[0], "pips": pair[1]}, me, lam, n, base)
            elif what == "roof":
                unseen = view["roofs_unseen"]
                counts: dict[int, int] = {}
                for r in unseen:  # each distinct roof valued once, weighted by how many are face down
                    counts[r] = counts.get(r, 0) + 1
                v = sum(k * (self._auction_value(pos, {"kind": "roof", "value": r}, me, lam, n, base) if r else now)
                        for r, k in counts.items()) / len(unseen)
            elif what == "permit":
                v = self._auction_value(pos, {"kind": "permit", "size": act["size"]}, me, lam, n, base)
            else:
                v = self._auction_value(pos, {"kind": what}, me, lam, n, base)
            v += self.rng.random() * 1e-3
            if v > best_v:
                best, best_v = act, v
        return best


def _key(a: Action) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(a.items()))


def simulation_summary(report: dict[str, Any]) -> dict[str, Any]:
    """Extra figures for ``python -m game simulate neueheimat``: the strongest seat's edge."""
    rates = report.get("win_rate") or []
    bots = report.get("bots") or []
    strong = [rates[i] for i, b in enumerate(bots) if b == "strong" and i < len(rates)]
    return {"strong_win_rate": round(sum(strong), 4) if strong else None,
            "fair_share": round(sum(1 for b in bots if b == "strong") / len(bots), 4) if bots else None}

