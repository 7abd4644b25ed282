"""Two browser contexts get the same daily deal; its result card after a counted game (issue 15)."""

from __future__ import annotations

import json

from game.core import daily

from .replay_helpers import QUICK


def test_two_contexts_get_the_same_daily_deal(make_context, open_app, shot):
    deals = {d.challenge: d for d in daily.deals()}
    seen = []
    for _ in range(2):
        page = make_context().new_page()
        open_app(page, query=QUICK)
        page.get_by_role("button", name="Daily deal").tap()
        page.locator("#daily").wait_for()
        cards = page.locator(".daily-deal")
        assert cards.count() == len(daily.challenges())
        seeds = {c.get_attribute("data-challenge"): int(c.get_attribute("data-seed")) for c in cards.all()}
        assert seeds == {k: d.seed for k, d in deals.items()}
        assert page.locator("#daily").get_attribute("data-day") == daily.utc_today()
        page.locator(".daily-deal[data-challenge='barrio-A'] .daily-play").tap()
        page.locator("#barrio-board canvas").wait_for()
        page.wait_for_function("houseGames.autosave() !== null")  # written just after the table is drawn
        save = json.loads(page.evaluate("houseGames.autosave()"))
        seen.append((save["seed"], save["options"], save["state"]))
        shot(page, f"daily-{len(seen)}")
    assert seen[0] == seen[1]
    assert seen[0][0] == deals["barrio-A"].seed and seen[0][1] == {"level": "A"}
