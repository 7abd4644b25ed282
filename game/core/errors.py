"""Errors shared by every game engine.

Every refusal an engine makes is an :class:`IllegalAction` that carries a
catalogue key and parameters (``exc.key``, ``exc.params``), so the UI can say
it in the player's language (:meth:`IllegalAction.text`); ``str(exc)`` is the
English sentence. The texts live in ``game/locale/<lang>.json``
(:mod:`game.core.locale`).
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base class of every error raised by the engines."""


class IllegalAction(GameError):
    """An action that the rules do not allow now, or that is malformed.

    Raise it with a catalogue key and the values its text names::

        raise IllegalAction(key="barrio.market_too_big", rows=6)

    Raising it never changes the state the action was applied to.
    """

    #: key used when a subclass is raised without one
    default_key = "core.illegal"

    def __init__(self, message: str | None = None, *, key: str | None = None, **params: Any) -> None:
        self.key: str = key or self.default_key
        self.params: dict[str, Any] = params
        if message is not None and key is None:
            # a free sentence with no catalogue entry: kept so nothing is lost, but the
            # refusal test (tests/test_refusals.py) fails on it
            self.key = ""
            self.params = {"message": message}
        super().__init__(message if message is not None else self.text("en"))

    def text(self, lang: str) -> str:
        """The refusal in ``lang`` (English when that language lacks the key)."""
        if not self.key:
            return str(self.params.get("message", ""))
        from .locale import text

        return text(self.key, lang, **self.params)


class MalformedAction(IllegalAction):
    """An action that is not even shaped like one (wrong type, missing keys)."""

    default_key = "core.malformed"


class SaveFormatError(GameError):
    """A saved game (JSON) that cannot be read: corrupt, foreign, too new, or not a game the rules could reach.

    Like :class:`IllegalAction` it carries a catalogue key and parameters, so the
    UI says it in the player's language (:meth:`text`)::

        raise SaveFormatError(key="save.range", field="turn_number", low=0, high=200)

    A ``detail`` parameter is an English explanation for developers: it is
    appended to ``str(exc)`` but left out of :meth:`text`, whose catalogue
    sentences name the JSON field instead. A bare message (``SaveFormatError("…")``,
    the engines' older habit, still used by the tests' toy game) is kept as the
    detail of the generic key ``save.damaged``.
    """

    #: key used when raised without one
    default_key = "save.damaged"
    #: the first part of the keys the ``jsonfmt`` readers raise with this class (``save.int``, ``save.missing``…)
    subject = "save"

    def __init__(self, message: str | None = None, *, key: str | None = None, **params: Any) -> None:
        self.key: str = key or self.default_key
        self.params: dict[str, Any] = params
        if message is not None:
            self.params = {**params, "detail": message}
        english = self.text("en")
        detail = self.params.get("detail")
        if detail and detail not in english:
            english = f"{english[:-1]} ({detail})." if english.endswith(".") else f"{english} ({detail})"
        super().__init__(english)

    @property
    def detail(self) -> str:
        """The English explanation, "" when the key says it all."""
        return str(self.params.get("detail", ""))

    def text(self, lang: str) -> str:
        """The refusal in ``lang`` (English when that language lacks the key)."""
        from .locale import text

        return text(self.key, lang, **self.params)
