"""Neue Heimat (published later as *The Estates*): the model.

The state is a compact object of lists and small tuples so that an action can
copy it cheaply. Pieces are small integers:

* a **floor cube** is ``colour * 6 + pips - 1`` (colours 0–5, pips 1–6), so 0–35;
* a **roof** is its number 1–6, or 0 for a blank roof;
* a **house** is ``(cubes, roof)``: a tuple of cube ids from the ground up and
  the roof number (0 while it has none);
* the **special pieces** are ``"mayor"``, ``"permit1"``, ``"permit2"``,
  ``"permit3"`` and ``"cancel"``.

Besides the model this module answers questions about a position (where a
piece may go and why not, which rows are complete, how the round would score
now); it changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..core import Rng
from ..core.actions import Refusal

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


def cube_json(cube: int) -> list[int]:
    """A floor cube as views show it, ``[colour, pips]`` (:func:`colour_of`, :func:`pips_of`, written out: views are
    built at every step of the hard player's playouts)."""
    return [cube // 6, cube % 6 + 1]


def cube_of(pair: Sequence[int]) -> int:
    """The floor cube a view's ``[colour, pips]`` names (the inverse of :func:`cube_json`)."""
    return pair[0] * 6 + pair[1] - 1



House = tuple[tuple[int, ...], int]



@dataclass(slots=True, repr=False)
class State:
    """A Neue Heimat position. Equal states compare equal field by field.

    Rows and houses are kept as lists of immutable tuples, so a copy only
    duplicates a handful of short lists.
    """

    players: int = 0
    rounds: int = 1
    round_no: int = 1
    rng: Rng = field(default_factory=lambda: Rng(0))
    money: list[int] = field(default_factory=list)
    cash: list[int] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    round_scores: list[list[int]] = field(default_factory=list)
    round_wins: list[int] = field(default_factory=list)
    display: list[list[int]] = field(default_factory=lambda: [[], [], []])
    out: list[int] = field(default_factory=list)
    board: list[list[House]] = field(default_factory=lambda: [[], [], []])
    permits: list[list[int]] = field(default_factory=lambda: [[], [], []])  # signed sizes on each row
    mayor: int = -1  # row of the mayor, -1 when not on the board
    supply: list[str] = field(default_factory=lambda: list(SPECIALS))
    discarded: list[str] = field(default_factory=list)
    owners: list[int] = field(default_factory=lambda: [-1] * 6)
    roof_pile: list[int] = field(default_factory=list)  # face down; the top is the last element
    roofs_discarded: list[int] = field(default_factory=list)
    auctioneer: int = 0
    phase: str = "profits"
    piece: tuple[str, int] | None = None  # ("cube", id) ("roof", n) ("mayor", 0) ("permit", k) ("cancel", 0)
    bidder: int = -1
    high_bid: int = 0
    high_bidder: int = -1
    holder: int = -1
    winners_: list[int] = field(default_factory=list)
    log: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> "State":
        """A copy sharing only immutable parts (tuples, the log's event dicts)."""
        s = State.__new__(State)
        s.players, s.rounds, s.round_no = self.players, self.rounds, self.round_no
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



# --------------------------------------------------------------------------- where a piece may go, and why not
#
# Each rule of placement is one predicate that judges one move and says why it
# is refused (a catalogue key and its parameters) or ``None`` when it is legal.
# The enumerations below list exactly the moves their predicate lets through,
# and the actions refuse a move by asking the same predicate (``actions/``), so
# what is offered and what is accepted cannot drift apart.

def cube_refusal(state: State, cube: int, row: int, lot: int) -> Refusal | None:
    """Why floor cube ``cube`` may not go on ``lot`` (0–9) of ``row`` (0–2); ``None`` when it may.

    A new house goes on the row's first empty lot within its length; a cube
    stacks on an unroofed house outside the fenced lots whose top shows more pips.
    """
    houses = state.board[row]
    built = len(houses)
    if lot >= built:
        if lot > built:
            return "neueheimat.no_gaps", {"lot": built + 1}
        length = BASE_LENGTH + sum(state.permits[row])
        if lot >= length:
            return "neueheimat.row_full", {"length": length}
        return None
    cubes, roof = houses[lot]
    if roof:
        return "neueheimat.nothing_on_roof", {}
    if lot in SINGLE_LOTS[row]:
        return "neueheimat.fenced_lot", {}
    below, pips = cubes[-1] % 6 + 1, cube % 6 + 1
    if below <= pips:
        return "neueheimat.stack_more_pips", {"below": below, "pips": pips}
    return None



def cube_targets(state: State, cube: int) -> list[tuple[int, int]]:
    """Every (row, lot) where ``cube`` may go (:func:`cube_refusal`), row by row, lots from the road."""
    return [(r, i) for r in range(ROWS) for i in range(len(state.board[r]) + 1) if cube_refusal(state, cube, r, i) is None]



def cube_has_place(state: State, cube: int) -> bool:
    """Whether ``cube`` may go anywhere: ``bool(cube_targets(...))``, stopping at the first place."""
    for r in range(ROWS):
        for i in range(len(state.board[r]), -1, -1):  # the new house first: it is the likeliest place
            if cube_refusal(state, cube, r, i) is None:
                return True
    return False



def roof_refusal(state: State, row: int, lot: int) -> Refusal | None:
    """Why a roof may not go on ``lot`` (0–9) of ``row`` (0–2): it needs a house without one."""
    houses = state.board[row]
    if lot >= len(houses):
        return "neueheimat.roof_on_empty_lot", {}
    if houses[lot][1]:
        return "neueheimat.house_has_roof", {}
    return None



def roof_targets(state: State) -> list[tuple[int, int]]:
    """Every house (row, lot) without a roof (:func:`roof_refusal`)."""
    return [(r, i) for r in range(ROWS) for i in range(len(state.board[r])) if roof_refusal(state, r, i) is None]



def permit_refusal(state: State, row: int, change: int) -> Refusal | None:
    """Why a permit may not change ``row`` (0–2) by ``change`` lots: within 1–9, never below what is built."""
    new = BASE_LENGTH + sum(state.permits[row]) + change
    if not MIN_LENGTH <= new <= MAX_LENGTH:
        return "neueheimat.length_range", {"min": MIN_LENGTH, "max": MAX_LENGTH, "length": new}
    built = len(state.board[row])
    if new < built:
        return "neueheimat.shorten_below_built", {"built": built, "length": new}
    return None



def permit_targets(state: State, size: int) -> list[tuple[int, int]]:
    """(row, signed change) pairs a permit of ``size`` may make (:func:`permit_refusal`)."""
    return [(r, c) for r in range(ROWS) for c in (size, -size) if permit_refusal(state, r, c) is None]



def cancel_refusal(state: State, row: int, change: int) -> Refusal | None:
    """Why the cancel cube may not remove the permit ``change`` (signed) of ``row`` (0–2)."""
    if change not in state.permits[row]:
        return "neueheimat.no_such_permit", {}
    new, built = BASE_LENGTH + sum(state.permits[row]) - change, len(state.board[row])
    if new < built:
        return "neueheimat.cancel_below_built", {"length": new, "built": built}
    if not MIN_LENGTH <= new <= MAX_LENGTH:
        return "neueheimat.length_range", {"min": MIN_LENGTH, "max": MAX_LENGTH, "length": new}
    return None



def cancel_targets(state: State) -> list[tuple[int, int]]:
    """(row, signed change) of each placed permit the cancel cube may remove (:func:`cancel_refusal`)."""
    return [(r, c) for r in range(ROWS) for c in state.permits[r] if cancel_refusal(state, r, c) is None]



def cube_auction_refusal(state: State, row: int, end: str) -> Refusal | None:
    """Why the floor cube at ``end`` (``"left"``/``"right"``) of display row ``row`` (0–2) may not be auctioned.

    A cube with no legal place on the board may not be chosen; a row of one
    cube offers it by its left end only (one cube, one choice).
    """
    cubes = state.display[row]
    if not cubes:
        return "neueheimat.display_row_empty", {"row": row}
    cube = cubes[0] if end == "left" else cubes[-1]
    if not cube_has_place(state, cube):
        return "neueheimat.cube_no_place", {"pips": pips_of(cube)}
    if end == "right" and len(cubes) == 1:
        return "neueheimat.one_cube_left_end", {"row": row}
    return None



def roof_auction_refusal(state: State) -> Refusal | None:
    """Why a roof may not be auctioned: none left face down, or no house without one."""
    if not state.roof_pile:
        return "neueheimat.no_roofs_left", {}
    for r in range(ROWS):
        for i in range(len(state.board[r])):
            if roof_refusal(state, r, i) is None:
                return None
    return "neueheimat.roof_needs_unroofed_house", {}



def special_auction_refusal(state: State, name: str) -> Refusal | None:
    """Why special piece ``name`` (``"mayor"``, ``"permit2"``…) may not be auctioned: it has left the supply."""
    return None if name in state.supply else ("neueheimat.piece_gone", {})



def auctionable(state: State) -> list[dict[str, Any]]:
    """Every auction the auctioneer may start now: display ends, then the roof, then the specials in supply order."""
    acts: list[dict[str, Any]] = []
    for d in range(DISPLAY_ROWS):
        for end in ("left", "right"):
            if cube_auction_refusal(state, d, end) is None:
                acts.append({"type": "auction", "piece": "cube", "row": d, "end": end})
    if roof_auction_refusal(state) is None:
        acts.append({"type": "auction", "piece": "roof"})
    for name in state.supply:
        if special_auction_refusal(state, name) is None:
            if name.startswith("permit"):
                acts.append({"type": "auction", "piece": "permit", "size": int(name[-1])})
            else:
                acts.append({"type": "auction", "piece": name})
    return acts



def can_auction(state: State) -> bool:
    """Whether any auction may start: ``bool(auctionable(state))``, cheapest checks first."""
    return (any(special_auction_refusal(state, name) is None for name in state.supply)
            or roof_auction_refusal(state) is None
            or any(cube_auction_refusal(state, d, end) is None for d in range(DISPLAY_ROWS) for end in ("left", "right")))



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



def display_json(state: State) -> list[list[list[int]]]:
    """The display's rows of cubes as views show them (:func:`cube_json`)."""
    return [[cube_json(c) for c in row] for row in state.display]


def table_json(state: State) -> dict[str, Any]:
    """The open table as JSON (the view's keys): the board, the rows' lengths and permits, the mayor, the colours'
    owners, the display, the cubes out, the special pieces, the cash boxes and the roofs. A round's end records it,
    as it scored, before the next round's set-up clears it."""
    s = state
    return {
        "board": [[{"cubes": [cube_json(c) for c in cubes], "roof": roof} for cubes, roof in row] for row in s.board],
        "lengths": [row_length(s, r) for r in range(ROWS)],
        "permits": [r[:] for r in s.permits],
        "complete": complete_rows(s),
        "mayor": s.mayor if s.mayor >= 0 else None,
        "owners": s.owners[:], "cash": s.cash[:],
        "display": display_json(s),
        "out": [cube_json(c) for c in s.out],
        "supply": s.supply[:], "discarded": s.discarded[:],
        "roofs_face_down": len(s.roof_pile), "roofs_discarded": s.roofs_discarded[:],
    }



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

