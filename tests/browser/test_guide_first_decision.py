"""The guided first turn guides the decision actually on the table (issue 36, item 1), in Chromium by touch at 390×844.

A newcomer starts each game from the start screen (seeds chosen for each kind of first decision: Klaus's tie, a plain
solo turn, the houses to keep, a take, the illegal profits, a bid on another player's auction). The guide's words are
those the game's guide gives for the decision in the autosaved game (read back with the engine); every mark of every
step is a visible, enabled button drawn with the guide's outline, and nothing else is outlined; *Got it* folds the
guide and keeps its marks; tapping what it marks never meets a refusal (an error toast fails the test), a tap that
only chooses leaves it open, and the first real move closes it.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import game.barrio as B
from game.core import Match
from game.ui.catalog import screen_spec
from game.ui.guide import GuideStep
from game.ui.screen import seat_names

from .conftest import SETTINGS_KEY_JS, settle

#: every button outlined by the guide now (marks are drawn with a solid outline; the coach's hint is not asked)
OUTLINED = """() => [...document.querySelectorAll('#app button')]
    .filter((b) => getComputedStyle(b).outlineStyle === 'solid' && getComputedStyle(b).outlineWidth === '4px')
    .map((b) => b.dataset.key || (b.dataset.act && 'act:' + b.dataset.act) || (b.dataset.cmd && 'cmd:' + b.dataset.cmd) || '#' + b.id)"""


def tie_seed() -> int:
    return next(s for s in range(300) if B.SPEC.new_game(1, s, solo=True, level="A").phase == "klaus_tie")


def plain_seed() -> int:
    return next(s for s in range(300) if B.SPEC.new_game(1, s, solo=True, level="A").phase != "klaus_tie")


#: (case, game, seats, seed, the first step's words): the first decisions the issue names, and the plain ones
CASES: list[tuple[str, str, list[str], int, str]] = [
    ("barrio-tie", "barrio", ["human"], tie_seed(), "guide.barrio.tie"),
    ("barrio-solo", "barrio", ["human"], plain_seed(), "guide.barrio.place"),
    ("barrio-keep", "barrio", ["bot:weak", "human", "bot:weak"], 3, "guide.barrio.keep"),
    ("nyhavn-take", "nyhavn", ["human", "bot:weak"], 4, "guide.nyhavn.take"),
    # seed 1: seat 1 draws the first turn, so the first decision is the illegal profits, or a bid on the first auction
    ("neueheimat-profits", "neueheimat", ["human", "bot:weak", "bot:weak"], 1, "guide.neueheimat.profits"),
    ("neueheimat-bid", "neueheimat", ["bot:weak", "human", "bot:weak"], 1, "guide.neueheimat.bid"),
]


def start(page: Any, site_url: str, game_id: str, seats: list[str], seed: int) -> None:
    page.goto(site_url + "?pause=0")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    page.locator(f"label[for=game-{game_id}]").tap()
    page.locator("#f-players").select_option(str(len(seats)))
    if len(seats) > 1:
        for i, seat in enumerate(seats):
            page.locator(f"#f-seat-{i}").select_option(seat)
    if game_id == "neueheimat":
        page.locator("#f-rounds").select_option("1")
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name="Start new game").tap()
    page.locator("#app .table").wait_for()
    page.wait_for_function("document.querySelector('#guide:not([hidden])') !== null", timeout=30_000)
    settle(page)


def expected_steps(page: Any) -> tuple[Match, tuple[GuideStep, ...]]:
    """The guide's steps for the decision of the game the page has really played (its autosave)."""
    page.wait_for_function("houseGames.autosave() !== null")  # written just after the table is drawn
    match = Match.from_json(json.loads(page.evaluate("houseGames.autosave()")))
    seat = match.current_player()
    assert seat is not None and match.seats[seat].kind == "human"
    spec = match.spec
    guide = screen_spec(match.game_id).guide
    assert guide is not None
    return match, tuple(guide(spec.view(match.state, seat), spec.legal_actions(match.state), seat_names(match, "en"), "en"))


def selector(mark: str) -> str:
    if mark.startswith("#"):
        return mark
    if mark.startswith("act:"):
        return f'[data-act="{mark[4:]}"]'
    if mark.startswith("cmd:"):
        return f'[data-cmd="{mark[4:]}"]'
    return f'.board .target[data-key="{mark}"]'


def guide_open(page: Any) -> bool:
    return page.locator("#guide:not([hidden])").count() == 1


@pytest.mark.parametrize("case,game_id,seats,seed,first", CASES, ids=[c[0] for c in CASES])
def test_first_decision_guide_in_the_browser(make_context, site_url, shot, case, game_id, seats, seed, first):
    page = make_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
                        guided=False).new_page()
    start(page, site_url, game_id, seats, seed)
    match, steps = expected_steps(page)
    assert steps[0].key == first, (steps[0].key, match.spec.legal_actions(match.state)[:3])
    if first == "guide.neueheimat.bid":  # another player's auction, named: not "your auction"
        said = page.locator("#guide-text").inner_text()
        assert seat_names(match, "en")[match.spec.view(match.state, 1)["auctioneer"]] in said and "Your auction" not in said
    for i, step in enumerate(steps):
        assert page.locator("#guide-text").inner_text() == step.words("en")
        for mark in step.marks:
            if mark.startswith("row-"):  # a row opened large (small lots) or its lots themselves: what the table shows
                continue
            button = page.locator(selector(mark))
            assert button.count() == 1 and button.is_enabled() and button.get_attribute("aria-disabled") != "true", (step.key, mark)
        outlined = page.evaluate(OUTLINED)
        assert set(outlined) == {m for m in step.marks if page.locator(selector(m)).count()}, (step.key, outlined)
        if i + 1 < len(steps):
            page.locator("#guide-next").tap()
    shot(page, f"guide-first-decision-{case}")
    page.locator("#guide-done").tap()  # Got it: folded, the decision's marks kept
    assert guide_open(page) and page.locator("#guide-unfold").is_visible()
    assert set(page.evaluate(OUTLINED)) == {m for s in steps for m in s.marks if not m.startswith("#")}
    # tap what the first step marks, in order, until a real move is made: no refusal on the way
    moves = len(match.entries)
    for mark in steps[0].marks:
        page.locator(selector(mark)).tap()
        settle(page)
        if page.evaluate("houseGames.autosave()") and len(expected_moves(page)) > moves:
            break
        assert guide_open(page), f"{mark}: a tap that only chooses closed the guide"
    else:  # Barrio's place: a card is chosen; a lit place of the market places it
        page.locator('.board .target[data-key^="cell-"][data-legal="true"]').first.tap()
        settle(page)
    assert len(expected_moves(page)) > moves
    assert not guide_open(page)
    saved = page.evaluate(f"JSON.parse(localStorage.getItem({SETTINGS_KEY_JS}))")
    assert game_id in saved.get("guided", []), saved


def expected_moves(page: Any) -> list[Any]:
    return json.loads(page.evaluate("houseGames.autosave()"))["actions"]
