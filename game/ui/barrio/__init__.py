"""Barrio in the browser: the table (:mod:`.table`, pure), card looks (:mod:`.look`), rules (:mod:`.help`),
the coach's marks (:mod:`.hint_targets`) and the screen (:mod:`.screen`).

The package's surface is the one every game screen has (``docs/architecture.md``): ``SPEC``, a
:class:`~game.ui.catalog.ScreenSpec`.
"""

from __future__ import annotations

from ..catalog import ScreenSpec
from .guide_steps import guide
from .hint_targets import hint_keys
from .help import rules
from .screen import BarrioScreen

SPEC = ScreenSpec(screen=BarrioScreen, rules=rules, hint_keys=hint_keys, guide=guide)

__all__ = ["SPEC"]
