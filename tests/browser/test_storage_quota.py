"""Storage filled to the last byte (issue 26): the next move says at once what was not saved and what to do, the
game goes on, and once space returns everything is stored, with no move lost.

The storage is really full. The profile is on disk (in an incognito context Chromium keeps IndexedDB in memory and
checks no quota); DevTools' ``Storage.overrideQuotaForOrigin`` gives the site's origin a quota 2 MB above what it
already uses (the default is gigabytes); and a second database is filled until the browser refuses even 16 more
bytes. The browser itself then refuses the game's next save with its own ``QuotaExceededError``; deleting that
database gives the space back."""

from __future__ import annotations

import json

from game.core import Match, Seat

from .conftest import wait_ready
from .storage_steps import EMPTY, FILL, SETTLED_USAGE

QUICK = "?pause=0&ui=list"


def test_a_full_storage_is_said_on_the_next_move_and_nothing_is_lost_once_space_returns(make_context, site_url, shot, tmp_path):
    match = Match.new("barrio", 1, 13, [Seat("human")], level="A")
    for _ in range(3):
        match.apply(match.spec.legal_actions(match.state)[0])
    context = make_context(user_data_dir=tmp_path / "profile")
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('house-games.autosave', {json.dumps(json.dumps(match.to_json()))});
    }}""")
    page.goto(site_url + QUICK)
    wait_ready(page)
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.wait_for()
    def saved() -> int:
        return page.evaluate("JSON.parse(houseGames.autosave()).actions.length")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed: no cache write still under way
    used = page.evaluate(SETTLED_USAGE)
    context.new_cdp_session(page).send("Storage.overrideQuotaForOrigin",
                                       {"origin": site_url.rstrip("/"), "quotaSize": used + 2_000_000})
    filled = page.evaluate(FILL)  # full, to the last byte
    assert filled["refusal"] == "QuotaExceededError" and filled["written"] > 1_000_000, filled
    alert = page.locator("#storage-alert")
    assert alert.is_hidden()
    page.locator("#legal-actions button").first.tap()
    alert.wait_for()
    text = alert.inner_text()
    assert "Not saved: your last move" in text and "storage is full" in text and "export your statistics" in text
    assert saved() == 3
    page.locator("#legal-actions button").first.tap()  # the game goes on
    assert page.locator("#legal-actions button").first.is_visible() and alert.is_visible()
    shot(page, "storage-full")
    assert page.evaluate(EMPTY)  # space returns
    page.wait_for_function("JSON.parse(houseGames.autosave()).actions.length === 5", timeout=30_000)  # the retry
    alert.wait_for(state="hidden")
    page.reload()
    wait_ready(page)
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.wait_for()
    replayed = Match.new("barrio", 1, 13, [Seat("human")], level="A")
    for _ in range(5):
        replayed.apply(replayed.spec.legal_actions(replayed.state)[0])
    assert [e["action"] for e in json.loads(page.evaluate("houseGames.autosave()"))["actions"]] == [e.action for e in replayed.entries]
