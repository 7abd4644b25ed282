"""Computer-player search written once for every game.

:func:`ismcts` is determinized Monte Carlo tree search (single-observer
information-set MCTS, Cowling et al. 2012): each iteration deals the hidden
cards anew from the player's *view* (``spec.determinize``), walks a tree
keyed by actions, plays out with a cheap policy and backs up a reward. It
never looks at the real hidden cards.

The searches on a fixed budget also come as *steps* (``…_steps``): a generator that pauses after each playout
and returns the choice, so the app's worker can answer a tap in the middle of a long decision
(:class:`~game.core.contract.SteppedBot`); :func:`finish` runs steps to the end, and the plain functions are
exactly that, so both give the same choice from the same random numbers.
"""

from __future__ import annotations

import json
import math
import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Callable, Generator, Iterator, TypeVar

from .contract import GameSpec
from .rng import Rng

Action = dict[str, Any]
T = TypeVar("T")
#: a computation that pauses (``yield``) where it may be interrupted and returns its result (a decision's steps)
Steps = Generator[None, None, T]


def finish(steps: Steps[T]) -> T:
    """Run ``steps`` to the end and return its result.

    >>> def count() -> Steps[int]:
    ...     yield
    ...     yield
    ...     return 2
    >>> finish(count())
    2
    """
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def action_key(action: Action) -> str:
    """A canonical string for an action, usable as a dict key."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def default_reward(spec: GameSpec, state: Any, player: int) -> float:
    """Reward in [0, 1] for ``player``: 1 for a win, 0.5 shared, else by score margin."""
    scores = spec.scores(state)
    if spec.is_over(state):
        winners = spec.winners(state)
        if player in winners:
            return 1.0 if len(winners) == 1 else 0.5
        return 0.0
    best_other = max((s for i, s in enumerate(scores) if i != player), default=0)
    margin = scores[player] - best_other
    return 0.5 + 0.5 * math.tanh(margin / 10.0)


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "player")

    def __init__(self, player: int | None) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.player = player  # who moved into this node


def ismcts(
    spec: GameSpec,
    view: dict[str, Any],
    player: int,
    legal: list[Action],
    rng: Rng,
    iterations: int = 200,
    time_limit_s: float | None = None,
    rollout_policy: Callable[[Any, list[Action], Rng], Action] | None = None,
    rollout_depth: int = 40,
    reward: Callable[[Any, Any, int], float] = default_reward,
    exploration: float = 0.7,
) -> Action:
    """Return the action of ``legal`` that the search visits most.

    ``rollout_policy(state, legal, rng)`` plays the simulation (uniform random
    by default); ``rollout_depth`` caps it, after which ``reward`` judges the
    position. ``time_limit_s`` stops early when given.
    """
    if len(legal) == 1:
        return legal[0]
    legal_keys = {action_key(a): a for a in legal}
    root = _Node(None)
    deadline = None if time_limit_s is None else time.perf_counter() + time_limit_s
    policy = rollout_policy or (lambda s, acts, r: acts[r.randrange(len(acts))])
    for it in range(iterations):
        if deadline is not None and it > 0 and time.perf_counter() > deadline:
            break
        state = spec.determinize(view, player, rng.next_u32())
        node = root
        path = [root]
        # Selection / expansion.
        while not spec.is_over(state):
            mover = spec.current_player(state)
            acts = legal if node is root else spec.legal_actions(state)
            if not acts:
                break
            keyed = {action_key(a): a for a in acts} if node is not root else legal_keys
            for k in keyed:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            untried = [k for k in keyed if k not in node.children]
            if untried:
                k = untried[rng.randrange(len(untried))]
                child = _Node(mover)
                child.avail = 1
                node.children[k] = child
                state = spec.apply_action(state, keyed[k])
                path.append(child)
                node = child
                break
            best_k, best_v = None, -1.0
            for k in keyed:
                c = node.children[k]
                v = c.total / c.visits + exploration * math.sqrt(math.log(max(c.avail, 1)) / c.visits)
                if v > best_v:
                    best_k, best_v = k, v
            assert best_k is not None  # every child has been tried, so one was best
            state = spec.apply_action(state, keyed[best_k])
            node = node.children[best_k]
            path.append(node)
        # Simulation.
        depth = 0
        while depth < rollout_depth and not spec.is_over(state):
            acts = spec.legal_actions(state)
            if not acts:
                break
            state = spec.apply_action(state, policy(state, acts, rng))
            depth += 1
        # Backpropagation: each node is judged by the player who moved into it.
        cache: dict[int, float] = {}
        for n in path:
            n.visits += 1
            if n.player is not None:
                if n.player not in cache:
                    cache[n.player] = reward(spec, state, n.player)
                n.total += cache[n.player]
    best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].total))[0] if root.children else None
    return legal_keys.get(best, legal[0]) if best else legal[0]


class RandomBot:
    """Plays a uniformly random legal action. The floor every strength must beat."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


@dataclass(frozen=True)
class SearchReport:
    """What one :func:`flat_monte_carlo` or :func:`halving_monte_carlo` decision found: every candidate's mean outcome.

    ``means[i]`` is the mean of ``evaluate`` over the ``counts[i]`` deals
    candidate ``i`` was played out on (``None`` if none); ``best`` is the index
    chosen. Rounds are paired, so differences between means are what the
    search itself compared. The coach (:mod:`game.core.coaching`) turns these
    figures into a reason a player can read.
    """

    candidates: tuple[Action, ...]
    means: tuple[float | None, ...]
    counts: tuple[int, ...]
    best: int

    @property
    def rounds(self) -> int:
        """Deals the chosen candidate was played out on."""
        return self.counts[self.best]

    def mean_of(self, action: Action) -> float | None:
        """The mean outcome of ``action`` (``None`` when it was not a candidate or never played)."""
        key = action_key(action)
        for cand, mean in zip(self.candidates, self.means):
            if action_key(cand) == key:
                return mean
        return None

    def runner_up(self) -> int | None:
        """Index of the best candidate other than the chosen one (``None`` with a single candidate), among the others
        played on the most deals: after sequential halving, the last one the choice was compared with (one dropped
        early has a mean over a few deals only, so its mean is no match for the finalists')."""
        others = [i for i in range(len(self.candidates)) if i != self.best and self.means[i] is not None]
        if not others:
            return None
        most = max(self.counts[i] for i in others)
        return max((i for i in others if self.counts[i] == most), key=lambda i: (self.means[i], -i))


_observers: ContextVar[tuple[Callable[[SearchReport], None], ...]] = ContextVar("search_observers", default=())


@contextmanager
def search_reports() -> Iterator[list[SearchReport]]:
    """Collect the :class:`SearchReport` of every :func:`flat_monte_carlo` and :func:`halving_monte_carlo` decision made inside the block
    (and of any player that searches by its own loop and says so with :func:`publish`).

    A bot's ``choose`` needs no change for its caller to see the figures
    behind its choice (the hint does this). Decisions with a single candidate
    compare nothing and are not reported.
    """
    found: list[SearchReport] = []
    token = _observers.set(_observers.get() + (found.append,))
    try:
        yield found
    finally:
        _observers.reset(token)


def publish(report: SearchReport) -> None:
    """Hand ``report`` to every :func:`search_reports` block around this call: for a player that searches by a loop
    of its own (Neue Heimat's hard player), as :func:`flat_monte_carlo` and :func:`halving_monte_carlo` do."""
    for observe in _observers.get():
        observe(report)


def flat_monte_carlo(
    candidates: list[Action],
    deal: Callable[[int], Any],
    play_out: Callable[[Any, Action, Rng], Any],
    evaluate: Callable[[Any], float],
    rng: Rng,
    time_limit_s: float | None,
    max_rounds: int = 64,
    iterations: int | None = None,
    on_result: Callable[[SearchReport], None] | None = None,
) -> Action:
    """:func:`flat_monte_carlo_steps` run to the end."""
    return finish(flat_monte_carlo_steps(candidates, deal, play_out, evaluate, rng, time_limit_s, max_rounds,
                                         iterations, on_result))


def flat_monte_carlo_steps(
    candidates: list[Action],
    deal: Callable[[int], Any],
    play_out: Callable[[Any, Action, Rng], Any],
    evaluate: Callable[[Any], float],
    rng: Rng,
    time_limit_s: float | None,
    max_rounds: int = 64,
    iterations: int | None = None,
    on_result: Callable[[SearchReport], None] | None = None,
) -> Steps[Action]:
    """Determinized flat Monte Carlo: the candidate with the best mean outcome (a step after each playout).

    Each round deals the hidden cards anew (``deal(seed)`` builds a full state
    from the player's view, never the real hidden cards) and plays every
    candidate out from that same deal with the same dice (``play_out(world,
    action, rng)``), so candidates are compared in pairs and luck cancels out;
    ``evaluate`` scores the end position for the deciding player. It runs at
    least one round, then stops at ``max_rounds`` or when ``time_limit_s`` is
    spent. This is what the games' strong players use: with a 100 ms budget a
    few good candidates searched deeply beat a thin tree over every action.

    ``iterations`` (when given) is a fixed number of rounds instead of the
    clock: the same seed and budget then give the same choice on any machine,
    which is what reproducible balance runs need (the app keeps its time budget).

    ``on_result`` (when given) receives the :class:`SearchReport` of the
    decision, as do the collectors of :func:`search_reports`; neither changes
    the choice or the random numbers drawn.
    """
    if len(candidates) == 1:
        return candidates[0]
    if iterations is not None:
        max_rounds, deadline = max(1, iterations), float("inf")
    else:
        deadline = time.perf_counter() + (time_limit_s if time_limit_s is not None else 0.0)
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    for rounds in range(max_rounds):
        if rounds > 0 and time.perf_counter() > deadline:
            break
        seed = rng.next_u32()
        world = deal(seed)
        for i, action in enumerate(candidates):
            if rounds > 0 and time.perf_counter() > deadline:
                break
            totals[i] += evaluate(play_out(world, action, Rng(seed, stream=9)))
            counts[i] += 1
            yield
    best = max(range(len(candidates)), key=lambda i: (totals[i] / counts[i] if counts[i] else float("-inf"), -i))
    if on_result is not None or _observers.get():
        report = SearchReport(tuple(candidates), tuple(t / c if c else None for t, c in zip(totals, counts)),
                              tuple(counts), best)
        if on_result is not None:
            on_result(report)
        publish(report)
    return candidates[best]


def halving_monte_carlo(
    candidates: list[Action],
    deal: Callable[[int], Any],
    play_out: Callable[[Any, Action, Rng], Any],
    evaluate: Callable[[Any], float],
    rng: Rng,
    first_rounds: int,
    keep_at_least: int = 2,
) -> Action:
    """:func:`halving_monte_carlo_steps` run to the end."""
    return finish(halving_monte_carlo_steps(candidates, deal, play_out, evaluate, rng, first_rounds, keep_at_least))


def halving_monte_carlo_steps(
    candidates: list[Action],
    deal: Callable[[int], Any],
    play_out: Callable[[Any, Action, Rng], Any],
    evaluate: Callable[[Any], float],
    rng: Rng,
    first_rounds: int,
    keep_at_least: int = 2,
) -> Steps[Action]:
    """Determinized Monte Carlo by sequential halving (Karnin et al. 2013): wide, then deep on the best (a step after
    each playout).

    Stage one plays every candidate on ``first_rounds`` fresh deals (paired: each deal and its dice are
    shared by every candidate, as in :func:`flat_monte_carlo`); each later stage keeps the better half of the
    candidates by mean so far (never fewer than ``keep_at_least``) and doubles the deals, so each stage costs
    about the same and the last two or three candidates are compared on many deals. The stage after the one
    that leaves ``keep_at_least`` candidates is the last. Survivors have seen the same deals, so their means
    stay paired. A fixed budget: no clock, the same seed gives the same choice.
    """
    if len(candidates) == 1:
        return candidates[0]
    totals = [0.0] * len(candidates)
    counts = [0] * len(candidates)
    alive = list(range(len(candidates)))
    rounds = max(1, first_rounds)
    while True:
        for _ in range(rounds):
            seed = rng.next_u32()
            world = deal(seed)
            for i in alive:
                totals[i] += evaluate(play_out(world, candidates[i], Rng(seed, stream=9)))
                counts[i] += 1
                yield
        if len(alive) <= keep_at_least:
            break
        alive.sort(key=lambda i: (-totals[i] / counts[i], i))
        alive = sorted(alive[:max(keep_at_least, (len(alive) + 1) // 2)])
        rounds *= 2
    best = max(alive, key=lambda i: (totals[i] / counts[i], -i))
    if _observers.get():
        publish(SearchReport(tuple(candidates), tuple(t / c if c else None for t, c in zip(totals, counts)),
                             tuple(counts), best))
    return candidates[best]
