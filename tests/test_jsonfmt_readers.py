"""The ``jsonfmt`` readers are how every kind of player data is read (saved games, game records, the record book's
rows as stored or imported, saved games' summaries, other phones' messages): each refusal has a catalogue key of the
data's own subject (``save.int``, ``record.int``, ``import.int``, ``storage.int``, ``multi.refused.int``…) with a text
in every language that names the field, so a player reads which field of which thing is wrong."""

from __future__ import annotations

import json
from typing import Any, Callable

import pytest

from game.core import SaveFormatError
from game.core import jsonfmt as J
from game.core.locale import catalogue, languages
from game.core.record import GameRecord, RecordError
from game.ui import storage
from game.ui.book_rows import BookImportError
from game.ui.multidevice import PROTOCOL_VERSION, GuestTable, HostTable, MessageError, parse_guest_message
from game.ui.record_book import RecordBook
from game.ui.storage import MemoryBackend, Store, StoredEntryError

#: every kind of player data and the error its readers refuse with
SUBJECTS = [SaveFormatError, RecordError, BookImportError, StoredEntryError, MessageError]

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


@pytest.mark.parametrize("error", SUBJECTS)
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


def said_everywhere(refusal: SaveFormatError, field: str) -> None:
    """The refusal names ``field`` in every language (and each language says it in its own words)."""
    texts = {lang: refusal.text(lang) for lang in languages()}
    assert set(texts) == {"en", "es", "fr"}
    for lang, words in texts.items():
        assert field in words and refusal.key not in words, (lang, words)
    assert len(set(texts.values())) == len(texts)


#: a result row as the record book keeps it (``record_book.result_row``)
ROW = {"id": "0123456789abcdef", "game": "barrio", "mode": "solo", "level": "A", "finished": "2025-05-01T10:00:00Z",
       "players": 1, "me": 0, "scores": [40, 38], "winners": [0], "result": "win", "score": 40, "daily": "",
       "counted": True, "hints": [0], "takebacks": [0]}


def book_file(**parts: object) -> str:
    return json.dumps({"format": "house-games-records", "version": 1, "games": [], "results": [], "daily": {}, **parts})


@pytest.mark.parametrize("damage, key, field", [
    ({"scores": 40}, "import.list", "results.scores"),
    ({"result": "won"}, "import.choice", "results.result"),
    ({"hints": [-1]}, "import.int", "results.hints"),
    ({"finished": "yesterday"}, "import.choice", "results.finished"),
    ({"counted": 1}, "import.bool", "results.counted"),
])
def test_an_imported_row_is_refused_naming_its_field_and_nothing_changes(damage, key, field):
    book = RecordBook(Store(MemoryBackend()))
    assert book.import_json(book_file(results=[ROW])).results_added == 1  # the row as it is: read
    before = book.to_json()
    with pytest.raises(BookImportError) as refused:
        book.import_json(book_file(results=[ROW, {**ROW, "id": "fedcba9876543210", **damage}]))
    assert (refused.value.key, refused.value.params["field"]) == (key, field)
    said_everywhere(refused.value, field)
    assert book.to_json() == before
    missing = {k: v for k, v in ROW.items() if k != "daily"}
    with pytest.raises(BookImportError) as refused:
        book.import_json(book_file(results=[missing]))
    assert (refused.value.key, refused.value.params["field"]) == ("import.missing", "results.daily")


def test_an_imported_daily_entry_or_kept_game_is_refused_naming_its_field():
    book = RecordBook(Store(MemoryBackend()))
    for parts, key, field in (({"daily": {"2025-05-01/barrio-A": 7}}, "import.type", "daily.2025-05-01/barrio-A"),
                              ({"games": [{"id": "x", "code": "AAAA"}]}, "import.choice", "games.code"),
                              ({"games": [{"code": "AAAA"}]}, "import.missing", "games.id"),
                              ({"results": {}}, "import.list", "results")):
        with pytest.raises(BookImportError) as refused:
            book.import_json(book_file(**parts))
        assert (refused.value.key, refused.value.params["field"]) == (key, field)
        said_everywhere(refused.value, field)


@pytest.mark.parametrize("tables, key, field", [
    ({"results": [{**ROW, "scores": "40"}]}, "storage.list", "results.scores"),
    ({"results": [{**ROW, "players": True}]}, "storage.type", "results.players"),
    ({"games": [{"id": "x", "code": "AAAA"}]}, "storage.choice", "games.code"),
    ({"daily": {"2025-05-01/barrio-A": 7}}, "storage.type", "daily.2025-05-01/barrio-A"),
])
def test_a_damaged_stored_row_is_set_aside_and_its_field_named(tables, key, field):
    backend = MemoryBackend(tables=tables)
    book = RecordBook(Store(backend))
    assert book.results == [] and book.games == [] and book.daily == {}
    assert book.notice is not None and book.notice.key == "records.entries_set_aside"
    why = book.notice.why
    assert why is not None and (why.key, why.params["field"]) == (key, field)
    said_everywhere(why, field)
    for lang in languages():  # the notice says what was set aside, then why
        assert book.notice.text(lang).endswith(why.text(lang))
    kept = json.loads(backend.items[book.notice.params["kept_as"]])  # nothing lost: kept aside as it was
    assert len(kept) == 1 and list(kept[0].values())[0] in (tables.get("results", [None])[0], tables.get("games", [None])[0],
                                                           ["2025-05-01/barrio-A", 7])
    assert RecordBook(Store(MemoryBackend(tables={"results": [ROW]}))).notice is None  # the row as it is: read


def test_a_saved_game_that_cannot_be_summed_up_names_its_field_and_stays():
    good = {"game": "barrio", "num_players": 1, "actions": [], "saved_at": 5}
    assert storage._summary("house-games.game.a", json.dumps(good)).players == 1
    for damage, key, field in (({"num_players": "1"}, "storage.type", "num_players"),
                               ({"actions": {}}, "storage.list", "actions"), ({"game": None}, "storage.type", "game")):
        with pytest.raises(StoredEntryError) as refused:
            storage._summary("house-games.game.a", json.dumps({**good, **damage}))
        assert (refused.value.key, refused.value.params["field"]) == (key, field)
        said_everywhere(refused.value, field)
    damaged = json.dumps({k: v for k, v in good.items() if k != "num_players"})
    backend = MemoryBackend({"house-games.game.a": damaged})
    assert Store(backend).saved_games() == [] and backend.items["house-games.game.a"] == damaged  # left for load_match


def guest_message(**fields: object) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, "kind": "act", "seq": 3, "action": {"type": "pass"}, **fields})


def test_another_phones_message_is_refused_naming_its_field():
    assert parse_guest_message(guest_message())["action"] == {"type": "pass"}
    for fields, key, field in (({"seq": "3"}, "multi.refused.int", "seq"), ({"seq": -1}, "multi.refused.int", "seq"),
                               ({"kind": "launch"}, "multi.refused.choice", "kind"),
                               ({"action": ["pass"]}, "multi.refused.type", "action"),
                               ({"action": {"x": 1}}, "multi.refused.missing", "type")):
        with pytest.raises(MessageError) as refused:
            parse_guest_message(guest_message(**fields))
        assert (refused.value.key, refused.value.params["field"]) == (key, field)
        said_everywhere(refused.value, field)


#: the host's ``state`` message as ``HostTable.snapshot`` writes it
STATE = {"v": PROTOCOL_VERSION, "seq": 1, "kind": "state", "game": "barrio", "players": 2, "seat": 1,
         "seats": [{"kind": "human", "name": "", "bot": None}, {"kind": "computer", "name": "", "bot": "weak"}],
         "step": 0, "current": 0, "over": False, "view": {}, "log": [], "log_start": 0, "legal": [], "described": [],
         "scores": [0, 0], "token": "t"}


@pytest.mark.parametrize("damage, key, field", [
    ({"players": "2"}, "multi.refused.int", "players"),
    ({"seats": [{"kind": "robot"}]}, "multi.refused.choice", "seats.kind"),
    ({"legal": [{"type": "pass"}]}, "multi.refused.list_length", "described"),
    ({"over": None}, "multi.refused.bool", "over"),
])
def test_a_damaged_table_message_is_passed_over_and_its_field_named(damage, key, field):
    guest = GuestTable(lambda text: None)
    assert guest.receive(json.dumps({**STATE, **damage})) is None
    assert guest.snapshot is None and guest.unreadable is not None
    assert (guest.unreadable.key, guest.unreadable.params["field"]) == (key, field)
    said_everywhere(guest.unreadable, field)
    assert guest.receive(json.dumps({**STATE, "seq": 2})) == "state" and guest.snapshot is not None  # the next, whole


def test_the_host_answers_a_damaged_message_in_the_guests_words_and_keeps_the_field_for_its_player():
    from game.core import Match

    sent: list[str] = []
    host = HostTable(lambda: Match.new("toy", 2, 1), [1], lambda seat, text: sent.append(text), lambda action: None)
    host.opened(1)
    assert host.receive(1, json.dumps({"v": PROTOCOL_VERSION, "kind": "hello", "seq": 1, "lang": "fr"})) is None
    assert host.receive(1, guest_message(seq="2")) == "multi.refused.int"
    answer = json.loads(sent[-1])
    assert answer["kind"] == "refused" and answer["key"] == "multi.refused.int"
    assert answer["reason"] == host.last_refusal[1].text("fr") and "« seq »" in answer["reason"]
    said_everywhere(host.last_refusal[1], "seq")  # the host's player reads it in their own language
