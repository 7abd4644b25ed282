"""A database that goes away (issue 37, F6 and F7): with no IndexedDB at all the app still starts (PyScript, which
opens a database of its own as it loads, gets a stand-in) and plays in memory, saying truthfully why and for how
long; a database cleared while the app is open is opened again and the tab writes everything it holds."""

from __future__ import annotations

import json

from .conftest import wait_ready
from .storage_steps import MOVES, QUICK, UNFINISHED, open_with_saves, unfinished, moves_on_table

NO_INDEXEDDB = """delete Window.prototype.indexedDB;
delete window.indexedDB;
if (typeof indexedDB !== "undefined") throw new Error("indexedDB still there");"""


def test_without_indexeddb_the_app_starts_plays_and_says_moves_last_until_the_page_closes(make_context, site_url):
    context = make_context()
    context.add_init_script(NO_INDEXEDDB)
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.store") == "unavailable"
    alert = page.locator("#storage-alert")
    alert.wait_for()
    said = alert.inner_text()
    assert "kept only until you close this page" in said and "no IndexedDB" in said, said
    assert "private window" not in said
    page.locator("#start-game").tap()
    page.locator("#legal-actions button").first.wait_for()
    for n in range(1, 4):  # the game plays (kept in the worker's memory)
        page.locator("#legal-actions button").first.tap()
        page.wait_for_function("houseGames.idle()")
        assert moves_on_table(page) == n
    assert alert.is_visible()  # still said while the game goes on


def test_without_indexeddb_the_message_is_said_in_spanish_and_french(make_context, site_url):
    for lang, words in (("es", "se conservan solo hasta que cierres esta página"),
                        ("fr", "gardées seulement jusqu’à la fermeture de cette page")):
        context = make_context()
        context.add_init_script(NO_INDEXEDDB)
        context.add_init_script(f"""if (location.protocol === "http:") {{
            localStorage.setItem('house-games|/|settings', JSON.stringify({{lang: '{lang}'}})); }}""")
        page = context.new_page()
        page.goto(site_url + QUICK)
        wait_ready(page)
        page.locator("#storage-alert").wait_for()
        assert words in page.locator("#storage-alert").inner_text()


def test_a_database_cleared_while_the_app_is_open_is_opened_again_with_everything_the_tab_holds(page, site_url):
    open_with_saves(page, site_url, {UNFINISHED: unfinished()})
    page.locator("#resume").tap()
    for n in (MOVES + 1, MOVES + 2):
        page.locator("#legal-actions button").first.tap()
        page.wait_for_function(f"(n) => JSON.parse(houseGames.stored({json.dumps(UNFINISHED)})).actions.length === n", arg=n)
    # the player clears the site's data (the browser's settings) while the game is open
    origin = site_url.rstrip("/")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"})
    # the tab opens the database again and writes the game it holds, with no move of the player's (a read the clearing
    # aborts is read again)
    page.wait_for_function(f"""houseGames.dump().catch(() => null).then((d) => d && d.kv[{json.dumps(UNFINISHED)}] !== undefined
        && JSON.parse(d.kv[{json.dumps(UNFINISHED)}]).actions.length === {MOVES + 2})""", timeout=20_000)
    # and goes on saving
    page.locator("#legal-actions button").first.tap()
    page.wait_for_function(f"""houseGames.dump().catch(() => null).then((d) => d && d.kv[{json.dumps(UNFINISHED)}] !== undefined
        && JSON.parse(d.kv[{json.dumps(UNFINISHED)}]).actions.length === {MOVES + 3})""", timeout=20_000)
    # a write refused while the database was closed is retried and stored: the alert that said so goes
    page.locator("#storage-alert").wait_for(state="hidden", timeout=20_000)
    page.reload()
    wait_ready(page)
    assert f"{MOVES + 3} moves" in page.locator("#resume").inner_text()


def test_an_empty_database_of_the_apps_name_is_made_again_not_left_to_stop_storage(page, site_url):
    """A database with the app's name and no tables (left by a failed first start, or made by hand) holds nothing:
    the app makes it again and stores, instead of starting without storage every time."""
    page.context.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    page.goto(site_url + "version.json")  # the site's origin, nothing of the app running
    page.evaluate("""() => new Promise((resolve, reject) => {
        const req = indexedDB.open("house-games|/", 1); // no tables made
        req.onsuccess = () => { req.result.close(); resolve(); };
        req.onerror = () => reject(req.error);
    })""")
    page.goto(site_url + QUICK)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.store === 'ready'")
    assert page.locator("#storage-alert").is_hidden()
    page.locator("#start-game").tap()
    page.locator("#legal-actions button").first.tap()
    page.wait_for_function("houseGames.idle() && houseGames.autosave() !== null")
    assert len(json.loads(page.evaluate("houseGames.autosave()"))["actions"]) == 1
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.store") == "ready"
    assert "1 move" in page.locator("#resume").inner_text()
