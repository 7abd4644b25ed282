"""Which of Barrio's table targets show the coach's hint (pure: no browser needed)."""

from __future__ import annotations

from typing import Any

from .table import taps_for


def hint_keys(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """The target keys a player taps, in order, to make ``action``: the first is the hint's first step."""
    try:
        return taps_for(action, view, legal)
    except (ValueError, KeyError):  # an action the table has no taps for: the hint's words alone
        return []
