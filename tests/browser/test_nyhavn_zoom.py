"""Nyhavn on small touch screens (issue 14): placing a tile in a zoomed house whose cells a finger can hit, and
the table laid out again when only the window's height changes.

At 360×640 a house cell of the whole table is about 26 CSS px: picking a tile shows the house large (every cell
at least 44×44 CSS px), the player taps a cell and places the tile, and the engine gets exactly that action.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import game.nyhavn as nyhavn

from .conftest import resume_match, settle
from .nyhavn_steps import BUILD_SEED, autosave, engine_match, start_nyhavn, wait_my_turn

TILE = "green2"  # BUILD_SEED's player 1 starts with two green cards: a green tile of 2 can be built at once


def cell_boxes(page) -> list[dict]:
    """The house's cell buttons with their CSS boxes, enabled state and whether they are marked legal."""
    return page.locator(".board button[data-key^=cell-]").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return {key: b.dataset.key, w: r.width, h: r.height, "
        "enabled: !b.disabled, legal: b.dataset.legal === 'true', label: b.getAttribute('aria-label')}; })")


@contextmanager
def window(page, width: int, height: int) -> Iterator[None]:
    """The started page's window at ``width``×``height`` for a while, then back to the phone's (later tests of the
    module get the window they expect)."""
    before = page.viewport_size
    page.set_viewport_size({"width": width, "height": height})
    try:
        yield
    finally:
        page.set_viewport_size(before)


def test_zoomed_house_places_a_tile_by_finger_at_360x640(started_page, shot):
    with window(started_page, 360, 640):
        _places_a_tile_by_finger(started_page, shot)


def _places_a_tile_by_finger(page, shot) -> None:
    start_nyhavn(page, None, seed=BUILD_SEED)
    # the whole table: the house's cells are smaller than a finger
    before = cell_boxes(page)
    assert len(before) == 45 and max(c["w"] for c in before) < 44
    state = engine_match(page).state
    legal = [a for a in nyhavn.SPEC.legal_actions(state) if a["type"] == "build" and a["tile"] == TILE]
    assert legal
    page.get_by_role("button", name="green tile of 2", exact=False).tap()
    zoom = page.locator("#ny-zoom")
    assert zoom.get_attribute("aria-pressed") == "true"  # picking a tile zoomed in on the house
    cells = cell_boxes(page)
    assert len(cells) == 45
    assert all(c["enabled"] for c in cells)
    small = [c for c in cells if c["w"] < 44 or c["h"] < 44]
    assert small == [], small[:3]
    # no other enabled button on the table is smaller either (the tile in hand beside the house included)
    sides = page.locator(".board button:not([disabled])").evaluate_all(
        "bs => bs.map(b => { const r = b.getBoundingClientRect(); return Math.min(r.width, r.height); })")
    assert min(sides) >= 44, sides
    assert page.get_by_role("button", name="green tile of 2 in hand", exact=False).count() == 1
    shot(page, "nyhavn-zoom-360x640")
    # show the fits, tap one in the zoomed house: the prompt names the price, Place is enabled
    page.locator("#ny-fits").tap()
    fit = page.locator(".board button[data-key^=cell-][data-legal=true]").first
    key = fit.get_attribute("data-key")
    fit.tap()
    info = page.locator("#nyhavn-info")
    assert info.get_attribute("data-kind") == "good", info.inner_text()
    assert "Fits here" in info.inner_text()
    orient = int(page.evaluate("houseGames.inspect('screen.pick.orient')"))
    anchor = page.evaluate("houseGames.inspect('screen.pick.anchor')")
    expected = {"type": "build", "tile": TILE, "orient": orient, "col": anchor[0], "row": anchor[1]}
    assert expected in legal, (key, expected)
    page.locator("#ny-place").tap()
    page.wait_for_function("JSON.parse(houseGames.autosave()).actions.length > 0")
    assert autosave(page)["actions"][0]["action"] == expected
    # back on the whole table, the tile is drawn in the house (and named to a screen reader)
    wait_my_turn(page)
    assert page.locator("#ny-zoom").count() == 0
    col, row = anchor
    for dx, dy, window in nyhavn.tile_orientations(TILE)[orient]:
        name = f"Column {col + dx + 1}, row {row + dy + 1}: green {'window' if window else 'brick'}"
        assert page.get_by_role("button", name=name, exact=False).count() == 1, name
    assert max(c["w"] for c in cell_boxes(page)) < 44  # the whole table again


def test_zoomed_house_at_every_touch_size_keeps_the_tile_in_hand(started_page, shot):
    """Picking a tile on a phone upright or on its side, or on a tablet, shows house cells a finger can hit; turning
    the device (resizing the page) keeps the tile in hand and the zoom."""
    from .layout import SIZES

    sizes = [s for s in SIZES if s[3]]
    _, width, height, _ = sizes[0]
    page = started_page
    with window(page, width, height):
        start_nyhavn(page, None, seed=BUILD_SEED)
        _keeps_the_tile_in_hand(page, shot, sizes)


def _keeps_the_tile_in_hand(page, shot, sizes) -> None:
    from .layout import settle as settle_layout

    page.get_by_role("button", name="green tile of 2", exact=False).tap()
    page.locator("#ny-rotate").tap()
    orient = page.evaluate("houseGames.inspect('screen.pick.orient')")
    for name, width, height, _ in sizes:
        page.set_viewport_size({"width": width, "height": height})
        settle_layout(page)
        cells = cell_boxes(page)
        small = [c for c in cells if min(c["w"], c["h"]) < 44]
        assert len(cells) == 45 and small == [] and all(c["enabled"] for c in cells), (name, small[:3])
        assert page.locator("#ny-zoom").get_attribute("aria-pressed") == "true", name
        assert page.evaluate("houseGames.inspect('screen.pick.tile')") == TILE, name
        assert page.evaluate("houseGames.inspect('screen.pick.orient')") == orient, name
        held = page.get_by_role("button", name="green tile of 2 in hand", exact=False).bounding_box()
        assert min(held["width"], held["height"]) >= 44, (name, held)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), name
        shot(page, f"nyhavn-zoom-{name}")


def position_with_a_white_tile_to_place():
    """A 2-player game (human against weak) played on at random until the human must take a coat-of-arms action
    and may place a white tile."""
    import random

    from game.core import Match
    from game.core.match import Seat

    for seed in range(60):
        match = Match.new("nyhavn", 2, seed, [Seat(), Seat("computer", "weak")])
        rng = random.Random(seed)
        for _ in range(300):
            if nyhavn.SPEC.is_over(match.state):
                break
            legal = nyhavn.SPEC.legal_actions(match.state)
            if match.current_player() == 0 and match.state.phase == "arms" and any(a.get("choice") == "white" for a in legal):
                return match
            builds = [a for a in legal if a["type"] == "build"]
            match.apply(rng.choice(builds) if builds and rng.random() < 0.8 else rng.choice(legal))
    raise AssertionError("no position with a white tile to place found")


def test_white_tile_is_placed_in_the_zoomed_house(make_context, open_app):
    """A coat of arms's white tile goes on a space of the zoomed house, every space a finger wide."""
    match = position_with_a_white_tile_to_place()
    whites = [a for a in nyhavn.SPEC.legal_actions(match.state) if a.get("choice") == "white"]
    page = make_context(viewport={"width": 360, "height": 640}).new_page()
    resume_match(page, open_app, match, "?pause=0")
    assert wait_my_turn(page) == "arms"
    assert page.locator("#ny-zoom").get_attribute("aria-pressed") == "true"
    cells = cell_boxes(page)
    assert len(cells) == 45 and min(min(c["w"], c["h"]) for c in cells) >= 44
    legal = [c for c in cells if c["legal"]]
    assert legal and all(c["enabled"] for c in legal)
    assert {c["key"] for c in legal} == {f"cell-{a['col']}-{a['row']}" for a in whites}
    count = len(autosave(page)["actions"])
    key = legal[0]["key"]
    page.locator(f".board button[data-key='{key}']").tap()
    page.wait_for_function("(n) => JSON.parse(houseGames.autosave()).actions.length > n", arg=count)
    _, col, row = key.split("-")
    assert autosave(page)["actions"][count]["action"] == {"type": "arms", "choice": "white", "col": int(col), "row": int(row)}


def test_whole_table_while_placing_drags_with_a_lifted_tile(started_page):
    """*Whole table* undoes the zoom (cells too small to tap there): a drag from the stack still places the tile."""
    from game.ui.nyhavn.layout import anchor_for, grip, layout

    page = started_page
    start_nyhavn(page, None, seed=BUILD_SEED)
    page.get_by_role("button", name="green tile of 2", exact=False).tap()
    page.locator("#ny-zoom").tap()
    assert page.locator("#ny-zoom").get_attribute("aria-pressed") == "false"
    cells = cell_boxes(page)
    assert cells and not any(c["enabled"] for c in cells)  # too small to tap: drag, or zoom in
    state = engine_match(page).state
    orient = int(page.evaluate("houseGames.inspect('screen.pick.orient')"))
    col, row = next((c, r) for o, c, r in sorted((a["orient"], a["col"], a["row"]) for a in nyhavn.SPEC.legal_actions(state)
                                                 if a.get("tile") == TILE) if o == orient)
    lay = layout("narrow", 2)
    box = page.locator(".board").bounding_box()
    k = box["width"] / lay.width
    sb = lay.stack_box(3, 2)
    gx, gy = grip(TILE, orient)
    cb = lay.cell_box(col + gx, row + gy)
    page.mouse.move(box["x"] + (sb.x + sb.w / 2) * k, box["y"] + (sb.y + sb.h / 2) * k)
    page.mouse.down()
    page.mouse.move(box["x"] + (cb.x + cb.w / 2) * k, box["y"] + (cb.y + cb.h / 2) * k, steps=6)
    settle(page)
    assert page.evaluate("houseGames.inspect('screen.pick.finger')") is not None  # the lifted tile follows the finger
    page.mouse.up()
    settle(page)
    assert page.evaluate("houseGames.inspect('screen.pick.finger')") is None
    assert page.evaluate("houseGames.inspect('screen.pick.anchor')") == list(anchor_for(TILE, orient, col + gx, row + gy))
    assert "Fits here" in page.locator("#nyhavn-info").inner_text()
    page.locator("#ny-place").tap()
    page.wait_for_function("JSON.parse(houseGames.autosave()).actions.length > 0")
    assert autosave(page)["actions"][0]["action"] == {"type": "build", "tile": TILE, "orient": orient, "col": col, "row": row}


@pytest.mark.parametrize("pinned", [False, True], ids=["page", "pinned-width"])
def test_height_only_resize_lays_the_table_out_again_and_keeps_the_choice(started_page, pinned):
    """A phone on its side (844×390) whose window grows taller (844×600, same width): the table leaves the
    side-by-side layout for the tablet one at once, and the picked dock stays picked.

    The page's own margins change with the height too (a phone on its side has narrower ones), which alone
    would change the table's width; ``pinned-width`` fixes them, so only the window's height changes and the
    re-lay must come from the height itself.
    """
    page = started_page
    with window(page, 844, 390):
        start_nyhavn(page, None, seed=BUILD_SEED)
        pin = None
        if pinned:
            pin = page.add_style_tag(content="#app:has(> .game) { padding: 2px 8px 8px !important; }")
            page.set_viewport_size({"width": 844, "height": 391})  # the pinned margins reach the table
            settle(page)
        try:
            _relaid_by_height(page)
        finally:
            if pin is not None:  # the started page's later tests get the page's own margins
                pin.evaluate("tag => tag.remove()")


def _relaid_by_height(page) -> None:
    table = page.locator("section.table")
    assert table.get_attribute("data-shape") == "landscape"
    dock = page.locator(".board button[data-key='dock-0']")
    dock.tap()
    assert dock.get_attribute("aria-pressed") == "true"
    canvas = page.locator(".board canvas")
    height_before = canvas.bounding_box()["height"]
    dock_before = dock.bounding_box()
    page.set_viewport_size({"width": 844, "height": 600})
    page.wait_for_function("document.querySelector('section.table').dataset.shape !== 'landscape'", timeout=30_000)
    settle(page)
    assert table.get_attribute("data-shape") == "wide"
    assert abs(canvas.bounding_box()["height"] - height_before) > 10
    assert dock.bounding_box() != dock_before
    assert dock.get_attribute("aria-pressed") == "true"
    # and back: the height alone brings the side-by-side layout back, still with the dock picked
    page.set_viewport_size({"width": 844, "height": 390})
    page.wait_for_function("document.querySelector('section.table').dataset.shape === 'landscape'", timeout=30_000)
    settle(page)
    assert abs(canvas.bounding_box()["height"] - height_before) < 1
    assert dock.get_attribute("aria-pressed") == "true"
