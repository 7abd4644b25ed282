"""Neue Heimat: the saved-game JSON, read back strictly.

``from_json`` refuses with ``SaveFormatError`` (and a reason) anything that is
not a position the rules could reach: wrong types, numbers out of range,
pieces or money that do not add up, an auction that does not fit its phase.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, envelope, guarded, open_envelope
from ..core.jsonfmt import check_keys, inconsistent, read_choice, read_int, read_ints, read_list
from .state import (
    ALL_ROOFS, DISPLAY_LEN, DISPLAY_ROWS, GAME_ID, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, PHASES, ROWS, SINGLE_LOTS,
    SPECIALS, START_MONEY, House, State, auctionable, colour_of, complete_rows, cube_targets, pips_of, roof_targets, row_length,
)

VERSION = 1
_PIECE_KINDS = ("cube", "roof", "mayor", "permit", "cancel")


def to_json(state: State) -> dict[str, Any]:
    """The state as versioned JSON (cubes as ids ``colour*6+pips-1``; houses as ``[[cubes], roof]``)."""
    s = state
    return envelope(GAME_ID, VERSION, {
        "players": s.players, "rounds": s.rounds, "round": s.round_no, "rng": s.rng.to_json(),
        "money": s.money[:], "cash": s.cash[:], "totals": s.totals[:],
        "round_scores": [r[:] for r in s.round_scores], "round_wins": s.round_wins[:],
        "display": [r[:] for r in s.display], "out": s.out[:],
        "board": [[[list(c), roof] for c, roof in row] for row in s.board],
        "permits": [r[:] for r in s.permits], "mayor": s.mayor,
        "supply": s.supply[:], "discarded": s.discarded[:], "owners": s.owners[:],
        "roof_pile": s.roof_pile[:], "roofs_discarded": s.roofs_discarded[:],
        "auctioneer": s.auctioneer, "phase": s.phase,
        "piece": list(s.piece) if s.piece else None,
        "bidder": s.bidder, "high_bid": s.high_bid, "high_bidder": s.high_bidder, "holder": s.holder,
        "winners": s.winners_[:], "log": [dict(e) for e in s.log],
    })


_BODY_KEYS = (
    "players", "rounds", "round", "rng", "money", "cash", "totals", "round_scores", "round_wins", "display", "out",
    "board", "permits", "mayor", "supply", "discarded", "owners", "roof_pile", "roofs_discarded", "auctioneer",
    "phase", "piece", "bidder", "high_bid", "high_bidder", "holder", "winners", "log",
)
_KEYS = frozenset(("format", "game", "version") + _BODY_KEYS)


#: a round's score is bounded by what the rules can pay out in one round; none of the rules' sums reaches it,
#: and the totals (the sum over at most MAX_ROUNDS rounds) stay within what JSON carries exactly
MAX_ROUND_SCORE = 10**6


def _names(value: Any, field: str) -> list[str]:
    """A list of special pieces' names (:data:`SPECIALS`)."""
    return [read_choice(x, field, SPECIALS) for x in read_list(value, field)]


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; refuse anything inconsistent with ``SaveFormatError``."""
    data = open_envelope(data, GAME_ID, VERSION)
    return guarded(lambda: _read(data))


def _read(d: dict[str, Any]) -> State:
    check_keys(d, _BODY_KEYS, _KEYS)
    s = State()
    s.players = n = read_int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS, "number of players")
    s.rounds = read_int(d["rounds"], "rounds", 1, MAX_ROUNDS, "number of rounds")
    s.round_no = read_int(d["round"], "round", 1, s.rounds)
    try:
        s.rng = Rng.from_json(d["rng"])
    except ValueError as exc:
        raise inconsistent("rng", f"the random generator is unreadable: {exc}") from None
    if s.rng.to_json() != d["rng"]:
        raise inconsistent("rng", "the random generator is not written as this app writes it")
    s.money = read_ints(d["money"], "money", 0, START_MONEY * n, n, "money in hand")
    s.cash = read_ints(d["cash"], "cash", 0, START_MONEY * n, n, "cash boxes")
    if sum(s.money) + sum(s.cash) != START_MONEY * n:
        raise inconsistent("money", f"the money does not add up to {START_MONEY} million per player")
    s.totals = read_ints(d["totals"], "totals", -MAX_ROUND_SCORE * MAX_ROUNDS, MAX_ROUND_SCORE * MAX_ROUNDS, n)
    s.round_wins = read_ints(d["round_wins"], "round_wins", 0, MAX_ROUNDS, n, "round wins")
    s.owners = read_ints(d["owners"], "owners", -1, n - 1, 6, "colour markers")
    s.winners_ = read_ints(d["winners"], "winners", 0, n - 1)
    s.round_scores = [read_ints(r, "round_scores", -MAX_ROUND_SCORE, MAX_ROUND_SCORE, n, "round scores")
                      for r in read_list(d["round_scores"], "round_scores")]
    s.display = [read_ints(r, "display", 0, 35) for r in read_list(d["display"], "display", DISPLAY_ROWS)]
    s.out = read_ints(d["out"], "out", 0, 35, 36 - DISPLAY_ROWS * DISPLAY_LEN, "cubes out of the round")
    board = read_list(d["board"], "board", ROWS)
    s.board = []
    for r, row in enumerate(board):
        houses: list[House] = []
        for h in read_list(row, "board"):
            read_list(h, "board", 2, "a house: [cubes, roof]")
            cubes = read_ints(h[0], "board", 0, 35, what="a house's cubes")
            if not cubes or any(pips_of(a) <= pips_of(b) for a, b in zip(cubes, cubes[1:])):
                raise inconsistent("board", "a house must have cubes with fewer pips on top of more")
            if len(cubes) > 1 and len(houses) in SINGLE_LOTS[r]:
                raise inconsistent("board", "a fenced lot holds more than one cube")
            houses.append((tuple(cubes), read_int(h[1], "board", 0, 6, "roof")))
        s.board.append(houses)
    s.permits = [read_ints(r, "permits", -3, 3) for r in read_list(d["permits"], "permits", ROWS)]
    if 0 in [c for r in s.permits for c in r]:
        raise inconsistent("permits", "a permit of size 0")
    s.mayor = read_int(d["mayor"], "mayor", -1, ROWS - 1, "mayor's row")
    s.supply = _names(d["supply"], "supply")
    s.discarded = _names(d["discarded"], "discarded")
    s.roof_pile = read_ints(d["roof_pile"], "roof_pile", 0, 6)
    s.roofs_discarded = read_ints(d["roofs_discarded"], "roofs_discarded", 0, 6)
    s.auctioneer = read_int(d["auctioneer"], "auctioneer", 0, n - 1)
    s.phase = read_choice(d["phase"], "phase", PHASES)
    piece = d["piece"]
    if piece is not None:
        ranges = {"cube": (0, 35), "roof": (1, 6), "permit": (1, 3), "mayor": (0, 0), "cancel": (0, 0)}
        read_list(piece, "piece", 2, "the piece under auction")
        kind = read_choice(piece[0], "piece", tuple(ranges), "the piece under auction")
        s.piece = (kind, read_int(piece[1], "piece", *ranges[kind], "the piece under auction"))
    s.bidder = read_int(d["bidder"], "bidder", -1, n - 1)
    s.high_bid = read_int(d["high_bid"], "high_bid", 0, START_MONEY * n, "highest bid")
    s.high_bidder = read_int(d["high_bidder"], "high_bidder", -1, n - 1, "highest bidder")
    s.holder = read_int(d["holder"], "holder", -1, n - 1)
    log = read_list(d["log"], "log")
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in log):
        raise inconsistent("log", "the log holds something that is not an event")
    s.log = [dict(e) for e in log]
    check_pieces(s)
    _check_position(s)
    return s


def _check_position(s: State) -> None:
    """Refuse a position the rules cannot reach: markers, scores and the auction against the phase."""
    on_board = {colour_of(c) for row in s.board for cubes, _ in row for c in cubes}
    if any((s.owners[c] >= 0) != (c in on_board) for c in range(6)):
        raise inconsistent("owners", "the colour markers do not match the colours on the board")
    sizes = [abs(c) for r in s.permits for c in r]
    if len(set(sizes)) != len(sizes):
        raise inconsistent("permits", "it uses a permit twice")
    over = s.phase == "over"
    if len(s.round_scores) != (s.round_no if over else s.round_no - 1):
        raise inconsistent("round_scores", "the round scores do not match its round")
    if s.totals != [sum(r[p] for r in s.round_scores) for p in range(s.players)]:
        raise inconsistent("round_scores", "the totals are not the sum of its round scores")
    played = len(s.round_scores)
    if any(w > played for w in s.round_wins) or not played <= sum(s.round_wins) <= played * s.players:
        raise inconsistent("round_wins", "the round wins do not match the rounds played")
    if not over and max(s.round_wins) >= 2:
        raise inconsistent("round_wins", "it goes on although a player has won two rounds")
    if over != bool(s.winners_) or len(set(s.winners_)) != len(s.winners_):
        raise inconsistent("winners", "the winners do not match its phase")
    idle = (s.bidder, s.high_bid, s.high_bidder, s.holder) == (-1, 0, -1, -1)
    if s.phase in ("over", "profits", "choose"):
        if s.piece is not None or not idle:
            raise inconsistent("piece", "it has an auction running outside an auction")
        if s.phase == "profits" and s.money[s.auctioneer] == 0:
            raise inconsistent("money", "it asks about illegal profits of a player with no money in hand")
        if not over and (len(complete_rows(s)) >= 2 or not any(s.roof_pile) or not auctionable(s)
                         or (not any(s.display) and not roof_targets(s))):
            raise inconsistent("phase", "it goes on after its round should have ended")
        return
    a, b, high = s.auctioneer, s.high_bidder, s.high_bid
    if s.piece is None or (b == -1) != (high == 0) or b == a or (s.phase != "place" and b >= 0 and s.money[b] < high):
        raise inconsistent("piece", "the auction is impossible")
    if s.phase == "bid" and (s.bidder in (-1, a) or s.holder != -1 or s.money[s.bidder] <= high):
        raise inconsistent("bidder", "the bidder is impossible")
    if s.phase == "resolve" and (s.bidder != -1 or s.holder != -1 or high == 0 or s.money[a] < high):
        raise inconsistent("high_bid", "the auction result is impossible")
    if s.phase == "place":
        if s.bidder != -1 or s.holder not in (a, b) or s.holder == -1:
            raise inconsistent("holder", "the buyer is impossible")
        kind, value = s.piece
        if (kind == "cube" and not cube_targets(s, value)) or (kind == "roof" and not roof_targets(s)):
            raise inconsistent("piece", "the piece to place has nowhere to go")


def check_pieces(s: State) -> None:
    """Refuse a (hand-edited) state whose pieces do not add up."""
    if s.phase not in PHASES or not 0 <= s.auctioneer < s.players:
        raise inconsistent("auctioneer", "the turn is impossible")
    cubes = [c for r in s.display for c in r] + s.out + [c for row in s.board for h in row for c in h[0]]
    roofs = s.roof_pile + s.roofs_discarded + [h[1] for row in s.board for h in row if h[1]]
    specials = s.supply + s.discarded + [f"permit{abs(c)}" for r in s.permits for c in r] + (["mayor"] if s.mayor >= 0 else [])
    if s.piece:
        kind, value = s.piece
        if kind == "cube":
            cubes.append(value)
        elif kind == "roof":
            roofs.append(value)
        else:
            specials.append(f"permit{value}" if kind == "permit" else kind)
    if sorted(cubes) != list(range(36)) or sorted(roofs) != sorted(ALL_ROOFS) or sorted(specials) != sorted(SPECIALS):
        raise inconsistent("board", "the cubes, roofs or special pieces do not add up")
    if not -1 <= s.mayor < ROWS or any(not 1 <= row_length(s, r) <= 9 or len(s.board[r]) > row_length(s, r) for r in range(ROWS)):
        raise inconsistent("permits", "the rows are impossible")
    if s.phase in ("bid", "resolve", "place") and s.piece is None:
        raise inconsistent("piece", "it is mid-auction without a piece")
    if (s.phase == "bid" and not 0 <= s.bidder < s.players) or (s.phase == "place" and not 0 <= s.holder < s.players) \
            or (s.phase == "resolve" and not 0 <= s.high_bidder < s.players):
        raise inconsistent("piece", "the auction is impossible")
