"""Action B: build one coloured tile in your house, then pay for it.

A tile of size *n* costs *n* cards of its colour, one less when it touches a
tile of its colour along an edge. *Construction Discount* takes one more card
off; *Change of Colours* lets the cards of one other colour pay as the tile's
colour. When there is more than one way to pay the player chooses (:mod:`.pay`);
the payment rules are here, since building pays at once when there is only one way.
"""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..state import ACTIVE, USED, State, adjacent_same_colour, placement_record, placement_refusal, table
from ..tiles import (
    CELLS, CHANGE_OF_COLOURS, COLOURS, COLS, CONSTRUCTION_DISCOUNT, KIND_COLOUR, KIND_INDEX, KIND_SHAPE, KIND_SIZE, KINDS,
    WHITE_KIND,
)
from . import allows
from .arms import place
from .fields import as_refusal, colour_term, now_term, want


def _active(state: State, p: int, a: int) -> bool:
    return state.abilities[p][a] == ACTIVE


def budgets(state: State, p: int) -> list[int]:
    """The most ``p`` can pay towards a tile of each colour: the cards of that colour, those of one other colour
    with Change of Colours, and one more with Construction Discount."""
    hand = state.hands[p]
    discount = 1 if _active(state, p, CONSTRUCTION_DISCOUNT) else 0
    if not _active(state, p, CHANGE_OF_COLOURS):
        return [n + discount for n in hand]
    return [hand[c] + max(hand[o] for o in range(5) if o != c) + discount for c in range(5)]


#: PRICES[kind][adjacent]: what a tile costs before abilities, its size, one card less beside its own colour
PRICES = tuple((size, max(0, size - 1)) for size in KIND_SIZE)


def price(kind: int, adjacent: bool) -> int:
    """Cards a tile costs before abilities: its size, one less beside its own colour."""
    return PRICES[kind][adjacent]


def build_options(state: State, p: int) -> list[tuple[int, int, int, int, int, bool]]:
    """Every affordable, legal placement of a coloured tile for ``p``: ``(kind, orient, col, row, cells, adjacent)``.

    Affordable as :func:`refusal` checks one placement: the colour's :func:`budgets` covers the :func:`price`.
    """
    tbl = table()
    house = state.houses[p]
    most = budgets(state, p)
    out: list[tuple[int, int, int, int, int, bool]] = []
    by_shape: dict[int, list[tuple[int, int, int, int, int, int]]] = {}
    for kind in range(20):
        if not state.stacks[kind]:
            continue
        colour = KIND_COLOUR[kind]
        full_price, beside_price = PRICES[kind]
        if most[colour] < beside_price:
            continue
        shape = KIND_SHAPE[kind]
        legal = by_shape.get(shape)
        if legal is None:
            legal = by_shape[shape] = tbl.legal_all(shape, house[0])
        same = house[2 + colour]
        if most[colour] >= full_price:
            out += [(kind, x[0], x[1], x[2], x[3], x[5] & same != 0) for x in legal]
        else:  # only beside its own colour (one card cheaper)
            out += [(kind, x[0], x[1], x[2], x[3], True) for x in legal if x[5] & same]
    return out


def options(state: State, p: int) -> list[Action]:
    """Every legal ``build`` action of ``p`` now (placements that ``p`` can pay for)."""
    if not allows(state, "build"):
        return []
    return [{"type": "build", "tile": KINDS[b[0]], "orient": b[1], "col": b[2], "row": b[3]} for b in build_options(state, p)]


def payment_options(state: State, p: int, kind: int, adjacent: bool) -> list[tuple[dict[str, int], bool]]:
    """Every distinct way to pay for a tile: ``(cards by colour, uses Construction Discount)``.

    Change of Colours is used exactly when cards of another colour are paid, and
    then of one other colour only; Construction Discount is offered only when it
    lowers the price.
    """
    colour = KIND_COLOUR[kind]
    base = price(kind, adjacent)
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


def pending_payments(state: State) -> list[tuple[dict[str, int], bool]]:
    """The ways to pay for the tile placed and waiting for payment (phase ``"pay"``)."""
    assert state.pending is not None
    kind = state.pending[0]
    rec = placement_record(*state.pending)
    assert rec is not None
    return payment_options(state, state.seat, kind, adjacent_same_colour(state.houses[state.seat], kind, rec))


_FIELDS = ("tile", "orient", "col", "row")


def normalize(a: Action) -> Action:
    """Only the tile and where it goes: other fields dropped."""
    out: Action = {"type": "build"}
    for k in _FIELDS:
        if k in a:
            out[k] = a[k]
    return out


def not_now(state: State) -> Refusal:
    """Building outside the start of a turn or the build half of Both Actions."""
    return "nyhavn.build_not_now", {"now": now_term(state.phase)}


def refusal(s: State, a: Action) -> Refusal | None:
    """Why ``{"type": "build", "tile": "red3", "orient": o, "col": c, "row": r}`` is not legal: the stack, the
    placement (:func:`~game.nyhavn.state.placement_refusal`, the table's masks that :func:`build_options` lists
    with) or the price (the colour's :func:`budgets` against :func:`price`, as :func:`build_options` checks)."""
    p = s.seat
    tile = want(a, "tile", str)
    orient = want(a, "orient", int)
    col = want(a, "col", int)
    row = want(a, "row", int)
    kind = KIND_INDEX.get(tile)
    if kind is None:
        raise MalformedAction(key="nyhavn.unknown_tile", name=tile)
    if kind == WHITE_KIND:
        return "nyhavn.white_from_arms", {}
    colour = COLOURS[KIND_COLOUR[kind]]
    if not s.stacks[kind]:
        return "nyhavn.stack_empty", {"colour": colour_term(colour), "size": KIND_SIZE[kind]}
    where = placement_refusal(s, tile, orient, col, row)
    if where is not None:
        return as_refusal(where)
    rec = placement_record(kind, orient, col, row)
    assert rec is not None
    adj = adjacent_same_colour(s.houses[p], kind, rec)
    if budgets(s, p)[KIND_COLOUR[kind]] < price(kind, adj):
        key = "nyhavn.cannot_pay" if adj else "nyhavn.cannot_pay_not_touching"
        return key, {"cost": price(kind, adj), "colour": colour_term(colour), "have": s.hands[p][KIND_COLOUR[kind]]}
    return None


def do(s: State, a: Action) -> None:
    """Place the tile, waiting for payment (phase ``pay``); pay at once when there is only one way."""
    kind = KIND_INDEX[a["tile"]]
    orient, col, row = a["orient"], a["col"], a["row"]
    rec = placement_record(kind, orient, col, row)
    assert rec is not None
    payments = payment_options(s, s.seat, kind, adjacent_same_colour(s.houses[s.seat], kind, rec))
    assert payments, "refusal lets through only a tile the budget covers"
    s.pending = (kind, orient, col, row)
    s.phase = "pay"
    if len(payments) == 1:
        settle(s, *payments[0])


def settle(s: State, cards: dict[str, int], disc: bool) -> None:
    """Pay for the pending tile with ``cards`` (and the discount when ``disc``), then place it (and score it)."""
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
                  "cells": [[i % COLS, i // COLS] for i in range(CELLS) if rec[2] >> i & 1],
                  "paid": dict(cards), "adjacent": adj, "abilities": used})
    place(s, p, kind, rec)
