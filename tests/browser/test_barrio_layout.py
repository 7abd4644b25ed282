"""Barrio's table at six screen shapes (issue 14): phones upright and on their side, a tablet, two desktops.

At each size: no sideways scroll, every enabled button at least 44 CSS px by touch (32 with a mouse),
the prompt and the hand on screen and uncovered, and the table using the space (a screenshot per size in
test-artifacts/). Text under 12 CSS px on the canvas is a known gap (the cards' and board's small print):
``test_no_text_under_12_px`` is expected to fail until it is fixed, and then must be un-marked.
"""

from __future__ import annotations

import pytest

from .layout import check_sizes, open_sized, problems
from .layout_games import GAMES

SHAPE = GAMES["barrio"]


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size(make_context, site_url, shot, touch):
    page, sizes = open_sized(make_context, site_url, SHAPE, touch)
    check_sizes(page, SHAPE, sizes, shot, text=False)


@pytest.mark.xfail(strict=True, reason="issue 14 item 3 not done for this game: canvas small print under 12 CSS px")
def test_no_text_under_12_px(make_context, site_url, shot):
    page, sizes = open_sized(make_context, site_url, SHAPE, True)
    found = check_sizes(page, SHAPE, sizes[:1], shot, text=False)
    assert not [p for m in found.values() for p in problems(m) if "text under" in p]
