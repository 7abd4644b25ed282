"""Storage filled to the last byte (issue 26): the next move says at once what was not saved and what to do, the
game goes on, and once space returns everything is stored, with no move lost.

While the storage is "full", every ``IDBObjectStore.put`` raises the ``QuotaExceededError`` a browser raises when
the origin's quota is used up. (Chromium 156 ignores DevTools' ``Storage.overrideQuotaForOrigin`` for IndexedDB, in
incognito and persistent contexts alike, and its quota is gigabytes: the error is raised where the browser would.)"""

from __future__ import annotations

import json

from game.core import Match, Seat

from .conftest import wait_ready

QUICK = "?pause=0&ui=list"
FULL = """(() => {
  window.houseGamesStorageFull = false;
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    if (window.houseGamesStorageFull) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    return put.apply(this, args);
  };
})();"""


def test_a_full_storage_is_said_on_the_next_move_and_nothing_is_lost_once_space_returns(make_context, site_url, shot):
    match = Match.new("barrio", 1, 13, [Seat("human")], level="A")
    for _ in range(3):
        match.apply(match.module.legal_actions(match.state)[0])
    context = make_context()
    page = context.new_page()
    page.add_init_script(FULL)
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
    page.evaluate("window.houseGamesStorageFull = true")  # full, to the last byte
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
    page.evaluate("window.houseGamesStorageFull = false")  # space returns
    page.wait_for_function("JSON.parse(houseGames.autosave()).actions.length === 5", timeout=30_000)  # the retry
    alert.wait_for(state="hidden")
    page.reload()
    wait_ready(page)
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.wait_for()
    replayed = Match.new("barrio", 1, 13, [Seat("human")], level="A")
    for _ in range(5):
        replayed.apply(replayed.module.legal_actions(replayed.state)[0])
    assert [e["action"] for e in json.loads(page.evaluate("houseGames.autosave()"))["actions"]] == [e.action for e in replayed.entries]
