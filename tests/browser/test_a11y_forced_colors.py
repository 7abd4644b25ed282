"""Forced colours and more contrast (issue 40): where colours alone cannot be told apart, the colour-blind patterns are
on by default (the start screen's check box is checked and Neue Heimat's cubes carry their patterns); the check box
stays, and the player's choice wins over the device's."""

from __future__ import annotations

import json

from .neueheimat_steps import start_game

#: counts the cubes' colour-blind patterns in every frame drawn (``neueheimat.table.draw_cube``: a pattern with corners
#: of radius 2; the river's waves and the lots' marks are drawn with patterns whatever the setting)
COUNT_PATTERNS = """
window.__patternsDrawn = 0;
window.houseGamesFrameProbe = (canvas, json) => {
  const commands = typeof json === "string" ? JSON.parse(json) : json;
  window.__patternsDrawn += commands.filter((c) => c[0] === "pattern" && c[7] === 2).length;
};
"""

SEATS = ["human", "bot:weak", "bot:weak"]


def patterns_drawn(page) -> int:
    page.wait_for_function("window.__patternsDrawn !== undefined")
    page.wait_for_timeout(300)  # the table's first frames
    return int(page.evaluate("window.__patternsDrawn"))


def test_forced_colours_turn_the_patterns_on_and_the_check_box_still_rules(make_context, open_app):
    plain = make_context().new_page()
    plain.add_init_script(COUNT_PATTERNS)
    start_game(plain, open_app, SEATS, seed=4)
    assert plain.evaluate("houseGames.inspect('patterns')") is False
    assert patterns_drawn(plain) == 0  # colours alone, as before, where nothing asks otherwise

    page = make_context(forced_colors="active").new_page()
    page.add_init_script(COUNT_PATTERNS)
    open_app(page, query="?pause=0")
    assert page.evaluate("matchMedia('(forced-colors: active)').matches")
    assert page.locator("#f-patterns").is_checked()
    start_game(page, open_app, SEATS, seed=4)
    assert page.evaluate("houseGames.inspect('patterns')") is True
    assert patterns_drawn(page) > 0

    # the player turns them off: that choice is kept and wins over the device's wish
    page.get_by_role("button", name="Menu").click()
    page.locator("#f-patterns").uncheck()
    assert json.loads(page.evaluate("localStorage.getItem(`house-games|${new URL('./', document.baseURI).pathname}|settings`)"))["patterns"] is False
    start_game(page, open_app, SEATS, seed=4)
    assert page.evaluate("houseGames.inspect('patterns')") is False
    assert patterns_drawn(page) == 0


def test_more_contrast_turns_the_patterns_on(make_context, open_app):
    page = make_context(contrast="more").new_page()
    page.add_init_script(COUNT_PATTERNS)
    open_app(page, query="?pause=0")
    assert page.locator("#f-patterns").is_checked()
    start_game(page, open_app, SEATS, seed=4)
    assert page.evaluate("houseGames.inspect('patterns')") is True
    assert patterns_drawn(page) > 0
