"""Barrio's part of the coach (:mod:`game.core.coaching`): reasons, first taps and estimates.

Reasons come from what the suggested action does on a determinization of the
player's view, read back through the public view (points, the panorama the
house joins, what a line still lacks for a house the player holds: all things
the player can see) and from the coach's search figures (its
evaluation is a winning chance in [0, 1]). The hint is the hard player's choice at
the coach's budget (:data:`PLAYER`, :data:`ITERATIONS`); estimates play both actions out as that player does, on
the same deals (:func:`compare`).
"""

from __future__ import annotations

from typing import Any

from ..core import Rng
from ..core.coaching import Phrase, Term
from ..core.search import SearchReport, search_reports
from . import bots
from . import cards as C
from . import text
from .rules import apply_action, current_player, is_over, legal_actions
from .scoring import scores, winners
from .view import view as view_of

Action = dict[str, Any]

#: the player whose choice the hint is (``game.core.coaching.coach_strength``): the hard player's search (against
#: rivals a flat search over up to 20 candidates; alone against Klaus sequential halving over 12, playouts two turns
#: deeper), which beats the strong player's at about twice its work (docs/barrio.md, the league's coach sections)
PLAYER = "hard"
#: the coach's fixed budget (``game.core.coaching.coach_iterations``): half the hard level's 6, so against rivals 12
#: deals of up to 20 candidates, and alone against Klaus the halving's first stage at 3 deals per candidate (about
#: 160 playouts): about twice the strong player's work (docs/coach.md)
ITERATIONS = 3
#: deals of :func:`compare` per round of the coach's budget: 12 at its 3, two moves played out as the hard player
#: plays out (deeper alone against Klaus) costing what the former coach's 20 flat rounds did
COMPARE_DEALS = 4

#: the player's own decisions that finish an action (where the house goes, the market's gap, a free build)
FOLLOW_UPS = frozenset({"gap", "panorama", "combo", "full_grid"})


def term(kind: str, value: Any, lang: str) -> str:
    """Barrio words: ``card`` (a material or house by id, "Lighthouse (3)") and ``cards`` (a list of them)."""
    if kind == "card":
        return text.card_name(value, lang)
    if kind == "cards":
        return ", ".join(text.card_name(c, lang) for c in value)
    raise KeyError(kind)


def _card(card: int) -> Term:
    return Term("barrio", "card", card)


# --------------------------------------------------------------------------- what

def what(action: Action, view: dict[str, Any]) -> Phrase:
    """The action in words (a placement says where, as the table numbers the market in ``view``)."""
    t = action["type"]
    if t == "draw":
        if "card" in action:
            return Phrase(f"coach.barrio.draw_{action['source']}", {"card": _card(action["card"])})
        return Phrase(f"coach.barrio.draw_{action['source']}")
    if t == "place":
        kind, numbers = text.place_where(view["market_box"], action["row"], action["col"])
        return Phrase("coach.barrio.place", {"card": _card(action["card"]), "where": Phrase(f"coach.barrio.where.{kind}", numbers)})
    if t in ("build", "combo", "full_grid_build"):
        return Phrase("coach.barrio.build" if t == "build" else "coach.barrio.build_free", {"house": _card(action["house"])})
    if t in ("keep_houses", "discard_houses"):
        cards = action["cards"]
        if not cards:
            return Phrase(f"coach.barrio.{t}_none")
        return Phrase(f"coach.barrio.{t}", {"cards": Term("barrio", "cards", list(cards))})
    if t == "panorama":
        if action["choice"] == "new":
            return Phrase("coach.barrio.panorama_new")
        if action["choice"] == "join":
            return Phrase("coach.barrio.panorama_join", {"left": action["left"] + 1, "right": action["right"] + 1})
        return Phrase(f"coach.barrio.panorama_{action['choice']}", {"panorama": action["panorama"] + 1})
    if t == "close_gap":
        return Phrase("coach.barrio.close_gap", {"option": action["option"] + 1})
    if t == "klaus_tie":
        return Phrase("coach.barrio.klaus_tie", {"house": _card(action["house"])})
    if t == "skip":
        return Phrase("coach.barrio.skip")
    return Phrase("coach.barrio.pass")


# --------------------------------------------------------------------------- why

def finish_own_steps(s: Any, p: int) -> Any:
    """``p``'s follow-up decisions of this action (gap, panorama, combo, full grid) as the strong player's heuristic takes them."""
    rng = Rng(0)
    guard = 0
    while not is_over(s) and current_player(s) == p and s.phase in FOLLOW_UPS and guard < 12:
        s = apply_action(s, bots.greedy_action(s, legal_actions(s), rng))
        guard += 1
    return s


def _targets(v: dict[str, Any]) -> list[int]:
    """Houses the player could build: the hand's (2-4 players) or the house market's (solo)."""
    if v["solo"]:
        return [h for h in v["house_market"] if h is not None and h >= 0]
    return [c for c in v["hand"] if c is not None and c >= C.NUM_MATERIALS]


def _line_phrase(v: dict[str, Any], row: int, col: int) -> Phrase | None:
    """How close the lines through (row, col) now are to a house the player holds."""
    market = {(r, c): card for r, c, card in v["market"]}
    best: tuple[int, int, int] | None = None
    for h in _targets(v):
        for cells in ([x for x in market if x[0] == row], [x for x in market if x[1] == col]):
            d = bots.deficit(h, [market[x] for x in cells])
            key = (d, -C.POINTS[h], h)
            if best is None or key < best:
                best = key
    if best is None:
        return None
    d, _, h = best
    if d == 0:
        return Phrase("coach.barrio.line_ready", {"house": _card(h)})
    if d <= 2:
        return Phrase("coach.barrio.line_lacks", {"house": _card(h), "count": d})
    return None


def _panorama_phrase(v: dict[str, Any], p: int, house: int) -> Phrase | None:
    for pan in v["panoramas"][p]:
        if house in pan:
            if len(pan) == 1:
                return Phrase("coach.barrio.starts_panorama")
            return Phrase("coach.barrio.joins_panorama", {"count": len(pan)})
    return None


def chances(report: SearchReport, players: int) -> list[float | None]:
    """Each candidate's estimated chance to win, in percent (0–100), from the coach's search in a game of ``players``.

    The search's evaluation is a winning chance in [0, 1] (a finished game's
    result, else the score margin through a logistic curve), but its first
    candidate (the heuristic's own move) gets the hard player's bonus
    (:func:`~game.barrio.bots.hard_depth`) in every play-out to break near-ties: that is a preference, not a chance,
    so it is taken off here.
    """
    out: list[float | None] = []
    bonus = bots.hard_depth(players)[1]
    for i, m in enumerate(report.means):
        if m is None:
            out.append(None)
            continue
        raw = m - (bonus if i == 0 else 0.0)
        out.append(100.0 * min(1.0, max(0.0, raw)))
    return out


def _search_figure(report: SearchReport | None, players: int) -> list[Phrase]:
    if report is None or len(report.candidates) < 2:
        return []
    pct = chances(report, players)
    runner = report.runner_up()  # the last candidate the choice was compared with, on as many deals
    best_pct = pct[report.best]
    other_pct = pct[runner] if runner is not None else None
    if best_pct is None or other_pct is None:
        return []
    best, other = round(best_pct), round(other_pct)
    if best <= other:
        return [Phrase("coach.search_close", {"rounds": report.rounds})]
    return [Phrase("coach.search_chance", {"chance": best, "other": other, "rounds": report.rounds})]


def reason(view: dict[str, Any], player: int, action: Action, state: Any,
           report: SearchReport | None) -> tuple[Phrase, list[Phrase]]:
    """What ``action`` is and why: points now, the panorama, the line it builds towards, the search's estimate."""
    p = player
    why: list[Phrase] = []
    after = finish_own_steps(apply_action(state, action), p)
    gained = scores(after)[p] - scores(state)[p]
    if gained > 0:
        why.append(Phrase("coach.points_now", {"points": gained}))
    v_after = view_of(after, p)
    t = action["type"]
    if t in ("build", "combo", "full_grid_build", "panorama"):
        house = action.get("house", (view.get("pending") or {}).get("house"))
        if isinstance(house, int):
            pan = _panorama_phrase(v_after, p, house)
            if pan:
                why.append(pan)
    elif t == "place":
        line = _line_phrase(v_after, action["row"], action["col"])
        if line:
            why.append(line)
    elif t == "draw" and "card" in action and action["card"] < C.NUM_MATERIALS:
        kinds = C.DOUBLE_OF.get(C.KIND[action["card"]], (C.KIND[action["card"]],))
        needing = [h for h in _targets(view) if any(k < 5 and C.COST[h][k] for k in kinds)]
        if needing:
            why.append(Phrase("coach.barrio.material_for", {"house": _card(max(needing, key=lambda h: C.POINTS[h]))}))
    if is_over(after) and p in winners(after):
        why.insert(0, Phrase("coach.wins_now"))
    why.extend(_search_figure(report, view["players"]))
    return what(action, view), why[:3]


def first_step(view: dict[str, Any], action: Action) -> dict[str, Any] | None:
    """The first tap of a multi-tap action: the card to place, the house to build, the first house to keep."""
    t = action["type"]
    if t == "place":
        return {"type": "card", "card": action["card"]}
    if t == "build":
        return {"type": "house", "house": action["house"]}
    if t in ("keep_houses", "discard_houses") and action["cards"]:
        return {"type": "card", "card": action["cards"][0]}
    return None


# --------------------------------------------------------------------------- estimates

def compare(view: dict[str, Any], player: int, actions: list[Action], seed: int,
            iterations: int) -> tuple[list[float], str]:
    """The coach's winning-chance estimate of each action (percent, 0–100): played out as its player's search plays
    them (alone against Klaus two turns deeper than the strong player's, :func:`~game.barrio.bots.hard_depth`), on the
    same ``COMPARE_DEALS × iterations`` deals.

    The search's preference for its first candidate (the same function's bonus) is not a chance: it
    is taken off (:func:`chances`), so the suggestion is not made to look better than its play-outs say.
    """
    extra, bonus = bots.hard_depth(view["players"])
    with search_reports() as reports:
        bots.flat_search(view, player, actions, Rng(seed, stream=13), 1e9, max_rounds=COMPARE_DEALS * max(1, iterations),
                         turns_ahead=bots.playout_turns(view) + extra, first_bonus=bonus)
    if not reports:
        return [0.0] * len(actions), "chance"
    return [c if c is not None else 0.0 for c in chances(reports[-1], view["players"])], "chance"
