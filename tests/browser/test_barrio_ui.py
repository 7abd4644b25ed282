"""Barrio in a real browser: whole games played by tapping the table, resume after reload, undo, screenshots.

The test chooses each move with a bot that reads the game from the app's
autosave (localStorage, the same JSON the app resumes from) and then makes the
move by tapping the table's buttons, exactly as a player would
(``game.ui.barrio.table.taps_for`` says which buttons). ``?pause=0`` makes the
computer seats move without waiting and switches the animations off.
"""

from __future__ import annotations

import time

import pytest

import game.barrio as B
from game.core import Match

from .conftest import wait_ready
from .barrio_steps import human_turn, play_move, read_match, saved, start, tap_key, wait_for


def shown_scores(page) -> list[int]:
    rows = page.locator("#final-scores tbody tr")
    return [int(rows.nth(i).locator("td.num").inner_text()) for i in range(rows.count())]


def test_solo_game_against_klaus_by_touch_to_the_end(page, open_app, shot):
    start(page, open_app, players=1, seed=11, query="?pause=20")  # short animations, still played
    bot = B.SPEC.make_bot("weak", 5)
    match = read_match(page)
    assert match.num_players == 1 and match.options.get("level") == "A"
    moves = 0
    t0 = time.perf_counter()
    while not B.SPEC.is_over(match.state):
        if moves == 6:
            shot(page, "barrio-solo-midgame-390x844")
        match = play_move(page, match, bot)
        moves += 1
        assert moves < 400
    seconds = time.perf_counter() - t0
    shot(page, "barrio-solo-end-390x844")
    assert page.locator("#end-screen").is_visible()
    expected = B.SPEC.scores(match.state)
    assert shown_scores(page) == expected
    text = page.locator("#final-scores").inner_text()
    for part in ("Houses", "Panoramas", "Burruños", "Rubble", "Cards left in hand"):
        assert part in text
    assert "Klaus" in text
    assert page.get_by_role("button", name="Play again").is_visible()
    print(f"solo game: {moves} moves by touch in {seconds:.1f} s; scores {expected}")


def test_three_players_one_human_two_computers_to_the_end(started_page, shot):
    page = started_page
    start(page, None, players=3, seats=["human", "bot:weak", "bot:strong"], seed=5)
    bot = B.SPEC.make_bot("weak", 9)
    moves = 0
    shots = 0
    while True:
        match = human_turn(page)
        if match is None:
            break
        if moves == 8 and not shots:
            shot(page, "barrio-3p-390x844")
            shots += 1
        play_move(page, match, bot)
        moves += 1
        assert moves < 400
    shot(page, "barrio-3p-end-390x844")
    rows = page.locator("#final-scores tbody tr")
    assert rows.count() == 3
    assert moves > 10
    scores = shown_scores(page)
    winners = [i for i in range(3) if "winner" in (rows.nth(i).get_attribute("class") or "")]
    assert winners and all(scores[w] == max(scores) for w in winners)
    print(f"3 players: {moves} human moves by touch; scores {scores}")


def test_reload_resumes_the_same_game(page, open_app):
    start(page, open_app, players=1, seed=3)
    bot = B.SPEC.make_bot("weak", 1)
    match = read_match(page)
    for _ in range(5):
        match = play_move(page, match, bot)
    before = saved(page)
    hand_keys = page.locator('#barrio-board button[data-key^="hand-"]').evaluate_all("bs => bs.map(b => b.dataset.key)")
    page.reload()
    wait_ready(page)
    page.locator("#resume").tap()
    page.locator("#barrio-board canvas").wait_for()
    assert saved(page)["state"] == before["state"]
    assert page.locator('#barrio-board button[data-key^="hand-"]').evaluate_all("bs => bs.map(b => b.dataset.key)") == hand_keys
    # and play goes on from there
    match = read_match(page)
    play_move(page, match, bot)


def test_undo_within_the_turn_stops_at_a_face_down_draw(started_page):
    page = started_page
    start(page, None, players=1, seed=8)
    undo = page.locator("#undo")
    assert undo.get_attribute("aria-disabled") == "true"  # nothing to take back yet (it says why when tapped)
    view = B.SPEC.view(read_match(page).state, 0)
    card = view["hand"][0]
    tap_key(page, f"hand-{card}")
    assert page.locator('#barrio-board button[data-legal="true"][data-key^="cell-"]').count() == 1
    tap_key(page, "cell-0_0")
    wait_for(page, lambda: len(saved(page)["actions"]) == 1, what="the placement")
    assert undo.get_attribute("aria-disabled") == "false"
    undo.tap()
    wait_for(page, lambda: len(saved(page)["actions"]) == 0, what="the undo")
    assert read_match(page).state == Match.new("barrio", 1, 8, None, level="A").state
    # place again, then draw face down: the draw revealed a card, so undo stops
    tap_key(page, f"hand-{card}")
    tap_key(page, "cell-0_0")
    wait_for(page, lambda: len(saved(page)["actions"]) == 1, what="the placement")
    tap_key(page, "deck-m")
    wait_for(page, lambda: len(saved(page)["actions"]) == 2, what="the face-down draw")
    # the draw revealed a card: between people the undo would stop here; against Klaus the player may still take
    # it back, as a takeback (counted, and the game is marked "with takebacks")
    match = read_match(page)
    assert match.can_undo() and match.undo_is_takeback()
    assert undo.get_attribute("aria-disabled") == "false"


@pytest.mark.expect_errors(r"placing two", r"must touch")  # the refusals this test provokes
def test_illegal_attempt_is_explained(started_page):
    page = started_page
    start(page, None, players=1, seed=8)
    tap_key(page, "hm-0")  # building before placing two materials
    toast = page.locator(".toast.error")
    toast.first.wait_for()
    assert "placing two" in toast.first.inner_text()
    # a diagonal cell is shown but not lit: tapping it says why (the engine's reason)
    hand = B.SPEC.view(read_match(page).state, 0)["hand"]
    tap_key(page, f"hand-{hand[0]}")
    tap_key(page, "cell-0_0")
    wait_for(page, lambda: len(saved(page)["actions"]) == 1, what="the placement")
    tap_key(page, f"hand-{hand[1]}")
    cell = page.locator('#barrio-board button[data-key="cell--1_-1"]')
    assert cell.get_attribute("data-legal") is None
    cell.tap()
    page.locator(".toast.error", has_text="must touch").wait_for()
    assert len(saved(page)["actions"]) == 1


def test_mid_game_table_with_a_material_picked_up_at_360x640(make_context, open_app, shot):
    # the six screen shapes are the layout tests' (test_barrio_layout.py); this is a mid-game table on the smallest
    for width, height, mobile in ((360, 640, True),):
        context = make_context(viewport={"width": width, "height": height}, is_mobile=mobile, has_touch=True,
                               device_scale_factor=2)
        page = context.new_page()
        start(page, open_app, players=1, seed=11)
        bot = B.SPEC.make_bot("weak", 5)
        match = read_match(page)
        for _ in range(7):
            match = play_move(page, match, bot)
        while B.SPEC.view(match.state, 0)["phase"] != "start":  # stop where a material can be picked up
            match = play_move(page, match, bot)
        # a material picked up: its legal cells light up
        view = B.SPEC.view(match.state, 0)
        if view["phase"] in ("start", "placed1") and view["hand"]:
            tap_key(page, f"hand-{view['hand'][0]}")
        assert page.evaluate("document.scrollingElement.scrollWidth <= document.scrollingElement.clientWidth")
        shot(page, f"barrio-table-{width}x{height}")
        page.locator("#barrio-rules summary").tap()
        assert page.locator("#barrio-rules h2").count() >= 5
        context.close()


def test_klaus_tie_and_hot_seat_pass_screen(started_page):
    page = started_page
    start(page, None, players=1, seed=0)  # seed 0: Klaus's set-up pick is tied, the player chooses
    assert "Klaus is tied" in page.locator("#barrio-prompt").inner_text()
    lit = page.locator('#barrio-board button[data-legal="true"][data-key^="hm-"]')
    assert lit.count() == 2
    lit.first.tap()
    wait_for(page, lambda: len(saved(page)["actions"]) == 1, what="the tie choice")
    assert B.SPEC.view(read_match(page).state, 0)["phase"] == "start"
    # two humans: each hand hides behind a pass-the-device screen
    page.get_by_role("button", name="Menu").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option("human")
    page.get_by_role("button", name="Start new game").tap()
    page.locator("#replace-it").tap()  # the solo game has the tie choice in it: asked first (issue 37)
    page.locator("#pass-ready").wait_for()
    assert page.locator("#barrio-board").is_hidden()
    page.locator("#pass-ready").tap()
    assert page.locator("#barrio-board").is_visible()
    page.locator('#barrio-board button[data-key="keep"]').tap()
    page.locator("#pass-ready").wait_for()
    assert page.locator("#barrio-board").is_hidden()
    assert "Player 2" in page.locator("#pass-ready").inner_text()


def test_klaus_turn_is_animated_step_by_step(page, open_app):
    start(page, open_app, players=1, seed=11, query="?pause=400")
    bot = B.SPEC.make_bot("weak", 5)
    match = read_match(page)
    captions: set[str] = set()
    for _ in range(6):
        turn = B.SPEC.view(match.state, 0)["turn_number"]
        match = play_move(page, match, bot)
        if B.SPEC.view(match.state, 0)["turn_number"] != turn:  # the turn ended: Klaus played
            for _ in range(40):
                text = page.evaluate("houseGames.inspect('screen.flash.text')")  # asks the Python worker
                if text:
                    captions.add(text)
                page.wait_for_timeout(50)
            break
    assert any("Klaus" in c for c in captions), captions
    log = page.locator("#game-log li").all_inner_texts()
    assert any(c in log for c in captions)


def test_table_mid_move_has_no_axe_violations(started_page):
    from .axe import axe_violations, explain

    page = started_page
    start(page, None, players=1, seed=11)
    view = B.SPEC.view(read_match(page).state, 0)
    tap_key(page, f"hand-{view['hand'][0]}")  # a picked card: pressed state and lit cells
    assert page.locator('#barrio-board button[aria-pressed="true"]').count() == 1
    violations = axe_violations(page)
    assert not violations, explain(violations)
