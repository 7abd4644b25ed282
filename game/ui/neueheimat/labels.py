"""Neue Heimat's screen in words: labels, prompts, names of colours, rows and pieces (keys ``nh.*``).

Everything goes through :func:`game.core.locale.text` under the ``nh.`` prefix, so a
missing Spanish line falls back to English rather than to a bare key.
"""

from __future__ import annotations

from typing import Any

from ...core.locale import text


class _Words:
    """A short list of words per language, read from keys ``<prefix>.0``, ``<prefix>.1``…: ``COLOUR_NAMES[lang][i]``."""

    def __init__(self, prefix: str, size: int) -> None:
        self.prefix, self.size = prefix, size

    def __getitem__(self, lang: str) -> tuple[str, ...]:
        return tuple(text(f"{self.prefix}.{i}", lang) for i in range(self.size))

    def get(self, lang: str, default: object = None) -> tuple[str, ...]:
        return self[lang]


class _Reasons:
    """Why a round ends, per language: ``REASONS[lang][reason]`` (keys ``nh.reason.<reason>``)."""

    def get(self, lang: str, default: object = None) -> dict[str, str]:
        return self[lang]

    def __getitem__(self, lang: str) -> dict[str, str]:
        return {r: text(f"nh.reason.{r}", lang) for r in ("two_rows", "no_roofs", "all_built", "no_pieces")}


COLOUR_NAMES = _Words("nh.colour_name", 6)
ROW_NAMES = _Words("nh.row_name", 3)
ROW_SHORT = _Words("nh.row_short", 3)
REASONS = _Reasons()


def w(key: str, lang: str, **values: Any) -> str:
    """Neue Heimat's text for ``key`` in ``lang``."""
    return text(f"nh.{key}", lang, **values)


def piece_words(piece: dict[str, Any] | None, lang: str) -> str:
    """A piece in a few words: "the red 5", "roof 3", "permit II", "the mayor"."""
    if not piece:
        return "?"
    kind = piece["kind"]
    if kind == "cube":
        return w("piece.cube", lang, colour=COLOUR_NAMES.get(lang, COLOUR_NAMES["en"])[piece["colour"]], pips=piece["pips"])
    if kind == "roof":
        return w("piece.roof", lang, value=piece["value"]) if piece["value"] else w("piece.blank", lang)
    if kind == "permit":
        return w("piece.permit", lang, size="I" * piece["size"])
    return w(f"piece.{kind}", lang)
