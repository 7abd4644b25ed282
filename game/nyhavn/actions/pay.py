"""Paying for the placed tile when there is more than one way (phase ``pay``).

The ways are :func:`~game.nyhavn.actions.build.pending_payments` (the payment
rules live with building, which pays at once when there is only one way); a
``pay`` action is legal exactly when it is one of them, and a refusal says
what is wrong with the others.
"""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..state import ACTIVE, State, adjacent_same_colour, placement_record
from ..tiles import CHANGE_OF_COLOURS, COLOURS, CONSTRUCTION_DISCOUNT, KIND_COLOUR
from . import allows
from .build import pending_payments, price, settle
from .fields import colour_term, now_term, want


def options(state: State, p: int) -> list[Action]:
    """Every way to pay for the placed tile."""
    if not allows(state, "pay"):
        return []
    return [{"type": "pay", "cards": cards, "discount": d} for cards, d in pending_payments(state)]


def normalize(a: Action) -> Action:
    """``discount`` false when left out, no colour paid 0 times, other fields dropped."""
    out: Action = {"type": "pay"}
    cards = a.get("cards")
    if "cards" in a:
        if isinstance(cards, dict):
            cards = {k: v for k, v in cards.items() if not (k in COLOURS and type(v) is int and v == 0)}
        out["cards"] = cards
    out["discount"] = a.get("discount", False)
    return out


def not_now(state: State) -> Refusal:
    """Paying with no tile waiting for payment."""
    return "nyhavn.pay_not_now", {"now": now_term(state.phase)}


def refusal(s: State, a: Action) -> Refusal | None:
    """Why ``{"type": "pay", "cards": {"red": 2, "blue": 1}, "discount": false}`` is not a way to pay for the tile."""
    p = s.seat
    cards = want(a, "cards", dict)
    disc = a.get("discount", False)
    if not isinstance(disc, bool):
        raise MalformedAction(key="nyhavn.discount_not_bool")
    for k, v in cards.items():
        if k not in COLOURS or not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise MalformedAction(key="nyhavn.pay_malformed")
    clean = {k: v for k, v in cards.items() if v}
    if (clean, disc) in pending_payments(s):
        return None
    assert s.pending is not None
    kind = s.pending[0]
    colour = COLOURS[KIND_COLOUR[kind]]
    for k, v in clean.items():
        have = s.hands[p][COLOURS.index(k)]
        if have < v:
            return "nyhavn.pay_lacking", {"count": v, "colour": colour_term(k), "have": have}
    if disc and s.abilities[p][CONSTRUCTION_DISCOUNT] != ACTIVE:
        return "nyhavn.no_discount", {}
    others = [k for k in clean if k != colour]
    if others and s.abilities[p][CHANGE_OF_COLOURS] != ACTIVE:
        return "nyhavn.pay_wrong_colour", {"colour": colour_term(colour)}
    if len(others) > 1:
        return "nyhavn.one_other_colour", {}
    rec = placement_record(*s.pending)
    assert rec is not None
    cost = price(kind, adjacent_same_colour(s.houses[p], kind, rec)) - (1 if disc else 0)
    return "nyhavn.wrong_price", {"cost": cost, "paid": sum(clean.values())}


def do(s: State, a: Action) -> None:
    """Pay and place the tile."""
    settle(s, {k: v for k, v in a["cards"].items() if v}, a.get("discount", False))
