"""Neue Heimat's screen in words (English and Spanish): labels, prompts and the in-app rules.

Everything goes through :func:`game.ui.i18n.t` under the ``nh.`` prefix, so a
missing Spanish line falls back to English rather than to a bare key. The
rules are the project's own summary of ``shared/spec/neueheimat.md``.
"""

from __future__ import annotations

from typing import Any

from ..i18n import register, t

COLOUR_NAMES = {"en": ("red", "yellow", "green", "blue", "white", "black"),
                "es": ("rojo", "amarillo", "verde", "azul", "blanco", "negro")}
ROW_NAMES = {"en": ("top row", "middle row", "bottom row"), "es": ("fila superior", "fila central", "fila inferior")}
ROW_SHORT = {"en": ("Top", "Middle", "Bottom"), "es": ("Arriba", "Centro", "Abajo")}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "table": "Neue Heimat table", "hand": "HAND", "box": "BOX", "colours": "COLOURS", "score": "SCORE NOW",
        "round_of": "Round {n} of {total}", "over_short": "The game is over.",
        "choosing": "{name} chooses a piece to auction.",
        "on_auction": "On auction: {piece}", "high_bid": "High bid {amount}M by {name}", "no_bid": "No bid yet",
        "to_bid": "{name} to bid", "deciding": "{name} sells or buys", "placing": "{name} places it",
        "road": "ROAD", "len": "{n} lots", "len1": "1 lot", "done": "done",
        "display": "Display: tap a highlighted end cube to auction it", "out_count": "{n} cubes out of play",
        "empty": "empty", "supply": "Roofs and special pieces",
        "roofs_left": "{n} left", "short_mayor": "Mayor", "short_permit": "Permit {size}", "short_cancel": "Cancel",
        "left": "left end", "right": "right end",
        "auction_cube": "Auction the {colour} {pips} (display row {n}, {end})",
        "auction_roof": "Turn up a roof and auction it ({n} face down)",
        "auction_mayor": "Auction the mayor", "auction_permit": "Auction permit {size}", "auction_cancel": "Auction the cancel cube",
        "new_house_target": "New house on lot {lot} of the {row}",
        "stack_target": "Stack on the house on lot {lot} of the {row} (top: {top})",
        "roof_target": "Roof the house on lot {lot} of the {row}",
        "mayor_target": "Put the mayor in front of the {row}",
        "permit_target": "Permit {size} on the {row}: length {old} becomes {new}",
        "cancel_target": "Cancel permit {size} on the {row}: length {old} becomes {new}",
        "piece.cube": "the {colour} {pips}", "piece.roof": "roof {value}", "piece.blank": "a blank roof",
        "piece.mayor": "the mayor", "piece.permit": "permit {size}", "piece.cancel": "the cancel cube",
        # the controls below the table
        "prompt.wait": "{name} is to play.",
        "prompt.profits": "Start of your turn: put 1 million from your hand ({money}M) into your cash box? It scores 1 point at the end of the round but cannot be spent this round.",
        "profits.take": "Cash box +1M (1 point)", "profits.keep": "Keep it in hand",
        "prompt.choose": "Your auction: tap a highlighted piece in the display or the supply.",
        "prompt.bid": "Bid for {piece}. Highest bid: {high}. You have {money}M in hand.",
        "prompt.bid.none": "Bid for {piece}. Nobody has bid yet. You have {money}M in hand.",
        "bid.amount": "Bid {amount}M", "bid.all": "All in: {amount}M", "bid.pass": "Pass",
        "prompt.resolve": "{name} bid {amount}M for {piece}. Your choice:",
        "resolve.sell": "Sell for {amount}M", "resolve.sell.means": "{name} pays you {amount}M and takes {piece}.",
        "resolve.buy": "Buy for {amount}M", "resolve.buy.means": "You pay {name} {amount}M and keep {piece}.",
        "resolve.cannot": "You have only {money}M in hand, so you cannot buy.",
        "prompt.place.cube": "Place {piece}: tap a highlighted lot (a new house at the end of a row, or on a house whose top cube shows more pips).",
        "prompt.place.roof": "Place {piece}: tap a highlighted house without a roof.",
        "prompt.place.mayor": "Place the mayor: tap a highlighted row on the road (its houses will count double), or discard him.",
        "prompt.place.permit": "Place {piece}: the highlighted buttons by the road show each row's new length. Or discard it.",
        "prompt.place.cancel": "Use the cancel cube: the highlighted buttons by the road show each row's length once that permit is removed. Or discard it.",
        "place.discard": "Discard {piece} (out of this round)",
        "hide_money": "Hide money between players (pass the device)",
        "rules": "Rules of Neue Heimat",
        "scoring.title": "Round {n} scoring",
        "scoring.house": "{row}, lot {lot}: {cubes}{roof} = {value} → {name} {points}{mayor}",
        "scoring.roof": " + roof {n}", "scoring.mayor": " (×2 mayor)",
        "scoring.cash": "{name}: cash box {points}",
        "scoring.nobody": "nobody",
        "scoring.totals": "Running totals", "scoring.round": "Round {n}", "scoring.total": "Total",
        "scoring.next": "Next round", "scoring.final": "Final scores", "scoring.skip": "Show all",
        "scoring.reason": "The round ends: {reason}.",
        "end.round": "Round {n}", "end.wins": "Rounds won", "end.hand": "Money in hand",
    },
    "es": {
        "table": "Mesa de Neue Heimat", "hand": "MANO", "box": "CAJA", "colours": "COLORES", "score": "PUNTOS AHORA",
        "round_of": "Ronda {n} de {total}", "over_short": "La partida ha terminado.",
        "choosing": "{name} elige una pieza para subastar.",
        "on_auction": "En subasta: {piece}", "high_bid": "Puja más alta {amount}M de {name}", "no_bid": "Aún sin pujas",
        "to_bid": "puja {name}", "deciding": "{name} vende o compra", "placing": "{name} la coloca",
        "road": "CALLE", "len": "{n} solares", "len1": "1 solar", "done": "lista",
        "display": "Expositor: toca un cubo de extremo resaltado para subastarlo", "out_count": "{n} cubos fuera de juego",
        "empty": "vacía", "supply": "Tejados y piezas especiales",
        "roofs_left": "quedan {n}", "short_mayor": "Alcalde", "short_permit": "Permiso {size}", "short_cancel": "Anular",
        "left": "extremo izquierdo", "right": "extremo derecho",
        "auction_cube": "Subastar el {colour} {pips} (fila {n} del expositor, {end})",
        "auction_roof": "Dar la vuelta a un tejado y subastarlo (quedan {n} boca abajo)",
        "auction_mayor": "Subastar al alcalde", "auction_permit": "Subastar el permiso {size}", "auction_cancel": "Subastar el cubo de anulación",
        "new_house_target": "Casa nueva en el solar {lot} de la {row}",
        "stack_target": "Apilar sobre la casa del solar {lot} de la {row} (arriba: {top})",
        "roof_target": "Techar la casa del solar {lot} de la {row}",
        "mayor_target": "Poner al alcalde delante de la {row}",
        "permit_target": "Permiso {size} en la {row}: la longitud pasa de {old} a {new}",
        "cancel_target": "Anular el permiso {size} de la {row}: la longitud pasa de {old} a {new}",
        "piece.cube": "el {colour} {pips}", "piece.roof": "el tejado {value}", "piece.blank": "un tejado en blanco",
        "piece.mayor": "el alcalde", "piece.permit": "el permiso {size}", "piece.cancel": "el cubo de anulación",
        "prompt.wait": "Le toca a {name}.",
        "prompt.profits": "Empieza tu turno: ¿pasas 1 millón de la mano ({money}M) a tu caja? Vale 1 punto al final de la ronda, pero no podrás gastarlo en esta ronda.",
        "profits.take": "Caja +1M (1 punto)", "profits.keep": "Dejarlo en la mano",
        "prompt.choose": "Tu subasta: toca una pieza resaltada del expositor o de la reserva.",
        "prompt.bid": "Puja por {piece}. Puja más alta: {high}. Tienes {money}M en la mano.",
        "prompt.bid.none": "Puja por {piece}. Nadie ha pujado aún. Tienes {money}M en la mano.",
        "bid.amount": "Pujar {amount}M", "bid.all": "Todo: {amount}M", "bid.pass": "Pasar",
        "prompt.resolve": "{name} ha pujado {amount}M por {piece}. Tú decides:",
        "resolve.sell": "Vender por {amount}M", "resolve.sell.means": "{name} te paga {amount}M y se lleva {piece}.",
        "resolve.buy": "Comprar por {amount}M", "resolve.buy.means": "Pagas {amount}M a {name} y te quedas {piece}.",
        "resolve.cannot": "Solo tienes {money}M en la mano, así que no puedes comprar.",
        "prompt.place.cube": "Coloca {piece}: toca un solar resaltado (casa nueva al final de una fila, o encima de una casa cuyo cubo superior tenga más puntos).",
        "prompt.place.roof": "Coloca {piece}: toca una casa resaltada sin tejado.",
        "prompt.place.mayor": "Coloca al alcalde: toca una fila resaltada en la calle (sus casas valdrán el doble), o descártalo.",
        "prompt.place.permit": "Coloca {piece}: los botones resaltados junto a la calle muestran la nueva longitud de cada fila. O descártalo.",
        "prompt.place.cancel": "Usa el cubo de anulación: los botones resaltados muestran la longitud de la fila sin ese permiso. O descártalo.",
        "place.discard": "Descartar {piece} (fuera de esta ronda)",
        "hide_money": "Ocultar el dinero entre jugadores (pasar el dispositivo)",
        "rules": "Reglas de Neue Heimat",
        "scoring.title": "Puntuación de la ronda {n}",
        "scoring.house": "{row}, solar {lot}: {cubes}{roof} = {value} → {name} {points}{mayor}",
        "scoring.roof": " + tejado {n}", "scoring.mayor": " (×2 alcalde)",
        "scoring.cash": "{name}: caja {points}",
        "scoring.nobody": "nadie",
        "scoring.totals": "Totales acumulados", "scoring.round": "Ronda {n}", "scoring.total": "Total",
        "scoring.next": "Siguiente ronda", "scoring.final": "Puntuación final", "scoring.skip": "Mostrar todo",
        "scoring.reason": "Termina la ronda: {reason}.",
        "end.round": "Ronda {n}", "end.wins": "Rondas ganadas", "end.hand": "Dinero en mano",
    },
}

REASONS = {
    "en": {"two_rows": "two rows are complete", "no_roofs": "no numbered roof is left", "all_built": "everything is built and roofed",
           "no_pieces": "no piece is left to auction"},
    "es": {"two_rows": "hay dos filas completas", "no_roofs": "no quedan tejados con número", "all_built": "todo está construido y techado",
           "no_pieces": "no queda pieza que subastar"},
}

#: The in-app rules: (heading, paragraph) pairs, our own words.
RULES: dict[str, list[tuple[str, str]]] = {
    "en": [
        ("The idea", "You are property developers on three streets. Everyone may build with any colour; each colour belongs to the "
         "first player who builds with it. At the end of the round a house counts for whoever owns the colour of its top cube: "
         "plus its value if its street is finished, minus its value if not. So you want other people's money, your colours on top "
         "of tall houses, and the right streets finished."),
        ("The board", "Three rows of ten lots run from the road (left) across the river. A row starts four lots long; the heavy fence "
         "shows where it ends now. Fenced lots marked ① take only one floor cube (a roof may still go on)."),
        ("Your turn", "First you may move 1 million from your hand into your cash box: each million there is a point at the end of the "
         "round, but you cannot spend it any more. Then pick one piece and auction it: a floor cube from either end of a display row, "
         "a roof (turned up first; a blank roof is thrown away and your turn ends), the mayor, a permit or the cancel cube."),
        ("Bidding", "Going round from your left, every other player bids once or passes; each bid beats the last and is at most the "
         "money in that player's hand. Then you either sell (the top bidder pays you and takes the piece) or buy (you pay the top "
         "bidder and keep the piece). If you cannot pay, you sell. If nobody bids, the piece is yours for free."),
        ("Building", "A new house goes on the first empty lot of a row, within its length. A cube may also go on top of a house whose "
         "top cube shows more pips, up to six cubes. A roof goes on any house without one, and its number adds to the house. "
         "A row is finished when every lot of its length has a roofed house."),
        ("Special pieces", "The mayor stands in front of one row and doubles every house there, good or bad. A permit makes a row "
         "longer or shorter by 1, 2 or 3 lots (never shorter than what is built, always between 1 and 9). The cancel cube removes "
         "one permit. Special pieces may also be discarded."),
        ("End of a round", "The round ends when two rows are finished, when no numbered roof is left, or when nothing more can be "
         "built. Then every house scores, the cash boxes add their millions, and ties go to the richer hand. With several rounds "
         "the scores add up, and winning two rounds wins the game at once."),
        ("On this screen", "The score next to each house is what it would give now, and to whom (P1, P2…); the players' list shows "
         "each projected total. Highlighted pieces and lots are the legal choices; the panel below the table holds the bids and "
         "decisions. Undo takes back your own move before anything is revealed."),
    ],
    "es": [
        ("La idea", "Sois promotores inmobiliarios en tres calles. Cualquiera puede construir con cualquier color; cada color es del "
         "primer jugador que construye con él. Al final de la ronda, una casa cuenta para quien tenga el color de su cubo superior: "
         "suma su valor si su calle está terminada y lo resta si no. Así que conviene cobrar el dinero de los demás, tener tus "
         "colores encima de casas altas y que se terminen las calles adecuadas."),
        ("El tablero", "Tres filas de diez solares van desde la calle (izquierda) hasta más allá del río. Cada fila empieza con cuatro "
         "solares; la valla gruesa marca dónde termina ahora. Los solares vallados con ① solo admiten un cubo (aunque sí un tejado)."),
        ("Tu turno", "Primero puedes pasar 1 millón de la mano a tu caja: cada millón allí es un punto al final de la ronda, pero ya no "
         "se puede gastar. Después eliges una pieza y la subastas: un cubo de cualquiera de los extremos de una fila del expositor, "
         "un tejado (se descubre antes; uno en blanco se descarta y tu turno acaba), el alcalde, un permiso o el cubo de anulación."),
        ("Las pujas", "Empezando por tu izquierda, cada uno de los demás puja una vez o pasa; cada puja supera a la anterior y no puede "
         "pasar del dinero que ese jugador tiene en la mano. Luego tú vendes (el mejor postor te paga y se lleva la pieza) o compras "
         "(le pagas tú y te la quedas). Si no puedes pagar, vendes. Si nadie puja, la pieza es tuya gratis."),
        ("Construir", "Una casa nueva va en el primer solar libre de una fila, dentro de su longitud. Un cubo también puede ir encima de "
         "una casa cuyo cubo superior tenga más puntos, hasta seis cubos. Un tejado va sobre cualquier casa que no lo tenga y su "
         "número se suma a la casa. Una fila está terminada cuando cada solar de su longitud tiene una casa con tejado."),
        ("Piezas especiales", "El alcalde se pone delante de una fila y duplica todas sus casas, para bien o para mal. Un permiso "
         "alarga o acorta una fila 1, 2 o 3 solares (nunca por debajo de lo construido, siempre entre 1 y 9). El cubo de anulación "
         "quita un permiso. Las piezas especiales también se pueden descartar."),
        ("Fin de la ronda", "La ronda acaba cuando hay dos filas terminadas, cuando no quedan tejados con número o cuando ya no se puede "
         "construir más. Entonces puntúa cada casa, las cajas suman sus millones y los empates los gana quien tenga más dinero en la "
         "mano. Con varias rondas se suman los puntos, y quien gana dos rondas gana la partida en el acto."),
        ("En esta pantalla", "El número bajo cada casa es lo que daría ahora y a quién (J1 se escribe P1…); la lista de jugadores "
         "muestra el total previsto de cada uno. Las piezas y solares resaltados son las jugadas legales; el panel bajo el tablero "
         "tiene las pujas y decisiones. Deshacer retira tu propia jugada mientras no se haya descubierto nada."),
    ],
}

register({lang: {f"nh.{k}": v for k, v in table.items()} for lang, table in STRINGS.items()})


def w(key: str, lang: str, **values: Any) -> str:
    """Neue Heimat's text for ``key`` in ``lang``."""
    return t(f"nh.{key}", lang, **values)


def piece_words(piece: dict[str, Any] | None, lang: str) -> str:
    """A piece in a few words: "the red 5", "roof 3", "permit II", "the mayor"."""
    if not piece:
        return "?"
    kind = piece["kind"]
    if kind == "cube":
        return w("piece.cube", lang, colour=COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[piece["colour"]], pips=piece["pips"])
    if kind == "roof":
        return w("piece.roof", lang, value=piece["value"]) if piece["value"] else w("piece.blank", lang)
    if kind == "permit":
        return w("piece.permit", lang, size="I" * piece["size"])
    return w(f"piece.{kind}", lang)
