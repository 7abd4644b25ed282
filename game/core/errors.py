"""Errors shared by every game engine.

Every refusal an engine makes is an :class:`IllegalAction` whose message is a
sentence a player understands ("That card is not in your hand."), so the UI
can show it as it is.
"""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error raised by the engines."""


class IllegalAction(GameError):
    """An action that the rules do not allow now, or that is malformed.

    Raising it never changes the state the action was applied to.
    """


class MalformedAction(IllegalAction):
    """An action that is not even shaped like one (wrong type, missing keys)."""


class SaveFormatError(GameError):
    """A saved game (JSON) that cannot be read: corrupt, foreign or too new."""
