"""Nyhavn's log lines in words, from the catalogue files (``nyhavn.log.*``, ``nyhavn.act.*``, ``nyhavn.name.*``).

Columns and rows are numbered from 1 in words (column 1 on the left, row 1 at
the bottom), as players count them; the actions and events use 0-based numbers.
"""

from __future__ import annotations

from typing import Any

from .rules import legal_actions
from .state import State, tile_orientations
from .tiles import KIND_INDEX, KIND_SIZE
from ..core.locale import text
from ..core.seat_names import lang_code, player_name



def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"nyhavn.{key}", lang, **params)


def _ability_name(name: str, lang: str = "en") -> str:
    """An ability tile's name in ``lang``."""
    return _w(f"ability.{name}", lang)


_lang = lang_code


def _who(p: int, lang: str) -> str:
    return player_name(p, lang)


def _cards(cards: dict[str, int] | list[str], lang: str) -> str:
    if isinstance(cards, list):
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        cards = counts
    parts = [_w(f"name.cards.{c}", lang, n=k) for c, k in cards.items() if k]
    if not parts:
        return _w("name.no_cards", lang)
    return _w("name.and", lang).join(parts)


def _tile(tile: str, lang: str) -> str:
    if tile == "white":
        return _w("name.white_tile", lang)
    colour = tile.rstrip("0123456789")
    return _w(f"name.tile.{colour}", lang, size=KIND_SIZE[KIND_INDEX[tile]])


def _at(col: int, row: int, lang: str) -> str:
    return _w("name.at", lang, col=col + 1, row=row + 1)


def _normal(cells: list[tuple[int, int, bool]]) -> tuple[tuple[int, int, bool], ...]:
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my, w) for x, y, w in cells))


def _turned(options: list[tuple[tuple[int, int, bool], ...]], orient: int, how: str) -> int:
    """The orientation after the table's Rotate (a quarter turn clockwise) or Flip (a mirror image)."""
    cells = options[orient]
    moved = [(y, -x, w) for x, y, w in cells] if how == "rotate" else [(-x, y, w) for x, y, w in cells]
    return options.index(_normal(moved))


def first_orientation(tile: str, legal: list[dict[str, Any]]) -> int:
    """The way the table first shows ``tile`` when it is picked: its first orientation that can be built now."""
    spots = sorted(a["orient"] for a in legal if a.get("type") == "build" and a.get("tile") == tile)
    return spots[0] if spots else 0


def turns(tile: str, start: int, orient: int) -> tuple[bool, int]:
    """``(flipped, rotations)``: the fewest taps of Flip (first) and Rotate that turn ``tile`` from ``start`` to ``orient``."""
    options = [_normal(list(o)) for o in tile_orientations(tile)]
    for flipped in (False, True):
        o = _turned(options, start, "flip") if flipped else start
        for rotations in range(4):
            if o == orient:
                return flipped, rotations
            o = _turned(options, o, "rotate")
    raise ValueError(f"orientation {orient} of {tile} is not reached from {start}")


def turns_key(tile: str, start: int, orient: int) -> str:
    """The catalogue key naming how a tile is turned, as the table's Rotate and Flip buttons do it ("rotated once")."""
    flipped, rotations = turns(tile, start, orient)
    if flipped:
        return f"nyhavn.turns.flipped_{rotations}"
    return f"nyhavn.turns.rotated_{rotations}" if rotations else "nyhavn.turns.as_shown"


def _abilities(used: list[str], lang: str) -> str:
    if not used:
        return ""
    return _w("name.using", lang, names=", ".join(_ability_name(u, lang) for u in used))


def describe_event(event: dict[str, Any], lang: str = "en") -> str:
    """One log event in words."""
    lang = _lang(lang)
    t = event.get("type")
    who = _who(event.get("player", 0), lang)

    def say(key: str, **params: Any) -> str:
        return _w(f"log.{key}", lang, who=who, **params)

    if t == "setup":
        return say("setup", n=event["players"])
    if t == "deal":
        if "cards" in event:
            return say("deal", cards=_cards(event["cards"], lang))
        return say("deal_hidden", n=event["count"])
    if t == "take":
        return say("take", cards=_cards(event["cards"], lang), docks=", ".join(str(d + 1) for d in event["docks"]),
                   using=_abilities(event["abilities"], lang))
    if t == "discard":
        return say("discard", card=_w(f"name.cards.{event['colour']}", lang, n=1))
    if t == "build":
        return say("build_adjacent" if event.get("adjacent") else "build", tile=_tile(event["tile"], lang),
                   at=_at(event["col"], event["row"], lang), paid=_cards(event["paid"], lang),
                   using=_abilities(event["abilities"], lang))
    if t == "score":
        return say(f"score_{event['line']}{'_windows' if event['windows'] else ''}", index=event["index"] + 1,
                   points=event["points"])
    if t == "arms_gained":
        return say("arms_gained", n=event["count"])
    if t == "arms":
        ch = event["choice"]
        if ch == "white":
            return say("arms_white", at=_at(event["col"], event["row"], lang))
        if ch == "ability":
            return say("arms_ability", name=_ability_name(event["ability"], lang))
        return say("arms_refresh")
    if t == "refill":
        return say("refill", dock=event["dock"] + 1, card=_w(f"name.a_card.{event['card']}", lang))
    if t in ("turn", "docks", "arms_skipped", "reshuffle", "end_card_shuffled", "end_card", "no_build", "pass"):
        return say(t)
    if t == "end":
        ws = ", ".join(str(w + 1) for w in event["winners"])
        if event["reason"] == "points":
            return say("end_points", winners=ws)
        return say("end_shared" if len(event["winners"]) > 1 else "end", winners=ws)
    return str(t)


def describe_action(state: State, action: dict[str, Any], lang: str = "en") -> str:
    """An action about to be taken, in words."""
    lang = _lang(lang)
    t = action.get("type")
    who = _who(state.seat, lang)

    def say(key: str, **params: Any) -> str:
        return _w(f"act.{key}", lang, who=who, **params)

    if t == "take":
        cards = [("blue", "yellow", "red", "green", "purple")[state.docks[d]] for d in action["docks"] if 0 <= state.docks[d] < 5]
        return say("take", cards=_cards(cards, lang), docks=", ".join(str(d + 1) for d in action["docks"]),
                   using=_abilities(list(action.get("abilities", [])), lang))
    if t == "build":
        # the way the table turns tiles: from how the tile first shows, with Flip and Rotate
        start = first_orientation(action["tile"], legal_actions(state))
        how = text(turns_key(action["tile"], start, action["orient"]), lang)
        return say("build", tile=_tile(action["tile"], lang), turns=how, at=_at(action["col"], action["row"], lang))
    if t == "pay":
        used = ["construction_discount"] if action.get("discount") else []
        return say("pay", cards=_cards(action["cards"], lang), using=_abilities(used, lang))
    if t == "discard":
        return say("discard", card=_w(f"name.a_card.{action['colour']}", lang))
    if t == "arms":
        ch = action["choice"]
        if ch == "white":
            return say("arms_white", at=_at(action["col"], action["row"], lang))
        if ch == "ability":
            return say("arms_ability", name=_ability_name(action["ability"], lang))
        return say("arms_refresh")
    if t in ("end_turn", "pass"):
        return say(t)
    return f"{who}: {t}"
