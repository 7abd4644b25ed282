"""Barrio's table at six screen shapes (issue 14): phones upright and on their side, a tablet, two desktops.

At each size: no sideways scroll, every enabled button at least 44 CSS px by touch (32 with a mouse),
the prompt and the hand on screen and uncovered, no text on the page or the canvas under 12 CSS px (canvas
text squeezed by ``max_width`` counted at its squeezed size), and the table using the space (a screenshot
per size in test-artifacts/); the same by touch on the narrowest phone (320×568) and the common screens of
``layout.DEVICES`` (big phones and a tablet on their side, a tablet's split screen) and small phones on their side
(``layout.SMALL_LANDSCAPE``). The smallest phones are also checked a move later, with cards in the market.
"""

from __future__ import annotations

import pytest

from .layout import DEVICES, SMALL_DESKTOP, SMALL_LANDSCAPE, NARROW, check_sizes, measure, open_sized, problems, settle
from .layout_games import GAMES

SHAPE = GAMES["barrio"]


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size(make_context, site_url, shot, touch):
    page, sizes = open_sized(make_context, site_url, SHAPE, touch)
    check_sizes(page, SHAPE, sizes + ([NARROW, *DEVICES, *SMALL_LANDSCAPE] if touch else [SMALL_DESKTOP]), shot)


def test_no_text_under_12_px(make_context, site_url, shot):
    """On the smallest phone, a material picked (the market's legal cells shown) and then placed: still no small print."""
    page, sizes = open_sized(make_context, site_url, SHAPE, True)
    name, width, height, _ = sizes[0]
    page.locator("#barrio-board button[data-key^='hand-']:not([disabled])").first.tap()
    settle(page)
    picked = measure(page, SHAPE, width, height)
    narrow_picked = measure(page, SHAPE, NARROW[1], NARROW[2])  # and the narrowest phone
    assert page.locator("#barrio-board button[data-key^='cell-']").count() > 0  # the pick shows where it may go
    page.locator("#barrio-board button[data-key^='cell-']").first.tap()
    settle(page)
    narrow_placed = measure(page, SHAPE, NARROW[1], NARROW[2])
    placed = measure(page, SHAPE, width, height)
    shot(page, f"barrio-layout-{name}-placed")
    for m in (picked, placed, narrow_picked, narrow_placed):
        assert m["canvas_text"] is not None
        assert not [p for p in problems(m) if "text under" in p], m


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_coach_note_leaves_the_prompt_and_the_hand_in_sight(make_context, site_url, shot, touch):
    """Issue 36, item 4: with the coach's hint note open, the table's prompt and the player's hand stay on screen
    and uncovered at every size (the note never pushes the hand below the window's foot)."""
    page, sizes = open_sized(make_context, site_url, SHAPE, touch)
    page.wait_for_function("!document.querySelector('#hint').disabled", timeout=30_000)
    (page.locator("#hint").tap if touch else page.locator("#hint").click)()
    page.locator("#hint-note").wait_for(timeout=60_000)
    found = check_sizes(page, SHAPE, sizes, lambda p, name: shot(p, name.replace("-layout-", "-layout-hint-")))
    for name in found:
        assert page.locator("#hint-note").is_visible(), name
