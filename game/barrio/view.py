"""What a player sees of a Barrio game: the view, the redacted log, determinization and undo barriers."""

from __future__ import annotations

from typing import Any

from ..core import Rng
from . import cards as C
from .market import market_box
from .saves import GAME_ID
from .scoring import score_breakdown
from .state import State, house_limit

#: events that reveal hidden information (undo may not cross them)
_REVEALING = frozenset({"reveal", "reshuffle", "deal", "klaus_turn", "klaus_draw", "solo_reset", "warehouse_redeal"})


def _redact(event: dict[str, Any], player: int) -> dict[str, Any]:
    secret = event.get("secret")
    if secret is None or secret == player:
        return event
    e = dict(event)
    if "card" in e:
        e["card"] = None
    if "cards" in e:
        e["cards"] = [None] * len(e["cards"])
    return e


def redacted_log(s: State, player: int) -> list[dict[str, Any]]:
    """The event log as ``player`` may see it: face-down cards of others (and Klaus) become null."""
    return [_redact(e, player) for e in s.log]


def view(s: State, player: int) -> dict[str, Any]:
    """What ``player`` may see (see docs/barrio.md for every field)."""
    n = s.players
    over = s.phase == "over"
    breakdown = [score_breakdown(s, i, visible_only=not over) for i in range(len(s.panoramas))]
    hands = []
    counts = []
    for p, h in enumerate(s.hands):
        hands.append(h[:] if p == player else [c if s.public[c] else None for c in h])
        m = sum(1 for c in h if c < C.NUM_MATERIALS)
        counts.append({"materials": m, "houses": len(h) - m})
    return {
        "game": GAME_ID, "players": n, "solo": n == 1, "you": player,
        "scoring_card": s.scoring_card, "scoring": dict(C.SCORING[s.scoring_card]), "house_limit": house_limit(n),
        "phase": s.phase, "current_player": None if s.phase == "over" else s.seat, "turn_number": s.turn_number,
        "draws_left": s.draws_left, "placed": s.placed, "klaus_owed": s.klaus_owed, "resume": s.resume,
        "final_round": s.final_round, "first_player": s.first_player, "over": s.phase == "over",
        "material_deck": len(s.material_deck), "house_deck": len(s.house_deck),
        "material_discard": s.material_discard[:], "house_discard": s.house_discard[:],
        "warehouse": [c if c >= 0 else None for c in s.warehouse], "house_market": [c if c >= 0 else None for c in s.house_market],
        "market": [[r, c, v] for (r, c), v in sorted(s.market.items())],
        "market_box": list(market_box(s.market) or ()) if s.market else None,
        "hand": s.hands[player][:] if 0 <= player < n else [],
        "hands": hands, "hand_counts": counts,
        "rubble": [r[:] for r in s.rubble], "panoramas": [[p[:] for p in ps] for ps in s.panoramas],
        "combo_used": s.combo_used[:],
        "klaus": {"hand": [c if s.public[c] else None for c in s.klaus_hand], "kept": s.klaus_kept[:], "houses": sum(len(p) for p in s.panoramas[1])}
        if n == 1 else None,
        "pending": s.pending,
        "scores": [b["total"] for b in breakdown],
        "breakdown": breakdown,
        "log": redacted_log(s, player),
    }


def determinize(v: dict[str, Any], player: int, seed: int) -> State:
    """A full state consistent with view ``v``: unseen cards dealt at random to decks and hidden hands."""
    rng = Rng(seed)
    s = State.__new__(State)
    s.players, s.scoring_card, s.rng = v["players"], v["scoring_card"], Rng(seed ^ 0x9E3779B9, stream=11)
    s.material_discard, s.house_discard = list(v["material_discard"]), list(v["house_discard"])
    s.warehouse = [c if c is not None else -1 for c in v["warehouse"]]
    s.house_market = [c if c is not None else -1 for c in v["house_market"]]
    s.market = {(r, c): card for r, c, card in v["market"]}
    s.rubble = [list(r) for r in v["rubble"]]
    s.panoramas = [[list(p) for p in ps] for ps in v["panoramas"]]
    s.combo_used = list(v["combo_used"])
    s.seat = v["current_player"] if v["current_player"] is not None else 0
    s.phase, s.draws_left, s.placed, s.klaus_owed = v["phase"], v["draws_left"], v["placed"], v["klaus_owed"]
    s.pending, s.resume, s.final_round, s.turn_number = v["pending"], v["resume"], v["final_round"], v["turn_number"]
    s.first_player = v["first_player"]
    s.public = bytearray(C.NUM_CARDS)
    s.log = list(v["log"])
    seen = set(s.material_discard) | set(s.house_discard) | {c for c in s.warehouse if c >= 0} | {c for c in s.house_market if c >= 0}
    seen |= set(s.market.values())
    if s.phase in ("gap", "panorama"):
        seen.add(s.pending["house"])
    for rubble in s.rubble:
        seen |= set(rubble)
    for ps in s.panoramas:
        for pan in ps:
            seen |= set(pan)
    hands: list[list[Any]] = []
    for p, seen_hand in enumerate(v["hands"]):
        h = list(v["hand"]) if p == player else list(seen_hand)
        hands.append(h)
        for c in h:
            if c is not None:
                seen.add(c)
                if p != player:
                    s.public[c] = 1
    klaus = v["klaus"]
    kh = list(klaus["hand"]) if klaus else []
    s.klaus_kept = list(klaus["kept"]) if klaus else []
    seen |= {c for c in kh if c is not None} | set(s.klaus_kept)
    for c in kh:
        if c is not None:
            s.public[c] = 1
    mats = [c for c in range(C.NUM_MATERIALS) if c not in seen]
    houses = [c for c in range(C.NUM_MATERIALS, C.NUM_CARDS) if c not in seen]
    rng.shuffle(mats)
    rng.shuffle(houses)
    for p, h in enumerate(hands):
        if p == player:
            continue
        known_m = sum(1 for c in h if c is not None and c < C.NUM_MATERIALS)
        need_m = v["hand_counts"][p]["materials"] - known_m
        # Unknown cards keep their places in the hand (the view shows known ones in place).
        fill = [mats.pop() for _ in range(need_m)]
        slots = [i for i, c in enumerate(h) if c is None]
        rng.shuffle(fill)
        hand = list(h)
        for i in slots:
            hand[i] = fill.pop() if fill else houses.pop()
        hands[p] = hand
    s.klaus_hand = [c if c is not None else mats.pop() for c in kh]
    s.hands = hands
    s.material_deck, s.house_deck = mats, houses
    return s


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when ``action`` revealed hidden information: a face-down draw, a refill, a reshuffle, Klaus's turn."""
    for e in after.log[len(before.log):]:
        t = e["type"]
        if t in _REVEALING or (t == "draw" and "secret" in e):
            return True
    return False
