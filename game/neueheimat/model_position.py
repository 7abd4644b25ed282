"""The open facts of the table that Neue Heimat's strong model reads (``bots.StrongBot``), from a view or a state.

A decision reads them from the player's view (:meth:`ModelPosition.of_view`). The hard player's playouts ask a strong
player's choice at every step of every seat, from a full state each: they read the same facts from the state itself
(:meth:`ModelPosition.of_state`), without turning the table into the view's JSON and back. Both give the same
position (``tests/test_neueheimat_bots.py`` checks it on random positions).
"""

from __future__ import annotations

from typing import Any

from .row_facts import RowFacts, row_facts
from .state import ROWS, House, State, cube_of, row_length

Action = dict[str, Any]


class ModelPosition:
    """A light copy of the open facts the strong player's model needs."""

    __slots__ = ("players", "board", "lengths", "mayor", "owners", "cash", "money", "roofs_left", "cubes_left", "last_round",
                 "rows", "outcomes")

    def __init__(self, players: int, board: list[list[House]], lengths: list[int], mayor: int, owners: list[int],
                 cash: list[float], money: list[int], roofs_left: int, cubes_left: int, last_round: bool) -> None:
        self.players, self.board, self.lengths, self.mayor, self.owners = players, board, lengths, mayor, owners
        self.cash = cash  # each seat's utility starts from its cash box
        self.money, self.roofs_left, self.cubes_left, self.last_round = money, roofs_left, cubes_left, last_round
        #: each row's facts as it stands (:func:`row_facts`); a changed row's follow from them by what changed
        #: (:func:`with_cube`, :func:`with_roof`, :func:`with_length`): a decision values every way each seat
        #: could place a piece, and each changes one row only
        self.rows: list[RowFacts] = [row_facts(board[r], lengths[r]) for r in range(ROWS)]
        #: a piece's outcomes (``StrongBot._outcomes``) by the piece, the placing seat where it matters, and lam
        #: (shared by the positions of one table: :meth:`StrongBot.prepare`)
        self.outcomes: dict[tuple[Any, ...], list[tuple[list[float], Action | None]]] = {}

    @classmethod
    def of_view(cls, view: dict[str, Any]) -> "ModelPosition":
        """The facts as a player's view shows them (cubes ``[colour, pips]``)."""
        return cls(view["players"],
                   [[(tuple(cube_of(c) for c in h["cubes"]), h["roof"]) for h in row] for row in view["board"]],
                   list(view["lengths"]), -1 if view["mayor"] is None else view["mayor"], list(view["owners"]),
                   [float(c) for c in view["cash"]], list(view["money"]), sum(1 for r in view["roofs_unseen"] if r),
                   sum(len(r) for r in view["display"]), view["round"] >= view["rounds"])

    @classmethod
    def of_state(cls, s: State) -> "ModelPosition":
        """The same facts read from a full state (only what its view shows: how many roofs are face down, not their
        order)."""
        return cls(s.players, [row[:] for row in s.board], [row_length(s, r) for r in range(ROWS)], s.mayor, s.owners[:],
                   [float(c) for c in s.cash], s.money[:], sum(1 for r in s.roof_pile if r),
                   sum(len(r) for r in s.display), s.round_no >= s.rounds)

    def table(self) -> tuple[Any, ...]:
        """What the model's outcomes of a piece depend on in this position: the open table and the money."""
        return (self.players, tuple(map(tuple, self.board)), tuple(self.lengths), self.mayor, tuple(self.owners),
                tuple(self.cash), tuple(self.money), self.roofs_left, self.cubes_left, self.last_round)

    def facts(self) -> tuple[Any, ...]:
        """Every fact but the outcomes found so far: two positions with equal facts are the same to the model."""
        return self.table() + (tuple(self.rows),)
