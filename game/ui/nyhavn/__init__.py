"""Nyhavn's table screen (``SCREEN``), with its pure-Python layout in :mod:`.layout` and rules text in :mod:`.rules`.

The package's surface is the one every game screen has (``docs/architecture.md``):
``SCREEN`` and ``rules(lang)``.
"""

from __future__ import annotations

from .rules import rules_sections as rules
from .screen import NyhavnScreen as SCREEN

__all__ = ["SCREEN", "rules"]
