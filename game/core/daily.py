"""The daily deal: one seed per UTC calendar day and challenge, the same for everyone.

Challenges: each game declares its own (``GameSpec.daily``, a
:class:`~game.core.contract.DailyChallenge`): for instance a solo game
against the automa at each level, or two players, the second a weak
computer, ranked by the player's score. :func:`challenges` lists them.

The seed is derived from the text ``house-games/daily/1/<challenge>/<YYYY-MM-DD>``
by SHA-256, first four bytes big-endian. Nothing in the derivation depends on
the app's version, the engines or the device, so every player gets the same
deal on the same day for as long as derivation 1 is used; a test pins some
values (``tests/test_daily.py``). The computer seat's own seed is derived the
same way with ``/seat<N>`` appended, so its play depends only on the deal and
on the player's moves (given a fixed-budget bot, shared convention 2).
Changing the derivation means a new number in that text, never a silent change.
"""

from __future__ import annotations

import functools
import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any

from .. import GAMES
from .contract import DailyChallenge
from .errors import IllegalAction
from .match import Match, Seat, load_spec

DERIVATION = 1


@functools.cache
def challenges() -> dict[str, tuple[str, DailyChallenge]]:
    """Every game's daily challenges, ``{key: (game id, challenge)}`` in the registry's and each game's order.

    A game that does not load offers none (the others still do)."""
    found: dict[str, tuple[str, DailyChallenge]] = {}
    for game_id in GAMES:
        try:
            spec = load_spec(game_id)
        except Exception:  # an engine in progress: its deals are not offered
            continue
        for challenge in spec.daily:
            found.setdefault(challenge.key, (game_id, challenge))
    return found


def utc_today(now: datetime | None = None) -> str:
    """Today's date in UTC as ``YYYY-MM-DD`` (the day a daily deal belongs to)."""
    now = now or datetime.now(timezone.utc)
    if now.tzinfo is not None:
        now = now.astimezone(timezone.utc)
    return now.strftime("%Y-%m-%d")


def _day_text(day: str | date | None) -> str:
    if day is None:
        return utc_today()
    if isinstance(day, date):
        return day.strftime("%Y-%m-%d")
    try:
        return datetime.strptime(day, "%Y-%m-%d").strftime("%Y-%m-%d")
    except (TypeError, ValueError):
        raise IllegalAction(key="daily.bad_day", day=day) from None


def derive_seed(challenge: str, day: str | date | None = None, suffix: str = "") -> int:
    """The 32-bit seed of ``challenge`` on ``day`` (UTC, ``YYYY-MM-DD``; today when omitted)."""
    if challenge not in challenges():
        raise IllegalAction(key="daily.unknown_challenge", challenge=challenge)
    return _seed(challenge, day, suffix)


def _seed(challenge: str, day: str | date | None, suffix: str = "") -> int:
    text = f"house-games/daily/{DERIVATION}/{challenge}/{_day_text(day)}{suffix}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")


@dataclass(frozen=True)
class DailyDeal:
    """One day's deal of one challenge: everything needed to start it."""

    day: str  #: ``YYYY-MM-DD`` (UTC)
    challenge: str  #: a key of :func:`challenges`
    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    computer: str | None = None  #: strength of the other seats, ``None`` in a solo game

    @property
    def key(self) -> str:
        """``YYYY-MM-DD/challenge``: what a record's ``daily`` field holds."""
        return f"{self.day}/{self.challenge}"

    @property
    def level(self) -> str:
        """The automa's level in a solo game, else the computers' strength (statistics group by it)."""
        return str(self.options.get("level", self.computer or "-"))

    def seats(self, name: str = "") -> list[Seat]:
        """Seat 0 is the player; the other seats, if any, the computer."""
        seats = [Seat("human", None, name)]
        if self.computer:
            seats += [Seat("computer", self.computer, "") for _ in range(self.num_players - 1)]
        return seats

    def bot_seed(self, seat: int) -> int:
        """The seed of the computer in ``seat``: fixed by the deal, the same for everyone."""
        return derive_seed(self.challenge, self.day, f"/seat{seat}")

    def new_match(self, name: str = "") -> Match:
        """A fresh :class:`~game.core.match.Match` of this deal."""
        return Match.new(self.game_id, self.num_players, self.seed, self.seats(name), **self.options)


def deal(challenge: str, day: str | date | None = None) -> DailyDeal:
    """The deal of ``challenge`` on ``day`` (today, UTC, when omitted)."""
    if challenge not in challenges():
        raise IllegalAction(key="daily.unknown_challenge", challenge=challenge)
    game_id, declared = challenges()[challenge]
    return _deal(game_id, declared, day)


def _deal(game_id: str, declared: DailyChallenge, day: str | date | None) -> DailyDeal:
    return DailyDeal(_day_text(day), declared.key, game_id, declared.players, _seed(declared.key, day),
                     dict(declared.options), declared.computer)


def deals(day: str | date | None = None) -> list[DailyDeal]:
    """Every challenge's deal on ``day``, in :func:`challenges` order."""
    return [deal(challenge, day) for challenge in challenges()]


def game_deals(game_id: str, day: str | date | None = None) -> list[DailyDeal]:
    """The deals of ``game_id``'s own challenges on ``day``, as :func:`deals` has them: this loads that game alone
    where :func:`deals` loads every game (a game that does not load offers none)."""
    try:
        declared = load_spec(game_id).daily
    except Exception:  # an engine in progress: its deals are not offered
        return []
    return [_deal(game_id, challenge, day) for challenge in declared]


def parse_key(key: str) -> DailyDeal:
    """The deal named by a record's ``daily`` field (``YYYY-MM-DD/challenge``); raise ``IllegalAction``."""
    day, _, challenge = (key or "").partition("/")
    return deal(challenge, day)
