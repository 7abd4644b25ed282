"""Words every game's log shares: the supported languages and how seats are named.

The languages are the catalogue files of ``game/locale/`` (:mod:`game.core.locale`);
the UI names seats with the same key (``player.n``), so the log and the score table agree.

Engines name seats through :func:`player_name`. The app says who is who with
:func:`speaking_to` around its calls (``describe_event``, ``describe_action``): the
seat played on this device is then "you" (a :class:`~game.core.locale.YouName`, which
picks each text's ``@you`` variant: "You place brick", not "Player 1 places brick"),
and a seat its player named is called by that name. Outside it, seats are "Player N".
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

from .locale import YouName, languages, text

LANGUAGES = languages()


@dataclass(frozen=True)
class SeatWords:
    """Who the words speak to: the seats played on this device, and names players gave their seats."""

    you: frozenset[int] = frozenset()
    names: tuple[str | None, ...] = field(default_factory=tuple)


_SEATS: ContextVar[SeatWords] = ContextVar("house_games_seat_words", default=SeatWords())


@contextmanager
def speaking_to(you: Iterable[int] = (), names: Sequence[str | None] = ()) -> Iterator[SeatWords]:
    """Within the block, :func:`player_name` calls the seats in ``you`` "you" and the others by ``names`` (when given)."""
    words = SeatWords(frozenset(you), tuple(names))
    token = _SEATS.set(words)
    try:
        yield words
    finally:
        _SEATS.reset(token)


def lang_code(lang: str) -> str:
    """``lang`` if the engines speak it, else English."""
    return lang if lang in LANGUAGES else "en"


def you_name(lang: str) -> YouName:
    """The seat played on this device as a name: "You" / "Tú" / "Vous"."""
    return YouName(text("player.you", lang_code(lang)))


def player_name(seat: int, lang: str) -> str:
    """A seat as the log names it: "Player 1" / "Jugador 1" / "Joueur 1", its given name, or "you" (see :func:`speaking_to`)."""
    words = _SEATS.get()
    if seat in words.you:
        return you_name(lang)
    if isinstance(seat, int) and 0 <= seat < len(words.names) and words.names[seat]:
        return str(words.names[seat])
    return text("player.n", lang_code(lang), n=seat + 1)
