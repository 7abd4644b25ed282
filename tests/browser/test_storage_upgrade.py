"""Data written by the app before the IndexedDB store (issue 26): the ``localStorage`` of a real run of main at
0a939d6 (tests/data/localstorage_main_0a939d6.json) loads after the change with every record and the autosave
intact, and leaves ``localStorage`` only once the database holds it."""

from __future__ import annotations

import json
from pathlib import Path

from .conftest import wait_ready

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
    left = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('house-games.'))")
    assert left == ["house-games.settings"]  # the rest moved, verified, then removed
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
