"""Barrio in the browser: the table (:mod:`.table`, pure), card looks (:mod:`.look`), rules (:mod:`.rules`)
and the screen (:mod:`.screen`, needs the page).

The app finds the screen as ``game.ui.barrio.SCREEN``; it is imported on first
use so that the pure modules also load under CPython (tests) without ``js``.
"""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    """``SCREEN`` / ``BarrioScreen``: the browser screen, imported lazily (it needs Pyodide's ``js``)."""
    if name in ("SCREEN", "BarrioScreen"):
        from .screen import BarrioScreen

        return BarrioScreen
    raise AttributeError(name)
