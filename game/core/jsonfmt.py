"""Versioned JSON envelopes for saved games.

Every engine's ``to_json`` returns ``{"format": "house-games", "game": ID,
"version": N, ...}``. :func:`open_envelope` checks those fields before an
engine reads the rest, so a foreign, corrupt or newer save is refused with a
clear :class:`SaveFormatError` instead of a crash deep in the engine.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

from .errors import SaveFormatError

FORMAT = "house-games"
T = TypeVar("T")


def envelope(game: str, version: int, body: Mapping[str, Any]) -> dict[str, Any]:
    """Wrap a game's JSON body with the format, game id and version."""
    data: dict[str, Any] = {"format": FORMAT, "game": game, "version": version}
    data.update(body)
    return data


def open_envelope(data: Any, game: str, version: int) -> dict[str, Any]:
    """Check a saved game's envelope and return it; raise :class:`SaveFormatError` if it is not ours."""
    if not isinstance(data, dict):
        raise SaveFormatError("The saved game is not a JSON object.")
    if data.get("format") != FORMAT:
        raise SaveFormatError("This file is not a saved game of this app.")
    if data.get("game") != game:
        raise SaveFormatError(f"This saved game is for {data.get('game')!r}, not {game!r}.")
    v = data.get("version")
    if not isinstance(v, int) or isinstance(v, bool):
        raise SaveFormatError("The saved game has no version number.")
    if v > version:
        raise SaveFormatError(f"The saved game was written by a newer version (format {v}; this app reads up to {version}).")
    if v < version:
        raise SaveFormatError(f"The saved game uses an old format ({v}) that this version no longer reads.")
    return data


def read_field(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], what: str | None = None) -> Any:
    """Return ``data[key]`` if present and of the given type, else raise :class:`SaveFormatError`."""
    if key not in data:
        raise SaveFormatError(f"The saved game lacks {what or key!r}.")
    value = data[key]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise SaveFormatError(f"The saved game's {what or key!r} has the wrong type.")
    if not isinstance(value, kind):
        raise SaveFormatError(f"The saved game's {what or key!r} has the wrong type.")
    return value


def guarded(read: Callable[[], T]) -> T:
    """Run a body reader, turning any low-level error into :class:`SaveFormatError`.

    Engines call ``guarded(lambda: _read(data))`` so that a hand-edited save
    that passes the envelope check but breaks deeper still fails cleanly.
    """
    try:
        return read()
    except SaveFormatError:
        raise
    except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
        raise SaveFormatError(f"The saved game is damaged ({type(exc).__name__}: {exc}).") from None
