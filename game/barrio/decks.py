"""Where cards come from and go: decks, discards, the face-up rows and their refills, and the draws on offer."""

from __future__ import annotations

from . import cards as C
from .state import HAND_LIMIT, Action, State, event


def reveal_warehouse(s: State) -> None:
    """Fill all four warehouse slots, redealing while it shows >1 Burruño or 4 alike (set-up rule)."""
    for _ in range(12):
        for i in range(4):
            if s.warehouse[i] < 0:
                card = pop_material(s, allow_reset=False)
                if card is None:
                    return
                s.warehouse[i] = card
                event(s, "reveal", where="warehouse", slot=i, card=card)
        kinds = [C.KIND[c] for c in s.warehouse]
        bad = kinds.count(C.BURRUNO) > 1 or (len(set(kinds)) == 1)
        if not bad or len(s.material_deck) + len(s.material_discard) < 8:
            return
        event(s, "warehouse_redeal", discarded=s.warehouse[:])
        s.material_discard.extend(s.warehouse)
        s.warehouse = [-1, -1, -1, -1]


def pop_material(s: State, allow_reset: bool = True) -> int | None:
    """Top of the material deck, rebuilding it when empty (solo: the full reset)."""
    if not s.material_deck:
        if s.solo and allow_reset:
            solo_reset(s)
        elif s.material_discard:
            s.material_deck = s.material_discard
            s.material_discard = []
            s.rng.shuffle(s.material_deck)
            event(s, "reshuffle", deck="material", cards=len(s.material_deck))
    return s.material_deck.pop() if s.material_deck else None


def pop_house(s: State) -> int | None:
    """Top of the house deck, reshuffling the house discard into it when empty; None when both are empty."""
    if not s.house_deck and s.house_discard:
        s.house_deck = s.house_discard
        s.house_discard = []
        s.rng.shuffle(s.house_deck)
        event(s, "reshuffle", deck="house", cards=len(s.house_deck))
    return s.house_deck.pop() if s.house_deck else None


def solo_reset(s: State) -> None:
    """Solo: the material deck ran out. Both face-up rows go, the discard becomes the deck, 4 + 4 revealed."""
    wh = [c for c in s.warehouse if c >= 0]
    hm = [c for c in s.house_market if c >= 0]
    s.material_discard.extend(wh)
    s.house_discard.extend(hm)
    s.warehouse = [-1, -1, -1, -1]
    s.house_market = [-1, -1, -1, -1]
    event(s, "solo_reset", warehouse=wh, house_market=hm)
    s.material_deck = s.material_discard
    s.material_discard = []
    s.rng.shuffle(s.material_deck)
    event(s, "reshuffle", deck="material", cards=len(s.material_deck))
    reveal_warehouse(s)
    refill_house_market(s)


def refill_house_market(s: State) -> None:
    """Fill the empty slots of the house market from the house deck."""
    for i in range(4):
        if s.house_market[i] < 0:
            card = pop_house(s)
            if card is None:
                return
            s.house_market[i] = card
            event(s, "reveal", where="house_market", slot=i, card=card)


def refill_face_up(s: State) -> None:
    """End of turn: fill every empty face-up slot."""
    for i in range(4):
        if s.warehouse[i] < 0:
            card = pop_material(s)
            if card is None:
                break
            if s.warehouse[i] < 0:  # a solo reset may have filled it meanwhile
                s.warehouse[i] = card
                event(s, "reveal", where="warehouse", slot=i, card=card)
            else:
                s.material_deck.append(card)
    refill_house_market(s)


def _can_draw_material(s: State) -> bool:
    return bool(s.material_deck or s.material_discard)


def draw_actions(s: State, face_up: bool = True) -> list[Action]:
    """The draws the seat to move may make now (none at the hand limit); ``face_up=False`` for the top-up."""
    if len(s.hands[s.seat]) >= HAND_LIMIT:
        return []
    out: list[Action] = []
    if face_up:
        out += [{"type": "draw", "source": "warehouse", "card": c} for c in s.warehouse if c >= 0]
        if not s.solo:
            out += [{"type": "draw", "source": "house_market", "card": c} for c in s.house_market if c >= 0]
    if s.material_deck or s.material_discard or (s.solo and any(c >= 0 for c in s.warehouse)):
        out.append({"type": "draw", "source": "material_deck"})
    if not s.solo and (s.house_deck or s.house_discard):
        out.append({"type": "draw", "source": "house_deck"})
    return out


def discard_market(s: State, reason: str) -> None:
    """Send the whole common market to the material discard (full grid or solo overflow)."""
    cards = [s.market[k] for k in sorted(s.market)]
    s.material_discard.extend(cards)
    s.market = {}
    event(s, "market_discarded", cards=cards, reason=reason)
