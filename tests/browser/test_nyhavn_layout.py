"""Nyhavn's table at six screen shapes (issue 14): phones upright and on their side, a tablet, two desktops.

At each size: no sideways scroll, every enabled button at least 44 CSS px by touch (32 with a mouse), the
prompt, the house and the hand on screen and uncovered, no text under 12 CSS px, and the table using the
space (a screenshot per size in test-artifacts/). By touch also at 640×560, a window a little wider than tall
(the upright table beside the bar of buttons, as large as the window's height allows: a share of at least 0.52).
Resizing keeps a half-made choice (a picked dock).
"""

from __future__ import annotations

import pytest

from .layout import SQUARISH, check_sizes, open_sized
from .layout_games import GAMES

SHAPE = GAMES["nyhavn"]


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size(make_context, site_url, shot, touch):
    page, sizes = open_sized(make_context, site_url, SHAPE, touch)
    dock = page.locator(".board button[data-key='dock-0']")
    dock.click()  # the first of two docks: picked, waiting for the second
    assert dock.get_attribute("aria-pressed") == "true"
    check_sizes(page, SHAPE, sizes + ([SQUARISH] if touch else []), shot)
    assert dock.get_attribute("aria-pressed") == "true"  # every resize kept it
