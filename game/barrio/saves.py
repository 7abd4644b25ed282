"""Saving and loading Barrio games: the versioned JSON form of a state, checked on the way in.

Format 2 names every field in words (format 1 called ``klaus_owed`` ``owe``); format 1 saves are converted.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, SaveFormatError, envelope, guarded, open_envelope
from . import cards as C
from .market import connected, fits
from .panoramas import panorama_options
from .state import HAND_LIMIT, PHASES, State

GAME_ID = "barrio"
JSON_VERSION = 2


def to_json(s: State) -> dict[str, Any]:
    """The versioned JSON form of a state (see docs/barrio.md)."""
    return envelope(GAME_ID, JSON_VERSION, {
        "players": s.players, "scoring_card": s.scoring_card, "rng": s.rng.to_json(),
        "material_deck": s.material_deck[:], "material_discard": s.material_discard[:],
        "house_deck": s.house_deck[:], "house_discard": s.house_discard[:],
        "warehouse": s.warehouse[:], "house_market": s.house_market[:],
        "hands": [h[:] for h in s.hands], "public": [i for i, v in enumerate(s.public) if v],
        "market": [[r, c, v] for (r, c), v in sorted(s.market.items())],
        "rubble": [r[:] for r in s.rubble], "panoramas": [[p[:] for p in ps] for ps in s.panoramas],
        "combo_used": s.combo_used[:], "seat": s.seat, "phase": s.phase, "draws_left": s.draws_left,
        "placed": s.placed, "klaus_owed": s.klaus_owed, "pending": s.pending, "resume": s.resume,
        "final_round": s.final_round, "klaus_hand": s.klaus_hand[:], "klaus_kept": s.klaus_kept[:],
        "turn_number": s.turn_number, "log": s.log[:],
    })


FIELDS = ("players", "scoring_card", "rng", "material_deck", "material_discard", "house_deck", "house_discard",
          "warehouse", "house_market", "hands", "public", "market", "rubble", "panoramas", "combo_used", "seat",
          "phase", "draws_left", "placed", "klaus_owed", "pending", "resume", "final_round", "klaus_hand",
          "klaus_kept", "turn_number", "log")
_PENDING_KEYS = {"gap": {"house", "options"}, "panorama": {"house", "options", "combo_house"},
                 "combo": {"panorama", "options"}}


def _bad(reason: str) -> SaveFormatError:
    return SaveFormatError(f"The saved game is damaged: {reason}.")


def _int(v: Any, what: str, low: int, high: int) -> int:
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise _bad(f"{what} must be a whole number from {low} to {high}")
    return v


def _flag(v: Any, what: str) -> bool:
    if not isinstance(v, bool):
        raise _bad(f"{what} must be true or false")
    return v


def _list(v: Any, what: str, length: int | None = None) -> list[Any]:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise _bad(f"{what} must be a list" + (f" of {length}" if length is not None else ""))
    return v


def _cards(v: Any, what: str, kind: str = "any", empty_slots: bool = False) -> list[int]:
    """A list of card ids of one kind ("material", "house" or "any"); -1 marks an empty slot where allowed."""
    low, high = {"material": (0, C.NUM_MATERIALS - 1), "house": (C.NUM_MATERIALS, C.NUM_CARDS - 1),
                 "any": (0, C.NUM_CARDS - 1)}[kind]
    for x in _list(v, what):
        if empty_slots and x == -1 and not isinstance(x, bool):
            continue
        _int(x, f"each card of the {what}", low, high)
    return list(v)


def _cells(v: Any, what: str) -> dict[tuple[int, int], int]:
    """Market cells ``[[row, col, material], ...]`` in row-then-column order, each place once."""
    out: dict[tuple[int, int], int] = {}
    for item in _list(v, what):
        r, c, card = _list(item, f"each place of the {what}", 3)
        key = (_int(r, "a market row", -60, 60), _int(c, "a market column", -60, 60))
        _int(card, "a market card", 0, C.NUM_MATERIALS - 1)
        if out and key <= max(out):
            raise _bad(f"the {what} must list each place once, in order")
        out[key] = card
    return out


def upgrade(data: Any) -> Any:
    """An older save in today's format (anything else is returned as it is, for :func:`from_json` to judge)."""
    if isinstance(data, dict) and data.get("game") == GAME_ID and data.get("version") == 1 and "owe" in data:
        data = dict(data)
        data["klaus_owed"] = data.pop("owe")
        data["version"] = 2
    return data


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; raise ``SaveFormatError`` with a reason for anything unreadable
    or inconsistent: wrong types or ranges, a card missing or in two places, a phase that does not fit the rest."""
    d = open_envelope(upgrade(data), GAME_ID, JSON_VERSION)
    unknown = sorted(set(d) - set(FIELDS) - {"format", "game", "version"})
    if unknown:
        raise _bad(f"unknown field {unknown[0]!r}")
    missing = [k for k in FIELDS if k not in d]
    if missing:
        raise _bad(f"the field {missing[0]!r} is missing")
    return guarded(lambda: _read(d))


def _read(d: dict[str, Any]) -> State:
    s = State.__new__(State)
    n = s.players = _int(d["players"], "the number of players", 1, 4)
    solo = n == 1
    s.scoring_card = d["scoring_card"]
    if s.scoring_card not in (("A", "B", "C") if solo else tuple(C.SCORING)):
        raise _bad("unknown scoring card or solo level")
    try:
        s.rng = Rng.from_json(d["rng"])
    except ValueError as exc:
        raise _bad(str(exc)) from None
    if s.rng.to_json() != d["rng"]:
        raise _bad("the random generator state is not written as this app writes it")
    s.material_deck = _cards(d["material_deck"], "material deck", "material")
    s.material_discard = _cards(d["material_discard"], "material discard", "material")
    s.house_deck = _cards(d["house_deck"], "house deck", "house")
    s.house_discard = _cards(d["house_discard"], "house discard", "house")
    s.warehouse = _cards(_list(d["warehouse"], "warehouse", 4), "warehouse", "material", empty_slots=True)
    s.house_market = _cards(_list(d["house_market"], "house market", 4), "house market", "house", empty_slots=True)
    s.hands = [_cards(h, "hand", "material" if solo else "any") for h in _list(d["hands"], "hands", n)]
    if any(len(h) > HAND_LIMIT for h in s.hands) and d["phase"] != "keep":
        raise _bad(f"a hand holds more than {HAND_LIMIT} cards")
    s.market = _cells(d["market"], "market")
    s.rubble = [_cards(r, "rubble", "material") for r in _list(d["rubble"], "rubble piles", n)]
    s.panoramas = []
    for ps in _list(d["panoramas"], "panoramas", 2 if solo else n):
        seat_pans = [_cards(p, "panorama", "house") for p in _list(ps, "panoramas")]
        for pan in seat_pans:
            if not pan or any(C.RIGHT[a] != C.LEFT[b] for a, b in zip(pan, pan[1:])):
                raise _bad("a panorama is empty or joins houses whose symbols do not match")
        s.panoramas.append(seat_pans)
    s.combo_used = [_flag(x, "a combo mark") for x in _list(d["combo_used"], "combo marks", n)]
    s.seat = _int(d["seat"], "the seat to play", 0, n - 1)
    s.phase = d["phase"]
    if s.phase not in PHASES or s.phase in (("keep", "topup", "full_grid") if solo else ("klaus_tie",)):
        raise _bad(f"unknown phase {s.phase!r}")
    s.draws_left = _int(d["draws_left"], "the draws left", 0, HAND_LIMIT)
    s.placed = _int(d["placed"], "the materials placed", 0, 2)
    s.klaus_owed = _int(d["klaus_owed"], "the cards Klaus is owed", 0, HAND_LIMIT)
    s.resume = d["resume"]
    if s.resume not in ("", "placed1", "placed2") or (s.phase == "full_grid" and not s.resume):
        raise _bad("the phase to resume after a full grid is unknown")
    s.final_round = _flag(d["final_round"], "the last-round mark")
    s.klaus_hand = _cards(d["klaus_hand"], "Klaus's hand", "material")
    s.klaus_kept = _cards(d["klaus_kept"], "Klaus's Burruños", "material")
    if any(C.KIND[c] != C.BURRUNO for c in s.klaus_kept) or (not solo and (s.klaus_hand or s.klaus_kept)):
        raise _bad("Klaus's cards do not fit the game")
    s.turn_number = _int(d["turn_number"], "the turn number", 0, 10**6)
    s.log = _list(d["log"], "log")[:]
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in s.log):
        raise _bad("the log holds something that is not an event")
    s.pending = d["pending"]
    _check_pending(s)
    public = _cards(d["public"], "public cards")
    if public != sorted(set(public)):
        raise _bad("the public cards must be listed once each, in order")
    holders = {c for h in s.hands for c in h} | set(s.klaus_hand)
    if not set(public) <= holders:
        raise _bad("a card marked as seen face up is not in a hand")
    s.public = bytearray(C.NUM_CARDS)
    for c in public:
        s.public[c] = 1
    if sorted(all_cards(s)) != list(range(C.NUM_CARDS)):
        raise _bad("it does not hold each of the 93 cards exactly once")
    _check_phase(s)
    return s


def _check_pending(s: State) -> None:
    """The pending decision must be the one the phase waits for, with options the rules could offer."""
    p, ph = s.pending, s.phase
    if ph not in ("gap", "panorama", "combo", "klaus_tie"):
        if p is not None:
            raise _bad(f"a decision is pending in phase {ph!r}")
        return
    if not isinstance(p, dict):
        raise _bad(f"phase {ph!r} waits for a decision the save does not hold")
    options = _list(p.get("options"), "pending options")
    if not options:
        raise _bad("the pending decision has no options")
    if ph == "klaus_tie":
        reason = p.get("reason")
        keys = {"options", "reason"} | ({"resume"} if reason != "setup" else set())
        if set(p) != keys or reason not in ("setup", "hand", "overflow"):
            raise _bad("Klaus's tie is damaged")
        if reason != "setup":
            _int(p["resume"], "the stage Klaus resumes at", 1, 2)
        houses = _cards(options, "tied houses", "house")
        if len(set(houses)) != len(houses) or not set(houses) <= set(s.house_market):
            raise _bad("Klaus's tied houses are not in the house market")
        return
    if set(p) != _PENDING_KEYS[ph]:
        raise _bad(f"the pending decision of phase {ph!r} is damaged")
    if ph == "gap":
        _int(p["house"], "the house being built", C.NUM_MATERIALS, C.NUM_CARDS - 1)
        cards = sorted(s.market.values())
        for option in options:
            if sorted(_cells(option, "market arrangement").values()) != cards:
                raise _bad("an arrangement of the market does not hold the market's cards")
    elif ph == "panorama":
        house = _int(p["house"], "the house being built", C.NUM_MATERIALS, C.NUM_CARDS - 1)
        _flag(p["combo_house"], "the combo-house mark")
        if options != panorama_options(s.panoramas[s.seat], house):
            raise _bad("the panorama choices do not match the panoramas")
    else:
        pans = s.panoramas[s.seat]
        i = _int(p["panorama"], "the combo's panorama", 0, len(pans) - 1) if pans else -1
        if i < 0:
            raise _bad("the combo has no panorama")
        pool = [h for h in s.house_market if h >= 0] if s.players == 1 else [h for h in s.hands[s.seat] if h >= C.NUM_MATERIALS]
        for option in options:
            house, end = _list(option, "a combo choice", 2)
            if house not in pool or end not in ("left", "right") or isinstance(house, bool):
                raise _bad("a combo choice is not a house at hand for an end of the panorama")
            if (C.LEFT[house] != C.RIGHT[pans[i][-1]]) if end == "right" else (C.RIGHT[house] != C.LEFT[pans[i][0]]):
                raise _bad("a combo choice does not continue the panorama")


def _check_phase(s: State) -> None:
    """The counters must agree with the phase (what has been placed and drawn this turn)."""
    ph = s.phase
    placed_by_phase = {"start": 0, "placed1": 1, "placed2": 2, "keep": 0}
    if ph in placed_by_phase and s.placed != placed_by_phase[ph]:
        raise _bad(f"phase {ph!r} does not match {s.placed} materials placed")
    if ph == "full_grid" and s.placed != int(s.resume[-1]):
        raise _bad("the full grid's resume phase does not match the materials placed")
    if (ph == "drawing") != (s.draws_left > 0):
        raise _bad("draws are owed outside the drawing phase, or none within it")
    if ph == "keep" and (s.turn_number or s.market or s.final_round):
        raise _bad("the set-up keep happens before the first turn")
    if ph == "start" and s.market and not fits(s.market, s.players == 1):
        raise _bad("a turn starts with the market beyond its bound")
    if ph not in ("gap", "over") and not connected(s.market):
        raise _bad("the market's cards are apart")
    if s.players == 1 and s.final_round:
        raise _bad("the solo game has no last round")


def all_cards(s: State) -> list[int]:
    """Every card id of the state, wherever it is (each of the 93 exactly once in a sound state)."""
    out = s.material_deck + s.material_discard + s.house_deck + s.house_discard + [c for c in s.warehouse if c >= 0] + [c for c in s.house_market if c >= 0]
    for h in s.hands:
        out += h
    for r in s.rubble:
        out += r
    for ps in s.panoramas:
        for p in ps:
            out += p
    out += list(s.market.values()) + s.klaus_hand + s.klaus_kept
    if s.phase in ("gap", "panorama") and isinstance(s.pending, dict):
        out.append(s.pending["house"])  # the house being built, on its way to a panorama
    return out


