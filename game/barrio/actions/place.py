"""Placing a material into the common market (phases ``start`` and ``placed1``, two per turn at most).

A card touches the market (the first goes to ``(0, 0)``); in a 2-4 player game
the market may grow beyond 5x5 only when a build this turn can bring it back
(:class:`_Stretch`); the solo market is never refused a card (beyond 3x5 is
the overflow penalty, see :mod:`game.barrio.turns`).
"""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Refusal
from .. import cards as C
from ..decks import discard_market
from ..market import NEIGHBOURS, is_placement_cell, market_box, market_size, placement_cells, removal_fits
from ..state import Action, Cell, State, event

_FIELDS = frozenset(("type", "card", "row", "col"))


def by_cell(s: State) -> list[tuple[int, int, list[int]]]:
    """Where the seat to move may place a material now (asked in phases ``start`` and ``placed1``): ``(row, col,
    the hand's materials allowed there)`` per cell, cells in order (the placements without action dicts; the
    search's playouts read these)."""
    hand = s.hands[s.seat]
    mats = [c for c in hand if c < C.NUM_MATERIALS]
    if not mats:
        return []
    window = _window(s)
    if window is None:
        return [(r, c, mats) for r, c in placement_cells(s.market)]
    stretch = _Stretch(s)
    out = []
    r_lo, r_hi, c_lo, c_hi = window
    for r, c in placement_cells(s.market):
        if r_lo <= r <= r_hi and c_lo <= c <= c_hi:  # within 5x5, as _materials_at would find
            out.append((r, c, mats))
        else:
            allowed = _materials_at(s, window, stretch, r, c, mats)
            if allowed:
                out.append((r, c, allowed))
    return out


def _window(s: State) -> tuple[int, int, int, int] | None:
    """``(min_row, max_row, min_col, max_col)`` of the cells where a card keeps the market within 5x5 (an empty
    window when it is stretched already), or None when every cell takes any material (solo, or no market)."""
    box = market_box(s.market)
    if s.solo or box is None:
        return None
    r0, c0, r1, c1 = box
    if r1 - r0 >= 5 or c1 - c0 >= 5:
        return 0, -1, 0, -1
    return r1 - 4, r0 + 4, c1 - 4, c0 + 4


def _materials_at(s: State, window: tuple[int, int, int, int] | None, stretch: _Stretch, r: int, c: int,
                  mats: list[int]) -> list[int]:
    """Which of ``mats`` (materials in the hand) may go at ``(r, c)``, an empty cell touching the market (``window``
    from :func:`_window`): every one in solo (the solo market is never refused a card: beyond 3x5 is the overflow
    penalty) or within 5x5; beyond, those a build this turn can bring back. The one rule of a placement:
    :func:`by_cell` lists with it (deciding the cells within the window inline) and :func:`is_legal` checks one
    placement with it."""
    if window is None or (window[0] <= r <= window[1] and window[2] <= c <= window[3]):
        return mats
    kinds: list[int] = []  # the result depends on the kind, not the card
    for m in mats:
        if C.KIND[m] not in kinds:
            kinds.append(C.KIND[m])
    ok = stretch.allows(r, c, kinds)
    return [m for m in mats if C.KIND[m] in ok]


def options(s: State, seat: int) -> list[Action]:
    """Every legal placement now (for ``seat``, the seat to move; phases ``start`` and ``placed1``): solo lists
    them material by material, the others cell by cell."""
    if s.phase not in ("start", "placed1"):
        return []
    opts = by_cell(s)
    if s.solo:  # listed material by material
        return [{"type": "place", "card": m, "row": r, "col": c} for m in (opts[0][2] if opts else ()) for r, c, _ in opts]
    return [{"type": "place", "card": m, "row": r, "col": c} for r, c, mats in opts for m in mats]


class _Stretch:
    """Beyond 5x5 only to build at once: a material may stretch the market when a build (after the second
    material, if this is the first) can bring it back within 5x5. Work shared by the cells of one position."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.market: _StretchedMarket | None = None
        self.left: dict[int, frozenset[int]] = {}  # a material's kind -> the kinds of the hand's other materials

    def allows(self, r: int, c: int, kinds: list[int]) -> list[int]:
        """Which of ``kinds`` (of materials in the hand) may go at ``(r, c)``, a cell that stretches the market
        beyond 5x5?"""
        s = self.s
        if self.market is None:
            hand = s.hands[s.seat]
            self.market = _StretchedMarket(s.market, [c for c in hand if c >= C.NUM_MATERIALS])
            count: dict[int, int] = {}
            for x in hand:
                if x < C.NUM_MATERIALS:
                    count[C.KIND[x]] = count.get(C.KIND[x], 0) + 1
            self.left = {m: frozenset(x for x, n in count.items() if n > (x == m)) for m in count}
        if s.placed == 0:
            return self.market.first_kinds(r, c, kinds, self.left)
        return self.market.second_kinds(r, c, kinds)


def is_legal(s: State, m: int, r: int, c: int) -> bool:
    """``{"type": "place", "card": m, "row": r, "col": c} in options(s, s.seat)``, without listing every placement:
    the same rule (:func:`_materials_at`) asked about one material and one cell."""
    if s.phase not in ("start", "placed1") or m >= C.NUM_MATERIALS or m not in s.hands[s.seat]:
        return False
    if not is_placement_cell(s.market, (r, c)):
        return False
    return bool(_materials_at(s, _window(s), _Stretch(s), r, c, [m]))


class _StretchedMarket:
    """Which materials may stretch a market beyond 5x5 for a hand's houses: those after which (and after a second
    placement, for a first) a build can end the turn within 5x5. Line counts, placement cells and the shapes'
    removals are worked out once for all the cells and kinds ``by_cell`` asks about."""

    def __init__(self, market: dict[Cell, int], houses: list[int]) -> None:
        self.houses = houses
        counts: dict[Cell, list[int]] = {}  # (0, row) / (1, col) -> cards per kind in that line
        for (r, c), card in market.items():
            k = C.KIND[card]
            counts.setdefault((0, r), [0] * 8)[k] += 1
            counts.setdefault((1, c), [0] * 8)[k] += 1
        self.counts = counts
        self.market = market
        self.shape = frozenset(market)
        self._pays: dict[tuple[Cell, tuple[int, ...]], bool] = {}
        #: (line, the first material's kind if it joined the line else -1, kinds left) -> does the line pay once
        #: a second material of one of those kinds joins it too?
        self._with_second: dict[tuple[Cell, int, frozenset[int]], bool] = {}
        self._paying: list[Cell] | None = None
        self.cells: set[Cell] | None = None  # placement cells, worked out when a first material asks

    def paying(self) -> list[Cell]:
        """The market's lines that pay one of the houses as they are."""
        if self._paying is None:
            self._paying = [line for line in self.counts if self.pays(line, ())]
        return self._paying

    def pays(self, line: Cell, extra: tuple[int, ...]) -> bool:
        """Does ``line`` pay one of the houses once cards of the kinds ``extra`` join it?"""
        key = (line, extra)
        got = self._pays.get(key)
        if got is None:
            kc = self.counts.get(line)
            kc = kc[:] if kc is not None else [0] * 8
            for k in extra:
                kc[k] += 1
            got = self._pays[key] = _pays_any(kc, self.houses)
        return got

    def second_kinds(self, r: int, c: int, kinds: list[int]) -> list[int]:
        """Which of ``kinds`` may go second at ``(r, c)``, stretching the market."""
        if not self.houses:
            return []
        shape = self.shape | {(r, c)}
        mine = ((0, r), (1, c))
        for line in self.paying():  # lines the card does not touch pay as they are, whatever its kind
            if line not in mine and _fits_without(shape, line):
                return kinds
        fit: dict[Cell, bool] = {}  # the card's lines: _fits_without, the same for every kind
        out = []
        for k in kinds:
            for line in mine:
                if self.pays(line, (k,)):
                    ok = fit.get(line)
                    if ok is None:
                        ok = fit[line] = _fits_without(shape, line)
                    if ok:
                        out.append(k)
                        break
        return out

    def first_kinds(self, r0: int, c0: int, kinds: list[int], left: dict[int, frozenset[int]]) -> list[int]:
        """Which of ``kinds`` may go first at ``(r0, c0)``, stretching the market (``left[kind]``: the kinds of the
        materials left in hand after one of that kind)."""
        if not self.houses:
            return []
        first = ((0, r0), (1, c0))
        grown = self.shape | {(r0, c0)}
        if self.cells is None:
            self.cells = set(placement_cells(self.market))
        seconds = self.cells - {(r0, c0)}
        for dr, dc in NEIGHBOURS:
            q = (r0 + dr, c0 + dc)
            if q not in grown:
                seconds.add(q)
        fit: dict[tuple[Cell, Cell], bool] = {}  # (second cell, line) -> _fits_without: the same for every kind
        untouched = [line for line in self.paying() if line not in first]
        return [k0 for k0 in kinds if left[k0] and self._first_builds(
            first, grown, seconds, untouched + [line for line in first if self.pays(line, (k0,))], k0, left[k0], fit)]

    def _first_builds(self, first: tuple[Cell, Cell], grown: frozenset[Cell], seconds: set[Cell], paying: list[Cell],
                      k0: int, kinds: frozenset[int], fit: dict[tuple[Cell, Cell], bool]) -> bool:
        """After a first material of kind ``k0`` on the lines ``first`` (``grown``: the market's cells then;
        ``paying``: the lines that pay then), with materials of ``kinds`` left in hand: can a second at one of
        ``seconds`` and a build end the turn within 5x5?"""
        with_second = self._with_second
        for r, c in seconds:
            shape = None
            for line in paying:  # lines the second card does not touch pay as they are
                if line != (0, r) and line != (1, c):
                    ok = fit.get(((r, c), line))
                    if ok is None:
                        if shape is None:
                            shape = grown | {(r, c)}
                        ok = fit[((r, c), line)] = _fits_without(shape, line)
                    if ok:
                        return True
            for line in ((0, r), (1, c)):
                key = (line, k0 if line in first else -1, kinds)
                ok = with_second.get(key)
                if ok is None:
                    base = (k0,) if line in first else ()
                    ok = with_second[key] = any(self.pays(line, tuple(sorted(base + (k,)))) for k in kinds)
                if ok:
                    ok = fit.get(((r, c), line))
                    if ok is None:
                        if shape is None:
                            shape = grown | {(r, c)}
                        ok = fit[((r, c), line)] = _fits_without(shape, line)
                    if ok:
                        return True
        return False


def _fits_without(shape: frozenset[Cell], line: Cell) -> bool:
    """Can taking ``line`` out of a market on ``shape`` leave it within 5x5 (``market.removal_fits``)?"""
    return removal_fits(shape, "row" if line[0] == 0 else "col", line[1], False)


def _pays_any(kind_counts: list[int], houses: list[int]) -> bool:
    """True when a line holding ``kind_counts`` cards of each kind pays one of ``houses``
    (a wood/brick double covers one wood or brick, a stone/concrete one stone or concrete)."""
    w, b, st, co, v, wb, sc = kind_counts[:7]
    for house in houses:
        cw, cb, cs, cc, cv = C.COST[house]
        if cv > v:
            continue
        short_wb = (cw - w if cw > w else 0) + (cb - b if cb > b else 0)
        if short_wb > wb:
            continue
        if (cs - st if cs > st else 0) + (cc - co if cc > co else 0) <= sc:
            return True
    return False


def normalize(a: Action) -> Action:
    """A card and a cell are whole numbers (a list would not even compare): anything else is malformed."""
    if not all(type(a.get(f)) is int for f in ("card", "row", "col")):
        raise MalformedAction()
    return a


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for a legal placement (checked on its own, not against every placement), else why not."""
    if a.keys() == _FIELDS and is_legal(s, a["card"], a["row"], a["col"]):
        return None
    hand = s.hands[s.seat] if s.hands else []
    card = a.get("card")
    if card not in hand:
        return "barrio.not_in_hand", {}
    if not isinstance(card, int) or card >= C.NUM_MATERIALS:
        return "barrio.only_materials_placed", {}
    cell = (a["row"], a["col"])  # whole numbers: `normalize` saw to it
    if cell in s.market:
        return "barrio.cell_taken", {}
    if s.market and not is_placement_cell(s.market, cell):
        return "barrio.must_touch", {}
    if not s.market:
        return "barrio.first_at_origin", {}
    return "barrio.stretch_without_build", {}


def wrong_phase(s: State) -> Refusal:
    """A turn places before drawing or building, two materials at most."""
    return ("barrio.two_placed" if s.phase == "placed2" else "barrio.cannot_place_now"), {}


def do(s: State, a: Action) -> None:
    """``{"type": "place", "card": id, "row": r, "col": c}``. A full 5x5 market (not solo) offers a free
    build from the hand (phase ``full_grid``) or, with no house in hand, is discarded at once."""
    p = s.seat
    card = a["card"]
    box = market_box(s.market)  # the log names the place as the table showed the market before it
    s.hands[p].remove(card)
    s.public[card] = 0
    s.market[(a["row"], a["col"])] = card
    s.placed += 1
    s.phase = "placed1" if s.placed == 1 else "placed2"
    event(s, "place", player=p, card=card, row=a["row"], col=a["col"], box=list(box) if box else None)
    if not s.solo and len(s.market) == 25 and market_size(s.market) == (5, 5):
        event(s, "full_grid", player=p)
        s.resume = s.phase
        if any(c >= C.NUM_MATERIALS for c in s.hands[p]):
            s.phase = "full_grid"
        else:
            discard_market(s, "full_grid")
            s.phase, s.resume = s.resume, ""
