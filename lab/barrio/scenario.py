"""Building positions by hand, for tests and rule examples.

:func:`scenario` places the cards you name where you say and deals every
other card into the decks, so the 93 cards stay exactly once each.
"""

from __future__ import annotations

from typing import Iterable

from game.core import Rng
from game.barrio import cards as C
from game.barrio.state import State
from game.barrio.turns import start_turn

#: the first id of each material kind, handy in tests: MAT["wood"] + 2 is the third wood card
MAT = {e["kind"]: e["first_id"] for e in C.DATA["materials"]}


def material(kind: str, nth: int = 0) -> int:
    """The id of the ``nth`` card of a material kind ("wood", "brick", ..., "burruno")."""
    entry = next(e for e in C.DATA["materials"] if e["kind"] == kind)
    if not 0 <= nth < entry["count"]:
        raise ValueError(f"there are only {entry['count']} {kind} cards")
    return entry["first_id"] + nth


def materials(*kinds: str) -> list[int]:
    """Distinct card ids for a list of kinds, e.g. ``materials("wood", "wood", "stone")``."""
    used: dict[str, int] = {}
    out = []
    for k in kinds:
        out.append(material(k, used.get(k, 0)))
        used[k] = used.get(k, 0) + 1
    return out


def scenario(players: int = 2, card: str = "A", *, seat: int = 0, phase: str = "start",
             hands: Iterable[Iterable[int]] | None = None, market: dict[tuple[int, int], int] | None = None,
             warehouse: Iterable[int] = (), house_market: Iterable[int] = (),
             panoramas: Iterable[Iterable[Iterable[int]]] | None = None, rubble: Iterable[Iterable[int]] | None = None,
             klaus_hand: Iterable[int] = (), klaus_kept: Iterable[int] = (), deck_top: Iterable[int] = (),
             house_deck_top: Iterable[int] = (), material_discard: Iterable[int] = (), house_discard: Iterable[int] = (),
             placed: int = 0, combo_used: Iterable[bool] | None = None, seed: int = 0,
             empty_material_deck: bool = False, first_player: int = 0) -> State:
    """A position with the given cards in place; all others shuffled into the decks.

    ``deck_top`` lists the next material cards drawn, first drawn first (and
    ``house_deck_top`` likewise). ``empty_material_deck`` sends every unplaced
    material to the discard instead. The turn starts for ``seat`` in ``phase``; ``first_player`` is the seat
    that played the game's first turn (the last round ends before it).
    """
    rng = Rng(seed)
    s = State.__new__(State)
    seats = 2 if players == 1 else players
    s.players, s.scoring_card, s.rng = players, card, rng
    s.hands = [list(h) for h in hands] if hands is not None else [[] for _ in range(players)]
    s.market = dict(market or {})
    wh, hm = list(warehouse), list(house_market)
    s.warehouse = wh + [-1] * (4 - len(wh))
    s.house_market = hm + [-1] * (4 - len(hm))
    s.panoramas = [[list(p) for p in ps] for ps in panoramas] if panoramas is not None else [[] for _ in range(seats)]
    s.rubble = [list(r) for r in rubble] if rubble is not None else [[] for _ in range(players)]
    s.klaus_hand, s.klaus_kept = list(klaus_hand), list(klaus_kept)
    s.material_discard, s.house_discard = list(material_discard), list(house_discard)
    s.combo_used = list(combo_used) if combo_used is not None else [False] * players
    s.public = bytearray(C.NUM_CARDS)
    s.final_round, s.log, s.turn_number, s.first_player = False, [], 0, first_player
    used = set(s.market.values()) | {c for c in s.warehouse if c >= 0} | {c for c in s.house_market if c >= 0}
    used |= set(s.klaus_hand) | set(s.klaus_kept) | set(s.material_discard) | set(s.house_discard) | set(deck_top) | set(house_deck_top)
    for group in (s.hands, s.rubble):
        for h in group:
            used |= set(h)
    for ps in s.panoramas:
        for p in ps:
            used |= set(p)
    rest_m = [c for c in range(C.NUM_MATERIALS) if c not in used]
    rest_h = [c for c in range(C.NUM_MATERIALS, C.NUM_CARDS) if c not in used]
    rng.shuffle(rest_m)
    rng.shuffle(rest_h)
    if empty_material_deck:
        s.material_discard += rest_m
        rest_m = []
    s.material_deck = rest_m + list(reversed(list(deck_top)))
    s.house_deck = rest_h + list(reversed(list(house_deck_top)))
    start_turn(s, seat)
    s.phase, s.placed = phase, placed
    s.log = []
    from game.barrio.saves import all_cards
    if sorted(all_cards(s)) != list(range(C.NUM_CARDS)):
        raise ValueError("scenario: a card is placed twice")
    return s
