"""Log lines in words, English and Spanish, for actions and events."""

from __future__ import annotations

from typing import Any

from . import cards as C
from ..core.words import lang_code, player_name

_MAT = {
    "en": {"wood": "wood", "brick": "brick", "stone": "stone", "concrete": "concrete", "vegetal": "vegetal",
           "wood/brick": "wood/brick double", "stone/concrete": "stone/concrete double", "burruno": "Burruño"},
    "es": {"wood": "madera", "brick": "ladrillo", "stone": "piedra", "concrete": "hormigón", "vegetal": "vegetal",
           "wood/brick": "doble madera/ladrillo", "stone/concrete": "doble piedra/hormigón", "burruno": "Burruño"},
}
_SRC = {
    "en": {"warehouse": "from the warehouse", "house_market": "from the house market",
           "material_deck": "from the material deck", "house_deck": "from the house deck"},
    "es": {"warehouse": "del almacén", "house_market": "del mercado de casas",
           "material_deck": "del mazo de materiales", "house_deck": "del mazo de casas"},
}


_lang = lang_code


def card_name(card: int | None, lang: str = "en") -> str:
    """A card in words: "wood", "Lighthouse (3)"; a hidden card as "a face-down card"."""
    lang = _lang(lang)
    if card is None or card < 0:
        return "una carta boca abajo" if lang == "es" else "a face-down card"
    if card < C.NUM_MATERIALS:
        return _MAT[lang][C.KIND_NAMES[C.KIND[card]]]
    h = C.HOUSES[card]
    return f"{h['name'][lang]} ({h['points']})"


def _cards(cards: list[Any], lang: str) -> str:
    if not cards:
        return "—"
    return ", ".join(card_name(c, lang) for c in cards)


def _who(p: Any, lang: str) -> str:
    if p == "klaus":
        return "Klaus"
    return player_name(p, lang)


def _line(line: dict[str, Any], lang: str) -> str:
    if lang == "es":
        return f"{'la fila' if line['axis'] == 'row' else 'la columna'} {line['index']}"
    return f"{line['axis'] if line['axis'] == 'row' else 'column'} {line['index']}"


def describe_event(e: dict[str, Any], lang: str = "en") -> str:
    """One log event in words (``lang``: "en" or "es")."""
    L = _lang(lang)
    es = L == "es"
    t = e.get("type")
    who = _who(e.get("player", 0), L)
    if t == "setup":
        if e.get("solo"):
            return f"Partida en solitario contra Klaus, nivel {e['scoring_card']}." if es else f"Solo game against Klaus, level {e['scoring_card']}."
        return f"Partida de {e['players']} con la carta de puntuación {e['scoring_card']}." if es else f"{e['players']}-player game with scoring card {e['scoring_card']}."
    if t == "deal":
        return f"{who} recibe {len(e['cards'])} cartas: {_cards(e['cards'], L)}." if es else f"{who} is dealt {len(e['cards'])} cards: {_cards(e['cards'], L)}."
    if t == "keep_houses":
        return f"{who} se queda {e['kept']} casas y devuelve {e['returned']}." if es else f"{who} keeps {e['kept']} houses and returns {e['returned']}."
    if t == "reshuffle":
        deck = ("materiales" if e["deck"] == "material" else "casas") if es else e["deck"]
        return f"Se baraja el descarte de {deck}: nuevo mazo de {e['cards']}." if es else f"The {deck} discard is shuffled into a new deck of {e['cards']}."
    if t == "reveal":
        where = _SRC[L][e["where"]].split(" ", 1)[1]
        return f"Se repone {where}: {card_name(e['card'], L)}." if es else f"Refill {where}: {card_name(e['card'], L)}."
    if t == "warehouse_redeal":
        return f"Almacén inválido, se descarta: {_cards(e['discarded'], L)}." if es else f"The warehouse is redealt; discarded: {_cards(e['discarded'], L)}."
    if t == "solo_reset":
        return "Se acaba el mazo de materiales: se descartan el almacén y el mercado de casas y se reponen." if es else "The material deck ran out: warehouse and house market are discarded and dealt anew."
    if t == "turn":
        return f"Turno {e['turn_number']}: {who}." if es else f"Turn {e['turn_number']}: {who}."
    if t == "draw":
        return f"{who} roba {card_name(e.get('card'), L)} {_SRC[L][e['source']]}." if es else f"{who} draws {card_name(e.get('card'), L)} {_SRC[L][e['source']]}."
    if t == "hand_limit":
        return f"{who} tiene 7 cartas y deja de robar ({e['forfeited']} sin robar)." if es else f"{who} holds 7 cards and stops drawing ({e['forfeited']} not drawn)."
    if t == "discard_houses":
        return f"{who} descarta {_cards(e['cards'], L)}." if es else f"{who} discards {_cards(e['cards'], L)}."
    if t == "place":
        return f"{who} coloca {card_name(e['card'], L)} en ({e['row']}, {e['col']})." if es else f"{who} places {card_name(e['card'], L)} at ({e['row']}, {e['col']})."
    if t == "build":
        return (f"{who} construye {card_name(e['house'], L)} con {_line(e['line'], L)}; descarta {_cards(e['paid'], L)}, escombros: {_cards(e['rubble'], L)}."
                if es else f"{who} builds {card_name(e['house'], L)} with {_line(e['line'], L)}; paid {_cards(e['paid'], L)}, rubble: {_cards(e['rubble'], L)}.")
    if t == "close_gap":
        return f"El mercado se junta ({len(e['moves'])} cartas se mueven)." if es else f"The market closes up ({len(e['moves'])} cards move)."
    if t == "panorama":
        sizes = ", ".join(str(len(p)) for p in e["panoramas"])
        return f"{who} coloca {card_name(e['house'], L)} en su barrio (panorámicas: {sizes})." if es else f"{who} adds {card_name(e['house'], L)} to their barrio (panoramas: {sizes})."
    if t == "combo_ready":
        return f"¡{who} consigue una construcción combinada!" if es else f"{who} triggers the combined build!"
    if t == "combo":
        return f"{who} construye gratis {card_name(e['house'], L)}." if es else f"{who} builds {card_name(e['house'], L)} for free (combo)."
    if t == "full_grid":
        return f"{who} completa la cuadrícula de 5x5." if es else f"{who} completes the 5x5 grid."
    if t == "free_build":
        return f"{who} construye gratis {card_name(e['house'], L)}." if es else f"{who} builds {card_name(e['house'], L)} for free."
    if t == "market_discarded":
        return f"Se descarta todo el mercado común ({len(e['cards'])} cartas)." if es else f"The whole common market is discarded ({len(e['cards'])} cards)."
    if t == "overflow":
        return "El mercado supera 3x5: Klaus construye y se descarta el mercado." if es else "The market is larger than 3x5: Klaus builds and the market is discarded."
    if t == "last_round":
        return f"{who} llega al límite de casas: última ronda." if es else f"{who} reached the house limit: last round."
    if t == "klaus_turn":
        return f"Turno de Klaus: roba {e['draws']}." if es else f"Klaus's turn: he draws {e['draws']}."
    if t == "klaus_draw":
        if e["source"] == "warehouse":
            return f"Klaus se lleva el Burruño del almacén (tiene {e['hand']})." if es else f"Klaus takes the Burruño from the warehouse (he holds {e['hand']})."
        return f"Klaus roba una carta boca abajo (tiene {e['hand']})." if es else f"Klaus draws a card face down (he holds {e['hand']})."
    if t == "klaus_tie":
        return f"Klaus duda entre {_cards(e['options'], L)}: tú eliges." if es else f"Klaus is torn between {_cards(e['options'], L)}: you choose."
    if t == "klaus_pick":
        return f"Klaus elige {card_name(e['house'], L)}." if es else f"Klaus picks {card_name(e['house'], L)}."
    if t == "klaus_build" and e.get("reason") == "setup":
        return f"Klaus empieza su barrio con {card_name(e['house'], L)}." if es else f"Klaus starts his barrio with {card_name(e['house'], L)}."
    if t == "klaus_build":
        return f"Klaus construye {card_name(e['house'], L)} (+{e['gain']} puntos)." if es else f"Klaus builds {card_name(e['house'], L)} (+{e['gain']} points)."
    if t == "klaus_discard":
        return f"Klaus descarta {len(e['cards'])} materiales y guarda {len(e['kept'])} Burruños." if es else f"Klaus discards {len(e['cards'])} materials and keeps {len(e['kept'])} Burruños."
    if t == "turn_end":
        return f"Fin del turno de {who}." if es else f"End of {who}'s turn."
    if t == "pass":
        return f"{who} no puede hacer nada y pasa." if es else f"{who} can do nothing and passes."
    if t == "stalemate":
        return "No quedan materiales para colocar: la partida termina." if es else "No materials are left to place: the game ends."
    if t == "game_over":
        sc = ", ".join(str(x) for x in e["scores"])
        return f"Fin de la partida. Puntos: {sc}." if es else f"Game over. Scores: {sc}."
    return str(t)


def describe_action(state: Any, a: dict[str, Any], lang: str = "en") -> str:
    """An action about to be taken, in words."""
    L = _lang(lang)
    es = L == "es"
    t = a.get("type")
    who = _who(state.seat, L)
    if t == "draw":
        what = card_name(a.get("card"), L) if "card" in a else ("una carta" if es else "a card")
        return f"{who}: robar {what} {_SRC[L][a['source']]}" if es else f"{who}: draw {what} {_SRC[L][a['source']]}"
    if t == "place":
        return f"{who}: colocar {card_name(a['card'], L)} en ({a['row']}, {a['col']})" if es else f"{who}: place {card_name(a['card'], L)} at ({a['row']}, {a['col']})"
    if t == "build":
        return f"{who}: construir {card_name(a['house'], L)} con {_line(a['line'], L)}" if es else f"{who}: build {card_name(a['house'], L)} with {_line(a['line'], L)}"
    if t == "discard_houses":
        return f"{who}: descartar {_cards(a['cards'], L)}" if es else f"{who}: discard {_cards(a['cards'], L)}"
    if t == "keep_houses":
        return f"{who}: quedarse {_cards(a['cards'], L)}" if es else f"{who}: keep {_cards(a['cards'], L)}"
    if t == "klaus_tie":
        return f"Klaus construye {card_name(a['house'], L)}" if es else f"Klaus builds {card_name(a['house'], L)}"
    if t == "close_gap":
        return f"{who}: juntar el mercado (opción {a['option'] + 1})" if es else f"{who}: close the market (option {a['option'] + 1})"
    if t == "panorama":
        ch = a["choice"]
        if ch == "new":
            return f"{who}: empezar una panorámica nueva" if es else f"{who}: start a new panorama"
        if ch == "join":
            return f"{who}: unir las panorámicas {a['left'] + 1} y {a['right'] + 1}" if es else f"{who}: join panoramas {a['left'] + 1} and {a['right'] + 1}"
        side = {"left": "izquierda", "right": "derecha"}[ch] if es else ch
        return f"{who}: añadir a la {side} de la panorámica {a['panorama'] + 1}" if es else f"{who}: add to the {side} end of panorama {a['panorama'] + 1}"
    if t == "combo":
        return f"{who}: construir gratis {card_name(a['house'], L)}" if es else f"{who}: build {card_name(a['house'], L)} for free"
    if t == "full_grid_build":
        return f"{who}: construir gratis {card_name(a['house'], L)}" if es else f"{who}: build {card_name(a['house'], L)} for free"
    if t == "skip":
        return f"{who}: renunciar" if es else f"{who}: skip"
    if t == "pass":
        return f"{who}: pasar" if es else f"{who}: pass"
    return f"{who}: {t}"
