"""Words shared by the past games, statistics and daily screens: modes, levels, results, dates, challenges."""

from __future__ import annotations

from ..core.locale import text


def mode_words(mode: str, lang: str) -> str:
    return text(f"mode.{mode}", lang)


def level_words(level: str, lang: str) -> str:
    """Klaus's level or the computers' strength in words (``-``: none)."""
    return "" if level in ("", "-") else text(f"level.{level}", lang)


def result_words(result: str | None, lang: str) -> str:
    return text(f"result.{result}", lang) if result else ""


def when_words(stamp: str, lang: str) -> str:
    """A record's ``YYYY-MM-DDTHH:MM:SSZ`` as ``YYYY-MM-DD HH:MM UTC`` ("" when unknown)."""
    if not stamp:
        return ""
    return text("when.utc", lang, when=stamp[:16].replace("T", " "))


def challenge_words(challenge: str, lang: str) -> str:
    return text(f"challenge.{challenge}", lang)
