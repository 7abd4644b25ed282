"""Reading an action's fields, and catalogue words used inside refusals.

A refusal names things (an ability, a colour, what to do now) in the player's
language: its parameter is a :class:`Term`, and the catalogue text indexes it
by language (``"{ability[es]}"``), so a new language is still one new file.
"""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ...core.actions import Refusal
from ...core.locale import text


class Term:
    """A word from the catalogue used as a refusal parameter: ``term[lang]`` is its text there."""

    __slots__ = ("key",)

    def __init__(self, key: str) -> None:
        self.key = key

    def __getitem__(self, lang: str) -> str:
        return text(self.key, lang)

    def __str__(self) -> str:
        return text(self.key, "en")

    def __repr__(self) -> str:
        return f"Term({self.key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Term) and other.key == self.key

    def __hash__(self) -> int:
        return hash(self.key)


def ability_term(name: str) -> Term:
    """An ability tile's name (``"change_of_colours"`` → *Change of Colours*)."""
    return Term(f"nyhavn.ability.{name}")


def colour_term(name: str) -> Term:
    """A card or tile colour's name (``"red"``)."""
    return Term(f"nyhavn.colour.{name}")


def now_term(phase: str) -> Term:
    """What the player must do in ``phase`` (for refusals of actions from another phase)."""
    return Term(f"nyhavn.now.{phase}")


def want(action: dict[str, Any], key: str, kind: type | tuple[type, ...]) -> Any:
    """``action[key]`` when present and of type ``kind`` (``True`` is not an ``int`` here); else refuse."""
    if key not in action:
        raise MalformedAction(key="nyhavn.missing_field", field=key)
    v = action[key]
    if (isinstance(v, bool) and kind is not bool) or not isinstance(v, kind):
        raise MalformedAction(key="nyhavn.field_type", field=key)
    return v


def as_refusal(exc: IllegalAction) -> Refusal:
    """A refusal built as an exception (``placement_refusal``'s) as a catalogue key and its parameters."""
    return exc.key, exc.params
