"""Candidates for Barrio's strong player, for :mod:`lab.league` (issue 34).

``python3 -m lab.league barrio h3=lab.barrio.candidate:make_bot:first=3 --pool v1,h3 ...``: the name after the
function's colon lists ``knob=value`` pairs (comma-separated). Every candidate searches by sequential halving
(:func:`game.core.search.halving_monte_carlo`, or flat with ``flat=1``) on a fixed budget; its knobs, each the hard player's by default:

- ``first``: deals per candidate in the first stage (:data:`game.barrio.bots.HARD_FIRST_ROUNDS`);
- ``width``, ``places``, ``others``: the shortlist (:func:`game.barrio.bots.candidates`; the strong player's is
  7, 3, 2);
- ``extra``: turns its playouts look beyond the strong player's (:data:`game.barrio.bots.HARD_EXTRA_TURNS`, the hard
  player's alone against Klaus; against rivals it searches flat at strong's depth, :func:`game.barrio.bots.hard_depth`);
- ``bonus``: the reward added to the heuristic's own move (:data:`game.barrio.bots.HARD_FIRST_BONUS`);
- ``flat``: 1 for the strong player's flat search instead (``first`` deals for every candidate).
"""

from __future__ import annotations

from typing import Any

from game.barrio import bots
from game.barrio.state import State
from game.core.search import Steps, halving_monte_carlo_steps


class Candidate(bots.StrongBot):
    """The hard player's kind of search with its knobs set (see the module docstring)."""

    def __init__(self, seed: int, first: int, width: int, places: int, others: int, extra: int, bonus: float,
                 flat: bool = False) -> None:
        super().__init__(seed, width=width, iterations=first)
        self.places, self.others, self.extra, self.bonus, self.flat = places, others, extra, bonus, flat

    def shortlist(self, s: State) -> list[bots.Action]:
        return bots.candidates(s, self.width, self.places, self.others)

    def search_steps(self, view: dict[str, Any], player: int, canon: list[bots.Action]) -> Steps[bots.Action]:
        if self.flat:
            return (yield from bots.flat_search_steps(view, player, canon, self.rng, 1e9,
                                                      turns_ahead=bots.playout_turns(view) + self.extra,
                                                      iterations=self.iterations, first_bonus=self.bonus))
        deal, play_out, judge = bots._playouts(view, player, canon[0], bots.playout_turns(view) + self.extra, self.bonus)
        return (yield from halving_monte_carlo_steps(canon, deal, play_out, judge, self.rng, self.iterations or 1))


def make_bot(name: str, seed: int, iterations: int | None = None) -> Any:
    """A candidate from ``knob=value,…`` (see the module docstring). The league's rounds (``iterations``, its
    ``--iterations``) cap ``first``: its default, the strong player's 12, is above every first stage in the docs,
    so their figures stand, and a smoke run at ``--iterations 1`` plays one deal per candidate."""
    knobs = dict(part.split("=", 1) for part in name.split(",") if "=" in part)
    first = int(knobs.get("first", bots.HARD_FIRST_ROUNDS))
    return Candidate(seed, first=min(first, iterations) if iterations else first,
                     width=int(knobs.get("width", bots.HARD_WIDTH)), places=int(knobs.get("places", bots.HARD_PLACES)),
                     others=int(knobs.get("others", bots.HARD_OTHERS)), extra=int(knobs.get("extra", bots.HARD_EXTRA_TURNS)),
                     bonus=float(knobs.get("bonus", bots.HARD_FIRST_BONUS)), flat=knobs.get("flat") == "1")
