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

import json
import random

import pytest

from game.core import Match, Seat

from .layout import DEVICES, SIZES, SMALL_DESKTOP, SQUARISH, TEXT_PROBE, GameShape, check_sizes, measure, open_sized, problems, settle
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


def at_coat_of_arms(seed: int = 1) -> Match:
    """A game against a computer at the person's coat-of-arms choice (a row of the house just completed)."""
    match = Match.new("nyhavn", 2, seed, [Seat(), Seat("computer", "weak")])
    rng = random.Random(seed)
    while not (match.current_player() == 0 and match.state.phase == "arms"):
        assert not match.spec.is_over(match.state) and len(match.entries) < 400
        match.apply(rng.choice(match.spec.legal_actions(match.state)))
    return match


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_coat_of_arms_choice_leaves_the_house_in_sight(make_context, site_url, shot, touch):
    """Issue 36, item 4: with the coat-of-arms choice open (its buttons in the bar), the prompt and every cell of the
    player's house stay on screen and uncovered at every size (a phone on its side shows the whole table for the
    choice, not the zoomed house, which is taller than that window); White tile zooms in to put the tile by finger."""
    match = at_coat_of_arms()
    first = next(s for s in SIZES if s[3] == touch)
    context = make_context(viewport={"width": first[1], "height": first[2]}, device_scale_factor=2 if touch else 1,
                           is_mobile=touch, has_touch=touch)
    context.add_init_script(TEXT_PROBE)
    page = context.new_page()
    text = json.dumps(json.dumps(match.to_json()))
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
      localStorage.setItem("house-games.autosave", {text}); sessionStorage.setItem("seeded", "1"); }}""")
    page.goto(site_url + "?pause=3600000")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    page.locator("#resume").click()
    page.wait_for_function("document.querySelector('section.table[data-mine=true]') !== null", timeout=60_000)
    settle(page)
    shape = GameShape("nyhavn", SHAPE.start, [e for e in SHAPE.essentials if e[0] != "hand"])  # no tile in hand now
    for name, width, height, _ in [s for s in SIZES if s[3] == touch]:
        m = measure(page, shape, width, height)
        shot(page, f"nyhavn-layout-arms-{name}")
        assert problems(m) == [], (name, problems(m))
    if touch:
        # on the phone on its side the choice showed the whole house; White tile then zooms in on it to put the
        # tile by finger (the page scrolls to its lower rows), and a tap on a marked cell puts it there
        page.set_viewport_size({"width": 844, "height": 390})
        settle(page)
        assert page.locator("#ny-zoom").get_attribute("aria-pressed") == "false"
        page.locator("#ny-white").tap()
        page.wait_for_function("document.querySelector('#ny-zoom')?.getAttribute('aria-pressed') === 'true'")
        cells = page.locator(".board button[data-key^=cell-][data-legal=true]")
        assert cells.count() > 0
        assert all(min(b["width"], b["height"]) >= 44 for b in (cells.nth(i).bounding_box() for i in range(cells.count())))
        cell = cells.first
        key = cell.get_attribute("data-key")
        count = len(json.loads(page.evaluate("houseGames.autosave()"))["actions"])
        cell.scroll_into_view_if_needed()
        cell.tap()
        page.wait_for_function("(n) => JSON.parse(houseGames.autosave()).actions.length > n", arg=count)
        _, col, row = key.split("-")
        put = json.loads(page.evaluate("houseGames.autosave()"))["actions"][count]["action"]
        assert put == {"type": "arms", "choice": "white", "col": int(col), "row": int(row)}
