"""Versioned JSON envelopes for saved games, and the readers every ``saves.py`` checks its fields with.

Every engine's ``to_json`` returns ``{"format": "house-games", "game": ID,
"version": N, ...}``. :func:`open_envelope` checks those fields before an
engine reads the rest, so a foreign, corrupt or newer save is refused with a
clear :class:`SaveFormatError` instead of a crash deep in the engine.

The readers (:func:`read_int`, :func:`read_whole`, :func:`read_ints`, :func:`read_bool`, :func:`read_str`,
:func:`read_object`, :func:`read_list`, :func:`read_choice`, :func:`read_field`, :func:`check_keys`)
are the one place that decides what a well-typed field is: a whole number is
an ``int`` that is not a ``bool``, within its range; a list has its length;
nothing is coerced. Each refuses with a catalogue key naming the JSON field, so
the refusal reads in the player's language; ``what`` (English, optional) is
kept as the developer detail. The key's first part is the ``error`` class's
:attr:`~game.core.errors.SaveFormatError.subject`: ``save.int`` for a saved
game, ``record.int`` for a game record (``error=RecordError``), ``import.int`` for
an imported book's entry, ``storage.int`` for a row this device stored and
``multi.refused.int`` for another phone's message (their classes live beside
their readers in ``game/ui``), so every kind of player data is read by the same
code and refused in its own words.
:func:`inconsistent` is the refusal of a field whose value is well typed but
does not fit the rest of the game.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Mapping, Sequence, TypeVar

from .errors import SaveFormatError

FORMAT = "house-games"
T = TypeVar("T")
#: the kind of refusal a reader raises: :class:`SaveFormatError` or a subclass with its own ``subject``
Error = type[SaveFormatError]


def envelope(game: str, version: int, body: Mapping[str, Any]) -> dict[str, Any]:
    """Wrap a game's JSON body with the format, game id and version."""
    data: dict[str, Any] = {"format": FORMAT, "game": game, "version": version}
    data.update(body)
    return data


def read_version(data: Mapping[str, Any], newest: int) -> int:
    """``data["version"]``, a whole number no newer than ``newest``; raise ``save.no_version``/``save.too_new``."""
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise SaveFormatError(key="save.no_version")
    if v > newest:
        raise SaveFormatError(key="save.too_new", version=v, newest=newest)
    return v


def open_envelope(data: Any, game: str, version: int) -> dict[str, Any]:
    """Check a saved game's envelope and return it; raise :class:`SaveFormatError` if it is not ours."""
    if not isinstance(data, dict):
        raise SaveFormatError(key="save.not_object")
    if data.get("format") != FORMAT:
        raise SaveFormatError(key="save.not_ours")
    if data.get("game") != game:
        raise SaveFormatError(key="save.other_game", game=repr(data.get("game")), expected=repr(game))
    if read_version(data, version) < version:
        raise SaveFormatError(key="save.too_old", version=data["version"])
    return data


def _detail(what: str | None) -> dict[str, str]:
    return {"detail": what} if what else {}


def is_int(value: Any) -> bool:
    """True for a JSON whole number (an ``int`` that is not a ``bool``)."""
    return isinstance(value, int) and not isinstance(value, bool)


def read_int(value: Any, field: str, low: int, high: int, what: str | None = None,
             error: Error = SaveFormatError) -> int:
    """``value`` if it is a whole number from ``low`` to ``high``; raise ``<subject>.int`` naming ``field``."""
    if not is_int(value) or not low <= value <= high:
        raise error(key=f"{error.subject}.int", field=field, low=low, high=high, **_detail(what))
    return int(value)


def read_whole(value: Any, field: str, what: str | None = None, error: Error = SaveFormatError) -> int:
    """``value`` if it is a whole number of any size (a seed, a score); raise ``<subject>.type``."""
    if not is_int(value):
        raise error(key=f"{error.subject}.type", field=field, **_detail(what))
    return int(value)


def read_bool(value: Any, field: str, what: str | None = None, error: Error = SaveFormatError) -> bool:
    """``value`` if it is ``true`` or ``false``; raise ``<subject>.bool``."""
    if not isinstance(value, bool):
        raise error(key=f"{error.subject}.bool", field=field, **_detail(what))
    return value


def read_str(value: Any, field: str, what: str | None = None, error: Error = SaveFormatError) -> str:
    """``value`` if it is a string; raise ``<subject>.type``."""
    if not isinstance(value, str):
        raise error(key=f"{error.subject}.type", field=field, **_detail(what))
    return value


def read_object(value: Any, field: str, what: str | None = None, error: Error = SaveFormatError) -> dict[str, Any]:
    """A copy of ``value`` if it is a JSON object (string keys only); raise ``<subject>.type``."""
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise error(key=f"{error.subject}.type", field=field, **_detail(what))
    return dict(value)


def read_list(value: Any, field: str, length: int | None = None, what: str | None = None,
              error: Error = SaveFormatError) -> list[Any]:
    """``value`` if it is a list (of ``length`` items when given); raise ``<subject>.list``/``.list_length``."""
    if not isinstance(value, list):
        raise error(key=f"{error.subject}.list", field=field, **_detail(what))
    if length is not None and len(value) != length:
        raise error(key=f"{error.subject}.list_length", field=field, count=length, **_detail(what))
    return value


def read_ints(value: Any, field: str, low: int, high: int, length: int | None = None,
              what: str | None = None, error: Error = SaveFormatError) -> list[int]:
    """A list of whole numbers from ``low`` to ``high`` (``length`` of them when given), as a new list."""
    items = read_list(value, field, length, what, error)
    return [read_int(x, field, low, high, what, error) for x in items]


def read_choice(value: Any, field: str, choices: Collection[Any], what: str | None = None,
                error: Error = SaveFormatError) -> Any:
    """``value`` if it is one of ``choices`` (same type too: ``1`` is not ``true``); raise ``<subject>.choice``."""
    if not any(type(value) is type(c) and value == c for c in choices):
        raise error(key=f"{error.subject}.choice", field=field, **_detail(what))
    return value


def read_field(data: Mapping[str, Any], field: str, error: Error = SaveFormatError) -> Any:
    """``data[field]``; raise ``<subject>.missing`` naming it when it is not there."""
    if field not in data:
        raise error(key=f"{error.subject}.missing", field=field)
    return data[field]


def check_keys(data: Mapping[str, Any], required: Sequence[str], optional: Collection[str] = (),
               where: str = "", error: Error = SaveFormatError) -> None:
    """Refuse a missing required key (``<subject>.missing``) or a key neither required nor optional
    (``<subject>.unknown``)."""
    for key in required:
        if key not in data:
            raise error(key=f"{error.subject}.missing", field=where + key)
    allowed = set(required) | set(optional)
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise error(key=f"{error.subject}.unknown", field=where + unknown[0])


def inconsistent(field: str, detail: str) -> SaveFormatError:
    """The refusal of a well-typed ``field`` whose value no game could reach (``detail``: why, in English)."""
    return SaveFormatError(key="save.inconsistent", field=field, detail=detail)


def guarded(read: Callable[[], T]) -> T:
    """Run a body reader, turning any low-level error into :class:`SaveFormatError`.

    Engines call ``guarded(lambda: _read(data))`` so that a hand-edited save
    that passes the envelope check but breaks deeper still fails cleanly.
    """
    try:
        return read()
    except SaveFormatError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveFormatError(key="save.damaged", detail=f"{type(exc).__name__}: {exc}") from None
