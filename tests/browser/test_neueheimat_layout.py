"""Neue Heimat's table at six screen shapes (issue 14): phones upright and on their side, a tablet, two desktops.

At each size: no sideways scroll, every enabled button at least 44 CSS px by touch (32 with a mouse),
the prompt and its buttons on screen and uncovered, no text on the page or the canvas under 12 CSS px (canvas
text squeezed by ``max_width`` counted at its squeezed size), and the table using the space (a screenshot per
size in test-artifacts/), and by touch at the common screens of ``layout.DEVICES`` (big phones and a tablet on
their side, a tablet's split screen). The smallest phone is also checked a decision later, with an auction under way.
"""

from __future__ import annotations

import pytest

from .layout import DEVICES, SMALL_DESKTOP, NARROW, check_sizes, measure, open_sized, problems, settle
from .layout_games import GAMES

SHAPE = GAMES["neueheimat"]


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size(make_context, site_url, shot, touch):
    page, sizes = open_sized(make_context, site_url, SHAPE, touch)
    found = check_sizes(page, SHAPE, sizes + ([] if touch else [SMALL_DESKTOP]), shot)
    if not touch:  # beside the side column the whole page fits the window: table, prompt and its buttons
        assert {name: m["page_height"] for name, m in found.items()} == {name: 1.0 for name in found}, found
        return
    # the narrowest phone, then the next decision (a piece to auction: the display's end cubes and the special
    # pieces, buttons on the table) at every touch size
    check_sizes(page, SHAPE, [NARROW, *DEVICES], shot)
    page.locator("#nh-controls button[data-act]").first.tap()
    page.wait_for_function("document.querySelector(\".board button.target[data-key^='cube-']\") !== null", timeout=60_000)
    found = check_sizes(page, SHAPE, [NARROW] + sizes, lambda p, name: shot(p, name.replace("-layout-", "-layout-choose-")))
    for name, m in found.items():
        assert m["targets"] >= 8, (name, m["targets"])  # the end cubes and pieces to auction are buttons, measured


def test_no_text_under_12_px(make_context, site_url, shot):
    """On the smallest phone, after the cash-box choice and with a piece put up for auction: still no small print."""
    page, sizes = open_sized(make_context, site_url, SHAPE, True)
    name, width, height, _ = sizes[0]
    first = measure(page, SHAPE, width, height)
    page.locator("#nh-controls button[data-act]").first.tap()  # the start-of-turn cash-box choice
    settle(page)
    page.wait_for_function("document.querySelector(\".board button.target[data-key^='cube-']\") !== null", timeout=60_000)
    page.locator(".board button.target[data-key^='cube-']").first.tap()  # auction an end cube of the display
    settle(page)
    later = measure(page, SHAPE, width, height)
    shot(page, f"neueheimat-layout-{name}-auction")
    for m in (first, later):
        assert m["canvas_text"] is not None
        assert not [p for p in problems(m) if "text under" in p], m


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_decision_panel_leaves_the_auction_and_the_players_own_row_in_sight(make_context, site_url, shot, touch):
    """Issue 36, item 4: with the panel of an auction's decision open (bids, or selling and buying), the auction's box
    on the table and the player's own row (money, cash box, score) stay on screen and uncovered at every size."""
    page, sizes = open_sized(make_context, site_url, SHAPE, touch, pause=0)  # the computer bids at once
    press = (lambda loc: loc.tap()) if touch else (lambda loc: loc.click())
    press(page.locator("#nh-controls button[data-act='profits-keep']"))
    page.wait_for_function("document.querySelector(\".board button.target[data-key^='cube-']\") !== null", timeout=60_000)
    press(page.locator(".board button.target[data-key^='cube-']").first)  # auction an end cube of the display
    page.wait_for_function("document.querySelector('#nh-controls button[data-act]') !== null", timeout=60_000)
    kinds = page.locator("#nh-controls button[data-act]").evaluate_all("els => els.map(e => e.dataset.act)")
    assert {"sell", "buy"} <= set(kinds) or "pass" in kinds, kinds  # a decision of the auction, in the panel
    check_sizes(page, SHAPE, sizes, lambda p, name: shot(p, name.replace("-layout-", "-layout-panel-")))
