"""Neue Heimat (published later as *The Estates*): the rules engine.

The state is a compact object of lists and small tuples so that
:func:`apply_action` can copy it cheaply. Pieces are small integers:

* a **floor cube** is ``colour * 6 + pips - 1`` (colours 0–5, pips 1–6), so 0–35;
* a **roof** is its number 1–6, or 0 for a blank roof;
* a **house** is ``(cubes, roof)``: a tuple of cube ids from the ground up and
  the roof number (0 while it has none);
* the **special pieces** are ``"mayor"``, ``"permit1"``, ``"permit2"``,
  ``"permit3"`` and ``"cancel"``.

A turn is a chain of explicit decisions (see ``docs/neueheimat.md``):
``profits`` → ``choose`` → ``bid`` (one seat after another) → ``resolve`` →
``place``. Decisions with a single possible answer (a bidder who cannot
outbid, an auctioneer who cannot pay and so must sell) are taken
automatically and logged with ``"forced": True``.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, MalformedAction, Rng

GAME_ID = "neueheimat"
TITLE = "Neue Heimat"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
MAX_ROUNDS = 9

START_MONEY = 12
ROWS = 3
LOTS = 10
BASE_LENGTH = 4
MIN_LENGTH, MAX_LENGTH = 1, 9
DISPLAY_ROWS, DISPLAY_LEN = 3, 8
#: Fenced lots (0-based) that hold a single floor cube, per row top, middle, bottom.
SINGLE_LOTS: tuple[frozenset[int], ...] = (frozenset({0, 6}), frozenset({2, 4}), frozenset({1}))
#: All 17 roofs: two of each number 1–6 and five blanks (0).
ALL_ROOFS: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 0, 0, 0, 0, 0)
SPECIALS: tuple[str, ...] = ("mayor", "permit1", "permit2", "permit3", "cancel")
COLOURS = ("red", "yellow", "green", "blue", "white", "black")

PHASES = ("profits", "choose", "bid", "resolve", "place", "over")


def colour_of(cube: int) -> int:
    """Colour index 0–5 of a floor cube."""
    return cube // 6


def pips_of(cube: int) -> int:
    """Pips 1–6 shown by a floor cube."""
    return cube % 6 + 1


House = tuple[tuple[int, ...], int]


class State:
    """A Neue Heimat position. Equal states compare equal field by field.

    Rows and houses are kept as lists of immutable tuples, so a copy only
    duplicates a handful of short lists.
    """

    __slots__ = (
        "n", "rounds", "round_no", "rng", "money", "cash", "totals", "round_scores", "round_wins",
        "display", "out", "board", "permits", "mayor", "supply", "discarded", "owners",
        "roof_pile", "roofs_discarded", "auctioneer", "phase", "piece", "bidder", "high_bid",
        "high_bidder", "holder", "winners_", "log",
    )

    def __init__(self) -> None:
        self.n = 0
        self.rounds = 1
        self.round_no = 1
        self.rng = Rng(0)
        self.money: list[int] = []
        self.cash: list[int] = []
        self.totals: list[int] = []
        self.round_scores: list[list[int]] = []
        self.round_wins: list[int] = []
        self.display: list[list[int]] = [[], [], []]
        self.out: list[int] = []
        self.board: list[list[House]] = [[], [], []]
        self.permits: list[list[int]] = [[], [], []]  # signed sizes on each row
        self.mayor = -1  # row of the mayor, -1 when not on the board
        self.supply: list[str] = list(SPECIALS)
        self.discarded: list[str] = []
        self.owners: list[int] = [-1] * 6
        self.roof_pile: list[int] = []  # face down; the top is the last element
        self.roofs_discarded: list[int] = []
        self.auctioneer = 0
        self.phase = "profits"
        self.piece: tuple[str, int] | None = None  # ("cube", id) ("roof", n) ("mayor", 0) ("permit", k) ("cancel", 0)
        self.bidder = -1
        self.high_bid = 0
        self.high_bidder = -1
        self.holder = -1
        self.winners_: list[int] = []
        self.log: list[dict[str, Any]] = []

    def copy(self) -> "State":
        """A copy sharing only immutable parts (tuples, the log's event dicts)."""
        s = State.__new__(State)
        s.n, s.rounds, s.round_no = self.n, self.rounds, self.round_no
        s.rng = self.rng.copy()
        s.money, s.cash, s.totals = self.money[:], self.cash[:], self.totals[:]
        s.round_scores = [r[:] for r in self.round_scores]
        s.round_wins = self.round_wins[:]
        s.display = [r[:] for r in self.display]
        s.out = self.out[:]
        s.board = [r[:] for r in self.board]
        s.permits = [r[:] for r in self.permits]
        s.mayor = self.mayor
        s.supply, s.discarded, s.owners = self.supply[:], self.discarded[:], self.owners[:]
        s.roof_pile, s.roofs_discarded = self.roof_pile[:], self.roofs_discarded[:]
        s.auctioneer, s.phase, s.piece = self.auctioneer, self.phase, self.piece
        s.bidder, s.high_bid, s.high_bidder, s.holder = self.bidder, self.high_bid, self.high_bidder, self.holder
        s.winners_ = self.winners_[:]
        s.log = self.log[:]
        return s

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return f"<neueheimat.State round {self.round_no}/{self.rounds} phase {self.phase} auctioneer {self.auctioneer}>"


# --------------------------------------------------------------------------- board facts

def row_length(state: State, row: int) -> int:
    """Allowed length of a row: 4 plus its permits' signed sizes."""
    return BASE_LENGTH + sum(state.permits[row])


def row_complete(state: State, row: int) -> bool:
    """Every lot of the allowed length holds a house and every house has a roof."""
    houses = state.board[row]
    return len(houses) == row_length(state, row) and all(roof for _, roof in houses)


def complete_rows(state: State) -> list[int]:
    """Indices of the complete rows."""
    return [r for r in range(ROWS) if row_complete(state, r)]


def cube_targets(state: State, cube: int) -> list[tuple[int, int]]:
    """Every (row, lot) where ``cube`` may go: the next new house, or on top of a higher cube."""
    pips = pips_of(cube)
    targets = []
    for r in range(ROWS):
        houses = state.board[r]
        single = SINGLE_LOTS[r]
        for i, (cubes, roof) in enumerate(houses):
            if not roof and i not in single and pips_of(cubes[-1]) > pips:
                targets.append((r, i))
        if len(houses) < row_length(state, r):
            targets.append((r, len(houses)))
    return targets


def roof_targets(state: State) -> list[tuple[int, int]]:
    """Every house (row, lot) without a roof."""
    return [(r, i) for r in range(ROWS) for i, (_, roof) in enumerate(state.board[r]) if not roof]


def permit_targets(state: State, size: int) -> list[tuple[int, int]]:
    """(row, signed change) pairs a permit of ``size`` may make: within 1–9, never below what is built."""
    out = []
    for r in range(ROWS):
        length, built = row_length(state, r), len(state.board[r])
        for change in (size, -size):
            new = length + change
            if MIN_LENGTH <= new <= MAX_LENGTH and new >= built:
                out.append((r, change))
    return out


def cancel_targets(state: State) -> list[tuple[int, int]]:
    """(row, signed change) of each placed permit the cancel cube may remove."""
    out = []
    for r in range(ROWS):
        length, built = row_length(state, r), len(state.board[r])
        for change in state.permits[r]:
            new = length - change
            if MIN_LENGTH <= new <= MAX_LENGTH and new >= built:
                out.append((r, change))
    return out


def end_cubes(state: State) -> list[tuple[int, str, int]]:
    """(display row, end, cube) of the cubes that may be chosen: either end of each display row."""
    out = []
    for d, row in enumerate(state.display):
        if row:
            out.append((d, "left", row[0]))
            if len(row) > 1:
                out.append((d, "right", row[-1]))
    return out


def auctionable(state: State) -> list[dict[str, Any]]:
    """Every auction the auctioneer may start now (pieces with somewhere to go)."""
    acts: list[dict[str, Any]] = []
    for d, end, cube in end_cubes(state):
        if cube_targets(state, cube):
            acts.append({"type": "auction", "piece": "cube", "row": d, "end": end})
    if state.roof_pile and roof_targets(state):
        acts.append({"type": "auction", "piece": "roof"})
    for name in state.supply:
        if name.startswith("permit"):
            acts.append({"type": "auction", "piece": "permit", "size": int(name[-1])})
        else:
            acts.append({"type": "auction", "piece": name})
    return acts


def piece_json(piece: tuple[str, int] | None) -> dict[str, Any] | None:
    """The piece under auction as JSON: ``{"kind": "cube", "colour": c, "pips": p}`` and so on."""
    if piece is None:
        return None
    kind, value = piece
    if kind == "cube":
        return {"kind": "cube", "colour": colour_of(value), "pips": pips_of(value)}
    if kind == "roof":
        return {"kind": "roof", "value": value}
    if kind == "permit":
        return {"kind": "permit", "size": value}
    return {"kind": kind}


def house_value(house: House) -> int:
    """Points of a house before sign and mayor: all its pips plus its roof's number."""
    cubes, roof = house
    return sum(c % 6 + 1 for c in cubes) + roof


def round_score(state: State) -> list[int]:
    """Each seat's score for the round as it stands (complete rows +, others −, mayor ×2, cash box)."""
    score = state.cash[:]
    for r in range(ROWS):
        sign = (1 if row_complete(state, r) else -1) * (2 if state.mayor == r else 1)
        for house in state.board[r]:
            owner = state.owners[colour_of(house[0][-1])]
            if owner >= 0:
                score[owner] += sign * house_value(house)
    return score


def _best(players: list[int], key: list[int], money: list[int]) -> list[int]:
    """Seats with the best ``key``; ties to more money in hand, still tied shared."""
    top = max(key[p] for p in players)
    tied = [p for p in players if key[p] == top]
    most = max(money[p] for p in tied)
    return [p for p in tied if money[p] == most]


# --------------------------------------------------------------------------- set-up

def new_game(num_players: int, seed: int, rounds: int = 1, **options: Any) -> State:
    """A new game for 2–5 players; ``rounds`` (1–9) rounds, money carried over between them."""
    if options:
        raise IllegalAction(key="neueheimat.unknown_option", options=", ".join(sorted(options)), max_rounds=MAX_ROUNDS)
    if isinstance(num_players, bool) or not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise IllegalAction(key="neueheimat.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, players=repr(num_players))
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise IllegalAction(key="neueheimat.rounds_range", max_rounds=MAX_ROUNDS, rounds=repr(rounds))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction(key="neueheimat.seed_not_int", seed=repr(seed))
    s = State()
    s.n, s.rounds = num_players, rounds
    s.rng = Rng(seed, stream=8)
    s.money = [START_MONEY] * num_players
    s.cash = [0] * num_players
    s.totals = [0] * num_players
    s.round_wins = [0] * num_players
    start = s.rng.randrange(num_players)
    _setup_round(s, start)
    return s


def _setup_round(s: State, start: int) -> None:
    """Draw the display, shuffle the roofs, put the special pieces back; ``start`` auctions first."""
    cubes = list(range(36))
    s.rng.shuffle(cubes)
    s.display = [cubes[i * DISPLAY_LEN:(i + 1) * DISPLAY_LEN] for i in range(DISPLAY_ROWS)]
    s.out = sorted(cubes[DISPLAY_ROWS * DISPLAY_LEN:])
    s.board = [[], [], []]
    s.permits = [[], [], []]
    s.mayor = -1
    s.supply = list(SPECIALS)
    s.discarded = []
    s.owners = [-1] * 6
    pile = list(ALL_ROOFS)
    s.rng.shuffle(pile)
    s.roof_pile = pile
    s.roofs_discarded = []
    s.piece = None
    s.bidder = s.high_bidder = s.holder = -1
    s.high_bid = 0
    s.log.append({"type": "round_start", "round": s.round_no, "start": start,
                  "display": [[[colour_of(c), pips_of(c)] for c in row] for row in s.display]})
    _start_turn(s, start)


def _start_turn(s: State, player: int) -> None:
    s.auctioneer = player
    s.piece = None
    s.bidder = s.high_bidder = s.holder = -1
    s.high_bid = 0
    if not auctionable(s):
        _end_round(s, "no_pieces")
        return
    s.phase = "profits" if s.money[player] > 0 else "choose"


def _end_turn(s: State) -> None:
    """Check the end of the round, else pass the auction to the next seat clockwise."""
    s.piece = None
    s.holder = -1
    if len(complete_rows(s)) >= 2:
        _end_round(s, "two_rows")
    elif not any(s.roof_pile):
        _end_round(s, "no_roofs")
    elif not any(s.display) and not roof_targets(s):
        _end_round(s, "all_built")
    else:
        _start_turn(s, (s.auctioneer + 1) % s.n)


def _end_round(s: State, reason: str) -> None:
    complete = complete_rows(s)
    s.log.append({"type": "round_end", "round": s.round_no, "reason": reason, "complete": complete})
    for r in range(ROWS):
        sign = (1 if r in complete else -1) * (2 if s.mayor == r else 1)
        for i, house in enumerate(s.board[r]):
            owner = s.owners[colour_of(house[0][-1])]
            s.log.append({"type": "house_score", "row": r, "lot": i, "owner": owner,
                          "value": house_value(house), "points": sign * house_value(house), "mayor": s.mayor == r})
    for p in range(s.n):
        if s.cash[p]:
            s.log.append({"type": "cash_score", "player": p, "points": s.cash[p]})
    result = round_score(s)
    winners = _best(list(range(s.n)), result, s.money)
    for w in winners:
        s.round_wins[w] += 1
    s.round_scores.append(result)
    s.totals = [t + x for t, x in zip(s.totals, result)]
    s.log.append({"type": "round_scores", "round": s.round_no, "scores": result, "winners": winners})
    two = [p for p in range(s.n) if s.round_wins[p] >= 2]
    if two or s.round_no >= s.rounds:
        # The cash boxes stay as they scored; money in hand breaks ties.
        s.winners_ = _best(two, s.totals, s.money) if two else _best(list(range(s.n)), s.totals, s.money)
        s.phase = "over"
        s.piece = None
        s.bidder = s.high_bidder = s.holder = -1
        s.high_bid = 0
        s.log.append({"type": "game_over", "totals": s.totals[:], "winners": s.winners_[:],
                      "reason": "two_round_wins" if two and s.round_no < s.rounds else "rounds_played"})
        return
    # Cash boxes go back to their owners' hands for the next round.
    for p in range(s.n):
        s.money[p] += s.cash[p]
        s.cash[p] = 0
    s.round_no += 1
    _setup_round(s, (s.auctioneer + 1) % s.n)


# --------------------------------------------------------------------------- the contract

def current_player(state: State) -> int | None:
    """The seat that decides now: auctioneer, bidder or the buyer placing; ``None`` once over."""
    ph = state.phase
    if ph == "over":
        return None
    if ph == "bid":
        return state.bidder
    if ph == "place":
        return state.holder
    return state.auctioneer


def is_over(state: State) -> bool:
    """True when the last round (or a second round win) has ended the game."""
    return state.phase == "over"


def scores(state: State) -> list[int]:
    """Totals of finished rounds plus the running round as it would score now."""
    if state.phase == "over":
        return state.totals[:]
    return [t + x for t, x in zip(state.totals, round_score(state))]


def winners(state: State) -> list[int]:
    """Winning seats once over (several on a shared win); empty before."""
    return state.winners_[:]


def _placements(state: State) -> list[dict[str, Any]]:
    kind, value = state.piece  # type: ignore[misc]
    if kind == "cube":
        return [{"type": "place", "row": r, "lot": i} for r, i in cube_targets(state, value)]
    if kind == "roof":
        return [{"type": "place", "row": r, "lot": i} for r, i in roof_targets(state)]
    if kind == "mayor":
        acts = [{"type": "mayor", "row": r} for r in range(ROWS)]
    elif kind == "permit":
        acts = [{"type": "permit", "row": r, "change": c} for r, c in permit_targets(state, value)]
    else:
        acts = [{"type": "cancel", "row": r, "change": c} for r, c in cancel_targets(state)]
    acts.append({"type": "discard"})
    return acts


def legal_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of :func:`current_player` (bids listed one per amount)."""
    ph = state.phase
    if ph == "profits":
        return [{"type": "profits", "take": True}, {"type": "profits", "take": False}]
    if ph == "choose":
        return auctionable(state)
    if ph == "bid":
        return [{"type": "bid", "amount": k} for k in range(state.high_bid + 1, state.money[state.bidder] + 1)] + [{"type": "pass"}]
    if ph == "resolve":
        return [{"type": "sell"}, {"type": "buy"}]
    if ph == "place":
        return _placements(state)
    return []


def _int(action: dict[str, Any], key: str) -> int:
    v = action.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise MalformedAction(key="neueheimat.needs_number", field=repr(key))
    return v


def apply_action(state: State, action: Any) -> State:
    """The state after ``action``; ``state`` is left untouched. Refusals raise ``IllegalAction``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction(key="neueheimat.not_an_action", actions=", ".join(_HANDLERS))
    kind = action["type"]
    ph = state.phase
    if ph == "over":
        raise IllegalAction(key="neueheimat.game_over")
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise MalformedAction(key="neueheimat.unknown_action", action=repr(kind), actions=", ".join(_HANDLERS))
    allowed = _PHASE_OF[kind]
    if ph not in allowed:
        raise IllegalAction(key=f"neueheimat.wrong_time_{ph}", high=state.high_bid)
    s = state.copy()
    handler(s, action)
    return s




def _do_profits(s: State, a: dict[str, Any]) -> None:
    take = a.get("take")
    if not isinstance(take, bool):
        raise MalformedAction(key="neueheimat.profits_take_bool")
    p = s.auctioneer
    if take:
        s.money[p] -= 1
        s.cash[p] += 1
        s.log.append({"type": "illegal_profit", "player": p, "cash": s.cash[p]})
    s.phase = "choose"


def _do_auction(s: State, a: dict[str, Any]) -> None:
    p = s.auctioneer
    what = a.get("piece")
    if what == "cube":
        d = _int(a, "row")
        end = a.get("end")
        if not 0 <= d < DISPLAY_ROWS or end not in ("left", "right"):
            raise MalformedAction(key="neueheimat.cube_where")
        row = s.display[d]
        if not row:
            raise IllegalAction(key="neueheimat.display_row_empty", row=d)
        cube = row[0] if end == "left" else row[-1]
        if not cube_targets(s, cube):
            raise IllegalAction(key="neueheimat.cube_no_place", pips=pips_of(cube))
        if end == "left":
            row.pop(0)
        else:
            row.pop()
        s.piece = ("cube", cube)
        s.log.append({"type": "auction", "player": p, "piece": piece_json(s.piece), "from": [d, end]})
    elif what == "roof":
        if not s.roof_pile:
            raise IllegalAction(key="neueheimat.no_roofs_left")
        if not roof_targets(s):
            raise IllegalAction(key="neueheimat.roof_needs_unroofed_house")
        roof = s.roof_pile.pop()
        s.log.append({"type": "roof_revealed", "player": p, "roof": roof})
        if roof == 0:
            s.roofs_discarded.append(0)
            s.log.append({"type": "roof_discarded", "player": p})
            _end_turn(s)
            return
        s.piece = ("roof", roof)
        s.log.append({"type": "auction", "player": p, "piece": piece_json(s.piece)})
    elif what in ("mayor", "cancel", "permit"):
        name = what
        if what == "permit":
            size = _int(a, "size")
            if size not in (1, 2, 3):
                raise MalformedAction(key="neueheimat.permit_size")
            name = f"permit{size}"
        if name not in s.supply:
            raise IllegalAction(key="neueheimat.piece_gone")
        s.supply.remove(name)
        s.piece = ("permit", int(name[-1])) if what == "permit" else (what, 0)
        s.log.append({"type": "auction", "player": p, "piece": piece_json(s.piece)})
    else:
        raise MalformedAction(key="neueheimat.auction_what")
    s.high_bid, s.high_bidder = 0, -1
    s.bidder = s.auctioneer
    _next_bidder(s)


def _next_bidder(s: State) -> None:
    """Move to the next seat clockwise that can outbid; others pass automatically."""
    while True:
        s.bidder = (s.bidder + 1) % s.n
        if s.bidder == s.auctioneer:
            break
        if s.money[s.bidder] > s.high_bid:
            s.phase = "bid"
            return
        s.log.append({"type": "pass", "player": s.bidder, "forced": True})
    s.bidder = -1
    a = s.auctioneer
    if s.high_bidder < 0:
        s.log.append({"type": "free", "player": a, "piece": piece_json(s.piece)})
        s.holder = a
        s.phase = "place"
    elif s.money[a] < s.high_bid:
        _sell(s, forced=True)
    else:
        s.phase = "resolve"


def _do_bid(s: State, a: dict[str, Any]) -> None:
    amount = _int(a, "amount")
    p = s.bidder
    if amount <= s.high_bid:
        if s.high_bid:
            raise IllegalAction(key="neueheimat.bid_too_low", high=s.high_bid, least=s.high_bid + 1)
        raise IllegalAction(key="neueheimat.bid_at_least_one")
    if amount > s.money[p]:
        raise IllegalAction(key="neueheimat.bid_over_money", money=s.money[p])
    s.high_bid, s.high_bidder = amount, p
    s.log.append({"type": "bid", "player": p, "amount": amount})
    _next_bidder(s)


def _do_pass(s: State, a: dict[str, Any]) -> None:
    s.log.append({"type": "pass", "player": s.bidder, "forced": False})
    _next_bidder(s)


def _sell(s: State, forced: bool = False) -> None:
    a, b, amount = s.auctioneer, s.high_bidder, s.high_bid
    s.money[b] -= amount
    s.money[a] += amount
    s.log.append({"type": "sell", "player": a, "to": b, "amount": amount, "forced": forced})
    s.holder = b
    s.phase = "place"


def _do_sell(s: State, a: dict[str, Any]) -> None:
    _sell(s)


def _do_buy(s: State, a: dict[str, Any]) -> None:
    p, b, amount = s.auctioneer, s.high_bidder, s.high_bid
    if s.money[p] < amount:
        raise IllegalAction(key="neueheimat.cannot_pay", amount=amount, money=s.money[p])
    s.money[p] -= amount
    s.money[b] += amount
    s.log.append({"type": "buy", "player": p, "from": b, "amount": amount})
    s.holder = p
    s.phase = "place"


def _do_place(s: State, a: dict[str, Any]) -> None:
    kind, value = s.piece  # type: ignore[misc]
    if kind not in ("cube", "roof"):
        raise IllegalAction(key="neueheimat.place_wrong_piece")
    r, i = _int(a, "row"), _int(a, "lot")
    if not 0 <= r < ROWS or not 0 <= i < LOTS:
        raise MalformedAction(key="neueheimat.lot_range")
    houses = s.board[r]
    p = s.holder
    if kind == "roof":
        if i >= len(houses):
            raise IllegalAction(key="neueheimat.roof_on_empty_lot")
        cubes, roof = houses[i]
        if roof:
            raise IllegalAction(key="neueheimat.house_has_roof")
        houses[i] = (cubes, value)
        s.log.append({"type": "place", "player": p, "piece": piece_json(s.piece), "row": r, "lot": i})
    else:
        if i > len(houses):
            raise IllegalAction(key="neueheimat.no_gaps", lot=len(houses) + 1)
        if i == len(houses):
            if i >= row_length(s, r):
                raise IllegalAction(key="neueheimat.row_full", length=row_length(s, r))
            houses.append(((value,), 0))
        else:
            cubes, roof = houses[i]
            if roof:
                raise IllegalAction(key="neueheimat.nothing_on_roof")
            if i in SINGLE_LOTS[r]:
                raise IllegalAction(key="neueheimat.fenced_lot")
            if pips_of(cubes[-1]) <= pips_of(value):
                raise IllegalAction(key="neueheimat.stack_more_pips", below=pips_of(cubes[-1]), pips=pips_of(value))
            houses[i] = (cubes + (value,), 0)
        s.log.append({"type": "place", "player": p, "piece": piece_json(s.piece), "row": r, "lot": i})
        c = colour_of(value)
        if s.owners[c] < 0:
            s.owners[c] = p
            s.log.append({"type": "marker", "player": p, "colour": c})
    _end_turn(s)


def _special_name(s: State) -> str:
    kind, value = s.piece  # type: ignore[misc]
    return f"permit{value}" if kind == "permit" else kind


def _do_mayor(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] != "mayor":
        raise IllegalAction(key="neueheimat.not_mayor")
    r = _int(a, "row")
    if not 0 <= r < ROWS:
        raise MalformedAction(key="neueheimat.row_range")
    s.mayor = r
    s.log.append({"type": "mayor", "player": s.holder, "row": r})
    _end_turn(s)


def _do_permit(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] != "permit":
        raise IllegalAction(key="neueheimat.not_permit")
    r, change = _int(a, "row"), _int(a, "change")
    size = s.piece[1]
    if not 0 <= r < ROWS or abs(change) != size:
        raise MalformedAction(key="neueheimat.permit_change", size=size)
    new, built = row_length(s, r) + change, len(s.board[r])
    if not MIN_LENGTH <= new <= MAX_LENGTH:
        raise IllegalAction(key="neueheimat.length_range", min=MIN_LENGTH, max=MAX_LENGTH, length=new)
    if new < built:
        raise IllegalAction(key="neueheimat.shorten_below_built", built=built, length=new)
    s.permits[r].append(change)
    s.log.append({"type": "permit", "player": s.holder, "row": r, "change": change, "length": new})
    _end_turn(s)


def _do_cancel(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] != "cancel":
        raise IllegalAction(key="neueheimat.not_cancel")
    r, change = _int(a, "row"), _int(a, "change")
    if not 0 <= r < ROWS or change not in s.permits[r]:
        raise IllegalAction(key="neueheimat.no_such_permit")
    new, built = row_length(s, r) - change, len(s.board[r])
    if new < built:
        raise IllegalAction(key="neueheimat.cancel_below_built", length=new, built=built)
    if not MIN_LENGTH <= new <= MAX_LENGTH:
        raise IllegalAction(key="neueheimat.length_range", min=MIN_LENGTH, max=MAX_LENGTH, length=new)
    s.permits[r].remove(change)
    s.discarded += [f"permit{abs(change)}", "cancel"]
    s.log.append({"type": "cancel", "player": s.holder, "row": r, "change": change, "length": new})
    _end_turn(s)


def _do_discard(s: State, a: dict[str, Any]) -> None:
    if s.piece is None or s.piece[0] in ("cube", "roof"):
        raise IllegalAction(key="neueheimat.must_place")
    s.discarded.append(_special_name(s))
    s.log.append({"type": "discard", "player": s.holder, "piece": piece_json(s.piece)})
    _end_turn(s)


_HANDLERS = {
    "profits": _do_profits, "auction": _do_auction, "bid": _do_bid, "pass": _do_pass,
    "sell": _do_sell, "buy": _do_buy, "place": _do_place, "mayor": _do_mayor,
    "permit": _do_permit, "cancel": _do_cancel, "discard": _do_discard,
}
_PHASE_OF = {
    "profits": ("profits",), "auction": ("choose",), "bid": ("bid",), "pass": ("bid",),
    "sell": ("resolve",), "buy": ("resolve",), "place": ("place",), "mayor": ("place",),
    "permit": ("place",), "cancel": ("place",), "discard": ("place",),
}


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when a face-down roof was turned up or a new round's display was drawn."""
    return len(after.roof_pile) < len(before.roof_pile) or after.round_no != before.round_no
