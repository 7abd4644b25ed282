"""Saving and loading Barrio games: the versioned JSON form of a state, checked on the way in.

Format 2 names every field in words (format 1 called ``klaus_owed`` ``owe``); format 1 saves are converted.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, SaveFormatError, envelope, guarded, open_envelope
from . import cards as C
from .state import PHASES, State

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


def _ints(v: Any, what: str) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in v):
        raise SaveFormatError(f"The saved game's {what} is not a list of card ids.")
    return list(v)


def upgrade(data: Any) -> Any:
    """An older save in today's format (anything else is returned as it is, for :func:`from_json` to judge)."""
    if isinstance(data, dict) and data.get("game") == GAME_ID and data.get("version") == 1 and "owe" in data:
        data = dict(data)
        data["klaus_owed"] = data.pop("owe")
        data["version"] = 2
    return data


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; raise ``SaveFormatError`` for anything unreadable or inconsistent."""
    d = open_envelope(upgrade(data), GAME_ID, JSON_VERSION)

    def read() -> State:
        s = State.__new__(State)
        s.players = d["players"]
        if not isinstance(s.players, int) or not 1 <= s.players <= 4:
            raise SaveFormatError("The saved game has a bad number of players.")
        s.scoring_card = d["scoring_card"]
        if s.scoring_card not in C.SCORING:
            raise SaveFormatError("The saved game has an unknown scoring card.")
        s.rng = Rng.from_json(d["rng"])
        s.material_deck, s.material_discard = _ints(d["material_deck"], "material deck"), _ints(d["material_discard"], "material discard")
        s.house_deck, s.house_discard = _ints(d["house_deck"], "house deck"), _ints(d["house_discard"], "house discard")
        s.warehouse, s.house_market = _ints(d["warehouse"], "warehouse"), _ints(d["house_market"], "house market")
        s.hands = [_ints(h, "hand") for h in d["hands"]]
        s.public = bytearray(C.NUM_CARDS)
        for i in _ints(d["public"], "public cards"):
            s.public[i] = 1
        s.market = {}
        for r, c, v in d["market"]:
            if not all(isinstance(x, int) for x in (r, c, v)):
                raise SaveFormatError("The saved game's market is damaged.")
            s.market[(r, c)] = v
        s.rubble = [_ints(r, "rubble") for r in d["rubble"]]
        s.panoramas = [[_ints(p, "panorama") for p in ps] for ps in d["panoramas"]]
        s.combo_used = [bool(x) for x in d["combo_used"]]
        s.seat, s.phase = int(d["seat"]), str(d["phase"])
        s.draws_left, s.placed, s.klaus_owed = int(d["draws_left"]), int(d["placed"]), int(d["klaus_owed"])
        s.pending, s.resume, s.final_round = d["pending"], str(d["resume"]), bool(d["final_round"])
        s.klaus_hand, s.klaus_kept = _ints(d["klaus_hand"], "Klaus's hand"), _ints(d["klaus_kept"], "Klaus's Burruños")
        s.turn_number = int(d["turn_number"])
        s.log = list(d["log"])
        if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in s.log):
            raise SaveFormatError("The saved game's log is damaged.")
        if s.pending is not None and not isinstance(s.pending, dict):
            raise SaveFormatError("The saved game's pending decision is damaged.")
        need = {"gap": ("house", "options"), "panorama": ("house", "options", "combo_house"),
                "combo": ("panorama", "options"), "klaus_tie": ("options", "reason")}.get(s.phase, ())
        if need and not (isinstance(s.pending, dict) and all(k in s.pending for k in need)
                         and isinstance(s.pending["options"], list) and s.pending["options"]):
            raise SaveFormatError("The saved game's pending decision does not match its phase.")
        if s.phase == "full_grid" and s.resume not in ("placed1", "placed2"):
            raise SaveFormatError("The saved game's full-grid build has nowhere to resume.")
        if len(s.combo_used) != s.players:
            raise SaveFormatError("The saved game's combo marks do not match its players.")
        if s.phase not in PHASES:
            raise SaveFormatError(f"The saved game is in an unknown phase {s.phase!r}.")
        if len(s.hands) != s.players or len(s.rubble) != s.players or len(s.panoramas) != (2 if s.players == 1 else s.players):
            raise SaveFormatError("The saved game's seats do not match its number of players.")
        if len(s.warehouse) != 4 or len(s.house_market) != 4:
            raise SaveFormatError("The saved game's face-up rows must have 4 slots.")
        if sorted(all_cards(s)) != list(range(C.NUM_CARDS)):
            raise SaveFormatError("The saved game does not hold each of the 93 cards exactly once.")
        return s

    return guarded(read)


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


