"""Log lines in words for actions and events, from the catalogue files.

Every line is a template of ``game/locale/<lang>.json``: ``barrio.log.<event>`` for
events, ``barrio.act.<action>`` for actions, ``barrio.name.*`` for cards and sources.
"""

from __future__ import annotations

from typing import Any, Sequence

from . import cards as C
from .market import market_box
from ..core.locale import text
from ..core.seat_names import lang_code, player_name

_lang = lang_code


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"barrio.{key}", lang, **params)


def house_name(card: int, lang: str = "en") -> str:
    """A house's name: "Lighthouse", "Faro", "Phare"."""
    return _w(f"name.house.{card}", _lang(lang))


def material_name(kind: str, lang: str = "en") -> str:
    """A material kind (``cards.KIND_NAMES``: "wood", "wood/brick", "burruno"…) in words."""
    return _w(f"name.mat.{kind.replace('/', '_')}", _lang(lang))


def card_name(card: int | None, lang: str = "en") -> str:
    """A card in words: "wood", "Lighthouse (3)"; a hidden card as "a face-down card"."""
    lang = _lang(lang)
    if card is None or card < 0:
        return _w("name.face_down", lang)
    if card < C.NUM_MATERIALS:
        return material_name(C.KIND_NAMES[C.KIND[card]], lang)
    return f"{house_name(card, lang)} ({C.HOUSES[card]['points']})"


def _cards(cards: list[Any], lang: str) -> str:
    if not cards:
        return "—"
    return ", ".join(card_name(c, lang) for c in cards)


def _who(p: Any, lang: str) -> str:
    if p == "klaus":
        return "Klaus"
    return player_name(p, lang)


def _line(line: dict[str, Any], lang: str, box: tuple[int, int, int, int] | None = None) -> str:
    """A market line; with the market's ``box``, numbered from 1 at its top-left card as the table shows it."""
    row = line["axis"] == "row"
    n = line["index"] - (box[0 if row else 1] - 1 if box else 0)
    return _w(f"name.{'row' if row else 'column'}", lang, n=n)


def place_where(market_box: Sequence[int] | None, row: int, col: int) -> tuple[str, dict[str, int]]:
    """Where a card goes, as the table shows the market: ``(kind, numbers)`` for the ``coach.barrio.where.<kind>`` texts.

    Rows and columns are numbered from 1 at the market's top-left card (the engine's coordinates grow in every
    direction and mean nothing to a player); a place beside the market is "left of row 2", "above column 3"…
    ``market_box`` is the view's ``(top, left, bottom, right)`` before the card is placed (``None``: empty market).
    """
    if market_box is None:
        return "first", {}
    top, left, bottom, right = market_box
    r, c = row - top + 1, col - left + 1
    if col < left:
        return "left", {"row": r}
    if col > right:
        return "right", {"row": r}
    if row < top:
        return "above", {"col": c}
    if row > bottom:
        return "below", {"col": c}
    return "cell", {"row": r, "col": c}


def _source(source: str, lang: str) -> str:
    return _w(f"name.from.{source}", lang)


def describe_event(e: dict[str, Any], lang: str = "en") -> str:
    """One log event in words."""
    L = _lang(lang)
    t = e.get("type")
    who = _who(e.get("player", 0), L)

    def say(key: str, **params: Any) -> str:
        return _w(f"log.{key}", L, who=who, **params)

    if t == "setup":
        if e.get("solo"):
            return say("setup_solo", level=e["scoring_card"])
        return say("setup", players=e["players"], card=e["scoring_card"])
    if t == "deal":
        return say("deal", n=len(e["cards"]), cards=_cards(e["cards"], L))
    if t == "keep_houses":
        return say("keep_houses", kept=e["kept"], returned=e["returned"])
    if t == "reshuffle":
        return say("reshuffle_material" if e["deck"] == "material" else "reshuffle_house", n=e["cards"])
    if t == "reveal":
        return say(f"reveal.{e['where']}", card=card_name(e["card"], L))
    if t == "warehouse_redeal":
        return say("warehouse_redeal", cards=_cards(e["discarded"], L))
    if t in ("solo_reset", "overflow", "stalemate", "combo_ready", "full_grid", "turn_end", "pass"):
        return say(t)
    if t == "turn":
        return say("turn", n=e["turn_number"])
    if t == "draw":
        return say("draw", card=card_name(e.get("card"), L), source=_source(e["source"], L))
    if t == "hand_limit":
        return say("hand_limit", n=e["forfeited"])
    if t == "discard_houses":
        return say("discard_houses", cards=_cards(e["cards"], L))
    if t == "place":
        return say("place", card=card_name(e["card"], L), row=e["row"], col=e["col"])
    if t == "build":
        return say("build", house=card_name(e["house"], L), line=_line(e["line"], L),
                   paid=_cards(e["paid"], L), rubble=_cards(e["rubble"], L))
    if t == "close_gap":
        return say("close_gap", n=len(e["moves"]))
    if t == "panorama":
        return say("panorama", house=card_name(e["house"], L), sizes=", ".join(str(len(p)) for p in e["panoramas"]))
    if t in ("combo", "free_build"):
        return say(t, house=card_name(e["house"], L))
    if t == "market_discarded":
        return say("market_discarded", n=len(e["cards"]))
    if t == "last_round":
        return say("last_round")
    if t == "klaus_turn":
        return say("klaus_turn", n=e["draws"])
    if t == "klaus_draw":
        return say("klaus_draw_burruno" if e["source"] == "warehouse" else "klaus_draw", n=e["hand"])
    if t == "klaus_tie":
        return say("klaus_tie", cards=_cards(e["options"], L))
    if t == "klaus_pick":
        return say("klaus_pick", house=card_name(e["house"], L))
    if t == "klaus_build" and e.get("reason") == "setup":
        return say("klaus_start", house=card_name(e["house"], L))
    if t == "klaus_build":
        return say("klaus_build", house=card_name(e["house"], L), gain=e["gain"])
    if t == "klaus_discard":
        return say("klaus_discard", n=len(e["cards"]), kept=len(e["kept"]))
    if t == "game_over":
        return say("game_over", scores=", ".join(str(x) for x in e["scores"]))
    return str(t)


def describe_action(state: Any, a: dict[str, Any], lang: str = "en") -> str:
    """An action about to be taken, in words."""
    L = _lang(lang)
    t = a.get("type")
    who = _who(state.seat, L)

    def say(key: str, **params: Any) -> str:
        return _w(f"act.{key}", L, who=who, **params)

    if t == "draw":
        what = card_name(a.get("card"), L) if "card" in a else _w("name.a_card", L)
        return say("draw", card=what, source=_source(a["source"], L))
    if t == "place":
        kind, numbers = place_where(market_box(state.market), a["row"], a["col"])
        where = text(f"coach.barrio.where.{kind}", L, **numbers)
        return say("place", card=card_name(a["card"], L), where=where)
    if t == "build":
        return say("build", house=card_name(a["house"], L), line=_line(a["line"], L, market_box(state.market)))
    if t in ("discard_houses", "keep_houses"):
        return say(t, cards=_cards(a["cards"], L))
    if t == "klaus_tie":
        return say("klaus_tie", house=card_name(a["house"], L))
    if t == "close_gap":
        return say("close_gap", n=a["option"] + 1)
    if t == "panorama":
        ch = a["choice"]
        if ch == "new":
            return say("panorama_new")
        if ch == "join":
            return say("panorama_join", left=a["left"] + 1, right=a["right"] + 1)
        return say(f"panorama_{ch}", n=a["panorama"] + 1)
    if t in ("combo", "full_grid_build"):
        return say("free_build", house=card_name(a["house"], L))
    if t in ("skip", "pass"):
        return say(t)
    return f"{who}: {t}"
