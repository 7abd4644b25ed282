"""Nyhavn's placement table: the committed asset, its format and loading, and agreement with the plain checker."""

from __future__ import annotations

from .sizes import soak

import struct
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.nyhavn import state as E
from game.nyhavn import tiles as T
from game.nyhavn import placements
from lab.nyhavn import naive
from lab.nyhavn.bench import enumerate_naive, enumerate_table
from game.nyhavn.tiles import COLS, FULL, ROWS, SHAPE_ORIENTATIONS, SHAPES

ASSET = Path(__file__).resolve().parent.parent / "assets" / "placements.bin"


def test_fresh_generation_equals_the_committed_asset_byte_for_byte():
    assert placements.generate() == ASSET.read_bytes()
    assert placements.generate() == placements.generate()


def test_header_counts_and_checksum(tmp_path):
    data = ASSET.read_bytes()
    magic, version, cols, rows, shapes, orients, records = struct.unpack_from("<4sHBBHHI", data)
    assert (magic, version, cols, rows, shapes) == (b"NYPT", 1, 5, 9, len(SHAPES))
    assert orients == sum(len(o) for o in SHAPE_ORIENTATIONS)
    assert len(data) == 16 + 6 * shapes + 26 * orients + 34 * records + 4
    damaged = bytearray(data)
    damaged[100] ^= 1
    with pytest.raises(placements.TableError, match="checksum"):
        placements.PlacementTable(bytes(damaged))
    with pytest.raises(placements.TableError, match="truncated"):
        placements.PlacementTable(b"NY")


def test_write_asset_and_command_line(tmp_path):
    out = placements.write_asset(tmp_path / "sub" / "placements.bin")
    assert out.read_bytes() == ASSET.read_bytes()
    assert placements.main([str(tmp_path / "x.bin")]) == 0 and (tmp_path / "x.bin").read_bytes() == ASSET.read_bytes()
    assert placements.main([]) == 2


def test_loader_search_order_and_clear_error(tmp_path, monkeypatch):
    (tmp_path / "placements.bin").write_bytes(ASSET.read_bytes())
    assert placements.load(tmp_path / "placements.bin").sizes[1] == 2
    monkeypatch.setenv("HOUSE_GAMES_ASSETS", str(tmp_path))
    assert placements.candidate_paths()[0] == tmp_path / "placements.bin"
    monkeypatch.setattr(placements, "candidate_paths", lambda path=None: [tmp_path / "nowhere.bin"])
    with pytest.raises(placements.TableError, match="not found"):
        placements.read_bytes()


def test_orientations_are_distinct_rotations_and_flips():
    counts = {name: len(SHAPE_ORIENTATIONS[i]) for i, (name, _) in enumerate(SHAPES)}
    assert counts == {"white1": 1, "bar2": 4, "bar3": 4, "ell3": 8, "bar4": 4, "tee4": 4, "square4": 4, "ell4": 8,
                      "ess4": 8, "bar5": 4, "plus5": 4, "pee5": 8, "tee5": 4, "zed5": 8}
    for i, (name, _) in enumerate(SHAPES):
        assert [tuple(o) for o in naive.shape_orientations(name)] == list(SHAPE_ORIENTATIONS[i])


def _gravity_board(draws: list[int]) -> int:
    """A board as built in play: cells dropped onto columns, with some overhanging gaps."""
    occ = 0
    heights = [0] * COLS
    for d in draws:
        c, jump = d % COLS, (d // COLS) % 3 == 0
        h = heights[c] + (1 if jump and heights[c] else 0)
        if h < ROWS:
            occ |= 1 << (h * COLS + c)
            heights[c] = h + 1
    return occ


boards = st.one_of(st.integers(min_value=0, max_value=FULL),
                   st.lists(st.integers(min_value=0, max_value=200), max_size=40).map(_gravity_board))


@settings(max_examples=soak(1500, 100), deadline=None)
@given(boards)
def test_table_and_plain_checker_agree_on_every_shape_orientation_and_position(occ):
    tbl = E.table()
    grid = naive.grid_from_mask(occ)
    for si, (name, _) in enumerate(SHAPES):
        want = set(naive.legal_placements(grid, name))
        got = {(x[0], x[1], x[2]) for x in tbl.legal_all(si, occ)}
        assert got == want, name
        assert {(o, r[0], r[1]) for o in range(len(SHAPE_ORIENTATIONS[si])) for r in tbl.legal(si, o, occ)} == want


@settings(max_examples=soak(150, 20), deadline=None)
@given(boards, st.integers(min_value=0, max_value=FULL))
def test_placement_problem_and_discount_agree_with_the_plain_checker(occ, colour_mask):
    s = E.new_game(2, 1)
    colour_mask &= occ
    s.houses[0] = [occ, 0, colour_mask, 0, 0, 0, occ & ~colour_mask, 0]  # blue where colour_mask, else purple
    words = {"outside": "stick out", "overlaps": "overlap", "support": "must rest"}
    grid = naive.grid_from_mask(occ)
    blue = naive.grid_from_mask(colour_mask)
    for tile in ("blue2", "blue4", "blue5", "green5", "yellow4", "white"):
        kind = T.KIND_INDEX[tile]
        for o, cells in enumerate(naive.shape_orientations(SHAPES[T.KIND_SHAPE[kind]][0])):
            for row in range(-1, ROWS + 1):
                for col in range(-1, COLS + 1):
                    want = naive.problem(grid, cells, col, row)
                    got = E.placement_problem(s, tile, o, col, row)
                    assert (got is None) == (want is None) and (want is None or words[want] in got)
                    if want is None and tile.startswith("blue"):
                        rec = E.placement_record(kind, o, col, row)
                        assert E.adjacent_same_colour(s.houses[0], kind, rec) == naive.touches(blue, cells, col, row)


def test_bench_enumerations_agree_on_a_mid_game_board():
    from lab.nyhavn.bench import mid_game_state
    s = mid_game_state()
    assert sorted(enumerate_table(s, s.seat)) == sorted(enumerate_naive(s, s.seat))
    assert len(enumerate_table(s, s.seat)) > 50
