"""The ``jsonfmt`` readers are how every kind of player data is read (saved games, game records): each refusal has
a catalogue key of the data's own subject (``save.int``, ``record.int``…) with a text in every language that names
the field, so a player reads which field of which thing is wrong."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from game.core import SaveFormatError
from game.core import jsonfmt as J
from game.core.locale import catalogue, languages
from game.core.record import GameRecord, RecordError

#: each reader with a value it refuses, and the key's last part
REFUSALS: list[tuple[str, Callable[..., Any], tuple[Any, ...]]] = [
    ("int", J.read_int, ("7", "turn", 0, 5)),
    ("int", J.read_int, (9, "turn", 0, 5)),
    ("type", J.read_whole, (True, "seed")),
    ("bool", J.read_bool, (0, "done")),
    ("type", J.read_str, (None, "name")),
    ("type", J.read_object, ({1: 2}, "options")),
    ("list", J.read_list, ({}, "hands")),
    ("list_length", J.read_list, ([1], "hands", 2)),
    ("int", J.read_ints, ([1, "2"], "hands", 0, 5)),
    ("choice", J.read_choice, (1, "kind", (True, "x"))),
    ("missing", J.read_field, ({"a": 1}, "seats")),
]


@pytest.mark.parametrize("error", [SaveFormatError, RecordError])
@pytest.mark.parametrize("kind, reader, args", REFUSALS)
def test_each_reader_refuses_in_the_words_of_the_data_it_reads(kind, reader, args, error):
    with pytest.raises(error) as refused:
        reader(*args, error=error)
    assert type(refused.value) is error
    assert refused.value.key == f"{error.subject}.{kind}"
    for lang in languages():
        text = catalogue(lang)[refused.value.key].format(**refused.value.params)
        assert args[1] in text, (lang, text)


def test_check_keys_names_the_missing_and_the_unknown_field():
    with pytest.raises(RecordError) as missing:
        J.check_keys({"a": 1}, ["a", "b"], error=RecordError)
    assert (missing.value.key, missing.value.params["field"]) == ("record.missing", "b")
    with pytest.raises(SaveFormatError) as unknown:
        J.check_keys({"a": 1, "z": 2}, ["a"])
    assert (unknown.value.key, unknown.value.params["field"]) == ("save.unknown", "z")


def test_a_damaged_record_says_which_field():
    good = {"format": "house-games-record", "version": 1, "game": "nyhavn", "num_players": 2, "seed": 3,
            "options": {}, "seats": [{"kind": "human"}, {"kind": "computer", "bot": "weak"}], "actions": [],
            "scores": [0, 0], "winners": [0]}
    assert GameRecord.from_json(good).game_id == "nyhavn"
    for field, value, key in (("seed", "3", "record.type"), ("scores", 5, "record.list"),
                              ("seats", [{"kind": "robot"}, {"kind": "human"}], "record.choice"),
                              ("options", [], "record.type")):
        with pytest.raises(RecordError) as refused:
            GameRecord.from_json({**good, field: value})
        assert refused.value.key == key, field
        assert refused.value.params["field"].startswith(field), field
    damaged = dict(good)
    del damaged["actions"]
    with pytest.raises(RecordError) as refused:
        GameRecord.from_json(damaged)
    assert (refused.value.key, refused.value.params["field"]) == ("record.missing", "actions")
