"""A page that started without its database takes it up once it can (issue 37): an open blocked by an older tab
that never lets go goes through when that tab closes it, and an open refused for want of space (a full disk at an
upgrade, F5) is tried again until space returns. Then the page writes everything it holds, the database's own
games and results come into the app, and the alert that said so goes."""

from __future__ import annotations

import json

from .conftest import wait_ready
from .storage_steps import MOVES, QUICK, UNFINISHED, newer_store, old_version_tab, open_with_saves, saved_slots, unfinished

HOLD_DATABASE = """new Promise((resolve, reject) => {
  const request = indexedDB.open("house-games|" + new URL("./", location.href).pathname, 1);
  request.onsuccess = () => { window.held = request.result; resolve(true); };  // versionchange is never heeded
  request.onerror = () => reject(request.error);
})"""


def play(page, moves: int) -> None:
    page.locator("#start-game").tap()
    page.locator("#legal-actions button").first.wait_for()
    for _ in range(moves):
        page.locator("#legal-actions button").first.tap()
    page.wait_for_function("houseGames.idle()")


def new_game_slot(page) -> str:
    slot = page.evaluate("window.houseGamesSlot")
    assert isinstance(slot, str) and slot != UNFINISHED
    return slot


def test_an_open_blocked_by_an_older_tab_is_taken_up_when_that_tab_lets_go(make_context, site_url):
    context = make_context(service_workers="block")  # each version's store.js served as the test says
    first = context.new_page()
    open_with_saves(first, site_url, {UNFINISHED: unfinished()})  # the database exists, with a game in it
    first.close()
    holder = old_version_tab(context, site_url)
    assert holder.evaluate(HOLD_DATABASE)
    context.route("**/store.js", lambda route: route.fulfill(body=newer_store(), content_type="text/javascript"))
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    alert = page.locator("#storage-alert")
    alert.wait_for()
    said = alert.inner_text()
    assert "older version" in said and "saves everything it holds as soon as it can" in said, said
    assert "house-games" not in said
    play(page, 2)  # the game goes on in memory meanwhile
    slot = new_game_slot(page)
    assert alert.is_visible()
    # the older tab lets the database go: the page's open goes through (upgrading it) and the page writes its game
    holder.evaluate("window.held.close()")
    page.wait_for_function("document.documentElement.dataset.store === 'ready'", timeout=20_000)
    page.wait_for_function(f"""houseGames.dump().then((d) => d && d.kv[{json.dumps(slot)}] !== undefined
        && JSON.parse(d.kv[{json.dumps(slot)}]).actions.length === 2)""", timeout=20_000)
    alert.wait_for(state="hidden", timeout=20_000)
    assert page.locator(".toast", has_text="everything is stored again").count() == 1
    slots = saved_slots(page)
    assert len(slots[UNFINISHED]["actions"]) == MOVES  # the database's own game is still there
    # and the app knows it now: both games are offered
    page.locator("#menu").tap()
    page.locator("#resume-all").wait_for()
    assert "(2)" in page.locator("#resume-all").inner_text()


#: Until the test says otherwise, opening the app's database fails for want of space (as Chromium answers an open
#: that must create or upgrade a database on a full disk).
OPEN_FULL = """(() => {
  if (location.protocol !== "http:") return;  // (documents without storage: about:blank)
  if (!sessionStorage.getItem("full-set")) { sessionStorage.setItem("full-set", "1"); localStorage.setItem("test-open-full", "1"); }
  const open = IDBFactory.prototype.open;
  IDBFactory.prototype.open = function (name, version) {
    if (typeof name === "string" && name.startsWith("house-games|") && localStorage.getItem("test-open-full") === "1") {
      const request = { error: new DOMException("Quota exceeded.", "QuotaExceededError") };
      setTimeout(() => request.onerror && request.onerror(new Event("error")), 10);
      return request;
    }
    return open.call(this, name, version);
  };
})();"""


def test_an_open_refused_for_want_of_space_is_tried_again_until_space_returns(make_context, site_url):
    context = make_context()
    context.add_init_script(OPEN_FULL)
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    alert = page.locator("#storage-alert")
    alert.wait_for()
    said = alert.inner_text()
    assert "storage is full" in said and "keeps trying" in said and "house-games" not in said, said
    play(page, 3)
    slot = new_game_slot(page)
    page.wait_for_timeout(3500)  # tried again meanwhile: still full
    assert alert.is_visible() and page.evaluate("document.documentElement.dataset.store") == "unavailable"
    page.evaluate("localStorage.removeItem('test-open-full')")  # space returns
    page.wait_for_function(f"""houseGames.dump().then((d) => d && d.kv[{json.dumps(slot)}] !== undefined
        && JSON.parse(d.kv[{json.dumps(slot)}]).actions.length === 3)""", timeout=20_000)
    alert.wait_for(state="hidden", timeout=20_000)
    page.locator("#legal-actions button").first.tap()  # and it goes on saving
    page.wait_for_function(f"JSON.parse(houseGames.stored({json.dumps(slot)})).actions.length === 4")
    page.reload()
    wait_ready(page)
    assert "4 moves" in page.locator("#resume").inner_text()
