"""Nyhavn in a real browser: a whole game by touch, drag with rotate and flip, refusals, resume, screenshots."""

from __future__ import annotations

import json
import time

import pytest

from game.core import Match

from .conftest import replace_unfinished, settle, wait_ready
from .nyhavn_steps import BUILD_SEED, SEED, autosave, engine_match, play_one_turn, start_nyhavn, wait_my_turn


def pick_tile_with_drag_room(page, match: Match) -> str | None:
    legal = match.spec.legal_actions(match.state)
    tiles = sorted({a["tile"] for a in legal if a["type"] == "build"}, key=lambda k: -int(k[-1]))
    return tiles[0] if tiles else None


def test_full_game_by_touch_against_the_computer(started_page, shot):
    page = started_page
    start_nyhavn(page, None)
    shot(page, "nyhavn-start-390x844")
    t0 = time.perf_counter()
    turns = 0
    while wait_my_turn(page) != "over" and turns < 400:
        before = page.evaluate("houseGames.autosave()")
        play_one_turn(page)
        turns += 1
        page.wait_for_function(
            "(prev) => document.getElementById('end-screen') !== null || houseGames.autosave() !== prev",
            arg=before, timeout=60_000)
        if turns == 12:
            shot(page, "nyhavn-midgame-390x844")
            if wait_my_turn(page) != "over":  # the score track shows the engine's scores
                match = engine_match(page)
                shown = page.locator("section.table").get_attribute("data-scores")
                assert shown == ",".join(str(s) for s in match.spec.scores(match.state))
    assert page.locator("#end-screen").is_visible(), f"no end after {turns} human steps"
    shot(page, "nyhavn-end-390x844")
    record = json.loads(page.evaluate("window.houseGamesLastGame"))
    match = Match.from_json(record)
    engine_scores = match.spec.scores(match.state)
    shown = [int(x) for x in page.locator("#final-scores tbody td.num").all_inner_texts()]
    assert shown == list(engine_scores)
    assert match.spec.is_over(match.state)
    winners = match.spec.winners(match.state)
    rows = page.locator("#final-scores tbody tr")
    for w in winners:
        assert "winner" in (rows.nth(w).get_attribute("class") or "")
    text = page.locator("#end-screen").inner_text()
    assert "empty spaces" in text and "place" in text
    print(f"game over after {turns} human steps in {time.perf_counter() - t0:.1f} s; scores {engine_scores}")


def table_layout(page, zoomed: bool = False):
    """The table's layout on an upright phone: the whole table, or the house zoomed in for placing a tile."""
    from game.ui.nyhavn.layout import layout, zoom_layout

    if zoomed:
        return zoom_layout("narrow", 2, page.locator(".board").bounding_box()["width"])
    return layout("narrow", 2)


def board_point(page, x: float, y: float, zoomed: bool = False) -> tuple[float, float]:
    """Page coordinates of a point given in the table's logical units (narrow layout, or zoomed on the house)."""
    lay = table_layout(page, zoomed)
    box = page.locator(".board").bounding_box()
    scale = box["width"] / lay.width
    return box["x"] + x * scale, box["y"] + y * scale


def cell_centre(page, col: int, row: int, zoomed: bool = False) -> tuple[float, float]:
    b = table_layout(page, zoomed).cell_box(col, row)
    return board_point(page, b.x + b.w / 2, b.y + b.h / 2, zoomed)


def held_centre(page) -> tuple[float, float]:
    """Page coordinates of the tile in hand beside the zoomed house (where a drag starts on a phone)."""
    b = table_layout(page, True).held
    return board_point(page, b.x + b.w / 2, b.y + b.h / 2, True)


def test_drag_with_rotation_and_flip_and_refusals(page, open_app, shot):
    import game.nyhavn as nyhavn
    from game.ui.nyhavn.layout import grip, turned

    start_nyhavn(page, open_app, seed=BUILD_SEED)
    state = engine_match(page).state
    tile = "green2"
    assert any(a["type"] == "build" and a["tile"] == tile for a in nyhavn.SPEC.legal_actions(state))
    stack = page.get_by_role("button", name="green tile of 2", exact=False)
    assert stack.get_attribute("data-legal") == "true"
    stack.tap()
    first = sorted((a["orient"], a["col"], a["row"]) for a in nyhavn.SPEC.legal_actions(state) if a.get("tile") == tile)[0][0]
    # refusals, with the reason in words: floating in the air, then sticking out
    page.get_by_role("button", name="Put the tile at column 2, row 5", exact=False).tap()
    info = page.locator("#nyhavn-info")
    assert "must rest on the bottom row or on a tile" in info.inner_text()
    assert page.locator("#ny-place").is_disabled()
    shot(page, "nyhavn-illegal-390x844")
    # rotate and flip, then drag the tile in hand (beside the house, zoomed in on a phone) into the house
    page.locator("#ny-rotate").tap()
    page.locator("#ny-flip").tap()
    orient = turned(tile, turned(tile, first, "rotate"), "flip")
    anchors = nyhavn.legal_anchors(state, tile, orient)
    col, row = next(a for a in anchors if a[1] == 0 and a[0] >= 1)
    gx, gy = grip(tile, orient)
    assert page.locator("#ny-zoom").get_attribute("aria-pressed") == "true"
    sx, sy = held_centre(page)
    tx, ty = cell_centre(page, col + gx, row + gy, zoomed=True)
    page.mouse.move(sx, sy)
    page.mouse.down()
    ox, oy = cell_centre(page, 4, 8, zoomed=True)  # first over a place where it cannot go: red with the reason
    page.mouse.move(ox, oy, steps=4)
    settle(page)  # mouse input is not waited for by the fixtures: let the worker answer the moves
    assert "must rest on the bottom row" in info.inner_text() or "stick out" in info.inner_text()
    page.mouse.move(tx, ty, steps=6)
    page.mouse.up()
    settle(page)
    assert info.get_attribute("data-kind") == "good", info.inner_text()
    assert "Fits here" in info.inner_text()
    shot(page, "nyhavn-ghost-390x844")
    page.locator("#ny-place").tap()
    page.wait_for_function("document.querySelector('section.table').dataset.mine === 'true' || "
                           "JSON.parse(houseGames.autosave()).actions.length > 0")
    actions = autosave(page)["actions"]
    assert actions[0]["action"] == {"type": "build", "tile": tile, "orient": orient, "col": col, "row": row}
    # the tile is in the house, for the player and for a screen reader
    wait_my_turn(page)
    cells = nyhavn.tile_orientations(tile)[orient]
    for dx, dy, window in cells:
        name = f"Column {col + dx + 1}, row {row + dy + 1}: green {'window' if window else 'brick'}"
        assert page.get_by_role("button", name=name, exact=False).count() == 1

    # reload resumes the same game
    saved = autosave(page)
    page.reload()
    wait_ready(page)
    page.locator("#resume").tap()
    wait_my_turn(page)
    assert autosave(page)["actions"] == saved["actions"]
    dx, dy, window = cells[0]
    name = f"Column {col + dx + 1}, row {row + dy + 1}: green {'window' if window else 'brick'}"
    assert page.get_by_role("button", name=name, exact=False).count() == 1


@pytest.mark.parametrize("width,height,touch", [(360, 640, True)])  # every screen shape: test_nyhavn_layout.py
def test_table_screenshots_and_no_horizontal_scroll(make_context, open_app, shot, width, height, touch):
    options = {"viewport": {"width": width, "height": height}}
    if not touch:
        options.update(is_mobile=False, has_touch=False, device_scale_factor=1)
    page = make_context(**options).new_page()
    start_nyhavn(page, open_app, seed=BUILD_SEED, touch=touch)
    tap = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    tap(page.get_by_role("button", name="green tile of 2", exact=False))
    tap(page.locator("#ny-fits"))
    assert page.locator(".board button[data-key^=cell-][data-legal=true]").count() > 0
    assert page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth")
    for target in page.locator(".board button[data-key^=dock-], .board button[data-key^=stack-]").all()[:3]:
        box = target.bounding_box()
        assert box["width"] >= 30 and box["height"] >= 30
    shot(page, f"nyhavn-table-{width}x{height}")


def test_hot_seat_hides_the_hand_until_the_next_player_takes_the_device(started_page, shot):
    page = started_page
    page.locator("label[for=game-nyhavn]").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option("human")
    page.locator("#f-seed").fill(str(SEED))
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name="Start new game").tap()
    replace_unfinished(page)
    page.get_by_role("button", name="I am Player 1", exact=False).tap()
    assert wait_my_turn(page) == "turn"
    hand1 = page.locator(".board button[data-key^=hand-]").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    page.get_by_role("button", name="Dock 1:", exact=False).tap()
    page.get_by_role("button", name="Dock 2:", exact=False).tap()
    # the table is hidden behind the pass screen: no hand is visible
    ready = page.get_by_role("button", name="I am Player 2", exact=False)
    ready.wait_for()
    assert page.locator("section.table").is_hidden()
    shot(page, "nyhavn-pass-390x844")
    ready.tap()
    assert wait_my_turn(page) == "turn"
    assert page.get_by_role("button", name="Show the house of Player 1", exact=False).count() == 1
    hand2 = page.locator(".board button[data-key^=hand-]").evaluate_all("bs => bs.map(b => b.getAttribute('aria-label'))")
    match = engine_match(page)
    expected = match.spec.view(match.state, 1)["hand"]
    assert [f"Your hand: {expected[c]} {c}" for c in ("blue", "yellow", "red", "green", "purple")] == hand2
    assert hand1 != hand2 or match.spec.view(match.state, 0)["hand"] == expected


def test_finger_drag_moves_the_ghost_without_scrolling(started_page):
    page = started_page
    start_nyhavn(page, None, seed=BUILD_SEED)
    page.get_by_role("button", name="green tile of 2", exact=False).tap()
    sx, sy = held_centre(page)  # the phone's house is zoomed in, the tile in hand beside it
    scroll = page.evaluate("window.scrollY")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]})
    path = [cell_centre(page, 4, 6, True), cell_centre(page, 3, 3, True), cell_centre(page, 2, 0, True)]
    for x, y in path:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    settle(page)  # the drag's last move and its end reach the Python worker, which answers
    info = page.locator("#nyhavn-info")
    assert "Fits here" in info.inner_text(), info.inner_text()
    assert page.evaluate("window.scrollY") == scroll
    assert page.locator("#ny-place").is_enabled()
