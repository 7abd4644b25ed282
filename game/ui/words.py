"""Words shared by the past games, statistics and daily screens: modes, levels, results, dates, challenges."""

from __future__ import annotations

from .catalog import TITLES
from .i18n import register, t

register({
    "en": {
        "mode.solo": "Solo against Klaus",
        "mode.daily": "Daily deal",
        "mode.computer": "Against the computer",
        "mode.table": "Several players",
        "mode.demo": "Computers only",
        "level.A": "Klaus A · medium",
        "level.B": "Klaus B · easy",
        "level.C": "Klaus C · hard",
        "level.weak": "weak computer",
        "level.strong": "strong computer",
        "level.mixed": "mixed computers",
        "result.win": "won",
        "result.tie": "shared win",
        "result.loss": "lost",
        "challenge.barrio-A": "Barrio solo against Klaus, level A (medium)",
        "challenge.barrio-B": "Barrio solo against Klaus, level B (easy)",
        "challenge.barrio-C": "Barrio solo against Klaus, level C (hard)",
        "challenge.nyhavn-score": "Nyhavn score challenge: you against the weak computer, for your best score",
        "when.utc": "{when} UTC",
    },
    "es": {
        "mode.solo": "Solitario contra Klaus",
        "mode.daily": "Reto del día",
        "mode.computer": "Contra el ordenador",
        "mode.table": "Varios jugadores",
        "mode.demo": "Solo ordenadores",
        "level.A": "Klaus A · medio",
        "level.B": "Klaus B · fácil",
        "level.C": "Klaus C · difícil",
        "level.weak": "ordenador flojo",
        "level.strong": "ordenador fuerte",
        "level.mixed": "ordenadores mezclados",
        "result.win": "ganada",
        "result.tie": "victoria compartida",
        "result.loss": "perdida",
        "challenge.barrio-A": "Barrio en solitario contra Klaus, nivel A (medio)",
        "challenge.barrio-B": "Barrio en solitario contra Klaus, nivel B (fácil)",
        "challenge.barrio-C": "Barrio en solitario contra Klaus, nivel C (difícil)",
        "challenge.nyhavn-score": "Reto de puntos de Nyhavn: tú contra el ordenador flojo, a por tu mejor puntuación",
        "when.utc": "{when} UTC",
    },
})


def game_title(game_id: str) -> str:
    """A game's name as the start screen shows it."""
    return TITLES.get(game_id, game_id)


def mode_words(mode: str, lang: str) -> str:
    return t(f"mode.{mode}", lang)


def level_words(level: str, lang: str) -> str:
    """Klaus's level or the computers' strength in words (``-``: none)."""
    return "" if level in ("", "-") else t(f"level.{level}", lang)


def result_words(result: str | None, lang: str) -> str:
    return t(f"result.{result}", lang) if result else ""


def when_words(stamp: str, lang: str) -> str:
    """A record's ``YYYY-MM-DDTHH:MM:SSZ`` as ``YYYY-MM-DD HH:MM UTC`` ("" when unknown)."""
    if not stamp:
        return ""
    return t("when.utc", lang, when=stamp[:16].replace("T", " "))


def challenge_words(challenge: str, lang: str) -> str:
    return t(f"challenge.{challenge}", lang)
