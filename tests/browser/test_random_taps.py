"""A player mashing buttons on the headline table, a solo Barrio game against Klaus: random taps on the table's
enabled buttons, Undo (also when it only says why it cannot) and Hint, with rotations in between, never break the app (no exception, no page that stops
answering, an autosave that still loads) and refused taps never pile up on screen."""

from __future__ import annotations

import random
import re

import game.barrio as B
from game.core.locale import text

from .conftest import settle
from .barrio_steps import read_match, start

TAPS = 80
ROTATIONS = ({"width": 390, "height": 844}, {"width": 844, "height": 390})


def test_random_taps_on_a_solo_table_never_break_the_game(page, open_app, page_problems):
    start(page, open_app, players=1, seed=21, query="?pause=20")
    settle(page)
    rng = random.Random(21)
    buttons = page.locator("#barrio-board button.target:not([disabled]), #undo:not([disabled]), #hint:not([disabled])")
    most_toasts = 0
    for step in range(TAPS):
        if step % 25 == 24:
            page.set_viewport_size(ROTATIONS[(step // 25) % 2])
        count = buttons.count()
        assert count, f"no button to tap at step {step}"
        # force: an Undo that cannot take back is aria-disabled, which Playwright counts as not enabled, yet a
        # player can tap it (it says why); every other button in the list is enabled
        buttons.nth(rng.randrange(count)).tap(force=True)
        settle(page)  # the worker has answered: its toast, if any, is on the page
        most_toasts = max(most_toasts, page.locator("#toasts .toast").count())
    assert most_toasts <= 2  # a burst of refusals shows each reason once, two messages at most
    failures = [(kind, said) for kind, said in page_problems.problems if kind != "error toast"]
    assert failures == []  # no uncaught error, no console error (a Python exception logs one)
    refusals = {said for kind, said in page_problems.problems if kind == "error toast"}
    assert refusals  # the random taps did try moves the rules refuse
    broken = text("game.error", "en", reason="")
    assert not any(said.startswith(broken) for said in refusals), refusals
    page_problems.expect(*(re.escape(said) for said in refusals))  # checked above: the engine's refusals only
    match = read_match(page)  # the autosave still loads, as a game in progress or finished
    assert match.num_players == 1 and (B.SPEC.is_over(match.state) or B.SPEC.legal_actions(match.state))
