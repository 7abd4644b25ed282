"""Neue Heimat in words: log lines for actions and events, in English and Spanish."""

from __future__ import annotations

from typing import Any

from .state import State, colour_of, pips_of, row_length
from ..core.words import lang_code, player_name

_COLOURS = {
    "en": ("red", "yellow", "green", "blue", "white", "black"),
    "es": ("rojo", "amarillo", "verde", "azul", "blanco", "negro"),
}
_ROWS = {"en": ("top row", "middle row", "bottom row"), "es": ("fila superior", "fila central", "fila inferior")}
_REASONS = {
    "en": {"two_rows": "two rows are complete", "no_roofs": "all numbered roofs are used",
           "all_built": "every cube is built and roofed", "no_pieces": "no piece is left to auction"},
    "es": {"two_rows": "hay dos filas completas", "no_roofs": "se han usado todos los tejados numerados",
           "all_built": "todos los cubos están construidos y techados", "no_pieces": "no queda ninguna pieza que subastar"},
}


_lang = lang_code


def _who(p: int, lang: str) -> str:
    return player_name(p, lang)


def _piece(piece: dict[str, Any] | None, lang: str) -> str:
    """A piece in words: "the red 5", "roof 3", "permit II", "the mayor", "the cancel cube"."""
    es = lang == "es"
    if not piece:
        return "?"
    kind = piece["kind"]
    if kind == "cube":
        return f"{'el cubo' if es else 'the'} {_COLOURS[lang][piece['colour']]} {piece['pips']}"
    if kind == "roof":
        if piece["value"] == 0:
            return "un tejado en blanco" if es else "a blank roof"
        return f"{'el tejado' if es else 'roof'} {piece['value']}"
    if kind == "permit":
        return f"{'el permiso' if es else 'permit'} {'I' * piece['size']}"
    if kind == "mayor":
        return "el alcalde" if es else "the mayor"
    return "el cubo de anulación" if es else "the cancel cube"


def _lot(row: int, lot: int, lang: str) -> str:
    return f"{'solar' if lang == 'es' else 'lot'} {lot + 1} {'de la' if lang == 'es' else 'of the'} {_ROWS[lang][row]}"


def describe_event(event: dict[str, Any], lang: str = "en") -> str:
    """A log line for one event of ``view(...)["log"]``."""
    L = _lang(lang)
    es = L == "es"
    t = event.get("type")
    who = _who(event["player"], L) if isinstance(event.get("player"), int) and event["player"] >= 0 else ""
    if t == "round_start":
        return (f"Empieza la ronda {event['round']}; subasta primero el {_who(event['start'], L)}." if es
                else f"Round {event['round']} begins; {_who(event['start'], L)} auctions first.")
    if t == "illegal_profit":
        return (f"{who} mete 1 millón en su caja de ganancias ilegales ({event['cash']})." if es
                else f"{who} puts 1 million into the illegal-profits cash box ({event['cash']}).")
    if t == "auction":
        return f"{who} {'subasta' if es else 'auctions'} {_piece(event['piece'], L)}."
    if t == "roof_revealed":
        return f"{who} {'da la vuelta a' if es else 'turns up'} {_piece({'kind': 'roof', 'value': event['roof']}, L)}."
    if t == "roof_discarded":
        return ("El tejado en blanco se descarta y el turno termina." if es
                else "The blank roof is discarded and the turn ends.")
    if t == "bid":
        return f"{who} {'puja' if es else 'bids'} {event['amount']} {'millones' if es else 'million'}."
    if t == "pass":
        forced = event.get("forced")
        return (f"{who} pasa{' (no puede pujar más)' if forced else ''}." if es
                else f"{who} passes{' (cannot outbid)' if forced else ''}.")
    if t == "sell":
        return (f"{who} vende al {_who(event['to'], L)} por {event['amount']} millones." if es
                else f"{who} sells to {_who(event['to'], L)} for {event['amount']} million.")
    if t == "buy":
        return (f"{who} se lo queda y paga {event['amount']} millones al {_who(event['from'], L)}." if es
                else f"{who} buys it, paying {event['amount']} million to {_who(event['from'], L)}.")
    if t == "free":
        return (f"Nadie puja: {who} se queda {_piece(event['piece'], L)} gratis." if es
                else f"Nobody bids: {who} takes {_piece(event['piece'], L)} for free.")
    if t == "place":
        return f"{who} {'coloca' if es else 'places'} {_piece(event['piece'], L)} {'en el' if es else 'on'} {_lot(event['row'], event['lot'], L)}."
    if t == "marker":
        return (f"{who} toma el marcador {_COLOURS[L][event['colour']]}." if es
                else f"{who} takes the {_COLOURS[L][event['colour']]} colour marker.")
    if t == "mayor":
        return (f"{who} pone al alcalde delante de la {_ROWS[L][event['row']]}." if es
                else f"{who} puts the mayor in front of the {_ROWS[L][event['row']]}.")
    if t == "permit":
        verb = ("alarga" if event["change"] > 0 else "acorta") if es else ("lengthens" if event["change"] > 0 else "shortens")
        return (f"{who} {verb} la {_ROWS[L][event['row']]} en {abs(event['change'])} (ahora {event['length']} solares)." if es
                else f"{who} {verb} the {_ROWS[L][event['row']]} by {abs(event['change'])} (now {event['length']} lots).")
    if t == "cancel":
        return (f"{who} anula el permiso {'I' * abs(event['change'])} de la {_ROWS[L][event['row']]} (ahora {event['length']} solares)." if es
                else f"{who} cancels permit {'I' * abs(event['change'])} on the {_ROWS[L][event['row']]} (now {event['length']} lots).")
    if t == "discard":
        return f"{who} {'descarta' if es else 'discards'} {_piece(event['piece'], L)}."
    if t == "round_end":
        return f"{'Fin de la ronda' if es else 'Round'} {event['round']}{'' if es else ' ends'}: {_REASONS[L].get(event['reason'], event['reason'])}."
    if t == "house_score":
        owner = _who(event["owner"], L) if event["owner"] >= 0 else ("nadie" if es else "nobody")
        mayor = (" (doble por el alcalde)" if es else " (doubled by the mayor)") if event.get("mayor") else ""
        return (f"La casa del {_lot(event['row'], event['lot'], L)} da {event['points']} puntos al {owner}{mayor}." if es
                else f"The house on {_lot(event['row'], event['lot'], L)} scores {event['points']} for {owner}{mayor}.")
    if t == "cash_score":
        return (f"{who} suma {event['points']} de su caja." if es else f"{who} scores {event['points']} from the cash box.")
    if t == "round_scores":
        pts = ", ".join(f"{_who(p, L)}: {x}" for p, x in enumerate(event["scores"]))
        won = ", ".join(_who(p, L) for p in event["winners"])
        return (f"Ronda {event['round']}: {pts}. Gana {won}." if es else f"Round {event['round']}: {pts}. Won by {won}.")
    if t == "game_over":
        won = ", ".join(_who(p, L) for p in event["winners"])
        why = event.get("reason") == "two_round_wins"
        return (f"Fin de la partida{' (dos rondas ganadas)' if why else ''}: gana {won}." if es
                else f"Game over{' (two rounds won)' if why else ''}: {won} wins.")
    return str(t)


def describe_action(state: State, action: dict[str, Any], lang: str = "en") -> str:
    """A log line for ``action`` about to be taken in ``state`` (a malformed one is named by its type)."""
    try:
        return _describe_action(state, action, _lang(lang))
    except (KeyError, IndexError, TypeError, ValueError):
        return str(action.get("type") if isinstance(action, dict) else action)


def _describe_action(state: State, action: dict[str, Any], L: str) -> str:
    es = L == "es"
    t = action.get("type") if isinstance(action, dict) else None
    if t == "profits":
        if action.get("take"):
            return "Meter 1 millón en la caja de ganancias ilegales" if es else "Put 1 million into the illegal-profits cash box"
        return "Sin ganancias ilegales este turno" if es else "No illegal profits this turn"
    if t == "auction":
        what = action.get("piece")
        if what == "cube":
            row = state.display[action["row"]]
            cube = row[0] if action.get("end") == "left" else row[-1]
            p = {"kind": "cube", "colour": colour_of(cube), "pips": pips_of(cube)}
        elif what == "roof":
            return "Dar la vuelta a un tejado y subastarlo" if es else "Turn up a roof and auction it"
        elif what == "permit":
            p = {"kind": "permit", "size": action.get("size", 1)}
        else:
            p = {"kind": str(what)}
        return f"{'Subastar' if es else 'Auction'} {_piece(p, L)}"
    if t == "bid":
        return f"{'Pujar' if es else 'Bid'} {action.get('amount')} {'millones' if es else 'million'}"
    if t == "pass":
        return "Pasar" if es else "Pass"
    if t == "sell":
        return (f"Vender al {_who(state.high_bidder, L)} por {state.high_bid} millones" if es
                else f"Sell to {_who(state.high_bidder, L)} for {state.high_bid} million")
    if t == "buy":
        return (f"Quedárselo pagando {state.high_bid} millones" if es else f"Buy it for {state.high_bid} million")
    if t == "place":
        r, i = action.get("row", 0), action.get("lot", 0)
        new = 0 <= r < 3 and i >= len(state.board[r])
        if state.piece and state.piece[0] == "roof":
            return f"{'Techar la casa del' if es else 'Roof the house on'} {_lot(r, i, L)}"
        if new:
            return f"{'Nueva casa en el' if es else 'New house on'} {_lot(r, i, L)}"
        return f"{'Apilar sobre la casa del' if es else 'Stack on the house on'} {_lot(r, i, L)}"
    if t == "mayor":
        return (f"Alcalde delante de la {_ROWS[L][action['row']]}" if es else f"Mayor in front of the {_ROWS[L][action['row']]}")
    if t == "permit":
        r, c = action["row"], action["change"]
        new = row_length(state, r) + c
        if es:
            return f"{'Alargar' if c > 0 else 'Acortar'} la {_ROWS[L][r]} en {abs(c)} (a {new})"
        return f"{'Lengthen' if c > 0 else 'Shorten'} the {_ROWS[L][r]} by {abs(c)} (to {new})"
    if t == "cancel":
        r, c = action["row"], action["change"]
        return (f"Anular el permiso {'I' * abs(c)} de la {_ROWS[L][r]}" if es
                else f"Cancel permit {'I' * abs(c)} on the {_ROWS[L][r]}")
    if t == "discard":
        return "Descartar la pieza" if es else "Discard the piece"
    return str(t)
