"""A player's settings from the versions before reach the game unchanged: the page keeps them in localStorage under
the path-scoped key of ``site/keys.js`` (the last version's) or the unscoped key of the versions before it, and the
Python worker knows them only as "settings" (the boot message's field, its ``settings`` operation), never by a key
of its own. The worker reads them as they were and writes a new game's choices back under the one key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import SETTINGS_KEY_JS, settle, wait_ready

DATA = Path(__file__).resolve().parents[1] / "data" / "localstorage_main_0a939d6.json"
OLD_KEY = "house-games.settings"


def kept_settings() -> dict[str, object]:
    """Settings as a player of the versions before left them (main at 0a939d6, in Spanish, with two names kept)."""
    settings = json.loads(json.loads(DATA.read_text())[OLD_KEY])
    return {**settings, "lang": "es", "names": ["Ana", "Bea"]}


@pytest.mark.parametrize("where", ["scoped", "unscoped"])
def test_settings_kept_by_the_versions_before_reach_the_game_and_are_saved_under_one_key(make_context, site_url, where):
    kept = kept_settings()
    key = SETTINGS_KEY_JS if where == "scoped" else json.dumps(OLD_KEY)
    context = make_context(guided=False)  # the settings as they were: nothing merged into them
    page = context.new_page()
    page.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem({key}, {json.dumps(json.dumps(kept))});
    }}""")
    page.goto(site_url + "?pause=0&ui=list")  # the legal moves as a list of buttons
    wait_ready(page)
    settle(page)
    # the worker holds the very text the page kept (the unscoped one moved first, unchanged)
    held = page.evaluate("houseGames.inspect('store.backend.settings')")
    assert held is not None and json.loads(held) == kept
    assert page.evaluate("houseGames.inspect('lang')") == "es"
    assert page.locator("#game-nyhavn").is_checked() and page.locator("#f-lang").input_value() == "es"
    page.locator("#start-game").tap()
    page.locator("#legal-actions button").first.wait_for()
    settle(page)
    # the worker wrote the new game's choices back under the path-scoped key, keeping what it does not use
    saved = page.evaluate(f"JSON.parse(localStorage.getItem({SETTINGS_KEY_JS}))")
    assert saved["lang"] == "es" and saved["game"] == "nyhavn" and saved["names"] == ["Ana", "Bea"]
    assert json.loads(page.evaluate("houseGames.inspect('store.backend.settings')")) == saved
    keys = page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('house-games'))")
    assert keys == [page.evaluate(SETTINGS_KEY_JS)]  # one key: nothing left or written under another name
