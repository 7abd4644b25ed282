"""``python -m lab.nyhavn.bench``: the placement table against the plain checker, and playout speed.

One *enumeration* lists every legal placement — tile kind, orientation,
position and whether it touches its own colour (the discount) — of every
coloured tile kind still in stock, on a mid-game house.
"""

from __future__ import annotations

import json
import time
from typing import Any

from game.core import Rng
from game.nyhavn import rules
from game.nyhavn.state import State, new_game, table
from game.nyhavn.tiles import COLOURS, KIND_COLOUR, KIND_SHAPE, SHAPES

from . import naive


def mid_game_state(seed: int = 3, cells: int = 18) -> State:
    """A game played by the weak bot until the player to move has about ``cells`` spaces built."""
    from game.nyhavn.bots import weak_choice

    s = new_game(2, seed)
    while not rules.is_over(s):
        if bin(s.houses[s.seat][0]).count("1") >= cells and s.phase == "turn":
            return s
        s = rules.apply_action(s, weak_choice(s, rules.legal_actions(s)))
    raise RuntimeError("the game ended before the house was half built; try another seed")


def enumerate_table(s: State, p: int) -> list[tuple[int, int, int, int, bool]]:
    """Every legal placement of every coloured kind in stock, with the table.

    Kinds of the same shape (all size-2 tiles, say) share one pass over the
    shape's records; only the same-colour test differs per kind.
    """
    tbl = table()
    house = s.houses[p]
    occ = house[0]
    out = []
    by_shape: dict[int, list[tuple[int, int, int, int, int, int]]] = {}
    for kind in range(20):
        if not s.stacks[kind]:
            continue
        shape = KIND_SHAPE[kind]
        legal = by_shape.get(shape)
        if legal is None:
            legal = by_shape[shape] = tbl.legal_all(shape, occ)
        same = house[2 + KIND_COLOUR[kind]]
        out += [(kind, x[0], x[1], x[2], x[5] & same != 0) for x in legal]
    return out


def enumerate_naive(s: State, p: int) -> list[tuple[int, int, int, int, bool]]:
    """The same list with the plain geometric checker."""
    house = s.houses[p]
    grid = naive.grid_from_mask(house[0])
    colour_grids = [naive.grid_from_mask(house[2 + c]) for c in range(len(COLOURS))]
    out = []
    for kind in range(20):
        if not s.stacks[kind]:
            continue
        shape = SHAPES[KIND_SHAPE[kind]][0]
        orients = naive.shape_orientations(shape)
        for o, col, row in naive.legal_placements(grid, shape):
            out.append((kind, o, col, row, naive.touches(colour_grids[KIND_COLOUR[kind]], orients[o], col, row)))
    return out


#: Samples of each enumeration, taken in turns so a busy moment of the machine slows both alike (issue 38: three runs
#: of the old best-of-five timing gave 19× to 39× on the same code).
SAMPLES = 200
#: Table enumerations per sample: one takes tens of microseconds, too short for one clock reading to mean much.
TABLE_BATCH = 20


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def time_interleaved(s: State, p: int, samples: int = SAMPLES) -> tuple[float, float, float]:
    """Seconds per enumeration, table and plain checker (medians of ``samples`` each, taken in turns), and the median
    of the per-turn ratios (plain / table)."""
    table_times, naive_times, ratios = [], [], []
    for _ in range(samples):
        t0 = time.perf_counter()
        for _ in range(TABLE_BATCH):
            enumerate_table(s, p)
        t1 = time.perf_counter()
        enumerate_naive(s, p)
        t2 = time.perf_counter()
        table_times.append((t1 - t0) / TABLE_BATCH)
        naive_times.append(t2 - t1)
        ratios.append(naive_times[-1] / table_times[-1])
    return _median(table_times), _median(naive_times), _median(ratios)


def playouts_per_second(seconds: float = 2.0, seed: int = 1) -> float:
    """Whole random 2-player games per second."""
    rng = Rng(seed)
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        s = new_game(2, rng.next_u32())
        while not rules.is_over(s):
            acts = rules.legal_actions(s)
            s = rules.apply_action(s, acts[rng.randrange(len(acts))])
        games += 1
    return games / (time.perf_counter() - t0)


def run() -> dict[str, Any]:
    """The figures: microseconds per full enumeration with the table and the plain checker (medians of samples taken
    in turns), the median ratio of the turns, playouts/s."""
    table()  # load before timing
    s = mid_game_state()
    p = s.seat
    a, b = enumerate_table(s, p), enumerate_naive(s, p)
    if sorted(a) != sorted(b):
        raise AssertionError("the table and the plain checker disagree")
    table_s, naive_s, ratio = time_interleaved(s, p)
    return {
        "placements": len(a),
        "cells_built": bin(s.houses[p][0]).count("1"),
        "samples": SAMPLES,
        "table_us": round(table_s * 1e6, 1),
        "naive_us": round(naive_s * 1e6, 1),
        "ratio": round(ratio, 1),
        "playouts_per_s": round(playouts_per_second(), 2),
    }


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
