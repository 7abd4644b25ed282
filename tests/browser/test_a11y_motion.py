"""Reduced motion and stable panels (issue 40, "the rest").

With ``prefers-reduced-motion: reduce`` the canvas shows each move at once: Klaus's steps queue no animation (no
caption flashing over the table, nothing queued), Neue Heimat's round scoring lists every house at once, and the
moves are still said (the log is a polite live region). A panel the player has focused is never rebuilt under them:
Neue Heimat's round-scoring button keeps the focus across a second of its walk-through and an Enter then works.
"""

from __future__ import annotations


import game.barrio as B

from .conftest import settle
from .barrio_steps import human_turn, play_move, read_match, start
from .neueheimat_steps import before_round_end, resume_seeded, scored_houses, tap_action


def test_klaus_moves_show_at_once_under_reduced_motion_and_are_announced(make_context, open_app):
    page = make_context(reduced_motion="reduce").new_page()
    start(page, open_app, players=1, seed=11, query="?pause=400")  # a pause that animates each step without the wish
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    bot = B.SPEC.make_bot("weak", 5)
    match = read_match(page)
    for _ in range(6):
        turn = B.SPEC.view(match.state, 0)["turn_number"]
        lines_before = page.locator("#game-log li").count()
        match = play_move(page, match, bot)
        if B.SPEC.view(match.state, 0)["turn_number"] == turn:
            continue
        # Klaus's turn: nothing animates it, at any moment of it (test_barrio_ui's test sees captions without the wish)
        for _ in range(40):
            assert page.evaluate("houseGames.inspect('screen.flash')") is None
            assert page.evaluate("houseGames.inspect('screen.queue')") == []
            page.wait_for_timeout(50)
        human_turn(page)  # Klaus has finished his turn
        log = page.locator("#game-log li").all_inner_texts()[lines_before:]
        assert any("Klaus" in line for line in log), log  # the moves are said
        assert page.locator("#game-log").get_attribute("aria-live") == "polite"
        break
    else:
        raise AssertionError("Klaus never played")


def open_round_end(make_context, site_url, pause: int, **context_options):
    """A Neue Heimat game one placement before round 1 is scored."""
    match, action = before_round_end()
    page = resume_seeded(make_context(**context_options), site_url, match, pause)
    return page, match, action


def test_round_scoring_lists_every_house_at_once_under_reduced_motion(make_context, site_url):
    page, match, action = open_round_end(make_context, site_url, 300, reduced_motion="reduce")
    houses = scored_houses(match, action)
    assert len(houses) >= 4  # without the wish they come one by one, 300 ms apart (test_neueheimat_roundend)
    tap_action(page, action)
    page.locator("#nh-scoring-close").wait_for()
    settle(page)
    assert page.locator("#nh-scoring-lines li").count() == len(houses)
    assert page.locator("#nh-totals").count() == 1
    assert page.locator("#nh-scoring-skip").count() == 0  # nothing left to skip
    assert page.evaluate("houseGames.inspect('screen.flashes')") == {}
    assert page.evaluate("houseGames.inspect('screen.floats')") == {}


def test_the_focused_round_scoring_button_is_not_rebuilt_and_takes_an_enter(make_context, site_url):
    page, match, action = open_round_end(make_context, site_url, 450)  # the walk-through's own pace
    houses = scored_houses(match, action)
    tap_action(page, action)
    page.locator("#nh-scoring-close").wait_for()
    page.evaluate("() => { const b = document.getElementById('nh-scoring-close'); b.dataset.mark = 'focused'; b.focus(); }")
    listed = page.locator("#nh-scoring-lines li").count()
    assert listed < len(houses) - 1  # the walk-through is still going
    page.wait_for_timeout(1000)
    assert page.locator("#nh-scoring-lines li").count() > listed  # it went on meanwhile
    assert page.evaluate("document.activeElement.id === 'nh-scoring-close' && document.activeElement.dataset.mark === 'focused'")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('nh-scoring').hidden")
    assert page.evaluate("document.activeElement !== document.body")
