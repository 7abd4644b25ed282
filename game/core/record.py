"""A finished game as a record, and its replay to any step.

A game is its settings (game, player count, options, seed, seats) plus the
list of actions taken: the engines draw every random number from the seeded
generator in their state, so replaying the actions from the seed reaches the
very same final position. :class:`GameRecord` is that, plus what a "Past
games" list shows (scores, winners, when it ended, which daily deal it was).
:class:`Replay` rebuilds every intermediate state from a record and checks
that the end matches the recorded scores.

Actions are kept in canonical form: each is the matching entry of
``legal_actions`` at its step, so a record and its share link
(:mod:`game.core.share`) stand for exactly the same game and have the same
:attr:`GameRecord.id`.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from .contract import GameSpec
from .errors import GameError, IllegalAction, SaveFormatError
from .jsonfmt import read_choice, read_field, read_list, read_object, read_str, read_whole
from .match import GAME_MODULES, Match, Seat, load_spec
from .search import action_key
from .seat_names import lang_code

RECORD_FORMAT = "house-games-record"
RECORD_VERSION = 1


class RecordError(SaveFormatError):
    """A record, link or store that cannot be read or replayed, with a catalogue key.

    Like :class:`~game.core.errors.IllegalAction` it carries ``key`` and
    ``params`` so the UI says it in the player's language (:meth:`text`);
    ``str(exc)`` is the English sentence.
    """

    #: the ``jsonfmt`` readers' keys for a record: ``record.int``, ``record.missing``…
    subject = "record"

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key=key, **params)


def utc_now_iso() -> str:
    """The current UTC time as ``YYYY-MM-DDTHH:MM:SSZ`` (what records keep)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(stamp: str) -> datetime:
    """Read a ``YYYY-MM-DDTHH:MM:SSZ`` stamp; raise ``ValueError`` otherwise."""
    return datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def canonical_action(spec: GameSpec, state: Any, action: dict[str, Any], legal: list[dict[str, Any]] | None = None) -> int:
    """Index in ``legal_actions(state)`` of the action equivalent to ``action``.

    Usually the action is one of the legal ones (same keys and values). If it
    is spelt differently but the engine accepts it, the legal action leading
    to the same next state is taken. Raise ``IllegalAction`` when none does.
    """
    legal = spec.legal_actions(state) if legal is None else legal
    key = action_key(action)
    for i, candidate in enumerate(legal):
        if action_key(candidate) == key:
            return i
    after = spec.apply_action(state, action)  # raises IllegalAction for a wrong one
    for i, candidate in enumerate(legal):
        if spec.apply_action(state, candidate) == after:
            return i
    raise IllegalAction(key="record.not_in_legal")


@dataclass
class GameRecord:
    """One finished game: enough to replay it, plus what a list of past games shows."""

    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    actions: list[dict[str, Any]]
    scores: list[int]
    winners: list[int]
    finished: str = ""  #: UTC stamp ``YYYY-MM-DDTHH:MM:SSZ`` when the game ended ("" unknown)
    daily: str = ""  #: the daily deal it was (``"2025-05-01/barrio-A"``), "" for none
    #: hints asked per seat (the coach); not part of :attr:`id` nor of equality (the same moves are the same game);
    #: ``[]`` for records made before hints were counted, and for games read back from a link (links do not carry it)
    hints: list[int] = field(default_factory=list, compare=False)
    #: takebacks per seat (``Match.takebacks``): like :attr:`hints`, outside :attr:`id` and equality; ``[]`` for
    #: records made before takebacks and for games read from a link. The taken-back actions themselves are not
    #: kept: :attr:`actions` is the line the game was finished on, which is what replays to its final position.
    takebacks: list[int] = field(default_factory=list, compare=False)

    # ------------------------------------------------------------------ building
    @classmethod
    def from_match(cls, match: Match, finished: str | None = None, daily: str = "") -> "GameRecord":
        """The record of a finished ``match`` (raise ``IllegalAction`` while it is still going on)."""
        spec = match.spec
        if not spec.is_over(match.state):
            raise IllegalAction(key="record.not_finished")
        actions = []
        for before, entry in zip(match.states, match.entries):
            legal = spec.legal_actions(before)
            actions.append(legal[canonical_action(spec, before, entry.action, legal)])
        return cls(
            match.game_id, match.num_players, match.seed, dict(match.options),
            [Seat(s.kind, (s.bot or spec.bot_names[0]) if s.kind == "computer" else None, s.name) for s in match.seats],
            actions,
            list(spec.scores(match.state)), list(spec.winners(match.state)),
            utc_now_iso() if finished is None else finished, daily,
            [match.hints_used(i) for i in range(len(match.seats))],
            [match.takebacks_used(i) for i in range(len(match.seats))],
        )

    # ------------------------------------------------------------------ identity and summary
    @property
    def id(self) -> str:
        """A content id: equal for the same game (settings and moves), whoever stored it and when.

        Names and dates are left out so that importing a game twice, or
        opening the link of a game already kept, never makes a duplicate.
        """
        body = [self.game_id, self.num_players, self.seed, self.options,
                [[s.kind, s.bot if s.kind == "computer" else None] for s in self.seats], self.actions]
        digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
        return digest[:16]

    def hints_used(self, seat: int) -> int:
        """Hints ``seat`` asked for (0 for records made before hints were counted)."""
        return self.hints[seat] if 0 <= seat < len(self.hints) else 0

    def takebacks_used(self, seat: int) -> int:
        """Takebacks ``seat`` made (0 for records made before takebacks were counted)."""
        return self.takebacks[seat] if 0 <= seat < len(self.takebacks) else 0

    @property
    def with_takebacks(self) -> bool:
        """True when someone took a move back (the game is marked "with takebacks")."""
        return any(t > 0 for t in self.takebacks)

    @property
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def me(self) -> int | None:
        """The seat of this device's player: the only human seat, or ``None`` (several people, or none)."""
        humans = self.humans
        return humans[0] if len(humans) == 1 else None

    @property
    def solo(self) -> bool:
        """True for a one-player game (against the game's automa, such as Barrio's Klaus, who scores as index 1)."""
        return self.num_players == 1

    @property
    def mode(self) -> str:
        """How it was played: ``daily``, ``solo`` (one player), ``computer`` (one person against
        computers), ``table`` (several people) or ``demo`` (computers only)."""
        if self.daily:
            return "daily"
        if self.solo:
            return "solo"
        humans = len(self.humans)
        if humans == 0:
            return "demo"
        return "computer" if humans == 1 else "table"

    @property
    def level(self) -> str:
        """The difficulty: the automa's level solo (Barrio's Klaus: A, B, C), the computers' strength
        (``weak``, ``strong``, ``mixed``) against computers, ``-`` otherwise."""
        if self.solo:
            try:
                automa = load_spec(self.game_id).automa
            except (IllegalAction, ImportError):  # a game this build does not have
                automa = None
            return str(self.options.get(automa.level_option, automa.levels[0])) if automa else "-"
        bots = {s.bot or "" for s in self.seats if s.kind == "computer"}
        if not bots:
            return "-"
        return bots.pop() if len(bots) == 1 else "mixed"

    @property
    def result(self) -> str | None:
        """For :attr:`me`: ``win`` (alone), ``tie`` (a shared win) or ``loss``; ``None`` without one player."""
        me = self.me
        if me is None:
            return None
        if me in self.winners:
            return "win" if len(self.winners) == 1 else "tie"
        return "loss"

    # ------------------------------------------------------------------ JSON
    def to_json(self) -> dict[str, Any]:
        """A versioned JSON object (the form of export files)."""
        return {
            "format": RECORD_FORMAT, "version": RECORD_VERSION, "id": self.id,
            "game": self.game_id, "num_players": self.num_players, "seed": self.seed, "options": self.options,
            "seats": [s.to_json() for s in self.seats], "actions": self.actions,
            "scores": self.scores, "winners": self.winners, "finished": self.finished, "daily": self.daily,
            "hints": self.hints, "takebacks": self.takebacks,
        }

    @classmethod
    def from_json(cls, data: Any) -> "GameRecord":
        """Read :meth:`to_json`'s output, checking every field's type; raise :class:`RecordError`.

        The moves are not replayed here (see :class:`Replay`), so reading is cheap.
        """
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise RecordError("record.not_a_record")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):  # "1" is damage, not a newer version
            raise RecordError("record.damaged")
        if version > RECORD_VERSION:
            raise RecordError("record.too_new", version=version)
        if version < RECORD_VERSION:
            raise RecordError("record.too_old", version=version)
        record = cls(
            read_str(read_field(data, "game", RecordError), "game", error=RecordError),
            read_whole(read_field(data, "num_players", RecordError), "num_players", error=RecordError),
            read_whole(read_field(data, "seed", RecordError), "seed", error=RecordError),
            read_object(read_field(data, "options", RecordError), "options", error=RecordError),
            [_seat(s) for s in read_list(read_field(data, "seats", RecordError), "seats", error=RecordError)],
            [read_object(a, "actions", error=RecordError)
             for a in read_list(read_field(data, "actions", RecordError), "actions", error=RecordError)],
            _wholes(read_field(data, "scores", RecordError), "scores"),
            _wholes(read_field(data, "winners", RecordError), "winners"),
            read_str(data.get("finished", ""), "finished", error=RecordError),
            read_str(data.get("daily", ""), "daily", error=RecordError),
            _wholes(data.get("hints", []), "hints"),  # optional: records before hints were counted
            _wholes(data.get("takebacks", []), "takebacks"),  # optional: records before takebacks
        )
        if record.game_id not in GAME_MODULES:
            raise RecordError("record.unknown_game", game=record.game_id)
        if (len(record.seats) != max(record.num_players, 1) or any(not 0 <= w < len(record.scores) for w in record.winners)
                or len(record.hints) not in (0, len(record.seats)) or any(h < 0 for h in record.hints)
                or len(record.takebacks) not in (0, len(record.seats)) or any(h < 0 for h in record.takebacks)):
            raise RecordError("record.damaged")
        if record.finished:
            try:
                parse_iso(record.finished)
            except ValueError:
                raise RecordError("record.damaged") from None
        if "id" in data and data["id"] != record.id:
            raise RecordError("record.damaged")
        return record


def _wholes(value: Any, field: str) -> list[int]:
    return [read_whole(x, field, error=RecordError) for x in read_list(value, field, error=RecordError)]


def _seat(value: Any) -> Seat:
    seat = read_object(value, "seats", error=RecordError)
    kind = read_choice(read_field(seat, "kind", RecordError), "seats.kind", ("human", "computer"), error=RecordError)
    bot = seat.get("bot")
    if not (bot is None or isinstance(bot, str)):
        raise RecordError("record.type", field="seats.bot")
    return Seat(kind, bot, read_str(seat.get("name", ""), "seats.name", error=RecordError))


@dataclass
class Step:
    """One step of a replay: who acted, what, and the log lines it produced."""

    index: int  #: 1-based: the state after it is ``replay.state_at(index)``
    player: int
    action: dict[str, Any]
    text: str  #: the action in words
    events: list[str] = field(default_factory=list)  #: the log lines of everything it caused


class Replay:
    """Every position of a recorded game, rebuilt from its seed and checked against its scores.

    ``state_at(0)`` is the setup and ``state_at(len(replay))`` the final
    position. Building it raises :class:`RecordError` (``record.does_not_replay``)
    when the moves are not legal under this version's rules or do not reach
    the recorded end: a link or record made by a version whose rules differ.
    """

    def __init__(self, record: GameRecord) -> None:
        self.record = record
        try:
            self.spec = load_spec(record.game_id)
            state = self.spec.new_game(record.num_players, record.seed, **record.options)
        except (IllegalAction, TypeError):
            raise RecordError("record.does_not_replay", step=0) from None
        self.states: list[Any] = [state]
        self.players: list[int] = []
        for n, action in enumerate(record.actions, 1):
            if self.spec.is_over(state):
                raise RecordError("record.does_not_replay", step=n)
            player = self.spec.current_player(state)
            try:
                state = self.spec.apply_action(state, action)
            except (GameError, KeyError, TypeError, ValueError, IndexError):
                raise RecordError("record.does_not_replay", step=n) from None
            self.states.append(state)
            self.players.append(-1 if player is None else player)
        if (not self.spec.is_over(state) or list(self.spec.scores(state)) != list(record.scores)
                or sorted(self.spec.winners(state)) != sorted(record.winners)):
            raise RecordError("record.does_not_replay", step=len(record.actions))
        self._saved: dict[int, dict[str, Any]] = {}

    def __len__(self) -> int:
        """The number of steps (actions)."""
        return len(self.record.actions)

    @property
    def final_state(self) -> Any:
        return self.states[-1]

    def state_at(self, k: int) -> Any:
        """The position after ``k`` actions (0 = the setup); ``k`` is clamped to the game."""
        return self.states[max(0, min(k, len(self)))]

    def _json(self, k: int) -> dict[str, Any]:
        if k not in self._saved:
            self._saved[k] = self.spec.to_json(self.states[k])
        return self._saved[k]

    def _log(self, k: int) -> list[dict[str, Any]]:
        return list(self._json(k).get("log", []))

    def step(self, k: int, lang: str = "en") -> Step:
        """Step ``k`` (1..len): the action taken in ``state_at(k-1)`` and the events it logged.

        Events are taken from the full state, hidden cards included: the game is over.
        """
        if not 1 <= k <= len(self):
            raise IndexError(f"step {k} is outside 1..{len(self)}")
        lang = lang_code(lang)
        before, after = self._log(k - 1), self._log(k)
        new_events = after[len(before):] if after[:len(before)] == before else after
        action = self.record.actions[k - 1]
        return Step(k, self.players[k - 1], action,
                    self.spec.describe_action(self.states[k - 1], action, lang),
                    [self.spec.describe_event(e, lang) for e in new_events])

    def turn_starts(self) -> list[int]:
        """The step numbers where a new turn begins, for "jump to a turn".

        A turn begins when the player to act changes or, in a game that counts
        turns in its save (Barrio's ``turn_number``: solo, only seat 0 ever acts),
        when that count moves on.
        """
        starts = []
        counted = "turn_number" in self._json(0)
        for i, player in enumerate(self.players):
            if i == 0 or player != self.players[i - 1] or (
                    counted and self._json(i).get("turn_number") != self._json(i - 1).get("turn_number")):
                starts.append(i + 1)
        return starts
