"""Autosave and settings in the browser's ``localStorage`` (or any key-value store).

Nothing here imports the browser: :class:`Store` takes any object with
``getItem``/``setItem``/``removeItem`` (:class:`PageBackend` in the worker,
:class:`MemoryBackend` in tests), so the rules for bad saves are tested
under CPython.

A save that cannot be read is never deleted: :meth:`Store.load_match`
moves it to a ``…bad.N`` key, reports why, and the app starts fresh.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from ..core import GameError, Match

PREFIX = "house-games."
AUTOSAVE_KEY = PREFIX + "autosave"
BAD_SAVE_PREFIX = PREFIX + "autosave.bad."
SETTINGS_KEY = PREFIX + "settings"


class Backend(Protocol):
    """The part of the Web Storage API the store uses."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class MemoryBackend:
    """A dict standing in for ``localStorage`` (tests, or a browser with storage disabled)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


class PageBackend(MemoryBackend):
    """The page's ``localStorage`` seen from the worker: a snapshot sent at boot, every write forwarded.

    ``send(key, value)`` forwards a write (``value`` ``None`` removes the key);
    :meth:`changed` takes in a change another tab made.
    """

    def __init__(self, items: dict[str, str], send: Callable[[str, str | None], Any]) -> None:
        super().__init__(items)
        self.send = send

    def setItem(self, key: str, value: str) -> None:
        super().setItem(key, value)
        self.send(key, str(value))

    def removeItem(self, key: str) -> None:
        super().removeItem(key)
        self.send(key, None)

    def changed(self, key: str, value: Any) -> None:
        """Another tab changed ``key`` (``value`` None: removed)."""
        if isinstance(value, str):
            self.items[key] = value
        else:
            self.items.pop(key, None)


@dataclass
class LoadResult:
    """What :meth:`Store.load_match` found: a match, nothing, or a bad save set aside."""

    match: Match | None = None
    error: str | None = None  #: why the save could not be read
    kept_as: str | None = None  #: key the unreadable save was moved to


class Store:
    """The app's persistent data: one autosaved match and the settings."""

    def __init__(self, backend: Backend) -> None:
        self.backend = backend

    def _get(self, key: str) -> str | None:
        value = self.backend.getItem(key)
        # JS null arrives as pyodide's jsnull, not None: anything but a string means "absent"
        return value if isinstance(value, str) else None

    # -- autosave
    def has_autosave(self) -> bool:
        """True when something is stored under the autosave key (readable or not)."""
        return self._get(AUTOSAVE_KEY) is not None

    def save_match(self, match: Match) -> None:
        """Store ``match`` as the autosave (called after every action), stamped ``saved_at`` (ms since
        1970) for the start screen's Resume summary; :meth:`Match.from_json` ignores the stamp."""
        data = {**match.to_json(), "saved_at": int(time.time() * 1000)}
        self.backend.setItem(AUTOSAVE_KEY, json.dumps(data, separators=(",", ":")))

    def clear_autosave(self) -> None:
        """Forget the autosave (a finished game is not resumed)."""
        self.backend.removeItem(AUTOSAVE_KEY)

    def load_match(self) -> LoadResult:
        """Read the autosave; on any failure keep the raw text aside and say why."""
        raw = self._get(AUTOSAVE_KEY)
        if raw is None:
            return LoadResult()
        try:
            data = json.loads(raw)
            match = Match.from_json(data)
        except (ValueError, GameError, ImportError, RecursionError) as exc:
            reason = str(exc) or type(exc).__name__
            if isinstance(exc, json.JSONDecodeError):
                reason = "the saved text is not valid JSON"
            elif isinstance(exc, ImportError):
                reason = "its game is not available in this version"
            return LoadResult(error=reason, kept_as=self.set_aside(raw))
        return LoadResult(match=match)

    def set_aside(self, raw: str) -> str:
        """Move an unreadable save to the first free ``…bad.N`` key and return that key."""
        n = 1
        while self._get(f"{BAD_SAVE_PREFIX}{n}") is not None:
            n += 1
        key = f"{BAD_SAVE_PREFIX}{n}"
        self.backend.setItem(key, raw)
        self.backend.removeItem(AUTOSAVE_KEY)
        return key

    # -- settings
    def load_settings(self) -> dict[str, Any]:
        """The saved start-screen choices (language, patterns, last game…); ``{}`` if none or unreadable."""
        try:
            data = json.loads(self._get(SETTINGS_KEY) or "{}")
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def save_settings(self, settings: dict[str, Any]) -> None:
        """Remember the start-screen choices."""
        self.backend.setItem(SETTINGS_KEY, json.dumps(settings, sort_keys=True))
