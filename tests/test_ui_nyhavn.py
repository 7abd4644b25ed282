"""Nyhavn's table logic without a browser: layout, hit tests, turning tiles, dock choices, refusals, ranking, words."""

from __future__ import annotations

import pytest

import game.nyhavn as nyhavn
from game.nyhavn.tiles import KINDS
from game.ui.nyhavn.layout import (
    anchor_for, build_spots, cells_too_small, end_card_warning, ghost_problem, grip, layout, ranking, score_parts,
    take_choice, tile_cells, tile_price, turned, zoom_layout,
)
from game.core.locale import catalogue
from game.core.locale import language_names
from game.ui.nyhavn.help import ability_help, rules_sections


def cells_of(tile: str, orient: int) -> set[tuple[int, int, bool]]:
    return set(nyhavn.tile_orientations(tile)[orient])


@pytest.mark.parametrize("tile", KINDS)
def test_rotate_and_flip_are_the_geometric_moves(tile):
    n = len(nyhavn.tile_orientations(tile))
    for o in range(n):
        # four quarter turns and two flips come back; a turn keeps the number of windows and bricks
        r = o
        for _ in range(4):
            r = turned(tile, r, "rotate")
        assert r == o
        assert turned(tile, turned(tile, o, "flip"), "flip") == o
        rot = cells_of(tile, turned(tile, o, "rotate"))
        assert sorted(w for *_, w in rot) == sorted(w for *_, w in cells_of(tile, o))
        # a clockwise quarter turn maps (x, y) to (y, -x): the turned shape's width is the old height
        xs = [x for x, _, _ in cells_of(tile, o)]
        ys = [y for _, y, _ in cells_of(tile, o)]
        rxs = [x for x, _, _ in rot]
        assert max(rxs) == max(ys) and max(y for _, y, _ in rot) == max(xs)
    # every orientation is reachable with the two buttons
    seen, todo = {0}, [0]
    while todo:
        o = todo.pop()
        for how in ("rotate", "flip"):
            m = turned(tile, o, how)
            if m not in seen:
                seen.add(m)
                todo.append(m)
    assert seen == set(range(n))


@pytest.mark.parametrize("tile", ["red5", "green4", "yellow5", "blue4", "purple3", "white"])
def test_the_grip_cell_lands_where_the_finger_is(tile):
    for o in range(len(nyhavn.tile_orientations(tile))):
        gx, gy = grip(tile, o)
        assert gy == 0  # the finger holds a cell of the bottom row
        anchor = anchor_for(tile, o, 2, 4)
        assert (2, 4) in {(c, r) for c, r, _ in tile_cells(tile, o, anchor)}


@pytest.mark.parametrize("mode", ["narrow", "landscape", "wide"])
def test_layout_fits_and_hits(mode):
    lay = layout(mode, 4)
    boxes = lay.docks + [lay.others, lay.house, lay.supply, lay.hand, lay.abilities] + ([lay.track] if lay.track else [])
    boxes += [lay.stack_box(c, s) for c in range(5) for s in (2, 3, 4, 5)] + [lay.stack_box(5, 0)]
    for b in boxes:
        assert 0 <= b.x and b.x + b.w <= lay.width and 0 <= b.y and b.y + b.h <= lay.height
    for col in range(5):
        for row in range(9):
            b = lay.cell_box(col, row)
            assert lay.cell_at(b.x + b.w / 2, b.y + b.h / 2) == (col, row)
    assert lay.cell_at(lay.house.x - 1, lay.house.y) is None
    # the house and the supply do not overlap, nor do docks
    assert lay.house.x + lay.house.w <= lay.supply.x or lay.house.y + lay.house.h <= lay.supply.y
    for a, b in zip(lay.docks, lay.docks[1:]):
        assert a.x + a.w < b.x
    # a finger's buttons: 46 units are 44 CSS px even where a unit is 0.95 px
    for b in lay.docks + [lay.stack_box(c, s) for c in range(5) for s in (2, 3, 4, 5)]:
        assert min(b.w, b.h) >= 46
    assert lay.hand.h >= 46 and lay.abilities.h >= 46 and lay.abilities.w / 5 - 4 >= 46
    if mode == "narrow":
        assert lay.width == 360  # one unit is about one CSS pixel on a phone


@pytest.mark.parametrize("mode,css_widths", [("narrow", (254, 300, 344, 374)), ("landscape", (484, 560, 690, 800)),
                                             ("wide", (640, 752, 900))])
def test_zoomed_house_cells_fit_a_finger(mode, css_widths):
    """Where the whole table's house cells are under 44 CSS px by touch, the zoomed house's are at least 44, and the
    zoomed table keeps its parts inside the board and apart (the house, the tile in hand, the hand, the left column)."""
    base = layout(mode, 4)
    for css in css_widths:
        assert cells_too_small(base, css, coarse=True)
        lay = zoom_layout(mode, 4, css)
        assert lay.zoom and lay.width == base.width and lay.held is not None
        if css >= 330:  # (a narrower board cannot give 5 cells of 44 and the tile beside: they are as large as they go)
            assert lay.cell * css / lay.width >= 44, (css, lay.cell)
        boxes = [lay.house, lay.held, lay.hand] + lay.docks + ([lay.abilities] if lay.abilities.w else [])
        for b in boxes:
            assert 0 <= b.x and b.x + b.w <= lay.width and 0 <= b.y and b.y + b.h <= lay.height, (css, b)
        assert lay.house.x + lay.house.w <= lay.held.x and lay.held.w >= 46 and lay.held.h >= 46
        assert lay.hand.y >= lay.house.y + lay.house.h or lay.hand.x + lay.hand.w <= lay.house.x
        for col in range(5):
            for row in range(9):
                b = lay.cell_box(col, row)
                assert lay.cell_at(b.x + b.w / 2, b.y + b.h / 2) == (col, row)
    # with a mouse, 32 CSS px are enough: a desktop's whole table is not zoomed
    assert not cells_too_small(layout("wide", 4), 1000, coarse=False)
    assert not cells_too_small(layout("wide", 4), 1000, coarse=True)


def test_take_choice_neighbours_only_without_abilities():
    state = nyhavn.SPEC.new_game(2, 11)
    state.abilities[0][0] = 2  # Any Cards (everyone's first ability) already used
    legal = nyhavn.SPEC.legal_actions(state)
    action, addable, more = take_choice(legal, [3], both=False)
    assert action is None and addable == {2, 4} and more
    action, addable, more = take_choice(legal, [3, 4], both=False)
    assert action == {"type": "take", "docks": [3, 4], "abilities": []} and not more
    # the first dock with Any Cards used: any other dock may follow, and then the ability is named
    state.abilities[0][0] = 1
    legal = nyhavn.SPEC.legal_actions(state)
    action, addable, _ = take_choice(legal, [0], both=False)
    assert addable == {1, 2, 3, 4, 5, 6}
    action, _, _ = take_choice(legal, [0, 5], both=False)
    assert action == {"type": "take", "docks": [0, 5], "abilities": ["any_cards"]}
    assert nyhavn.SPEC.apply_action(state, action) is not None


def test_ghost_reasons_in_words():
    state = nyhavn.SPEC.new_game(2, 3)  # player 1 holds 2 green cards
    legal = nyhavn.SPEC.legal_actions(state)
    assert ghost_problem(state, legal, "green2", 0, (0, 4)) == "The tile must rest on the bottom row or on a tile directly below."
    wide = next(o for o in range(len(nyhavn.tile_orientations("green2"))) if max(x for x, _, _ in cells_of("green2", o)) == 1)
    assert ghost_problem(state, legal, "green2", wide, (4, 0)) == "The tile would stick out of the house."
    assert ghost_problem(state, legal, "green2", wide, (0, 0)) is None
    assert ghost_problem(state, legal, "green2", wide, (0, 0), lang="es") is None
    assert "apoyarse" in ghost_problem(state, legal, "green2", 0, (0, 4), lang="es")
    after = nyhavn.SPEC.apply_action(state, {"type": "build", "tile": "green2", "orient": wide, "col": 0, "row": 0})
    after.seat, after.phase = 0, "turn"  # back to player 1, to look at the same house
    assert ghost_problem(after, legal, "green2", wide, (1, 0)) == "The tile would overlap a tile already built."
    # on the board but unaffordable: a green tile of 3 with 2 green cards needs to touch green
    after.seat, after.phase = 0, "turn"
    after.hands[0][3] = 2
    legal3 = nyhavn.SPEC.legal_actions(after)
    spots = build_spots(legal3, "green3")
    assert spots and all(r <= 1 for _, _, r in spots)
    upright = next(o for o in range(len(nyhavn.tile_orientations("green3"))) if max(x for x, _, _ in cells_of("green3", o)) == 0)
    assert ghost_problem(after, legal3, "green3", upright, (3, 0)) == "You can only pay for it where it touches a green tile."


def test_prices_warning_ranking_and_score_parts():
    assert tile_price("red4", False, False) == 4 and tile_price("red4", True, False) == 3
    assert tile_price("blue2", True, True) == 0 and tile_price("blue2", False, True) == 1
    assert end_card_warning({"end_card": "supply", "supply": 10})
    assert not end_card_warning({"end_card": "supply", "supply": 11})
    assert not end_card_warning({"end_card": "beside", "supply": 3})
    assert ranking([5, 5, 3], [10, 8, 2], [1]) == [2, 1, 3]
    assert ranking([5, 5, 3], [8, 8, 2], [0, 1]) == [1, 1, 3]
    view = {"players": 2, "log": [{"type": "score", "player": 1, "line": "row", "index": 0, "points": 2},
                                  {"type": "score", "player": 1, "line": "column", "index": 0, "points": 4},
                                  {"type": "score", "player": 0, "line": "row", "index": 0, "points": 1}]}
    assert score_parts(view) == [{"rows": 1, "columns": 0}, {"rows": 2, "columns": 4}]


def test_words_exist_in_every_language():
    import string

    english = {k: v for k, v in catalogue("en").items() if k.startswith("ny.")}
    names = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
    for lang in language_names():
        own = {k: v for k, v in catalogue(lang).items() if k.startswith("ny.")}
        assert set(own) == set(english), lang
        for key, text in own.items():
            assert text.strip(), key
            # the same placeholders in every language, so formatting never fails
            assert names(text) == names(english[key]), (lang, key)
        assert all(ability_help(a, lang) != f"ny.ability_help.{a}" for a in nyhavn.ABILITIES)
        sections = rules_sections(lang)
        assert len(sections) >= 6 and all(title and paras for title, paras in sections)
