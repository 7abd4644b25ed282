"""Nyhavn's log lines in words, English and Spanish.

Columns and rows are numbered from 1 in words (column 1 on the left, row 1 at
the bottom), as players count them; the actions and events use 0-based numbers.
"""

from __future__ import annotations

from typing import Any

from .state import State
from .tiles import KIND_INDEX, KIND_SIZE
from ..core.words import lang_code, player_name

_ABILITY_NAMES = {
    "en": {"any_cards": "Any Cards", "additional_card": "Additional Card", "construction_discount": "Construction Discount",
           "change_of_colours": "Change of Colours", "both_actions": "Both Actions"},
    "es": {"any_cards": "Dos cartas cualesquiera", "additional_card": "Carta adicional",
           "construction_discount": "Descuento en la construcción", "change_of_colours": "Cambio de color",
           "both_actions": "Ambas acciones"},
}


def _ability_name(name: str, lang: str = "en") -> str:
    """An ability tile's name in ``lang``."""
    return _ABILITY_NAMES.get(lang, _ABILITY_NAMES["en"]).get(name, name)

_COLOUR = {
    "en": {"blue": "blue", "yellow": "yellow", "red": "red", "green": "green", "purple": "purple", "white": "white"},
    "es": {"blue": "azul", "yellow": "amarilla", "red": "roja", "green": "verde", "purple": "lila", "white": "blanca"},
}
_COLOUR_PL_ES = {"blue": "azules", "yellow": "amarillas", "red": "rojas", "green": "verdes", "purple": "lilas", "white": "blancas"}


_lang = lang_code


def _who(p: int, lang: str) -> str:
    return player_name(p, lang)


def _cards(cards: dict[str, int] | list[str], lang: str) -> str:
    if isinstance(cards, list):
        counts: dict[str, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        cards = counts
    parts = []
    for c, k in cards.items():
        if not k:
            continue
        if lang == "es":
            parts.append(f"{k} {'carta' if k == 1 else 'cartas'} {_COLOUR['es'][c] if k == 1 else _COLOUR_PL_ES[c]}")
        else:
            parts.append(f"{k} {c} card{'s' if k != 1 else ''}")
    if not parts:
        return "no cards" if lang == "en" else "ninguna carta"
    return (" and " if lang == "en" else " y ").join(parts)


def _tile(tile: str, lang: str) -> str:
    if tile == "white":
        return "a white tile" if lang == "en" else "una loseta blanca"
    colour = tile.rstrip("0123456789")
    size = KIND_SIZE[KIND_INDEX[tile]]
    if lang == "es":
        return f"una loseta {_COLOUR['es'][colour]} de {size}"
    return f"a {colour} size-{size} tile"


def _at(col: int, row: int, lang: str) -> str:
    return f"at column {col + 1}, row {row + 1}" if lang == "en" else f"en la columna {col + 1}, fila {row + 1}"


def _abilities(used: list[str], lang: str) -> str:
    if not used:
        return ""
    names = ", ".join(_ability_name(u, lang) for u in used)
    return f" (using {names})" if lang == "en" else f" (usando {names})"


def describe_event(event: dict[str, Any], lang: str = "en") -> str:
    """One log event in words."""
    lang = _lang(lang)
    en = lang == "en"
    t = event.get("type")
    p = event.get("player", 0)
    who = _who(p, lang)
    if t == "setup":
        return f"A game for {event['players']} players begins." if en else f"Empieza una partida de {event['players']} jugadores."
    if t == "docks":
        return "The seven docks are filled." if en else "Se llenan los siete muelles."
    if t == "deal":
        if "cards" in event:
            return f"{who} is dealt {_cards(event['cards'], lang)}." if en else f"{who} recibe {_cards(event['cards'], lang)}."
        k = event["count"]
        return f"{who} is dealt {k} cards." if en else f"{who} recibe {k} cartas."
    if t == "turn":
        return f"{who}'s turn." if en else f"Turno del {who}."
    if t == "take":
        docks = ", ".join(str(d + 1) for d in event["docks"])
        if en:
            return f"{who} takes {_cards(event['cards'], lang)} from docks {docks}{_abilities(event['abilities'], lang)}."
        return f"{who} toma {_cards(event['cards'], lang)} de los muelles {docks}{_abilities(event['abilities'], lang)}."
    if t == "discard":
        return f"{who} discards 1 {event['colour']} card." if en else f"{who} descarta 1 carta {_COLOUR['es'][event['colour']]}."
    if t == "build":
        paid = _cards(event["paid"], lang)
        extra = ""
        if event.get("adjacent"):
            extra = " next to the same colour" if en else " junto al mismo color"
        if en:
            return f"{who} builds {_tile(event['tile'], lang)} {_at(event['col'], event['row'], lang)}{extra}, paying {paid}{_abilities(event['abilities'], lang)}."
        return f"{who} construye {_tile(event['tile'], lang)} {_at(event['col'], event['row'], lang)}{extra}, pagando {paid}{_abilities(event['abilities'], lang)}."
    if t == "score":
        i = event["index"] + 1
        pts = event["points"]
        if en:
            line = f"row {i}" if event["line"] == "row" else f"column {i}"
            bonus = ", all windows" if event["windows"] else ""
            return f"{who} completes {line}{bonus}: {pts} point{'s' if pts != 1 else ''}."
        line = f"la fila {i}" if event["line"] == "row" else f"la columna {i}"
        bonus = ", todo ventanas" if event["windows"] else ""
        return f"{who} completa {line}{bonus}: {pts} punto{'s' if pts != 1 else ''}."
    if t == "arms_gained":
        k = event["count"]
        return (f"{who} earns {k} coat-of-arms action{'s' if k != 1 else ''}." if en
                else f"{who} gana {k} {'acción' if k == 1 else 'acciones'} de blasón.")
    if t == "arms_skipped":
        return (f"{who} has no coat-of-arms action that would change anything; skipped." if en
                else f"{who} no tiene ninguna acción de blasón útil; se omite.")
    if t == "arms":
        ch = event["choice"]
        if ch == "white":
            return f"{who} places a white tile {_at(event['col'], event['row'], lang)}." if en else \
                f"{who} coloca una loseta blanca {_at(event['col'], event['row'], lang)}."
        if ch == "ability":
            name = _ability_name(event["ability"], lang)
            return f"{who} takes the {name} ability tile." if en else f"{who} toma la ficha de habilidad {name}."
        return f"{who} turns all used ability tiles back to active." if en else f"{who} reactiva sus fichas de habilidad usadas."
    if t == "refill":
        c = event["card"]
        return f"Dock {event['dock'] + 1} is refilled with a {c} card." if en else \
            f"El muelle {event['dock'] + 1} se rellena con una carta {_COLOUR['es'][c]}."
    if t == "reshuffle":
        return "The discard pile is shuffled into a new supply." if en else "Se baraja el descarte como nuevo mazo."
    if t == "end_card_shuffled":
        return "The end-of-game card is shuffled into the bottom of the supply." if en else \
            "La carta de fin de partida se mezcla al fondo del mazo."
    if t == "end_card":
        return "The end-of-game card is revealed!" if en else "¡Aparece la carta de fin de partida!"
    if t == "no_build":
        return f"{who} does not build this turn." if en else f"{who} no construye este turno."
    if t == "pass":
        return f"{who} can do nothing and passes." if en else f"{who} no puede hacer nada y pasa."
    if t == "end":
        ws = ", ".join(str(w + 1) for w in event["winners"])
        if event["reason"] == "points":
            return f"Player {ws} reaches 12 points and wins!" if en else f"¡El jugador {ws} llega a 12 puntos y gana!"
        if len(event["winners"]) > 1:
            return f"The game ends; players {ws} share the win." if en else f"Fin de la partida; los jugadores {ws} comparten la victoria."
        return f"The game ends; player {ws} wins." if en else f"Fin de la partida; gana el jugador {ws}."
    return str(t)


def describe_action(state: State, action: dict[str, Any], lang: str = "en") -> str:
    """An action about to be taken, in words."""
    lang = _lang(lang)
    en = lang == "en"
    t = action.get("type")
    who = _who(state.seat, lang)
    if t == "take":
        docks = ", ".join(str(d + 1) for d in action["docks"])
        cards = [("blue", "yellow", "red", "green", "purple")[state.docks[d]] for d in action["docks"] if 0 <= state.docks[d] < 5]
        used = list(action.get("abilities", []))
        if en:
            return f"{who}: take {_cards(cards, lang)} from docks {docks}{_abilities(used, lang)}."
        return f"{who}: tomar {_cards(cards, lang)} de los muelles {docks}{_abilities(used, lang)}."
    if t == "build":
        o = action["orient"] + 1
        if en:
            return f"{who}: build {_tile(action['tile'], lang)} (orientation {o}) {_at(action['col'], action['row'], lang)}."
        return f"{who}: construir {_tile(action['tile'], lang)} (orientación {o}) {_at(action['col'], action['row'], lang)}."
    if t == "pay":
        used = ["construction_discount"] if action.get("discount") else []
        if en:
            return f"{who}: pay {_cards(action['cards'], lang)}{_abilities(used, lang)}."
        return f"{who}: pagar {_cards(action['cards'], lang)}{_abilities(used, lang)}."
    if t == "discard":
        c = action["colour"]
        return f"{who}: discard a {c} card." if en else f"{who}: descartar una carta {_COLOUR['es'].get(c, c)}."
    if t == "arms":
        ch = action["choice"]
        if ch == "white":
            return f"{who}: place a white tile {_at(action['col'], action['row'], lang)}." if en else \
                f"{who}: colocar una loseta blanca {_at(action['col'], action['row'], lang)}."
        if ch == "ability":
            name = _ability_name(action["ability"], lang)
            return f"{who}: take the {name} ability tile." if en else f"{who}: tomar la ficha de habilidad {name}."
        return f"{who}: turn used ability tiles back to active." if en else f"{who}: reactivar las fichas de habilidad usadas."
    if t == "end_turn":
        return f"{who}: end the turn without building." if en else f"{who}: terminar el turno sin construir."
    if t == "pass":
        return f"{who}: pass." if en else f"{who}: pasar."
    return f"{who}: {t}"
