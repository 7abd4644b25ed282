"""Computer players: a quick heuristic ("weak") and determinized Monte Carlo search ("strong", and "hard" with a
larger fixed budget).

Both decide from ``view(state, seat)`` only. The heuristic needs a full state
to reuse the engine's helpers, so it works on a determinization of the view
(which deals the unseen cards at random: it never sees the real ones) and
only looks at what the seat can see anyway: its hand, the market, the face-up
rows. The strong player is a flat determinized Monte Carlo search (:func:`flat_search`): it plays the
heuristic's few best candidates out with the heuristic on fresh deals of the hidden cards, paired across
candidates. (``game.core.search.ismcts`` spread its few affordable iterations too thin: it chose almost at random.)
"""

from __future__ import annotations

import math
from typing import Any, Callable

from ..core import Rng
from ..core.search import Steps, finish, flat_monte_carlo_steps, halving_monte_carlo_steps
from . import cards as C
from . import market, panoramas, rules
from .actions import draw, place
from .scoring import scores, winners
from .state import State
from .view import determinize

Action = dict[str, Any]
Cell = tuple[int, int]
Placement = tuple[int, int, int]  # (material card, row, col)
#: a market line's cells, their cards and every way they pay a house (``market.payments``)
_LinePayments = tuple[list[Cell], list[int], list[tuple[dict[str, str], list[int]]]]
#: what the line valuation needs of a line (``_line_base``): plain counts, doubles, size, each target's deficit
_LineBase = tuple[list[int], list[tuple[int, int]], int, dict[int, int]]

_FRACTION = (1.0, 0.45, 0.15, 0.04, 0.01, 0.0, 0.0, 0.0, 0.0, 0.0)


def _targets(s: State) -> list[int]:
    """Houses the seat to move could build: its hand's (2-4 players) or the house market's (solo)."""
    if s.solo:
        return [h for h in s.house_market if h >= 0]
    return [h for h in s.hands[s.seat] if h >= C.NUM_MATERIALS]


def line_counts(line_cards: list[int]) -> tuple[list[int], list[tuple[int, int]]]:
    """Plain material counts of some cards and the pairs of their doubles."""
    have = [0, 0, 0, 0, 0]
    doubles = []
    for c in line_cards:
        if c >= C.NUM_MATERIALS:
            continue
        k = C.KIND[c]
        if k < 5:
            have[k] += 1
        elif k != C.BURRUNO:
            doubles.append(C.DOUBLE_OF[k])
    return have, doubles


def _deficit(cost: tuple[int, ...], have: list[int], doubles: list[tuple[int, int]]) -> int:
    s0, s1, s2, s3, s4 = cost[0] - have[0], cost[1] - have[1], cost[2] - have[2], cost[3] - have[3], cost[4] - have[4]
    if doubles:
        short = [s0, s1, s2, s3, s4]
        for a, b in doubles:
            if short[a] > 0:
                short[a] -= 1
            elif short[b] > 0:
                short[b] -= 1
        s0, s1, s2, s3, s4 = short
    return (s0 if s0 > 0 else 0) + (s1 if s1 > 0 else 0) + (s2 if s2 > 0 else 0) + (s3 if s3 > 0 else 0) + (s4 if s4 > 0 else 0)


def deficit(house: int, line_cards: list[int]) -> int:
    """Materials the house still lacks from these cards (doubles fill any gap they can)."""
    have, doubles = line_counts(line_cards)
    return _deficit(C.COST[house], have, doubles)


def _rubble_value(s: State, card: int) -> float:
    sc = C.SCORING[s.scoring_card]
    if card < C.NUM_MATERIALS and C.KIND[card] == C.BURRUNO:
        return sc["burruno"]
    return sc["rubble"]


_HOUSE_VALUES: dict[tuple[int, tuple[tuple[int, ...], ...]], float] = {}


def _house_value(s: State, house: int) -> float:
    """The house's points plus the most it adds to the seat's panoramas (remembered: panoramas change rarely)."""
    pans = s.panoramas[s.seat]
    key = (house, tuple(map(tuple, pans)))
    got = _HOUSE_VALUES.get(key)
    if got is None:
        if len(_HOUSE_VALUES) > 20000:
            _HOUSE_VALUES.clear()
        got = _HOUSE_VALUES[key] = _house_value_of(pans, house)
    return got


def _house_value_of(pans: list[list[int]], house: int) -> float:
    base = panoramas.panoramas_points(pans)
    best = 0
    for opt in panoramas.panorama_options(pans, house):
        trial = [p[:] for p in pans]
        panoramas.add_to_panorama(trial, house, opt)
        best = max(best, panoramas.panoramas_points(trial) - base)
    return C.POINTS[house] + best + 1.5


def _build_value(s: State, a: Action, known: dict[tuple[int, str, int], _LinePayments] | None = None) -> float:
    """The heuristic value of a build: the house's worth less its rubble (``known`` keeps each line's
    payments for the builds of one position)."""
    key = (a["house"], a["line"]["axis"], a["line"]["index"])
    got = known.get(key) if known is not None else None
    if got is None:
        cells = market.line_cells(s.market, a["line"]["axis"], a["line"]["index"])
        cards = [s.market[p] for p in cells]
        got = (cells, cards, market.payments(a["house"], cards))
        if known is not None:
            known[key] = got
    cells, cards, pays = got
    paid = next(pd for use, pd in pays if use == a["use"])
    v = _house_value(s, a["house"])
    v += sum(_rubble_value(s, c) for c in cards if c not in paid)
    if s.solo:
        after = dict(s.market)
        for p in cells:
            del after[p]
        if not market.fits(after, True) and len(after) > 1:
            v -= 3
    return v


_DEFICITS: dict[tuple[tuple[int, ...], tuple[tuple[int, int], ...]], dict[int, int]] = {}  # (line counts, doubles) -> {house: deficit}, shared by all positions


def _line_base(cards: list[int], targets: list[int]) -> _LineBase:
    """What the line valuation needs of a line's cards: plain counts, doubles, size, each target's deficit."""
    have, doubles = line_counts(cards)
    return have, doubles, len(cards), {h: _deficit(C.COST[h], have, doubles) for h in targets}


def _line_value(base: _LineBase, k: int, targets: list[int], values: dict[int, float]) -> float:
    """How much a material of kind ``k`` added to a line (``_line_base``) helps build a target."""
    have, doubles, size, before = base
    if k < 5:
        have = have[:]
        have[k] += 1
    elif k != C.BURRUNO:
        doubles = doubles + [C.DOUBLE_OF[k]]
    best = 0.0
    memo = _DEFICITS.get((tuple(have), tuple(doubles)))
    if memo is None:
        if len(_DEFICITS) > 50000:
            _DEFICITS.clear()
        memo = _DEFICITS[(tuple(have), tuple(doubles))] = {}
    cost, cost_size, fraction = C.COST, C.COST_SIZE, _FRACTION
    for h in targets:
        d = memo.get(h)
        if d is None:
            d = memo[h] = _deficit(cost[h], have, doubles)
        extra = size + 1 - cost_size[h] - d
        v = values[h] * fraction[d] - (0.4 * extra if extra > 0 else 0.0)
        if d < before[h]:
            v += 0.3
        if v > best:
            best = v
    return best


#: (targets, their values) -> {a line's cards: {-1: _line_base, kind: _line_value}}: the line values of a
#: seat's placements, shared by every position of a search where the seat has the same houses
_GAINS: dict[tuple[tuple[int, ...], tuple[float, ...]], dict[tuple[int, ...], dict[int, Any]]] = {}


class _LineValues:
    """The line values of one position's placements: per line, ``{-1: _line_base, kind: _line_value}``, shared
    through ``_GAINS`` by every position of a search where the seat has the same houses (a line's value depends on
    its cards and the kind only)."""

    __slots__ = ("cards_of", "gains", "by_line", "targets", "values")

    def __init__(self, s: State, targets: list[int], values: dict[int, float]) -> None:
        cards_of: dict[tuple[int, int], list[int]] = {}
        for (r, c), card in s.market.items():
            cards_of.setdefault((0, r), []).append(card)
            cards_of.setdefault((1, c), []).append(card)
        ctx = (tuple(targets), tuple(values[h] for h in targets))
        gains = _GAINS.get(ctx)
        if gains is None:
            if len(_GAINS) > 1000:
                _GAINS.clear()
            gains = _GAINS[ctx] = {}
        self.cards_of, self.gains, self.targets, self.values = cards_of, gains, targets, values
        self.by_line: dict[tuple[int, int], dict[int, Any]] = {}

    def line(self, line: tuple[int, int]) -> dict[int, Any]:
        known = self.by_line.get(line)
        if known is None:
            cards = tuple(self.cards_of.get(line, ()))
            known = self.gains.get(cards)
            if known is None:
                if len(self.gains) > 2000:
                    self.gains.clear()
                known = self.gains[cards] = {-1: _line_base(list(cards), self.targets)}
            self.by_line[line] = known
        return known

    def value(self, k: int, row: dict[int, Any], col: dict[int, Any]) -> float:
        """The better line's value (line values are never negative), less a little for a Burruño."""
        g: float | None = row.get(k)
        if g is None:
            g = row[k] = _line_value(row[-1], k, self.targets, self.values)
        h: float | None = col.get(k)
        if h is None:
            h = col[k] = _line_value(col[-1], k, self.targets, self.values)
        best = h if h > g else g
        return best - 0.5 if k == C.BURRUNO else best


def _scored_places(s: State, opts: list[tuple[int, int, list[int]]], targets: list[int],
                   values: dict[int, float]) -> list[tuple[Placement, float]]:
    """The distinct placements of ``opts`` (``place.by_cell``: one per material kind and cell, the first listed, in
    the order ``place.options`` lists them) with their heuristic values. A placement is worth the better of its
    row and column for a target house, less a little for a Burruño and much for overflowing the solo market; line
    values depend on the line and the kind only, so each is worked out once."""
    lines = _LineValues(s, targets, values)
    if s.solo:
        return _scored_solo_places(s, opts, lines)
    kind = C.KIND
    out: list[tuple[Placement, float]] = []
    for r, c, mats in opts:  # cell by cell, each kind once
        row, col = lines.line((0, r)), lines.line((1, c))
        seen: list[int] = []
        for m in mats:
            k = kind[m]
            if k not in seen:
                seen.append(k)
                out.append(((m, r, c), lines.value(k, row, col)))
    return out


def _scored_solo_places(s: State, opts: list[tuple[int, int, list[int]]],
                        lines: _LineValues) -> list[tuple[Placement, float]]:
    """:func:`_scored_places` in solo: every cell takes the same materials, listed material by material (the first of
    each kind), and a cell beyond 3x5 costs the overflow."""
    out: list[tuple[Placement, float]] = []
    if not opts:
        return out
    r0, c0, r1, c1 = market.market_box(s.market) or (opts[0][0], opts[0][1], opts[0][0], opts[0][1])
    cells = []
    for r, c, _ in opts:
        h, w = max(r1, r) - min(r0, r) + 1, max(c1, c) - min(c0, c) + 1
        overflow = 0.0 if (h <= 3 and w <= 5) or (h <= 5 and w <= 3) else 6.0
        cells.append((r, c, lines.line((0, r)), lines.line((1, c)), overflow))
    kinds: list[int] = []
    for m in opts[0][2]:
        k = C.KIND[m]
        if k not in kinds:
            kinds.append(k)
            out += [((m, r, c), lines.value(k, row, col) - overflow) for r, c, row, col, overflow in cells]
    return out


def _by_cell(places: list[Action]) -> list[tuple[int, int, list[int]]]:
    """Placement actions, as ``options`` lists them, grouped by cell as ``place.by_cell`` lists them."""
    cells: dict[Cell, list[int]] = {}
    for a in places:
        cells.setdefault((a["row"], a["col"]), []).append(a["card"])
    return [(r, c, mats) for (r, c), mats in cells.items()]


def _draw_value(s: State, a: Action, targets: list[int]) -> float:
    src = a["source"]
    if src == "material_deck":
        return 0.5
    if src == "house_deck":
        houses = sum(1 for c in s.hands[s.seat] if c >= C.NUM_MATERIALS)
        return 0.6 if houses < 2 else -1.0
    card = a["card"]
    if src == "house_market":
        houses = sum(1 for c in s.hands[s.seat] if c >= C.NUM_MATERIALS)
        if houses >= 3:
            return -1.0
        return 0.4 + C.POINTS[card] / max(2, C.COST_SIZE[card]) + (1.0 if houses == 0 else 0.0)
    k = C.KIND[card]
    if k == C.BURRUNO:
        return 0.7 if s.solo else -1.0  # solo: keep it from Klaus
    kinds = C.DOUBLE_OF.get(k, (k,))
    return 0.3 + 0.35 * sum(1 for h in targets if any(C.COST[h][x] for x in kinds))


def greedy_action(s: State, legal: list[Action], rng: Rng) -> Action:
    """The heuristic move for the seat to move in the full state ``s`` (uses only what that seat sees)."""
    if len(legal) == 1:
        return legal[0]
    ph = s.phase
    kind = legal[0]["type"]
    if ph == "keep":
        hand = s.hands[s.seat]
        good = sorted((h for h in hand if C.COST_SIZE[h] <= 3), key=lambda h: -C.POINTS[h])[:3]
        want = sorted(good)
        return next((a for a in legal if sorted(a["cards"]) == want), legal[0])
    if ph in ("panorama", "gap", "klaus_tie", "combo", "full_grid"):
        if ph == "panorama":
            pans = s.panoramas[s.seat]
            house = s.pending["house"]

            def gain(a: Action) -> float:
                trial = [p[:] for p in pans]
                panoramas.add_to_panorama(trial, house, a)
                return panoramas.panoramas_points(trial) + (0.1 if a["choice"] != "new" else 0)
            return max(legal, key=gain)
        if ph in ("combo", "full_grid"):
            houses = [a for a in legal if "house" in a]
            return max(houses, key=lambda a: C.POINTS[a["house"]]) if houses else legal[-1]
        return legal[0]
    targets = _targets(s)
    if ph == "placed2":
        builds = [a for a in legal if a["type"] == "build"]
        if builds:
            known: dict[tuple[int, str, int], _LinePayments] = {}
            best, best_v = builds[0], _build_value(s, builds[0], known)
            for a in builds[1:]:  # the first of the best, as max() would give
                v = _build_value(s, a, known)
                if v > best_v:
                    best, best_v = a, v
            if best_v > 0.5 or not any(a["type"] == "draw" for a in legal):
                return best
    places = [a for a in legal if a["type"] == "place"]
    draws = [a for a in legal if a["type"] == "draw"]
    if ph in ("start", "placed1") and places:
        at = _place_or_draw(s, lambda values: _contenders(_scored_places(s, _by_cell(places), targets, values)), draws,
                            targets, rng)
        if at is None:
            return max(draws, key=lambda a: _draw_value(s, a, targets))
        return next(a for a in places if a["card"] == at[0] and a["row"] == at[1] and a["col"] == at[2])
    if draws:
        mix = [rng.next_u32()]

        def noisy(a: Action) -> float:
            mix[0] = (mix[0] * 1103515245 + 12345) & 0xFFFFFFFF
            return _draw_value(s, a, targets) + (mix[0] >> 16) * (0.05 / 65536)
        return max(draws, key=noisy)
    if kind == "discard_houses":
        # Only reached with nothing else useful: drop the dearest house.
        worst = max((a for a in legal if a["type"] == "discard_houses" and len(a["cards"]) == 1),
                    key=lambda a: C.COST_SIZE[a["cards"][0]], default=None)
        if worst:
            return worst
    return legal[rng.randrange(len(legal))]


#: the placements' noise generator (``mix = (mix * 1103515245 + 12345) mod 2**32``) stepped i + 1 times as
#: ``(multiplier, increment)``: the i-th placement's noise without stepping through those before it
_STEPS: list[tuple[int, int]] = [(1103515245, 12345)]


def _contenders(scored: list[tuple[Placement, float]]) -> list[tuple[int, int, Placement, float]]:
    """The placements of ``scored`` (``_scored_places``) that may win once noise is added, in order, each with the
    noise generator's steps to its place (``_STEPS``): the noise is under 0.05, so a placement 0.06 below the best
    value ends strictly below the best placement and can be neither chosen nor tied with."""
    if not scored:
        return []
    top = max(v for _, v in scored)
    out = []
    for i, (a, v) in enumerate(scored):
        if v > top - 0.06:
            while len(_STEPS) <= i:
                mul, inc = _STEPS[-1]
                _STEPS.append(((mul * 1103515245) & 0xFFFFFFFF, (inc * 1103515245 + 12345) & 0xFFFFFFFF))
            mul, inc = _STEPS[i]
            out.append((mul, inc, a, v))
    return out


def _place_or_draw(s: State, contenders: Callable[[dict[int, float]], list[tuple[int, int, Placement, float]]],
                   draws: list[Action] | None, targets: list[int], rng: Rng) -> Placement | None:
    """The heuristic's choice in phase ``start`` or ``placed1`` with placements on offer: the best
    placement ``(card, row, col)``, or None to draw instead. ``contenders(values)`` gives the distinct
    placements that may win (``_contenders`` of ``_scored_places``), asked only when the choice depends on them."""
    ph = s.phase
    values = {h: _house_value(s, h) for h in targets}
    mix = rng.next_u32()  # one draw per decision: a little noise per distinct placement breaks ties
    mats = sum(1 for c in s.hands[s.seat] if c < C.NUM_MATERIALS)
    no_houses = not s.solo and not targets
    if ph == "start" and draws and (mats < 2 or no_houses):
        return None  # drawing whatever the placements are worth
    best_a: Placement | None = None
    best_v = -1e9
    for mul, inc, a, value in contenders(values):
        v = value + (((mix * mul + inc) & 0xFFFFFFFF) >> 16) * (0.05 / 65536)
        if v > best_v:
            best_a, best_v = a, v
    if ph == "start":
        return None if draws and best_v < 0.2 else best_a
    # second placement: place it when it makes or nears a build, else draw two
    if best_v >= 0.4 * max(values.values(), default=1) or not draws:
        return best_a
    return None


class _Placements:
    """A position's placements by cell (``place.by_cell``) and, once asked, those that may win (``_contenders``)."""

    __slots__ = ("by_cell", "contenders")

    def __init__(self, by_cell: list[tuple[int, int, list[int]]]) -> None:
        self.by_cell = by_cell
        self.contenders: list[tuple[int, int, Placement, float]] | None = None


#: position -> its _Placements: playouts of one decision meet the same
#: positions again and again (every deal shares the market and the searching seat's hand)
#: (about 4 kB a position: at most 4,000 kept, a phone browser has little memory to spare)
_PLACEMENTS: dict[tuple[object, ...], _Placements] = {}


def playout_action(s: State, rng: Rng) -> Action:
    """``greedy_action(s, rules.legal_actions(s), rng)`` without listing every placement as an action:
    the same action and the same draws of ``rng`` (what the search's playouts call at every step)."""
    if s.phase in ("start", "placed1"):
        key = (s.placed, s.solo, frozenset(s.market.items()), tuple(s.hands[s.seat]),
               tuple(map(tuple, s.panoramas[s.seat])), tuple(s.house_market) if s.solo else None)
        memo = _PLACEMENTS.get(key)
        if memo is None:
            if len(_PLACEMENTS) > 4000:
                _PLACEMENTS.clear()
            memo = _PLACEMENTS[key] = _Placements(place.by_cell(s))
        opts = memo.by_cell
        draws = draw.options(s, s.seat) if opts else None
        # with a draw or two placements there are two legal actions at least: the placement branch decides
        if draws or (opts and (len(opts) > 1 or len(opts[0][2]) > 1)):
            targets = _targets(s)

            def contenders(values: dict[int, float]) -> list[tuple[int, int, Placement, float]]:
                if memo.contenders is None:
                    memo.contenders = _contenders(_scored_places(s, opts, targets, values))
                return memo.contenders
            best = _place_or_draw(s, contenders, draws, targets, rng)
            if best is None:
                assert draws  # _place_or_draw chooses to draw only when a draw is legal
                return max(draws, key=lambda a: _draw_value(s, a, targets))
            return {"type": "place", "card": best[0], "row": best[1], "col": best[2]}
    return greedy_action(s, rules.legal_actions(s), rng)


def canonical_actions(s: State) -> list[Action]:
    """Legal actions with interchangeable ones merged (the same material kind at the same place)."""
    legal = rules.legal_actions(s)
    if s.phase not in ("start", "placed1", "placed2", "drawing", "topup"):
        return legal
    out: list[Action] = []
    seen: set[tuple[object, ...]] = set()
    for a in legal:
        t = a["type"]
        key: tuple[object, ...] | None
        if t == "place":
            key = ("p", C.KIND[a["card"]], a["row"], a["col"])
        elif t == "draw" and a["source"] == "warehouse":
            key = ("w", C.KIND[a["card"]])
        elif t == "discard_houses" and len(a["cards"]) > 2:
            continue  # rarely useful; keeps the tree small
        else:
            key = None
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def candidates(s: State, k: int = 5, places: int = 3, others: int = 2) -> list[Action]:
    """A few promising actions, the heuristic's own choice first: what the search branches on (at most
    ``places`` placements and ``others`` of each other type besides the heuristic's own)."""
    legal = canonical_actions(s)
    if len(legal) <= 2:
        return legal
    first = greedy_action(s, legal, Rng(0))  # fresh: the shortlist depends on the position only
    if s.phase not in ("start", "placed1", "placed2", "drawing", "topup"):
        return [first] + [a for a in legal if a != first][: k - 1]
    targets = _targets(s)
    values = {h: _house_value(s, h) for h in targets}
    opts = _by_cell([a for a in legal if a["type"] == "place"])
    placed = {(C.KIND[m], r, c): v for (m, r, c), v in _scored_places(s, opts, targets, values)}
    scored = []
    for a in legal:
        t = a["type"]
        if t == "place":
            v = placed[(C.KIND[a["card"]], a["row"], a["col"])]
        elif t == "build":
            v = _build_value(s, a) + 2
        elif t == "draw":
            v = _draw_value(s, a, targets)
        else:
            v = -5.0
        scored.append((v, a))
    out = [first]
    by_type: dict[str, int] = {}
    for _v, a in sorted(scored, key=lambda x: -x[0]):
        if a == first:
            continue
        n = by_type.get(a["type"], 0)
        if n >= (places if a["type"] == "place" else others):
            continue
        by_type[a["type"]] = n + 1
        out.append(a)
        if len(out) >= k:
            break
    return out


class WeakBot:
    """Heuristic player: builds what it can, places toward its houses, draws what helps."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed, stream=3)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        s = determinize(view, view["you"], self.rng.next_u32())
        return greedy_action(s, legal, self.rng)


def _potential(s: State, seat: int) -> float:
    """A little credit for cards in hand that are likely to become points."""
    hand = s.hands[seat] if seat < s.players else []
    mats = sum(1 for c in hand if c < C.NUM_MATERIALS and C.KIND[c] != C.BURRUNO)
    houses = sorted((C.POINTS[c] for c in hand if c >= C.NUM_MATERIALS), reverse=True)[:2]
    if s.solo:
        return 0.15 * min(mats, 5) if seat == 0 else 0.2 * len(s.klaus_hand)
    return 0.2 * min(mats, 5) + 0.25 * sum(houses)


def evaluate(s: State, player: int) -> float:
    """Reward in [0, 1] for ``player``: the result when over, else the score margin with potential."""
    if rules.is_over(s):
        w = winners(s)
        return (1.0 if len(w) == 1 else 0.5) if player in w else 0.0
    sc = scores(s)
    mine = sc[player] + _potential(s, player)
    other = max(sc[i] + _potential(s, i) for i in range(len(sc)) if i != player)
    return 0.5 + 0.5 * math.tanh((mine - other) / 6.0)


#: How many candidates the strong player compares: wide (7) with few rounds beat narrow with many in duels
WIDTH = 7
#: The hard player's candidates (halving spends little on the poor ones): all, placements, each other kind's
HARD_WIDTH, HARD_PLACES, HARD_OTHERS = 12, 5, 3
#: From this many players (rivals, not Klaus) the strong player compares the hard player's 12 (league, docs/barrio.md)
WIDE_FROM_PLAYERS = 2
#: Reward added to the heuristic's own move in every playout (about half a point of margin): a rival must beat noise
FIRST_BONUS = 0.04


def _playouts(view: dict[str, Any], player: int, first: Action, ahead: int,
              first_bonus: float) -> tuple[Callable[[int], State], Callable[[State, Action, Rng], tuple[State, bool]],
                                           Callable[[tuple[State, bool]], float]]:
    """The searches' deal (the hidden cards from the view), playout (the action, then the heuristic for every seat
    for ``ahead`` turns) and judgement (:func:`evaluate`, plus ``first_bonus`` for ``first``, the heuristic's move)."""

    def play_out(world: State, action: Action, dice: Rng) -> tuple[State, bool]:
        stop_turn = world.turn_number + ahead
        s = rules.apply_unchecked(world, action)
        steps = 0
        while s.phase != "over" and s.turn_number < stop_turn and steps < 60:
            s = rules.apply_unchecked(s, playout_action(s, dice))
            steps += 1
        return s, action is first

    return (lambda seed: determinize(view, player, seed), play_out,
            lambda r: evaluate(r[0], player) + (first_bonus if r[1] else 0.0))


def playout_turns(view: dict[str, Any]) -> int:
    """Turns a playout lasts: to the end of this player's next turn (Klaus's turn too, in solo)."""
    return 2 if view["players"] == 1 else view["players"] + 1


def flat_search(view: dict[str, Any], player: int, cands: list[Action], rng: Rng, time_limit_s: float,
                max_rounds: int = 64, turns_ahead: int | None = None, iterations: int | None = None,
                first_bonus: float = FIRST_BONUS) -> Action:
    """:func:`flat_search_steps` run to the end."""
    return finish(flat_search_steps(view, player, cands, rng, time_limit_s, max_rounds, turns_ahead, iterations,
                                    first_bonus))


def flat_search_steps(view: dict[str, Any], player: int, cands: list[Action], rng: Rng, time_limit_s: float,
                      max_rounds: int = 64, turns_ahead: int | None = None, iterations: int | None = None,
                      first_bonus: float = FIRST_BONUS) -> Steps[Action]:
    """Determinized Monte Carlo over a few candidates (``game.core.flat_monte_carlo``): each played out with the
    heuristic for every seat to the end of this player's next turn (Klaus's too, in solo; ``turns_ahead`` otherwise)
    on ``iterations`` deals (else on the clock). Every playout of ``cands[0]`` (from :func:`candidates`, the
    heuristic's own move; with at most two legal moves, the first) gets ``first_bonus`` (:data:`FIRST_BONUS`)."""
    ahead = turns_ahead if turns_ahead is not None else playout_turns(view)
    deal, play_out, judge = _playouts(view, player, cands[0], ahead, first_bonus)
    return (yield from flat_monte_carlo_steps(cands, deal, play_out, judge, rng, time_limit_s, max_rounds, iterations))


#: The strong player's fixed budget, deals per decision: as strong on a slow phone as here, a seed replays the same
#: game (its former 40 ms clock gave 19 at 2 players here, 2 at 4 players on a phone)
STRONG_ROUNDS = 12


class StrongBot:
    """Determinized Monte Carlo search over the heuristic's best few moves, with heuristic play-outs."""

    def __init__(self, seed: int = 0, time_limit_s: float = 0.04, width: int = WIDTH,
                 iterations: int | None = STRONG_ROUNDS) -> None:  # None: on the clock (the lab's timing runs)
        self.rng = Rng(seed, stream=5)
        self.time_limit_s, self.width, self.iterations = time_limit_s, width, iterations

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return finish(self.choose_steps(view, legal))

    def choose_steps(self, view: dict[str, Any], legal: list[Action]) -> Steps[Action]:
        """:meth:`choose` as steps (``game.core.SteppedBot``): a pause after each playout."""
        if len(legal) == 1:
            return legal[0]
        player = view["you"]
        s = determinize(view, player, self.rng.next_u32())
        if view["phase"] in ("gap", "keep"):
            return greedy_action(s, legal, self.rng)
        canon = self.shortlist(s)
        if len(canon) == 1:
            return _match(canon[0], legal)
        return _match((yield from self.search_steps(view, player, canon)), legal)

    def shortlist(self, s: State) -> list[Action]:
        """The moves its search compares (:func:`candidates`): wider from :data:`WIDE_FROM_PLAYERS` players."""
        if s.players >= WIDE_FROM_PLAYERS:
            return candidates(s, HARD_WIDTH, HARD_PLACES, HARD_OTHERS)
        return candidates(s, self.width)

    def search_steps(self, view: dict[str, Any], player: int, canon: list[Action]) -> Steps[Action]:
        return (yield from flat_search_steps(view, player, canon, self.rng, self.time_limit_s, iterations=self.iterations))


#: The hard player's fixed budget (a seed replays the same game on any device): sequential halving from this many
#: deals per candidate, doubled at each halving (12 candidates: 6, 12, 24 and 48 deals, about 310 playouts)
HARD_FIRST_ROUNDS = 6
#: Turns its playouts look beyond the strong player's (which stop at the end of its own next turn) alone against
#: Klaus: two more of its own turns; and its bonus for the heuristic's own move: its deeper, more numerous deals need
#: less noise covered
HARD_EXTRA_TURNS, HARD_FIRST_BONUS = 2, 0.01
#: From :data:`WIDE_FROM_PLAYERS` players the hard player is a flat search over more candidates (all, placements, each
#: other kind) on this many deals per deal of its budget (24; the coach's 12): 20 beat 12 where deeper halving did not
HARD_WIDE_SHORTLIST, HARD_WIDE_ROUNDS = (20, 8, 5), 4


def hard_depth(players: int) -> tuple[int, float]:
    """The hard player's turns beyond the strong player's and its bonus: against rivals (:data:`WIDE_FROM_PLAYERS`)
    the strong player's, where width pays and deeper halving lost (docs/barrio.md). The coach reads it too."""
    return (HARD_EXTRA_TURNS, HARD_FIRST_BONUS) if players < WIDE_FROM_PLAYERS else (0, FIRST_BONUS)


class HardBot(StrongBot):
    """A wider search than strong's on a larger fixed budget: flat against rivals, halving played out further in solo."""

    def __init__(self, seed: int = 0, iterations: int | None = None) -> None:
        super().__init__(seed, width=HARD_WIDTH, iterations=iterations if iterations is not None else HARD_FIRST_ROUNDS)

    def shortlist(self, s: State) -> list[Action]:
        if s.players >= WIDE_FROM_PLAYERS:
            return candidates(s, *HARD_WIDE_SHORTLIST)
        return candidates(s, self.width, HARD_PLACES, HARD_OTHERS)

    def search_steps(self, view: dict[str, Any], player: int, canon: list[Action]) -> Steps[Action]:
        deals, (extra, bonus) = self.iterations or HARD_FIRST_ROUNDS, hard_depth(view["players"])
        if view["players"] >= WIDE_FROM_PLAYERS:
            return (yield from flat_search_steps(view, player, canon, self.rng, 1e9, turns_ahead=playout_turns(view) + extra,
                                                 iterations=HARD_WIDE_ROUNDS * deals, first_bonus=bonus))
        deal, play_out, judge = _playouts(view, player, canon[0], playout_turns(view) + extra, bonus)
        return (yield from halving_monte_carlo_steps(canon, deal, play_out, judge, self.rng, deals))


def _match(action: Action, legal: list[Action]) -> Action:
    return action if action in legal else legal[0]


BOT_NAMES = ("weak", "strong", "hard")


def make_bot(name: str, seed: int = 0, iterations: int | None = None) -> Any:
    """A computer player: "weak" (heuristic), "strong" (a search of :data:`STRONG_ROUNDS` deals per decision) or
    "hard" (a longer search, :data:`HARD_FIRST_ROUNDS`); ``iterations``: another budget. A seed and budget play the
    same game on any machine. (The former strong player, ``strong-v1``, is kept in :mod:`lab.barrio.bots_v1`.)"""
    from ..core import IllegalAction
    if iterations is not None and (not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1):
        raise IllegalAction(key="barrio.bad_iterations", iterations=repr(iterations))
    if name == "weak":
        return WeakBot(seed)
    if name == "strong":
        return StrongBot(seed) if iterations is None else StrongBot(seed, iterations=iterations)
    if name == "hard":
        return HardBot(seed, iterations)
    raise IllegalAction(key="barrio.unknown_bot", name=str(name), choices=", ".join(BOT_NAMES))
