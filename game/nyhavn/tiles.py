"""Nyhavn's components as data: colours, tile shapes, kinds, the house board.

A house is 5 columns × 9 rows. Cell ``(col, row)`` (both from 0: column 0 on
the left, row 0 at the bottom) is bit ``row * 5 + col`` of a 45-bit mask;
every placement check is an integer operation on such masks.

A *shape* is a pattern of cells with one brick (coloured tiles) and windows;
a *tile kind* is a colour and a size (``"red3"``), or ``"white"``. Several
kinds share a shape (every size-2 tile is ``BW``), so the placement table is
indexed by shape.
"""

from __future__ import annotations

COLS, ROWS = 5, 9
CELLS = COLS * ROWS
FULL = (1 << CELLS) - 1
GROUND = 1 << CELLS  #: virtual "occupied" bit under row 0: what a bottom-row tile rests on

COLOURS = ("blue", "yellow", "red", "green", "purple")
WHITE = 5  #: colour index of the white special tiles
ROW_MASKS = tuple(((1 << COLS) - 1) << (r * COLS) for r in range(ROWS))
COL_MASKS = tuple(sum(1 << (r * COLS + c) for r in range(ROWS)) for c in range(COLS))
ROW0 = ROW_MASKS[0]

#: coats of arms printed on the house, as (col, row) from 0
COAT_CELLS = ((2, 2), (4, 4), (1, 6), (3, 8))
COAT_MASK = sum(1 << (r * COLS + c) for c, r in COAT_CELLS)
#: rows whose completion gives a coat-of-arms action (rows 2, 4, 6 counted from 1)
COAT_ROWS = (1, 3, 5)

ABILITIES = ("any_cards", "additional_card", "construction_discount", "change_of_colours", "both_actions")
ANY_CARDS, ADDITIONAL_CARD, CONSTRUCTION_DISCOUNT, CHANGE_OF_COLOURS, BOTH_ACTIONS = range(5)

# Shapes, top row first: B brick, W window, . empty (see docs/nyhavn.md).
SHAPES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("white1", ("W",)),
    ("bar2", ("BW",)),
    ("bar3", ("BWW",)),
    ("ell3", ("WW", "B.")),
    ("bar4", ("BWWW",)),
    ("tee4", ("WWW", ".B.")),
    ("square4", ("WW", "BW")),
    ("ell4", ("..W", "BWW")),
    ("ess4", (".WW", "WB.")),
    ("bar5", ("BWWWW",)),
    ("plus5", (".W.", "BWW", ".W.")),
    ("pee5", (".WW", "BWW")),
    ("tee5", ("..W", "BWW", "..W")),
    ("zed5", ("W..", "WWW", "..B")),
)
SHAPE_INDEX = {name: i for i, (name, _) in enumerate(SHAPES)}

_SHAPE_OF_COLOUR = {
    "purple": ("bar2", "bar3", "bar4", "bar5"),
    "green": ("bar2", "bar3", "tee4", "plus5"),
    "red": ("bar2", "ell3", "square4", "pee5"),
    "blue": ("bar2", "ell3", "ell4", "tee5"),
    "yellow": ("bar2", "ell3", "ess4", "zed5"),
}

#: tile kinds in a fixed order: the 20 coloured kinds (colour-major, size 2..5), then white
KINDS: tuple[str, ...] = tuple(f"{c}{s}" for c in COLOURS for s in (2, 3, 4, 5)) + ("white",)
KIND_INDEX = {k: i for i, k in enumerate(KINDS)}
WHITE_KIND = KIND_INDEX["white"]
KIND_COLOUR: tuple[int, ...] = tuple(i // 4 for i in range(20)) + (WHITE,)
KIND_SIZE: tuple[int, ...] = tuple(2 + i % 4 for i in range(20)) + (1,)
KIND_SHAPE: tuple[int, ...] = tuple(
    SHAPE_INDEX[_SHAPE_OF_COLOUR[c][s - 2]] for c in COLOURS for s in (2, 3, 4, 5)
) + (SHAPE_INDEX["white1"],)


def stack_sizes(num_players: int) -> list[int]:
    """Tiles of each kind in play: 3/3/3/1 per colour, fewer with 2–3 players; 12 white."""
    per_size = {2: 3, 3: 3, 4: 3, 5: 1}
    if num_players == 3:
        per_size = {2: 2, 3: 3, 4: 2, 5: 1}
    elif num_players == 2:
        per_size = {2: 2, 3: 2, 4: 2, 5: 1}
    return [per_size[KIND_SIZE[k]] for k in range(20)] + [12]


def shape_cells(rows: tuple[str, ...]) -> list[tuple[int, int, bool]]:
    """The cells ``(dx, dy, is_window)`` of a shape drawn top row first, dy counted upwards."""
    h = len(rows)
    return [(x, h - 1 - y, ch == "W") for y, line in enumerate(rows) for x, ch in enumerate(line) if ch != "."]


def _normalise(cells: list[tuple[int, int, bool]]) -> tuple[tuple[int, int, bool], ...]:
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my, w) for x, y, w in cells))


def orientations(rows: tuple[str, ...]) -> list[tuple[tuple[int, int, bool], ...]]:
    """Distinct orientations (rotations, then mirror images) of a shape, in a fixed order.

    Each is a sorted tuple of ``(dx, dy, is_window)`` with the lowest x and y at 0.
    Two orientations are the same when cells and fills coincide.
    """
    base = shape_cells(rows)
    seen: list[tuple[tuple[int, int, bool], ...]] = []
    for mirror in (False, True):
        cells = [(-x, y, w) for x, y, w in base] if mirror else list(base)
        for _ in range(4):
            norm = _normalise(cells)
            if norm not in seen:
                seen.append(norm)
            cells = [(y, -x, w) for x, y, w in cells]  # a quarter turn clockwise
    return seen


#: SHAPE_ORIENTATIONS[shape] = its distinct orientations (see :func:`orientations`)
SHAPE_ORIENTATIONS: tuple[tuple[tuple[tuple[int, int, bool], ...], ...], ...] = tuple(
    tuple(orientations(rows)) for _, rows in SHAPES
)


def cell_bit(col: int, row: int) -> int:
    """The mask bit of one house cell."""
    return 1 << (row * COLS + col)


def mask_cells(mask: int) -> list[tuple[int, int]]:
    """The ``(col, row)`` cells set in a mask, bottom row first."""
    return [(i % COLS, i // COLS) for i in range(CELLS) if mask >> i & 1]
