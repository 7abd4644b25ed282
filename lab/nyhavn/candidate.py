"""Candidates for Nyhavn's strong player, for :mod:`lab.league` (issue 34): the strong search with one change each.

``python3 -m lab.league nyhavn d16=lab.nyhavn.candidate:make_bot:depth=16 --pool v1 ...``: the name after the
function's colon lists ``knob=value`` pairs (comma-separated) over the strong player's defaults:

- ``depth``: playout steps, ``shortlist``: actions searched (the strong player's by default);
- ``rounds``: determinizations per decision, instead of the league's budget for strong (its own fixed budget);
- ``first``: search by sequential halving (``game.core.search.halving_monte_carlo``) from this many deals per
  shortlisted action, doubled for the better half at each stage, instead of every action on ``rounds`` deals;
- ``weak``: one rollout step in ``weak`` is the beginner's rule (4: one in four);
- ``leaf``: ``best`` (the strong player's: own evaluation minus the best rival's) or ``race`` (the same, with
  points weighed by how near they bring a player to the 12 that end the game).
"""

from __future__ import annotations

from typing import Any, Callable

from game.core import Rng
from game.core.search import Steps, halving_monte_carlo_steps
from game.nyhavn import bots, rules
from game.nyhavn.state import State

Action = dict[str, Any]


def race(s: State, p: int) -> float:
    """``p``'s evaluation with each point worth more the nearer it brings ``p`` to 12."""
    return bots.evaluate(s, p) + (0.0 if s.phase == "over" else 0.25 * s.scores[p] ** 2)


def leaf_value(kind: str) -> Callable[[State, int], float]:
    judge = race if kind == "race" else bots.evaluate

    def value(s: State, p: int) -> float:
        mine = judge(s, p)
        return mine - max((judge(s, q) for q in range(s.players) if q != p), default=0.0)
    return value


class Candidate(bots.StrongBot):
    """The strong search with the knobs given (its playout step and leaf value are the strong player's hooks)."""

    def __init__(self, seed: int, iterations: int | None, knobs: dict[str, str]) -> None:
        super().__init__(seed, shortlist=int(knobs.get("shortlist", bots.STRONG_SHORTLIST)),
                         depth=int(knobs.get("depth", bots.STRONG_DEPTH)),
                         iterations=iterations)
        self.weak_one_in = int(knobs.get("weak", 4))
        self.leaf = leaf_value(knobs.get("leaf", "best"))
        self.first = int(knobs["first"]) if "first" in knobs else None

    def search_steps(self, cands: list[Action], deal: Callable[[int], State],
                     play_out: Callable[[State, Action, Rng], State], judge: Callable[[State], float]) -> Steps[Action]:
        if self.first is None:
            return (yield from super().search_steps(cands, deal, play_out, judge))
        return (yield from halving_monte_carlo_steps(cands, deal, play_out, judge, self.rng, self.first))

    def rollout_step(self, s: State, dice: Rng) -> Action:
        acts = rules.legal_actions(s)
        if len(acts) == 1:
            return acts[0]
        if self.weak_one_in and dice.randrange(self.weak_one_in) == 0:
            return bots.weak_choice(s, acts)
        return bots._fast_greedy(s, acts)

    def leaf_value(self, s: State, me: int) -> float:
        return self.leaf(s, me)


def make_bot(name: str, seed: int, iterations: int | None = None) -> Any:
    """A candidate from ``knob=value,…`` (see the module docstring); ``strong`` alone is the strong player."""
    knobs = dict(part.split("=", 1) for part in name.split(",") if "=" in part)
    return Candidate(seed, int(knobs["rounds"]) if "rounds" in knobs else iterations, knobs)
