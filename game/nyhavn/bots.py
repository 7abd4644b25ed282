"""Nyhavn's computer players. Both decide from ``view()`` only, never the real hidden cards.

* ``"weak"`` — a beginner: builds whenever it can (the biggest tile, as low as
  possible), otherwise takes the adjacent pair that best matches its hand.
* ``"strong"`` — a search: it shortlists actions with a position evaluation
  (points, lines nearly complete, coats of arms, hand), then plays each one out
  on several determinizations of the view (hidden cards dealt at random) for a
  few turns with a greedy policy, and picks the best average outcome.
* ``"hard"`` — the same playouts over a wider shortlist, searched by sequential halving: every action on a few
  deals, then the better half on twice as many, until two are left.

Both searches have fixed budgets and no clock, so a seed replays the same game on any device.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core import IllegalAction, Rng
from ..core.search import Steps, finish, flat_monte_carlo_steps, halving_monte_carlo_steps
from . import rules
from .actions.build import build_options
from .actions.take import count_options, plain_pairs, options as take_options
from .state import ACTIVE, USED, State, placement_record
from .view import determinize
from .tiles import (
    COAT_MASK, COAT_ROWS, COL_MASKS, COLOURS, KIND_INDEX, KIND_SIZE, KINDS, ROW_MASKS,
)

Action = dict[str, Any]


def _pop(x: int) -> int:
    return x.bit_count()


# ----------------------------------------------------------------- evaluation

CELL_VALUE = 0.8  #: a built space: a step towards lines and the tie-break


def evaluate(s: State, p: int) -> float:
    """How good ``p``'s position is, in rough points: score plus the promise of the house and hand."""
    if s.phase == "over":
        if p in s.winners:
            return 100.0 if len(s.winners) == 1 else 50.0
        return -100.0 + s.scores[p]
    h = s.houses[p]
    occ, win = h[0], h[1]
    v = 3.0 * s.scores[p] + CELL_VALUE * _pop(occ)
    for r, m in enumerate(ROW_MASKS):
        k = _pop(occ & m)
        if k < 5:
            full_win = (win & m) == (occ & m)
            v += (k / 5) ** 3 * (1.6 if full_win else 1.0) * 2.0
            if r in COAT_ROWS:
                v += (k / 5) ** 3 * 1.5
    for m in COL_MASKS:
        k = _pop(occ & m)
        if k < 9:
            full_win = (win & m) == (occ & m)
            v += (k / 9) ** 2 * (1.8 if full_win else 1.0) * 4.0
    # Holes under built cells are spaces that are harder to fill later.
    holes = _pop(~occ & (occ >> 5) & ((1 << 40) - 1))
    v -= 0.25 * holes
    abil = s.abilities[p]
    v += 0.9 * sum(1 for a in abil if a == ACTIVE) + 0.4 * sum(1 for a in abil if a == USED)
    v += 2.5 * s.arms if s.seat == p else 0.0
    hand = s.hands[p]
    total = sum(hand)
    v += 0.3 * min(total, 7) + 0.2 * max(hand)
    v += 0.1 * sum(x * x for x in hand) / max(total, 1)
    return v


def relative(s: State, p: int) -> float:
    """``p``'s evaluation minus the best opponent's."""
    mine = evaluate(s, p)
    best = max((evaluate(s, q) for q in range(s.players) if q != p), default=0.0)
    return mine - best


# ----------------------------------------------------------------- the weak bot's rules

_ABILITY_PREFERENCE = ("both_actions", "construction_discount", "change_of_colours", "additional_card", "any_cards")


def weak_choice(s: State, legal: list[Action]) -> Action:
    """A beginner's move for the seat to move in ``s`` (``legal`` are its legal actions)."""
    p = s.seat
    ph = s.phase
    if ph in ("turn", "build"):
        builds = [a for a in legal if a["type"] == "build"]
        if builds:
            return max(builds, key=lambda a: (KIND_SIZE[KIND_INDEX[a["tile"]]], -a["row"], -a["col"]))
        takes = [a for a in legal if a["type"] == "take" and not a["abilities"]]
        if takes:
            hand = s.hands[p]
            return max(takes, key=lambda a: sum(hand[s.docks[d]] + 1 for d in a["docks"]))
        return legal[0]
    if ph == "discard":
        hand = s.hands[p]
        return min(legal, key=lambda a: hand[COLOURS.index(a["colour"])])
    if ph == "pay":
        return min(legal, key=lambda a: (a["discount"], len(a["cards"])))
    if ph == "arms":
        whites = [a for a in legal if a["choice"] == "white"]
        if whites:
            return min(whites, key=lambda a: (a["row"], a["col"]))
        abil = [a for a in legal if a["choice"] == "ability"]
        if abil:
            return min(abil, key=lambda a: _ABILITY_PREFERENCE.index(a["ability"]))
    return legal[0]


class WeakBot:
    """The beginner (see the module docstring)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick an action from the view alone."""
        if len(legal) == 1:
            return legal[0]
        return weak_choice(determinize(view, view["me"], self.seed), legal)


# ----------------------------------------------------------------- greedy policy with the evaluation

def _resolve(s: State, p: int) -> State:
    """Finish ``p``'s own follow-up decisions (payment, discards, arms) greedily, for judging an action."""
    guard = 0
    while s.phase in ("pay", "discard", "arms") and s.seat == p and guard < 12:
        acts = rules.legal_actions(s)
        s = rules.apply_action(s, greedy_followup(s, acts))
        guard += 1
    return s


def greedy_followup(s: State, legal: list[Action]) -> Action:
    """Payment, discards and coat-of-arms choices, judged one step ahead by the evaluation."""
    p = s.seat
    if s.phase == "pay":
        return min(legal, key=lambda a: (a["discount"], len(a["cards"]), -s.hands[p][COLOURS.index(next(iter(a["cards"])))] if a["cards"] else 0))
    if s.phase == "discard":
        hand = s.hands[p]
        return min(legal, key=lambda a: hand[COLOURS.index(a["colour"])])
    return max(legal, key=lambda a: evaluate(_resolve(rules.apply_action(s, a), p), p))


def greedy_choice(s: State, legal: list[Action], shortlist: int = 0) -> Action | list[Action]:
    """The action with the best evaluation after it (and its follow-ups); with ``shortlist``, the best few."""
    p = s.seat
    if s.phase not in ("turn", "build"):
        best = greedy_followup(s, legal)
        return [best] if shortlist else best
    scored = []
    for a in legal:
        if a["type"] == "take" and len(a["abilities"]) > 1:
            continue  # combos of several abilities are rarely worth judging
        after = _resolve(rules.apply_action(s, a), p)
        val = evaluate(after, p)
        if a["type"] == "take":
            val -= 0.6 * len(a["abilities"])  # keep ability tiles for when they matter
            if "both_actions" in a["abilities"]:
                val -= 0.8
        scored.append((val, a))
    if not scored:
        return legal[: shortlist or 1] if shortlist else legal[0]
    scored.sort(key=lambda x: -x[0])
    if shortlist:
        return [a for _, a in scored[:shortlist]]
    return scored[0][1]


# ----------------------------------------------------------------- the strong bot: search

def _rollout_policy(s: State, rng: Rng) -> Action:
    legal = rules.legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    return weak_choice(s, legal) if rng.randrange(4) == 0 else _fast_greedy(s, legal)


def _fast_greedy(s: State, legal: list[Action]) -> Action:
    """A cheap greedy step for playouts: build the tile that gains most, else take matching cards."""
    p = s.seat
    if s.phase in ("turn", "build"):
        builds = [a for a in legal if a["type"] == "build"]
        if builds:
            best, best_v = None, -1e9
            for a in builds:
                k = KIND_INDEX[a["tile"]]
                rec = placement_record(k, a["orient"], a["col"], a["row"])
                assert rec is not None  # a legal build lies on the house
                occ = s.houses[p][0] | rec[2]
                v = KIND_SIZE[k] * 1.0 - 0.15 * a["row"] + 2.0 * _pop(rec[2] & COAT_MASK)
                for m in ROW_MASKS:
                    if occ & m == m and s.houses[p][0] & m != m:
                        v += 4
                for m in COL_MASKS:
                    if occ & m == m and s.houses[p][0] & m != m:
                        v += 8
                if v > best_v:
                    best, best_v = a, v
            return best  # type: ignore[return-value]
        takes = [a for a in legal if a["type"] == "take" and not a["abilities"]]
        if takes:
            hand = s.hands[p]
            return max(takes, key=lambda a: sum(hand[s.docks[d]] + 1 for d in a["docks"]))
        return legal[0]
    return weak_choice(s, legal)


#: the most cells a tile covers: a line missing more cannot be completed by one tile
_LARGEST = max(KIND_SIZE)


def rollout_action(s: State, rng: Rng) -> Action:
    """The playouts' move: :func:`_rollout_policy`'s move with the same dice thrown, found without spelling every
    legal action as a dict at the start of a turn and in its build half, where most of a playout's time went
    (``tests/test_nyhavn_props.py`` checks the two agree)."""
    if s.phase not in ("turn", "build"):
        return _rollout_policy(s, rng)
    p = s.seat
    builds = build_options(s, p)
    if len(builds) + count_options(s, p) + (s.phase == "build") <= 1:  # end_turn is the build half's last option
        return rules.legal_actions(s)[0]
    beginner = rng.randrange(4) == 0
    if builds:
        if beginner:
            pick = max(builds, key=lambda b: (KIND_SIZE[b[0]], -b[3], -b[2]))
        else:
            pick = _greediest_build(s.houses[p][0], builds)
        return {"type": "build", "tile": KINDS[pick[0]], "orient": pick[1], "col": pick[2], "row": pick[3]}
    pairs = plain_pairs(s)
    if pairs:
        hand, docks = s.hands[p], s.docks
        best = max(pairs, key=lambda pair: hand[docks[pair[0]]] + hand[docks[pair[1]]])  # the beginner's sum less 2
        return {"type": "take", "docks": list(best), "abilities": []}
    return take_options(s, p)[0]


def _greediest_build(occupied: int, builds: list[tuple[int, int, int, int, int, bool]]) -> tuple[int, int, int, int, int, bool]:
    """:func:`_fast_greedy`'s build among :func:`~game.nyhavn.actions.build.build_options`, with the same sums in the
    same order: only the lines one tile could complete are tried."""
    lines = [(m & ~occupied, 4) for m in ROW_MASKS if occupied & m != m] \
        + [(m & ~occupied, 8) for m in COL_MASKS if occupied & m != m]
    lines = [line for line in lines if line[0].bit_count() <= _LARGEST]
    best, best_v = builds[0], -1e9
    for b in builds:
        cells = b[4]
        v = KIND_SIZE[b[0]] * 1.0 - 0.15 * b[3] + 2.0 * (cells & COAT_MASK).bit_count()
        for need, bonus in lines:
            if cells & need == need:
                v += bonus
        if v > best_v:
            best, best_v = b, v
    return best


#: The strong player's fixed budget, so a seed replays the same game on any device (no clock): determinizations
#: per decision, actions shortlisted, playout length. The former strong player (``lab/nyhavn/bots_v1.py``: 4
#: actions, 12 steps, 3 determinizations) gained nothing from more determinizations alone or a wider shortlist
#: alone; both together with longer playouts beat it (docs/nyhavn.md, the league)
STRONG_SAMPLES = 8
STRONG_SHORTLIST = 6
STRONG_DEPTH = 16


class StrongBot:
    """Shortlist by evaluation, then determinized playouts (see the module docstring)."""

    def __init__(self, seed: int = 0, shortlist: int = STRONG_SHORTLIST, samples: int = STRONG_SAMPLES,
                 depth: int = STRONG_DEPTH, iterations: int | None = None) -> None:
        self.rng = Rng(seed, stream=11)
        self.shortlist = shortlist
        self.depth = depth
        #: determinizations per decision: ``samples`` unless ``iterations`` gives another fixed number
        self.iterations = iterations if iterations is not None else samples

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Pick an action from the view alone."""
        return finish(self.choose_steps(view, legal))

    def choose_steps(self, view: dict[str, Any], legal: list[Action]) -> Steps[Action]:
        """:meth:`choose` as steps (``game.core.SteppedBot``): a pause after each playout."""
        if len(legal) == 1:
            return legal[0]
        me = view["me"]
        base = determinize(view, me, self.rng.next_u32())
        if base.phase not in ("turn", "build"):
            return greedy_followup(base, legal)
        cands = greedy_choice(base, legal, shortlist=self.shortlist)
        assert isinstance(cands, list)
        if len(cands) == 1:
            return cands[0]

        def play_out(world: State, action: Action, dice: Rng) -> State:
            s = rules.apply_action(world, action)
            steps = 0
            while s.phase != "over" and steps < self.depth:
                s = rules.apply_unchecked(s, self.rollout_step(s, dice))
                steps += 1
            return s

        return (yield from self.search_steps(cands, lambda seed: determinize(view, me, seed), play_out,
                                             lambda s: self.leaf_value(s, me)))

    def search_steps(self, cands: list[Action], deal: Callable[[int], State],
                     play_out: Callable[[State, Action, Rng], State], judge: Callable[[State], float]) -> Steps[Action]:
        """The shortlisted action its playouts favour: every one on the same :attr:`iterations` deals."""
        return (yield from flat_monte_carlo_steps(cands, deal, play_out, judge, self.rng, None, iterations=self.iterations))

    def rollout_step(self, s: State, dice: Rng) -> Action:
        """A playout's move for the seat to move in ``s`` (a lab candidate changes it: ``lab/nyhavn/candidate.py``)."""
        return rollout_action(s, dice)

    def leaf_value(self, s: State, me: int) -> float:
        """How a playout's end stands for ``me``."""
        return relative(s, me)


#: The hard player's fixed budget: sequential halving (``game.core.search.halving_monte_carlo``) over a wider
#: shortlist, from this many deals per action, doubled for the better half at each stage (8 actions: 8, 16 and 32
#: deals, 192 playouts, four times the strong player's 48). At the same cost, 32 deals for each of 6 actions did
#: worse against the strong player (docs/nyhavn.md, the league)
HARD_FIRST_ROUNDS = 8
HARD_SHORTLIST = 8
HARD_DEPTH = STRONG_DEPTH


class HardBot(StrongBot):
    """The strong player's playouts over a wider shortlist, searched by sequential halving (:data:`HARD_FIRST_ROUNDS`)."""

    def __init__(self, seed: int = 0, iterations: int | None = None) -> None:
        super().__init__(seed, shortlist=HARD_SHORTLIST, depth=HARD_DEPTH,
                         iterations=iterations if iterations is not None else HARD_FIRST_ROUNDS)

    def search_steps(self, cands: list[Action], deal: Callable[[int], State],
                     play_out: Callable[[State, Action, Rng], State], judge: Callable[[State], float]) -> Steps[Action]:
        """The shortlisted action its playouts favour, the better half of the actions kept at each stage."""
        return (yield from halving_monte_carlo_steps(cands, deal, play_out, judge, self.rng, self.iterations))


#: the computer strengths, weakest first
BOT_NAMES = ("weak", "strong", "hard")


def make_bot(name: str, seed: int, iterations: int | None = None) -> Any:
    """A computer player: ``"weak"``, ``"strong"`` or ``"hard"`` (a wider search on four times the strong one's work).

    Both searches have fixed budgets (:data:`STRONG_SAMPLES` determinizations per decision; :data:`HARD_FIRST_ROUNDS`
    for each action at the first stage of hard's halving), so the same seed plays the same game on any machine;
    ``iterations`` gives either another one (the lab's comparisons, the coach's own budget).
    """
    if iterations is not None and (not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1):
        raise IllegalAction(key="nyhavn.bad_iterations", iterations=iterations)
    if name == "weak":
        return WeakBot(seed)
    if name == "strong":
        return StrongBot(seed, iterations=iterations)
    if name == "hard":
        return HardBot(seed, iterations)
    raise IllegalAction(key="nyhavn.unknown_bot", name=name, choices=", ".join(BOT_NAMES))
