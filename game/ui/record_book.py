"""The player's own record: past games, statistics, daily attempts, export and import.

Pure Python over the :class:`~game.ui.storage.Store`'s backend, one row per
entry (IndexedDB tables in the page, see game/ui/README.md "The store";
:class:`~game.ui.storage.MemoryBackend` in tests):

- ``results``: one row per finished game ``{"id", "game", "mode", "level", ...}``
- ``games``: replayable games ``{"id", "code", "pinned", "added"}``
- ``daily``: ``"YYYY-MM-DD/challenge"`` → id of the counted game

A finished game *adds* its rows; nothing rewrites the whole book, so two tabs
never erase each other's results. The export file is the whole book as
versioned JSON::

    {"format": "house-games-records", "version": 1, "games": [...], "results": [...], "daily": {...}}

``games`` holds each game as its share-link code (:mod:`game.core.share`),
a few hundred characters: the last :data:`KEEP_GAMES` unpinned games, oldest
first out, plus up to :data:`MAX_PINNED` pinned ones. ``results`` outlives
them: statistics are computed from it, so they cover every game ever
finished here. Both are keyed by the record's content id, which makes
importing the same file twice change nothing. An import only adds: it never
drops a row already here, refuses rows dated after tomorrow, and adds no more
than :data:`MAX_RESULTS` rows in all without asking first.

The book of versions before the database (one JSON text under
:data:`RECORDS_KEY`, moved from ``localStorage`` by the page) is split into
rows on first start, in one transaction with its removal. Entries that cannot
be read never block play: they are kept under a ``house-games.records.bad.N``
key, :attr:`RecordBook.notice` says why, and the book goes on without them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any, Iterator

from ..core.errors import GameError, SaveFormatError
from ..core.jsonfmt import is_int, read_field, read_list, read_object
from ..core.record import GameRecord, RecordError, Replay, utc_now_iso
from ..core import share
from .book_rows import BookImportError, read_daily_entry, read_kept_game, read_result_row
from .storage import PREFIX, Change, Store, StoredEntryError

RECORDS_KEY = PREFIX + "records"
BAD_RECORDS_PREFIX = PREFIX + "records.bad."
RECORDS_FORMAT = "house-games-records"
RECORDS_VERSION = 1

KEEP_GAMES = 50  #: unpinned games kept for replay; the oldest goes first
MAX_PINNED = 50  #: pinned games kept besides them
MAX_RESULTS = 5000  #: result rows an import may fill the book to without asking (the player's own games are never dropped)
LAST_SCORES = 30  #: scores drawn in the statistics chart
IMPORT_SLICE = 2000  #: entries of an imported file checked between two updates of its progress bar


@dataclass
class Notice:
    """A message for the player: a catalogue key and its fields (``text(lang)``)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    why: SaveFormatError | None = None  #: the first damaged entry's reason (its field), said after the message

    def text(self, lang: str) -> str:
        from ..core.locale import text

        said = text(self.key, lang, **self.params)
        return f"{said} {self.why.text(lang)}" if self.why is not None else said


@dataclass
class Stats:
    """Statistics of one game, mode and level."""

    game: str
    mode: str
    level: str
    games: int = 0
    wins: int = 0
    ties: int = 0
    losses: int = 0
    best: int | None = None
    average: float | None = None  #: mean score, one decimal
    current_streak: int = 0  #: wins in a row up to the latest game
    best_streak: int = 0
    last_scores: list[int] = field(default_factory=list)  #: up to 30, oldest first (the chart)
    with_takebacks: int = 0  #: games in which someone took a move back

    @property
    def win_rate(self) -> float | None:
        """Wins over games decided for one player (``None`` before any)."""
        decided = self.wins + self.ties + self.losses
        return None if decided == 0 else self.wins / decided


@dataclass
class AutomaRecord:
    """A game's automa's record at one level (Barrio's Klaus), from every solo and counted daily game."""

    level: str
    games: int = 0
    automa_wins: int = 0
    player_wins: int = 0
    ties: int = 0
    best: int | None = None  #: the automa's best score
    average: float | None = None


@dataclass
class ImportReport:
    """What an import added, skipped and kept (nothing already in the book is ever dropped)."""

    games_added: int = 0
    results_added: int = 0
    daily_added: int = 0
    #: the daily deals (``"YYYY-MM-DD/challenge"``) the import added, those this book already counts with another game
    #: (kept as they were), and those naming a game neither here nor in the file (refused: they would stop that
    #: day's deal from counting a game)
    daily_keys: list[str] = field(default_factory=list)
    daily_kept: list[str] = field(default_factory=list)
    daily_missing: list[str] = field(default_factory=list)
    skipped: int = 0  #: entries already present
    repeated: int = 0  #: entries naming a game an earlier entry of the same file named (the first was read)
    future: int = 0  #: entries dated after tomorrow, refused
    left_out: int = 0  #: new results beyond :data:`MAX_RESULTS`, not added (only when the player agreed)
    kept: int = 0  #: results in the book afterwards
    #: an import that would leave results out: nothing was changed; ask, then import with ``fit=True``
    needs_consent: bool = False
    fits: int = 0  #: with ``needs_consent``: how many of the new results would be added (the newest)


def result_row(record: GameRecord, counted: bool = True) -> dict[str, Any]:
    """The statistics row of a finished game."""
    me = record.me
    score: int | None
    if me is not None:
        score = record.scores[me]
    else:
        humans = [record.scores[i] for i in record.humans if i < len(record.scores)]
        score = max(humans) if humans else None
    return {
        "id": record.id, "game": record.game_id, "mode": record.mode, "level": record.level,
        "finished": record.finished, "players": record.num_players, "me": me,
        "scores": list(record.scores), "winners": list(record.winners), "result": record.result,
        "score": score, "daily": record.daily, "counted": bool(counted and record.mode != "demo"),
        "hints": [record.hints_used(i) for i in range(len(record.seats))],
        "takebacks": [record.takebacks_used(i) for i in range(len(record.seats))],
    }


def _order(row: dict[str, Any]) -> tuple[str, str]:
    return (row["finished"], row["id"])


def _tomorrow_end() -> str:
    """The last stamp of tomorrow (UTC): rows finished after it are refused (a wrong clock, or an edited file)."""
    end = (datetime.now(timezone.utc) + timedelta(days=2)).replace(hour=0, minute=0, second=0, microsecond=0)
    return (end - timedelta(seconds=1)).strftime("%Y-%m-%dT%H:%M:%SZ")


class RecordBook:
    """Past games, statistics and daily attempts, kept as rows in a :class:`Store`'s backend.

    Every method that changes something commits its rows at once, as one
    batch. A write that fails (storage full) is retried by the backend, and the
    app tells the player (:meth:`game.ui.app.App.storage_status`); the book
    keeps working in memory meanwhile. Rows another tab adds appear here too
    (:meth:`reload`).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.notice: Notice | None = None  #: a message to show once (entries set aside)
        self.games: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.daily: dict[str, str] = {}
        self._load()
        store.backend.on_change = lambda changes: self.reload() if any(c[1] != "kv" for c in changes) else None

    # ------------------------------------------------------------------ storage
    def _commit(self, changes: list[Change], what: str = "records") -> None:
        if changes:
            self.store.backend.commit(changes, what)

    def reload(self) -> None:
        """Read the rows again from the backend's mirror (another tab changed them)."""
        backend = self.store.backend
        self.results = sorted(backend.rows("results").values(), key=_order)
        self.games = sorted(backend.rows("games").values(), key=lambda g: g.get("added", ""))
        self.daily = dict(backend.rows("daily"))
        self._count_each_deal_once()

    def _count_each_deal_once(self) -> None:
        """A daily deal counts one game, the one its ``daily`` entry names: a row of the same deal that also says
        "counted" (two tabs finished it at once, and this one lost) becomes practice, here and in the database."""
        changes: list[Change] = []
        for i, row in enumerate(self.results):
            winner = self.daily.get(row.get("daily") or "")
            if winner is not None and row["counted"] and winner != row["id"]:
                self.results[i] = {**row, "counted": False}
                changes.append(("put", "results", row["id"], self.results[i]))
        self._commit(changes)

    def _load(self) -> None:
        backend = self.store.backend
        changes: list[Change] = []
        damaged = _Damaged()
        for table, read in (("results", read_result_row), ("games", read_kept_game)):
            for key, row in list(backend.rows(table).items()):
                try:
                    if read(row, StoredEntryError)["id"] != key:  # a row filed under another game's id
                        raise StoredEntryError(key="storage.choice", field=f"{table}.id")
                except StoredEntryError as exc:
                    damaged.add({table: row}, exc)
                    changes.append(("del", table, key, None))
        for key, value in list(backend.rows("daily").items()):
            try:
                read_daily_entry(key, value, StoredEntryError)
            except StoredEntryError as exc:
                damaged.add({"daily": [key, value]}, exc)
                changes.append(("del", "daily", key, None))
        for key in sorted(k for k in backend.items if k == RECORDS_KEY or k.startswith(RECORDS_KEY + ".moved.")):
            changes += self._split_old_book(key, backend.items[key], damaged)
        if damaged.entries:
            kept = self._bad_key()
            changes.append(("put", "kv", kept, json.dumps(damaged.entries, separators=(",", ":"))))
            self.notice = self.notice or Notice("records.entries_set_aside", {"count": len(damaged.entries), "kept_as": kept},
                                                damaged.why)
        if changes:
            backend.commit(changes, "records")
        self.reload()

    def _split_old_book(self, key: str, raw: Any, damaged: "_Damaged") -> list[Change]:
        """The changes that move a book of the versions before the database (one JSON text) into the rows: its
        entries not already there, and its removal. Unreadable as a whole, it is set aside instead."""
        rows = self.store.backend.rows
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
                raise ValueError("not ours")
            version = data.get("version")
            if version != RECORDS_VERSION:
                kept = self._bad_key()
                self.notice = Notice("records.store_other_version", {"version": version, "kept_as": kept})
                return [("put", "kv", kept, raw), ("del", "kv", key, None)]
            games, results, daily = _book_parts(data, StoredEntryError)
        except (ValueError, TypeError, RecursionError, StoredEntryError) as exc:
            kept = self._bad_key()
            why = exc if isinstance(exc, StoredEntryError) else None
            self.notice = Notice("records.store_set_aside", {"kept_as": kept}, why)
            return [("put", "kv", kept, raw), ("del", "kv", key, None)]
        changes: list[Change] = []
        for table, entries, read in (("games", games, read_kept_game), ("results", results, read_result_row)):
            for entry in entries:
                try:
                    row = read(entry, StoredEntryError)
                except StoredEntryError as exc:
                    damaged.add({table: entry}, exc)
                    continue
                if row["id"] not in rows(table):
                    changes.append(("put", table, row["id"], row))
        for day, rid in daily.items():
            try:
                read_daily_entry(day, rid, StoredEntryError)
            except StoredEntryError as exc:
                damaged.add({"daily": [day, rid]}, exc)
                continue
            if day not in rows("daily"):
                changes.append(("put", "daily", day, rid))
        changes.append(("del", "kv", key, None))
        return changes

    def _bad_key(self) -> str:
        n = 1
        taken = set(self.store.backend.items) | {c for c in getattr(self, "_bad_taken", set())}
        while f"{BAD_RECORDS_PREFIX}{n}" in taken:
            n += 1
        key = f"{BAD_RECORDS_PREFIX}{n}"
        self._bad_taken = getattr(self, "_bad_taken", set()) | {key}
        return key

    def to_json(self) -> dict[str, Any]:
        """Everything, as exported."""
        return {"format": RECORDS_FORMAT, "version": RECORDS_VERSION,
                "games": self.games, "results": self.results, "daily": dict(sorted(self.daily.items()))}

    # ------------------------------------------------------------------ adding games
    def add_finished(self, record: GameRecord) -> dict[str, Any]:
        """Keep a game this device's player just finished; return its result row.

        A daily game counts when it is the first finished game of its deal;
        later ones are practice (kept and replayable, not in the statistics).
        Adding the same game twice changes nothing.
        """
        rid = record.id
        existing = next((r for r in self.results if r["id"] == rid), None)
        if existing is not None:
            return existing
        changes: list[Change] = []
        counted = True
        if record.daily:
            counted = record.daily not in self.daily
            if counted:
                self.daily[record.daily] = rid
                # "add": of two tabs finishing the deal at once, the database keeps the first; the other hears
                # it (the page's answer) and its row stops counting (reload)
                changes.append(("add", "daily", record.daily, rid))
        row = result_row(record, counted)
        self.results.append(row)
        self.results.sort(key=_order)
        changes.append(("put", "results", rid, row))
        changes += self._keep_game(rid, share.encode(record))
        self._commit(changes, "result")
        return row

    def _keep_game(self, rid: str, code: str, pinned: bool = False, added: str | None = None, trim: bool = True) -> list[Change]:
        """Keep a game for replay; return the changes to store (none if it was there)."""
        if any(g["id"] == rid for g in self.games):
            return []
        entry = {"id": rid, "code": code, "pinned": pinned, "added": added or utc_now_iso()}
        self.games.append(entry)
        return [("put", "games", rid, entry)] + (self._trim() if trim else [])

    def _trim(self) -> list[Change]:
        """Drop the oldest unpinned games beyond :data:`KEEP_GAMES` (their results stay); return the changes."""
        unpinned = [g for g in self.games if not g["pinned"]]
        drop = {g["id"] for g in unpinned[:max(0, len(unpinned) - KEEP_GAMES)]}
        self.games = [g for g in self.games if g["id"] not in drop]
        return [("del", "games", rid, None) for rid in sorted(drop)]

    # ------------------------------------------------------------------ past games
    def past_games(self) -> list[dict[str, Any]]:
        """The kept games, newest first: each result row plus ``pinned`` and the link ``code``."""
        rows = {r["id"]: r for r in self.results}
        out = []
        for g in reversed(self.games):
            row = dict(rows.get(g["id"]) or self._row_from_code(g))
            row.update(pinned=g["pinned"], code=g["code"])
            out.append(row)
        return out

    def _row_from_code(self, game: dict[str, Any]) -> dict[str, Any]:
        """A summary read from a kept code when its result row has gone (cheap: no replay)."""
        p = share.peek(game["code"])
        return {"id": game["id"], "game": p.game_id, "finished": p.finished, "players": p.num_players,
                "scores": p.scores, "daily": p.daily}

    def code(self, rid: str) -> str:
        """The link code of a kept game; raise :class:`RecordError` (``records.not_kept``)."""
        for g in self.games:
            if g["id"] == rid:
                return g["code"]
        raise RecordError("records.not_kept")

    def kept(self, rid: str) -> bool:
        """Whether the game ``rid`` is among the past games."""
        return any(g["id"] == rid for g in self.games)

    def own(self, rid: str) -> bool:
        """Whether ``rid`` is a game played here (its result is in the book; results outlive the kept games). A game
        kept only because its record file was imported is a friend's: kept, but not this player's."""
        return any(r["id"] == rid for r in self.results)

    def is_pinned(self, rid: str) -> bool:
        """Whether the kept game ``rid`` is pinned."""
        return any(g["id"] == rid and g["pinned"] for g in self.games)

    def open(self, rid: str) -> Replay:
        """The replay of a kept game (its moves replayed and checked)."""
        return share.open_link(self.code(rid))

    def pin(self, rid: str, pinned: bool = True) -> None:
        """Pin a kept game so it is never dropped (or unpin it); raise :class:`RecordError` past the limit."""
        game = next((g for g in self.games if g["id"] == rid), None)
        if game is None:
            raise RecordError("records.not_kept")
        if pinned and not game["pinned"] and sum(g["pinned"] for g in self.games) >= MAX_PINNED:
            raise RecordError("records.pin_limit", limit=MAX_PINNED)
        game["pinned"] = pinned
        self._commit([("put", "games", rid, dict(game))] + self._trim(), "pin")

    def forget(self, rid: str) -> None:
        """Drop a kept game from the past games (its result stays in the statistics)."""
        self.games = [g for g in self.games if g["id"] != rid]
        self._commit([("del", "games", rid, None)], "records")

    # ------------------------------------------------------------------ statistics
    def counted(self) -> list[dict[str, Any]]:
        """The result rows that count in statistics, oldest first."""
        return [r for r in self.results if r["counted"]]

    def stats(self, game: str, mode: str, level: str) -> Stats:
        """Statistics of one game, mode and level."""
        rows = [r for r in self.counted() if (r["game"], r["mode"], r["level"]) == (game, mode, level)]
        return _stats(game, mode, level, rows)

    def all_stats(self) -> list[Stats]:
        """Statistics of every game, mode and level played, sorted by those."""
        groups: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
        for r in self.counted():
            groups.setdefault((r["game"], r["mode"], r["level"]), []).append(r)
        return [_stats(*key, rows) for key, rows in sorted(groups.items())]

    def automa_records(self, game: str, levels: tuple[str, ...]) -> list[AutomaRecord]:
        """The automa's record per level (Barrio's Klaus: A, B, C), from solo and counted daily games of ``game``."""
        out = []
        for level in levels:
            rows = [r for r in self.counted()
                    if r["game"] == game and r["players"] == 1 and r["level"] == level and len(r["scores"]) > 1]
            rec = AutomaRecord(level, games=len(rows))
            for r in rows:
                if r["result"] == "win":
                    rec.player_wins += 1
                elif r["result"] == "tie":
                    rec.ties += 1
                else:
                    rec.automa_wins += 1
            klaus_scores = [r["scores"][1] for r in rows]
            if klaus_scores:
                rec.best = max(klaus_scores)
                rec.average = round(sum(klaus_scores) / len(klaus_scores), 1)
            out.append(rec)
        return out

    # ------------------------------------------------------------------ daily
    def daily_result(self, key: str) -> dict[str, Any] | None:
        """The counted result of a daily deal (``DailyDeal.key``), ``None`` if not played yet."""
        rid = self.daily.get(key)
        return next((r for r in self.results if r["id"] == rid), None) if rid else None

    def daily_counts(self, key: str) -> bool:
        """True while the deal has no counted result: the next finished game of it will count."""
        return key not in self.daily

    # ------------------------------------------------------------------ export and import
    def export_json(self) -> str:
        """The whole book as a JSON file's text."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"

    def import_json(self, text: str, fit: bool = False) -> ImportReport:
        """Add an exported file (or one game's record file) to the book at once (see :meth:`import_steps`)."""
        report: Any = None
        for step in self.import_steps(text, fit):
            report = step
        assert isinstance(report, ImportReport)
        return report

    def import_steps(self, text: str, fit: bool = False) -> Iterator[float | ImportReport]:
        """Add an exported file (or one game's record file) to the book: only what is not here yet.

        A generator, so that a large file is checked a slice at a time (the screen
        shows a progress bar between slices): it yields the fraction done, then
        the :class:`ImportReport` last.

        An import never drops anything already in the book. Entries dated after
        tomorrow are refused (counted in :attr:`ImportReport.future`). When the new
        results would take the book past :data:`MAX_RESULTS`, nothing is changed
        and the report has ``needs_consent``: call again with ``fit=True`` to add
        the newest that fit (the player agreed). Raise :class:`RecordError`
        (``records.import_*``) and change nothing when the file is not readable as a whole.
        """
        yield 0.0
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise RecordError("records.import_not_json") from None
        yield 0.1
        if isinstance(data, dict) and data.get("format") == "house-games-record":
            yield self._import_record(data)
            return
        _check_export_version(data)
        entries, rows, stated = _book_parts(data, BookImportError)
        daily = dict(read_daily_entry(day, rid, BookImportError) for day, rid in stated.items())
        games: list[dict[str, Any]] = []
        results: list[dict[str, Any]] = []
        yield from _read_entries(entries, rows, games, results)
        report = ImportReport()
        latest = _tomorrow_end()
        new = self._new_results(results, report, latest)
        room = max(0, MAX_RESULTS - len(self.results))
        added = sorted(new.values(), key=_order)
        if len(added) > room:
            if not fit and room > 0:  # a book already full has nothing to offer: no "Add those 0?", it is said left out
                report.needs_consent, report.fits, report.left_out = True, room, len(added) - room
                report.kept = len(self.results)
                yield report
                return
            report.left_out = len(added) - room
            added = added[len(added) - room:]
        changes = self._add_results(added, report)
        changes += self._add_games(games, report, latest)
        changes += self._import_daily(daily, latest, report)
        changes += self._recount(new)
        report.kept = len(self.results)
        self._commit(changes, "import")
        yield report

    def _new_results(self, results: list[dict[str, Any]], report: ImportReport, latest: str) -> dict[str, dict[str, Any]]:
        """The imported results not in the book yet (by id), counting the others in ``report``."""
        known = {r["id"] for r in self.results}
        new: dict[str, dict[str, Any]] = {}
        seen: set[str] = set()
        for row in results:
            repeat = row["id"] in seen
            seen.add(row["id"])
            if repeat:
                report.repeated += 1
            elif row["id"] in known:
                report.skipped += 1
            elif row["finished"] > latest:
                report.future += 1
            else:
                new[row["id"]] = row
        return new

    def _add_results(self, added: list[dict[str, Any]], report: ImportReport) -> list[Change]:
        changes: list[Change] = []
        for row in added:
            self.results.append(row)
            changes.append(("put", "results", row["id"], row))
        report.results_added = len(added)
        self.results.sort(key=_order)
        return changes

    def _add_games(self, games: list[dict[str, Any]], report: ImportReport, latest: str) -> list[Change]:
        """Games for replay: never pushing out one already here; the newest imported fill the free places."""
        changes: list[Change] = []
        kept_games = {g["id"] for g in self.games}
        free = max(0, KEEP_GAMES - sum(not g["pinned"] for g in self.games))
        free_pins = max(0, MAX_PINNED - sum(g["pinned"] for g in self.games))
        first_of: dict[str, int] = {}
        for i, g in enumerate(games):
            first_of.setdefault(g["id"], i)
        report.repeated += len(games) - len(first_of)
        for g in sorted((games[i] for i in first_of.values()), key=lambda g: g["added"], reverse=True):
            if g["id"] in kept_games:
                report.skipped += 1
            elif g["added"] > latest:
                report.future += 1
            elif (free_pins if g["pinned"] else free) > 0:
                kept_games.add(g["id"])
                if g["pinned"]:
                    free_pins -= 1
                else:
                    free -= 1
                changes += self._keep_game(g["id"], g["code"], g["pinned"], g["added"], trim=False)
                report.games_added += 1
            else:
                report.left_out += 1
        self.games.sort(key=lambda g: g["added"])  # stable: equal stamps keep their order
        return changes

    def _recount(self, new: dict[str, dict[str, Any]]) -> list[Change]:
        """A daily result counted in one book but practice in the other: the counted one wins."""
        changes: list[Change] = []
        counted_ids = set(self.daily.values())
        for row in self.results:
            counted = row["counted"]
            if row["daily"] and row["id"] in counted_ids:
                row["counted"] = True
            elif row["daily"] and self.daily.get(row["daily"]) != row["id"]:
                row["counted"] = False
            if row["counted"] != counted and row["id"] not in new:
                changes.append(("put", "results", row["id"], row))
        return changes

    def _import_daily(self, daily: dict[str, str], latest: str, report: ImportReport) -> list[Change]:
        """An import's daily entries: each deal this book has no game counted for is added, unless its day is after
        tomorrow or the game it counts is neither here nor in the file (it would stop that deal from counting one);
        ``report`` names each deal added, kept as it was, or refused."""
        changes: list[Change] = []
        ids = {r["id"] for r in self.results}
        for key, rid in daily.items():
            if key[:10] > latest[:10]:
                report.future += 1
            elif rid not in ids:
                report.daily_missing.append(key)
            elif key not in self.daily:
                self.daily[key] = rid
                changes.append(("add", "daily", key, rid))  # a tab that finished the deal meanwhile keeps it
                report.daily_added += 1
                report.daily_keys.append(key)
            elif self.daily[key] != rid:
                report.daily_kept.append(key)
        return changes

    def _import_record(self, data: dict[str, Any]) -> ImportReport:
        """Import one game's record file (what is offered when a link would be too long)."""
        record = GameRecord.from_json(data)
        try:
            Replay(record)
        except GameError:
            raise RecordError("records.import_damaged") from None
        report = ImportReport(kept=len(self.results))
        if any(r["id"] == record.id for r in self.results) or any(g["id"] == record.id for g in self.games):
            report.skipped = 1
            return report
        # someone else's game opened from a file: replayable, but not in this player's statistics
        changes = self._keep_game(record.id, share.encode(record))
        if changes:
            report.games_added = 1
        self._commit(changes, "import")
        return report


@dataclass
class _Damaged:
    """Stored entries that could not be read (set aside together) and the first one's reason."""

    entries: list[Any] = field(default_factory=list)
    why: SaveFormatError | None = None

    def add(self, entry: Any, reason: SaveFormatError) -> None:
        self.entries.append(entry)
        self.why = self.why or reason


def _check_export_version(data: Any) -> None:
    """An export file of this app at this version; raise :class:`RecordError` (``records.import_*``)."""
    if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
        raise RecordError("records.import_not_ours")
    if not is_int(data.get("version")):
        raise RecordError("records.import_bad_version", version=json.dumps(data.get("version"))[:40])
    version = int(data["version"])
    if version > RECORDS_VERSION:
        raise RecordError("records.import_too_new", version=version)
    if version < RECORDS_VERSION:
        raise RecordError("records.import_too_old", version=version)


def _book_parts(data: dict[str, Any], error: type[SaveFormatError]) -> tuple[list[Any], list[Any], dict[str, Any]]:
    """A whole book's ``games`` and ``results`` lists and its ``daily`` object, their entries not read yet."""
    return (read_list(read_field(data, "games", error), "games", error=error),
            read_list(read_field(data, "results", error), "results", error=error),
            read_object(read_field(data, "daily", error), "daily", error=error))


def _read_entries(entries: list[Any], rows: list[Any], games: list[dict[str, Any]],
                  results: list[dict[str, Any]]) -> Iterator[float]:
    """Read an imported file's kept games into ``games`` and its results into ``results`` (``import.*`` refusals),
    a slice at a time, yielding the fraction of the import done after each."""
    total = max(1, len(entries) + len(rows))
    for source, read, out in ((entries, read_kept_game, games), (rows, read_result_row, results)):
        for start in range(0, len(source), IMPORT_SLICE):
            out += [read(entry, BookImportError) for entry in source[start:start + IMPORT_SLICE]]
            yield 0.1 + 0.85 * (len(games) + len(results)) / total


def _stats(game: str, mode: str, level: str, rows: list[dict[str, Any]]) -> Stats:
    rows = sorted(rows, key=_order)
    stats = Stats(game, mode, level, games=len(rows), with_takebacks=sum(1 for r in rows if any(r.get("takebacks") or [])))
    scores = [r["score"] for r in rows if r["score"] is not None]
    if scores:
        stats.best = max(scores)
        stats.average = round(sum(scores) / len(scores), 1)
        stats.last_scores = scores[-LAST_SCORES:]
    streak = 0
    for r in rows:
        if r["result"] == "win":
            stats.wins += 1
            streak += 1
            stats.best_streak = max(stats.best_streak, streak)
        elif r["result"] is not None:
            if r["result"] == "tie":
                stats.ties += 1
            else:
                stats.losses += 1
            streak = 0
    stats.current_streak = streak
    return stats
