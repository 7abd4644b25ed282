"""Candidates for Barrio's strong player, for :mod:`lab.league` (issue 34).

``python3 -m lab.league barrio h3=lab.barrio.candidate:make_bot:first=3 --pool v1,h3 ...``: the name after the
function's colon lists ``knob=value`` pairs (comma-separated):

- ``first``: the hard player's search (sequential halving over its wider shortlist, longer playouts) starting
  from this many deals per candidate instead of its own :data:`game.barrio.bots.HARD_FIRST_ROUNDS`.
"""

from __future__ import annotations

from typing import Any

from game.barrio import bots


def make_bot(name: str, seed: int, iterations: int | None = None) -> Any:
    """A candidate from ``knob=value,…`` (see the module docstring); the league's budget is not used."""
    knobs = dict(part.split("=", 1) for part in name.split(",") if "=" in part)
    return bots.HardBot(seed, iterations=int(knobs.get("first", bots.HARD_FIRST_ROUNDS)))
