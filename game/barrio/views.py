"""What leaves the engine: the JSON save format, a player's view, determinization and undo barriers."""

from __future__ import annotations

from typing import Any

from ..core import Rng, SaveFormatError, envelope, guarded, open_envelope
from . import cards as C
from .engine import PHASES, State, house_limit, market_box, score_breakdown

GAME_ID = "barrio"
JSON_VERSION = 1

#: events that reveal hidden information (undo may not cross them)
_REVEALING = frozenset({"reveal", "reshuffle", "deal", "klaus_turn", "klaus_draw", "solo_reset", "warehouse_redeal"})


def to_json(s: State) -> dict[str, Any]:
    """The versioned JSON form of a state (see docs/barrio.md)."""
    return envelope(GAME_ID, JSON_VERSION, {
        "players": s.n, "scoring_card": s.card, "rng": s.rng.to_json(),
        "material_deck": s.mdeck[:], "material_discard": s.mdisc[:],
        "house_deck": s.hdeck[:], "house_discard": s.hdisc[:],
        "warehouse": s.wh[:], "house_market": s.hm[:],
        "hands": [h[:] for h in s.hands], "public": [i for i, v in enumerate(s.pub) if v],
        "market": [[r, c, v] for (r, c), v in sorted(s.market.items())],
        "rubble": [r[:] for r in s.rubble], "panoramas": [[p[:] for p in ps] for ps in s.pans],
        "combo_used": s.combo[:], "seat": s.seat, "phase": s.phase, "draws_left": s.draws_left,
        "placed": s.placed, "owe": s.owe, "pending": s.pend, "resume": s.resume,
        "final_round": s.final_round, "klaus_hand": s.kh[:], "klaus_kept": s.kept[:],
        "turn_number": s.turn_no, "log": s.log[:],
    })


def _ints(v: Any, what: str) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise SaveFormatError(f"The saved game's {what} is not a list of card ids.")
    return list(v)


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; raise ``SaveFormatError`` for anything unreadable or inconsistent."""
    d = open_envelope(data, GAME_ID, JSON_VERSION)

    def read() -> State:
        s = State.__new__(State)
        s.n = d["players"]
        if not isinstance(s.n, int) or not 1 <= s.n <= 4:
            raise SaveFormatError("The saved game has a bad number of players.")
        s.card = d["scoring_card"]
        if s.card not in C.SCORING:
            raise SaveFormatError("The saved game has an unknown scoring card.")
        s.rng = Rng.from_json(d["rng"])
        s.mdeck, s.mdisc = _ints(d["material_deck"], "material deck"), _ints(d["material_discard"], "material discard")
        s.hdeck, s.hdisc = _ints(d["house_deck"], "house deck"), _ints(d["house_discard"], "house discard")
        s.wh, s.hm = _ints(d["warehouse"], "warehouse"), _ints(d["house_market"], "house market")
        s.hands = [_ints(h, "hand") for h in d["hands"]]
        s.pub = bytearray(C.NUM_CARDS)
        for i in _ints(d["public"], "public cards"):
            s.pub[i] = 1
        s.market = {}
        for r, c, v in d["market"]:
            if not all(isinstance(x, int) for x in (r, c, v)):
                raise SaveFormatError("The saved game's market is damaged.")
            s.market[(r, c)] = v
        s.rubble = [_ints(r, "rubble") for r in d["rubble"]]
        s.pans = [[_ints(p, "panorama") for p in ps] for ps in d["panoramas"]]
        s.combo = [bool(x) for x in d["combo_used"]]
        s.seat, s.phase = int(d["seat"]), str(d["phase"])
        s.draws_left, s.placed, s.owe = int(d["draws_left"]), int(d["placed"]), int(d["owe"])
        s.pend, s.resume, s.final_round = d["pending"], str(d["resume"]), bool(d["final_round"])
        s.kh, s.kept = _ints(d["klaus_hand"], "Klaus's hand"), _ints(d["klaus_kept"], "Klaus's Burruños")
        s.turn_no = int(d["turn_number"])
        s.log = list(d["log"])
        if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in s.log):
            raise SaveFormatError("The saved game's log is damaged.")
        if s.pend is not None and not isinstance(s.pend, dict):
            raise SaveFormatError("The saved game's pending decision is damaged.")
        need = {"gap": ("house", "options"), "panorama": ("house", "options", "combo_house"),
                "combo": ("panorama", "options"), "klaus_tie": ("options", "reason")}.get(s.phase, ())
        if need and not (isinstance(s.pend, dict) and all(k in s.pend for k in need)
                         and isinstance(s.pend["options"], list) and s.pend["options"]):
            raise SaveFormatError("The saved game's pending decision does not match its phase.")
        if s.phase == "full_grid" and s.resume not in ("placed1", "placed2"):
            raise SaveFormatError("The saved game's full-grid build has nowhere to resume.")
        if len(s.combo) != s.n:
            raise SaveFormatError("The saved game's combo marks do not match its players.")
        if s.phase not in PHASES:
            raise SaveFormatError(f"The saved game is in an unknown phase {s.phase!r}.")
        if len(s.hands) != s.n or len(s.rubble) != s.n or len(s.pans) != (2 if s.n == 1 else s.n):
            raise SaveFormatError("The saved game's seats do not match its number of players.")
        if len(s.wh) != 4 or len(s.hm) != 4:
            raise SaveFormatError("The saved game's face-up rows must have 4 slots.")
        if sorted(all_cards(s)) != list(range(C.NUM_CARDS)):
            raise SaveFormatError("The saved game does not hold each of the 93 cards exactly once.")
        return s

    return guarded(read)


def all_cards(s: State) -> list[int]:
    """Every card id of the state, wherever it is (each of the 93 exactly once in a sound state)."""
    out = s.mdeck + s.mdisc + s.hdeck + s.hdisc + [c for c in s.wh if c >= 0] + [c for c in s.hm if c >= 0]
    for h in s.hands:
        out += h
    for r in s.rubble:
        out += r
    for ps in s.pans:
        for p in ps:
            out += p
    out += list(s.market.values()) + s.kh + s.kept
    if s.phase in ("gap", "panorama") and isinstance(s.pend, dict):
        out.append(s.pend["house"])  # the house being built, on its way to a panorama
    return out


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
    n = s.n
    over = s.phase == "over"
    breakdown = [score_breakdown(s, i, visible_only=not over) for i in range(len(s.pans))]
    hands = []
    counts = []
    for p, h in enumerate(s.hands):
        hands.append(h[:] if p == player else [c if s.pub[c] else None for c in h])
        m = sum(1 for c in h if c < C.NUM_MATERIALS)
        counts.append({"materials": m, "houses": len(h) - m})
    return {
        "game": GAME_ID, "players": n, "solo": n == 1, "you": player,
        "scoring_card": s.card, "scoring": dict(C.SCORING[s.card]), "house_limit": house_limit(n),
        "phase": s.phase, "current_player": None if s.phase == "over" else s.seat, "turn_number": s.turn_no,
        "draws_left": s.draws_left, "placed": s.placed, "owe": s.owe, "resume": s.resume,
        "final_round": s.final_round, "over": s.phase == "over",
        "material_deck": len(s.mdeck), "house_deck": len(s.hdeck),
        "material_discard": s.mdisc[:], "house_discard": s.hdisc[:],
        "warehouse": [c if c >= 0 else None for c in s.wh], "house_market": [c if c >= 0 else None for c in s.hm],
        "market": [[r, c, v] for (r, c), v in sorted(s.market.items())],
        "market_box": list(market_box(s.market)) if s.market else None,
        "hand": s.hands[player][:] if 0 <= player < n else [],
        "hands": hands, "hand_counts": counts,
        "rubble": [r[:] for r in s.rubble], "panoramas": [[p[:] for p in ps] for ps in s.pans],
        "combo_used": s.combo[:],
        "klaus": {"hand": [c if s.pub[c] else None for c in s.kh], "kept": s.kept[:], "houses": sum(len(p) for p in s.pans[1])}
        if n == 1 else None,
        "pending": s.pend,
        "scores": [b["total"] for b in breakdown],
        "breakdown": breakdown,
        "log": redacted_log(s, player),
    }


def determinize(v: dict[str, Any], player: int, seed: int) -> State:
    """A full state consistent with view ``v``: unseen cards dealt at random to decks and hidden hands."""
    rng = Rng(seed)
    s = State.__new__(State)
    s.n, s.card, s.rng = v["players"], v["scoring_card"], Rng(seed ^ 0x9E3779B9, stream=11)
    s.mdisc, s.hdisc = list(v["material_discard"]), list(v["house_discard"])
    s.wh = [c if c is not None else -1 for c in v["warehouse"]]
    s.hm = [c if c is not None else -1 for c in v["house_market"]]
    s.market = {(r, c): card for r, c, card in v["market"]}
    s.rubble = [list(r) for r in v["rubble"]]
    s.pans = [[list(p) for p in ps] for ps in v["panoramas"]]
    s.combo = list(v["combo_used"])
    s.seat = v["current_player"] if v["current_player"] is not None else 0
    s.phase, s.draws_left, s.placed, s.owe = v["phase"], v["draws_left"], v["placed"], v["owe"]
    s.pend, s.resume, s.final_round, s.turn_no = v["pending"], v["resume"], v["final_round"], v["turn_number"]
    s.pub = bytearray(C.NUM_CARDS)
    s.log = list(v["log"])
    seen = set(s.mdisc) | set(s.hdisc) | {c for c in s.wh if c >= 0} | {c for c in s.hm if c >= 0}
    seen |= set(s.market.values())
    if s.phase in ("gap", "panorama"):
        seen.add(s.pend["house"])
    for r in s.rubble:
        seen |= set(r)
    for ps in s.pans:
        for p in ps:
            seen |= set(p)
    hands = []
    for p, h in enumerate(v["hands"]):
        h = list(v["hand"]) if p == player else list(h)
        hands.append(h)
        for c in h:
            if c is not None:
                seen.add(c)
                if p != player:
                    s.pub[c] = 1
    klaus = v["klaus"]
    kh = list(klaus["hand"]) if klaus else []
    s.kept = list(klaus["kept"]) if klaus else []
    seen |= {c for c in kh if c is not None} | set(s.kept)
    for c in kh:
        if c is not None:
            s.pub[c] = 1
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
    s.kh = [c if c is not None else mats.pop() for c in kh]
    s.hands = hands
    s.mdeck, s.hdeck = mats, houses
    return s


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    """True when ``action`` revealed hidden information: a face-down draw, a refill, a reshuffle, Klaus's turn."""
    for e in after.log[len(before.log):]:
        t = e["type"]
        if t in _REVEALING or (t == "draw" and "secret" in e):
            return True
    return False
