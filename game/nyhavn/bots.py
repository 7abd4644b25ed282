"""Nyhavn's computer players; both decide from ``view()`` only."""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, Rng

def make_bot(name: str, seed: int) -> Any:
    raise IllegalAction("todo")
