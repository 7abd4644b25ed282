"""Nyhavn's words on screen (English and Spanish): labels, hints and the rules, written for this app.

Pure data (no ``js``); :mod:`.screen` registers :data:`STRINGS` with
:mod:`game.ui.i18n` and shows :func:`rules_sections` in a collapsible panel.
"""

from __future__ import annotations

#: two-letter marks of the ability tiles on small badges
ABILITY_SHORT = {"any_cards": "AC", "additional_card": "+1", "construction_discount": "−1", "change_of_colours": "CC",
                 "both_actions": "A+B"}

#: one line per ability, shown when its tile is tapped
ABILITY_HELP = {
    "en": {
        "any_cards": "when taking cards, take any two docks, not only neighbours.",
        "additional_card": "when taking cards, take a third card from any dock.",
        "construction_discount": "when building, pay one card less.",
        "change_of_colours": "when building, pay with cards of one other colour as if they were the tile's colour.",
        "both_actions": "take cards and then build in the same turn.",
    },
    "es": {
        "any_cards": "al coger cartas, elige dos muelles cualesquiera, no solo vecinos.",
        "additional_card": "al coger cartas, coge una tercera carta de cualquier muelle.",
        "construction_discount": "al construir, paga una carta menos.",
        "change_of_colours": "al construir, paga con cartas de otro color como si fueran del color de la loseta.",
        "both_actions": "coge cartas y luego construye en el mismo turno.",
    },
}

STRINGS = {
    "en": {
        "ny.table": "Nyhavn table",
        "ny.rules": "How to play Nyhavn",
        "ny.colour.blue": "blue", "ny.colour.yellow": "yellow", "ny.colour.red": "red", "ny.colour.green": "green",
        "ny.colour.purple": "purple", "ny.colour.white": "white",
        "ny.tile": "{colour} tile of {size}",
        "ny.tile.white": "white tile",
        "ny.harbour": "Harbour · {n} cards in the deck",
        "ny.endcard.soon": "end card may come up",
        "ny.empty": "empty",
        "ny.new": "new",
        "ny.dock": "Dock {n}: {card}",
        "ny.dock.cannot": "You cannot take that card now.",
        "ny.take.second": "Now tap a neighbouring dock.",
        "ny.take.more": "Take these cards, or tap one more dock for your additional card.",
        "ny.take": "Take {n} cards",
        "ny.both": "Both actions",
        "ny.pass": "Pass",
        "ny.endturn": "End turn without building",
        "ny.rotate": "Rotate ⟳",
        "ny.flip": "Flip ⇋",
        "ny.fits": "Show fits",
        "ny.fits.count": "It fits in {n} places this way round (green dots).",
        "ny.fits.none": "It does not fit anywhere this way round: rotate or flip it.",
        "ny.place": "Place tile",
        "ny.cancel": "Cancel",
        "ny.place.hint": "Drag the tile onto your house, or tap a space; rotate and flip with the buttons.",
        "ny.place.ok": "Fits here. Price: {price}.",
        "ny.cards": "{n} {colour} cards",
        "ny.touching": "one less for touching its colour",
        "ny.discount.can": "{n} with your construction discount",
        "ny.hint.turn": "Your turn: tap two neighbouring docks to take their cards, or tap a tile you can pay for to build.",
        "ny.hint.build": "Both actions: now build a tile, or end your turn.",
        "ny.hint.discard": "You hold more than 7 cards: discard {n}.",
        "ny.hint.pay": "Choose how to pay for the tile:",
        "ny.hint.arms": "Coat of arms! Choose an action ({n} to take).",
        "ny.discard": "Discard {colour} ({n})",
        "ny.arms.white": "White tile: tap a green dot ({n} places)",
        "ny.arms.ability": "Take ability: {name}",
        "ny.arms.refresh": "Turn your used abilities face up",
        "ny.white.tap": "Tap a space with a green dot to place the white tile.",
        "ny.white.where": "A white tile cannot go there.",
        "ny.stack.notnow": "You cannot build now.",
        "ny.stack.empty": "No tiles of this kind are left.",
        "ny.stack.cannot": "You cannot pay for a {colour} tile of {size} anywhere in your house yet.",
        "ny.stack": "{colour} tile of {size}: {left} left; costs {price} {colour} cards, {touching} when touching {colour}; you have {have}",
        "ny.stack.discount": "(one less with your construction discount)",
        "ny.supply": "Tiles",
        "ny.whites": "white ×{n}",
        "ny.abilities.left": "abilities left",
        "ny.hand": "Your hand: {n} of 7 cards",
        "ny.hand.card": "Your hand: {n} {colour}",
        "ny.hand.discard": "Discard a {colour} card (you have {n})",
        "ny.you": "you",
        "ny.points": "{n} points",
        "ny.cardcount": "{n} cards in hand",
        "ny.emptycount": "{n} empty spaces",
        "ny.inspect": "Show the house of {name} ({points} points, {cards} cards)",
        "ny.inspect.back": "Show your own house",
        "ny.house.yours": "Your house",
        "ny.house.of": "House of {name}",
        "ny.cell": "Column {col}, row {row}: {what}",
        "ny.cell.put": "Put the tile at column {col}, row {row} ({what})",
        "ny.cell.white": "Place the white tile at column {col}, row {row}",
        "ny.cell.empty": "empty",
        "ny.cell.window": "{colour} window",
        "ny.cell.brick": "{colour} brick",
        "ny.cell.arms": "coat of arms",
        "ny.ab.any_cards": "Any cards", "ny.ab.additional_card": "Additional card",
        "ny.ab.construction_discount": "Construction discount", "ny.ab.change_of_colours": "Change of colours",
        "ny.ab.both_actions": "Both actions",
        "ny.abs.any_cards": "Any cards", "ny.abs.additional_card": "Extra card", "ny.abs.construction_discount": "Discount",
        "ny.abs.change_of_colours": "Colours", "ny.abs.both_actions": "Both",
        "ny.side.active": "ready", "ny.side.used": "used", "ny.side.none": "not owned",
        "ny.ability": "{name}: {side}. Tap to read what it does",
        "ny.end.place": "place", "ny.end.rows": "points from rows", "ny.end.columns": "points from columns",
        "ny.end.empty": "empty spaces", "ny.end.tie": "tie-break",
        "ny.end.tie.how": "equal points: fewer empty spaces ranks higher",
        "ny.end.tie.shared": "equal points and empty spaces: the win is shared",
        "ny.end.why": "won by", "ny.end.by12": "reaching 12 points", "ny.end.bycard": "most points when the end card came up",
    },
    "es": {
        "ny.table": "Mesa de Nyhavn",
        "ny.rules": "Cómo se juega a Nyhavn",
        "ny.colour.blue": "azul", "ny.colour.yellow": "amarillo", "ny.colour.red": "rojo", "ny.colour.green": "verde",
        "ny.colour.purple": "lila", "ny.colour.white": "blanco",
        "ny.tile": "loseta {colour} de {size}",
        "ny.tile.white": "loseta blanca",
        "ny.harbour": "Puerto · {n} cartas en el mazo",
        "ny.endcard.soon": "puede salir la carta final",
        "ny.empty": "vacío",
        "ny.new": "nueva",
        "ny.dock": "Muelle {n}: {card}",
        "ny.dock.cannot": "Ahora no puedes coger esa carta.",
        "ny.take.second": "Ahora toca un muelle vecino.",
        "ny.take.more": "Coge estas cartas o toca un muelle más para tu carta adicional.",
        "ny.take": "Coger {n} cartas",
        "ny.both": "Ambas acciones",
        "ny.pass": "Pasar",
        "ny.endturn": "Terminar el turno sin construir",
        "ny.rotate": "Girar ⟳",
        "ny.flip": "Voltear ⇋",
        "ny.fits": "Ver huecos",
        "ny.fits.count": "Así orientada cabe en {n} sitios (puntos verdes).",
        "ny.fits.none": "Así orientada no cabe en ningún sitio: gírala o voltéala.",
        "ny.place": "Colocar loseta",
        "ny.cancel": "Cancelar",
        "ny.place.hint": "Arrastra la loseta a tu casa o toca un espacio; gira y voltea con los botones.",
        "ny.place.ok": "Cabe aquí. Precio: {price}.",
        "ny.cards": "{n} cartas de color {colour}",
        "ny.touching": "una menos por tocar su color",
        "ny.discount.can": "{n} con tu descuento de construcción",
        "ny.hint.turn": "Tu turno: toca dos muelles vecinos para coger sus cartas, o toca una loseta que puedas pagar para construir.",
        "ny.hint.build": "Ambas acciones: ahora construye una loseta o termina el turno.",
        "ny.hint.discard": "Tienes más de 7 cartas: descarta {n}.",
        "ny.hint.pay": "Elige cómo pagar la loseta:",
        "ny.hint.arms": "¡Escudo! Elige una acción (te quedan {n}).",
        "ny.discard": "Descartar {colour} ({n})",
        "ny.arms.white": "Loseta blanca: toca un punto verde ({n} sitios)",
        "ny.arms.ability": "Coger habilidad: {name}",
        "ny.arms.refresh": "Volver a activar tus habilidades usadas",
        "ny.white.tap": "Toca un espacio con punto verde para colocar la loseta blanca.",
        "ny.white.where": "Una loseta blanca no puede ir ahí.",
        "ny.stack.notnow": "Ahora no puedes construir.",
        "ny.stack.empty": "No quedan losetas de este tipo.",
        "ny.stack.cannot": "Todavía no puedes pagar una loseta {colour} de {size} en ningún sitio de tu casa.",
        "ny.stack": "Loseta {colour} de {size}: quedan {left}; cuesta {price} cartas de color {colour}, {touching} si toca el {colour}; tienes {have}",
        "ny.stack.discount": "(una menos con tu descuento de construcción)",
        "ny.supply": "Losetas",
        "ny.whites": "blancas ×{n}",
        "ny.abilities.left": "habilidades",
        "ny.hand": "Tu mano: {n} de 7 cartas",
        "ny.hand.card": "Tu mano: {n} de color {colour}",
        "ny.hand.discard": "Descartar una carta de color {colour} (tienes {n})",
        "ny.you": "tú",
        "ny.points": "{n} puntos",
        "ny.cardcount": "{n} cartas en la mano",
        "ny.emptycount": "{n} espacios vacíos",
        "ny.inspect": "Ver la casa de {name} ({points} puntos, {cards} cartas)",
        "ny.inspect.back": "Ver tu propia casa",
        "ny.house.yours": "Tu casa",
        "ny.house.of": "Casa de {name}",
        "ny.cell": "Columna {col}, fila {row}: {what}",
        "ny.cell.put": "Poner la loseta en la columna {col}, fila {row} ({what})",
        "ny.cell.white": "Colocar la loseta blanca en la columna {col}, fila {row}",
        "ny.cell.empty": "vacío",
        "ny.cell.window": "ventana de color {colour}",
        "ny.cell.brick": "ladrillo de color {colour}",
        "ny.cell.arms": "escudo",
        "ny.ab.any_cards": "Cartas cualesquiera", "ny.ab.additional_card": "Carta adicional",
        "ny.ab.construction_discount": "Descuento de construcción", "ny.ab.change_of_colours": "Cambio de color",
        "ny.ab.both_actions": "Ambas acciones",
        "ny.abs.any_cards": "Cualquiera", "ny.abs.additional_card": "Carta extra", "ny.abs.construction_discount": "Descuento",
        "ny.abs.change_of_colours": "Colores", "ny.abs.both_actions": "Ambas",
        "ny.side.active": "lista", "ny.side.used": "usada", "ny.side.none": "no la tienes",
        "ny.ability": "{name}: {side}. Tócala para leer qué hace",
        "ny.end.place": "puesto", "ny.end.rows": "puntos por filas", "ny.end.columns": "puntos por columnas",
        "ny.end.empty": "espacios vacíos", "ny.end.tie": "desempate",
        "ny.end.tie.how": "mismos puntos: queda por delante quien tenga menos espacios vacíos",
        "ny.end.tie.shared": "mismos puntos y espacios vacíos: la victoria se comparte",
        "ny.end.why": "gana por", "ny.end.by12": "llegar a 12 puntos", "ny.end.bycard": "tener más puntos al salir la carta final",
    },
}

_RULES = {
    "en": [
        ("Goal", [
            "Each player builds the facade of a harbour house, 5 spaces wide and 9 high. Complete rows and columns to score. "
            "The first player to reach 12 points wins at once.",
        ]),
        ("Your turn", [
            "Do one thing: take cards, or build one tile.",
            "Taking cards: take the cards lying on two docks that sit side by side. Empty docks are refilled from the deck "
            "when your turn ends. You may hold at most 7 cards; with more, you choose which to discard.",
            "Building: pick a tile from the supply and pay one card of its colour for each of its spaces. "
            "If the tile touches a tile of the same colour already in your house, it costs one card less.",
        ]),
        ("Placing tiles", [
            "Tiles may be turned and flipped. They must fit inside the house on empty spaces, and at least one of their "
            "spaces must be on the bottom row or directly above a built space. Gaps underneath are allowed.",
            "Every coloured tile has one brick space; all other spaces are windows. White tiles are a single window.",
        ]),
        ("Scoring", [
            "A completed row scores 1 point, or 2 if it is all windows. A completed column scores 2 points, or 4 if it is all windows.",
        ]),
        ("Coats of arms", [
            "Covering a printed coat of arms, or completing one of the marked rows (2, 4 and 6), gives one action each: "
            "place a free white tile, take an ability tile you do not have yet, or turn your used abilities face up again. "
            "A white tile can trigger another action.",
        ]),
        ("Abilities", [
            "Everyone starts with Any cards. Each ability works once, then lies face down until you turn it up again with a coat of arms. "
            "Tap an ability on the table to read what it does.",
        ]),
        ("End of the game", [
            "Reaching 12 points ends the game at once. The game also ends when the end card comes up from the deck "
            "(with 2 players it lies near the bottom from the start; with 3 or 4 it is mixed in when the deck runs out the first time). "
            "Then the most points wins; on equal points, the house with fewer empty spaces; if still equal, the win is shared.",
        ]),
        ("Playing here", [
            "Tap two docks to take cards. To build, tap a tile in the supply, then drag it onto your house or tap a space; "
            "use Rotate and Flip, and Show fits to see every place it can go. The outline is green where it may go "
            "and red where it may not, with the reason under the table. Undo takes back steps of your turn until a new card is revealed.",
        ]),
    ],
    "es": [
        ("Objetivo", [
            "Cada jugador construye la fachada de una casa del puerto, de 5 espacios de ancho y 9 de alto. Completar filas y columnas da puntos. "
            "Quien llegue primero a 12 puntos gana en ese momento.",
        ]),
        ("Tu turno", [
            "Haz una sola cosa: coger cartas o construir una loseta.",
            "Coger cartas: coge las cartas de dos muelles que estén uno al lado del otro. Los muelles vacíos se rellenan con el mazo "
            "al acabar tu turno. Puedes tener como mucho 7 cartas; si tienes más, eliges cuáles descartar.",
            "Construir: elige una loseta y paga una carta de su color por cada espacio que ocupa. "
            "Si toca una loseta del mismo color que ya esté en tu casa, cuesta una carta menos.",
        ]),
        ("Colocar losetas", [
            "Las losetas se pueden girar y voltear. Deben quedar dentro de la casa, sobre espacios vacíos, y al menos uno de sus "
            "espacios debe estar en la fila de abajo o justo encima de un espacio construido. Se permiten huecos debajo.",
            "Cada loseta de color tiene un espacio de ladrillo; los demás son ventanas. Las blancas son una sola ventana.",
        ]),
        ("Puntuación", [
            "Una fila completa da 1 punto, o 2 si son todo ventanas. Una columna completa da 2 puntos, o 4 si son todo ventanas.",
        ]),
        ("Escudos", [
            "Tapar un escudo impreso, o completar una de las filas marcadas (2, 4 y 6), da una acción por cada uno: "
            "poner gratis una loseta blanca, coger una habilidad que aún no tengas, o volver a activar tus habilidades usadas. "
            "Una loseta blanca puede dar otra acción.",
        ]),
        ("Habilidades", [
            "Todos empiezan con Cartas cualesquiera. Cada habilidad sirve una vez y queda boca abajo hasta que la reactives con un escudo. "
            "Toca una habilidad en la mesa para leer qué hace.",
        ]),
        ("Final de la partida", [
            "Llegar a 12 puntos termina la partida en el acto. También termina cuando sale del mazo la carta final "
            "(con 2 jugadores está cerca del fondo desde el principio; con 3 o 4 se mezcla cuando el mazo se acaba por primera vez). "
            "Entonces gana quien tenga más puntos; si hay empate, la casa con menos espacios vacíos; si sigue el empate, se comparte la victoria.",
        ]),
        ("Cómo se juega aquí", [
            "Toca dos muelles para coger cartas. Para construir, toca una loseta y arrástrala a tu casa o toca un espacio; "
            "usa Girar y Voltear, y Ver huecos para ver todos los sitios posibles. El contorno es verde donde puede ir "
            "y rojo donde no, con el motivo debajo de la mesa. Deshacer anula pasos de tu turno hasta que se descubre una carta nueva.",
        ]),
    ],
}


def rules_sections(lang: str) -> list[tuple[str, list[str]]]:
    """The rules as (heading, paragraphs), in ``lang`` (English when there is no translation)."""
    return _RULES.get(lang, _RULES["en"])


__all__ = ["ABILITY_SHORT", "ABILITY_HELP", "STRINGS", "rules_sections"]
