"""The precomputed placement table (``assets/placements.bin``): generate, write, load.

For every tile shape, every distinct orientation and every anchor position
where it fits in the 5×9 house, the table holds the masks a placement check
needs, so "may this tile go here?" is two integer ANDs:

* ``cells``   — the spaces the tile covers;
* ``windows`` — those of them that are windows;
* ``support`` — the spaces directly below the tile's cells (not its own), plus
  the virtual ground bit 45 when a cell is in the bottom row;
* ``around``  — the spaces sharing an edge with the tile (same-colour discount).

A placement is legal when ``cells & occupied == 0`` and
``support & (occupied | GROUND) != 0``. The binary format is documented in
``docs/nyhavn.md``; :func:`generate` is deterministic, so the build reproduces
the committed file byte for byte. Loading uses the standard library only, the
same way in CPython and in Pyodide.

``python -m game.nyhavn.placements OUTPATH`` writes the table.
"""

from __future__ import annotations

import binascii
import os
import struct
import sys
from pathlib import Path

from .tiles import CELLS, COLS, GROUND, ROW0, ROWS, SHAPE_ORIENTATIONS, SHAPES

MAGIC = b"NYPT"
VERSION = 1
ASSET_NAME = "placements.bin"
ENV_VAR = "HOUSE_GAMES_ASSETS"

_HEADER = struct.Struct("<4sHBBHHI")  # magic, version, cols, rows, shapes, orientations, records
_SHAPE = struct.Struct("<HHBB")  # first orientation, orientation count, size, reserved
_ORIENT = struct.Struct("<HBBIHQQ")  # shape, width, height, first record, record count, cells, windows
_RECORD = struct.Struct("<BBQQQQ")  # col, row, cells, windows, support, around
_CRC = struct.Struct("<I")

Record = tuple[int, int, int, int, int, int]  #: (col, row, cells, windows, support, around)


def _pattern(cells: tuple[tuple[int, int, bool], ...], col: int, row: int) -> tuple[int, int]:
    m = w = 0
    for dx, dy, win in cells:
        bit = 1 << ((row + dy) * COLS + col + dx)
        m |= bit
        if win:
            w |= bit
    return m, w


def _around(cells: int) -> int:
    out = 0
    for i in range(CELLS):
        if cells >> i & 1:
            c, r = i % COLS, i // COLS
            for cc, rr in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
                if 0 <= cc < COLS and 0 <= rr < ROWS:
                    out |= 1 << (rr * COLS + cc)
    return out & ~cells


def records_for(cells: tuple[tuple[int, int, bool], ...]) -> list[Record]:
    """Every anchor (bottom-left of the bounding box) where an orientation fits, with its masks."""
    width = 1 + max(c[0] for c in cells)
    height = 1 + max(c[1] for c in cells)
    out: list[Record] = []
    for row in range(ROWS - height + 1):
        for col in range(COLS - width + 1):
            m, w = _pattern(cells, col, row)
            support = (m >> COLS) & ~m
            if m & ROW0:
                support |= GROUND
            out.append((col, row, m, w, support, _around(m)))
    return out


def generate() -> bytes:
    """The placement table as bytes: deterministic (same bytes on every run and platform)."""
    shapes = bytearray()
    orients = bytearray()
    records = bytearray()
    n_orient = n_rec = 0
    for si, (_, rows) in enumerate(SHAPES):
        ors = SHAPE_ORIENTATIONS[si]
        size = sum(1 for line in rows for ch in line if ch != ".")
        shapes += _SHAPE.pack(n_orient, len(ors), size, 0)
        for cells in ors:
            recs = records_for(cells)
            m, w = _pattern(cells, 0, 0)
            width = 1 + max(c[0] for c in cells)
            height = 1 + max(c[1] for c in cells)
            orients += _ORIENT.pack(si, width, height, n_rec, len(recs), m, w)
            for rec in recs:
                records += _RECORD.pack(*rec)
            n_orient += 1
            n_rec += len(recs)
    body = _HEADER.pack(MAGIC, VERSION, COLS, ROWS, len(SHAPES), n_orient, n_rec) + bytes(shapes) + bytes(orients) + bytes(records)
    return body + _CRC.pack(binascii.crc32(body) & 0xFFFFFFFF)


def write_asset(path: str | os.PathLike[str]) -> Path:
    """Write the table to ``path`` (the build calls this for ``assets/placements.bin``)."""
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(generate())
    return out


class TableError(Exception):
    """The placement table is missing, damaged or does not match this engine."""


class PlacementTable:
    """The table in memory. ``records[shape][orientation]`` is a tuple of :data:`Record`."""

    __slots__ = ("records", "patterns", "sizes", "index", "flat", "row_start")

    def __init__(self, data: bytes) -> None:
        if len(data) < _HEADER.size + _CRC.size:
            raise TableError("The placement table is truncated.")
        body, (crc,) = data[:-_CRC.size], _CRC.unpack(data[-_CRC.size:])
        if binascii.crc32(body) & 0xFFFFFFFF != crc:
            raise TableError("The placement table is damaged (checksum mismatch).")
        magic, version, cols, rows, n_shapes, n_orient, n_rec = _HEADER.unpack_from(body, 0)
        if magic != MAGIC:
            raise TableError("This file is not a Nyhavn placement table.")
        if version != VERSION:
            raise TableError(f"Placement table version {version}; this engine reads version {VERSION}.")
        if (cols, rows, n_shapes) != (COLS, ROWS, len(SHAPES)):
            raise TableError("The placement table was built for a different board or tile set.")
        off = _HEADER.size
        shape_rows = [_SHAPE.unpack_from(body, off + i * _SHAPE.size) for i in range(n_shapes)]
        off += n_shapes * _SHAPE.size
        orient_rows = [_ORIENT.unpack_from(body, off + i * _ORIENT.size) for i in range(n_orient)]
        off += n_orient * _ORIENT.size
        if len(body) != off + n_rec * _RECORD.size:
            raise TableError("The placement table has the wrong length.")
        recs = [r for r in _RECORD.iter_unpack(body[off:])]
        self.records: list[list[tuple[Record, ...]]] = []
        self.patterns: list[list[tuple[int, int]]] = []
        self.sizes: list[int] = []
        #: index[shape][orientation][(col, row)] = record
        self.index: list[list[dict[tuple[int, int], Record]]] = []
        for si, (first, count, size, _) in enumerate(shape_rows):
            if count != len(SHAPE_ORIENTATIONS[si]):
                raise TableError("The placement table's orientations do not match this engine's tiles.")
            by_o: list[tuple[Record, ...]] = []
            pats: list[tuple[int, int]] = []
            for oi in range(first, first + count):
                shape, _w, _h, rfirst, rcount, m, w = orient_rows[oi]
                if shape != si or (m, w) != _pattern(SHAPE_ORIENTATIONS[si][oi - first], 0, 0):
                    raise TableError("The placement table's shapes do not match this engine's tiles.")
                by_o.append(tuple(recs[rfirst:rfirst + rcount]))
                pats.append((m, w))
            self.records.append(by_o)
            self.patterns.append(pats)
            self.sizes.append(size)
            self.index.append([{(r[0], r[1]): r for r in o} for o in by_o])
        #: flat[shape]: every ``(orientation, col, row, cells, support, around)`` of a shape, by anchor row
        self.flat: list[tuple[tuple[int, int, int, int, int, int], ...]] = []
        #: row_start[shape][r]: index in flat[shape] of the first placement anchored at row >= r (r = 0..9)
        self.row_start: list[tuple[int, ...]] = []
        for by_o in self.records:
            flat = sorted(((o, r[0], r[1], r[2], r[4], r[5]) for o, recs in enumerate(by_o) for r in recs),
                          key=lambda x: (x[2], x[0], x[1]))
            self.flat.append(tuple(flat))
            self.row_start.append(tuple(next((i for i, x in enumerate(flat) if x[2] >= r), len(flat)) for r in range(ROWS + 1)))

    def legal(self, shape: int, orientation: int, occupied: int) -> list[Record]:
        """Records of ``shape``/``orientation`` that may be placed in a house with ``occupied`` cells."""
        occ = occupied | GROUND
        return [r for r in self.records[shape][orientation] if not r[2] & occ and r[4] & occ]

    def legal_all(self, shape: int, occupied: int) -> list[tuple[int, int, int, int, int, int]]:
        """Every ``(orientation, col, row, cells, support, around)`` of ``shape`` legal in a house with ``occupied`` cells.

        Only placements anchored between the first row that is not full and the
        row above the highest built one can be legal, so only those are checked.
        """
        occ = occupied | GROUND
        low = 0
        while low < ROWS and (occupied >> (low * COLS)) & 31 == 31:
            low += 1
        high = min(ROWS, (occupied.bit_length() - 1) // COLS + 2) if occupied else 1
        starts = self.row_start[shape]
        return [x for x in self.flat[shape][starts[low]:starts[high]] if x[4] & occ and not x[3] & occ]


def candidate_paths(path: str | os.PathLike[str] | None = None) -> list[Path]:
    """Where the table is looked for, in order (see :func:`load`)."""
    out: list[Path] = []
    if path is not None:
        out.append(Path(path))
    env = os.environ.get(ENV_VAR)
    if env:
        out.append(Path(env) / ASSET_NAME)
    out.append(Path(__file__).resolve().parent.parent.parent / "assets" / ASSET_NAME)
    out.append(Path.cwd() / "assets" / ASSET_NAME)
    return out


def read_bytes(path: str | os.PathLike[str] | None = None) -> bytes:
    """The table's bytes from the first place that has it; :class:`TableError` if none does.

    Order: an explicit ``path``; ``$HOUSE_GAMES_ASSETS/placements.bin``; the
    repository's ``assets/placements.bin`` next to the package; ``./assets/``
    (where the browser front end copies the served asset); package data
    ``game/nyhavn/placements.bin``. It never regenerates the table silently.
    """
    tried = candidate_paths(path)
    for p in tried:
        if p.is_file():
            return p.read_bytes()
    try:
        from importlib import resources

        res = resources.files(__package__).joinpath(ASSET_NAME)
        if res.is_file():
            return res.read_bytes()
    except (ImportError, OSError, TypeError, ValueError):
        pass
    raise TableError(
        "Nyhavn's placement table (placements.bin) was not found; looked in "
        + ", ".join(str(p) for p in tried)
        + " and the package data. Run `python -m game.nyhavn.placements assets/placements.bin` or the build."
    )


_loaded: PlacementTable | None = None


def load(path: str | os.PathLike[str] | None = None) -> PlacementTable:
    """The placement table, read once and cached (an explicit ``path`` always reloads)."""
    global _loaded
    if path is not None:
        return PlacementTable(read_bytes(path))
    if _loaded is None:
        _loaded = PlacementTable(read_bytes())
    return _loaded


def main(argv: list[str] | None = None) -> int:
    """Command line: write the table to the given path."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m game.nyhavn.placements OUTPATH", file=sys.stderr)
        return 2
    out = write_asset(args[0])
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
