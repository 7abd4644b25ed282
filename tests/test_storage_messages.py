"""What a storage failure says is in the player's words (issue 37): never an internal key of the store."""

from __future__ import annotations

import pytest

from game.core.locale import text

from .ui_harness import Harness


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_the_full_storage_alert_names_what_was_not_saved_in_words(monkeypatch, lang):
    h = Harness(monkeypatch)
    h.app.settings["lang"] = lang
    h.app.storage_status("full", ["autosave", "house-games.game.18c2f0a1b2c3d4e5f", "house-games.sharing", "result"])
    said = h.find("storage-alert").textContent
    assert "house-games" not in said
    for what in ("autosave", "data", "result"):
        assert text(f"storage.what.{what}", lang) in said
    assert said.count(text("storage.what.data", lang)) == 1  # two keys, said once
