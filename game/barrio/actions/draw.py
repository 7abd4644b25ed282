"""Drawing a card: a turn's draws (1, 2 or 3 by the materials placed, or as many as houses discarded) and
the top-up to three cards (face down only)."""

from __future__ import annotations

from ...core.actions import Refusal
from ..decks import draw_actions, pop_house, pop_material
from ..market import fits
from ..state import HAND_LIMIT, Action, State, event
from ..turns import end_turn, finish_turn
from .fields import canonical

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """The draws legal now (for ``seat``, the seat to move), in their listed order. After placing, a market
    stretched beyond 5x5 allows none (the turn must place a second material or build first)."""
    ph = s.phase
    if ph in ("start", "drawing"):
        return draw_actions(s)
    if ph in ("placed1", "placed2"):
        return draw_actions(s) if s.solo or fits(s.market, False) else []
    if ph == "topup":
        return draw_actions(s, face_up=False)
    return []


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    if a in options(s, s.seat):
        return None
    ph = s.phase
    hand = s.hands[s.seat] if s.hands else []
    if ph in ("placed1", "placed2") and not s.solo and not fits(s.market, False):
        return ("barrio.stretched_place_second" if ph == "placed1" else "barrio.stretched_must_build"), {}
    if len(hand) >= HAND_LIMIT:
        return "barrio.hand_full", {"limit": HAND_LIMIT}
    src = a.get("source")
    if src not in ("warehouse", "house_market", "material_deck", "house_deck"):
        return "barrio.draw_source", {}
    if s.solo and src in ("house_market", "house_deck"):
        return "barrio.solo_draws_materials", {}
    if ph == "topup" and src in ("warehouse", "house_market"):
        return "barrio.topup_face_down", {}
    if src == "warehouse" and a.get("card") not in s.warehouse:
        return "barrio.not_in_warehouse", {}
    if src == "house_market" and a.get("card") not in s.house_market:
        return "barrio.not_in_house_market", {}
    return "barrio.deck_empty", {}


def wrong_phase(s: State) -> Refusal:
    """Drawing is part of a turn (every phase of a turn allows it, so only a pending decision refuses it)."""
    return "barrio.cannot_draw_now", {}


def do(s: State, a: Action) -> None:
    """``{"type": "draw", "source": "warehouse"|"house_market", "card": id}`` or ``{"source": "material_deck"|
    "house_deck"}``. The first draw after placing fixes the turn's draws; the last one ends the turn."""
    p = s.seat
    if s.phase in ("start", "placed1", "placed2"):
        s.draws_left = {"start": 1, "placed1": 2, "placed2": 3}[s.phase]
        s.klaus_owed = 0  # counts the cards really drawn: Klaus draws as many (the hand limit may cut them)
        s.phase = "drawing"
    src = a["source"]
    hand = s.hands[p]
    if src == "warehouse":
        slot = s.warehouse.index(a["card"])
        card = s.warehouse[slot]
        s.warehouse[slot] = -1
        s.public[card] = 1
        event(s, "draw", player=p, source=src, card=card, slot=slot)
    elif src == "house_market":
        slot = s.house_market.index(a["card"])
        card = s.house_market[slot]
        s.house_market[slot] = -1
        s.public[card] = 1
        event(s, "draw", player=p, source=src, card=card, slot=slot)
    else:
        drawn = pop_material(s) if src == "material_deck" else pop_house(s)
        if drawn is None:  # pragma: no cover - only offered when a card exists
            card = -1
        else:
            card = drawn
            event(s, "draw", player=p, source=src, card=card, secret=p)
    if card >= 0:
        hand.append(card)
        if s.phase != "topup":
            s.klaus_owed += 1
    if s.phase == "topup":
        if len(hand) >= 3 or not draw_actions(s, face_up=False):
            finish_turn(s)
        return
    s.draws_left -= 1
    if s.draws_left > 0 and len(hand) >= HAND_LIMIT:
        event(s, "hand_limit", player=p, forfeited=s.draws_left)
        s.draws_left = 0
    if s.draws_left > 0 and not draw_actions(s):
        s.draws_left = 0
    if s.draws_left == 0:
        end_turn(s)
