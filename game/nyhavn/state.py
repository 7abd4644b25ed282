"""Nyhavn's model: the state of a game, its set-up, and the house geometry every rule reads.

The state is compact: hands and piles are colour counts, each house is a few
45-bit masks, and placement checks go through the precomputed table
(:mod:`game.nyhavn.placements`). Phases of a turn (``State.phase``):

* ``"turn"``    — start of a turn: take cards (action A), build (action B) or, if neither is possible, pass;
* ``"discard"`` — above the hand limit of 7: discard one card at a time;
* ``"build"``   — after taking with *Both Actions*: build, or end the turn;
* ``"pay"``     — a tile is placed; choose how to pay when there is more than one way;
* ``"arms"``    — coat-of-arms actions still to take;
* ``"over"``    — the game has ended.

Which action types each phase allows is :data:`game.nyhavn.actions.PHASE_ACTIONS`
(the table :data:`game.nyhavn.rules.RULES` is built from); each action's
options, checks and effect are its module in :mod:`game.nyhavn.actions`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import IllegalAction, Rng
from .placements import PlacementTable, Record, load
from .tiles import ANY_CARDS, COLOURS, GROUND, KIND_COLOUR, KIND_INDEX, KIND_SHAPE, SHAPE_ORIENTATIONS, WHITE, stack_sizes

PHASES = ("turn", "discard", "build", "pay", "arms", "over")
HAND_LIMIT = 7
WIN_POINTS = 12
DOCKS = 7
END_CARD = 5  #: the end-of-game card inside the supply list
CARDS_PER_COLOUR = 14
START_HANDS = (2, 3, 3, 4)
#: where the end-of-game card is
END_BESIDE, END_IN_SUPPLY, END_REVEALED = 0, 1, 2
#: ability tile sides
NOT_OWNED, ACTIVE, USED = 0, 1, 2

_TABLE: PlacementTable | None = None


def table() -> PlacementTable:
    """The placement table, loaded on first use."""
    global _TABLE
    if _TABLE is None:
        _TABLE = load()
    return _TABLE


def popcount(x: int) -> int:
    """Number of set bits (built cells of a mask)."""
    return bin(x).count("1")


@dataclass(slots=True, repr=False)
class State:
    """A whole game of Nyhavn. Treat it as immutable: :func:`apply_action` returns a new one.

    ``houses[p]`` is ``[occupied, windows, blue, yellow, red, green, purple, white]``
    (45-bit masks); ``abilities[p][a]`` is 0 not owned, 1 active, 2 used.
    The supply's top card is its last element.
    """

    players: int = 2
    seat: int = 0
    phase: str = "turn"
    both: bool = False
    hands: list[list[int]] = field(default_factory=list)
    docks: list[int] = field(default_factory=lambda: [-1] * DOCKS)
    supply: list[int] = field(default_factory=list)
    discard: list[int] = field(default_factory=lambda: [0] * 5)
    box: list[int] = field(default_factory=lambda: [0] * 5)
    stacks: list[int] = field(default_factory=list)
    houses: list[list[int]] = field(default_factory=list)
    abilities: list[list[int]] = field(default_factory=list)
    ability_supply: list[int] = field(default_factory=lambda: [0] * 5)
    scores: list[int] = field(default_factory=list)
    arms: int = 0
    pending: tuple[int, int, int, int] | None = None
    end_card: int = END_BESIDE
    reshuffled: bool = False
    winners: list[int] = field(default_factory=list)
    rng: Rng = field(default_factory=lambda: Rng(0))
    log: list[dict[str, Any]] = field(default_factory=list)

    def copy(self) -> "State":
        """A deep enough copy: every mutable part the rules change is fresh."""
        s = State.__new__(State)
        s.players, s.seat, s.phase, s.both = self.players, self.seat, self.phase, self.both
        s.hands = [h[:] for h in self.hands]
        s.docks = self.docks[:]
        s.supply = self.supply[:]
        s.discard = self.discard[:]
        s.box = self.box[:]
        s.stacks = self.stacks[:]
        s.houses = [h[:] for h in self.houses]
        s.abilities = [a[:] for a in self.abilities]
        s.ability_supply = self.ability_supply[:]
        s.scores = self.scores[:]
        s.arms, s.pending, s.end_card, s.reshuffled = self.arms, self.pending, self.end_card, self.reshuffled
        s.winners = self.winners[:]
        s.rng = self.rng.copy()
        s.log = self.log[:]
        return s

    def __repr__(self) -> str:
        return f"<Nyhavn {self.players}p seat={self.seat} phase={self.phase} scores={self.scores}>"


# ----------------------------------------------------------------- set-up

def new_game(num_players: int, seed: int, first_player: int = 0, **options: Any) -> State:
    """Set up a game for 2–4 players: tiles and cards by player count, docks, hands, abilities.

    ``first_player`` (a seat, 0 by default) plays first and gets the smallest starting hand."""
    if options:
        raise IllegalAction(key="nyhavn.no_such_option", option=sorted(options)[0])
    if not isinstance(num_players, int) or isinstance(num_players, bool) or not 2 <= num_players <= 4:
        raise IllegalAction(key="nyhavn.player_count", count=num_players)
    if isinstance(first_player, bool) or not isinstance(first_player, int) or not 0 <= first_player < num_players:
        raise IllegalAction(key="nyhavn.first_player_range", last=num_players - 1, first=repr(first_player))
    s = State()
    s.players = num_players
    s.rng = Rng(seed)
    s.stacks = stack_sizes(num_players)
    removed = 2 if num_players == 3 else 0
    s.box = [removed] * 5
    deck = [c for c in range(5) for _ in range(CARDS_PER_COLOUR - removed)]
    s.rng.shuffle(deck)
    s.supply = deck
    s.log = [{"type": "setup", "players": num_players}]
    for d in range(DOCKS):
        s.docks[d] = s.supply.pop()
    s.log.append({"type": "docks", "cards": [COLOURS[c] for c in s.docks]})
    if num_players == 2:
        bury_end_card(s)
    s.ability_supply = [num_players] * 5
    s.ability_supply[ANY_CARDS] = 0
    s.abilities = [[ACTIVE, 0, 0, 0, 0] for _ in range(num_players)]
    s.hands = [[0] * 5 for _ in range(num_players)]
    s.houses = [[0] * 8 for _ in range(num_players)]
    s.scores = [0] * num_players
    for k in range(num_players):  # in turn order from the first player: 2, 3, 3, 4 cards
        p = (first_player + k) % num_players
        drawn = [s.supply.pop() for _ in range(START_HANDS[k])]
        for c in drawn:
            s.hands[p][c] += 1
        s.log.append({"type": "deal", "player": p, "cards": count_names(drawn)})
    s.seat = first_player
    s.log.append({"type": "turn", "player": first_player})
    return s


def count_names(cards: list[int]) -> dict[str, int]:
    """Cards (colour indices) as ``{colour name: count}``, for the log."""
    out: dict[str, int] = {}
    for c in cards:
        out[COLOURS[c]] = out.get(COLOURS[c], 0) + 1
    return out


def bury_end_card(s: State) -> None:
    """Shuffle the end-of-game card with the top 9 supply cards and put those at the bottom."""
    top = [s.supply.pop() for _ in range(min(9, len(s.supply)))]
    top.append(END_CARD)
    s.rng.shuffle(top)
    s.supply[:0] = top  # the bottom of the supply is the front of the list
    s.end_card = END_IN_SUPPLY
    s.log.append({"type": "end_card_shuffled"})


# ----------------------------------------------------------------- geometry

def empty_spaces(state: State, player: int) -> int:
    """Empty spaces in a player's house (the tie-break: fewer is better)."""
    return 45 - popcount(state.houses[player][0])


def placement_record(kind: int, orientation: int, col: int, row: int) -> Record | None:
    """The table record of a tile kind's orientation anchored at ``(col, row)``, or ``None`` if it sticks out."""
    return table().index[KIND_SHAPE[kind]][orientation].get((col, row))


def adjacent_same_colour(house: list[int], kind: int, rec: Record) -> bool:
    """True when the placed tile touches a tile of its own colour along an edge."""
    colour = KIND_COLOUR[kind]
    return colour != WHITE and bool(rec[5] & house[2 + colour])


def legal_records(state: State, player: int, kind: int, orientation: int) -> list[Record]:
    """Where an orientation of a tile kind may go in a player's house (geometry only)."""
    return table().legal(KIND_SHAPE[kind], orientation, state.houses[player][0])


def placement_refusal(state: State, tile: Any, orient: Any, col: Any, row: Any,
                      player: int | None = None) -> IllegalAction | None:
    """The refusal of putting ``tile`` there in ``player``'s house (geometry only), or ``None`` when it may go.

    Inside the house, no overlap, resting on the bottom row or on a tile; whether
    the player can pay is a separate question.
    """
    p = state.seat if player is None else player
    kind = KIND_INDEX.get(tile) if isinstance(tile, str) else None
    if kind is None:
        return IllegalAction(key="nyhavn.unknown_tile", name=tile)
    count = len(SHAPE_ORIENTATIONS[KIND_SHAPE[kind]])
    if not isinstance(orient, int) or isinstance(orient, bool) or not 0 <= orient < count:
        return IllegalAction(key="nyhavn.placement_bad_orientation", count=count, last=count - 1)
    if not isinstance(col, int) or not isinstance(row, int) or isinstance(col, bool) or isinstance(row, bool):
        return IllegalAction(key="nyhavn.placement_outside")
    rec = placement_record(kind, orient, col, row)
    if rec is None:
        return IllegalAction(key="nyhavn.placement_outside")
    occ = state.houses[p][0]
    if rec[2] & occ:
        return IllegalAction(key="nyhavn.placement_overlaps")
    if not rec[4] & (occ | GROUND):
        return IllegalAction(key="nyhavn.placement_unsupported")
    return None


def placement_problem(state: State, tile: str, orient: int, col: int, row: int,
                      lang: str = "en", player: int | None = None) -> str | None:
    """Why a tile may not go there, in ``lang`` (the refusal's catalogue text), or ``None`` when it may."""
    refusal = placement_refusal(state, tile, orient, col, row, player)
    return None if refusal is None else refusal.text(lang)


def legal_anchors(state: State, tile: str, orient: int, player: int | None = None) -> list[tuple[int, int]]:
    """The anchor cells ``(col, row)`` (bottom-left of the tile's box) where a tile may go."""
    p = state.seat if player is None else player
    return [(r[0], r[1]) for r in legal_records(state, p, KIND_INDEX[tile], orient)]


def tile_orientations(tile: str) -> list[list[tuple[int, int, bool]]]:
    """The distinct orientations of a tile kind: cells ``(dx, dy, is_window)`` from its anchor."""
    return [list(o) for o in SHAPE_ORIENTATIONS[KIND_SHAPE[KIND_INDEX[tile]]]]
