"""Saving and loading Barrio games: the versioned JSON form of a state, checked on the way in.

Format 3 adds ``first_player`` (who played the first turn; a format 2 save is a game seat 0 began); format 2 named
every field in words (format 1 called ``klaus_owed`` ``owe``). Older saves are converted.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, envelope, guarded, open_envelope
from ..core.jsonfmt import check_keys, inconsistent, read_bool, read_choice, read_int, read_list
from . import cards as C
from .market import connected, fits
from .panoramas import panorama_options
from .state import HAND_LIMIT, PHASES, State

GAME_ID = "barrio"
JSON_VERSION = 3
#: the turn number has no bound in the rules (materials are reshuffled for as long as nobody builds), so none
#: short of what JSON carries exactly (a bound a game could pass would make a save load, then fail a turn
#: later); it must be the count of ``turn`` events in the log, which refuses a made-up one
MAX_TURN_NUMBER = 2**53


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
        "final_round": s.final_round, "first_player": s.first_player, "klaus_hand": s.klaus_hand[:], "klaus_kept": s.klaus_kept[:],
        "turn_number": s.turn_number, "log": s.log[:],
    })


FIELDS = ("players", "scoring_card", "rng", "material_deck", "material_discard", "house_deck", "house_discard",
          "warehouse", "house_market", "hands", "public", "market", "rubble", "panoramas", "combo_used", "seat",
          "phase", "draws_left", "placed", "klaus_owed", "pending", "resume", "final_round", "first_player", "klaus_hand",
          "klaus_kept", "turn_number", "log")
_PENDING_KEYS = {"gap": {"house", "options"}, "panorama": {"house", "options", "combo_house"},
                 "combo": {"panorama", "options"}}


def _cards(v: Any, field: str, kind: str = "any", empty_slots: bool = False, what: str = "") -> list[int]:
    """A list of card ids of one kind ("material", "house" or "any"); -1 marks an empty slot where allowed."""
    low, high = {"material": (0, C.NUM_MATERIALS - 1), "house": (C.NUM_MATERIALS, C.NUM_CARDS - 1),
                 "any": (0, C.NUM_CARDS - 1)}[kind]
    for x in read_list(v, field, what=what):
        if empty_slots and x == -1 and not isinstance(x, bool):
            continue
        read_int(x, field, low, high, f"each card of the {what or field}")
    return list(v)


def _cells(v: Any, field: str, what: str) -> dict[tuple[int, int], int]:
    """Market cells ``[[row, col, material], ...]`` in row-then-column order, each place once."""
    out: dict[tuple[int, int], int] = {}
    for item in read_list(v, field, what=what):
        r, c, card = read_list(item, field, 3, f"each place of the {what}")
        key = (read_int(r, field, -60, 60, "a market row"), read_int(c, field, -60, 60, "a market column"))
        read_int(card, field, 0, C.NUM_MATERIALS - 1, "a market card")
        if out and key <= max(out):
            raise inconsistent(field, f"the {what} must list each place once, in order")
        out[key] = card
    return out


def upgrade(data: Any) -> Any:
    """An older save in today's format (anything else is returned as it is, for :func:`from_json` to judge)."""
    if isinstance(data, dict) and data.get("game") == GAME_ID and data.get("version") == 1 and "owe" in data:
        data = dict(data)
        data["klaus_owed"] = data.pop("owe")
        data["version"] = 2
    if isinstance(data, dict) and data.get("game") == GAME_ID and data.get("version") == 2 and "first_player" not in data:
        data = {**data, "first_player": 0, "version": 3}  # before the choice of who starts, seat 0 always began
    return data


def from_json(data: Any) -> State:
    """Rebuild a state from :func:`to_json`; raise ``SaveFormatError`` with a reason for anything unreadable
    or inconsistent: wrong types or ranges, a card missing or in two places, a phase that does not fit the rest."""
    d = open_envelope(upgrade(data), GAME_ID, JSON_VERSION)
    check_keys(d, FIELDS, ("format", "game", "version"))
    return guarded(lambda: _read(d))


def _read(d: dict[str, Any]) -> State:
    s = State.__new__(State)
    n = s.players = read_int(d["players"], "players", 1, 4, "the number of players")
    solo = n == 1
    s.scoring_card = read_choice(d["scoring_card"], "scoring_card", ("A", "B", "C") if solo else tuple(C.SCORING),
                                 "unknown scoring card or solo level")
    try:
        s.rng = Rng.from_json(d["rng"])
    except ValueError as exc:
        raise inconsistent("rng", str(exc)) from None
    if s.rng.to_json() != d["rng"]:
        raise inconsistent("rng", "the random generator state is not written as this app writes it")
    s.material_deck = _cards(d["material_deck"], "material_deck", "material", what="material deck")
    s.material_discard = _cards(d["material_discard"], "material_discard", "material", what="material discard")
    s.house_deck = _cards(d["house_deck"], "house_deck", "house", what="house deck")
    s.house_discard = _cards(d["house_discard"], "house_discard", "house", what="house discard")
    s.warehouse = _cards(read_list(d["warehouse"], "warehouse", 4), "warehouse", "material", empty_slots=True)
    s.house_market = _cards(read_list(d["house_market"], "house_market", 4), "house_market", "house", empty_slots=True, what="house market")
    s.hands = [_cards(h, "hands", "material" if solo else "any", what="hand") for h in read_list(d["hands"], "hands", n)]
    if any(len(h) > HAND_LIMIT for h in s.hands) and d["phase"] != "keep":
        raise inconsistent("hands", f"a hand holds more than {HAND_LIMIT} cards")
    s.market = _cells(d["market"], "market", "market")
    s.rubble = [_cards(r, "rubble", "material") for r in read_list(d["rubble"], "rubble", n, "rubble piles")]
    s.panoramas = []
    for ps in read_list(d["panoramas"], "panoramas", 2 if solo else n):
        seat_pans = [_cards(p, "panoramas", "house", what="panorama") for p in read_list(ps, "panoramas")]
        for pan in seat_pans:
            if not pan or any(C.RIGHT[a] != C.LEFT[b] for a, b in zip(pan, pan[1:])):
                raise inconsistent("panoramas", "a panorama is empty or joins houses whose symbols do not match")
        s.panoramas.append(seat_pans)
    s.combo_used = [read_bool(x, "combo_used", "a combo mark") for x in read_list(d["combo_used"], "combo_used", n, "combo marks")]
    s.seat = read_int(d["seat"], "seat", 0, n - 1, "the seat to play")
    s.phase = read_choice(d["phase"], "phase", [p for p in PHASES if p not in (("keep", "topup", "full_grid") if solo
                                                                                else ("klaus_tie",))], "unknown phase")
    s.draws_left = read_int(d["draws_left"], "draws_left", 0, HAND_LIMIT, "the draws left")
    s.placed = read_int(d["placed"], "placed", 0, 2, "the materials placed")
    s.klaus_owed = read_int(d["klaus_owed"], "klaus_owed", 0, HAND_LIMIT, "the cards Klaus is owed")
    s.resume = read_choice(d["resume"], "resume", ("", "placed1", "placed2"), "the phase to resume after a full grid")
    if s.phase == "full_grid" and not s.resume:
        raise inconsistent("resume", "the phase to resume after a full grid is unknown")
    s.final_round = read_bool(d["final_round"], "final_round", "the last-round mark")
    s.first_player = read_int(d["first_player"], "first_player", 0, n - 1, "the seat that played first")
    s.klaus_hand = _cards(d["klaus_hand"], "klaus_hand", "material", what="Klaus's hand")
    s.klaus_kept = _cards(d["klaus_kept"], "klaus_kept", "material", what="Klaus's Burruños")
    if any(C.KIND[c] != C.BURRUNO for c in s.klaus_kept) or (not solo and (s.klaus_hand or s.klaus_kept)):
        raise inconsistent("klaus_hand", "Klaus's cards do not fit the game")
    s.turn_number = read_int(d["turn_number"], "turn_number", 0, MAX_TURN_NUMBER, "the turn number")
    s.log = read_list(d["log"], "log")[:]
    if not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in s.log):
        raise inconsistent("log", "the log holds something that is not an event")
    if s.turn_number != sum(1 for e in s.log if e["type"] == "turn"):  # the log keeps every turn's start
        raise inconsistent("turn_number", "the turn number is not the count of turns in the log")
    s.pending = d["pending"]
    _check_pending(s)
    public = _cards(d["public"], "public", what="public cards")
    if public != sorted(set(public)):
        raise inconsistent("public", "the public cards must be listed once each, in order")
    holders = {c for h in s.hands for c in h} | set(s.klaus_hand)
    if not set(public) <= holders:
        raise inconsistent("public", "a card marked as seen face up is not in a hand")
    s.public = bytearray(C.NUM_CARDS)
    for c in public:
        s.public[c] = 1
    if sorted(all_cards(s)) != list(range(C.NUM_CARDS)):
        raise inconsistent("material_deck", "it does not hold each of the 93 cards exactly once")
    _check_phase(s)
    return s


def _check_pending(s: State) -> None:
    """The pending decision must be the one the phase waits for, with options the rules could offer."""
    p, ph = s.pending, s.phase
    if ph not in ("gap", "panorama", "combo", "klaus_tie"):
        if p is not None:
            raise inconsistent("pending", f"a decision is pending in phase {ph!r}")
        return
    if not isinstance(p, dict):
        raise inconsistent("pending", f"phase {ph!r} waits for a decision the save does not hold")
    options = read_list(p.get("options"), "pending", what="pending options")
    if not options:
        raise inconsistent("pending", "the pending decision has no options")
    if ph == "klaus_tie":
        reason = p.get("reason")
        keys = {"options", "reason"} | ({"resume"} if reason != "setup" else set())
        if set(p) != keys or reason not in ("setup", "hand", "overflow"):
            raise inconsistent("pending", "Klaus's tie is damaged")
        if reason != "setup":
            read_int(p["resume"], "pending", 1, 2, "the stage Klaus resumes at")
        houses = _cards(options, "pending", "house", what="tied houses")
        if len(set(houses)) != len(houses) or not set(houses) <= set(s.house_market):
            raise inconsistent("pending", "Klaus's tied houses are not in the house market")
        return
    if set(p) != _PENDING_KEYS[ph]:
        raise inconsistent("pending", f"the pending decision of phase {ph!r} is damaged")
    if ph == "gap":
        read_int(p["house"], "pending", C.NUM_MATERIALS, C.NUM_CARDS - 1, "the house being built")
        cards = sorted(s.market.values())
        for option in options:
            if sorted(_cells(option, "pending", "market arrangement").values()) != cards:
                raise inconsistent("pending", "an arrangement of the market does not hold the market's cards")
    elif ph == "panorama":
        house = read_int(p["house"], "pending", C.NUM_MATERIALS, C.NUM_CARDS - 1, "the house being built")
        read_bool(p["combo_house"], "pending", "the combo-house mark")
        if options != panorama_options(s.panoramas[s.seat], house):
            raise inconsistent("pending", "the panorama choices do not match the panoramas")
    else:
        pans = s.panoramas[s.seat]
        i = read_int(p["panorama"], "pending", 0, len(pans) - 1, "the combo's panorama") if pans else -1
        if i < 0:
            raise inconsistent("pending", "the combo has no panorama")
        pool = [h for h in s.house_market if h >= 0] if s.players == 1 else [h for h in s.hands[s.seat] if h >= C.NUM_MATERIALS]
        for option in options:
            house, end = read_list(option, "pending", 2, "a combo choice")
            if house not in pool or end not in ("left", "right") or isinstance(house, bool):
                raise inconsistent("pending", "a combo choice is not a house at hand for an end of the panorama")
            if (C.LEFT[house] != C.RIGHT[pans[i][-1]]) if end == "right" else (C.RIGHT[house] != C.LEFT[pans[i][0]]):
                raise inconsistent("pending", "a combo choice does not continue the panorama")


def _check_phase(s: State) -> None:
    """The counters must agree with the phase (what has been placed and drawn this turn)."""
    ph = s.phase
    placed_by_phase = {"start": 0, "placed1": 1, "placed2": 2, "keep": 0}
    if ph in placed_by_phase and s.placed != placed_by_phase[ph]:
        raise inconsistent("placed", f"phase {ph!r} does not match {s.placed} materials placed")
    if ph == "full_grid" and s.placed != int(s.resume[-1]):
        raise inconsistent("resume", "the full grid's resume phase does not match the materials placed")
    if (ph == "drawing") != (s.draws_left > 0):
        raise inconsistent("draws_left", "draws are owed outside the drawing phase, or none within it")
    if ph == "keep" and (s.turn_number or s.market or s.final_round):
        raise inconsistent("phase", "the set-up keep happens before the first turn")
    if ph == "start" and s.market and not fits(s.market, s.players == 1):
        raise inconsistent("market", "a turn starts with the market beyond its bound")
    if ph not in ("gap", "over") and not connected(s.market):
        raise inconsistent("market", "the market's cards are apart")
    if s.players == 1 and s.final_round:
        raise inconsistent("final_round", "the solo game has no last round")


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




def as_saved(replayed: dict[str, Any], saved: dict[str, Any]) -> dict[str, Any]:
    """The replayed position as an older version saved it: before the log kept the market's box in its place and
    build events (no event of ``saved`` has one), the replay's boxes are left out for the comparison."""
    log = saved.get("log")
    if not isinstance(log, list) or any(isinstance(e, dict) and "box" in e for e in log):
        return replayed
    return {**replayed, "log": [{k: v for k, v in e.items() if k != "box"} if isinstance(e, dict) else e
                                for e in replayed.get("log", [])]}
