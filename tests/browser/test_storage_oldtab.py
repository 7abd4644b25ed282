"""A tab of an older version left open during an upgrade (issue 37, F4): it writes nothing more once a newer
version opened the database, asks the player to reload, and nothing of it piles up or comes back.

Two older versions are met in the field: this store's own (IndexedDB), which hears IndexedDB's ``versionchange``
when a newer version opens the database at a higher version, and the versions before the store, which write
``localStorage`` (one autosave, removed once its game is finished) and which the store takes in as they write.
The newer version here is this build with its database version raised (``site/store.js`` served with
``DB_VERSION = 2``, for the whole context from then on, as a new build would be); the version before the store is
a document of the site's origin writing ``localStorage`` as that version did."""

from __future__ import annotations

import json

from .conftest import wait_ready
from .storage_steps import LEGACY_AUTOSAVE, MOVES, QUICK, UNFINISHED, newer_store, old_version_tab, open_with_saves, saved_slots, unfinished

def test_an_old_tab_stops_writing_and_asks_to_reload_when_a_newer_version_opens(make_context, site_url):
    # the service worker would answer store.js from its cache: this test serves each version's itself
    context = make_context(service_workers="block")
    old = context.new_page()
    open_with_saves(old, site_url, {UNFINISHED: unfinished()})
    old.locator("#resume").tap()
    old.locator("#legal-actions button").first.tap()
    old.wait_for_function(f"JSON.parse(houseGames.stored({json.dumps(UNFINISHED)})).actions.length === {MOVES + 1}")
    assert old.locator("#outdated").count() == 0

    # a newer version is deployed and opened in another tab
    context.route("**/store.js", lambda route: route.fulfill(body=newer_store(), content_type="text/javascript"))
    new = context.new_page()
    new.goto(site_url + QUICK)
    wait_ready(new)
    new.wait_for_function("document.documentElement.dataset.store === 'ready'")  # the old tab let the database go

    # the old tab stops the game and asks to reload
    notice = old.locator("#outdated")
    notice.wait_for()
    assert old.evaluate("document.getElementById('outdated').open") is True
    said = notice.inner_text()
    assert "A newer version of this app was opened in another tab" in said and "reload it" in said, said
    assert old.evaluate("document.documentElement.dataset.store") == "outdated"
    assert old.locator("#storage-alert").is_hidden()  # its move was stored before: nothing to say was lost
    old.keyboard.press("Escape")  # no way back to a page that no longer saves
    assert old.evaluate("document.getElementById('outdated').open") is True

    # the newer version resumes the game with the old tab's move, and plays on
    new.locator("#resume").tap()
    new.locator("#legal-actions button").first.tap()
    new.wait_for_function(f"JSON.parse(houseGames.stored({json.dumps(UNFINISHED)})).actions.length === {MOVES + 2}")
    new.wait_for_function("houseGames.idle()")
    assert list(saved_slots(new)) == [UNFINISHED]  # one save of the game: nothing piled up beside it

    # the old tab, reloaded, is the newer version: it resumes the game as the other tab left it
    old.locator("#outdated-reload").tap()
    wait_ready(old)
    old.wait_for_function("document.documentElement.dataset.store === 'ready'")
    assert f"{MOVES + 2} moves" in old.locator("#resume").inner_text()


def test_an_old_tab_asks_to_reload_in_its_language_and_names_what_was_not_saved(make_context, site_url):
    """A write the old tab asks for once the database is gone for it (a computer's move, a settings change…) is
    said not saved, in the player's language, beside the notice."""
    context = make_context(service_workers="block")
    old = context.new_page()
    old.add_init_script("localStorage.setItem('house-games|/|settings', JSON.stringify({lang: 'es'}))")
    open_with_saves(old, site_url, {UNFINISHED: unfinished()})
    old.locator("#resume").tap()
    old.locator("#legal-actions button").first.wait_for()
    context.route("**/store.js", lambda route: route.fulfill(body=newer_store(), content_type="text/javascript"))
    new = context.new_page()
    new.goto(site_url + QUICK)
    wait_ready(new)
    old.locator("#outdated").wait_for()
    assert "Se ha abierto una versión más nueva" in old.locator("#outdated").inner_text()
    # a move tapped on the table under the notice is not taken (the page is inert), so the worker is asked for one
    # through the bridge, as a tap that was already on its way would be
    old.evaluate("document.querySelector('#legal-actions button').click()")
    alert = old.locator("#outdated #storage-alert")
    alert.wait_for()
    assert "No guardado: tu última jugada" in alert.inner_text(), alert.inner_text()
    new.wait_for_function("houseGames.idle()")
    assert len(saved_slots(new)[UNFINISHED]["actions"]) == MOVES  # the database holds what was saved, nothing after


def test_a_tab_of_the_version_before_the_store_piles_up_no_autosaves_and_its_finished_game_is_gone(page, site_url):
    page.goto(site_url + QUICK)
    wait_ready(page)
    page.wait_for_function("document.documentElement.dataset.store === 'ready'")
    old = old_version_tab(page.context, site_url)
    game = unfinished().to_json()
    texts = [json.dumps({**game, "actions": game["actions"][:n]}) for n in range(1, MOVES + 1)]
    for n, save in enumerate(texts, start=1):
        old.evaluate("([key, text]) => localStorage.setItem(key, text)", [LEGACY_AUTOSAVE, save])  # a move there
        page.wait_for_function("([key, text]) => houseGames.stored(key) === text", arg=[LEGACY_AUTOSAVE, save])
        kv = page.evaluate("houseGames.dump()")["kv"]
        assert list(kv) == [LEGACY_AUTOSAVE], kv  # one copy of its game, however many moves it makes
        assert f"{n} move" in page.locator("#resume").inner_text()
    # its game ends: it removes its autosave, and the copy goes too
    old.evaluate("(key) => localStorage.removeItem(key)", LEGACY_AUTOSAVE)
    page.wait_for_function("(key) => houseGames.stored(key) === null", arg=LEGACY_AUTOSAVE)
    assert page.evaluate("houseGames.dump()")["kv"] == {}
    assert page.locator("#resume-slot").inner_text() == ""
    page.reload()
    wait_ready(page)
    assert page.locator("#resume-slot").inner_text() == ""  # the finished game is never offered again


def test_an_autosave_this_version_played_on_is_kept_beside_the_old_tabs(page, site_url):
    """The version before the store and this one played the same old autosave: this version's (with a revision) is
    never replaced; the old tab's goes beside it, one copy however many moves it makes."""
    game = unfinished().to_json()
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem({json.dumps(LEGACY_AUTOSAVE)}, {json.dumps(json.dumps(game))});
    }}""")
    page.goto(site_url + QUICK)
    wait_ready(page)
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.tap()  # this version plays on it: its save now carries a revision
    page.wait_for_function(f"JSON.parse(houseGames.stored('{LEGACY_AUTOSAVE}')).actions.length === {MOVES + 1}")
    mine = page.evaluate(f"houseGames.stored('{LEGACY_AUTOSAVE}')")
    old = old_version_tab(page.context, site_url)
    for n in range(1, 4):
        save = json.dumps({**game, "actions": game["actions"][:n]})
        old.evaluate("([key, text]) => localStorage.setItem(key, text)", [LEGACY_AUTOSAVE, save])
        page.wait_for_function("""async (text) => Object.values((await houseGames.dump()).kv).includes(text)""", arg=save)
        kv = page.evaluate("houseGames.dump()")["kv"]
        assert kv[LEGACY_AUTOSAVE] == mine
        assert len(kv) == 2, list(kv)  # this version's game and one copy of the old tab's
