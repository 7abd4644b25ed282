"""Neue Heimat: the saved-game JSON, read back strictly.

``from_json`` refuses with ``SaveFormatError`` (and a reason) anything that is
not a position the rules could reach: wrong types, numbers out of range,
pieces or money that do not add up, an auction that does not fit its phase.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, SaveFormatError, envelope, guarded, open_envelope
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
        "players": s.n, "rounds": s.rounds, "round": s.round_no, "rng": s.rng.to_json(),
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


def _int(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SaveFormatError(f"The saved game's {what} must be a whole number.")
    if not low <= value <= high:
        raise SaveFormatError(f"The saved game's {what} ({value}) is outside {low}–{high}.")
    return value


def _ints(value: Any, what: str, low: int = -(2**31), high: int = 2**31, length: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise SaveFormatError(f"The saved game's {what} must be a list of whole numbers.")
    if length is not None and len(value) != length:
        raise SaveFormatError(f"The saved game's {what} must hold {length} numbers, not {len(value)}.")
    return [_int(x, what, low, high) for x in value]


def _names(value: Any, what: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(x, str) and x in SPECIALS for x in value):
        raise SaveFormatError(f"The saved game's {what} must list special pieces ({', '.join(SPECIALS)}).")
    return list(value)


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; refuse anything inconsistent with ``SaveFormatError``."""
    data = open_envelope(data, GAME_ID, VERSION)
    return guarded(lambda: _read(data))


def _read(d: dict[str, Any]) -> State:
    missing = [k for k in _BODY_KEYS if k not in d]
    if missing:
        raise SaveFormatError(f"The saved game lacks {', '.join(missing)}.")
    extra = sorted(set(d) - _KEYS)
    if extra:
        raise SaveFormatError(f"The saved game has unknown fields: {', '.join(map(str, extra))}.")
    s = State()
    s.n = n = _int(d["players"], "number of players", MIN_PLAYERS, MAX_PLAYERS)
    s.rounds = _int(d["rounds"], "number of rounds", 1, MAX_ROUNDS)
    s.round_no = _int(d["round"], "round", 1, s.rounds)
    try:
        s.rng = Rng.from_json(d["rng"])
    except ValueError as exc:
        raise SaveFormatError(f"The saved game's random generator is unreadable: {exc}.") from None
    if s.rng.to_json() != d["rng"]:
        raise SaveFormatError("The saved game's random generator is not written as this app writes it.")
    s.money = _ints(d["money"], "money in hand", 0, START_MONEY * n, n)
    s.cash = _ints(d["cash"], "cash boxes", 0, START_MONEY * n, n)
    if sum(s.money) + sum(s.cash) != START_MONEY * n:
        raise SaveFormatError(f"The saved game's money does not add up to {START_MONEY} million per player.")
    s.totals = _ints(d["totals"], "totals", length=n)
    s.round_wins = _ints(d["round_wins"], "round wins", 0, MAX_ROUNDS, n)
    s.owners = _ints(d["owners"], "colour markers", -1, n - 1, 6)
    s.winners_ = _ints(d["winners"], "winners", 0, n - 1)
    if not isinstance(d["round_scores"], list):
        raise SaveFormatError("The saved game's round scores must be a list.")
    s.round_scores = [_ints(r, "round scores", length=n) for r in d["round_scores"]]
    if not isinstance(d["display"], list) or len(d["display"]) != DISPLAY_ROWS:
        raise SaveFormatError(f"The saved game's display must have {DISPLAY_ROWS} rows.")
    s.display = [_ints(r, "display", 0, 35) for r in d["display"]]
    s.out = _ints(d["out"], "cubes out of the round", 0, 35, 36 - DISPLAY_ROWS * DISPLAY_LEN)
    board = d["board"]
    if not isinstance(board, list) or len(board) != ROWS or not all(isinstance(row, list) for row in board):
        raise SaveFormatError(f"The saved game's board must have {ROWS} rows.")
    s.board = []
    for r, row in enumerate(board):
        houses: list[House] = []
        for h in row:
            if not isinstance(h, list) or len(h) != 2:
                raise SaveFormatError("A saved house must be [cubes, roof].")
            cubes = _ints(h[0], "house", 0, 35)
            if not cubes or any(pips_of(a) <= pips_of(b) for a, b in zip(cubes, cubes[1:])):
                raise SaveFormatError("A saved house must have cubes with fewer pips on top of more.")
            if len(cubes) > 1 and len(houses) in SINGLE_LOTS[r]:
                raise SaveFormatError("A saved fenced lot holds more than one cube.")
            houses.append((tuple(cubes), _int(h[1], "roof", 0, 6)))
        s.board.append(houses)
    if not isinstance(d["permits"], list) or len(d["permits"]) != ROWS:
        raise SaveFormatError(f"The saved game's permits must have {ROWS} rows.")
    s.permits = [_ints(r, "permits", -3, 3) for r in d["permits"]]
    if 0 in [c for r in s.permits for c in r]:
        raise SaveFormatError("The saved game has a permit of size 0.")
    s.mayor = _int(d["mayor"], "mayor's row", -1, ROWS - 1)
    s.supply = _names(d["supply"], "supply")
    s.discarded = _names(d["discarded"], "discarded pieces")
    s.roof_pile = _ints(d["roof_pile"], "roof pile", 0, 6)
    s.roofs_discarded = _ints(d["roofs_discarded"], "discarded roofs", 0, 6)
    s.auctioneer = _int(d["auctioneer"], "auctioneer", 0, n - 1)
    if d["phase"] not in PHASES:
        raise SaveFormatError(f"The saved game's phase must be one of {', '.join(PHASES)}.")
    s.phase = d["phase"]
    piece = d["piece"]
    if piece is not None:
        ranges = {"cube": (0, 35), "roof": (1, 6), "permit": (1, 3), "mayor": (0, 0), "cancel": (0, 0)}
        if not (isinstance(piece, list) and len(piece) == 2 and isinstance(piece[0], str) and piece[0] in ranges):
            raise SaveFormatError("The saved game's piece under auction is unreadable.")
        s.piece = (piece[0], _int(piece[1], "piece under auction", *ranges[piece[0]]))
    s.bidder = _int(d["bidder"], "bidder", -1, n - 1)
    s.high_bid = _int(d["high_bid"], "highest bid", 0, START_MONEY * n)
    s.high_bidder = _int(d["high_bidder"], "highest bidder", -1, n - 1)
    s.holder = _int(d["holder"], "holder", -1, n - 1)
    log = d["log"]
    if not isinstance(log, list) or not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in log):
        raise SaveFormatError("The saved game's log is unreadable.")
    s.log = [dict(e) for e in log]
    check_pieces(s)
    _check_position(s)
    return s


def _check_position(s: State) -> None:
    """Refuse a position the rules cannot reach: markers, scores and the auction against the phase."""
    on_board = {colour_of(c) for row in s.board for cubes, _ in row for c in cubes}
    if any((s.owners[c] >= 0) != (c in on_board) for c in range(6)):
        raise SaveFormatError("The saved game's colour markers do not match the colours on the board.")
    sizes = [abs(c) for r in s.permits for c in r]
    if len(set(sizes)) != len(sizes):
        raise SaveFormatError("The saved game uses a permit twice.")
    over = s.phase == "over"
    if len(s.round_scores) != (s.round_no if over else s.round_no - 1):
        raise SaveFormatError("The saved game's round scores do not match its round.")
    if s.totals != [sum(r[p] for r in s.round_scores) for p in range(s.n)]:
        raise SaveFormatError("The saved game's totals are not the sum of its round scores.")
    played = len(s.round_scores)
    if any(w > played for w in s.round_wins) or not played <= sum(s.round_wins) <= played * s.n:
        raise SaveFormatError("The saved game's round wins do not match the rounds played.")
    if not over and max(s.round_wins) >= 2:
        raise SaveFormatError("The saved game goes on although a player has won two rounds.")
    if over != bool(s.winners_) or len(set(s.winners_)) != len(s.winners_):
        raise SaveFormatError("The saved game's winners do not match its phase.")
    idle = (s.bidder, s.high_bid, s.high_bidder, s.holder) == (-1, 0, -1, -1)
    if s.phase in ("over", "profits", "choose"):
        if s.piece is not None or not idle:
            raise SaveFormatError("The saved game has an auction running outside an auction.")
        if s.phase == "profits" and s.money[s.auctioneer] == 0:
            raise SaveFormatError("The saved game asks about illegal profits of a player with no money in hand.")
        if not over and (len(complete_rows(s)) >= 2 or not any(s.roof_pile) or not auctionable(s)
                         or (not any(s.display) and not roof_targets(s))):
            raise SaveFormatError("The saved game goes on after its round should have ended.")
        return
    a, b, high = s.auctioneer, s.high_bidder, s.high_bid
    if s.piece is None or (b == -1) != (high == 0) or b == a or (s.phase != "place" and b >= 0 and s.money[b] < high):
        raise SaveFormatError("The saved game's auction is impossible.")
    if s.phase == "bid" and (s.bidder in (-1, a) or s.holder != -1 or s.money[s.bidder] <= high):
        raise SaveFormatError("The saved game's bidder is impossible.")
    if s.phase == "resolve" and (s.bidder != -1 or s.holder != -1 or high == 0 or s.money[a] < high):
        raise SaveFormatError("The saved game's auction result is impossible.")
    if s.phase == "place":
        if s.bidder != -1 or s.holder not in (a, b) or s.holder == -1:
            raise SaveFormatError("The saved game's buyer is impossible.")
        kind, value = s.piece
        if (kind == "cube" and not cube_targets(s, value)) or (kind == "roof" and not roof_targets(s)):
            raise SaveFormatError("The saved game's piece to place has nowhere to go.")


def check_pieces(s: State) -> None:
    """Refuse a (hand-edited) state whose pieces do not add up."""
    if s.phase not in PHASES or not 0 <= s.auctioneer < s.n:
        raise SaveFormatError("The saved game's turn is impossible.")
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
        raise SaveFormatError("The saved game's cubes, roofs or special pieces do not add up.")
    if not -1 <= s.mayor < ROWS or any(not 1 <= row_length(s, r) <= 9 or len(s.board[r]) > row_length(s, r) for r in range(ROWS)):
        raise SaveFormatError("The saved game's rows are impossible.")
    if s.phase in ("bid", "resolve", "place") and s.piece is None:
        raise SaveFormatError("The saved game is mid-auction without a piece.")
    if (s.phase == "bid" and not 0 <= s.bidder < s.n) or (s.phase == "place" and not 0 <= s.holder < s.n) \
            or (s.phase == "resolve" and not 0 <= s.high_bidder < s.n):
        raise SaveFormatError("The saved game's auction is impossible.")
