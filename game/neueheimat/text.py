"""Neue Heimat in words: log lines for actions and events, from the catalogue files.

Every line is a template of ``game/locale/<lang>.json``: ``neueheimat.log.<event>`` for
events, ``neueheimat.act.<action>`` for actions, ``neueheimat.name.*`` for pieces, rows and colours.
"""

from __future__ import annotations

from typing import Any

from .state import State, colour_of, pips_of, row_length
from ..core.locale import text
from ..core.seat_names import lang_code, player_name

_lang = lang_code


def _w(key: str, lang: str, **params: Any) -> str:
    return text(f"neueheimat.{key}", lang, **params)


def _who(p: int, lang: str) -> str:
    return player_name(p, lang)


def _colour(colour: int, lang: str) -> str:
    return _w(f"name.colour.{colour}", lang)


def _row(row: int, lang: str) -> str:
    return _w(f"name.row.{row}", lang)


def _piece(piece: dict[str, Any] | None, lang: str) -> str:
    """A piece in words: "the red 5", "roof 3", "permit II", "the mayor", "the cancel cube"."""
    if not piece:
        return "?"
    kind = piece["kind"]
    if kind == "cube":
        return _w("name.piece.cube", lang, colour=_colour(piece["colour"], lang), pips=piece["pips"])
    if kind == "roof":
        return _w("name.piece.roof", lang, value=piece["value"]) if piece["value"] else _w("name.piece.blank", lang)
    if kind == "permit":
        return _w("name.piece.permit", lang, size="I" * piece["size"])
    return _w("name.piece.mayor" if kind == "mayor" else "name.piece.cancel", lang)


def _lot(row: int, lot: int, lang: str) -> str:
    return _w("name.lot", lang, lot=lot + 1, row=_row(row, lang))


def _seats(seats: list[int], lang: str) -> str:
    return ", ".join(_who(p, lang) for p in seats)


def describe_event(event: dict[str, Any], lang: str = "en") -> str:
    """A log line for one event of ``view(...)["log"]``."""
    L = _lang(lang)
    t = event.get("type")
    who = _who(event["player"], L) if isinstance(event.get("player"), int) and event["player"] >= 0 else ""

    def say(key: str, **params: Any) -> str:
        return _w(f"log.{key}", L, who=who, **params)

    if t == "round_start":
        return say("round_start", round=event["round"], first=_who(event["start"], L))
    if t == "illegal_profit":
        return say("illegal_profit", cash=event["cash"])
    if t in ("auction", "free", "discard"):
        return say(t, piece=_piece(event["piece"], L))
    if t == "roof_revealed":
        return say("roof_revealed", piece=_piece({"kind": "roof", "value": event["roof"]}, L))
    if t == "roof_discarded":
        return say("roof_discarded")
    if t == "bid":
        return say("bid", amount=event["amount"])
    if t == "pass":
        return say("pass_forced" if event.get("forced") else "pass")
    if t == "sell":
        return say("sell", buyer=_who(event["to"], L), amount=event["amount"])
    if t == "buy":
        return say("buy", seller=_who(event["from"], L), amount=event["amount"])
    if t == "place":
        return say("place", piece=_piece(event["piece"], L), lot=_lot(event["row"], event["lot"], L))
    if t == "marker":
        return say("marker", colour=_colour(event["colour"], L))
    if t == "mayor":
        return say("mayor", row=_row(event["row"], L))
    if t == "permit":
        return say("lengthen" if event["change"] > 0 else "shorten", row=_row(event["row"], L),
                   n=abs(event["change"]), length=text("count.lots", L, count=event["length"]))
    if t == "cancel":
        return say("cancel", size="I" * abs(event["change"]), row=_row(event["row"], L), length=text("count.lots", L, count=event["length"]))
    if t == "round_end":
        reason = event["reason"]
        words = _w(f"name.reason.{reason}", L)
        return say("round_end", round=event["round"], reason=reason if words.startswith("neueheimat.") else words)
    if t == "house_score":
        mayor = _w("name.doubled", L) if event.get("mayor") else ""
        lot = _lot(event["row"], event["lot"], L)
        if event["owner"] >= 0:
            return say("house_score", lot=lot, points=event["points"], owner=_who(event["owner"], L), mayor=mayor)
        return say("house_score_nobody", lot=lot, points=event["points"], mayor=mayor)
    if t == "cash_score":
        return say("cash_score", points=event["points"])
    if t == "round_scores":
        scores = ", ".join(_w("name.seat_score", L, who=_who(p, L), points=x) for p, x in enumerate(event["scores"]))
        return say("round_scores", round=event["round"], scores=scores, winners=_seats(event["winners"], L))
    if t == "game_over":
        two = event.get("reason") == "two_round_wins"
        return say("game_over_two_rounds" if two else "game_over", winners=_seats(event["winners"], L))
    return str(t)


def describe_action(state: State, action: dict[str, Any], lang: str = "en") -> str:
    """A log line for ``action`` about to be taken in ``state`` (a malformed one is named by its type)."""
    try:
        return _describe_action(state, action, _lang(lang))
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action.get("type") if isinstance(action, dict) else action)


def _describe_action(state: State, action: dict[str, Any], L: str) -> str:
    t = action.get("type") if isinstance(action, dict) else None

    def say(key: str, **params: Any) -> str:
        return _w(f"act.{key}", L, **params)

    if t == "profits":
        return say("profits_take" if action.get("take") else "profits_skip")
    if t == "auction":
        what = action.get("piece")
        if what == "cube":
            row = state.display[action["row"]]
            cube = row[0] if action.get("end") == "left" else row[-1]
            piece = {"kind": "cube", "colour": colour_of(cube), "pips": pips_of(cube)}
        elif what == "roof":
            return say("auction_roof")
        elif what == "permit":
            piece = {"kind": "permit", "size": action.get("size", 1)}
        else:
            piece = {"kind": str(what)}
        return say("auction", piece=_piece(piece, L))
    if t == "bid":
        return say("bid", amount=action.get("amount"))
    if t == "pass":
        return say("pass")
    if t == "sell":
        return say("sell", buyer=_who(state.high_bidder, L), amount=state.high_bid)
    if t == "buy":
        return say("buy", amount=state.high_bid)
    if t == "place":
        r, i = action.get("row", 0), action.get("lot", 0)
        new = 0 <= r < 3 and i >= len(state.board[r])
        if state.piece and state.piece[0] == "roof":
            return say("roof", lot=_lot(r, i, L))
        return say("new_house" if new else "stack", lot=_lot(r, i, L))
    if t == "mayor":
        return say("mayor", row=_row(action["row"], L))
    if t == "permit":
        r, c = action["row"], action["change"]
        return say("lengthen" if c > 0 else "shorten", row=_row(r, L), n=abs(c), length=row_length(state, r) + c)
    if t == "cancel":
        r, c = action["row"], action["change"]
        return say("cancel", size="I" * abs(c), row=_row(r, L))
    if t == "discard":
        return say("discard")
    return str(t)
