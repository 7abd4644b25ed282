"""Build a Neue Heimat position by hand, for tests, rule examples and demonstrations.

Cubes are written as a colour letter and pips: ``"r5"`` is the red 5
(letters ``r y g b w k``: red, yellow, green, blue, white, black). A house is
its cubes from the ground up, then ``:`` and its roof number if it has one:
``"g4b2:3"`` is a green 4 under a blue 2, roof 3.

Whatever is not given is filled in so that every cube, roof and special
piece is in exactly one place: the display takes the unused cubes in order,
the rest go out of the round; the face-down roofs are the unused ones.
"""

from __future__ import annotations

from typing import Iterable

from game.core import Rng
from game.neueheimat.rounds import start_turn
from game.neueheimat.saves import check_pieces
from game.neueheimat.state import ALL_ROOFS, SPECIALS, START_MONEY, State, row_length

LETTERS = "rygbwk"


def cube(text: str) -> int:
    """The cube id of ``"r5"`` and the like."""
    return LETTERS.index(text[0]) * 6 + int(text[1]) - 1


def house(text: str) -> tuple[tuple[int, ...], int]:
    """A house from ``"g4b2:3"`` (cubes bottom up, then the roof number, 0 or absent for none)."""
    cubes, _, roof = text.partition(":")
    return tuple(cube(cubes[i:i + 2]) for i in range(0, len(cubes), 2)), int(roof or 0)


def scenario(
    players: int = 3,
    board: Iterable[Iterable[str]] = ((), (), ()),
    permits: Iterable[Iterable[int]] = ((), (), ()),
    mayor: int = -1,
    owners: dict[str, int] | None = None,
    display: Iterable[Iterable[str]] | None = None,
    pile: Iterable[int] | None = None,
    supply: Iterable[str] | None = None,
    money: list[int] | None = None,
    cash: list[int] | None = None,
    auctioneer: int = 0,
    rounds: int = 1,
    seed: int = 0,
) -> State:
    """A state at the start of ``auctioneer``'s turn with the given position.

    ``owners`` maps colour letters to seats; colours on the board that it does
    not name belong to seat 0. ``pile`` lists the face-down roofs, the next to
    be turned up last. ``supply`` defaults to the special pieces not on the
    board (the others count as discarded).
    """
    s = State()
    s.players, s.rounds = players, rounds
    s.rng = Rng(seed, stream=8)
    s.money = list(money) if money is not None else [START_MONEY] * players
    s.cash = list(cash) if cash is not None else [0] * players
    if sum(s.money) + sum(s.cash) != START_MONEY * players:
        raise ValueError("money in hand plus cash boxes must be 12 million per player")
    s.totals = [0] * players
    s.round_wins = [0] * players
    s.board = [[house(h) for h in row] for row in board]
    s.permits = [list(r) for r in permits]
    s.mayor = mayor
    used = [c for row in s.board for h in row for c in h[0]]
    s.owners = [-1] * 6
    for c in used:
        s.owners[c // 6] = 0
    for letter, seat in (owners or {}).items():
        s.owners[LETTERS.index(letter)] = seat
    rest = [c for c in range(36) if c not in used]
    if display is None:
        shown = rest[:24]
        s.display = [shown[i:i + 8] for i in range(0, 24, 8)]
        while len(s.display) < 3:
            s.display.append([])
    else:
        s.display = [[cube(c) for c in row] for row in display]
    on_display = {c for row in s.display for c in row}
    s.out = sorted(c for c in rest if c not in on_display)
    roofs = sorted(ALL_ROOFS)
    for row in s.board:
        for _, roof in row:
            if roof:
                roofs.remove(roof)
    if pile is None:
        s.roof_pile = roofs
    else:
        s.roof_pile = list(pile)
        for r in s.roof_pile:
            roofs.remove(r)
        s.roofs_discarded = roofs
    on_board = [f"permit{abs(c)}" for r in s.permits for c in r] + (["mayor"] if mayor >= 0 else [])
    s.supply = [x for x in SPECIALS if x not in on_board] if supply is None else list(supply)
    s.discarded = [x for x in SPECIALS if x not in on_board and x not in s.supply]
    for r in range(3):
        if len(s.board[r]) > row_length(s, r):
            raise ValueError(f"row {r} has more houses than its length")
    check_pieces(s)  # every cube, roof and special piece in exactly one place
    start_turn(s, auctioneer)
    return s
