"""Nyhavn's table at six screen shapes (issue 14): phones upright and on their side, a tablet, two desktops.

At each size: no sideways scroll, every enabled button at least 44 CSS px by touch (32 with a mouse), the
prompt, the house and the hand on screen and uncovered, no text under 12 CSS px, and the table using the
space (a screenshot per size in test-artifacts/). By touch also at 640×560, a window a little wider than tall
(the upright table beside the bar of buttons, as large as the window's height allows: a share of at least 0.52),
at the common screens of ``layout.DEVICES`` (big phones and a tablet on their side, a tablet's split screen), and
on small phones on their side (667×375, 800×360: the upright table beside the bar; the page scrolls to the hand).
Resizing keeps a half-made choice (a picked dock).
"""

from __future__ import annotations

import pytest

from .layout import DEVICES, SMALL_DESKTOP, SQUARISH, check_sizes, measure, open_sized, problems
from .layout_games import GAMES

SHAPE = GAMES["nyhavn"]


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size(make_context, site_url, shot, touch):
    page, sizes = open_sized(make_context, site_url, SHAPE, touch)
    dock = page.locator(".board button[data-key='dock-0']")
    dock.click()  # the first of two docks: picked, waiting for the second
    assert dock.get_attribute("aria-pressed") == "true"
    check_sizes(page, SHAPE, sizes + ([SQUARISH, *DEVICES] if touch else [SMALL_DESKTOP]), shot)
    assert dock.get_attribute("aria-pressed") == "true"  # every resize kept it
    if touch:  # small phones on their side: the upright table beside the bar, buttons a finger wide, the page scrolls
        for width, height in ((667, 375), (800, 360)):
            m = measure(page, SHAPE, width, height)
            assert page.locator("section.table").get_attribute("data-shape") == "side", (width, height)
            assert [p for p in problems(m) if "off screen" not in p] == [], (width, height, problems(m))
