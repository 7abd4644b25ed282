"""Words shared by the past games, statistics and daily screens: modes, levels, results, dates, challenges."""

from __future__ import annotations

from datetime import datetime, timezone
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


def date_words(year: int, month: int, day: int, lang: str) -> str:
    """A day in the language's one date style ("Nov 27, 2026", "27 nov 2026", "27 nov. 2026"); ``site/start.js``
    writes the same from the same texts (``app.date``, ``app.month.N``)."""
    return text("app.date", lang, year=year, month=text(f"app.month.{month}", lang), day=day)


def moment_words(moment: datetime, lang: str) -> str:
    """A moment in the device's local time in the language's one style: "Nov 27, 2026, 2:57 PM", "27 nov 2026, 14:57".
    (Pyodide's clock follows the browser's time zone.)"""
    local = moment.astimezone() if moment.tzinfo is not None else moment
    if text("app.clock", lang) == "12":
        half = text("app.time.am" if local.hour < 12 else "app.time.pm", lang)
        clock = f"{(local.hour + 11) % 12 + 1}:{local.minute:02d} {half}"
    else:
        clock = f"{local.hour}:{local.minute:02d}"
    return text("app.date_time", lang, date=date_words(local.year, local.month, local.day, lang), time=clock)


def when_words(stamp: str, lang: str) -> str:
    """A record's ``YYYY-MM-DDTHH:MM:SSZ`` in words, local time ("" when unknown or unreadable)."""
    try:
        moment = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
    except (TypeError, ValueError):
        return ""
    return moment_words(moment, lang)


def day_words(day: str, lang: str) -> str:
    """A deal's day ``YYYY-MM-DD`` in words ("Nov 27, 2026"); the text itself when it is no day."""
    try:
        found = datetime.strptime(day, "%Y-%m-%d")
    except (TypeError, ValueError):
        return day
    return date_words(found.year, found.month, found.day, lang)


def challenge_words(challenge: str, lang: str) -> str:
    return text(f"challenge.{challenge}", lang)
