"""Words every game's log shares: the supported languages and how seats are named.

The UI names seats the same way (``game/ui/i18n.py``: "Player N", "Jugador N"),
so the log and the score table agree.
"""

from __future__ import annotations

LANGUAGES = ("en", "es")


def lang_code(lang: str) -> str:
    """``lang`` if the engines speak it, else English."""
    return lang if lang in LANGUAGES else "en"


def player_name(seat: int, lang: str) -> str:
    """A seat as the log names it: "Player 1" / "Jugador 1"."""
    return f"Jugador {seat + 1}" if lang_code(lang) == "es" else f"Player {seat + 1}"
