"""Nyhavn's saved games: ``to_json`` and a ``from_json`` that checks everything it reads.

Saved games (``to_json``), version 1, inside the shared envelope::

    {"format": "house-games", "game": "nyhavn", "version": 1,
     "players": 2, "seat": 0, "phase": "turn", "both": false,
     "hands": [[b, y, r, g, p], ...],          # counts in COLOURS order
     "docks": [0..4 or -1] * 7,                # colour index, -1 empty
     "supply": [0..5, ...],                    # bottom first; 5 = end-of-game card
     "discard": [5 counts], "box": [5 counts], "stacks": {"blue2": 2, ..., "white": 12},
     "houses": [[occupied, windows, blue, yellow, red, green, purple, white], ...],
     "abilities": [[0|1|2] * 5, ...], "ability_supply": [5 counts],
     "scores": [...], "arms": 0, "pending": null | ["red3", orient, col, row],
     "end_card": 0|1|2, "reshuffled": false, "winners": [], "rng": [hex, hex], "log": [...]}

``from_json`` refuses (``SaveFormatError`` with the reason) any save that is
not one a game could reach: unknown or missing fields, wrong types or ranges,
cards, tiles or ability tiles that do not add up, scores that are not the
house's completed lines, or a phase that disagrees with the rest (a pending
tile outside ``"pay"``, coat-of-arms actions outside ``"arms"``, a hand over
the limit outside ``"discard"``, winners before the end, ...). A save that
loads re-saves to exactly the same JSON.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, SaveFormatError, envelope, guarded, open_envelope
from ..core.jsonfmt import check_keys, inconsistent, read_bool, read_choice, read_int, read_ints, read_list
from .actions.build import pending_payments
from .state import (
    ACTIVE, CARDS_PER_COLOUR, DOCKS, END_BESIDE, END_CARD, END_IN_SUPPLY, END_REVEALED, HAND_LIMIT, NOT_OWNED, PHASES,
    WIN_POINTS, State, placement_refusal, popcount,
)
from .tiles import (
    ANY_CARDS, COL_MASKS, FULL, KIND_COLOUR, KIND_INDEX, KIND_SHAPE, KIND_SIZE, KINDS, ROW_MASKS, SHAPE_ORIENTATIONS,
    WHITE, stack_sizes,
)

GAME_ID = "nyhavn"
FORMAT_VERSION = 1


def to_json(state: State) -> dict[str, Any]:
    """The state as a versioned JSON object (see the module docstring)."""
    s = state
    return envelope(GAME_ID, FORMAT_VERSION, {
        "players": s.players, "seat": s.seat, "phase": s.phase, "both": s.both,
        "hands": [h[:] for h in s.hands], "docks": s.docks[:], "supply": s.supply[:],
        "discard": s.discard[:], "box": s.box[:],
        "stacks": {KINDS[k]: s.stacks[k] for k in range(len(KINDS))},
        "houses": [h[:] for h in s.houses], "abilities": [a[:] for a in s.abilities],
        "ability_supply": s.ability_supply[:], "scores": s.scores[:], "arms": s.arms,
        "pending": None if s.pending is None else [KINDS[s.pending[0]], *s.pending[1:]],
        "end_card": s.end_card, "reshuffled": s.reshuffled, "winners": s.winners[:],
        "rng": s.rng.to_json(), "log": [dict(e) for e in s.log],
    })


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; ``SaveFormatError`` for anything unreadable or inconsistent."""
    d = open_envelope(data, GAME_ID, FORMAT_VERSION)
    return guarded(lambda: _read(d))


#: every field of a save after the envelope, in :func:`to_json`'s order
FIELDS = ("players", "seat", "phase", "both", "hands", "docks", "supply", "discard", "box", "stacks", "houses",
          "abilities", "ability_supply", "scores", "arms", "pending", "end_card", "reshuffled", "winners", "rng", "log")


def _read(d: dict[str, Any]) -> State:
    check_keys(d, FIELDS, ("format", "game", "version"))
    s = State()
    s.players = n = read_int(d["players"], "players", 2, 4, "the player count")
    s.seat = read_int(d["seat"], "seat", 0, n - 1)
    s.phase = read_choice(d["phase"], "phase", PHASES)
    s.both = read_bool(d["both"], "both")
    s.reshuffled = read_bool(d["reshuffled"], "reshuffled")
    s.hands = [read_ints(h, "hands", 0, CARDS_PER_COLOUR, 5) for h in read_list(d["hands"], "hands", n)]
    s.docks = read_ints(d["docks"], "docks", -1, 4, DOCKS)
    s.supply = read_ints(d["supply"], "supply", 0, END_CARD)
    s.discard = read_ints(d["discard"], "discard", 0, CARDS_PER_COLOUR, 5, "discard pile")
    s.box = read_ints(d["box"], "box", 0, CARDS_PER_COLOUR, 5)
    stacks = d["stacks"]
    if not isinstance(stacks, dict):
        raise SaveFormatError(key="save.type", field="stacks")
    check_keys(stacks, KINDS, where="stacks.")
    s.stacks = [read_int(stacks[k], f"stacks.{k}", 0, 12, "tile stacks") for k in KINDS]
    s.houses = [read_ints(h, "houses", 0, FULL, 8) for h in read_list(d["houses"], "houses", n)]
    for h in s.houses:
        union = 0
        for m in h[2:]:
            if union & m:
                raise inconsistent("houses", "the houses are inconsistent")
            union |= m
        if union != h[0] or h[1] & ~h[0]:
            raise inconsistent("houses", "the houses are inconsistent")
    s.abilities = [read_ints(a, "abilities", 0, 2, 5, "ability tiles") for a in read_list(d["abilities"], "abilities", n)]
    s.ability_supply = read_ints(d["ability_supply"], "ability_supply", 0, 4, 5, "ability supply")
    s.scores = read_ints(d["scores"], "scores", 0, 1000, n)
    s.arms = read_int(d["arms"], "arms", 0, 100, "coat-of-arms count")
    pend = d["pending"]
    if pend is None:
        s.pending = None
    else:
        read_list(pend, "pending", 4, "pending tile")
        k = KIND_INDEX[read_choice(pend[0], "pending", KINDS, "pending tile")]
        o, c, r = read_ints(pend[1:], "pending", 0, 8, 3, "pending tile")
        if o >= len(SHAPE_ORIENTATIONS[KIND_SHAPE[k]]):
            raise inconsistent("pending", "the pending tile's orientation is not one of its shape's")
        s.pending = (k, o, c, r)
    if (s.phase == "pay") != (s.pending is not None):
        raise inconsistent("pending", "the pending tile does not match its phase")
    s.end_card = read_int(d["end_card"], "end_card", 0, 2, "end-of-game card")
    s.winners = read_ints(d["winners"], "winners", 0, n - 1)
    try:
        s.rng = Rng.from_json(d["rng"])
    except ValueError as exc:
        raise inconsistent("rng", f"the random generator is malformed ({exc})") from None
    log = read_list(d["log"], "log")
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in log):
        raise inconsistent("log", "the log holds something that is not an event")
    s.log = [dict(e) for e in log]
    # Every card is in exactly one place.
    for c in range(5):
        total = sum(h[c] for h in s.hands) + s.docks.count(c) + s.supply.count(c) + s.discard[c] + s.box[c]
        if total != CARDS_PER_COLOUR:
            raise inconsistent("hands", "the cards do not add up")
    if s.supply.count(END_CARD) != (1 if s.end_card == END_IN_SUPPLY else 0):
        raise inconsistent("end_card", "the end-of-game card is misplaced")
    _check_consistency(s)
    return s


def line_points(house: list[int]) -> int:
    """Points of a house's completed lines: rows 1 (2 with all windows), columns 2 (4 with all windows)."""
    occ, win = house[0], house[1]
    points = 0
    for m in ROW_MASKS:
        if occ & m == m:
            points += 2 if win & m == m else 1
    for m in COL_MASKS:
        if occ & m == m:
            points += 4 if win & m == m else 2
    return points


def _check_consistency(s: State) -> None:
    """Refuse a state no game could reach: what does not add up, or a phase at odds with the rest."""
    n = s.players

    def bad(reason: str, field: str = "phase") -> SaveFormatError:
        return inconsistent(field, reason)

    if s.box != [2 if n == 3 else 0] * 5:
        raise bad("the cards put back in the box do not match the player count", "box")
    # tiles: what is in the stacks plus what is built is what the game started with
    start = stack_sizes(n)
    for k, left in enumerate(s.stacks):
        if left > start[k]:
            raise bad(f"more {KINDS[k]} tiles are left than the game has", "stacks")
    for colour in range(6):
        built = sum(popcount(h[2 + colour]) for h in s.houses)
        taken = sum((start[k] - s.stacks[k]) * (1 if colour == WHITE else KIND_SIZE[k])
                    for k in range(len(KINDS)) if KIND_COLOUR[k] == colour)
        if built != taken:
            raise bad("the tiles in the houses and in the stacks do not add up", "stacks")
    # ability tiles: everyone starts with Any Cards; the other four come n to a kind
    for a in range(5):
        owned = sum(1 for abil in s.abilities if abil[a] != NOT_OWNED)
        if owned + s.ability_supply[a] != n or (a == ANY_CARDS and owned != n):
            raise bad("the ability tiles do not add up", "ability_supply")
    for p in range(n):
        if s.scores[p] != line_points(s.houses[p]):
            raise bad(f"player {p + 1}'s score is not the points of their completed lines", "scores")
    # the phase and what goes with it
    over = s.phase == "over"
    if over != bool(s.winners):
        raise bad("winners are named exactly when the game is over", "winners")
    if s.winners != sorted(set(s.winners)):
        raise bad("the winners are listed twice or out of order", "winners")
    best = max(s.scores)
    if over:
        by_points = [p for p in range(n) if s.scores[p] >= WIN_POINTS]
        if by_points != s.winners and not (s.end_card == END_REVEALED and not by_points
                                           and all(s.scores[p] == best for p in s.winners)):
            raise bad("the winners are not who reached 12 points or led when the end card came up", "winners")
    elif best >= WIN_POINTS:
        raise bad("someone has 12 points but the game goes on", "scores")
    elif s.end_card == END_REVEALED:
        raise bad("the end-of-game card is revealed but the game goes on", "end_card")
    if (s.phase == "arms") != (s.arms > 0):
        raise bad("coat-of-arms actions are pending exactly in the coat-of-arms phase", "arms")
    if s.phase == "turn" and s.both:
        raise bad("Both Actions is marked at the start of a turn", "both")
    if s.phase == "build" and not s.both:
        raise bad("the build-after-taking phase comes only with Both Actions", "both")
    for p in range(n):
        over_limit = sum(s.hands[p]) > HAND_LIMIT
        if over_limit != (s.phase == "discard" and p == s.seat):
            raise bad("a hand is over 7 cards outside the discard phase, or the discard phase has nothing to discard", "hands")
    if s.phase == "turn" and -1 in s.docks and (s.supply or any(s.discard)):
        raise bad("a dock is empty at the start of a turn while cards are left to refill it", "docks")
    if n == 2 and s.end_card == END_BESIDE:
        raise bad("with 2 players the end-of-game card starts in the supply", "end_card")
    if n >= 3 and s.reshuffled != (s.end_card != END_BESIDE):
        raise bad("the end-of-game card goes into the supply exactly when it is first reshuffled", "reshuffled")
    if s.pending is not None:
        kind, o, col, row = s.pending
        if placement_refusal(s, KINDS[kind], o, col, row) is not None or not pending_payments(s):
            raise bad("the tile waiting for payment cannot be placed or paid for there", "pending")
    if any(s.abilities[p][a] not in (NOT_OWNED, ACTIVE, 2) for p in range(n) for a in range(5)):
        raise bad("an ability tile is neither owned, face up nor used", "abilities")
