"""Nyhavn's table screen (:mod:`.screen`), with its pure-Python layout in :mod:`.layout`, rules text in
:mod:`.help` and the coach's marks in :mod:`.hint_targets`.

The package's surface is the one every game screen has (``docs/architecture.md``): ``SPEC``, a
:class:`~game.ui.catalog.ScreenSpec`.
"""

from __future__ import annotations

from ..catalog import ScreenSpec
from .guide_steps import guide
from .hint_targets import hint_keys
from .help import rules_sections
from .screen import NyhavnScreen

SPEC = ScreenSpec(screen=NyhavnScreen, rules=rules_sections, hint_keys=hint_keys, guide=guide)

__all__ = ["SPEC"]
