"""The record book: past games kept, statistics, Klaus's record, daily attempts, export/import, bad stores."""

import json

import pytest

from game.core import Seat, daily, share
from game.core.record import GameRecord, RecordError
from game.ui import record_book as R
from game.ui.record_book import RecordBook
from game.ui.storage import MemoryBackend, PageBackend, Store

from .recorded_games import one_human, play_match
from .record_rows import export_of, solo_record


def book(backend=None):
    return RecordBook(Store(backend if backend is not None else MemoryBackend()))


def row(i, result, score, game="barrio", mode="solo", level="A", scores=None):
    """A result row as an export file holds it."""
    return {"id": f"{i:016x}", "game": game, "mode": mode, "level": level, "finished": f"2025-02-{1 + i:02d}T12:00:00Z",
            "players": 1, "me": 0, "scores": scores or [score, 20], "winners": [0] if result == "win" else [0, 1] if result == "tie" else [1],
            "result": result, "score": score, "daily": "", "counted": True}


# ---------------------------------------------------------------------- statistics arithmetic
def test_statistics_arithmetic():
    b = book()
    outcomes = [("win", 30), ("win", 25), ("loss", 18), ("win", 33), ("win", 21), ("win", 27), ("tie", 20), ("win", 24), ("win", 31)]
    b.import_json(export_of([row(i, res, sc) for i, (res, sc) in enumerate(outcomes)]))
    s = b.stats("barrio", "solo", "A")
    assert (s.games, s.wins, s.ties, s.losses) == (9, 7, 1, 1)
    assert s.win_rate == pytest.approx(7 / 9)
    assert s.best == 33 and s.average == round(sum(sc for _, sc in outcomes) / 9, 1)
    assert (s.current_streak, s.best_streak) == (2, 3)
    assert s.last_scores == [sc for _, sc in outcomes]
    assert b.stats("barrio", "solo", "B").games == 0 and b.stats("barrio", "solo", "B").win_rate is None


def test_the_chart_keeps_the_last_30_scores_oldest_first():
    b = book()
    b.import_json(export_of([dict(row(i, "loss", i), finished=f"2025-03-{1 + i // 24:02d}T{i % 24:02d}:00:00Z")
                             for i in range(40)]))
    s = b.stats("barrio", "solo", "A")
    assert s.last_scores == list(range(10, 40)) and s.games == 40 and s.current_streak == 0


def test_real_games_feed_statistics_and_klaus_record():
    b = book()
    played = [solo_record(seed, level, day=seed) for seed, level in [(1, "A"), (2, "A"), (3, "A"), (4, "B"), (5, "A")]]
    for record in played:
        b.add_finished(record)
    level_a = [r for r in played if r.level == "A"]
    s = b.stats("barrio", "solo", "A")
    assert s.games == 4 and s.wins == sum(r.result == "win" for r in level_a)
    assert s.best == max(r.scores[0] for r in level_a)
    assert s.last_scores == [r.scores[0] for r in level_a]
    klaus = {k.level: k for k in b.automa_records("barrio", ("A", "B", "C"))}
    assert klaus["A"].games == 4 and klaus["A"].best == max(r.scores[1] for r in level_a)
    assert klaus["A"].automa_wins == sum(r.result == "loss" for r in level_a)
    assert klaus["A"].automa_wins + klaus["A"].player_wins + klaus["A"].ties == 4
    assert klaus["B"].games == 1 and klaus["C"].games == 0 and klaus["C"].best is None
    assert [(s.game, s.mode, s.level) for s in b.all_stats()] == [("barrio", "solo", "A"), ("barrio", "solo", "B")]


def test_adding_the_same_game_twice_counts_it_once():
    b = book()
    record = solo_record(1)
    b.add_finished(record)
    b.add_finished(record)
    assert b.stats("barrio", "solo", "A").games == 1 and len(b.past_games()) == 1


def test_computer_only_games_are_kept_but_not_counted():
    b = book()
    match = play_match("nyhavn", 2, 3, [Seat("computer", "weak", ""), Seat("computer", "weak", "")])
    b.add_finished(GameRecord.from_match(match))
    assert b.all_stats() == [] and len(b.past_games()) == 1


# ---------------------------------------------------------------------- past games
def test_the_last_50_games_are_kept_oldest_out_pinned_kept():
    b = book()
    added = [solo_record(seed, day=seed) for seed in range(1, 57)]
    b.add_finished(added[0])
    b.pin(added[0].id)
    for record in added[1:]:
        b.add_finished(record)
    kept = [g["id"] for g in b.past_games()]
    assert len(kept) == 51 and kept[0] == added[-1].id  # newest first
    assert added[0].id in kept  # pinned
    assert added[1].id not in kept and added[5].id not in kept and added[6].id in kept
    assert b.stats("barrio", "solo", "A").games == 56  # statistics outlive the kept games
    replay = b.open(added[-1].id)
    assert replay.record == added[-1]
    with pytest.raises(RecordError) as err:
        b.open(added[1].id)
    assert err.value.key == "records.not_kept"


def test_pinning_has_a_limit(monkeypatch):
    monkeypatch.setattr(R, "MAX_PINNED", 2)
    b = book()
    records = [solo_record(seed, day=seed) for seed in (1, 2, 3)]
    for r in records:
        b.add_finished(r)
    b.pin(records[0].id)
    b.pin(records[1].id)
    with pytest.raises(RecordError) as err:
        b.pin(records[2].id)
    assert err.value.key == "records.pin_limit" and "2" in err.value.text("es")
    b.pin(records[0].id, False)
    b.pin(records[2].id)
    assert [g["pinned"] for g in b.past_games()] == [True, True, False]


def test_everything_survives_a_reload():
    backend = MemoryBackend()
    b = book(backend)
    for seed in (1, 2, 3):
        b.add_finished(solo_record(seed, day=seed))
    b.pin(b.past_games()[1]["id"])
    again = book(backend)
    assert again.notice is None
    assert again.to_json() == b.to_json()
    assert again.stats("barrio", "solo", "A") == b.stats("barrio", "solo", "A")


# ---------------------------------------------------------------------- daily
def test_one_counted_daily_attempt_per_deal():
    b = book()
    deal = daily.deal("barrio-B", "2025-04-01")
    assert b.daily_counts(deal.key) and b.daily_result(deal.key) is None
    first = GameRecord.from_match(play_match("barrio", 1, deal.seed, deal.seats(), **deal.options), daily=deal.key,
                                  finished="2025-04-01T10:00:00Z")
    second = GameRecord.from_match(play_match("barrio", 1, deal.seed, deal.seats(), random_seats=(0,), **deal.options),
                                   daily=deal.key, finished="2025-04-01T11:00:00Z")
    assert first.id != second.id
    assert b.add_finished(first)["counted"] is True
    assert not b.daily_counts(deal.key)
    assert b.add_finished(second)["counted"] is False  # practice: kept, replayable, not counted
    assert b.daily_result(deal.key)["id"] == first.id
    s = b.stats("barrio", "daily", "B")
    assert s.games == 1 and s.last_scores == [first.scores[0]]
    assert len(b.past_games()) == 2
    assert {k.level: k.games for k in b.automa_records("barrio", ("A", "B", "C"))}["B"] == 1  # the counted daily game is one against Klaus too


def test_a_daily_deal_finished_in_two_tabs_at_once_counts_the_first_only():
    """Each tab's mirror thinks its game is the deal's first; the page's transaction keeps the first ``add`` of the
    daily key, and the other tab hears which (the answer's ``settled``): its row becomes practice, stored so."""
    deal = daily.deal("barrio-B", "2025-04-01")
    first = GameRecord.from_match(play_match("barrio", 1, deal.seed, deal.seats(), **deal.options), daily=deal.key,
                                  finished="2025-04-01T10:00:00Z")
    second = GameRecord.from_match(play_match("barrio", 1, deal.seed, deal.seats(), random_seats=(0,), **deal.options),
                                   daily=deal.key, finished="2025-04-01T10:00:01Z")
    sent: list = []
    backend = PageBackend({}, None, sent.append)
    b = RecordBook(Store(backend))
    assert b.add_finished(second)["counted"] is True  # as far as this tab knows
    seq, changes = sent[-1][1], sent[-1][2]
    assert ["add", "daily", deal.key, second.id] in changes  # put only where the key is free
    backend.stored({"seq": seq, "ok": True, "settled": [["put", "daily", deal.key, first.id]]})  # another tab was first
    assert b.daily == {deal.key: first.id} and b.daily_counts(deal.key) is False
    assert [r["counted"] for r in b.results if r["id"] == second.id] == [False]
    assert b.stats("barrio", "daily", "B").games == 0  # the first tab's row arrives by its broadcast
    assert ["put", "results", second.id, {**b.results[0], "counted": False}] in sent[-1][2]  # stored as practice
    backend.changed([["put", "results", first.id, R.result_row(first)]])
    assert b.stats("barrio", "daily", "B").games == 1 and b.daily_result(deal.key)["id"] == first.id


# ---------------------------------------------------------------------- export and import
def test_export_and_import_into_a_fresh_book():
    b = book()
    for seed in (1, 2, 3, 4):
        b.add_finished(solo_record(seed, level="AB"[seed % 2], day=seed))
    fresh = book()
    report = fresh.import_json(b.export_json())
    assert (report.games_added, report.results_added, report.skipped) == (4, 4, 0)
    assert fresh.to_json() == b.to_json()
    assert fresh.all_stats() == b.all_stats()


def test_importing_twice_changes_nothing():
    b = book()
    for seed in (1, 2):
        b.add_finished(solo_record(seed, day=seed))
    other = book()
    other.add_finished(solo_record(2, day=2))  # one game in common
    other.add_finished(solo_record(7, day=7))
    report = other.import_json(b.export_json())
    assert (report.games_added, report.results_added) == (1, 1)
    once = other.to_json()
    report = other.import_json(b.export_json())
    assert (report.games_added, report.results_added, report.daily_added) == (0, 0, 0)
    assert other.to_json() == once
    assert other.stats("barrio", "solo", "A").games == 3


def test_import_keeps_one_counted_daily_result_per_deal():
    deal = daily.deal("barrio-A", "2025-04-02")
    here, there = book(), book()
    mine = GameRecord.from_match(play_match("barrio", 1, deal.seed, deal.seats(), **deal.options), daily=deal.key,
                                 finished="2025-04-02T09:00:00Z")
    theirs = GameRecord.from_match(play_match("barrio", 1, deal.seed, deal.seats(), random_seats=(0,), **deal.options),
                                   daily=deal.key, finished="2025-04-02T08:00:00Z")
    here.add_finished(mine)
    there.add_finished(theirs)
    here.import_json(there.export_json())
    assert here.daily_result(deal.key)["id"] == mine.id
    assert here.stats("barrio", "daily", "A").games == 1


def test_a_single_game_file_imports_as_a_replayable_game():
    record = solo_record(3, day=3)
    b = book()
    report = b.import_json(json.dumps(record.to_json()))
    assert report.games_added == 1 and b.open(record.id).record == record
    assert b.all_stats() == []  # someone's game, not this player's statistics
    assert b.import_json(json.dumps(record.to_json())).skipped == 1


@pytest.mark.parametrize("text,key", [
    ("not json {", "records.import_not_json"),
    ('{"format": "something"}', "records.import_not_ours"),
    ('{"format": "house-games-records", "version": 99}', "records.import_too_new"),
    ('{"format": "house-games-records", "version": 0}', "records.import_too_old"),
    # a damaged entry is refused naming its field (book_rows: "import.*")
    ('{"format": "house-games-records", "version": 1, "games": [], "results": [{"id": 1}], "daily": {}}', "import.missing"),
    ('{"format": "house-games-records", "version": 1, "games": [{"id": "x", "code": "AAAA"}], "results": [], "daily": {}}',
     "import.choice"),
    ('{"format": "house-games-records", "version": 1, "games": [], "results": [], "daily": {"2025-01-01/barrio-A": 7}}',
     "import.type"),
    ('{"format": "house-games-records", "version": 1, "games": {}, "results": [], "daily": {}}', "import.list"),
])
def test_a_bad_import_is_refused_and_changes_nothing(text, key):
    backend = MemoryBackend()
    b = book(backend)
    b.add_finished(solo_record(1))
    before = dict(backend.items)
    with pytest.raises(RecordError) as err:
        b.import_json(text)
    assert err.value.key == key and err.value.text("es") != key
    assert backend.items == before


def test_a_tampered_link_leaves_saved_games_untouched():
    backend = MemoryBackend()
    b = book(backend)
    record = solo_record(1)
    b.add_finished(record)
    before = dict(backend.items)
    code = share.encode(record)
    with pytest.raises(RecordError):
        share.decode(code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:])
    assert backend.items == before and book(backend).to_json() == b.to_json()


# ---------------------------------------------------------------------- bad stores
def test_an_unreadable_store_is_set_aside_and_play_goes_on():
    backend = MemoryBackend({R.RECORDS_KEY: "{not json"})
    b = book(backend)
    assert b.notice.key == "records.store_set_aside" and b.notice.params["kept_as"] == R.BAD_RECORDS_PREFIX + "1"
    assert backend.items[R.BAD_RECORDS_PREFIX + "1"] == "{not json"
    assert b.past_games() == [] and b.all_stats() == []
    b.add_finished(solo_record(1))
    assert book(backend).stats("barrio", "solo", "A").games == 1
    backend.items[R.RECORDS_KEY] = "[1, 2]"
    again = book(backend)
    assert again.notice.params["kept_as"] == R.BAD_RECORDS_PREFIX + "2"
    assert "2" in again.notice.text("es")


def test_damaged_entries_are_set_aside_and_the_rest_kept():
    """A book of the versions before the database (one JSON text) with two damaged entries: the rest becomes rows."""
    b = book()
    b.add_finished(solo_record(1))
    b.add_finished(solo_record(2, day=2))
    data = b.to_json()
    data["results"][0]["score"] = "lots"
    data["games"][1]["code"] = data["games"][1]["code"][:-5]
    backend = MemoryBackend({R.RECORDS_KEY: json.dumps(data)})
    again = book(backend)
    assert again.notice.key == "records.entries_set_aside" and again.notice.params["count"] == 2
    assert len(again.results) == 1 and len(again.games) == 1
    assert json.loads(backend.items[R.BAD_RECORDS_PREFIX + "1"]) == [{"games": data["games"][1]}, {"results": data["results"][0]}]
    assert R.RECORDS_KEY not in backend.items  # split into rows, in the same batch as its removal
    assert book(backend).notice is None and len(book(backend).results) == 1


def test_a_damaged_row_is_set_aside_and_the_rest_kept():
    backend = MemoryBackend()
    b = book(backend)
    b.add_finished(solo_record(1))
    b.add_finished(solo_record(2, day=2))
    damaged = dict(b.results[0], score="lots")
    backend.tables["results"][damaged["id"]] = damaged
    again = book(backend)
    assert again.notice.key == "records.entries_set_aside" and len(again.results) == 1
    assert json.loads(backend.items[again.notice.params["kept_as"]]) == [{"results": damaged}]


def test_two_books_on_one_store_keep_both_games():
    """Two tabs: each adds its game as rows; neither erases the other's, and each hears of the other's."""
    backend = MemoryBackend()
    first, second = book(backend), book(backend)
    first.add_finished(solo_record(1))
    second.add_finished(solo_record(2, day=2))
    assert len(book(backend).results) == 2 and len(book(backend).games) == 2

def test_a_store_from_another_version_is_set_aside():
    backend = MemoryBackend({R.RECORDS_KEY: json.dumps({"format": R.RECORDS_FORMAT, "version": 7})})
    b = book(backend)
    assert b.notice.key == "records.store_other_version" and b.notice.params["version"] == 7


def test_full_storage_keeps_the_book_in_memory_says_so_and_stores_it_when_space_returns():
    """The page answers "full": the book goes on in memory, the app is told what was not saved, the write is retried
    with everything written since, and once space returns all of it is stored."""
    sent, statuses, timers = [], [], []
    backend = PageBackend({}, {}, sent.append, lambda seconds, fn: timers.append(fn))
    backend.on_status = lambda failing, what: statuses.append((failing, list(what)))
    b = book(backend)
    row = b.add_finished(solo_record(1))
    assert sent[-1][0] == "db"
    backend.stored({"seq": sent[-1][1], "ok": False, "reason": "full", "error": "QuotaExceededError"})
    assert statuses == [("full", ["result"])] and timers
    assert b.stats("barrio", "solo", "A").games == 1 and row["counted"]
    b.add_finished(solo_record(2, day=2))  # written while the first waits: merged, one batch
    timers.pop()()
    batch = sent[-1]
    assert {c[2] for c in batch[2] if c[1] == "results"} == {r["id"] for r in b.results}
    backend.stored({"seq": batch[1], "ok": True})
    assert statuses[-1] == (None, []) and backend.unsaved() == []


def test_a_stale_tab_never_overwrites_a_newer_save():
    """The page refuses a slot write (another tab took the game): the tab is told, and its other writes still go."""
    sent, lost = [], []
    backend = PageBackend({}, {}, sent.append)
    backend.on_lost = lost.append
    store = Store(backend)
    store.new_slot()
    match = play_match("barrio", 1, 3, one_human(1), level="A")
    store.save_match(match)
    db = [op for op in sent if op[0] == "db"][-1]
    assert db[3] == [{"slot": store.slot, "rev": 1}]
    backend.stored({"seq": db[1], "ok": False, "reason": "lost"})
    assert lost == [store.slot]
