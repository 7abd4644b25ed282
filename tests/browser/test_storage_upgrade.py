"""Data written by the app before the IndexedDB store (issue 26): the ``localStorage`` of a real run of main at
0a939d6 (tests/data/localstorage_main_0a939d6.json) loads after the change with every record and the autosave
intact, and leaves ``localStorage`` only once the database holds it. The start screen's settings move to a key
scoped by the site's path, as the database is, so two sites of one origin (GitHub Pages projects) never meet."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import Server, wait_ready

DATA = Path(__file__).resolve().parents[1] / "data" / "localstorage_main_0a939d6.json"


def test_data_written_by_the_version_before_the_store_loads_with_every_record_and_the_autosave(make_context, site_url):
    old = json.loads(DATA.read_text())
    book = json.loads(old["house-games.records"])
    context = make_context()
    page = context.new_page()
    page.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        for (const [key, value] of Object.entries({json.dumps(old)})) localStorage.setItem(key, value);
    }}""")
    page.goto(site_url + "?pause=0&ui=list")
    wait_ready(page)
    # the record book is split into rows (in one transaction with its removal): wait for it
    page.wait_for_function("houseGames.stored('house-games.records') === null && houseGames.dump().then(d => d.results.length > 0)")
    tables = page.evaluate("houseGames.dump()")
    assert sorted(tables["results"], key=lambda r: r["id"]) == sorted(book["results"], key=lambda r: r["id"])
    assert sorted(tables["games"], key=lambda g: g["id"]) == sorted(book["games"], key=lambda g: g["id"])
    assert tables["daily"] == book["daily"]
    assert tables["kv"] == {"house-games.autosave": old["house-games.autosave"]}  # byte for byte
    left = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('house-games'))")
    assert left == ["house-games|/|settings"]  # the rest moved, verified, then removed; the settings under the path
    assert page.evaluate("localStorage.getItem('house-games|/|settings')") == old["house-games.settings"]
    # the start screen offers the game in progress, with the choices kept
    resume = page.locator("#resume")
    assert "Nyhavn" in resume.inner_text() and "5 moves" in resume.inner_text()
    assert page.locator("#game-nyhavn").is_checked()
    resume.tap()
    page.locator("#legal-actions button").first.wait_for()
    assert page.evaluate("JSON.parse(houseGames.autosave()).actions.length") == 5
    page.locator("#menu").tap()
    page.locator("#start-more button[data-request='stats']").tap()
    cell = page.locator(".stats-group[data-group='barrio/solo/A'] tr[data-stat='games'] td")
    assert cell.inner_text() == "2"
    page.locator("#stats-back").tap()
    page.locator("#start-more button[data-request='past']").tap()
    page.locator(".past-game").first.wait_for()
    assert page.locator(".past-game").count() == 2


def test_two_sites_on_one_origin_keep_their_own_settings_and_database(make_context, dist, tmp_path):
    """GitHub Pages serves every project of a user from one origin: two copies of the site under two paths each
    keep their own settings (moved there from the old unscoped key) and their own database."""
    root = tmp_path / "origin"
    root.mkdir()
    for project in ("one", "two"):
        (root / project).symlink_to(dist, target_is_directory=True)
    server = Server(root)
    try:
        page = make_context().new_page()
        page.add_init_script("""if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1');
            localStorage.setItem('house-games.settings', JSON.stringify({lang: 'fr', game: 'nyhavn'})); }""")
        page.goto(server.url + "one/", wait_until="domcontentloaded")
        assert page.locator("#f-lang").input_value() == "fr" and page.locator("#game-nyhavn").is_checked()
        page.select_option("#f-lang", "es")  # a choice in project one
        assert page.evaluate("localStorage.getItem('house-games.settings')") is None  # moved, not copied
        page.goto(server.url + "two/", wait_until="domcontentloaded")
        assert page.locator("#f-lang").input_value() != "es"  # project two never sees it
        page.locator("label[for=game-barrio]").tap()
        page.goto(server.url + "one/", wait_until="domcontentloaded")
        assert page.locator("#f-lang").input_value() == "es" and page.locator("#game-nyhavn").is_checked()
        keys = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('house-games')).sort()")
        assert keys == ["house-games|/one/|settings", "house-games|/two/|settings"]
        page.wait_for_function("document.documentElement.dataset.store === 'ready'")
        names = page.evaluate("indexedDB.databases().then((dbs) => dbs.map((d) => d.name).filter((n) => n.startsWith('house-games')).sort())")
        assert names == ["house-games|/one/", "house-games|/two/"]
    finally:
        server.stop()
