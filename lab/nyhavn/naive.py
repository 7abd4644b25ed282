"""A plain geometric placement checker: the reference the table is tested and benchmarked against.

It knows nothing of masks or the table: the house is a 9×5 grid of cells,
tiles are drawn as strings, orientations are computed by turning and
mirroring the drawing, and each placement is checked cell by cell.
"""

from __future__ import annotations

from game.nyhavn.tiles import COLS, ROWS, SHAPES

Grid = list[list[bool]]  #: grid[row][col], row 0 at the bottom; True where built


def grid_from_mask(occupied: int) -> Grid:
    """The house as a grid of booleans."""
    return [[bool(occupied >> (r * COLS + c) & 1) for c in range(COLS)] for r in range(ROWS)]


def shape_orientations(shape_name: str) -> list[list[tuple[int, int, bool]]]:
    """Distinct orientations of a shape by turning and mirroring its drawing (rotations first, then mirrors)."""
    rows = dict(SHAPES)[shape_name]
    h = len(rows)
    cells = [(x, h - 1 - y, ch == "W") for y, line in enumerate(rows) for x, ch in enumerate(line) if ch != "."]
    found: list[list[tuple[int, int, bool]]] = []
    for mirrored in (False, True):
        current = [(-x, y, w) for x, y, w in cells] if mirrored else cells
        for _ in range(4):
            minx = min(x for x, _, _ in current)
            miny = min(y for _, y, _ in current)
            norm = sorted((x - minx, y - miny, w) for x, y, w in current)
            if norm not in found:
                found.append(norm)
            current = [(y, -x, w) for x, y, w in current]
    return found


def problem(grid: Grid, cells: list[tuple[int, int, bool]], col: int, row: int) -> str | None:
    """``"outside"``, ``"overlaps"``, ``"support"`` or ``None`` (legal) for a tile anchored at ``(col, row)``."""
    for dx, dy, _ in cells:
        c, r = col + dx, row + dy
        if not (0 <= c < COLS and 0 <= r < ROWS):
            return "outside"
    for dx, dy, _ in cells:
        if grid[row + dy][col + dx]:
            return "overlaps"
    for dx, dy, _ in cells:
        r = row + dy
        if r == 0 or grid[r - 1][col + dx]:
            return None
    return "support"


def touches(grid_colour: list[list[bool]], cells: list[tuple[int, int, bool]], col: int, row: int) -> bool:
    """True when a cell of the tile shares an edge with a cell marked in ``grid_colour``."""
    for dx, dy, _ in cells:
        c, r = col + dx, row + dy
        for cc, rr in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
            if 0 <= cc < COLS and 0 <= rr < ROWS and grid_colour[rr][cc]:
                return True
    return False


def legal_placements(grid: Grid, shape_name: str) -> list[tuple[int, int, int]]:
    """Every legal ``(orientation, col, row)`` of a shape, trying every anchor in the house."""
    out = []
    for o, cells in enumerate(shape_orientations(shape_name)):
        for row in range(ROWS):
            for col in range(COLS):
                if problem(grid, cells, col, row) is None:
                    out.append((o, col, row))
    return out
