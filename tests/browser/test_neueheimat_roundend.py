"""Neue Heimat's round end in the browser (issue 36, item 3): under "Round 1 scoring" the table shows the board that
round scored on (the engine's record of it, not the next round's empty board), the scoring panel and its button
stay inside the window at every layout size, and the panel is built once: a button the player focused keeps the
focus while the houses' lines are added."""

from __future__ import annotations

from collections import Counter

import pytest

from game.core import Match
from game.ui.neueheimat.table import layout, signed

from .layout import SIZES, settle
from .neueheimat_steps import before_round_end, resume_seeded, scored_houses, tap_action

#: every text of the last frame drawn on the table's canvas (the page calls the probe with each frame it draws)
FRAME_TEXTS = """
window.houseGamesFrameProbe = (canvas, json) => {
  const commands = typeof json === "string" ? JSON.parse(json) : json;
  window.__frameTexts = commands.filter((c) => c[0] === "text").map((c) => String(c[3]));
};
"""

#: where an element is, and whether a tap at its centre reaches it (nothing over it)
PLACE = """
(selector) => {
  const e = document.querySelector(selector);
  if (!e || e.offsetParent === null) return null;
  const r = e.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, vw: innerWidth, vh: innerHeight,
          reached: !!hit && (hit === e || e.contains(hit))};
}
"""


def open_before_round_end(make_context, site_url, touch: bool, pause: int) -> tuple[object, Match, dict]:
    match, action = before_round_end()
    first = next(s for s in SIZES if s[3] == touch)
    context = make_context(viewport={"width": first[1], "height": first[2]}, device_scale_factor=2 if touch else 1,
                           is_mobile=touch, has_touch=touch)
    context.add_init_script(FRAME_TEXTS)
    page = resume_seeded(context, site_url, match, pause)
    return page, match, action


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_round_scoring_shows_the_scored_board_with_its_panel_in_the_window(make_context, site_url, shot, touch):
    page, match, action = open_before_round_end(make_context, site_url, touch, pause=0)
    houses = scored_houses(match, action)
    tap_action(page, action)
    page.locator("#nh-scoring-close").wait_for()
    settle(page)
    assert page.locator("#nh-scoring-title").inner_text() == "Round 1 scoring"
    assert page.locator("#nh-scoring-close").inner_text() == "Next round"
    # the table draws round 1's board as it scored: each owned house's points under it, and the round in its box
    drawn = Counter(page.evaluate("window.__frameTexts"))
    wanted = Counter(signed(e["points"]) for e in houses if e["owner"] >= 0)
    assert wanted and not wanted - drawn, (wanted, drawn)
    assert "Round 1 scoring" in drawn
    parts = ("#nh-scoring-title", "#nh-scoring-close", "#nh-totals")  # the panel's list has scrolled to the totals
    for name, width, height, kind in SIZES:
        if kind != touch:
            continue
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")
        shot(page, f"neueheimat-roundend-{name}", full_page=False)
        for part in parts:
            box = page.evaluate(PLACE, part)
            assert box is not None, (name, part)
            inside = box["top"] >= -0.5 and box["left"] >= -0.5 and box["bottom"] <= box["vh"] + 0.5 and box["right"] <= box["vw"] + 0.5
            assert inside and box["reached"], (name, part, box)
        parts = parts[:2]  # a new size may scroll the list elsewhere: the title and the button are always in the window
        # a wide table (board beside the players): the panel never covers the rows of houses it scores
        board, panel = page.evaluate(PLACE, "#app .board canvas"), page.evaluate(PLACE, "#nh-scoring")
        size = layout(match.num_players, True)
        if abs((board["right"] - board["left"]) / (board["bottom"] - board["top"]) - size["size"][0] / size["size"][1]) < 0.05:
            rows_right = board["left"] + (board["right"] - board["left"]) * size["players"][0] / size["size"][0]
            assert panel["left"] >= rows_right - 0.5 or panel["top"] >= board["bottom"] - 0.5, (name, board, panel)
    # closed, the next round's table is back: an empty board and round 2 in the auction box
    page.locator("#nh-scoring-close").click()
    page.wait_for_function("document.getElementById('nh-scoring').hidden")
    settle(page)
    assert not [t for t in page.evaluate("window.__frameTexts") if t == "Round 1 scoring"]


def test_a_focused_button_keeps_the_focus_while_the_houses_are_listed(make_context, site_url):
    page, match, action = open_before_round_end(make_context, site_url, True, pause=300)
    houses = scored_houses(match, action)
    assert len(houses) >= 4
    tap_action(page, action)
    page.locator("#nh-scoring-close").wait_for()
    page.evaluate("() => { const b = document.getElementById('nh-scoring-close'); b.dataset.mark = 'focused'; b.focus(); }")
    shown = page.locator("#nh-scoring-lines li").count()
    assert shown < len(houses) - 1  # the walk-through is still going
    page.wait_for_function(f"document.querySelectorAll('#nh-scoring-lines li').length >= {shown + 2}")
    assert page.evaluate("document.activeElement.id === 'nh-scoring-close' && document.activeElement.dataset.mark === 'focused'")
    page.wait_for_function(f"document.querySelectorAll('#nh-scoring-lines li').length === {len(houses)}", timeout=30_000)
    page.locator("#nh-totals").wait_for()
    assert page.evaluate("document.activeElement.dataset.mark === 'focused'")
    assert page.locator("#nh-scoring-skip").count() == 0
    # the lines are the engine's, in its order
    points = page.locator("#nh-scoring-lines li").evaluate_all("els => els.map(e => Number(e.dataset.points))")
    assert points == [e["points"] for e in houses]
