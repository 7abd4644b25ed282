"""Settings declared once (``game/ui/settings.py``): a new setting is its declaration and its catalogue texts.

A throwaway setting is added to :data:`game.ui.settings.SETTINGS` (with its texts, as a catalogue entry would give
them); the start screen's data and HTML are built as ``build.py`` builds them, and the app is booted on a fake page:
the setting is offered with its default, a new game's choices save it, and the app reads it back. The page's code
(``site/start.js``) names none of the declared fields: it draws, reads and saves them from the declaration.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game.core import locale
from game.ui import settings as settings_module
from game.ui.settings import SETTINGS, Setting, chosen_value, defaults, field_settings
from game.ui.storage import is_slot
from sitebuild.start_screen import start_screen_data, start_screen_html

from .ui_harness import Harness

ROOT = Path(__file__).resolve().parent.parent
TEXTS = {"en": {"start.sound": "Sounds"}, "es": {"start.sound": "Sonidos"}, "fr": {"start.sound": "Sons"}}


@pytest.fixture
def sound(monkeypatch: pytest.MonkeyPatch) -> Setting:
    """A throwaway per-device check box, ``sound`` (on by default), declared and given its three texts."""
    added = Setting("sound", True, "device", field="check", label="start.sound")
    monkeypatch.setattr(settings_module, "SETTINGS", SETTINGS + (added,))
    for lang, table in TEXTS.items():
        monkeypatch.setitem(locale._ADDED, lang, {**locale._ADDED.get(lang, {}), **table})
    locale.varied_keys.cache_clear()
    locale._cached_text.cache_clear()
    yield added
    locale.varied_keys.cache_clear()
    locale._cached_text.cache_clear()


def test_a_new_setting_is_offered_on_the_start_screen_with_its_default(sound: Setting) -> None:
    data = start_screen_data()
    assert data["defaults"]["sound"] is True
    (offered,) = [s for s in data["settings"] if s["name"] == "sound"]
    assert offered["field"] == "check" and offered["label"] == "start.sound"
    assert {lang: data["texts"][lang]["start.sound"] for lang in TEXTS} == {k: v["start.sound"] for k, v in TEXTS.items()}
    html = start_screen_html(data)
    field = re.search(r'<label class="check" for="f-sound" id="field-sound">(.*?)</label>', html)
    assert field, "the start screen has no field for the new setting"
    assert '<input type="checkbox" id="f-sound" name="sound" checked>' in field.group(1)
    assert '<span data-t="start.sound">Sounds</span>' in field.group(1)


def test_a_new_setting_is_read_with_its_default_and_saved(sound: Setting, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = Harness(monkeypatch)
    assert fresh.app.settings["sound"] is True  # nothing saved: the declared default
    saved = Harness(monkeypatch, settings=json.dumps({"sound": False, "lang": "fr"}))
    assert saved.app.settings["sound"] is False and saved.app.lang == "fr"
    fresh.request(type="new", settings={**start_screen_data()["defaults"], "sound": False})
    assert fresh.settings["sound"] is False
    again = Harness(monkeypatch, settings=fresh.app.store.backend.settings)
    assert again.app.settings["sound"] is False


def test_settings_a_player_kept_are_read_as_they_were(monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings text a page of the versions before kept (main at 0a939d6) is what the worker reads: the page
    hands it over as the boot message's ``settings``, whatever key it was stored under."""
    old = json.loads((ROOT / "tests" / "data" / "localstorage_main_0a939d6.json").read_text())["house-games.settings"]
    h = Harness(monkeypatch, settings=old)
    assert h.settings == json.loads(old)
    assert {k: h.app.settings[k] for k in ("game", "players", "seats", "scoring_card")} == \
        {"game": "nyhavn", "players": 2, "seats": ["human", "bot:strong"], "scoring_card": "A"}
    assert "house-games.settings" not in h.storage  # the settings are no kv key


def test_the_settings_have_one_name_end_to_end() -> None:
    """The worker never names where the page keeps the settings (it says ``settings``); among the page's scripts
    only site/keys.js names a settings key, the path-scoped one and the old unscoped one."""
    for path in sorted((ROOT / "game").rglob("*.py")):
        assert "house-games.settings" not in path.read_text(), path
    for path in sorted((ROOT / "site").glob("*.js")):
        source = path.read_text()
        if path.name != "keys.js":
            assert "house-games.settings" not in source and "|settings" not in source, path.name
    bridge = (ROOT / "site" / "bridge.js").read_text()
    assert "settingsKey" not in bridge and "SETTINGS_LOCAL_KEY" not in bridge.replace("store.SETTINGS_LOCAL_KEY", "")


def test_the_page_names_no_declared_field() -> None:
    """start.js and the start screen's builder draw every declared field generically: no code of theirs names one
    (the language's value is read through ``s.lang``, which is not a field's code)."""
    page = (ROOT / "site" / "start.js").read_text()
    builder = (ROOT / "sitebuild" / "start_screen.py").read_text()
    for s in field_settings():
        for source, name in ((page, "site/start.js"), (builder, "sitebuild/start_screen.py")):
            assert f'"{s.name}"' not in source and f"f-{s.name}" not in source and f"{s.name}-hint" not in source, \
                f"{name} names the setting {s.name!r}"


def test_each_declared_setting_has_one_name_and_its_texts() -> None:
    names = [s.name for s in SETTINGS]
    assert len(names) == len(set(names))
    for s in field_settings():
        for key in (s.label, s.hint):
            if key:
                assert all(locale.has_text(key, lang) for lang in locale.languages()), key
    assert defaults(("device",)) == {"lang": "en", "patterns": None, "own_choices": []}  # patterns: not chosen, the device decides


def test_the_patterns_follow_forced_colours_and_more_contrast_until_the_player_chooses(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 40: where colours alone cannot be told apart the patterns are on by default; the check box still rules."""
    def wishes(harness: Harness, *queries: str) -> None:  # what site/bridge.js reports with a size change
        harness.page.receive(json.dumps({"kind": "sizes", "rects": {}, "media": list(queries)}))

    fresh = Harness(monkeypatch)
    assert fresh.app.settings["patterns"] is None and fresh.app.patterns is False
    wishes(fresh, "(forced-colors: active)")
    assert fresh.app.patterns is True
    wishes(fresh, "(prefers-contrast: more)")
    assert fresh.app.patterns is True
    wishes(fresh, "(prefers-reduced-motion: reduce)")
    assert fresh.app.patterns is False and fresh.app.reduced_motion is True
    off = Harness(monkeypatch, settings=json.dumps({"patterns": False, "own_choices": ["patterns"]}))
    wishes(off, "(forced-colors: active)")
    assert off.app.patterns is False  # the player turned them off
    on = Harness(monkeypatch, settings=json.dumps({"patterns": True}))
    assert on.app.patterns is True and on.app.reduced_motion is False


def test_an_old_stored_patterns_false_is_read_as_not_chosen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every save before "not chosen" existed wrote the old default ``patterns: false`` (the settings a page kept at
    0a939d6 hold it): read as not chosen, so forced colours turn the patterns on; a choice made since (listed under
    ``own_choices`` by the start screen) is kept, on or off, and the start screen sends it with a new game."""
    old = json.loads((ROOT / "tests" / "data" / "localstorage_main_0a939d6.json").read_text())["house-games.settings"]
    assert json.loads(old)["patterns"] is False
    h = Harness(monkeypatch, settings=old)
    assert chosen_value(h.app.settings, "patterns") is None and h.app.patterns is False
    h.page.receive(json.dumps({"kind": "sizes", "rects": {}, "media": ["(forced-colors: active)"]}))
    assert h.app.patterns is True
    h.request(type="new", settings={**json.loads(old), "patterns": False, "own_choices": ["patterns"]})
    assert h.settings["own_choices"] == ["patterns"] and h.app.patterns is False  # unticked since: kept
    again = Harness(monkeypatch, settings=h.app.store.backend.settings)
    again.page.receive(json.dumps({"kind": "sizes", "rects": {}, "media": ["(forced-colors: active)"]}))
    assert again.app.patterns is False
    assert chosen_value({"patterns": True}, "patterns") is True  # on was never a default: always the player's
    assert chosen_value({"lang": "fr"}, "lang") == "fr"  # (a setting without a device default: its value)


def test_a_declaration_that_cannot_be_drawn_is_refused() -> None:
    with pytest.raises(ValueError, match="label"):
        Setting("volume", 1, "device", field="select", choices=(1, 2))
    with pytest.raises(ValueError, match="choices"):
        Setting("volume", 1, "device", field="select", label="start.volume")
    with pytest.raises(ValueError, match="True, False"):
        Setting("sound", "on", "device", field="check", label="start.sound")
    with pytest.raises(ValueError, match="default_when"):  # "not chosen" needs the device's say
        Setting("sound", None, "device", field="check", label="start.sound")


def keys_js(expression: str) -> object:
    """``expression`` evaluated by node with ``site/keys.js`` loaded as the service worker loads it (a classic script)."""
    script = (ROOT / "site" / "keys.js").read_text() + f"\nprocess.stdout.write(JSON.stringify({expression}));"
    run = subprocess.run(["node", "-e", script], capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node")
def test_the_slot_rule_and_the_path_scoped_names_are_one() -> None:
    """site/keys.js (every script's copy) and game/ui/storage.py agree on which keys are slots; each name carries
    the site's path, so two sites on one origin never share one."""
    keys = ["house-games.autosave", "house-games.autosave.moved.3", "house-games.autosave.bad.1", "house-games.game.barrio",
            "house-games.game.", "house-games.settings", "house-games.sharing", "house-games.guest-token", "game.barrio",
            "house-games.autosaves", "x-house-games.game.nyhavn"]
    assert keys_js(f"{json.dumps(keys)}.map(globalThis.houseGamesKeys.isSlot)") == [is_slot(k) for k in keys]
    base = "https://someone.github.io/house/index.html?x=1"
    names = keys_js("((K, B) => [K.databaseName(B), K.settingsKey(B), K.lockPrefix(B), K.cachePrefix(B), "
                    f"K.cacheName(B, 'abc')])(globalThis.houseGamesKeys, {json.dumps(base)})")
    assert names == ["house-games|/house/", "house-games|/house/|settings", "house-games|/house/|game|",
                     "house-games|/house/|", "house-games|/house/|abc"]
