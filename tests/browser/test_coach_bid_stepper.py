"""Neue Heimat's bid stepper (issue 25, item 2): a bid the quick buttons do not offer is one the screen offers too.

The issue's case: the coach suggests 4 million while the quick buttons say 1/2/3/5M and All in. At the six layout
sizes the stepper fits the page (no sideways scroll, every target a finger wide by touch, on screen); the hint sets it
to the amount and marks its Bid button; − and + step a million within the legal bids; tapping Bid makes that bid.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from game.core import Match, Seat, coaching
from game.ui.coach_display import hint_seed
from game.ui.neueheimat.table import bid_offered, bid_steps, stepper_amounts

from .conftest import resume_match, seed_storage, settle
from .layout import SIZES, GameShape, measure, problems

SHAPE = GameShape("neueheimat", lambda page: None, [("stepper", ".nh-stepper"), ("its bid button", '[data-act="bid-any"]')])


def bid_position() -> Match:
    """Neue Heimat, 3 players (the human first, weak computers): the first human bid, over deals from seed 3, where
    the coach suggests an amount no quick button offers (the coach's choice decides which deal that is)."""
    seed, steps = _stepper_bid()
    match, bots = _deal(seed)
    while len(match.entries) < steps:  # the same weak players' moves again, without asking the coach
        p = match.spec.current_player(match.state)
        match.apply(bots[p].choose(match.spec.view(match.state, p), match.spec.legal_actions(match.state)))
    return match


def _deal(seed: int) -> tuple[Match, list[Any]]:
    match = Match.new("neueheimat", 3, seed, [Seat("human")] + [Seat("computer", "weak") for _ in range(2)])
    return match, [match.spec.make_bot("weak", seed + i) for i in range(3)]


@functools.cache
def _stepper_bid() -> tuple[int, int]:
    """The deal and the step of :func:`bid_position`, found once per process (each hint on the way is a search)."""
    for seed in range(3, 40):
        match, bots = _deal(seed)
        spec = match.spec
        while not spec.is_over(match.state):
            state = match.state
            p = spec.current_player(state)
            view, legal = spec.view(state, p), spec.legal_actions(state)
            if p == 0 and view["phase"] == "bid" and stepper_amounts(view["high_bid"], view["money"][0]):
                hint = coaching.hint(spec, view, 0, hint_seed(match, 0), None, legal)
                if hint.action["type"] == "bid" and bid_offered(view, hint.action["amount"]) == "stepper":
                    return seed, len(match.entries)
            match.apply(bots[p].choose(view, legal))
    raise AssertionError("no deal from seed 3 to 39 has a hinted bid only the stepper offers")


def open_at(page: Any, open_app: Any, match: Match) -> None:
    resume_match(page, open_app, match, "?pause=0")
    page.locator('[data-act="bid-any"]').wait_for()


def autosaved_action(page: Any, index: int) -> dict[str, Any]:
    page.wait_for_function("JSON.parse(houseGames.autosave()).actions.length > %d" % index)
    return json.loads(page.evaluate("houseGames.autosave()"))["actions"][index]["action"]


def test_the_hinted_bid_is_on_the_stepper_and_bids_it(page, open_app):
    match = bid_position()
    view = match.spec.view(match.state, 0)
    high, money = view["high_bid"], view["money"][0]
    hint = coaching.hint(match.spec, view, 0, hint_seed(match, 0), None, match.spec.legal_actions(match.state))
    amount = hint.action["amount"]
    assert amount not in bid_steps(high, money)
    open_at(page, open_app, match)
    # the quick buttons are there, and no button of its own for the hinted amount
    assert page.locator(f'[data-act="bid-{amount}"]').count() == 0
    assert page.locator(f'[data-act="bid-{bid_steps(high, money)[0]}"]').count() == 1
    page.locator("#hint").tap()
    page.wait_for_function("window.houseGamesLastHint", timeout=60_000)
    shown = page.evaluate("window.houseGamesLastHint")
    assert shown["hint"]["action"] == hint.action and shown["keys"] == ["act:bid-any"]
    bid = page.locator('[data-act="bid-any"]')
    assert f"{amount}M" in bid.inner_text() and f"{amount}M" in page.locator("#nh-bid-value").inner_text()
    assert bid.evaluate("b => getComputedStyle(b).outlineStyle") == "solid"
    # − and + step a million; the stepper stops at the legal bids
    page.locator('[data-act="bid-more"]').tap()
    settle(page)
    assert f"{amount + 1}M" in bid.inner_text()
    page.locator('[data-act="bid-less"]').tap()
    settle(page)
    assert page.locator('[data-act="bid-less"]').get_attribute("aria-label")
    assert f"{amount}M" in bid.inner_text()
    bid.tap()
    assert autosaved_action(page, len(match.entries)) == {"type": "bid", "amount": amount}


def test_the_stepper_stops_at_the_legal_amounts(page, open_app):
    match = bid_position()
    view = match.spec.view(match.state, 0)
    amounts = stepper_amounts(view["high_bid"], view["money"][0])
    open_at(page, open_app, match)
    less, more = page.locator('[data-act="bid-less"]'), page.locator('[data-act="bid-more"]')
    for _ in range(len(amounts)):
        if less.is_disabled():
            break
        less.tap()
        settle(page)
    assert less.is_disabled() and f"{amounts[0]}M" in page.locator('[data-act="bid-any"]').inner_text()
    for _ in range(len(amounts)):
        if more.is_disabled():
            break
        more.tap()
        settle(page)
    assert more.is_disabled() and f"{amounts[-1]}M" in page.locator('[data-act="bid-any"]').inner_text()


@pytest.mark.parametrize("touch", [True, False], ids=["touch", "mouse"])
def test_the_stepper_fits_every_layout_size(make_context, open_app, shot, touch):
    match = bid_position()
    sizes = [s for s in SIZES if s[3] == touch]
    _, width, height, _ = sizes[0]
    context = make_context(viewport={"width": width, "height": height}, device_scale_factor=2 if touch else 1,
                           is_mobile=touch, has_touch=touch)
    page = context.new_page()
    seed_storage(page, {"house-games.autosave": json.dumps(match.to_json())})
    open_app(page, query="?pause=0")
    if touch:
        page.locator("#resume").tap()
    else:
        page.locator("#resume").click()
    page.locator('[data-act="bid-any"]').wait_for()
    for name, w, h, _ in sizes:
        m = measure(page, SHAPE, w, h)
        least = 44 if touch else 32
        boxes = {selector: page.locator(selector).bounding_box()
                 for selector in ('[data-act="bid-less"]', '[data-act="bid-more"]', '[data-act="bid-any"]')}
        shot(page, f"neueheimat-bid-stepper-{name}")  # (a full-page shot resizes the window for a moment)
        assert problems(m) == [], (name, problems(m))
        for selector, box in boxes.items():
            assert box and box["width"] >= least - 0.5 and box["height"] >= least - 0.5, (name, selector, box)
