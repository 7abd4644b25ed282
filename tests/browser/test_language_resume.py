"""A language chosen on the start screen is the language of whatever that screen opens next: a saved game resumed,
the past games, the statistics (the start screen keeps its choices in the page; the worker must hear of them)."""

from __future__ import annotations

import json

import pytest

from game.core.locale import catalogue

from .storage_steps import UNFINISHED, open_with_saves, unfinished


@pytest.mark.parametrize("lang", ["es", "fr"])
def test_a_language_chosen_on_the_start_screen_is_the_resumed_games(page, site_url, lang):
    open_with_saves(page, site_url, {UNFINISHED: unfinished()})
    page.select_option("#f-lang", lang)
    assert page.locator("html").get_attribute("lang") == lang
    page.locator("#resume").tap()
    menu = page.locator("#menu")
    menu.wait_for()
    assert menu.inner_text().strip() == catalogue(lang)["game.menu"]
    assert page.locator("html").get_attribute("lang") == lang
    # and the choice is kept: the worker writes the game's settings back with it
    held = json.loads(page.evaluate("houseGames.inspect('store.backend.settings')") or "{}")
    assert held.get("lang") == lang
