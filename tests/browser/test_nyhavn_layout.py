"""Nyhavn's table at six screen shapes (issue 14): phones upright and on their side, a tablet, two desktops.

At each size: no sideways scroll, every enabled button at least 44 CSS px by touch (32 with a mouse), the
prompt, the house and the hand on screen and uncovered, no text under 12 CSS px, and the table using the
space (a screenshot per size in test-artifacts/). Resizing keeps a half-made choice (a picked dock).
"""

from __future__ import annotations

import pytest

from .layout import SIZES, TEXT_PROBE, measure, problems
from .layout_games import GAMES

SHAPE = GAMES["nyhavn"]
#: the least share of the screen's width the table takes: all of a phone upright, most of anything wider
LEAST_SHARE = {"360x640": 0.95, "390x844": 0.95, "844x390": 0.75, "768x1024": 0.95, "1280x800": 0.65, "1920x1080": 0.7}


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_every_size(make_context, site_url, shot, touch):
    sizes = [s for s in SIZES if s[3] == touch]
    _, width, height, _ = sizes[0]
    context = make_context(viewport={"width": width, "height": height}, device_scale_factor=2 if touch else 1,
                           is_mobile=touch, has_touch=touch)
    context.add_init_script(TEXT_PROBE)
    page = context.new_page()
    page.goto(site_url + "?pause=3600000")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    SHAPE.start(page)
    # a half-made choice survives every resize: the first of two docks tapped stays picked
    dock = page.locator(".board button[data-key='dock-0']")
    for name, width, height, _ in sizes:
        m = measure(page, SHAPE, width, height)
        shot(page, f"nyhavn-layout-{name}")
        assert problems(m) == [], (name, m)
        assert m["table_share"] >= LEAST_SHARE[name], (name, m["table_share"])
        if name == sizes[0][0]:
            dock.click()
            assert dock.get_attribute("aria-pressed") == "true"
    assert dock.get_attribute("aria-pressed") == "true"
