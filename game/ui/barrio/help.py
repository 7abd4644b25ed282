"""Barrio's in-app help: the rules and a first-game guide (the project's own words).

The texts are the keys ``rules.barrio.*`` of ``game/locale/<lang>.json``; the first section is the first-game guide.
"""

from __future__ import annotations

from ...core.locale import rule_sections


def rules(lang: str) -> list[tuple[str, list[str]]]:
    """The rules sections for ``lang`` (English when the language is unknown)."""
    return rule_sections("barrio", lang)
