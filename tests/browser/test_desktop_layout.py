"""A large desktop (issue 36, item 6): at 1920×1080 the tables are large, and the page's own words grow with them —
Undo, Hint and Menu, the status ("Your turn"), and Neue Heimat's decision row — while the page still fits the
window; at 1280×800 they stay at their usual 16 px."""

from __future__ import annotations

import pytest

from .layout import measure, open_sized, problems
from .layout_games import GAMES

#: the chrome a player reads beside the table, per game: CSS selectors whose text size is measured
CHROME = ["#undo", "#hint", "#menu", "#status"]
EXTRA = {"neueheimat": ["#nh-controls p", "#nh-controls button[data-act]"]}

SIZES_PX = """
(selectors) => selectors.map((s) => {
  const e = document.querySelector(s);
  return e ? [s, parseFloat(getComputedStyle(e).fontSize), e.textContent.trim().slice(0, 30)] : [s, null, ""];
})
"""


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_chrome_grows_with_the_table_on_a_large_desktop(make_context, site_url, shot, game_id):
    shape = GAMES[game_id]
    page, _ = open_sized(make_context, site_url, shape, touch=False)
    selectors = CHROME + EXTRA.get(game_id, [])
    found = {}
    for name, width, height in (("1280x800", 1280, 800), ("1920x1080", 1920, 1080)):
        m = measure(page, shape, width, height)
        shot(page, f"{game_id}-desktop-{name}")
        assert problems(m) == [], (name, problems(m))
        if game_id == "neueheimat":  # its table, prompt and chrome fit the window at both sizes (as before the growth)
            assert m["page_height"] <= 1.0, (name, m["page_height"])
        found[name] = {s: px for s, px, _ in page.evaluate(SIZES_PX, selectors)}
        assert None not in found[name].values(), (name, found[name])
    # the table's own text at 1920×1080 is about 20 px; the chrome keeps pace (at 1280×800 it stays as it was)
    assert all(px >= 19 for px in found["1920x1080"].values()), found
    assert all(found["1920x1080"][s] >= 1.2 * found["1280x800"][s] for s in selectors), found
    assert found["1280x800"]["#undo"] == 16, found
