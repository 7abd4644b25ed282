"""The browser shell's pure-Python parts under CPython: autosave store, catalog, texts, draw lists."""

from __future__ import annotations

import json
import sys
import types

import pytest

from game.core import Match, Seat
from game.core import match as match_mod
from game.ui import catalog as catalog_mod
from game.ui.canvas import DrawList
from game.core.locale import catalogue
from game.core.locale import language_names, text
from game.ui.storage import AUTOSAVE_KEY, BAD_SAVE_PREFIX, MemoryBackend, Store

from .toygame import engine as toygame


@pytest.fixture
def toy(monkeypatch):
    sys.modules.setdefault("tests.toygame.engine", toygame)
    monkeypatch.setitem(match_mod.GAME_MODULES, "toy", "tests.toygame.engine")
    return toygame


def test_autosave_round_trip(toy):
    store = Store(MemoryBackend())
    assert not store.has_autosave() and store.load_match().match is None
    match = Match.new("toy", 2, 5, [Seat("human"), Seat("computer", "random")])
    match.apply(toy.SPEC.legal_actions(match.state)[0])
    store.save_match(match)
    loaded = store.load_match()
    assert loaded.error is None and loaded.match.state == match.state
    assert [e.action for e in loaded.match.entries] == [e.action for e in match.entries]


@pytest.mark.parametrize("raw,why", [
    ("{not json", "not valid JSON"),
    ('{"format": "something-else"}', "not a saved game"),
    ('{"format": "house-games-match", "version": 1, "game": "toy", "seats": 3}', "lacks the field"),
    ('{"format": "house-games-match", "version": 99}', "newer version"),
    ('null', "not a saved game"),
])
def test_bad_autosave_is_kept_aside_with_a_reason(toy, raw, why):
    backend = MemoryBackend({AUTOSAVE_KEY: raw})
    store = Store(backend)
    result = store.load_match()
    assert result.match is None and why in result.error
    assert result.kept_as == BAD_SAVE_PREFIX + "1"
    assert backend.items[result.kept_as] == raw  # never silently destroyed
    assert AUTOSAVE_KEY not in backend.items


def test_several_bad_saves_keep_each_other(toy):
    backend = MemoryBackend({AUTOSAVE_KEY: "first", BAD_SAVE_PREFIX + "1": "older"})
    result = Store(backend).load_match()
    assert result.kept_as == BAD_SAVE_PREFIX + "2"
    assert backend.items[BAD_SAVE_PREFIX + "1"] == "older" and backend.items[BAD_SAVE_PREFIX + "2"] == "first"


def test_save_whose_moves_disagree_with_its_position_is_refused(toy):
    match = Match.new("toy", 2, 5)
    match.apply(toy.SPEC.legal_actions(match.state)[0])
    data = match.to_json()
    data["actions"] = []
    backend = MemoryBackend({AUTOSAVE_KEY: json.dumps(data)})
    result = Store(backend).load_match()
    assert result.match is None and "does not match" in result.error
    assert json.loads(backend.items[result.kept_as]) == data


def test_settings_survive_and_garbage_is_ignored():
    backend = MemoryBackend()
    store = Store(backend)
    store.save_settings({"lang": "es", "patterns": True})
    assert store.load_settings() == {"lang": "es", "patterns": True}
    backend.heard_settings("[oops")  # another tab's, damaged
    assert store.load_settings() == {}


def test_catalog_lists_every_game_and_flags_incomplete_ones(monkeypatch):
    games = catalog_mod.catalog()
    assert [g.game_id for g in games] == ["barrio", "nyhavn", "neueheimat", "toy"]  # toy: registered by tests/conftest.py
    assert all(g.available for g in games)
    partial = types.ModuleType("game_partial")  # an engine in progress: it imports, but declares nothing yet
    partial.TITLE = "Partial"
    sys.modules["game_partial"] = partial
    monkeypatch.setitem(match_mod.GAME_MODULES, "barrio", "game_partial")
    info = catalog_mod.probe("barrio")
    assert not info.available and "SPEC" in info.problem
    monkeypatch.setitem(match_mod.GAME_MODULES, "barrio", "game.does_not_exist")
    info = catalog_mod.probe("barrio")
    assert not info.available and info.title == "barrio" and "ModuleNotFoundError" in info.problem  # its id: no title


def test_start_choices_become_engine_options():
    assert catalog_mod.new_game_options("barrio", 1, {"level": "C", "scoring_card": "B"}, 0) == {"level": "C"}
    assert catalog_mod.new_game_options("barrio", 3, {"scoring_card": "D"}, 0) == {"scoring_card": "D", "first_player": 0}
    picks = {catalog_mod.new_game_options("barrio", 2, {"scoring_card": "random"}, seed)["scoring_card"] for seed in range(12)}
    assert picks == set("ABCDEF")
    assert catalog_mod.new_game_options("neueheimat", 3, {"rounds": "2"}, 0) == {"rounds": 2}
    assert catalog_mod.new_game_options("nyhavn", 2, {"rounds": "2"}, 0) == {"first_player": 0}
    assert catalog_mod.new_game_options("neueheimat", 3, {"rounds": 7}, 0) == {"rounds": 7}  # any of 1-9
    # a stale or damaged setting never reaches the engine: the option's default instead (what the screen shows)
    assert catalog_mod.new_game_options("neueheimat", 3, {"rounds": 12}, 0) == {"rounds": 1}
    assert catalog_mod.new_game_options("barrio", 1, {"level": "Z"}, 0) == {"level": "A"}
    assert catalog_mod.new_game_options("toy", 2, {"turns": "8"}, 0) == {"turns": 8}


def test_who_starts_offers_the_games_seats_and_draws_random_from_the_seed():
    assert catalog_mod.new_game_options("nyhavn", 3, {"first_player": "2"}, 0) == {"first_player": 2}
    assert catalog_mod.new_game_options("barrio", 4, {"first_player": 3}, 0)["first_player"] == 3
    # a seat the table does not have (a setting kept from a larger game) is the default, seat 1
    assert catalog_mod.new_game_options("nyhavn", 2, {"first_player": 3}, 0) == {"first_player": 0}
    assert "first_player" not in catalog_mod.new_game_options("barrio", 1, {"first_player": 1}, 0)  # solo: you start
    for players in (2, 3, 4):
        drawn = [catalog_mod.new_game_options("nyhavn", players, {"first_player": "random"}, seed)["first_player"]
                 for seed in range(40)]
        assert set(drawn) == set(range(players))
        assert drawn == [catalog_mod.new_game_options("nyhavn", players, {"first_player": "random"}, seed)["first_player"]
                         for seed in range(40)]  # the same seed, the same first player
    # not tied to the random scoring card the same seed picks
    pairs = {tuple(catalog_mod.new_game_options("barrio", 2, {"first_player": "random", "scoring_card": "random"}, seed).values())
             for seed in range(60)}
    assert len(pairs) == 12


def test_every_text_exists_in_every_language():
    for lang in language_names():
        assert set(catalogue(lang)) == set(catalogue("en")), lang
    assert text("game.turn", "es", name="Ana") == "Juega Ana"
    assert text("no.such.key", "es") == "no.such.key"


def test_draw_list_is_one_json_frame():
    d = DrawList().clear("#fff").rect(1, 2, 3, 4, fill="#000", radius=2).text(5, 6, "7 ★").pattern(0, 0, 9, 9, "dots")
    frame = json.loads(d.to_json())
    assert [c[0] for c in frame] == ["clear", "rect", "text", "pattern"]
    assert frame[2][3] == "7 ★"
    with pytest.raises(ValueError):
        d.pattern(0, 0, 1, 1, "plaid")


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_bad_saves_reason_is_said_in_the_players_language(toy, lang):
    """The reason shown on the start screen is the catalogue's sentence in the player's language, with the
    right plural, never the English text of the exception."""
    match = Match.new("toy", 2, 5)
    good = match.to_json()
    cases = [
        ("{not json", "save.not_json", {}),
        (json.dumps({**good, "seats": good["seats"][:1]}), "save.seats#one", {"count": 1, "players": 2}),
        (json.dumps({**good, "seats": good["seats"] * 2}), "save.seats", {"count": 4, "players": 2}),
        (json.dumps({**good, "version": 99}), "save.too_new", None),
    ]
    for raw, key, params in cases:
        result = Store(MemoryBackend({AUTOSAVE_KEY: raw})).load_match()
        said = result.reason(lang)
        assert result.match is None and said and result.reason_key == key.split("#")[0]
        if params is not None:
            assert said == catalogue(lang)[key].format(**params)
        assert said == text(result.reason_key, lang, **(result.reason_params or {}))
        if lang != "en":
            assert said != result.reason("en") and result.error not in said  # no English left in it
        notice = text("start.badsave", lang, reason=said, where=result.kept_as)
        assert said in notice and result.kept_as in notice
