"""Neue Heimat's table screen (``SCREEN``), with its pure-Python drawing in :mod:`.table` and words in :mod:`.words`.

The package's surface is the one every game screen has (``docs/architecture.md``):
``SCREEN`` and ``rules(lang)``.
"""

from __future__ import annotations

from .screen import NeueHeimatScreen as SCREEN
from .words import RULES


def rules(lang: str) -> list[tuple[str, list[str]]]:
    """The in-app rules as (heading, paragraphs), in ``lang`` (English when there is no translation)."""
    return [(head, [text]) for head, text in RULES.get(lang, RULES["en"])]


__all__ = ["SCREEN", "rules"]
