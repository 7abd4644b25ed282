"""The record book's rows as JSON, read one way wherever they come from.

A result row, a kept game and a daily entry come from the page's database (at boot, or another tab's writes), from
a book of the versions before the database, or from an imported file. Each is read here through the
:mod:`game.core.jsonfmt` readers, and a damaged one is refused with a keyed, translated error naming its field: the
``error`` class says whose words: :class:`~game.ui.storage.StoredEntryError` (``storage.*``, "a stored entry's …")
for what this device kept, :class:`BookImportError` (``import.*``, "this file could not be imported: …") for a file.
"""

from __future__ import annotations

from typing import Any

from ..core import share
from ..core.jsonfmt import Error, read_bool, read_choice, read_ints, read_list, read_object, read_str, read_whole
from ..core.record import RecordError, parse_iso

#: how a game was played (``GameRecord.mode``)
MODES = ("solo", "daily", "computer", "table", "demo")
#: a result row's ``result`` for its player: none (several people, or none), or how it went
RESULTS = (None, "win", "tie", "loss")
#: the fields every result row has (``hints`` and ``takebacks`` may be missing: rows from before they were counted)
ROW_FIELDS = ("id", "game", "mode", "level", "finished", "players", "me", "scores", "winners", "result", "score",
              "daily", "counted")
ID_LENGTH = 16  #: a record's content id (``GameRecord.id``)
MAX_COUNT = 10**6  #: hints or takebacks of one seat in one game: more is damage, not play


class BookImportError(RecordError):
    """An imported file's entry that cannot be read: its ``import.*`` texts say which field, and that nothing changed."""

    #: the ``jsonfmt`` readers' keys for an imported file: ``import.int``, ``import.missing``…
    subject = "import"
    default_key = "records.import_damaged"


def _field(row: dict[str, Any], name: str, where: str, error: Error) -> Any:
    """``row[name]``; refuse ``<subject>.missing`` naming ``where + name``."""
    if name not in row:
        raise error(key=f"{error.subject}.missing", field=where + name)
    return row[name]


def _wholes(value: Any, field: str, error: Error) -> list[int]:
    """A list of whole numbers of any size (scores, seats)."""
    return [read_whole(x, field, error=error) for x in read_list(value, field, error=error)]


def _optional_whole(value: Any, field: str, error: Error) -> int | None:
    return None if value is None else read_whole(value, field, error=error)


def read_stamp(value: Any, field: str, error: Error) -> str:
    """A UTC stamp ``YYYY-MM-DDTHH:MM:SSZ`` or "" (unknown); refuse ``<subject>.choice`` for any other text."""
    stamp = read_str(value, field, error=error)
    if stamp:
        try:
            parse_iso(stamp)
        except ValueError:
            raise error(key=f"{error.subject}.choice", field=field) from None
    return stamp


def read_result_row(value: Any, error: Error, where: str = "results.") -> dict[str, Any]:
    """A statistics row (``record_book.result_row``'s form), every field checked, as a copy; fields this version
    does not know are kept as they are (a later version may add one, as ``hints`` was added)."""
    row = read_object(value, where.rstrip("."), error=error)
    for name in ROW_FIELDS:
        _field(row, name, where, error)
    rid = read_str(row["id"], where + "id", error=error)
    if len(rid) != ID_LENGTH:
        raise error(key=f"{error.subject}.choice", field=where + "id")
    read_str(row["game"], where + "game", error=error)
    read_choice(row["mode"], where + "mode", MODES, error=error)
    read_str(row["level"], where + "level", error=error)
    read_stamp(row["finished"], where + "finished", error)
    read_whole(row["players"], where + "players", error=error)
    _optional_whole(row["me"], where + "me", error)
    _wholes(row["scores"], where + "scores", error)
    _wholes(row["winners"], where + "winners", error)
    read_choice(row["result"], where + "result", RESULTS, error=error)
    _optional_whole(row["score"], where + "score", error)
    read_str(row["daily"], where + "daily", error=error)
    read_bool(row["counted"], where + "counted", error=error)
    for counted in ("hints", "takebacks"):  # optional: rows from before they were counted
        read_ints(row.get(counted, []), where + counted, 0, MAX_COUNT, error=error)
    return row


def read_kept_game(value: Any, error: Error, where: str = "games.") -> dict[str, Any]:
    """A game kept for replay ``{"id", "code", "pinned", "added"}``; its code must pass the link's checksum."""
    entry = read_object(value, where.rstrip("."), error=error)
    rid = read_str(_field(entry, "id", where, error), where + "id", error=error)
    code = read_str(_field(entry, "code", where, error), where + "code", error=error)
    try:
        share.peek(code)
    except RecordError:
        raise error(key=f"{error.subject}.choice", field=where + "code") from None
    return {"id": rid, "code": code, "pinned": read_bool(entry.get("pinned", False), where + "pinned", error=error),
            "added": read_str(entry.get("added", ""), where + "added", error=error)}


def read_daily_entry(day: Any, rid: Any, error: Error) -> tuple[str, str]:
    """A daily entry: the deal's key (``"YYYY-MM-DD/challenge"``) and the id of the game counted for it."""
    key = read_str(day, "daily", error=error)
    return key, read_str(rid, f"daily.{key}", error=error)
