"""Words shared by the past games, statistics and daily screens: modes, levels, results, dates, challenges."""

from __future__ import annotations

from typing import Any

from ..core.contract import GameSpec
from ..core.locale import text


def mode_words(mode: str, lang: str) -> str:
    return text(f"mode.{mode}", lang)


def level_words(level: str, lang: str) -> str:
    """Klaus's level or the computers' strength in words (``-``: none)."""
    return "" if level in ("", "-") else text(f"level.{level}", lang)


def option_words(spec: GameSpec, players: int, options: dict[str, Any], lang: str) -> str:
    """A game's start options as the start screen words them ("Who starts: Seat 2; Rounds: 5"); those a game was
    played without (older games: who starts) are left out."""
    parts = []
    for option in spec.options:
        if option.name not in options or not option.applies(players):
            continue
        value = options[option.name]
        if option.choice_format and value in option.choices:
            shown = text(option.choice_format, lang, **option.choice_values[option.choices.index(value)])
        elif option.choice_text:
            shown = text(f"{option.choice_text}{value}", lang)
        else:
            shown = str(value)
        parts.append(text("replay.option", lang, option=text(option.label, lang), value=shown))
    return "; ".join(parts)


def result_words(result: str | None, lang: str) -> str:
    return text(f"result.{result}", lang) if result else ""


def when_words(stamp: str, lang: str) -> str:
    """A record's ``YYYY-MM-DDTHH:MM:SSZ`` as ``YYYY-MM-DD HH:MM UTC`` ("" when unknown)."""
    if not stamp:
        return ""
    return text("when.utc", lang, when=stamp[:16].replace("T", " "))


def challenge_words(challenge: str, lang: str) -> str:
    return text(f"challenge.{challenge}", lang)
