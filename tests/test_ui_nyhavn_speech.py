"""Nyhavn's words for a screen reader (issue 40): the cells a tile would cover, its shape, where it fits."""

from __future__ import annotations

import game.nyhavn as N
from game.ui.nyhavn.layout import anchor_for, build_spots, tile_cells, tile_orientations, turned
from game.ui.nyhavn.speech import count_words, cover_words, first_fit, fit_words, shape_words


def test_cover_words_say_rows_and_columns_as_the_table_counts_them():
    assert cover_words([(2, 0), (3, 0), (4, 0)], "en") == "columns 3–5 of row 1"
    assert cover_words([(1, 0), (1, 1), (1, 2)], "en") == "rows 1–3 of column 2"
    assert cover_words([(0, 0), (1, 0), (0, 1)], "en") == "columns 1–2 of row 1 and column 1 of row 2"
    assert cover_words([(0, 3)], "fr") == "la colonne 1 de la ligne 4"


def test_each_way_round_of_a_tile_is_said_differently():
    for tile in ("red2", "red3", "blue4", "purple5"):
        ways = len(tile_orientations(tile))
        said = {shape_words(tile, o, "en") for o in range(ways)}
        assert len(said) == ways, said
    flat = next(o for o in range(2) if shape_words("red2", o, "en").startswith("1 tall, 2 wide"))
    assert shape_words("red2", turned("red2", flat, "rotate"), "en").startswith("2 tall, 1 wide")


def test_each_cell_says_whether_the_tile_fits_with_its_grip_there():
    state = N.SPEC.new_game(2, 3)
    legal = N.SPEC.legal_actions(state)
    builds = [a for a in legal if a["type"] == "build"]
    assert builds, "seed 3 lets the first player build"
    tile, orient = builds[0]["tile"], builds[0]["orient"]
    spots = build_spots(legal, tile)
    grip_cell = first_fit(legal, tile, orient)
    assert grip_cell is not None
    words = fit_words(spots, tile, orient, *grip_cell, "en")
    covered = sorted((c, r) for c, r, _ in tile_cells(tile, orient, anchor_for(tile, orient, *grip_cell)))
    assert words == "fits here, covers " + cover_words(covered, "en")
    assert fit_words(spots, tile, orient, 4, 8, "en") == "does not fit here this way round"  # the top corner: not yet
    n = sum(1 for o, _, _ in spots if o == orient)
    assert count_words(legal, tile, orient, "en") == (f"It fits in {n} places this way round." if n > 1 else "It fits in 1 place this way round.")
