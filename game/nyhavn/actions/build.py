"""Action B: build one coloured tile in your house, then pay for it.

A tile of size *n* costs *n* cards of its colour, one less when it touches a
tile of its colour along an edge. *Construction Discount* takes one more card
off; *Change of Colours* lets the cards of one other colour pay as the tile's
colour. When there is more than one way to pay the player chooses (``pay``).
"""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..state import ACTIVE, USED, State, adjacent_same_colour, placement_record, placement_refusal, table
from ..tiles import (
    CELLS, CHANGE_OF_COLOURS, COLOURS, COLS, CONSTRUCTION_DISCOUNT, KIND_COLOUR, KIND_INDEX, KIND_SHAPE, KIND_SIZE, KINDS,
    WHITE_KIND,
)
from .arms import place
from .fields import colour_term, now_term, want


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


def options(state: State, p: int) -> list[dict[str, Any]]:
    """Every legal ``build`` action of ``p`` now (placements that ``p`` can pay for)."""
    return [{"type": "build", "tile": KINDS[b[0]], "orient": b[1], "col": b[2], "row": b[3]} for b in build_options(state, p)]


def price(kind: int, adjacent: bool) -> int:
    """Cards a tile costs before abilities: its size, one less beside its own colour."""
    return max(0, KIND_SIZE[kind] - (1 if adjacent else 0))


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


def pay_options(state: State) -> list[dict[str, Any]]:
    """Every legal ``pay`` action now."""
    return [{"type": "pay", "cards": cards, "discount": d} for cards, d in pending_payments(state)]


def do(s: State, a: dict[str, Any]) -> None:
    """``{"type": "build", "tile": "red3", "orient": o, "col": c, "row": r}``; payment follows when there is a choice."""
    p = s.seat
    if s.phase not in ("turn", "build"):
        raise IllegalAction(key="nyhavn.build_not_now", now=now_term(s.phase))
    tile = want(a, "tile", str)
    orient = want(a, "orient", int)
    col = want(a, "col", int)
    row = want(a, "row", int)
    kind = KIND_INDEX.get(tile)
    if kind is None:
        raise MalformedAction(key="nyhavn.unknown_tile", name=tile)
    if kind == WHITE_KIND:
        raise IllegalAction(key="nyhavn.white_from_arms")
    colour = COLOURS[KIND_COLOUR[kind]]
    if not s.stacks[kind]:
        raise IllegalAction(key="nyhavn.stack_empty", colour=colour_term(colour), size=KIND_SIZE[kind])
    refusal = placement_refusal(s, tile, orient, col, row)
    if refusal is not None:
        raise refusal
    rec = placement_record(kind, orient, col, row)
    assert rec is not None
    adj = adjacent_same_colour(s.houses[p], kind, rec)
    payments = payment_options(s, p, kind, adj)
    if not payments:
        have = s.hands[p][KIND_COLOUR[kind]]
        key = "nyhavn.cannot_pay" if adj else "nyhavn.cannot_pay_not_touching"
        raise IllegalAction(key=key, cost=price(kind, adj), colour=colour_term(colour), have=have)
    s.pending = (kind, orient, col, row)
    s.phase = "pay"
    if len(payments) == 1:
        pay(s, *payments[0])


def do_pay(s: State, a: dict[str, Any]) -> None:
    """``{"type": "pay", "cards": {"red": 2, "blue": 1}, "discount": false}`` for the placed tile."""
    p = s.seat
    if s.phase != "pay":
        raise IllegalAction(key="nyhavn.pay_not_now", now=now_term(s.phase))
    cards = want(a, "cards", dict)
    disc = a.get("discount", False)
    if not isinstance(disc, bool):
        raise MalformedAction(key="nyhavn.discount_not_bool")
    for k, v in cards.items():
        if k not in COLOURS or not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise MalformedAction(key="nyhavn.pay_malformed")
    clean = {k: v for k, v in cards.items() if v}
    if (clean, disc) not in pending_payments(s):
        assert s.pending is not None
        kind = s.pending[0]
        colour = COLOURS[KIND_COLOUR[kind]]
        for k, v in clean.items():
            have = s.hands[p][COLOURS.index(k)]
            if have < v:
                raise IllegalAction(key="nyhavn.pay_lacking", count=v, colour=colour_term(k), have=have)
        if disc and not _active(s, p, CONSTRUCTION_DISCOUNT):
            raise IllegalAction(key="nyhavn.no_discount")
        others = [k for k in clean if k != colour]
        if others and not _active(s, p, CHANGE_OF_COLOURS):
            raise IllegalAction(key="nyhavn.pay_wrong_colour", colour=colour_term(colour))
        if len(others) > 1:
            raise IllegalAction(key="nyhavn.one_other_colour")
        rec = placement_record(*s.pending)
        assert rec is not None
        cost = price(kind, adjacent_same_colour(s.houses[p], kind, rec)) - (1 if disc else 0)
        raise IllegalAction(key="nyhavn.wrong_price", cost=cost, paid=sum(clean.values()))
    pay(s, clean, disc)


def pay(s: State, cards: dict[str, int], disc: bool) -> None:
    """Pay for the pending tile with ``cards`` (and the discount when ``disc``), then place it."""
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
