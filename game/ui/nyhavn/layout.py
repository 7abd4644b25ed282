"""Nyhavn's table without the browser: layout, hit tests, tile turning, choices, costs.

Pure Python (no ``js``), so it is tested under CPython
(``tests/test_ui_nyhavn.py``); :mod:`.screen` draws with it.
House coordinates are the engine's: columns and rows from 0, row 0 at the bottom.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ...core.locale import text
from ...nyhavn.state import placement_problem, tile_orientations
from ...nyhavn.tiles import COLOURS
from ...nyhavn.tiles import COAT_CELLS, COAT_ROWS, COLS, KIND_INDEX, KIND_SIZE, ROWS
from ..canvas import FINGER_PX, POINTER_PX

#: fill of each tile / card colour (white: the special tiles)
FILL = {"blue": "#2f6db3", "yellow": "#e9c232", "red": "#c23b30", "green": "#3a8a47", "purple": "#8454a8", "white": "#f6f3ec"}
#: a darker shade of each colour for brick joints and outlines
DARK = {"blue": "#1d4677", "yellow": "#9c7d12", "red": "#7c2119", "green": "#21572b", "purple": "#55316f", "white": "#9c9686"}
#: colour-blind pattern of each colour (drawn when the player turns patterns on)
PATTERN = {"blue": "waves", "yellow": "dots", "red": "stripes", "green": "grid", "purple": "cross"}
#: a shape per colour, always drawn on cards and stacks, so colour is never the only cue
GLYPH = {"blue": "circle", "yellow": "triangle", "red": "square", "green": "diamond", "purple": "star"}
SIZES = (2, 3, 4, 5)
COAT_SET = frozenset(COAT_CELLS)


# ----------------------------------------------------------------------------- layout
@dataclass
class Box:
    """A rectangle in the board's logical units."""

    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h


@dataclass
class Layout:
    """Where everything goes, for one screen shape (``mode``):

    - ``narrow``: phones held upright, 360 units wide (about one CSS px per unit); the others are summaries with
      their house drawn small (tap one to see that house large), no score track (the summaries and the title of
      the house show the points);
    - ``side``: the narrow table beside the bar of buttons, for a window wider than tall but too narrow for the
      wide table and too tall for a phone on its side (640 × 560, say);
    - ``landscape``: phones on their side, 740 × 310, beside the bar of buttons: harbour, summaries, hand and
      abilities on the left, the house and the tiles on the right;
    - ``wide``: tablets and desktops, 784 units wide, drawn larger as the screen allows, with small houses
      in the others' summaries.

    Every button is at least 46 units, so at least 44 CSS px on the smallest screen of each shape; every text is
    at least :data:`~game.ui.canvas.MIN_FONT` units, so at least 12 CSS px.
    """

    mode: str
    width: float
    height: float
    docks: list[Box] = field(default_factory=list)
    track: Box | None = None  #: the score track (none on upright phones)
    others: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    minis: bool = False  #: the others' summaries in four lines beside a house of 9.5-unit cells (else two lines beside a smaller one)
    house: Box = field(default_factory=lambda: Box(0, 0, 0, 0))  #: the 5×9 grid itself
    cell: float = 34
    supply: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    stack: float = 46  #: side of one tile-stack button
    gap: float = 2  #: between tile stacks
    hand: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    abilities: Box = field(default_factory=lambda: Box(0, 0, 0, 0))
    zoom: bool = False  #: the house drawn large for placing a tile (see :func:`zoom_layout`)
    held: Box | None = None  #: while zoomed: the tile in hand, to drag onto the house

    def cell_box(self, col: int, row: int) -> Box:
        """The square of house cell ``(col, row)`` (row 0 at the bottom)."""
        return Box(self.house.x + col * self.cell, self.house.y + (ROWS - 1 - row) * self.cell, self.cell, self.cell)

    def cell_at(self, px: float, py: float) -> tuple[int, int] | None:
        """The house cell under a point, or ``None`` outside the house."""
        if not self.house.contains(px, py):
            return None
        col = int((px - self.house.x) // self.cell)
        row = ROWS - 1 - int((py - self.house.y) // self.cell)
        return (min(max(col, 0), COLS - 1), min(max(row, 0), ROWS - 1))

    def nearest_cell(self, px: float, py: float) -> tuple[int, int]:
        """The house cell under a point, or the closest one when dragging beyond the edge."""
        col = int((px - self.house.x) // self.cell)
        row = ROWS - 1 - int((py - self.house.y) // self.cell)
        return (min(max(col, -2), COLS + 1), min(max(row, -2), ROWS + 1))

    def stack_box(self, colour_index: int, size: int) -> Box:
        """The button of a coloured tile stack; ``colour_index`` 5 is the white stack (size ignored)."""
        step = self.stack + self.gap
        if colour_index == 5:
            return Box(self.supply.x, self.supply.y + 5 * step, 4 * step - self.gap, 24)
        return Box(self.supply.x + (size - 2) * step, self.supply.y + colour_index * step, self.stack, self.stack)


#: docks, hand cards and abilities are this tall
ROW_H = 48
#: the others' summaries on upright phones: tall enough for each house drawn small (cells of 6 units) beside its lines
OTHERS_H = 62


def _left_column(lay: Layout, x: float, track: bool, others_h: float) -> float:
    """Harbour, score track, the others, hand and abilities in a 352-unit column from ``x``; returns its bottom."""
    dock_w, gap = 48.0, (352 - 7 * 48.0) / 6
    lay.docks = [Box(x + i * (dock_w + gap), 20, dock_w, ROW_H) for i in range(7)]
    y: float = 20 + ROW_H + 6
    if track:
        lay.track = Box(x, y, 352, 32)
        y += 32 + 6
    lay.others = Box(x, y, 352, others_h)
    y += others_h + 22
    lay.hand = Box(x, y, 352, ROW_H)
    y += ROW_H + 6
    lay.abilities = Box(x, y, 352, ROW_H)
    return y + ROW_H


def layout(mode: str, players: int) -> Layout:
    """The layout for a screen ``mode`` (``narrow``, ``side``, ``landscape`` or ``wide``) and a number of players."""
    if mode in ("narrow", "side"):
        lay = Layout(mode, 360, 0, cell=27, stack=46, gap=(186 - 4 * 46) / 3)
        dock_w, gap = 48.0, (352 - 7 * 48.0) / 6
        lay.docks = [Box(4 + i * (dock_w + gap), 20, dock_w, ROW_H) for i in range(7)]
        lay.others = Box(4, 72, 352, OTHERS_H)
        lay.house = Box(24, 72 + OTHERS_H + 20, 5 * lay.cell, 9 * lay.cell)
        lay.supply = Box(170, lay.house.y, 186, 5 * (lay.stack + lay.gap) + 24)
        lay.hand = Box(4, lay.house.y + lay.house.h + 34, 352, ROW_H)
        lay.abilities = Box(4, lay.hand.y + ROW_H + 6, 352, ROW_H)
        lay.height = lay.abilities.y + ROW_H + 4
        return lay
    if mode == "landscape":
        lay = Layout("landscape", 740, 0, cell=30, stack=48, gap=2)
        bottom = _left_column(lay, 4, True, ROW_H)
        lay.house = Box(388, 24, 5 * lay.cell, 9 * lay.cell)
        lay.supply = Box(540, 24, 4 * 48 + 3 * 2, 5 * 50 + 24)
        lay.height = max(bottom, lay.house.y + lay.house.h + 18, lay.supply.y + lay.supply.h) + 4
        return lay
    lay = Layout("wide", 784, 0, cell=38, stack=47, gap=4, minis=True)
    bottom = _left_column(lay, 4, True, 100)
    lay.house = Box(386, 24, 5 * lay.cell, 9 * lay.cell)
    lay.supply = Box(584, 24, 4 * 47 + 3 * 4, 5 * 51 + 24)
    lay.height = max(bottom, lay.house.y + lay.house.h + 18, lay.supply.y + lay.supply.h) + 4
    return lay


#: the least side of a house cell a finger can hit, in CSS px, and with a mouse
TOUCH_CELL, POINTER_CELL = FINGER_PX, POINTER_PX


def cells_too_small(lay: Layout, css_width: float, coarse: bool) -> bool:
    """Whether ``lay``'s house cells, shown ``css_width`` CSS px wide, are smaller than a finger (or a mouse) can hit."""
    return lay.cell * css_width / lay.width < (TOUCH_CELL if coarse else POINTER_CELL)


#: CSS px of window height that hold the zoomed house whole (nine cells a finger wide, with the margins around it
#: and the page's header row): a phone held upright does, a phone on its side (390-430 px) does not
ZOOMED_HOUSE_HEIGHT = 64 + 24 + 18 + 9 * (TOUCH_CELL + 0.5)


def zoomed_house_fits(vh: float) -> bool:
    """Whether a window ``vh`` CSS px tall shows the zoomed house whole (see :data:`ZOOMED_HOUSE_HEIGHT`)."""
    return vh >= ZOOMED_HOUSE_HEIGHT


def zoom_layout(mode: str, players: int, css_width: float) -> Layout:
    """The layout of ``mode`` with the player's house drawn large enough to place a tile by finger.

    Its cells are at least :data:`TOUCH_CELL` CSS px (and 48 units) when the board is ``css_width`` CSS px
    wide. Where the large house fits beside the left column (phones on their side, tablets), the house and
    the tile in hand take the place of the house and the supply; otherwise (upright phones) the house takes the
    table, with the hand under it to see what a tile will cost. Beside the house, :attr:`Layout.held` shows
    the tile in hand, to drag onto it.
    """
    base = layout(mode, players)
    cell = float(max(48, math.ceil((TOUCH_CELL + 0.5) * base.width / max(css_width, 1.0))))
    held_w = 46.0  # at least: a finger's target
    if mode not in ("narrow", "side") and base.house.x + 5 * cell + 12 + held_w <= base.width - 4:
        lay = base
        lay.zoom, lay.cell = True, cell
        lay.house = Box(base.house.x, base.house.y, 5 * cell, 9 * cell)
        held_x = lay.house.x + lay.house.w + 12
        lay.held = Box(held_x, lay.house.y, min(142.0, base.width - 4 - held_x), 110)
        lay.supply = Box(0, 0, 0, 0)
        bottom = max(lay.abilities.y + lay.abilities.h, lay.hand.y + lay.hand.h)
        lay.height = max(bottom, lay.house.y + lay.house.h + 18) + 4
        return lay
    cell = min(cell, float(math.floor((base.width - 4 - 24 - 10 - held_w) / 5)))
    lay = Layout(mode, base.width, 0, cell=cell, stack=base.stack, gap=base.gap, zoom=True)
    lay.house = Box(24, 24, 5 * cell, 9 * cell)
    held_x = lay.house.x + lay.house.w + 10
    lay.held = Box(held_x, 24, min(142.0, base.width - 4 - held_x), 96)
    lay.hand = Box(4, lay.house.y + lay.house.h + 40, min(352.0, base.width - 8), ROW_H)
    lay.height = lay.hand.y + ROW_H + 4
    return lay


def dock_at(lay: Layout, px: float, py: float) -> int | None:
    """Which dock a point is on, if any."""
    return next((i for i, b in enumerate(lay.docks) if b.contains(px, py)), None)


# ----------------------------------------------------------------------------- tiles
def _norm(cells: list[tuple[int, int, bool]]) -> tuple[tuple[int, int, bool], ...]:
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my, w) for x, y, w in cells))


def turned(tile: str, orient: int, how: str) -> int:
    """The orientation index after a quarter turn clockwise (``"rotate"``) or a mirror flip (``"flip"``)."""
    options = [tuple(sorted(o)) for o in tile_orientations(tile)]
    cells = list(options[orient])
    if how == "rotate":
        moved = [(y, -x, w) for x, y, w in cells]
    elif how == "flip":
        moved = [(-x, y, w) for x, y, w in cells]
    else:
        raise ValueError(f"unknown turn {how!r}")
    return options.index(_norm(moved))


def grip(tile: str, orient: int) -> tuple[int, int]:
    """The cell of a tile held under the finger: the leftmost cell of its bottom row (offset from the anchor)."""
    cells = tile_orientations(tile)[orient]
    return min((y, x) for x, y, _ in cells)[::-1]


def anchor_for(tile: str, orient: int, col: int, row: int) -> tuple[int, int]:
    """The anchor (bottom-left of the tile's box) that puts the tile's grip cell on ``(col, row)``."""
    gx, gy = grip(tile, orient)
    return (col - gx, row - gy)


def tile_cells(tile: str, orient: int, anchor: tuple[int, int]) -> list[tuple[int, int, bool]]:
    """The house cells ``(col, row, is_window)`` a tile would cover at an anchor (possibly outside the house)."""
    ax, ay = anchor
    return [(ax + x, ay + y, w) for x, y, w in tile_orientations(tile)[orient]]


def tile_colour(tile: str) -> str:
    """``"red"`` for ``"red3"``; ``"white"`` for the white tile."""
    return tile.rstrip("0123456789")


# ----------------------------------------------------------------------------- choices
def build_spots(legal: list[dict[str, Any]], tile: str) -> set[tuple[int, int, int]]:
    """``(orient, col, row)`` of every legal build of ``tile`` among the legal actions."""
    return {(a["orient"], a["col"], a["row"]) for a in legal if a.get("type") == "build" and a.get("tile") == tile}


def buildable_tiles(legal: list[dict[str, Any]]) -> set[str]:
    """Tile kinds the player may build now (affordable with at least one legal place)."""
    return {a["tile"] for a in legal if a.get("type") == "build"}


@dataclass(frozen=True)
class PlacementBoard:
    """What a placement check reads of a position (``seat``: the house being built in, ``houses[p][0]``: its
    occupied cells), taken from a view: the table draws from views only, and a guest phone has no state."""

    seat: int
    houses: list[list[int]]


def placement_board(view: dict[str, Any]) -> PlacementBoard:
    """The :class:`PlacementBoard` of a Nyhavn view (the seat building now, every house's occupied mask)."""
    return PlacementBoard(int(view["seat"]), [[int(h["occupied"])] for h in view["houses"]])


def ghost_problem(state: Any, legal: list[dict[str, Any]], tile: str, orient: int, anchor: tuple[int, int],
                  lang: str = "en") -> str | None:
    """Why the tile may not be built at ``anchor`` in words, or ``None`` when it may.

    First the geometry (the engine's reason), then the price: a place that is
    legal on the board may be unaffordable because only a tile touching its
    own colour gets the one-card discount.
    """
    col, row = anchor
    problem = placement_problem(state, tile, orient, col, row, lang=lang)
    if problem is not None:
        return problem
    if (orient, col, row) in build_spots(legal, tile):
        return None
    colour = tile_colour(tile)
    if any(True for _ in build_spots(legal, tile)):
        return text("ny.cost.touch", lang, colour=text(f"ny.colour.{colour}", lang))
    return text("ny.cost.cannot", lang)


def take_choice(legal: list[dict[str, Any]], selected: list[int], both: bool) -> tuple[dict[str, Any] | None, set[int], bool]:
    """Where a dock selection stands: ``(the take action it makes or None, docks that may be added, more possible)``.

    ``both`` asks for *Both Actions* with the take. The action returned uses the
    fewest abilities that make the selection legal. ``more possible`` is true when
    a bigger selection (a third card) would also be legal.
    """
    sel = sorted(selected)
    takes = [a for a in legal if a.get("type") == "take" and ("both_actions" in a["abilities"]) == both]
    exact = [a for a in takes if a["docks"] == sel]
    action = min(exact, key=lambda a: len(a["abilities"])) if exact else None
    addable: set[int] = set()
    more = False
    for a in takes:
        docks = a["docks"]
        if all(d in docks for d in sel) and len(docks) > len(sel):
            addable.update(d for d in docks if d not in sel)
            more = True
    return action, addable, more


def tile_price(tile: str, touching: bool, discount: bool) -> int:
    """Cards a tile costs: its size, one less touching its colour, one less with *Construction Discount*."""
    return max(0, KIND_SIZE[KIND_INDEX[tile]] - (1 if touching else 0) - (1 if discount else 0))


def end_card_warning(view: dict[str, Any]) -> bool:
    """True when the next refills may reveal the end-of-game card (it lies among the supply's last 10 cards)."""
    return view.get("end_card") == "supply" and int(view.get("supply", 99)) <= 10


def coat_rows() -> tuple[int, ...]:
    """The rows (from 0) whose completion gives a coat-of-arms action."""
    return tuple(COAT_ROWS)


def score_parts(view: dict[str, Any]) -> list[dict[str, int]]:
    """Points from rows and from columns per player, read from the log's ``score`` events."""
    parts = [{"rows": 0, "columns": 0} for _ in range(int(view["players"]))]
    for e in view.get("log", []):
        if e.get("type") == "score":
            parts[e["player"]]["rows" if e["line"] == "row" else "columns"] += int(e["points"])
    return parts


def ranking(scores: list[int], empty: list[int], winners: list[int]) -> list[int]:
    """Place of each player (1 = best): most points, then fewest empty spaces; the winners share first place."""
    order = sorted(range(len(scores)), key=lambda p: (-scores[p], empty[p]))
    place = [0] * len(scores)
    for i, p in enumerate(order):
        prev = order[i - 1] if i else None
        if prev is not None and (scores[prev], empty[prev]) == (scores[p], empty[p]):
            place[p] = place[prev]
        else:
            place[p] = i + 1
    for w in winners:
        place[w] = 1
    return place


__all__ = ["Box", "Layout", "layout", "zoom_layout", "zoomed_house_fits", "cells_too_small", "TOUCH_CELL", "POINTER_CELL", "dock_at", "turned", "grip", "anchor_for", "tile_cells", "tile_colour",
           "build_spots", "buildable_tiles", "ghost_problem", "take_choice", "tile_price", "end_card_warning",
           "coat_rows", "score_parts", "ranking", "FILL", "DARK", "PATTERN", "GLYPH", "SIZES", "COAT_SET", "COLOURS"]
