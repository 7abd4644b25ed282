"""Neue Heimat's table screen (:mod:`.screen`), with its pure-Python drawing in :mod:`.table`, words in
:mod:`.labels`, rules in :mod:`.help` and the coach's marks in :mod:`.hint_targets`.

The package's surface is the one every game screen has (``docs/architecture.md``): ``SPEC``, a
:class:`~game.ui.catalog.ScreenSpec`.
"""

from __future__ import annotations

from ..catalog import ScreenSpec
from .guide_steps import guide
from .help import rules
from .hint_targets import hint_keys
from .screen import NeueHeimatScreen

SPEC = ScreenSpec(screen=NeueHeimatScreen, rules=rules, hint_keys=hint_keys, guide=guide)

__all__ = ["SPEC", "rules"]
