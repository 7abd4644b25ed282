"""Barrio's strong player as it was before the speed-up (issue 13): a frozen copy (``strong-v1`` in :mod:`lab.barrio.balance`).

Kept only so the new strong player's gain can be measured against its former
self with the same seeds and budgets (``python -m lab.barrio.balance v1``);
the app never offers it. Same heuristic, candidates and flat search as the
original, on today's engine; ``iterations`` fixes its search budget.
"""

from __future__ import annotations

import math
from typing import Any

from game.core import Rng, flat_monte_carlo
from game.barrio import cards as C
from game.barrio import market, panoramas, rules
from game.barrio.scoring import scores, winners
from game.barrio.state import State
from game.barrio.view import determinize

Action = dict[str, Any]

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
    short = [cost[0] - have[0], cost[1] - have[1], cost[2] - have[2], cost[3] - have[3], cost[4] - have[4]]
    for a, b in doubles:
        if short[a] > 0:
            short[a] -= 1
        elif short[b] > 0:
            short[b] -= 1
    return sum(x for x in short if x > 0)


def deficit(house: int, line_cards: list[int]) -> int:
    """Materials the house still lacks from these cards (doubles fill any gap they can)."""
    have, doubles = line_counts(line_cards)
    return _deficit(C.COST[house], have, doubles)


def _rubble_value(s: State, card: int) -> float:
    sc = C.SCORING[s.scoring_card]
    if card < C.NUM_MATERIALS and C.KIND[card] == C.BURRUNO:
        return sc["burruno"]
    return sc["rubble"]


def _house_value(s: State, house: int) -> float:
    pans = s.panoramas[s.seat]
    base = panoramas.panoramas_points(pans)
    best = 0
    for opt in panoramas.panorama_options(pans, house):
        trial = [p[:] for p in pans]
        panoramas.add_to_panorama(trial, house, opt)
        best = max(best, panoramas.panoramas_points(trial) - base)
    return C.POINTS[house] + best + 1.5


def _build_value(s: State, a: Action) -> float:
    cells = market.line_cells(s.market, a["line"]["axis"], a["line"]["index"])
    cards = [s.market[p] for p in cells]
    paid = next(pd for use, pd in market.payments(a["house"], cards) if use == a["use"])
    v = _house_value(s, a["house"])
    v += sum(_rubble_value(s, c) for c in cards if c not in paid)
    if s.solo:
        after = dict(s.market)
        for p in cells:
            del after[p]
        if not market.fits(after, True) and len(after) > 1:
            v -= 3
    return v


def _place_value(s: State, card: int, cell: tuple[int, int], targets: list[int], values: dict[int, float],
                 cache: dict) -> float:
    best = 0.0
    k = C.KIND[card]
    for key in (("r", cell[0]), ("c", cell[1])):
        base = cache.get(key)
        if base is None:
            i = 0 if key[0] == "r" else 1
            cards = [v for p, v in s.market.items() if p[i] == key[1]]
            have, doubles = line_counts(cards)
            base = cache[key] = (have, doubles, len(cards), {h: _deficit(C.COST[h], have, doubles) for h in targets})
        have, doubles, size, before = base
        if k < 5:
            have = have[:]
            have[k] += 1
        elif k != C.BURRUNO:
            doubles = doubles + [C.DOUBLE_OF[k]]
        for h in targets:
            d = _deficit(C.COST[h], have, doubles)
            extra = size + 1 - C.COST_SIZE[h] - d
            v = values[h] * _FRACTION[d] - (0.4 * extra if extra > 0 else 0.0)
            if d < before[h]:
                v += 0.3
            if v > best:
                best = v
    if k == C.BURRUNO:
        best -= 0.5
    if s.solo:
        after = dict(s.market)
        after[cell] = card
        if not market.fits(after, True):
            best -= 6.0
    return best


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
            best = max(builds, key=lambda a: _build_value(s, a))
            if _build_value(s, best) > 0.5 or not any(a["type"] == "draw" for a in legal):
                return best
    places = [a for a in legal if a["type"] == "place"]
    draws = [a for a in legal if a["type"] == "draw"]
    if ph in ("start", "placed1") and places:
        values = {h: _house_value(s, h) for h in targets}
        seen: dict[tuple, float] = {}
        cache: dict = {}
        best_a, best_v = None, -1e9
        for a in places:
            key = (C.KIND[a["card"]], a["row"], a["col"])
            if key not in seen:
                seen[key] = _place_value(s, a["card"], (a["row"], a["col"]), targets, values, cache) + rng.random() * 0.05
            if seen[key] > best_v:
                best_a, best_v = a, seen[key]
        assert best_a is not None  # places is not empty and every value beats -1e9
        mats = sum(1 for c in s.hands[s.seat] if c < C.NUM_MATERIALS)
        no_houses = not s.solo and not targets
        if ph == "start":
            if draws and (mats < 2 or no_houses or best_v < 0.2):
                return max(draws, key=lambda a: _draw_value(s, a, targets))
            return best_a
        # second placement: place it when it makes or nears a build, else draw two
        if best_v >= 0.4 * max(values.values(), default=1) or not draws:
            return best_a
        return max(draws, key=lambda a: _draw_value(s, a, targets))
    if draws:
        return max(draws, key=lambda a: _draw_value(s, a, targets) + rng.random() * 0.05)
    if kind == "discard_houses":
        # Only reached with nothing else useful: drop the dearest house.
        worst = max((a for a in legal if a["type"] == "discard_houses" and len(a["cards"]) == 1),
                    key=lambda a: C.COST_SIZE[a["cards"][0]], default=None)
        if worst:
            return worst
    return legal[rng.randrange(len(legal))]


def canonical_actions(s: State) -> list[Action]:
    """Legal actions with interchangeable ones merged (the same material kind at the same place)."""
    legal = rules.legal_actions(s)
    if s.phase not in ("start", "placed1", "placed2", "drawing", "topup"):
        return legal
    out, seen = [], set()
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


def candidates(s: State, k: int = 5) -> list[Action]:
    """A few promising actions, the heuristic's own choice first: what the search branches on."""
    legal = canonical_actions(s)
    if len(legal) <= 2:
        return legal
    first = greedy_action(s, legal, Rng(0))  # fresh: the shortlist depends on the position only
    if s.phase not in ("start", "placed1", "placed2", "drawing", "topup"):
        return [first] + [a for a in legal if a != first][: k - 1]
    targets = _targets(s)
    values = {h: _house_value(s, h) for h in targets}
    cache: dict = {}
    scored = []
    for a in legal:
        t = a["type"]
        if t == "place":
            v = _place_value(s, a["card"], (a["row"], a["col"]), targets, values, cache)
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
        if n >= (3 if a["type"] == "place" else 2):
            continue
        by_type[a["type"]] = n + 1
        out.append(a)
        if len(out) >= k:
            break
    return out


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


def flat_search(view: dict[str, Any], player: int, cands: list[Action], rng: Rng, time_limit_s: float,
                max_rounds: int = 64, turns_ahead: int | None = None, iterations: int | None = None) -> Action:
    """Determinized Monte Carlo over a few candidates (``game.core.flat_monte_carlo``).

    Each candidate is played out with the heuristic for every seat until the
    end of this player's next turn (Klaus's turn too, in solo).
    """
    ahead = turns_ahead if turns_ahead is not None else (2 if view["players"] == 1 else view["players"] + 1)

    def play_out(world: State, action: Action, dice: Rng) -> State:
        stop_turn = world.turn_number + ahead
        s = rules.apply_unchecked(world, action)
        steps = 0
        while s.phase != "over" and s.turn_number < stop_turn and steps < 60:
            s = rules.apply_unchecked(s, greedy_action(s, rules.legal_actions(s), dice))
            steps += 1
        return s

    return flat_monte_carlo(cands, lambda seed: determinize(view, player, seed), play_out,
                            lambda s: evaluate(s, player), rng, time_limit_s, max_rounds, iterations)


class StrongBot:
    """Determinized Monte Carlo search over the heuristic's best few moves, with heuristic play-outs."""

    def __init__(self, seed: int = 0, time_limit_s: float = 0.06, width: int = 5, iterations: int | None = None) -> None:
        self.rng = Rng(seed, stream=5)
        self.time_limit_s, self.width, self.iterations = time_limit_s, width, iterations

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        player = view["you"]
        s = determinize(view, player, self.rng.next_u32())
        if view["phase"] in ("gap", "keep"):
            return greedy_action(s, legal, self.rng)
        canon = candidates(s, self.width)
        if len(canon) == 1:
            return _match(canon[0], legal)
        return _match(flat_search(view, player, canon, self.rng, self.time_limit_s, iterations=self.iterations), legal)


def _match(action: Action, legal: list[Action]) -> Action:
    return action if action in legal else legal[0]
