"""The app's data on this device: autosaves, the record book's rows, settings (see game/ui/README.md, "The store").

The page keeps them in IndexedDB (``site/store.js``) and the start screen's
settings in ``localStorage``; the worker keeps a *mirror*, sent with the boot
message, and asks for every change as a batch that the page applies as one
transaction. Nothing here imports the browser: :class:`MemoryBackend` is the
mirror alone (tests, or a browser that gives the page no database), and
:class:`PageBackend` also sends each batch to the page, hears whether it was
stored, and retries what was not, telling the app (:attr:`PageBackend.on_status`).

Tables: ``kv`` (autosave slots, data set aside), ``results`` and
``games`` (rows keyed by game id), ``daily`` (deal key → game id).

A save that cannot be read is never deleted: :meth:`Store.load_match`
moves it to a ``…bad.N`` key, reports why, and the app starts fresh.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from ..core import GameError, Match
from ..core.errors import SaveFormatError
from ..core.jsonfmt import is_int, read_field, read_list, read_object, read_str, read_whole
from ..core import locale

PREFIX = "house-games."
AUTOSAVE_KEY = PREFIX + "autosave"  #: the one autosave of versions before the store; read as a slot
SLOT_PREFIX = PREFIX + "game."  #: one autosave slot per game in progress: ``house-games.game.<id>``
BAD_SAVE_PREFIX = PREFIX + "autosave.bad."
#: a host's record of its game shared with other phones (``game.ui.sharing``): its slot, its remote seats and the
#: resume tokens their phones hold, so that after the host's page reloads the same phones are offered their seats again
SHARING_KEY = PREFIX + "sharing"
#: a guest phone's resume token for the seat it plays (``game.ui.sharing``; one shared game at a time): kept so
#: that the page, reloaded and paired again, gets its seat back
GUEST_TOKEN_KEY = PREFIX + "guest-token"
#: beside it, the game and seat that token is for (``{"game", "name"}``): a reloaded guest's start screen says how to rejoin
GUEST_GAME_KEY = PREFIX + "guest-game"
#: the start screen's settings, as the worker and the page both call them: the boot message's field, the page's
#: operation that stores them and its message of another tab's (the page keeps them in localStorage, where start.js
#: reads them before the first paint, under the path-scoped key of ``site/keys.js``); never a ``kv`` key
SETTINGS = "settings"
TABLES = ("kv", "results", "games", "daily")
#: Seconds between retries of a write that failed (doubling up to the last)
RETRY_S = (2, 4, 8, 15)

#: One change: ("put" | "del" | "add", table, key, value); "add" puts only where the key is free (the first of
#: two tabs to finish a daily deal keeps it)
Change = tuple[str, str, Any, Any]


class StoredEntryError(SaveFormatError):
    """An entry this device stored that cannot be read (a row of the record book, a saved game's summary): its
    ``storage.*`` text names the field. The entry is set aside or passed over, never lost."""

    #: the ``jsonfmt`` readers' keys for stored data: ``storage.int``, ``storage.missing``…
    subject = "storage"


def is_slot(key: str) -> bool:
    """Whether a kv key is a game's autosave slot (the same rule as ``isSlot`` in ``site/store.js``)."""
    return key == AUTOSAVE_KEY or key.startswith(AUTOSAVE_KEY + ".moved.") or key.startswith(SLOT_PREFIX)


class MemoryBackend:
    """The store's tables in memory: the worker's mirror of the page's database, or all there is in tests."""

    def __init__(self, items: dict[str, str] | None = None, tables: dict[str, Any] | None = None,
                 settings: Any = None) -> None:
        self.items: dict[str, str] = dict(items or {})
        #: the start screen's settings as the page stored them (JSON text; None: none saved)
        self.settings: str | None = settings if isinstance(settings, str) else None
        self.tables: dict[str, dict[str, Any]] = {"kv": self.items, "results": {}, "games": {}, "daily": {}}
        tables = tables or {}
        for name in ("results", "games"):
            for row in tables.get(name) or []:
                if isinstance(row, dict) and isinstance(row.get("id"), str):
                    self.tables[name][row["id"]] = row
        daily = tables.get("daily") or {}
        if isinstance(daily, dict):
            self.tables["daily"].update({k: v for k, v in daily.items() if isinstance(k, str)})
        #: called with the changes another tab made (the record book reloads its rows)
        self.on_change: Callable[[list[Change]], Any] = lambda changes: None
        #: ``on_status(failing, what)``: a write failed (``failing`` the reason, ``what`` the names of what is
        #: unsaved) or, with ``failing`` None, everything is stored again (the page's backend calls it)
        self.on_status: Callable[[str | None, list[str]], Any] = lambda failing, what: None
        #: ``on_lost(slot)``: another tab took this tab's game over (its writes to the slot were refused)
        self.on_lost: Callable[[str], Any] = lambda slot: None
        #: ``on_kept(slot)``: a deletion of ``slot`` was refused, another tab saved that game since: it stays
        self.on_kept: Callable[[str], Any] = lambda slot: None
        #: slot → how a take-over of it went ("given": the other tab handed over moves it had not stored, "none":
        #: it had stored them all, "silent": it did not answer); read by the app once it opens the game
        self.handovers: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        value = self.items.get(key)
        return value if isinstance(value, str) else None

    def setItem(self, key: str, value: str) -> None:
        self.commit([("put", "kv", key, str(value))], key)

    def removeItem(self, key: str) -> None:
        self.commit([("del", "kv", key, None)], key)

    def write_settings(self, text: str) -> None:
        """Keep the start screen's settings (here in memory only)."""
        self.settings = text

    def heard_settings(self, text: Any) -> None:
        """Another tab stored the settings (``None``: removed them)."""
        self.settings = text if isinstance(text, str) else None

    def rows(self, table: str) -> dict[str, Any]:
        """A table's rows by key (the mirror: read only)."""
        return self.tables[table]

    def apply(self, changes: Iterable[Change]) -> None:
        """Change the mirror."""
        for op, table, key, value in changes:
            rows = self.tables.get(table)
            if rows is None:
                continue
            if op == "put":
                rows[key] = value
            elif op == "add":  # put unless the key is there (the page decides it in the transaction)
                rows.setdefault(key, value)
            else:
                rows.pop(key, None)

    def commit(self, changes: list[Change], what: str, guard: dict[str, int] | None = None) -> None:
        """Store ``changes`` together (one transaction in the page). ``what`` names them for a failure message;
        ``guard`` (slot → revision) makes each slot change conditional: a put on a revision above the stored one
        (and this tab owning the slot), a delete on the stored revision being no newer than the one given."""
        refused = {slot for slot, rev in (guard or {}).items() if self.refuses(changes, slot, rev)}
        self.apply([c for c in changes if not (c[1] == "kv" and c[2] in refused)])
        for slot in refused:
            deleting = any(c[0] == "del" and c[1] == "kv" and c[2] == slot for c in changes)
            (self.on_kept if deleting else self.on_lost)(slot)

    def refuses(self, changes: list[Change], slot: str, rev: int) -> bool:
        """Whether the revision guard refuses ``changes`` to ``slot`` (as ``commit`` in ``site/store.js``)."""
        stored = self.getItem(slot)
        if stored is None:
            return False
        deleting = any(c[0] == "del" and c[1] == "kv" and c[2] == slot for c in changes)
        return _revision(stored) > rev if deleting else _revision(stored) >= rev

    def lock(self, slot: str, steal: bool, answer: Callable[[bool, str | None], Any]) -> None:
        """Own ``slot`` (the game this tab plays): ``answer(held, stored_text)``; here always granted."""
        answer(True, self.getItem(slot))

    def unlock(self, slot: str) -> None:
        """Stop owning ``slot``."""

    def unsaved(self) -> list[str]:
        """What is not stored yet: here everything is (kept in memory)."""
        return []

    def hand_over(self, slot: str) -> bool:
        """Another tab took the game of ``slot``: hand it this tab's save not stored yet; whether there was one."""
        return False

    def changed(self, changes: list[Any]) -> None:
        """Another tab stored ``changes``."""
        clean = [(str(c[0]), str(c[1]), c[2], c[3] if len(c) > 3 else None) for c in changes
                 if isinstance(c, (list, tuple)) and len(c) >= 3]
        self.apply(clean)
        self.on_change(clean)


@dataclass
class Batch:
    """Writes waiting to be stored: merged changes (the last for each key wins), what they are, slot guards."""

    changes: dict[tuple[str, Any], Change]
    what: list[str]
    guard: dict[str, int]

    def merge(self, later: "Batch") -> None:
        """Add ``later``'s writes (they win for the same key)."""
        for key, change in later.changes.items():
            self.changes.pop(key, None)
            self.changes[key] = change
        self.what += [w for w in later.what if w not in self.what]
        self.guard.update(later.guard)


def page_guards(changes: dict[tuple[str, Any], Change], guard: dict[str, int]) -> list[dict[str, Any]]:
    """The page's revision guards of a batch (``site/store.js`` commit): ``{slot, rev}`` for a slot written,
    ``{slot, rev, del: true}`` for one deleted."""
    guards: list[dict[str, Any]] = []
    for slot, rev in guard.items():
        change = changes.get(("kv", slot))
        if change is not None and change[0] == "put":
            guards.append({"slot": slot, "rev": rev})
        elif change is not None and change[0] == "del":  # no tab saved the game past what this tab knows
            guards.append({"slot": slot, "rev": rev, "del": True})
    return guards


class PageBackend(MemoryBackend):
    """The mirror of the page's database; every commit is sent to the page, one batch at a time.

    ``send(op)`` posts an operation to the page (``["db", seq, changes, guards]``, ``["settings", text]``
    for the settings in localStorage, ``["lock", slot, steal]``, ``["unlock", slot]``);
    :meth:`stored` takes the page's answer. While a batch is out, later writes wait and merge, so a failed
    batch is retried with everything written since, in order, and nothing newer is ever overwritten by older.
    ``schedule(seconds, fn)`` runs the retries.
    """

    def __init__(self, items: dict[str, str], tables: dict[str, Any] | None, send: Callable[[list[Any]], Any],
                 schedule: Callable[[float, Callable[[], Any]], Any] = lambda s, fn: None, settings: Any = None) -> None:
        super().__init__(items, tables, settings)
        self.send = send
        self.schedule = schedule
        self.seq = 0
        self.out: tuple[int, Batch] | None = None  #: the batch the page is storing
        self.waiting: Batch | None = None  #: written since (or failed, to retry)
        self.failing: str | None = None  #: why the last attempt failed ("full", "failed", …), None once stored
        self.retries = 0
        self.retry_due = False
        self.lock_answers: dict[str, Callable[[bool, str | None], Any]] = {}
        #: a newer version of the app opened the database in another tab: nothing more is sent, what waits is told
        self.outdated = False

    def write_settings(self, text: str) -> None:
        self.settings = text
        self.send([SETTINGS, text])

    def commit(self, changes: list[Change], what: str, guard: dict[str, int] | None = None) -> None:
        self.apply(changes)
        batch = Batch({(c[1], c[2]): c for c in changes}, [what], dict(guard or {}))
        # the page keeps every write asked for in a journal until the database confirms it, even while an earlier
        # batch is out: a page closed right after a move leaves it to the next start (site/journal.js)
        self.send(["journal", [list(c) for c in batch.changes.values()], page_guards(batch.changes, batch.guard)])
        if self.waiting is None:
            self.waiting = batch
        else:
            self.waiting.merge(batch)
        if self.outdated:
            self.on_status("outdated", self.unsaved())
        self.pump()

    def unsaved(self) -> list[str]:
        """What is not stored yet (being stored, or waiting after a failure)."""
        names: list[str] = []
        for batch in ([self.out[1]] if self.out else []) + ([self.waiting] if self.waiting else []):
            names += [w for w in batch.what if w not in names]
        return names

    def pump(self) -> None:
        """Send what waits, unless a batch is out (or this page is out of date: it writes nothing more)."""
        if self.out is not None or self.waiting is None or self.outdated:
            return
        batch, self.waiting = self.waiting, None
        self.seq += 1
        self.out = (self.seq, batch)
        self.send(["db", self.seq, [list(c) for c in batch.changes.values()], page_guards(batch.changes, batch.guard)])

    def stored(self, data: dict[str, Any]) -> None:
        """The page's answer to a batch: ``{"seq", "ok", "reason", "error"}``."""
        if data.get("seq") is None:  # the settings (localStorage) could not be written: said until a write succeeds
            if not data.get("ok"):
                self.failing = str(data.get("reason") or "failed")
                self.on_status(self.failing, [SETTINGS])
            return
        if self.out is None or data.get("seq") != self.out[0]:
            return
        _, batch = self.out
        self.out = None
        if data.get("ok"):
            self.retries = 0
            self._settle(data.get("settled"))
            if self.failing is not None and self.waiting is None:
                self.failing = None
                self.on_status(None, [])
            self.pump()
            return
        reason = str(data.get("reason") or "failed")
        if reason in ("lost", "stale"):
            # another tab owns or advanced these games: their slots are not ours to write or delete; the rest is
            # still stored (the page names the slots it refused; an older page: every guarded one)
            refused = data.get("slots")
            refused = [s for s in refused if s in batch.guard] if isinstance(refused, list) else list(batch.guard)
            current = data.get("current")
            current = current if isinstance(current, dict) else {}
            told: list[tuple[Callable[[str], Any], str]] = []
            for slot in refused or list(batch.guard):
                change = batch.changes.pop(("kv", slot), None)
                batch.guard.pop(slot, None)
                if change is not None and change[0] == "del":
                    stored = current.get(slot)
                    if isinstance(stored, str) and ("kv", slot) not in self.pending_keys():
                        self.items[slot] = stored  # the mirror shows the game again, as the other tab left it
                    told.append((self.on_kept, slot))
                else:
                    told.append((self.on_lost, slot))
            if batch.changes:
                self._requeue(batch)
            elif self.waiting is None:
                self.failing, self.retries = None, 0  # what failed before was this slot's: never to be stored here
            for tell, slot in told:
                tell(slot)
            self.pump()
            return
        self.failing = reason
        self._requeue(batch)
        self.outdated = self.outdated or reason == "outdated"
        self.on_status(reason, self.unsaved())
        if not self.retry_due and not self.outdated:
            self.retry_due = True
            delay = RETRY_S[min(self.retries, len(RETRY_S) - 1)]
            self.retries += 1
            self.schedule(delay, self.retry)

    def _settle(self, settled: Any) -> None:
        """Take in what each "add" left in the database: another tab's value where it was first."""
        if not isinstance(settled, list):
            return
        pending = self.pending_keys()
        differ = [(str(c[0]), str(c[1]), c[2], c[3]) for c in settled
                  if isinstance(c, (list, tuple)) and len(c) == 4 and c[1] in self.tables and (c[1], c[2]) not in pending
                  and self.tables[str(c[1])].get(c[2]) != c[3]]
        if differ:
            self.apply(differ)
            self.on_change(differ)

    def _requeue(self, batch: Batch) -> None:
        if self.waiting is not None:
            batch.merge(self.waiting)  # written since: newer, so it wins
        self.waiting = batch

    def outdate(self) -> None:
        """A newer version of the app opened the database in another tab: stop writing, and say what was not
        stored (a batch already out is still answered: the page's transaction under way may finish)."""
        self.outdated = True
        if self.waiting is not None:
            self.failing = "outdated"
            self.on_status("outdated", self.unsaved())

    def reopened(self, present: dict[str, Any], tables: dict[str, Any] | None = None) -> None:
        """The page's database closed under it (the site's data cleared) and is open again, holding ``present``
        (table → its keys), or opened at last after a start without it (``tables``: all it holds, taken into the
        mirror where this tab has nothing newer): write everything this tab holds that it lacks (the settings live
        in localStorage). Nothing to write: the failure said since the start is over."""
        if isinstance(tables, dict):
            self._take_in(tables)
        changes: list[Change] = []
        for table, rows in self.tables.items():
            have = present.get(table) if isinstance(present, dict) else None
            have = set(have) if isinstance(have, list) else set()
            changes += [("put", table, key, value) for key, value in rows.items() if key not in have]
        if changes:
            self.commit(changes, "autosave" if any(c[0] == "put" and c[1] == "kv" and is_slot(c[2]) for c in changes) else "records")
        elif self.waiting is not None:
            self.pump()  # what failed meanwhile is tried now, not at its retry's time
        elif self.failing is not None and self.out is None:
            self.failing, self.retries = None, 0
            self.on_status(None, [])

    def _take_in(self, tables: dict[str, Any]) -> None:
        """The rows of a database opened late (the boot message's shapes) that the mirror lacks."""
        pending = self.pending_keys()
        came: list[Change] = []
        for table in TABLES:
            rows = tables.get(table)
            pairs = [(r.get("id"), r) for r in rows if isinstance(r, dict)] if isinstance(rows, list) else \
                list(rows.items()) if isinstance(rows, dict) else []
            came += [("put", table, key, value) for key, value in pairs
                     if isinstance(key, str) and key not in self.tables[table] and (table, key) not in pending]
        if came:
            self.apply(came)
            self.on_change(came)

    def retry(self) -> None:
        """Try the waiting writes again (a timer; the next write also does)."""
        self.retry_due = False
        self.pump()

    def lock(self, slot: str, steal: bool, answer: Callable[[bool, str | None], Any]) -> None:
        self.lock_answers[slot] = answer
        self.send(["lock", slot, steal])

    def locked(self, data: dict[str, Any]) -> None:
        """The page's answer to :meth:`lock`: ``{"slot", "held", "value"}``."""
        slot = str(data.get("slot"))
        answer = self.lock_answers.pop(slot, None)
        value = data.get("value")
        value = value if isinstance(value, str) else None
        if data.get("held") and value is not None and ("kv", slot) not in self.pending_keys():
            self.items[slot] = value  # as stored once owned: another tab's last move included
        if data.get("held") and data.get("handover") in ("given", "none", "silent"):
            self.handovers[slot] = str(data["handover"])
        if answer is not None:
            answer(bool(data.get("held")), self.items.get(slot) if data.get("held") else value)

    def unlock(self, slot: str) -> None:
        self.send(["unlock", slot])

    def hand_over(self, slot: str) -> bool:
        """Another tab took the game of ``slot``: send it (through the page's channel) this tab's save of the slot
        not stored yet, or ``None`` when everything was stored, and stop trying to store it here (the other tab
        owns it now). Return whether there was such a save."""
        text = self.items.get(slot) if ("kv", slot) in self.pending_keys() else None
        if self.waiting is not None:
            self.waiting.changes.pop(("kv", slot), None)
            self.waiting.guard.pop(slot, None)
            if not self.waiting.changes:
                self.waiting = None
        self.send(["handover", slot, text])
        if self.out is None and self.waiting is None:
            self.failing, self.retries = None, 0  # nothing of this tab's left to store
        return text is not None

    def pending_keys(self) -> set[tuple[str, Any]]:
        """(table, key) of every write not stored yet."""
        keys: set[tuple[str, Any]] = set()
        for batch in ([self.out[1]] if self.out else []) + ([self.waiting] if self.waiting else []):
            keys |= set(batch.changes)
        return keys

    def changed(self, changes: list[Any]) -> None:
        pending = self.pending_keys()
        super().changed([c for c in changes if isinstance(c, (list, tuple)) and len(c) >= 3 and (c[1], c[2]) not in pending])


@dataclass
class SavedGame:
    """A game saved in a slot, as the start screen sums it up: game, players, moves, when; its revision."""

    slot: str
    game: str
    players: int
    moves: int
    human_moves: int  #: moves of the people playing (not the computers'): none, nothing of theirs is lost with it
    saved_at: int | None  #: ms since 1970 (saves before the store carry none)
    rev: int


@dataclass
class LoadResult:
    """What :meth:`Store.load_match` found: a match, nothing, or a bad save set aside."""

    match: Match | None = None
    error: str | None = None  #: why the save could not be read, in English (logs, tests)
    kept_as: str | None = None  #: key the unreadable save was moved to
    slot: str | None = None  #: the slot it was read from
    #: the same reason as a catalogue key and its fields, said in the player's language by :meth:`reason`
    reason_key: str | None = None
    reason_params: dict[str, Any] | None = None

    def reason(self, lang: str) -> str:
        """Why the save could not be read, in ``lang`` ("" when it could)."""
        if self.reason_key is None:
            return ""
        return locale.text(self.reason_key, lang, **(self.reason_params or {}))


class Store:
    """The app's persistent data: the autosave of the game this tab plays (its *slot*), settings, and the
    backend the record book keeps its rows in.

    Every game in progress has its own slot, so two tabs playing two games never write the same save; a tab
    owns the slot of the game it shows (a Web Lock in the page), and each save carries a revision ``rev`` the
    page checks, so a tab that lost its game can never overwrite a newer save.
    """

    def __init__(self, backend: MemoryBackend) -> None:
        self.backend = backend
        self.slot: str | None = None  #: the slot this tab writes
        self.rev = 0  #: revision of the last save of :attr:`slot`

    def _get(self, key: str) -> str | None:
        value = self.backend.getItem(key)
        # JS null arrives as pyodide's jsnull, not None: anything but a string means "absent"
        return value if isinstance(value, str) else None

    # -- slots
    def slots(self) -> list[str]:
        """Every autosave slot, the one saved last first (ties: the greater key)."""
        def order(key: str) -> tuple[float, str]:
            try:
                at = json.loads(self._get(key) or "{}").get("saved_at")
            except (ValueError, AttributeError):
                at = None
            return (at if isinstance(at, (int, float)) and not isinstance(at, bool) else 0, key)
        return sorted((k for k in self.backend.items if is_slot(k) and self._get(k) is not None), key=order, reverse=True)

    def has_autosave(self) -> bool:
        """True when a game is saved (readable or not)."""
        return bool(self.slots())

    def take_slot(self, slot: str, text: str | None = None) -> None:
        """Write ``slot`` from now on (this tab owns it); ``text`` is its stored save (for its revision)."""
        if self.slot is not None and self.slot != slot:
            self.backend.unlock(self.slot)
        self.slot = slot
        self.rev = _revision(text if text is not None else self._get(slot))

    def new_slot(self) -> str:
        """A new game in a new slot; the slot this tab played stays as it is (a game is replaced only when the
        player says so: :meth:`delete_slot`)."""
        slot = f"{SLOT_PREFIX}{int(time.time() * 1000):x}{random.getrandbits(32):08x}"
        self.take_slot(slot, None)
        self.backend.lock(slot, False, lambda held, text: None)  # new: nobody else can hold it
        return slot

    def saved_games(self) -> list["SavedGame"]:
        """Every game saved in a slot that can be summed up (an unreadable save is left to :meth:`load_match`),
        the one saved last first."""
        games = []
        for slot in self.slots():
            try:
                games.append(_summary(slot, self._get(slot) or ""))
            except (ValueError, RecursionError, StoredEntryError):
                continue
        return games

    def delete_slot(self, slot: str, rev: int) -> None:
        """Delete the game saved in ``slot`` (the player replaces it), unless a tab saved it past revision ``rev``
        (the page checks it in the deleting transaction, and the backend's ``on_kept`` hears of a refusal)."""
        self.backend.commit([("del", "kv", slot, None)], "autosave", {slot: rev})

    # -- a game shared with other phones
    def shared_seats(self, slot: str | None) -> tuple[list[int], dict[int, str]]:
        """The remote seats of the game saved in ``slot`` and the resume tokens their phones hold (none: not shared)."""
        try:
            data = json.loads(self._get(SHARING_KEY) or "{}")
            if not isinstance(data, dict) or slot is None or data.get("slot") != slot:
                return [], {}
            remote = [s for s in data.get("remote") or [] if isinstance(s, int) and not isinstance(s, bool)]
            tokens = {int(k): v for k, v in (data.get("tokens") or {}).items() if str(k).isdigit() and isinstance(v, str)}
            return remote, tokens
        except (ValueError, TypeError, AttributeError):
            return [], {}

    # -- autosave
    def save_match(self, match: Match) -> None:
        """Store ``match`` in this tab's slot (called after every action), stamped ``saved_at`` (ms since
        1970, for the start screen's Resume summary) and ``rev`` (its revision)."""
        if self.slot is None:
            self.new_slot()
        assert self.slot is not None
        self.rev += 1
        data = {**match.to_json(), "saved_at": int(time.time() * 1000), "rev": self.rev}
        self.backend.commit([("put", "kv", self.slot, json.dumps(data, separators=(",", ":")))], "autosave",
                            {self.slot: self.rev})

    def clear_autosave(self, slot: str | None = None) -> None:
        """Forget this tab's autosave (or the save in ``slot``, e.g. a finished game found at start), unless
        another tab saved that game past the revision this tab knows."""
        slot = slot if slot is not None else self.slot
        if slot is not None:
            self.delete_slot(slot, self.rev if slot == self.slot else _revision(self._get(slot)))

    def load_match(self, slot: str | None = None, text: str | None = None) -> LoadResult:
        """Read a slot (default: the one saved last); on any failure keep the raw text aside and say why."""
        if slot is None:
            slots = self.slots()
            if not slots:
                return LoadResult()
            slot = slots[0]
        raw = text if text is not None else self._get(slot)
        if raw is None:
            return LoadResult(slot=slot)
        try:
            data = json.loads(raw)
            if isinstance(data, dict):  # our stamps, not part of the saved game
                data = {k: v for k, v in data.items() if k not in ("saved_at", "rev")}
            match = Match.from_json(data)
        except (ValueError, GameError, ImportError, RecursionError) as exc:
            key, params = _reason_of(exc)
            return LoadResult(error=locale.text(key, "en", **params), kept_as=self.set_aside(raw, slot), slot=slot,
                              reason_key=key, reason_params=params)
        return LoadResult(match=match, slot=slot)

    def set_aside(self, raw: str, slot: str = AUTOSAVE_KEY) -> str:
        """Move an unreadable save to the first free ``…bad.N`` key and return that key."""
        n = 1
        while self._get(f"{BAD_SAVE_PREFIX}{n}") is not None:
            n += 1
        key = f"{BAD_SAVE_PREFIX}{n}"
        self.backend.commit([("put", "kv", key, raw), ("del", "kv", slot, None)], "autosave", {slot: _revision(raw)})
        return key

    # -- settings
    def load_settings(self) -> dict[str, Any]:
        """The saved start-screen choices (language, patterns, last game…); ``{}`` if none or unreadable."""
        try:
            data = json.loads(self.backend.settings or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Remember the start-screen choices."""
        self.backend.write_settings(json.dumps(settings, sort_keys=True))


def _reason_of(exc: BaseException) -> tuple[str, dict[str, Any]]:
    """The catalogue key and fields saying why a save could not be read: the error's own key where it has one
    (every check of ``Match.from_json`` raises a keyed :class:`SaveFormatError`), else the kind of failure."""
    if isinstance(exc, json.JSONDecodeError):
        return "save.not_json", {}
    if isinstance(exc, ImportError):
        return "save.game_unavailable", {}
    key = getattr(exc, "key", None)
    if isinstance(exc, GameError) and isinstance(key, str) and key:
        params = {k: v for k, v in getattr(exc, "params", {}).items() if k != "detail"}
        return key, params  # an engine's refusal while replaying, or a keyed save error
    return SaveFormatError.default_key, {}


def _summary(slot: str, text: str) -> SavedGame:
    """The save in ``slot`` summed up for the start screen; raise :class:`StoredEntryError` naming a damaged field
    (``ValueError``: not JSON)."""
    data = read_object(json.loads(text), "save", error=StoredEntryError)
    game = read_str(read_field(data, "game", StoredEntryError), "game", error=StoredEntryError)
    players = read_whole(read_field(data, "num_players", StoredEntryError), "num_players", error=StoredEntryError)
    actions = read_list(read_field(data, "actions", StoredEntryError), "actions", error=StoredEntryError)
    at = data.get("saved_at")  # saves before the store carry none
    return SavedGame(slot, game, players, len(actions), _human_moves(data, actions), at if is_int(at) else None,
                     _revision(text))


def _human_moves(data: dict[str, Any], actions: list[Any]) -> int:
    """How many of a save's moves a person made (a seat that is not a computer's)."""
    seats = data.get("seats")
    kinds = [s.get("kind") if isinstance(s, dict) else None for s in seats] if isinstance(seats, list) else []
    count = 0
    for entry in actions:
        player = entry.get("player") if isinstance(entry, dict) else None
        if isinstance(player, int) and 0 <= player < len(kinds) and kinds[player] != "computer":
            count += 1
    return count


def _revision(text: str | None) -> int:
    try:
        rev = json.loads(text or "{}").get("rev", 0)
    except (ValueError, AttributeError):
        return 0
    return rev if is_int(rev) else 0
