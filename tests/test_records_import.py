"""Imports only add: rows dated after tomorrow are refused, the player's own rows are never dropped, a file past the
book's limit is not imported until the player agrees, and the message says exactly what happened."""

from datetime import datetime, timedelta, timezone

import pytest

from game.core.record import RecordError
from game.core.locale import text
from game.ui import record_book as R
from game.ui.record_book import RecordBook
from game.ui.stats import imported_text
from game.ui.storage import MemoryBackend, Store

from .record_rows import export_of, solo_record


def rows(n, finished, start=0):
    """``n`` valid result rows finished at ``finished`` (an ISO stamp), ids from ``start``."""
    return [{"id": f"{start + i:016x}", "game": "barrio", "mode": "solo", "level": "A", "finished": finished,
             "players": 1, "me": 0, "scores": [10, 20], "winners": [1], "result": "loss", "score": 10, "daily": "",
             "counted": True} for i in range(n)]


def own_book(games=3):
    backend = MemoryBackend()
    book = RecordBook(Store(backend))
    for seed in range(1, games + 1):
        book.add_finished(solo_record(seed, day=seed))
    return backend, book


def test_six_thousand_rows_dated_2099_are_refused_and_nothing_of_the_players_changes():
    backend, book = own_book()
    before = [dict(r) for r in book.results]
    report = book.import_json(export_of(rows(6000, "2099-01-01T00:00:00Z", start=1 << 40)))
    assert (report.results_added, report.future, report.kept) == (0, 6000, 3)
    assert book.results == before and RecordBook(Store(backend)).results == before
    assert imported_text(report, "en") == "Nothing new was added. 6000 results dated in the future were not added."


def test_rows_dated_tomorrow_are_taken_the_day_after_is_refused():
    _, book = own_book(0)
    now = datetime.now(timezone.utc)
    def stamp(days: int) -> str:
        return (now + timedelta(days=days)).strftime("%Y-%m-%dT23:59:59Z")
    report = book.import_json(export_of(rows(1, stamp(1)) + rows(1, stamp(2), start=1)))
    assert (report.results_added, report.future) == (1, 1)


def test_an_import_past_the_limit_asks_first_and_drops_none_of_the_players_rows(monkeypatch):
    monkeypatch.setattr(R, "MAX_RESULTS", 50)
    backend, book = own_book()
    own = {r["id"] for r in book.results}
    text = export_of(rows(60, "2025-03-01T00:00:00Z", start=1 << 40))
    asked = book.import_json(text)
    assert asked.needs_consent and (asked.fits, asked.left_out) == (47, 13)
    assert {r["id"] for r in RecordBook(Store(backend)).results} == own  # nothing changed before the player agrees
    report = book.import_json(text, fit=True)
    assert (report.results_added, report.left_out, report.kept) == (47, 13, 50)
    stored = {r["id"] for r in RecordBook(Store(backend)).results}
    assert own <= stored and len(stored) == 50


def test_an_import_into_a_full_book_asks_nothing_and_says_every_new_result_left_out(monkeypatch):
    """At the limit no new result fits: the player is not asked "Add those 0?"; the import says what was left out."""
    monkeypatch.setattr(R, "MAX_RESULTS", 3)
    backend, book = own_book()
    before = [dict(r) for r in book.results]
    report = book.import_json(export_of(rows(5, "2025-03-01T00:00:00Z", start=1 << 40)))
    assert not report.needs_consent
    assert (report.results_added, report.left_out, report.kept) == (0, 5, 3)
    assert RecordBook(Store(backend)).results == before
    said = imported_text(report, "en")  # what happened, in words: nothing added, the five left out; no "Add those 0?"
    assert "Nothing new was added" in said and "5 results did not fit and were left out" in said, said


def test_an_imported_book_never_pushes_the_players_replays_out():
    backend, book = own_book(2)
    other_backend, other = own_book(0)
    for seed in range(10, 10 + R.KEEP_GAMES):
        other.add_finished(solo_record(seed, day=seed % 28))
    report = book.import_json(other.export_json())
    mine = {g["id"] for g in own_book(2)[1].games}
    assert mine <= {g["id"] for g in RecordBook(Store(backend)).games}
    assert report.games_added == R.KEEP_GAMES - 2 and report.left_out == 2


@pytest.mark.parametrize("version", ['"1"', "1.0", "true", "null"])
def test_a_version_that_is_not_a_number_is_called_damaged_not_newer(version):
    _, book = own_book(0)
    text = export_of([]).replace('"version": 1', f'"version": {version}')
    with pytest.raises(RecordError) as caught:
        book.import_json(text)
    assert caught.value.key == "records.import_bad_version"
    assert "newer" not in caught.value.text("en") and "not a number" in caught.value.text("en")


def test_the_statistics_screen_shows_progress_asks_before_leaving_results_out_and_says_what_happened(monkeypatch):
    from .ui_harness import Harness

    monkeypatch.setattr(R, "MAX_RESULTS", 2500)
    h = Harness(monkeypatch)
    h.request(type="stats")
    node, progress = h.find("stats-file"), h.find("stats-import-progress")
    values = []
    h.page.flush = (lambda flush: lambda: (values.append(progress.value), flush())[1])(h.page.flush)
    h.fire(node, "change", files=[["future.json", export_of(rows(6000, "2099-01-01T00:00:00Z"))]])
    h.host.run_timers()
    assert progress.hidden and len(set(values)) > 3  # the bar moved between slices
    assert "6000 results dated in the future were not added" in h.find("stats-notice").textContent
    assert h.app.book.results == []
    h.fire(node, "change", files=[["many.json", export_of(rows(3000, "2025-03-01T00:00:00Z"))]])
    h.host.run_timers()
    assert not h.find("stats-consent").hidden and "2500 of them" in h.find("stats-consent-text").textContent
    assert h.app.book.results == []  # nothing before the player agrees
    h.click(h.find("stats-import-fit"))
    h.host.run_timers()
    assert len(h.app.book.results) == 2500 and h.find("stats-consent").hidden
    assert "Added 2500 results" in h.find("stats-notice").textContent
    assert "500 results did not fit and were left out" in h.find("stats-notice").textContent


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_a_file_naming_one_game_twice_says_which_entry_was_read(lang):
    _, book = own_book(0)
    first, *others = rows(3, "2025-03-01T00:00:00Z")
    second = {**first, "score": 99, "result": "win", "winners": [0]}  # the same game id, told differently
    report = book.import_json(export_of([first, second, *others, dict(first)]))
    assert (report.results_added, report.repeated, report.skipped) == (3, 2, 0)
    assert next(r for r in book.results if r["id"] == first["id"])["score"] == 10  # the first entry was read
    said = imported_text(report, lang)
    assert said.endswith(" " + text("stats.imported.repeated", lang, count=2))
    assert said.startswith(text("stats.imported.added_results", lang, results=text("count.results", lang, count=3)))
    again = book.import_json(export_of([first, first]))  # both already here: the repeat is still said, as one
    assert (again.skipped, again.repeated) == (1, 1)
    assert imported_text(again, lang).endswith(" " + text("stats.imported.repeated", lang, count=1))
    assert text("stats.imported.repeated", lang, count=1) != text("stats.imported.repeated", lang, count=2).replace("2", "1")  # singular
    plain = imported_text(book.import_json(export_of([first])), lang)
    assert plain == " ".join((text("stats.imported.nothing", lang),  # nothing repeated: nothing more said
                              text("stats.imported.skipped", lang, count=1)))
    assert "0" not in plain  # only what happened is said: no "0 left out"


def daily_rows():
    """Three results of Barrio's daily deal (level A) on three days, and the book's own counted one on a fourth."""
    days = ["2025-03-01", "2025-03-02", "2025-03-03"]
    found = rows(3, "2025-03-04T00:00:00Z", start=1 << 41)
    for row, day in zip(found, days):
        row["daily"] = f"{day}/barrio-A"
    return found, days


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_an_imports_daily_entries_are_named_added_kept_or_refused_in_words(lang):
    backend, book = own_book(0)
    mine = rows(1, "2025-03-02T00:00:00Z", start=7)[0]
    mine["daily"] = "2025-03-02/barrio-A"
    book.import_json(export_of([mine], daily_map={"2025-03-02/barrio-A": mine["id"]}))  # this book counts that day
    found, days = daily_rows()
    daily_map = {f"{day}/barrio-A": row["id"] for row, day in zip(found, days)}
    daily_map["2025-03-05/barrio-A"] = "00000000deadbeef"  # a game that is neither here nor in the file
    report = book.import_json(export_of(found, daily_map=daily_map))
    assert report.daily_keys == ["2025-03-01/barrio-A", "2025-03-03/barrio-A"]
    assert report.daily_kept == ["2025-03-02/barrio-A"] and report.daily_missing == ["2025-03-05/barrio-A"]
    assert "2025-03-05/barrio-A" not in book.daily and book.daily_counts("2025-03-05/barrio-A")  # that deal still counts
    assert RecordBook(Store(backend)).daily["2025-03-02/barrio-A"] == mine["id"]
    said = imported_text(report, lang)
    challenge = text("challenge.barrio-A", lang)
    from game.ui.record_words import day_words
    for key in ("daily", "daily_kept", "daily_missing"):
        assert text(f"stats.imported.{key}", lang, deals="@").split("@")[0] in said
    assert said.count(challenge) == 4 and day_words("2025-03-05", lang) in said and day_words("2025-03-01", lang) in said
    assert "barrio-A" not in said and "2025-03" not in said  # no key of the file shown


def test_many_daily_deals_are_named_up_to_five_then_counted():
    _, book = own_book(0)
    found = rows(8, "2025-04-01T00:00:00Z", start=1 << 42)
    daily_map = {}
    for i, row in enumerate(found):
        row["daily"] = f"2025-03-{i + 10:02d}/barrio-A"
        daily_map[row["daily"]] = row["id"]
    said = imported_text(book.import_json(export_of(found, daily_map=daily_map)), "en")
    assert said.count("Barrio solo against Klaus") == 5 and said.endswith("; and 3 more.")
    assert "Mar 17, 2025" in said and "Mar 12, 2025" not in said  # the newest named first


def test_an_import_while_the_storage_is_full_says_it_was_not_kept_then_that_it_is(monkeypatch):
    from .ui_harness import Harness

    h = Harness(monkeypatch)
    h.request(type="stats")
    h.fire(h.find("stats-file"), "change", files=[["some.json", export_of(rows(3, "2025-03-01T00:00:00Z"))]])
    h.host.run_timers()
    notice = h.find("stats-notice")
    assert "Added 3 results" in notice.textContent and "Not saved" not in notice.textContent
    h.app.storage_status("full", ["import"])  # the page's answer to the import's write
    said = notice.textContent
    assert said.startswith("Added 3 results") and "Not saved yet: this device's storage is full" in said
    assert "only until you close this page" in said and "house-games" not in said
    h.app.storage_status("full", ["autosave"])  # another write's failure says nothing about the import
    assert notice.textContent == said
    h.app.storage_status(None, [])
    assert notice.textContent.endswith("Everything imported is saved now.") and "Not saved" not in notice.textContent
