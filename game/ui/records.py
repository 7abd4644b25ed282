"""The player's own record: past games, statistics, daily attempts, export and import.

Pure Python over the key-value :class:`~game.ui.storage.Store` (``localStorage``
in the page, :class:`~game.ui.storage.MemoryBackend` in tests), kept under one
key, :data:`RECORDS_KEY`, as versioned JSON::

    {"format": "house-games-records", "version": 1,
     "games":   [{"id", "code", "pinned", "added"}, ...],   # replayable games, oldest first
     "results": [{"id", "game", "mode", "level", ...}, ...], # one row per finished game
     "daily":   {"YYYY-MM-DD/challenge": "<id of the counted game>"}}

``games`` holds each game as its share-link code (:mod:`game.core.share`),
a few hundred characters: the last :data:`KEEP_GAMES` unpinned games, oldest
first out, plus up to :data:`MAX_PINNED` pinned ones. ``results`` outlives
them: statistics are computed from it, so they cover every game ever
finished here (up to :data:`MAX_RESULTS`). Both are keyed by the record's
content id, which makes importing the same file twice change nothing.

A store that cannot be read never blocks play: its text is moved to a
``house-games.records.bad.N`` key, :attr:`RecordBook.notice` says why, and
the book starts empty.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import GameError
from ..core.record import GameRecord, RecordError, Replay, parse_iso, utc_now_iso
from ..core import share
from .storage import PREFIX, Store

RECORDS_KEY = PREFIX + "records"
BAD_RECORDS_PREFIX = PREFIX + "records.bad."
RECORDS_FORMAT = "house-games-records"
RECORDS_VERSION = 1

KEEP_GAMES = 50  #: unpinned games kept for replay; the oldest goes first
MAX_PINNED = 50  #: pinned games kept besides them
MAX_RESULTS = 5000  #: result rows kept for statistics; the oldest goes first
LAST_SCORES = 30  #: scores drawn in the statistics chart

MODES = ("solo", "daily", "computer", "table", "demo")


@dataclass
class Notice:
    """A message for the player: a catalogue key and its fields (``text(lang)``)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        from ..core.locale import text

        return text(self.key, lang, **self.params)


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
class KlausRecord:
    """Klaus's record at one level, from every solo and daily Barrio game."""

    level: str
    games: int = 0
    klaus_wins: int = 0
    player_wins: int = 0
    ties: int = 0
    best: int | None = None  #: Klaus's best score
    average: float | None = None


@dataclass
class ImportReport:
    """What an import added (anything already there is skipped)."""

    games_added: int = 0
    results_added: int = 0
    daily_added: int = 0
    skipped: int = 0  #: entries already present


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


def _check_row(row: Any) -> dict[str, Any]:
    """A result row read from storage or a file, type-checked; raise ``ValueError``."""
    if not isinstance(row, dict):
        raise ValueError
    def ints(xs: Any) -> bool:
        return isinstance(xs, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in xs)
    ok = (
        isinstance(row.get("id"), str) and len(row["id"]) == 16
        and isinstance(row.get("game"), str) and row.get("mode") in MODES and isinstance(row.get("level"), str)
        and isinstance(row.get("finished"), str) and isinstance(row.get("players"), int)
        and (row.get("me") is None or isinstance(row.get("me"), int))
        and ints(row.get("scores")) and ints(row.get("winners"))
        and row.get("result") in (None, "win", "tie", "loss")
        and (row.get("score") is None or isinstance(row.get("score"), int))
        and isinstance(row.get("daily", ""), str) and isinstance(row.get("counted"), bool)
        and ints(row.get("hints", [])) and all(h >= 0 for h in row.get("hints", []))  # optional: rows before hints were counted
        and ints(row.get("takebacks", [])) and all(h >= 0 for h in row.get("takebacks", []))  # optional: rows before takebacks
    )
    if not ok:
        raise ValueError
    if row["finished"]:
        parse_iso(row["finished"])
    return dict(row)


def _check_game(entry: Any) -> dict[str, Any]:
    """A kept game read from storage or a file: its code must pass the link checksum."""
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not isinstance(entry.get("code"), str):
        raise ValueError
    if not isinstance(entry.get("pinned", False), bool) or not isinstance(entry.get("added", ""), str):
        raise ValueError
    try:
        share.peek(entry["code"])
    except RecordError:
        raise ValueError from None
    return {"id": entry["id"], "code": entry["code"], "pinned": entry.get("pinned", False), "added": entry.get("added", "")}


def _order(row: dict[str, Any]) -> tuple[str, str]:
    return (row["finished"], row["id"])


class RecordBook:
    """Past games, statistics and daily attempts, kept in a :class:`Store`.

    Every method that changes something writes the store at once. Writing
    can fail (storage full or disabled): the book keeps working in memory and
    :attr:`notice` says so.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.notice: Notice | None = None  #: a message to show once (set-aside store, storage full)
        self.games: list[dict[str, Any]] = []
        self.results: list[dict[str, Any]] = []
        self.daily: dict[str, str] = {}
        self._load()

    # ------------------------------------------------------------------ storage
    def _raw(self) -> str | None:
        value = self.store.backend.getItem(RECORDS_KEY)
        return value if isinstance(value, str) else None  # JS null arrives as jsnull

    def _load(self) -> None:
        raw = self._raw()
        if raw is None:
            return
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
                raise ValueError("not ours")
            version = data.get("version")
            if version != RECORDS_VERSION:
                kept = self._set_aside(raw)
                self.notice = Notice("records.store_other_version", {"version": version, "kept_as": kept})
                return
            games, results, daily = data["games"], data["results"], data["daily"]
            if not isinstance(games, list) or not isinstance(results, list) or not isinstance(daily, dict):
                raise ValueError("shape")
        except (ValueError, KeyError, TypeError, RecursionError):
            kept = self._set_aside(raw)
            self.notice = Notice("records.store_set_aside", {"kept_as": kept})
            return
        bad = 0
        for entry in games:
            try:
                self.games.append(_check_game(entry))
            except ValueError:
                bad += 1
        for row in results:
            try:
                self.results.append(_check_row(row))
            except ValueError:
                bad += 1
        for key, value in daily.items():
            if isinstance(key, str) and isinstance(value, str):
                self.daily[key] = value
            else:
                bad += 1
        if bad:
            kept = self._set_aside(raw)
            self.notice = Notice("records.entries_set_aside", {"count": bad, "kept_as": kept})
            self._save()

    def _set_aside(self, raw: str) -> str:
        n = 1
        while isinstance(self.store.backend.getItem(f"{BAD_RECORDS_PREFIX}{n}"), str):
            n += 1
        key = f"{BAD_RECORDS_PREFIX}{n}"
        try:
            self.store.backend.setItem(key, raw)
            self.store.backend.removeItem(RECORDS_KEY)
        except Exception:  # storage full or disabled: keep the old text where it is
            return RECORDS_KEY
        return key

    def to_json(self) -> dict[str, Any]:
        """Everything, as stored and exported."""
        return {"format": RECORDS_FORMAT, "version": RECORDS_VERSION,
                "games": self.games, "results": self.results, "daily": dict(sorted(self.daily.items()))}

    def _save(self) -> None:
        try:
            self.store.backend.setItem(RECORDS_KEY, json.dumps(self.to_json(), separators=(",", ":")))
        except Exception:  # QuotaExceededError and the like arrive as JS exceptions
            self.notice = Notice("records.store_full")

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
        counted = True
        if record.daily:
            counted = record.daily not in self.daily
            if counted:
                self.daily[record.daily] = rid
        row = result_row(record, counted)
        self.results.append(row)
        self.results.sort(key=_order)
        del self.results[:-MAX_RESULTS]
        self._keep_game(rid, share.encode(record))
        self._save()
        return row

    def _keep_game(self, rid: str, code: str, pinned: bool = False, added: str | None = None, trim: bool = True) -> bool:
        if any(g["id"] == rid for g in self.games):
            return False
        self.games.append({"id": rid, "code": code, "pinned": pinned, "added": added or utc_now_iso()})
        if trim:
            self._trim()
        return True

    def _trim(self) -> None:
        unpinned = [g for g in self.games if not g["pinned"]]
        drop = {g["id"] for g in unpinned[:max(0, len(unpinned) - KEEP_GAMES)]}
        self.games = [g for g in self.games if g["id"] not in drop]

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
        self._trim()
        self._save()

    def forget(self, rid: str) -> None:
        """Drop a kept game from the past games (its result stays in the statistics)."""
        self.games = [g for g in self.games if g["id"] != rid]
        self._save()

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

    def klaus(self, game: str, levels: tuple[str, ...]) -> list[KlausRecord]:
        """The automa's record per level (Barrio's Klaus: A, B, C), from solo and counted daily games of ``game``."""
        out = []
        for level in levels:
            rows = [r for r in self.counted()
                    if r["game"] == game and r["players"] == 1 and r["level"] == level and len(r["scores"]) > 1]
            rec = KlausRecord(level, games=len(rows))
            for r in rows:
                if r["result"] == "win":
                    rec.player_wins += 1
                elif r["result"] == "tie":
                    rec.ties += 1
                else:
                    rec.klaus_wins += 1
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

    def import_json(self, text: str) -> ImportReport:
        """Merge an exported file (or one game's record file) into the book, without duplicates.

        Raise :class:`RecordError` (``records.import_*``) and change nothing
        when the file is not readable as a whole.
        """
        try:
            data = json.loads(text)
        except (ValueError, TypeError, RecursionError):
            raise RecordError("records.import_not_json") from None
        if isinstance(data, dict) and data.get("format") == "house-games-record":
            return self._import_record(data)
        if not isinstance(data, dict) or data.get("format") != RECORDS_FORMAT:
            raise RecordError("records.import_not_ours")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > RECORDS_VERSION:
            raise RecordError("records.import_too_new", version=version)
        if version < RECORDS_VERSION:
            raise RecordError("records.import_too_old", version=version)
        try:
            games = [_check_game(g) for g in data["games"]]
            results = [_check_row(r) for r in data["results"]]
            daily = data["daily"]
            if not isinstance(daily, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in daily.items()):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            raise RecordError("records.import_damaged") from None
        report = ImportReport()
        known = {r["id"] for r in self.results}
        for row in results:
            if row["id"] in known:
                report.skipped += 1
                continue
            known.add(row["id"])
            self.results.append(row)
            report.results_added += 1
        self.results.sort(key=_order)
        del self.results[:-MAX_RESULTS]
        for g in sorted(games, key=lambda g: g["added"]):
            if self._keep_game(g["id"], g["code"], g["pinned"], g["added"], trim=False):
                report.games_added += 1
            else:
                report.skipped += 1
        self.games.sort(key=lambda g: g["added"])  # stable: equal stamps keep their order
        self._trim()
        for key, rid in daily.items():
            if key not in self.daily:
                self.daily[key] = rid
                report.daily_added += 1
        # a daily result counted in one book but practice in the other: the counted one wins
        counted_ids = set(self.daily.values())
        for row in self.results:
            if row["daily"] and row["id"] in counted_ids:
                row["counted"] = True
            elif row["daily"] and self.daily.get(row["daily"]) != row["id"]:
                row["counted"] = False
        self._save()
        return report

    def _import_record(self, data: dict[str, Any]) -> ImportReport:
        """Import one game's record file (what is offered when a link would be too long)."""
        record = GameRecord.from_json(data)
        try:
            Replay(record)
        except GameError:
            raise RecordError("records.import_damaged") from None
        report = ImportReport()
        if any(r["id"] == record.id for r in self.results) or any(g["id"] == record.id for g in self.games):
            report.skipped = 1
            return report
        # someone else's game opened from a file: replayable, but not in this player's statistics
        if self._keep_game(record.id, share.encode(record)):
            report.games_added = 1
        self._save()
        return report


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
