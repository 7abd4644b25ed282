"""What one player may see (``view``), and full states dealt from a view for search (``determinize``).

The view has the state's public parts, with colour names, and redacts the
other hands and the supply to counts.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import PUBLIC_SEAT, Rng
from .rules import current_player
from .state import CARDS_PER_COLOUR, END_BESIDE, END_CARD, END_IN_SUPPLY, NOT_OWNED, State, empty_spaces
from .tiles import ABILITIES, COLOURS, KIND_INDEX, KINDS

GAME_ID = "nyhavn"
END_NAMES = ("beside", "supply", "revealed")
SIDES = ("none", "active", "used")


def _names(counts: list[int]) -> dict[str, int]:
    return {COLOURS[c]: counts[c] for c in range(5)}


def _redact(event: dict[str, Any], player: int) -> dict[str, Any]:
    if event["type"] == "deal" and event["player"] != player and "cards" in event:
        return {"type": "deal", "player": event["player"], "count": sum(event["cards"].values())}
    return event


def view(state: State, player: int) -> dict[str, Any]:
    """What ``player`` may see: own hand, other hands and the supply as counts, everything public.

    ``houses[p]`` gives the masks (``occupied``, ``windows``, one per colour and
    white: bit ``row * 5 + col``) and ``grid``: 9 rows (bottom first) of 5 cells,
    each ``null`` or ``{"colour": ..., "window": bool}``.
    """
    s = state
    if not isinstance(player, int) or not (0 <= player < s.players or player == PUBLIC_SEAT):
        raise ValueError(f"no seat {player!r} in a {s.players}-player game")
    houses = []
    for h in s.houses:
        grid = []
        for r in range(9):
            row: list[dict[str, object] | None] = []
            for c in range(5):
                bit = 1 << (r * 5 + c)
                if not h[0] & bit:
                    row.append(None)
                    continue
                colour = next(name for i, name in enumerate(COLOURS + ("white",)) if h[2 + i] & bit)
                row.append({"colour": colour, "window": bool(h[1] & bit)})
            grid.append(row)
        houses.append({"occupied": h[0], "windows": h[1],
                       "colours": {name: h[2 + i] for i, name in enumerate(COLOURS + ("white",))},
                       "grid": grid})
    return {
        "game": GAME_ID, "players": s.players, "me": player, "seat": s.seat, "to_move": current_player(s),
        "phase": s.phase, "both_actions": s.both,
        "hand": _names(s.hands[player] if player != PUBLIC_SEAT else [0] * len(COLOURS)),
        "hand_sizes": [sum(h) for h in s.hands],
        "docks": [None if c < 0 else COLOURS[c] for c in s.docks],
        "supply": len(s.supply), "discard": _names(s.discard), "box": _names(s.box),
        "stacks": {KINDS[k]: s.stacks[k] for k in range(len(KINDS))},
        "houses": houses,
        "abilities": [{ABILITIES[i]: SIDES[a[i]] for i in range(5) if a[i] != NOT_OWNED} for a in s.abilities],
        "ability_supply": {ABILITIES[i]: s.ability_supply[i] for i in range(5)},
        "scores": s.scores[:], "empty_spaces": [empty_spaces(s, p) for p in range(s.players)],
        "arms_pending": s.arms,
        "pending": None if s.pending is None else
        {"tile": KINDS[s.pending[0]], "orient": s.pending[1], "col": s.pending[2], "row": s.pending[3]},
        "end_card": END_NAMES[s.end_card], "winners": s.winners[:],
        "log": [_redact(e, player) for e in s.log],
    }


def determinize(v: dict[str, Any], player: int, seed: int) -> State:
    """A full state consistent with a view: unseen cards dealt at random to the other hands and the supply.

    The end-of-game card, when in the supply, goes among its bottom 10 cards
    (where the rules bury it). The log is kept as seen by ``player``.
    """
    rnd = random.Random(seed)
    s = State()
    n = s.players = v["players"]
    s.seat = v["seat"]
    s.phase = v["phase"]
    s.both = v["both_actions"]
    s.docks = [-1 if c is None else COLOURS.index(c) for c in v["docks"]]
    s.discard = [v["discard"][c] for c in COLOURS]
    s.box = [v["box"][c] for c in COLOURS]
    s.stacks = [v["stacks"][k] for k in KINDS]
    s.houses = [[h["occupied"], h["windows"]] + [h["colours"][c] for c in COLOURS + ("white",)] for h in v["houses"]]
    s.abilities = [[SIDES.index(a[name]) if name in a else NOT_OWNED for name in ABILITIES] for a in v["abilities"]]
    s.ability_supply = [v["ability_supply"][a] for a in ABILITIES]
    s.scores = list(v["scores"])
    s.arms = v["arms_pending"]
    p = v["pending"]
    s.pending = None if p is None else (KIND_INDEX[p["tile"]], p["orient"], p["col"], p["row"])
    s.end_card = END_NAMES.index(v["end_card"])
    s.reshuffled = s.end_card != END_BESIDE and n > 2
    s.winners = list(v["winners"])
    mine = [v["hand"][c] for c in COLOURS]
    unseen = []
    for c in range(5):
        left = CARDS_PER_COLOUR - s.box[c] - mine[c] - s.docks.count(c) - s.discard[c]
        unseen += [c] * left
    rnd.shuffle(unseen)
    s.hands = []
    for q in range(n):
        if q == player:
            s.hands.append(mine[:])
            continue
        hand = [0] * 5
        for _ in range(v["hand_sizes"][q]):
            hand[unseen.pop()] += 1
        s.hands.append(hand)
    supply = unseen  # bottom first
    if s.end_card == END_IN_SUPPLY:
        depth = min(9, len(supply))
        supply.insert(rnd.randint(0, depth), END_CARD)
    s.supply = supply
    s.rng = Rng(seed)
    s.log = list(v["log"])
    return s
