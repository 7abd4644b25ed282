"""The Barrio game state: the model every rule reads and changes, its constants and small counts."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.core.rng import Rng

Action = dict[str, Any]
Cell = tuple[int, int]

HAND_LIMIT = 7
PHASES = ("keep", "start", "placed1", "placed2", "drawing", "topup", "full_grid", "gap", "panorama", "combo",
          "klaus_tie", "over")
SOLO_KLAUS_LIMIT = 7


@dataclass(slots=True, repr=False)
class State:
    """A whole game position. Compare with ``==``; never mutate one you did not copy.

    Cards are ids (``cards.py``); -1 marks an empty face-up slot. Fields:
    ``players`` (1 = solo), ``scoring_card``, ``rng``; ``material_deck``/``house_deck`` (top last) and their
    ``*_discard`` piles; ``warehouse`` and ``house_market`` (4 face-up slots each); ``hands`` per seat and
    ``public`` (1 for a card in a hand that was taken face up); ``market`` ``{(row, col): card}``; ``rubble``
    per seat; ``panoramas`` per side (solo: index 1 is Klaus), each a list of house ids left to right;
    ``combo_used`` per seat; ``seat`` to move, ``phase`` (``PHASES``), ``draws_left`` this turn, ``placed``
    materials this turn, ``klaus_owed`` (cards drawn this turn: Klaus draws as many in solo; 2 after a build),
    ``pending`` (the decision a phase waits for), ``resume`` (the phase a full grid's free build returns to),
    ``final_round``; ``first_player`` (the seat that played the first turn: the last round ends before it);
    ``klaus_hand`` and ``klaus_kept`` (his Burruños kept after building); ``turn_number``;
    ``log`` (events).
    """

    # The fields, once: the dataclass makes them slots (small, fast to copy) and ``==`` (field by field).
    players: int
    scoring_card: str
    rng: Rng
    material_deck: list[int]
    material_discard: list[int]
    house_deck: list[int]
    house_discard: list[int]
    warehouse: list[int]
    house_market: list[int]
    hands: list[list[int]]
    public: bytearray
    market: dict[Cell, int]
    rubble: list[list[int]]
    panoramas: list[list[list[int]]]
    combo_used: list[bool]
    seat: int
    phase: str
    draws_left: int
    placed: int
    klaus_owed: int
    pending: Any  # the decision the phase waits for (a dict), or None
    resume: str
    final_round: bool
    first_player: int
    klaus_hand: list[int]
    klaus_kept: list[int]
    turn_number: int
    log: list[dict[str, Any]]

    def copy(self) -> "State":
        """A copy sharing nothing mutable with this one (events are never mutated, so shared)."""
        s = State.__new__(State)
        s.players, s.scoring_card, s.seat, s.phase = self.players, self.scoring_card, self.seat, self.phase
        s.draws_left, s.placed, s.klaus_owed, s.resume = self.draws_left, self.placed, self.klaus_owed, self.resume
        s.final_round, s.turn_number, s.pending = self.final_round, self.turn_number, self.pending
        s.first_player = self.first_player
        s.rng = self.rng.copy()
        s.material_deck, s.material_discard, s.house_deck, s.house_discard = self.material_deck[:], self.material_discard[:], self.house_deck[:], self.house_discard[:]
        s.warehouse, s.house_market, s.klaus_hand, s.klaus_kept = self.warehouse[:], self.house_market[:], self.klaus_hand[:], self.klaus_kept[:]
        copy = list.copy  # mapped over the nested lists: cheaper than comprehensions (a copy per playout step)
        s.hands = [*map(copy, self.hands)]
        s.rubble = [*map(copy, self.rubble)]
        s.panoramas = [[*map(copy, ps)] for ps in self.panoramas]
        s.combo_used = self.combo_used[:]
        s.public = self.public[:]
        s.market = self.market.copy()
        s.log = self.log[:]
        return s

    def __repr__(self) -> str:
        return f"<Barrio State players={self.players} scoring_card={self.scoring_card} seat={self.seat} phase={self.phase} turn={self.turn_number}>"

    @property
    def solo(self) -> bool:
        return self.players == 1


def event(s: State, kind: str, **fields: Any) -> None:
    """Append an event of type ``kind`` to the log."""
    fields["type"] = kind
    s.log.append(fields)


def house_limit(n: int) -> int:
    """Houses that end the game: 7 with 1-2 players (solo: either side's 7th), 6 with 3-4."""
    return 7 if n <= 2 else 6


def houses_of(s: State, seat: int) -> int:
    """Number of houses built by ``seat`` (solo: 1 is Klaus)."""
    return sum(len(p) for p in s.panoramas[seat])
