"""What a screen reader hears of the tile in hand (issue 40): its shape and way round, and the cells it would cover.

Pure Python, like :mod:`.table`: the words of a house cell's button while a tile is in hand ("fits here, covers
columns 3–5 of row 1" / "does not fit here this way round") and of the announcement when a tile is picked, rotated
or flipped. Columns and rows are counted from 1 here, as the table shows them.
"""

from __future__ import annotations

from typing import Any

from ...core.locale import text
from .layout import anchor_for, build_spots, grip, tile_cells, tile_orientations


def cover_words(cells: list[tuple[int, int]], lang: str) -> str:
    """The cells a tile would cover in words, row by row ("columns 3–5 of row 1 and column 3 of row 2"), or column
    by column when it stands in one column ("rows 1–3 of column 2")."""
    cols = sorted({c for c, _ in cells})
    rows = sorted({r for _, r in cells})
    if len(cols) == 1 and len(rows) > 1:
        parts = [text("ny.cover.rows", lang, a=rows[0] + 1, b=rows[-1] + 1, col=cols[0] + 1)]
    else:
        parts = []
        for row in rows:
            here = sorted(c for c, r in cells if r == row)
            if len(here) == 1:
                parts.append(text("ny.cover.col", lang, col=here[0] + 1, row=row + 1))
            else:  # a tile's row is one run of neighbouring cells
                parts.append(text("ny.cover.cols", lang, a=here[0] + 1, b=here[-1] + 1, row=row + 1))
    if len(parts) == 1:
        return parts[0]
    return text("ny.cover.and", lang, a=", ".join(parts[:-1]), b=parts[-1])


def fit_words(spots: set[tuple[int, int, int]], tile: str, orient: int, col: int, row: int, lang: str) -> str:
    """A house cell's state for the tile in hand (``spots``: its legal builds, :func:`~.layout.build_spots`): where it
    would go with its grip on the cell, or that it cannot."""
    if (orient, *anchor_for(tile, orient, col, row)) not in spots:
        return text("ny.fit.not", lang)
    cells = [(c, r) for c, r, _ in tile_cells(tile, orient, anchor_for(tile, orient, col, row))]
    return text("ny.fit.here", lang, cover=cover_words(cells, lang))


def shape_words(tile: str, orient: int, lang: str) -> str:
    """The tile this way round: its size ("3 tall, 1 wide"), the cells it fills of its box when it is no rectangle,
    and its windows (rows and columns counted in the tile's box from its bottom left)."""
    cells = tile_orientations(tile)[orient]
    tall, wide = max(y for _, y, _ in cells) + 1, max(x for x, _, _ in cells) + 1
    words = text("ny.shape", lang, tall=tall, wide=wide)
    if len(cells) < tall * wide:
        words = text("ny.shape.cells", lang, shape=words, cells=cover_words([(x, y) for x, y, _ in cells], lang))
    windows = [(x, y) for x, y, window in cells if window]
    if windows:
        words = text("ny.shape.windows", lang, shape=words, cells=cover_words(windows, lang))
    return words


def count_words(legal: list[dict[str, Any]], tile: str, orient: int, lang: str) -> str:
    """In how many places the tile fits this way round."""
    n = sum(1 for o, _, _ in build_spots(legal, tile) if o == orient)
    return text("ny.kb.fits", lang, n=n) if n else text("ny.fits.none", lang)


def first_fit(legal: list[dict[str, Any]], tile: str, orient: int) -> tuple[int, int] | None:
    """The grip cell of the lowest place (then leftmost) where the tile fits this way round: where a keyboard player
    starts choosing."""
    spots = sorted((r, c) for o, c, r in build_spots(legal, tile) if o == orient)
    if not spots:
        return None
    row, col = spots[0]
    gx, gy = grip(tile, orient)
    return col + gx, row + gy
