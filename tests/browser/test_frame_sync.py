"""The canvas in step with its buttons (issue 25, item 4): after a tap, the table's picture, its buttons (the overlay
targets and the bar) and the prompt change in the same animation frame; and a new game's first visible frame already
shows its table, in every game.

An init script watches every animation frame: a signature of the table's pixels (the canvas drawn small onto a
scratch canvas) and of the buttons and status line in ``#app``. It keeps the frames where either changed."""

from __future__ import annotations

import game.barrio as B
from game.ui.barrio.table import taps_for

from .conftest import settle
from .barrio_steps import read_match, start as start_barrio, wait_for
from .frames import FRAME_WATCH, first_changes, frames_since


def test_after_each_tap_the_canvas_and_the_buttons_change_in_the_same_frame(make_context, open_app):
    context = make_context()
    context.add_init_script(FRAME_WATCH)
    page = context.new_page()
    # against Klaus: no computer seat moves after a tap, so everything a tap changes comes from that tap alone
    start_barrio(page, open_app, players=1, seed=9, query="?pause=0")
    settle(page)
    bot = B.SPEC.make_bot("weak", 3)
    match = read_match(page)
    checked, apart = 0, []
    while checked < 8 and not B.SPEC.is_over(match.state):
        view, legal = B.SPEC.view(match.state, 0), B.SPEC.legal_actions(match.state)
        action = bot.choose(view, legal)
        for key in taps_for(action, view, legal):
            page.wait_for_timeout(80)  # every frame of the last change is over
            before = page.evaluate("window.__frames[window.__frames.length - 1]")
            t0 = page.evaluate("performance.now()")
            page.locator(f'#barrio-board button[data-key="{key}"]').tap()
            settle(page)
            page.wait_for_timeout(80)
            canvas_at, dom_at = first_changes(before, frames_since(page, t0))
            if canvas_at is not None and dom_at is not None:
                checked += 1
                if canvas_at != dom_at:
                    apart.append((key, action.get("type"), canvas_at, dom_at))
        n = len(match.entries)
        match.apply(action)
        wait_for(page, lambda n=n: len(read_match(page).entries) > n, 20, f"the app to take {action}")
        match = read_match(page)
    assert checked >= 8, f"only {checked} taps changed both the table and its buttons"
    assert not apart, f"taps whose canvas and buttons changed in different frames (key, action, canvas, DOM): {apart}"


START = {
    "barrio": ("1", []),
    "nyhavn": ("2", ["human", "bot:weak"]),
    "neueheimat": ("3", ["human", "bot:weak", "bot:weak"]),
}


def test_a_new_games_first_visible_frame_shows_its_table(make_context, open_app):
    context = make_context()
    context.add_init_script(FRAME_WATCH)
    page = context.new_page()
    open_app(page, query="?pause=3600000")  # no computer moves: the first frame is the setup's
    for game_id, (players, seats) in START.items():
        page.locator(f"label[for=game-{game_id}]").tap()
        page.locator("#f-players").select_option(players)
        for i, seat in enumerate(seats):
            page.locator(f"#f-seat-{i}").select_option(seat)
        t0 = page.evaluate("performance.now()")
        page.get_by_role("button", name="Start new game").tap()
        page.locator("#app .board canvas").first.wait_for()
        settle(page)
        page.wait_for_timeout(100)
        shown = [f for f in frames_since(page, t0) if f[5] and f[2] != "none"]
        assert shown, f"{game_id}: the table never showed"
        assert shown[0][3] > 8, f"{game_id}: the first frame with the table on screen is blank ({shown[0][3]} colours)"
        page.locator("#menu").tap()  # back to the start screen for the next game
        page.locator("#start-game").wait_for()
