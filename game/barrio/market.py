"""The common market's geometry: where a card may go, its lines, what a line pays, and closing the gap after a build.

Pure functions on ``{(row, col): card}`` dicts; they never touch a :class:`~game.barrio.state.State`."""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator

from . import cards as C
from .state import Cell

NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def market_box(market: dict[Cell, int]) -> tuple[int, int, int, int] | None:
    """``(min_row, min_col, max_row, max_col)`` of the market, or None when empty."""
    if not market:
        return None
    rows, cols = zip(*market)
    return min(rows), min(cols), max(rows), max(cols)


def market_size(market: dict[Cell, int]) -> tuple[int, int]:
    """``(rows, columns)`` the market spans, gaps included; ``(0, 0)`` when empty."""
    box = market_box(market)
    if box is None:
        return 0, 0
    return box[2] - box[0] + 1, box[3] - box[1] + 1


def fits(market: dict[Cell, int], solo: bool) -> bool:
    """True when the market fits the end-of-turn bound: 5x5, or 3x5/5x3 in solo."""
    h, w = market_size(market)
    if solo:
        return (h <= 3 and w <= 5) or (h <= 5 and w <= 3)
    return h <= 5 and w <= 5


def connected(cells: Iterable[Cell]) -> bool:
    """True when the cells form one group joined along sides."""
    cell_set = set(cells)
    if len(cell_set) <= 1:
        return True
    start = next(iter(cell_set))
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in NEIGHBOURS:
            q = (r + dr, c + dc)
            if q in cell_set and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cell_set)


def components(cells: Iterable[Cell]) -> list[list[Cell]]:
    """The groups of cells joined along sides, biggest first."""
    cells = set(cells)
    out = []
    while cells:
        start = min(cells)
        comp = [start]
        cells.discard(start)
        stack = [start]
        while stack:
            r, c = stack.pop()
            for dr, dc in NEIGHBOURS:
                q = (r + dr, c + dc)
                if q in cells:
                    cells.discard(q)
                    comp.append(q)
                    stack.append(q)
        out.append(sorted(comp))
    out.sort(key=lambda comp: (-len(comp), comp[0]))
    return out


def placement_cells(market: dict[Cell, int]) -> list[Cell]:
    """Empty cells touching a market card along a side ((0, 0) for an empty market)."""
    if not market:
        return [(0, 0)]
    out = set()
    for r, c in market:
        for dr, dc in NEIGHBOURS:
            q = (r + dr, c + dc)
            if q not in market:
                out.add(q)
    return sorted(out)


def is_placement_cell(market: dict[Cell, int], cell: Cell) -> bool:
    """``cell in placement_cells(market)``, without listing them."""
    if not market:
        return cell == (0, 0)
    r, c = cell
    return cell not in market and any((r + dr, c + dc) in market for dr, dc in NEIGHBOURS)


def line_cells(market: dict[Cell, int], axis: str, index: int) -> list[Cell]:
    """Cells of a whole row (``axis="row"``) or column of the market."""
    k = 0 if axis == "row" else 1
    return sorted(p for p in market if p[k] == index)


def lines(market: dict[Cell, int]) -> list[tuple[str, int]]:
    """Every non-empty row and column, as ``(axis, index)``."""
    rows = sorted({r for r, _ in market})
    cols = sorted({c for _, c in market})
    return [("row", r) for r in rows] + [("col", c) for c in cols]


def payments(house: int, line_cards: list[int]) -> list[tuple[dict[str, str], list[int]]]:
    """Every way ``line_cards`` pay ``house``: ``(use, paid_cards)``.

    ``use`` maps each double that pays (id as a string) to the material it
    counts as; only doubles that are needed are used, so the choices are
    really different. Burruños never pay.
    """
    cost = C.COST[house]
    plain: list[list[int]] = [[], [], [], [], []]
    doubles = []
    for card in line_cards:
        if card >= C.NUM_MATERIALS:
            continue
        k = C.KIND[card]
        if k < 5:
            plain[k].append(card)
        elif k != C.BURRUNO:
            doubles.append(card)
    short = [max(0, cost[k] - len(plain[k])) for k in range(5)]
    need = sum(short)
    if need > len(doubles):
        return []
    if not doubles:  # the one way, without a double (the common case, worked out directly)
        return [({}, sorted([card for k in range(5) for card in sorted(plain[k])[: cost[k]]]))]
    out = []
    # Each double either stays unused or counts as one of its two materials.
    for assign in _double_assignments(doubles):
        got = [0] * 5
        for _card, k in assign:
            got[k] += 1
        if any(got[k] != short[k] for k in range(5)):
            continue  # must cover the shortfall exactly: extra doubles stay unused
        use = {str(card): C.MATERIALS[k] for card, k in assign}
        paid = [card for card, _ in assign]
        for k in range(5):
            paid.extend(sorted(plain[k])[: cost[k] - got[k]])
        out.append((use, sorted(paid)))
    return out


def _double_assignments(doubles: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not doubles:
        yield []
        return
    first, rest = doubles[0], doubles[1:]
    for tail in _double_assignments(rest):
        yield tail
        for k in C.DOUBLE_OF[C.KIND[first]]:
            yield [(first, k)] + tail


def gap_options(market: dict[Cell, int], axis: str, index: int, solo: bool, need_fit: bool = False) -> tuple[list[dict[Cell, int]], list[Cell]]:
    """Arrangements after removing a line: (options, removed cells). One option = no choice."""
    k = 0 if axis == "row" else 1
    removed = [p for p in market if p[k] == index]
    near: dict[Cell, int] = {}
    far: dict[Cell, int] = {}
    for p, card in market.items():
        if p[k] < index:
            near[p] = card
        elif p[k] > index:
            q = (p[0] - 1, p[1]) if k == 0 else (p[0], p[1] - 1)
            far[q] = card
    plain = {**near, **far}
    if connected(plain):
        ok = fits(plain, solo) or not need_fit
        return ([plain] if ok else []), removed
    options = []
    if near and far and connected(near) and connected(far):
        for d in range(-5, 6):
            moved = {((r, c + d) if k == 0 else (r + d, c)): card for (r, c), card in far.items()}
            cand = {**near, **moved}
            if len(cand) == len(plain) and connected(cand):
                options.append(cand)
        fitting = [o for o in options if fits(o, solo)]
        if fitting or need_fit:
            options = fitting
    if not options and not need_fit:
        options = [gather(plain, k, solo)]
    elif not options and need_fit:
        g = gather(plain, k, solo)
        options = [g] if fits(g, solo) else []
    return options, removed


def gather(market: dict[Cell, int], k: int, solo: bool = False) -> dict[Cell, int]:
    """Deterministic fallback: slide each loose group onto the biggest one, shortest move first
    (along the removed line first), keeping within the market's bound when any such move exists."""
    comps = components(market)
    group = {p: market[p] for p in comps[0]}
    for comp in comps[1:]:
        rows = [r for r, _ in group]
        cols = [c for _, c in group]
        box = (min(rows), min(cols), max(rows), max(cols))
        best = None
        for a, b in _touching_moves(group, comp, k):
            if best is None:
                best = (a, b)  # the shortest touching move, when none keeps within the bound
            if _fits_box(box, comp, a, b, solo):
                best = (a, b)
                break
        a, b = best or (0, 0)
        for r, c in comp:
            group[(r + a, c + b)] = market[(r, c)]
    return group


def _touching_moves(group: dict[Cell, int], comp: list[Cell], k: int) -> Iterator[tuple[int, int]]:
    """Moves of ``comp`` onto free cells touching ``group``, shortest first (along the removed line first)."""
    for dist in range(1, 12):
        for dr in range(-dist, dist + 1):
            dc_abs = dist - abs(dr)
            for dc in sorted({dc_abs, -dc_abs}):
                a, b = (dr, dc) if k == 1 else (dc, dr)
                cells = [(r + a, c + b) for r, c in comp]
                if any(q in group for q in cells):
                    continue
                if any((r + x, c + y) in group for r, c in cells for x, y in NEIGHBOURS):
                    yield a, b


def _fits_box(box: tuple[int, int, int, int], comp: list[Cell], a: int, b: int, solo: bool) -> bool:
    """``fits`` of a group whose bounding box is ``box`` once ``comp`` moved by ``(a, b)`` joins it."""
    r0, c0, r1, c1 = box
    for r, c in comp:
        r, c = r + a, c + b
        if r < r0:
            r0 = r
        elif r > r1:
            r1 = r
        if c < c0:
            c0 = c
        elif c > c1:
            c1 = c
    h, w = r1 - r0 + 1, c1 - c0 + 1
    if solo:
        return (h <= 3 and w <= 5) or (h <= 5 and w <= 3)
    return h <= 5 and w <= 5


@lru_cache(maxsize=4096)
def removal_fits(cells: frozenset[Cell], axis: str, index: int, solo: bool) -> bool:
    """True when taking the line ``(axis, index)`` out of a market on ``cells`` can leave it within its bound.
    Gap closing moves cells by their positions alone, so the answer depends on the shape, not the cards
    (hence the cache: the stretch checks ask about the same shapes for every kind of material)."""
    return bool(gap_options(dict.fromkeys(cells, 0), axis, index, solo, need_fit=True)[0])
