"""Text catalogues: one JSON file per language in ``game/locale/``.

Each file maps a dotted key (``"barrio.market_too_big"``) to a text with
``{name}`` fields (:meth:`str.format`). Adding a language is adding one file;
a key missing from it falls back to English.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
FALLBACK = "en"


def languages() -> tuple[str, ...]:
    """The languages with a catalogue file, English first."""
    found = sorted(p.stem for p in LOCALE_DIR.glob("*.json"))
    return tuple(sorted(found, key=lambda code: code != FALLBACK))


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """Every key → text of ``lang`` (empty for a language with no file)."""
    path = LOCALE_DIR / f"{lang}.json"
    if not path.is_file():
        return {}
    texts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return texts


def has_text(key: str, lang: str) -> bool:
    """True when ``lang``'s own catalogue has ``key``."""
    return key in catalogue(lang)


def text(key: str, lang: str, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in (English if missing there).

    An unknown key gives the key itself, so a gap shows rather than crashing the page.
    """
    template = catalogue(lang).get(key) or catalogue(FALLBACK).get(key)
    if template is None:
        return key
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
