"""Nyhavn's part of the coach (:mod:`game.core.coaching`): reasons, first taps and estimates.

Reasons come from what the suggested action does on a determinization of the
player's view (points scored, lines completed, coats of arms, what the cards
taken allow next turn: all things the player can see) and from the strong
player's search figures. Estimates replay the strong player's own search
(its play-outs and evaluation) on both actions with the same deals.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng, flat_monte_carlo
from ..core.coaching import Phrase, Term
from ..core.search import SearchReport
from . import bots, rules, text
from .actions.build import build_options
from .state import State
from .tiles import COL_MASKS, COLOURS, KIND_SIZE, KINDS, ROW_MASKS
from .view import determinize

Action = dict[str, Any]

#: the coach's fixed budget (``game.core.coaching.coach_iterations``): twice the strong player's determinizations per
#: decision. At the strong player's own budget a player following every hint won 46.0 % of 200 games against it (the
#: same search on other deals); a hint must come from a player at least as strong (docs/coach.md, docs/nyhavn.md)
ITERATIONS = 2 * bots.STRONG_SAMPLES
#: the strong player's evaluation counts about 3 units per point (``bots.evaluate``: 3 × score + promise)
UNITS_PER_POINT = 3.0
#: play-out steps of estimates after the player's own turn is finished (fewer than the strong player's playouts:
#: estimates are asked of several actions at once)
DEPTH = 8


def term(kind: str, value: Any, lang: str) -> str:
    """Nyhavn words: ``tile`` ("a red size-3 tile"), ``cards`` (colour → count) and ``ability`` names."""
    if kind == "tile":
        return text._tile(value, lang)
    if kind == "cards":
        return text._cards(value, lang)
    if kind == "ability":
        return text._ability_name(value, lang)
    raise KeyError(kind)


# --------------------------------------------------------------------------- what

def what(state: State, action: Action) -> Phrase:
    """The action in words, from the position it is taken in."""
    t = action["type"]
    if t == "take":
        taken = [COLOURS[state.docks[d]] for d in action["docks"] if 0 <= state.docks[d] < 5]
        counts = {c: taken.count(c) for c in dict.fromkeys(taken)}
        params: dict[str, Any] = {"cards": Term("nyhavn", "cards", counts),
                                  "docks": ", ".join(str(d + 1) for d in action["docks"])}
        if action.get("abilities"):
            params["ability"] = Term("nyhavn", "ability", action["abilities"][0])
            return Phrase("coach.nyhavn.take_using", params)
        return Phrase("coach.nyhavn.take", params)
    if t == "build":
        # named as the table turns tiles: from the way the tile first shows when picked, with Flip and Rotate
        start = text.first_orientation(action["tile"], rules.legal_actions(state))
        return Phrase("coach.nyhavn.build", {"tile": Term("nyhavn", "tile", action["tile"]),
                                             "turns": Phrase(text.turns_key(action["tile"], start, action["orient"])),
                                             "col": action["col"] + 1, "row": action["row"] + 1})
    if t == "pay":
        key = "coach.nyhavn.pay_discount" if action.get("discount") else "coach.nyhavn.pay"
        return Phrase(key, {"cards": Term("nyhavn", "cards", {c: k for c, k in action["cards"].items() if k})})
    if t == "discard":
        return Phrase("coach.nyhavn.discard", {"cards": Term("nyhavn", "cards", {action["colour"]: 1})})
    if t == "arms":
        if action["choice"] == "white":
            return Phrase("coach.nyhavn.white", {"col": action["col"] + 1, "row": action["row"] + 1})
        if action["choice"] == "ability":
            return Phrase("coach.nyhavn.ability", {"ability": Term("nyhavn", "ability", action["ability"])})
        return Phrase("coach.nyhavn.refresh")
    if t == "end_turn":
        return Phrase("coach.nyhavn.end_turn")
    return Phrase("coach.nyhavn.pass")


# --------------------------------------------------------------------------- why

def finish_own_turn(s: State, p: int) -> State:
    """``p``'s own follow-up decisions (payment, discards, coat-of-arms) taken as the strong player would."""
    guard = 0
    while s.phase in ("pay", "discard", "arms") and s.seat == p and guard < 16:
        s = rules.apply_action(s, bots.greedy_followup(s, rules.legal_actions(s)))
        guard += 1
    return s


def _lines_completed(before: int, after: int) -> list[Phrase]:
    out = []
    for r, m in enumerate(ROW_MASKS):
        if after & m == m and before & m != m:
            out.append(Phrase("coach.nyhavn.completes_row", {"row": r + 1}))
    for c, m in enumerate(COL_MASKS):
        if after & m == m and before & m != m:
            out.append(Phrase("coach.nyhavn.completes_column", {"col": c + 1}))
    return out


def _next_turn(before: State, after: State, p: int) -> list[Phrase]:
    """What the cards just taken allow on the next turn that the hand did not allow before."""
    could = {(k, o, c, r) for k, o, c, r, _, _ in build_options(before, p)}
    occ = after.houses[p][0]
    best: tuple[float, list[Phrase]] | None = None
    for kind, orient, col, row, cells, _ in build_options(after, p):
        if (kind, orient, col, row) in could:
            continue
        lines = _lines_completed(occ, occ | cells)
        value = 10 * len(lines) + KIND_SIZE[kind] - 0.1 * row
        if best is None or value > best[0]:
            tile = Term("nyhavn", "tile", KINDS[kind])
            phrases = [Phrase(line.key + "_next", line.params) for line in lines] or [Phrase("coach.nyhavn.allows_next", {"tile": tile})]
            best = (value, phrases)
    if best is not None:
        return best[1][:2]
    return []


def _search_figure(report: SearchReport | None) -> list[Phrase]:
    if report is None:
        return []
    second = report.runner_up()
    if second is None:
        return []
    best_mean, second_mean = report.means[report.best], report.means[second]
    if best_mean is None or second_mean is None:  # the best and the runner-up were both played out
        return []
    lead = (best_mean - second_mean) / UNITS_PER_POINT
    if lead < 0.05:
        return [Phrase("coach.search_close", {"rounds": report.rounds})]
    return [Phrase("coach.search_points", {"points": round(lead, 1), "rounds": report.rounds})]


def reason(view: dict[str, Any], player: int, action: Action, state: State,
           report: SearchReport | None) -> tuple[Phrase, list[Phrase]]:
    """What ``action`` is and why it is good: immediate points, lines, coats of arms, the next turn, the search."""
    p = player
    why: list[Phrase] = []
    after = finish_own_turn(rules.apply_action(state, action), p)
    gained = after.scores[p] - state.scores[p]
    if gained > 0:
        why.append(Phrase("coach.points_now", {"points": gained}))
    new_events = after.log[len(state.log):]
    for e in new_events:
        if e.get("type") == "score" and e.get("player") == p:
            key = "coach.nyhavn.completes_row" if e["line"] == "row" else "coach.nyhavn.completes_column"
            why.append(Phrase(key, {"row": e["index"] + 1} if e["line"] == "row" else {"col": e["index"] + 1}))
    arms = sum(e.get("count", 0) for e in new_events if e.get("type") == "arms_gained" and e.get("player") == p)
    if arms:
        why.append(Phrase("coach.nyhavn.arms_many", {"count": arms}))
    if after.phase == "over" and p in after.winners:
        why.insert(0, Phrase("coach.wins_now"))
    t = action["type"]
    if t == "take" and after.phase != "over":
        nxt = _next_turn(state, after, p)
        if nxt:
            why.extend(nxt)
        else:
            colour = max(range(5), key=lambda c: (after.hands[p][c] - state.hands[p][c], after.hands[p][c]))
            why.append(Phrase("coach.nyhavn.hand_then", {"cards": Term("nyhavn", "cards", {COLOURS[colour]: after.hands[p][colour]})}))
    elif t == "build" and not gained and not arms:
        kind = KINDS.index(action["tile"])
        why.append(Phrase("coach.nyhavn.fills", {"cells": KIND_SIZE[kind]}))
    elif t == "discard":
        why.append(Phrase("coach.nyhavn.discard_least"))
    elif t == "pay":
        left = {COLOURS[c]: after.hands[p][c] for c in range(5) if after.hands[p][c]}
        if left:
            most = max(left, key=left.__getitem__)
            why.append(Phrase("coach.nyhavn.keeps", {"cards": Term("nyhavn", "cards", {most: left[most]})}))
    why.extend(_search_figure(report))
    return what(state, action), why[:3]


def first_step(view: dict[str, Any], action: Action) -> dict[str, Any] | None:
    """The first tap of a multi-tap action: the first dock of a take, the tile stack of a build."""
    if action["type"] == "take":
        return {"type": "dock", "dock": action["docks"][0]}
    if action["type"] == "build":
        return {"type": "tile", "tile": action["tile"]}
    return None


# --------------------------------------------------------------------------- estimates

def compare(view: dict[str, Any], player: int, actions: list[Action], seed: int,
            iterations: int) -> tuple[list[float], str]:
    """The strong player's estimate of each action for ``player``, in points, on the same deals.

    Each round deals the hidden cards anew from the view, plays every action
    out (own follow-ups greedily, then :data:`DEPTH` steps of the strong
    player's play-out policy, with the same dice) and judges the end with its
    evaluation relative to the best opponent.
    """
    means: list[float] = [0.0] * len(actions)

    def play_out(world: State, action: Action, dice: Rng) -> State:
        s = finish_own_turn(rules.apply_action(world, action), player)
        steps = 0
        while s.phase != "over" and steps < DEPTH:
            s = rules.apply_unchecked(s, bots.rollout_action(s, dice))
            steps += 1
        return s

    def keep(report: SearchReport) -> None:
        means[:] = [m if m is not None else 0.0 for m in report.means]

    flat_monte_carlo(actions, lambda k: determinize(view, player, k), play_out,
                     lambda s: bots.relative(s, player), Rng(seed, stream=13), None,
                     iterations=max(1, iterations), on_result=keep)
    return [m / UNITS_PER_POINT for m in means], "points"
