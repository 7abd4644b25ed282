"""The app's own words in English and Spanish.

Game screens add their own strings with :func:`register` (one dict per
language) so everything goes through :func:`t`. Engines word their log lines
and refusals themselves (``describe_action``, ``describe_event``,
``IllegalAction``).
"""

from __future__ import annotations

LANGUAGES = {"en": "English", "es": "Español"}

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "House Games",
        "app.tagline": "Three house-building board games, offline on your phone.",
        "start.game": "Game",
        "start.coming": "coming",
        "start.players": "Players",
        "start.mode": "Mode",
        "start.solo": "Solo against Klaus",
        "start.multi": "2–4 players",
        "start.level": "Klaus's level",
        "start.level.A": "A · medium",
        "start.level.B": "B · easy",
        "start.level.C": "C · hard",
        "start.seats": "Seats",
        "start.seat": "Seat {n}",
        "start.human": "Human",
        "start.computer": "Computer: {name}",
        "start.options": "Options",
        "start.scoring_card": "Scoring card",
        "start.random": "Random",
        "start.rounds": "Rounds",
        "start.seed": "Seed (optional)",
        "start.seed.hint": "Same seed, same shuffle.",
        "start.language": "Language",
        "start.patterns": "Colour-blind patterns",
        "start.new": "Start new game",
        "start.resume": "Resume {title}",
        "start.resume.detail": "{players} players · {moves} moves",
        "start.unavailable": "{title} is not available in this version yet.",
        "start.badsave": "Your saved game could not be read ({reason}). It was kept aside under “{where}”, and you can start a fresh game.",
        "start.build": "Version {build}",
        "start.rules": "Rules",
        "player.n": "Player {n}",
        "player.computer": "Player {n} (computer, {name})",
        "player.klaus": "Klaus",
        "game.turn": "{name} to play",
        "game.thinking": "{name} is thinking…",
        "game.undo": "Undo",
        "game.menu": "Menu",
        "game.log": "Game log",
        "game.actions": "Your options",
        "game.scores": "Scores",
        "game.over": "Game over",
        "game.winner": "{names} wins!",
        "game.winners": "Shared win: {names}",
        "game.again": "Play again",
        "game.home": "Back to start",
        "game.pass": "Pass the device to {name}",
        "game.pass.hint": "The other players look away now.",
        "game.pass.ready": "I am {name}: show my hand",
        "game.undone": "Move taken back.",
        "game.saved_failed": "Autosave failed: {reason}",
        "game.error": "Something went wrong: {reason}",
        "score.name": "Player",
        "score.points": "Points",
    },
    "es": {
        "app.title": "Juegos de casas",
        "app.tagline": "Tres juegos de mesa de construir casas, sin conexión en tu móvil.",
        "start.game": "Juego",
        "start.coming": "próximamente",
        "start.players": "Jugadores",
        "start.mode": "Modo",
        "start.solo": "Solitario contra Klaus",
        "start.multi": "2–4 jugadores",
        "start.level": "Nivel de Klaus",
        "start.level.A": "A · medio",
        "start.level.B": "B · fácil",
        "start.level.C": "C · difícil",
        "start.seats": "Asientos",
        "start.seat": "Asiento {n}",
        "start.human": "Persona",
        "start.computer": "Ordenador: {name}",
        "start.options": "Opciones",
        "start.scoring_card": "Carta de puntuación",
        "start.random": "Al azar",
        "start.rounds": "Rondas",
        "start.seed": "Semilla (opcional)",
        "start.seed.hint": "Misma semilla, mismo barajado.",
        "start.language": "Idioma",
        "start.patterns": "Tramas para daltónicos",
        "start.new": "Empezar partida nueva",
        "start.resume": "Continuar {title}",
        "start.resume.detail": "{players} jugadores · {moves} jugadas",
        "start.unavailable": "{title} aún no está disponible en esta versión.",
        "start.badsave": "No se pudo leer tu partida guardada ({reason}). Se ha apartado con la clave «{where}» y puedes empezar una partida nueva.",
        "start.build": "Versión {build}",
        "start.rules": "Reglas",
        "player.n": "Jugador {n}",
        "player.computer": "Jugador {n} (ordenador, {name})",
        "player.klaus": "Klaus",
        "game.turn": "Juega {name}",
        "game.thinking": "{name} está pensando…",
        "game.undo": "Deshacer",
        "game.menu": "Menú",
        "game.log": "Registro de la partida",
        "game.actions": "Tus opciones",
        "game.scores": "Puntuaciones",
        "game.over": "Fin de la partida",
        "game.winner": "¡Gana {names}!",
        "game.winners": "Victoria compartida: {names}",
        "game.again": "Jugar otra vez",
        "game.home": "Volver al inicio",
        "game.pass": "Pasa el dispositivo a {name}",
        "game.pass.hint": "Los demás jugadores no miran ahora.",
        "game.pass.ready": "Soy {name}: mostrar mi mano",
        "game.undone": "Jugada deshecha.",
        "game.saved_failed": "No se pudo guardar: {reason}",
        "game.error": "Algo ha fallado: {reason}",
        "score.name": "Jugador",
        "score.points": "Puntos",
    },
}


def register(strings: dict[str, dict[str, str]]) -> None:
    """Add a game screen's strings: ``{"en": {key: text}, "es": {key: text}}``."""
    for lang, table in strings.items():
        STRINGS.setdefault(lang, {}).update(table)


def t(key: str, lang: str = "en", **values: object) -> str:
    """The text for ``key`` in ``lang`` (falling back to English, then the key), formatted with ``values``."""
    text = STRINGS.get(lang, {}).get(key) or STRINGS["en"].get(key) or key
    return text.format(**values) if values else text
