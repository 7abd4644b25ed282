"""Words every game's log shares: the supported languages and how seats are named.

The languages are the catalogue files of ``game/locale/`` (:mod:`game.core.locale`);
the UI names seats with the same key (``player.n``), so the log and the score table agree.
"""

from __future__ import annotations

from .locale import languages, text

LANGUAGES = languages()


def lang_code(lang: str) -> str:
    """``lang`` if the engines speak it, else English."""
    return lang if lang in LANGUAGES else "en"


def player_name(seat: int, lang: str) -> str:
    """A seat as the log names it: "Player 1" / "Jugador 1" / "Joueur 1"."""
    return text("player.n", lang_code(lang), n=seat + 1)
