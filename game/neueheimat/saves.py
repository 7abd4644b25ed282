"""Neue Heimat: the saved-game JSON, read back strictly.

``from_json`` refuses with ``SaveFormatError`` (and a reason) anything that is
not a position the rules could reach: wrong types, numbers out of range,
pieces or money that do not add up, an auction that does not fit its phase.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, SaveFormatError, envelope, guarded, open_envelope, read_field
from .state import (
    ALL_ROOFS, DISPLAY_ROWS, GAME_ID, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, PHASES, ROWS, SPECIALS, State, row_length,
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


def _ints(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
        raise SaveFormatError(f"The saved game's {what} must be a list of whole numbers.")
    return list(value)


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; refuse anything inconsistent with ``SaveFormatError``."""
    data = open_envelope(data, GAME_ID, VERSION)
    return guarded(lambda: _read(data))


def _read(d: dict[str, Any]) -> State:
    s = State()
    s.n = read_field(d, "players", int)
    if not MIN_PLAYERS <= s.n <= MAX_PLAYERS:
        raise SaveFormatError("The saved game has an impossible number of players.")
    s.rounds = read_field(d, "rounds", int)
    s.round_no = read_field(d, "round", int)
    if not 1 <= s.round_no <= s.rounds <= MAX_ROUNDS:
        raise SaveFormatError("The saved game's round numbers are impossible.")
    s.rng = Rng.from_json(read_field(d, "rng", list))
    for key in ("money", "cash", "totals", "round_wins", "owners", "winners"):
        value = _ints(read_field(d, key, list), key)
        setattr(s, "winners_" if key == "winners" else key, value)
    if not (len(s.money) == len(s.cash) == len(s.totals) == len(s.round_wins) == s.n) or len(s.owners) != 6:
        raise SaveFormatError("The saved game's per-player lists have the wrong length.")
    if min(s.money + s.cash) < 0 or sum(s.money) + sum(s.cash) != 12 * s.n:
        raise SaveFormatError("The saved game's money does not add up.")
    s.round_scores = [_ints(r, "round scores") for r in read_field(d, "round_scores", list)]
    s.display = [_ints(r, "display") for r in read_field(d, "display", list)]
    s.out = _ints(read_field(d, "out", list), "cubes out of the round")
    s.board = [[(tuple(_ints(h[0], "house")), int(h[1])) for h in row] for row in read_field(d, "board", list)]
    s.permits = [_ints(r, "permits") for r in read_field(d, "permits", list)]
    if len(s.display) != DISPLAY_ROWS or len(s.board) != ROWS or len(s.permits) != ROWS:
        raise SaveFormatError("The saved game's board or display has the wrong shape.")
    s.mayor = read_field(d, "mayor", int)
    s.supply = [str(x) for x in read_field(d, "supply", list)]
    s.discarded = [str(x) for x in read_field(d, "discarded", list)]
    s.roof_pile = _ints(read_field(d, "roof_pile", list), "roof pile")
    s.roofs_discarded = _ints(read_field(d, "roofs_discarded", list), "discarded roofs")
    s.auctioneer = read_field(d, "auctioneer", int)
    s.phase = read_field(d, "phase", str)
    piece = d.get("piece")
    if piece is not None:
        if not (isinstance(piece, list) and len(piece) == 2 and piece[0] in _PIECE_KINDS and isinstance(piece[1], int)):
            raise SaveFormatError("The saved game's piece under auction is unreadable.")
        s.piece = (str(piece[0]), int(piece[1]))
    for key in ("bidder", "high_bid", "high_bidder", "holder"):
        setattr(s, key, read_field(d, key, int))
    log = read_field(d, "log", list)
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in log):
        raise SaveFormatError("The saved game's log is unreadable.")
    s.log = [dict(e) for e in log]
    check_pieces(s)
    return s


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
