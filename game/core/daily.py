"""The daily deal: one seed per UTC calendar day and challenge, the same for everyone.

Challenges: Barrio solo against Klaus at each level (``barrio-A``,
``barrio-B``, ``barrio-C``), and the Nyhavn score challenge (``nyhavn-score``:
two players, the second a weak computer, ranked by the player's score).

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

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Any

from .errors import IllegalAction
from .match import Match, Seat

DERIVATION = 1

#: challenge key -> (game, players, options, computer strength or None)
CHALLENGES: dict[str, tuple[str, int, dict[str, Any], str | None]] = {
    "barrio-A": ("barrio", 1, {"level": "A"}, None),
    "barrio-B": ("barrio", 1, {"level": "B"}, None),
    "barrio-C": ("barrio", 1, {"level": "C"}, None),
    "nyhavn-score": ("nyhavn", 2, {}, "weak"),
}


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
    if challenge not in CHALLENGES:
        raise IllegalAction(key="daily.unknown_challenge", challenge=challenge)
    text = f"house-games/daily/{DERIVATION}/{challenge}/{_day_text(day)}{suffix}"
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:4], "big")


@dataclass(frozen=True)
class DailyDeal:
    """One day's deal of one challenge: everything needed to start it."""

    day: str  #: ``YYYY-MM-DD`` (UTC)
    challenge: str  #: a key of :data:`CHALLENGES`
    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    computer: str | None = None  #: strength of seat 1 (Nyhavn), ``None`` for Barrio solo

    @property
    def key(self) -> str:
        """``YYYY-MM-DD/challenge``: what a record's ``daily`` field holds."""
        return f"{self.day}/{self.challenge}"

    @property
    def level(self) -> str:
        """Klaus's level for Barrio, the computer's strength for Nyhavn (statistics group by it)."""
        return str(self.options.get("level", self.computer or "-"))

    def seats(self, name: str = "") -> list[Seat]:
        """Seat 0 is the player; seat 1 (Nyhavn) the computer."""
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
    seed = derive_seed(challenge, day)
    game_id, players, options, computer = CHALLENGES[challenge]
    return DailyDeal(_day_text(day), challenge, game_id, players, seed, dict(options), computer)


def deals(day: str | date | None = None) -> list[DailyDeal]:
    """Every challenge's deal on ``day``, in :data:`CHALLENGES` order."""
    return [deal(challenge, day) for challenge in CHALLENGES]


def parse_key(key: str) -> DailyDeal:
    """The deal named by a record's ``daily`` field (``YYYY-MM-DD/challenge``); raise ``IllegalAction``."""
    day, _, challenge = (key or "").partition("/")
    return deal(challenge, day)
