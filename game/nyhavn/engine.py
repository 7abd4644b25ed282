"""Nyhavn's rules: the state, its legal actions and their effects.

The state is compact: hands and piles are colour counts, each house is a few
45-bit masks, and placement checks go through the precomputed table
(:mod:`game.nyhavn.table`). Phases of a turn (``State.phase``):

* ``"turn"``    — start of a turn: take cards (action A), build (action B) or, if neither is possible, pass;
* ``"discard"`` — above the hand limit of 7: discard one card at a time;
* ``"build"``   — after taking with *Both Actions*: build, or end the turn;
* ``"pay"``     — a tile is placed; choose how to pay when there is more than one way;
* ``"arms"``    — coat-of-arms actions still to take;
* ``"over"``    — the game has ended.

Actions (JSON-able dicts) are listed in ``docs/nyhavn.md``.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, MalformedAction, Rng
from .table import PlacementTable, Record, load
from .tiles import (
    ABILITIES, ADDITIONAL_CARD, ANY_CARDS, BOTH_ACTIONS, CHANGE_OF_COLOURS, COAT_MASK, COAT_ROWS,
    COL_MASKS, COLOURS, COLS, CONSTRUCTION_DISCOUNT, GROUND, KIND_COLOUR, KIND_INDEX, KIND_SHAPE,
    KIND_SIZE, KINDS, ROW_MASKS, ROWS, SHAPE_ORIENTATIONS, WHITE, WHITE_KIND, stack_sizes,
)

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


def _popcount(x: int) -> int:
    return bin(x).count("1")


class State:
    """A whole game of Nyhavn. Treat it as immutable: :func:`apply_action` returns a new one.

    ``houses[p]`` is ``[occupied, windows, blue, yellow, red, green, purple, white]``
    (45-bit masks); ``abilities[p][a]`` is 0 not owned, 1 active, 2 used.
    The supply's top card is its last element.
    """

    __slots__ = ("n", "seat", "phase", "both", "hands", "docks", "supply", "discard", "box", "stacks",
                 "houses", "abilities", "ability_supply", "scores", "arms", "pending", "end_card",
                 "reshuffled", "winners", "rng", "log")

    def __init__(self) -> None:
        self.n = 2
        self.seat = 0
        self.phase = "turn"
        self.both = False
        self.hands: list[list[int]] = []
        self.docks: list[int] = [-1] * DOCKS
        self.supply: list[int] = []
        self.discard: list[int] = [0] * 5
        self.box: list[int] = [0] * 5
        self.stacks: list[int] = []
        self.houses: list[list[int]] = []
        self.abilities: list[list[int]] = []
        self.ability_supply: list[int] = [0] * 5
        self.scores: list[int] = []
        self.arms = 0
        self.pending: tuple[int, int, int, int] | None = None
        self.end_card = END_BESIDE
        self.reshuffled = False
        self.winners: list[int] = []
        self.rng = Rng(0)
        self.log: list[dict[str, Any]] = []

    def copy(self) -> "State":
        """A deep enough copy: every mutable part the rules change is fresh."""
        s = State.__new__(State)
        s.n, s.seat, s.phase, s.both = self.n, self.seat, self.phase, self.both
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

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and all(getattr(self, k) == getattr(other, k) for k in State.__slots__)

    def __repr__(self) -> str:
        return f"<Nyhavn {self.n}p seat={self.seat} phase={self.phase} scores={self.scores}>"


# ----------------------------------------------------------------- set-up

def new_game(num_players: int, seed: int, **options: Any) -> State:
    """Set up a game for 2–4 players: tiles and cards by player count, docks, hands, abilities."""
    if options:
        raise IllegalAction(f"Nyhavn has no option {sorted(options)[0]!r}.")
    if not isinstance(num_players, int) or isinstance(num_players, bool) or not 2 <= num_players <= 4:
        raise IllegalAction("Nyhavn is played by 2 to 4 players.")
    s = State()
    s.n = num_players
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
        _bury_end_card(s)
    s.ability_supply = [num_players] * 5
    s.ability_supply[ANY_CARDS] = 0
    s.abilities = [[ACTIVE, 0, 0, 0, 0] for _ in range(num_players)]
    s.hands = [[0] * 5 for _ in range(num_players)]
    s.houses = [[0] * 8 for _ in range(num_players)]
    s.scores = [0] * num_players
    for p in range(num_players):
        drawn = [s.supply.pop() for _ in range(START_HANDS[p])]
        for c in drawn:
            s.hands[p][c] += 1
        s.log.append({"type": "deal", "player": p, "cards": _count_names(drawn)})
    s.log.append({"type": "turn", "player": 0})
    return s


def _count_names(cards: list[int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for c in cards:
        out[COLOURS[c]] = out.get(COLOURS[c], 0) + 1
    return out


def _bury_end_card(s: State) -> None:
    """Shuffle the end-of-game card with the top 9 supply cards and put those at the bottom."""
    top = [s.supply.pop() for _ in range(min(9, len(s.supply)))]
    top.append(END_CARD)
    s.rng.shuffle(top)
    s.supply[:0] = top  # the bottom of the supply is the front of the list
    s.end_card = END_IN_SUPPLY
    s.log.append({"type": "end_card_shuffled"})


# ----------------------------------------------------------------- queries

def current_player(state: State) -> int | None:
    """The seat to decide now; ``None`` once the game is over."""
    return None if state.phase == "over" else state.seat


def is_over(state: State) -> bool:
    """True once someone reached 12 points or the end-of-game card was revealed."""
    return state.phase == "over"


def scores(state: State) -> list[int]:
    """Points of each seat."""
    return list(state.scores)


def winners(state: State) -> list[int]:
    """Winning seats (several on a shared win); empty while the game goes on."""
    return list(state.winners)


def empty_spaces(state: State, player: int) -> int:
    """Empty spaces in a player's house (the tie-break: fewer is better)."""
    return 45 - _popcount(state.houses[player][0])


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


def _active(state: State, p: int, a: int) -> bool:
    return state.abilities[p][a] == ACTIVE


def _max_payable(state: State, p: int, colour: int) -> int:
    hand = state.hands[p]
    extra = 0
    if _active(state, p, CHANGE_OF_COLOURS):
        extra = max(hand[c] for c in range(5) if c != colour)
    return hand[colour] + extra


def build_options(state: State, p: int) -> list[tuple[int, int, int, int, int, bool]]:
    """Every affordable, legal placement of a coloured tile for ``p``: ``(kind, orient, col, row, cells, adjacent)``."""
    tbl = table()
    house = state.houses[p]
    discount = 1 if _active(state, p, CONSTRUCTION_DISCOUNT) else 0
    out: list[tuple[int, int, int, int, int, bool]] = []
    by_shape: dict[int, list[tuple[int, int, int, int, int, int]]] = {}
    for kind in range(20):
        if not state.stacks[kind]:
            continue
        colour = KIND_COLOUR[kind]
        budget = _max_payable(state, p, colour) + discount
        need = KIND_SIZE[kind]
        if budget < need - 1:
            continue
        shape = KIND_SHAPE[kind]
        legal = by_shape.get(shape)
        if legal is None:
            legal = by_shape[shape] = tbl.legal_all(shape, house[0])
        same = house[2 + colour]
        if budget >= need:
            out += [(kind, x[0], x[1], x[2], x[3], x[5] & same != 0) for x in legal]
        else:
            out += [(kind, x[0], x[1], x[2], x[3], True) for x in legal if x[5] & same]
    return out


def payment_options(state: State, p: int, kind: int, adjacent: bool) -> list[tuple[dict[str, int], bool]]:
    """Every distinct way to pay for a tile: ``(cards by colour, uses Construction Discount)``.

    Change of Colours is used exactly when cards of another colour are paid;
    Construction Discount is offered only when it lowers the price.
    """
    colour = KIND_COLOUR[kind]
    base = max(0, KIND_SIZE[kind] - (1 if adjacent else 0))
    hand = state.hands[p]
    out: list[tuple[dict[str, int], bool]] = []
    discounts = [False] + ([True] if base > 0 and _active(state, p, CONSTRUCTION_DISCOUNT) else [])
    recolour = _active(state, p, CHANGE_OF_COLOURS)
    for disc in discounts:
        cost = base - (1 if disc else 0)
        if hand[colour] >= cost:
            out.append(({COLOURS[colour]: cost} if cost else {}, disc))
        if recolour and cost:
            for other in range(5):
                if other == colour or not hand[other]:
                    continue
                for y in range(1, min(hand[other], cost) + 1):
                    x = cost - y
                    if x <= hand[colour]:
                        cards = {COLOURS[other]: y}
                        if x:
                            cards = {COLOURS[colour]: x, COLOURS[other]: y}
                        out.append((cards, disc))
    return out


def arms_options(state: State, p: int) -> list[dict[str, Any]]:
    """The coat-of-arms actions that change something for ``p`` now."""
    out: list[dict[str, Any]] = []
    if state.stacks[WHITE_KIND]:
        for r in legal_records(state, p, WHITE_KIND, 0):
            out.append({"type": "arms", "choice": "white", "col": r[0], "row": r[1]})
    for a in range(5):
        if state.ability_supply[a] and state.abilities[p][a] == NOT_OWNED:
            out.append({"type": "arms", "choice": "ability", "ability": ABILITIES[a]})
    if USED in state.abilities[p]:
        out.append({"type": "arms", "choice": "refresh"})
    return out


def _take_options(state: State, p: int) -> list[dict[str, Any]]:
    full = [d for d in range(DOCKS) if state.docks[d] >= 0]
    any_cards = _active(state, p, ANY_CARDS)
    extra = _active(state, p, ADDITIONAL_CARD)
    both = [False, True] if _active(state, p, BOTH_ACTIONS) else [False]
    out: list[dict[str, Any]] = []
    sets: list[tuple[list[int], list[str]]] = []
    for i, a in enumerate(full):
        for j in range(i + 1, len(full)):
            b = full[j]
            if b == a + 1:
                sets.append(([a, b], []))
            elif any_cards:
                sets.append(([a, b], ["any_cards"]))
    if extra:
        for i, a in enumerate(full):
            for j in range(i + 1, len(full)):
                for k in range(j + 1, len(full)):
                    trio = [a, full[j], full[k]]
                    if trio[1] == a + 1 or trio[2] == trio[1] + 1:
                        sets.append((trio, ["additional_card"]))
                    elif any_cards:
                        sets.append((trio, ["any_cards", "additional_card"]))
    for docks, used in sets:
        for b in both:
            out.append({"type": "take", "docks": docks, "abilities": used + (["both_actions"] if b else [])})
    return out


def _build_actions(state: State, p: int) -> list[dict[str, Any]]:
    return [{"type": "build", "tile": KINDS[b[0]], "orient": b[1], "col": b[2], "row": b[3]} for b in build_options(state, p)]


def legal_actions(state: State) -> list[dict[str, Any]]:
    """Every legal action of the seat to move (see ``docs/nyhavn.md`` for their shapes)."""
    ph = state.phase
    p = state.seat
    if ph == "over":
        return []
    if ph == "turn":
        acts = _take_options(state, p) + _build_actions(state, p)
        return acts or [{"type": "pass"}]
    if ph == "discard":
        return [{"type": "discard", "colour": COLOURS[c]} for c in range(5) if state.hands[p][c]]
    if ph == "build":
        return _build_actions(state, p) + [{"type": "end_turn"}]
    if ph == "pay":
        assert state.pending is not None
        kind, o, col, row = state.pending
        rec = placement_record(kind, o, col, row)
        assert rec is not None
        adj = adjacent_same_colour(state.houses[p], kind, rec)
        return [{"type": "pay", "cards": cards, "discount": d} for cards, d in payment_options(state, p, kind, adj)]
    if ph == "arms":
        return arms_options(state, p)
    return []


# ----------------------------------------------------------------- placement problems (for the UI)

_PROBLEMS = {
    "en": {
        "unknown": "There is no such tile.",
        "orient": "That tile has no such orientation.",
        "outside": "The tile would stick out of the house.",
        "overlaps": "The tile would overlap a tile already built.",
        "support": "The tile must rest on the bottom row or on a tile directly below.",
    },
    "es": {
        "unknown": "No existe esa loseta.",
        "orient": "Esa loseta no tiene esa orientación.",
        "outside": "La loseta se saldría de la casa.",
        "overlaps": "La loseta se solaparía con una ya construida.",
        "support": "La loseta debe apoyarse en la fila de abajo o sobre otra loseta.",
    },
}


def placement_problem(state: State, tile: str, orient: int, col: int, row: int,
                      lang: str = "en", player: int | None = None) -> str | None:
    """Why a tile may not go there in words (``"en"``/``"es"``), or ``None`` when the placement is legal.

    Geometry only (inside the house, no overlap, resting on the bottom row or a
    tile); whether the player can pay is a separate question.
    """
    words = _PROBLEMS.get(lang, _PROBLEMS["en"])
    p = state.seat if player is None else player
    kind = KIND_INDEX.get(tile) if isinstance(tile, str) else None
    if kind is None:
        return words["unknown"]
    if not isinstance(orient, int) or not 0 <= orient < len(SHAPE_ORIENTATIONS[KIND_SHAPE[kind]]):
        return words["orient"]
    if not isinstance(col, int) or not isinstance(row, int):
        return words["outside"]
    rec = placement_record(kind, orient, col, row)
    if rec is None:
        return words["outside"]
    occ = state.houses[p][0]
    if rec[2] & occ:
        return words["overlaps"]
    if not rec[4] & (occ | GROUND):
        return words["support"]
    return None


def legal_anchors(state: State, tile: str, orient: int, player: int | None = None) -> list[tuple[int, int]]:
    """The anchor cells ``(col, row)`` (bottom-left of the tile's box) where a tile may go."""
    p = state.seat if player is None else player
    return [(r[0], r[1]) for r in legal_records(state, p, KIND_INDEX[tile], orient)]


def tile_orientations(tile: str) -> list[list[tuple[int, int, bool]]]:
    """The distinct orientations of a tile kind: cells ``(dx, dy, is_window)`` from its anchor."""
    return [list(o) for o in SHAPE_ORIENTATIONS[KIND_SHAPE[KIND_INDEX[tile]]]]


# ----------------------------------------------------------------- applying actions

def _want(action: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in action:
        raise MalformedAction(f"The action lacks {key!r}.")
    v = action[key]
    if isinstance(v, bool) and kind is not bool:
        raise MalformedAction(f"The action's {key!r} has the wrong type.")
    if not isinstance(v, kind):
        raise MalformedAction(f"The action's {key!r} has the wrong type.")
    return v


def apply_action(state: State, action: dict[str, Any]) -> State:
    """The state after ``action``; ``state`` itself is unchanged. Refusals raise ``IllegalAction``."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction("An action must be an object with a \"type\".")
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    kind = action["type"]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise MalformedAction(f"Unknown action type {kind!r}.")
    s = state.copy()
    handler(s, action)
    return s


def _do_take(s: State, a: dict[str, Any]) -> None:
    p = s.seat
    if s.phase != "turn":
        raise IllegalAction("You can take cards only at the start of your turn.")
    docks = _want(a, "docks", list)
    used = a.get("abilities", [])
    if not isinstance(used, list) or not all(isinstance(u, str) for u in used):
        raise MalformedAction("The action's 'abilities' must be a list of ability names.")
    for u in used:
        if u not in ABILITIES:
            raise MalformedAction(f"Unknown ability {u!r}.")
    if len(set(used)) != len(used):
        raise IllegalAction("Each ability tile can be used once.")
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in docks) or len(set(docks)) != len(docks) \
            or len(docks) not in (2, 3) or not all(0 <= d < DOCKS for d in docks):
        raise IllegalAction("Choose two different docks (three with Additional Card), numbered 0 to 6.")
    for d in docks:
        if s.docks[d] < 0:
            raise IllegalAction(f"Dock {d + 1} is empty.")
    for u in used:
        if not _active(s, p, ABILITIES.index(u)):
            raise IllegalAction(f"You have no active {_ability_name(u)} tile.")
    ds = sorted(docks)
    need = []
    if len(ds) == 3:
        if "additional_card" not in used:
            raise IllegalAction("Taking a third card needs your Additional Card tile.")
        need.append("additional_card")
    adjacent = any(ds[i + 1] == ds[i] + 1 for i in range(len(ds) - 1))
    if not adjacent:
        if "any_cards" not in used:
            raise IllegalAction("The two docks must be next to each other (the line does not wrap around), unless you use Any Cards.")
        need.append("any_cards")
    for u in used:
        if u in ("construction_discount", "change_of_colours"):
            raise IllegalAction(f"{_ability_name(u)} is used when building, not when taking cards.")
        if u not in need and u != "both_actions":
            raise IllegalAction(f"You do not need {_ability_name(u)} to take these cards.")
    taken = [s.docks[d] for d in ds]
    for d in ds:
        s.docks[d] = -1
    for c in taken:
        s.hands[p][c] += 1
    for u in used:
        s.abilities[p][ABILITIES.index(u)] = USED
    s.both = "both_actions" in used
    s.log.append({"type": "take", "player": p, "docks": ds, "cards": [COLOURS[c] for c in taken],
                  "abilities": [u for u in ABILITIES if u in used]})
    _after_take(s)


def _after_take(s: State) -> None:
    if sum(s.hands[s.seat]) > HAND_LIMIT:
        s.phase = "discard"
    elif s.both:
        s.phase = "build"
    else:
        _end_turn(s)


def _do_discard(s: State, a: dict[str, Any]) -> None:
    p = s.seat
    if s.phase != "discard":
        raise IllegalAction("You discard only when you hold more than 7 cards.")
    name = _want(a, "colour", str)
    if name not in COLOURS:
        raise MalformedAction(f"Unknown colour {name!r}.")
    c = COLOURS.index(name)
    if not s.hands[p][c]:
        raise IllegalAction(f"You have no {name} card.")
    s.hands[p][c] -= 1
    s.discard[c] += 1
    s.log.append({"type": "discard", "player": p, "colour": name})
    if sum(s.hands[p]) <= HAND_LIMIT:
        s.phase = "turn"
        if s.both:
            s.phase = "build"
        else:
            _end_turn(s)


def _do_build(s: State, a: dict[str, Any]) -> None:
    p = s.seat
    if s.phase not in ("turn", "build"):
        raise IllegalAction("You can build only as your action for the turn.")
    tile = _want(a, "tile", str)
    orient = _want(a, "orient", int)
    col = _want(a, "col", int)
    row = _want(a, "row", int)
    kind = KIND_INDEX.get(tile)
    if kind is None:
        raise MalformedAction(f"Unknown tile {tile!r}.")
    if kind == WHITE_KIND:
        raise IllegalAction("White tiles come only from a coat-of-arms action.")
    if not s.stacks[kind]:
        raise IllegalAction(f"No {_tile_name(kind)} tiles are left.")
    problem = placement_problem(s, tile, orient, col, row)
    if problem:
        raise IllegalAction(problem)
    rec = placement_record(kind, orient, col, row)
    assert rec is not None
    adj = adjacent_same_colour(s.houses[p], kind, rec)
    options = payment_options(s, p, kind, adj)
    if not options:
        cost = KIND_SIZE[kind] - (1 if adj else 0)
        raise IllegalAction(f"You cannot pay for this tile here: it costs {cost} {COLOURS[KIND_COLOUR[kind]]} "
                            f"card{'s' if cost != 1 else ''} and you have {s.hands[p][KIND_COLOUR[kind]]}.")
    s.pending = (kind, orient, col, row)
    s.phase = "pay"
    if len(options) == 1:
        _pay(s, *options[0])


def _do_pay(s: State, a: dict[str, Any]) -> None:
    p = s.seat
    if s.phase != "pay":
        raise IllegalAction("There is no tile to pay for now.")
    cards = _want(a, "cards", dict)
    disc = a.get("discount", False)
    if not isinstance(disc, bool):
        raise MalformedAction("The action's 'discount' must be true or false.")
    clean = {k: v for k, v in cards.items() if v}
    assert s.pending is not None
    kind = s.pending[0]
    rec = placement_record(*s.pending)
    assert rec is not None
    options = payment_options(s, p, kind, adjacent_same_colour(s.houses[p], kind, rec))
    if (clean, disc) not in options:
        colour = COLOURS[KIND_COLOUR[kind]]
        for k, v in clean.items():
            if k not in COLOURS or not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise MalformedAction("Pay with a number of cards per colour.")
            if s.hands[p][COLOURS.index(k)] < v:
                raise IllegalAction(f"You do not have {v} {k} card{'s' if v != 1 else ''}.")
        if disc and not _active(s, p, CONSTRUCTION_DISCOUNT):
            raise IllegalAction("You have no active Construction Discount tile.")
        others = [k for k in clean if k != colour]
        if others and not _active(s, p, CHANGE_OF_COLOURS):
            raise IllegalAction(f"Only {colour} cards pay for a {colour} tile, unless you use Change of Colours.")
        if len(others) > 1:
            raise IllegalAction("Change of Colours turns the cards of one colour only.")
        raise IllegalAction("That is not the price of this tile here.")
    _pay(s, clean, disc)


def _pay(s: State, cards: dict[str, int], disc: bool) -> None:
    p = s.seat
    assert s.pending is not None
    kind, o, col, row = s.pending
    rec = placement_record(kind, o, col, row)
    assert rec is not None
    adj = adjacent_same_colour(s.houses[p], kind, rec)
    used = []
    colour = COLOURS[KIND_COLOUR[kind]]
    for name, v in cards.items():
        c = COLOURS.index(name)
        s.hands[p][c] -= v
        s.discard[c] += v
    if any(k != colour for k in cards):
        s.abilities[p][CHANGE_OF_COLOURS] = USED
        used.append("change_of_colours")
    if disc:
        s.abilities[p][CONSTRUCTION_DISCOUNT] = USED
        used.append("construction_discount")
    s.stacks[kind] -= 1
    s.pending = None
    s.log.append({"type": "build", "player": p, "tile": KINDS[kind], "orient": o, "col": col, "row": row,
                  "cells": [[i % COLS, i // COLS] for i in range(45) if rec[2] >> i & 1],
                  "paid": dict(cards), "adjacent": adj, "abilities": used})
    _place(s, p, kind, rec)


def _place(s: State, p: int, kind: int, rec: Record) -> None:
    """Put a tile in the house, score completed lines, count coat-of-arms triggers, go on."""
    h = s.houses[p]
    before = h[0]
    h[0] |= rec[2]
    h[1] |= rec[3]
    h[2 + KIND_COLOUR[kind]] |= rec[2]
    occ, win = h[0], h[1]
    gained = 0
    triggers = _popcount(rec[2] & COAT_MASK)
    for r in range(ROWS):
        m = ROW_MASKS[r]
        if occ & m == m and before & m != m:
            pts = 2 if win & m == m else 1
            gained += pts
            s.log.append({"type": "score", "player": p, "line": "row", "index": r, "points": pts, "windows": pts == 2})
            if r in COAT_ROWS:
                triggers += 1
    for c in range(COLS):
        m = COL_MASKS[c]
        if occ & m == m and before & m != m:
            pts = 4 if win & m == m else 2
            gained += pts
            s.log.append({"type": "score", "player": p, "line": "column", "index": c, "points": pts, "windows": pts == 4})
    s.scores[p] += gained
    if s.scores[p] >= WIN_POINTS:
        s.winners = [p]
        s.phase = "over"
        s.arms = 0
        s.log.append({"type": "end", "reason": "points", "winners": [p], "scores": s.scores[:]})
        return
    if triggers:
        s.log.append({"type": "arms_gained", "player": p, "count": triggers})
    s.arms += triggers
    _continue(s)


def _continue(s: State) -> None:
    """After a placement or a coat-of-arms action: more arms actions, or the end of the turn."""
    if s.arms and not arms_options(s, s.seat):
        s.log.append({"type": "arms_skipped", "player": s.seat, "count": s.arms})
        s.arms = 0
    if s.arms:
        s.phase = "arms"
    else:
        _end_turn(s)


def _do_arms(s: State, a: dict[str, Any]) -> None:
    p = s.seat
    if s.phase != "arms":
        raise IllegalAction("You have no coat-of-arms action to take.")
    choice = _want(a, "choice", str)
    if choice == "white":
        col, row = _want(a, "col", int), _want(a, "row", int)
        if not s.stacks[WHITE_KIND]:
            raise IllegalAction("No white tiles are left.")
        problem = placement_problem(s, "white", 0, col, row)
        if problem:
            raise IllegalAction(problem)
        rec = placement_record(WHITE_KIND, 0, col, row)
        assert rec is not None
        s.arms -= 1
        s.stacks[WHITE_KIND] -= 1
        s.log.append({"type": "arms", "player": p, "choice": "white", "col": col, "row": row})
        _place(s, p, WHITE_KIND, rec)
        return
    if choice == "ability":
        name = _want(a, "ability", str)
        if name not in ABILITIES:
            raise MalformedAction(f"Unknown ability {name!r}.")
        i = ABILITIES.index(name)
        if s.abilities[p][i] != NOT_OWNED:
            raise IllegalAction(f"You already have a {_ability_name(name)} tile.")
        if not s.ability_supply[i]:
            raise IllegalAction(f"No {_ability_name(name)} tiles are left.")
        s.ability_supply[i] -= 1
        s.abilities[p][i] = ACTIVE
        s.log.append({"type": "arms", "player": p, "choice": "ability", "ability": name})
    elif choice == "refresh":
        if USED not in s.abilities[p]:
            raise IllegalAction("None of your ability tiles is used, so there is nothing to turn back.")
        s.abilities[p] = [ACTIVE if x == USED else x for x in s.abilities[p]]
        s.log.append({"type": "arms", "player": p, "choice": "refresh"})
    else:
        raise MalformedAction(f"Unknown coat-of-arms choice {choice!r}.")
    s.arms -= 1
    _continue(s)


def _do_end_turn(s: State, a: dict[str, Any]) -> None:
    if s.phase != "build":
        raise IllegalAction("You can end your turn without building only after taking cards with Both Actions.")
    s.log.append({"type": "no_build", "player": s.seat})
    _end_turn(s)


def _do_pass(s: State, a: dict[str, Any]) -> None:
    if s.phase != "turn" or legal_actions(s) != [{"type": "pass"}]:
        raise IllegalAction("You may pass only when you can neither take cards nor build.")
    s.log.append({"type": "pass", "player": s.seat})
    _end_turn(s)


def _draw(s: State) -> int | None:
    """The top supply card, reshuffling the discards when the supply runs out; ``None`` if none at all."""
    if not s.supply:
        total = sum(s.discard)
        if total == 0 and not (s.n >= 3 and s.end_card == END_BESIDE):
            return None
        pile = [c for c in range(5) for _ in range(s.discard[c])]
        s.discard = [0] * 5
        s.rng.shuffle(pile)
        s.supply = pile
        s.log.append({"type": "reshuffle", "cards": len(pile)})
        if s.end_card == END_BESIDE:
            _bury_end_card(s)
        s.reshuffled = True
    return s.supply.pop()


def _end_turn(s: State) -> None:
    """Refill the docks in order, then pass the turn; the end-of-game card ends the game at once."""
    for d in range(DOCKS):
        if s.docks[d] >= 0:
            continue
        card = _draw(s)
        if card is None:
            continue
        if card == END_CARD:
            s.end_card = END_REVEALED
            s.log.append({"type": "end_card", "dock": d})
            _finish_by_end_card(s)
            return
        s.docks[d] = card
        s.log.append({"type": "refill", "dock": d, "card": COLOURS[card]})
    s.both = False
    s.phase = "turn"
    s.seat = (s.seat + 1) % s.n
    s.log.append({"type": "turn", "player": s.seat})


def _finish_by_end_card(s: State) -> None:
    best = max(s.scores)
    tied = [p for p in range(s.n) if s.scores[p] == best]
    fewest = min(empty_spaces(s, p) for p in tied)
    s.winners = [p for p in tied if empty_spaces(s, p) == fewest]
    s.phase = "over"
    s.arms = 0
    s.log.append({"type": "end", "reason": "end_card", "winners": s.winners[:], "scores": s.scores[:]})


_HANDLERS = {
    "take": _do_take,
    "discard": _do_discard,
    "build": _do_build,
    "pay": _do_pay,
    "arms": _do_arms,
    "end_turn": _do_end_turn,
    "pass": _do_pass,
}


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when the action drew face-down cards (dock refills, reshuffles, the end-of-game card)."""
    return any(e["type"] in _REVEALS for e in after.log[len(before.log):])


_REVEALS = frozenset({"refill", "reshuffle", "end_card", "end_card_shuffled"})


# ----------------------------------------------------------------- names used in messages

_ABILITY_NAMES = {
    "en": {"any_cards": "Any Cards", "additional_card": "Additional Card", "construction_discount": "Construction Discount",
           "change_of_colours": "Change of Colours", "both_actions": "Both Actions"},
    "es": {"any_cards": "Dos cartas cualesquiera", "additional_card": "Carta adicional",
           "construction_discount": "Descuento en la construcción", "change_of_colours": "Cambio de color",
           "both_actions": "Ambas acciones"},
}


def _ability_name(name: str, lang: str = "en") -> str:
    return _ABILITY_NAMES.get(lang, _ABILITY_NAMES["en"]).get(name, name)


def _tile_name(kind: int) -> str:
    if kind == WHITE_KIND:
        return "white"
    return f"{COLOURS[KIND_COLOUR[kind]]} size-{KIND_SIZE[kind]}"
