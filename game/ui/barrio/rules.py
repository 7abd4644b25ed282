"""Barrio's rules and a first-game guide inside the app, in English and Spanish (the project's own words)."""

from __future__ import annotations

#: (title, paragraphs) per language; the first section is the first-game guide
RULES: dict[str, list[tuple[str, list[str]]]] = {
    "en": [
        ("Your first game (solo against Klaus)", [
            "You hold only materials. Tap one in your hand, then a green cell of the market to put it there. "
            "Place one and draw two cards, or place two and then draw three — or build.",
            "To build, place your second material, tap a house in the house market, then a green handle "
            "beside a row or above a column. Red marks (R) show what goes to your rubble; ✓ marks pay for the house.",
            "Keep the market small: more than 3×5 (or 5×3) and Klaus builds for free while the whole market is thrown away.",
            "Klaus draws as many cards as you did (two when you built). With more than seven he builds the house worth "
            "most to him. When he is tied, you pick.",
        ]),
        ("Goal", [
            "Score more than your rivals (in solo: more than Klaus; he wins ties). The game ends when someone "
            "builds their last house: 7 in solo and with 2 players, 6 with 3–4 players (the round is finished).",
        ]),
        ("Cards", [
            "Materials: wood (W), brick (B), stone (S), concrete (C) and vegetal (V), each with its own colour and pattern. "
            "A double counts as either of its two materials. A Burruño (the round face) never pays for anything; "
            "it scores at the end as the scoring card says.",
            "Houses show their points (top left), an icon (sun, moon or star, top right), their cost (the small squares) "
            "and two landscape symbols at the bottom: waves for the sea, a peak for the mountain, towers for the city.",
        ]),
        ("A turn", [
            "Do exactly one: draw one card; or place one material and draw two; or place two materials and then "
            "draw three or build one house. With 2–4 players you may instead discard houses and draw as many cards.",
            "Face-up cards are refilled at the end of the turn. You never hold more than 7 cards. "
            "With 2–4 players you refill to 3 cards at the end of your turn; in solo an empty hand gets 2 new cards.",
        ]),
        ("The market", [
            "The first material goes anywhere; each later one must touch a card along a side. "
            "At the end of a turn the market must fit in 5×5 (3×5 or 5×3 in solo).",
            "Building takes a whole row or column: the materials the house needs are paid, everything else in that line "
            "goes to your rubble and costs points at the end. The other cards then close up; if they could close up in "
            "more than one way, you choose.",
            "Fill a gap-free 5×5 market in your turn and you may build a house from your hand for free; "
            "then the whole market is cleared.",
        ]),
        ("Panoramas", [
            "A new house starts a panorama or extends one: it goes on the right end if its left symbol matches that end, "
            "on the left end if its right symbol matches. It can also join two panoramas into one. "
            "Longer panoramas score much more: 2 cards 3, 3 cards 4, 4 cards 6, 5 cards 9, 6 cards 12, 7 cards 16, 8 cards 21.",
            "Once per game, three neighbouring houses of a panorama with three equal or three different icons let you "
            "build one more house at once for free (the combo).",
        ]),
        ("Scoring", [
            "Houses plus panoramas, minus your rubble, plus or minus your Burruños (see the scoring card), "
            "and in solo minus one point per material left in your hand.",
        ]),
    ],
    "es": [
        ("Tu primera partida (en solitario contra Klaus)", [
            "Solo tienes materiales. Toca uno de tu mano y luego una casilla verde del mercado para dejarlo allí. "
            "Coloca uno y roba dos cartas, o coloca dos y después roba tres… o construye.",
            "Para construir, coloca tu segundo material, toca una casa del mercado de casas y después un tirador verde "
            "junto a una fila o encima de una columna. Las marcas rojas (R) muestran lo que va a tus escombros; "
            "las ✓ pagan la casa.",
            "Mantén el mercado pequeño: si pasa de 3×5 (o 5×3), Klaus construye gratis y se tira el mercado entero.",
            "Klaus roba tantas cartas como tú (dos si construiste). Con más de siete construye la casa que más le vale. "
            "Si está empatado, eliges tú.",
        ]),
        ("Objetivo", [
            "Sumar más puntos que los rivales (en solitario, más que Klaus; los empates los gana él). La partida acaba "
            "cuando alguien construye su última casa: 7 en solitario y a 2 jugadores, 6 a 3–4 (se termina la ronda).",
        ]),
        ("Cartas", [
            "Materiales: madera (M), ladrillo (L), piedra (P), hormigón (H) y vegetal (V), cada uno con su color y su trama. "
            "Un doble cuenta como cualquiera de sus dos materiales. Un Burruño (la carita redonda) nunca paga nada; "
            "puntúa al final según la carta de puntuación.",
            "Las casas muestran sus puntos (arriba a la izquierda), un icono (sol, luna o estrella, arriba a la derecha), "
            "su coste (los cuadraditos) y dos símbolos de paisaje abajo: olas para el mar, un pico para la montaña, "
            "torres para la ciudad.",
        ]),
        ("El turno", [
            "Haz exactamente una cosa: robar una carta; o colocar un material y robar dos; o colocar dos materiales y "
            "después robar tres o construir una casa. A 2–4 jugadores también puedes descartar casas y robar otras tantas cartas.",
            "Las cartas descubiertas se reponen al final del turno. Nunca tienes más de 7 cartas. A 2–4 jugadores "
            "completas tu mano hasta 3 al final del turno; en solitario, con la mano vacía recibes 2 cartas.",
        ]),
        ("El mercado", [
            "El primer material va en cualquier sitio; los siguientes deben tocar una carta por un lado. "
            "Al final del turno el mercado debe caber en 5×5 (3×5 o 5×3 en solitario).",
            "Construir usa una fila o columna entera: se pagan los materiales que pide la casa y todo lo demás de esa línea "
            "va a tus escombros, que restan al final. Después las cartas se juntan; si pueden juntarse de varias maneras, eliges tú.",
            "Si completas en tu turno un mercado de 5×5 sin huecos, puedes construir gratis una casa de tu mano; "
            "después se retira todo el mercado.",
        ]),
        ("Panorámicas", [
            "Una casa nueva empieza una panorámica o alarga una: va al extremo derecho si su símbolo izquierdo coincide "
            "con ese extremo, y al izquierdo si coincide su símbolo derecho. También puede unir dos panorámicas. "
            "Las largas valen mucho más: 2 cartas 3, 3 cartas 4, 4 cartas 6, 5 cartas 9, 6 cartas 12, 7 cartas 16, 8 cartas 21.",
            "Una vez por partida, tres casas vecinas de una panorámica con tres iconos iguales o tres distintos te dejan "
            "construir gratis otra casa en el acto (el combo).",
        ]),
        ("Puntuación", [
            "Casas más panorámicas, menos tus escombros, más o menos tus Burruños (mira la carta de puntuación) "
            "y, en solitario, un punto menos por cada material que te quede en la mano.",
        ]),
    ],
}


def rules(lang: str) -> list[tuple[str, list[str]]]:
    """The rules sections for ``lang`` (English when the language is unknown)."""
    return RULES.get(lang, RULES["en"])
