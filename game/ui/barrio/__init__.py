"""Barrio in the browser: the table (:mod:`.table`, pure), card looks (:mod:`.look`), rules (:mod:`.rules`)
and the screen (:mod:`.screen`).

The package's surface is the one every game screen has (``docs/architecture.md``):
``SCREEN`` and ``rules(lang)``.
"""

from __future__ import annotations

from .rules import rules
from .screen import BarrioScreen as SCREEN

__all__ = ["SCREEN", "rules"]
