"""A game in progress as the app keeps it: options, seats, history, undo, takebacks, autosave.

:class:`Match` wraps any engine module. It records every action with whether
it revealed hidden information (the engine's ``undo_barrier``). Undo has two
rules, by who sits at the table:

* **Several people** (hot seat): undo goes back within the current player's
  turn, never across a reveal (no peeking) nor into another player's turn.
* **One person** (against computer seats, or solo Barrio against Klaus): a
  *takeback* — the person may take back their own decisions, with the
  computers' moves made after them, back to the start of their previous
  turn, across reveals too. Each Undo press that the hot-seat rule would
  refuse is counted in :attr:`Match.takebacks` (like hints), and the game is
  then "with takebacks" in its record and statistics.

:meth:`Match.undo_blocker` says why Undo is not possible (a locale key).
Its JSON form (:meth:`Match.to_json`) is the autosave.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .. import ENGINE_MODULES
from .errors import IllegalAction, SaveFormatError
from .jsonfmt import guarded

MATCH_FORMAT = "house-games-match"
MATCH_VERSION = 1

#: engine module of each game id (a copy of the registry, :data:`game.ENGINE_MODULES`, that tests may patch)
GAME_MODULES: dict[str, str] = dict(ENGINE_MODULES)


def load_game(game_id: str) -> Any:
    """Import and return the engine module for ``game_id``."""
    if game_id not in GAME_MODULES:
        raise IllegalAction(f"Unknown game {game_id!r}; choose one of {', '.join(GAME_MODULES)}.")
    return importlib.import_module(GAME_MODULES[game_id])


@dataclass
class Seat:
    """Who plays a seat: a human, or a computer of some strength."""

    kind: str = "human"  #: "human" or "computer"
    bot: str | None = None  #: strength name when a computer
    name: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "bot": self.bot, "name": self.name}


@dataclass
class Entry:
    """One applied action, who took it and whether undo may step back over it."""

    player: int
    action: dict[str, Any]
    barrier: bool


@dataclass
class Match:
    """A running game with its history. ``states[-1]`` is the position now."""

    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    states: list[Any] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    #: hints asked per seat (the coach at the table): kept in the autosave and the finished game's record
    hints: list[int] = field(default_factory=list)
    #: takebacks per seat (undos the hot-seat rule would refuse): kept like hints
    takebacks: list[int] = field(default_factory=list)
    #: during a series of takebacks, the number of entries they may not go below (the start of the
    #: person's previous turn when the series began); None until the first takeback, reset by a new decision
    takeback_floor: int | None = None

    @property
    def module(self) -> Any:
        return load_game(self.game_id)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @classmethod
    def new(cls, game_id: str, num_players: int, seed: int, seats: list[Seat] | None = None, **options: Any) -> "Match":
        """Start a new game."""
        module = load_game(game_id)
        state = module.new_game(num_players, seed, **options)
        seats = seats or [Seat() for _ in range(num_players)]
        return cls(game_id, num_players, seed, dict(options), seats, [state], [])

    def current_player(self) -> int | None:
        player: int | None = self.module.current_player(self.state)
        return player

    def is_computer_turn(self) -> bool:
        p = self.current_player()
        return p is not None and p < len(self.seats) and self.seats[p].kind == "computer"

    def apply(self, action: dict[str, Any]) -> Any:
        """Apply ``action`` for the current player; raise ``IllegalAction`` and keep everything on refusal."""
        module = self.module
        before = self.state
        player = module.current_player(before)
        after = module.apply_action(before, action)
        barrier = bool(module.undo_barrier(before, action, after))
        self.states.append(after)
        self.entries.append(Entry(-1 if player is None else player, action, barrier))
        if player is not None and self.takeback_seat() == player:
            self.takeback_floor = None  # a new decision: a later takeback counts from here
        return after

    # ------------------------------------------------------------------ undo and takebacks
    def humans(self) -> list[int]:
        """The seats played by people."""
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def takeback_seat(self) -> int | None:
        """The one person's seat when takebacks are allowed (exactly one human seat), else ``None``."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def _turn_mark(self, k: int) -> Any:
        """What tells turns apart besides the acting seat: the engine's turn counter in ``states[k]`` if it has one
        (Barrio's ``turn_number``: solo, only seat 0 ever acts)."""
        return getattr(self.states[k], "turn_number", None)

    def _starts_turn(self, j: int) -> bool:
        """True when entry ``j`` is the first decision of a turn."""
        return j == 0 or self.entries[j - 1].player != self.entries[j].player or self._turn_mark(j) != self._turn_mark(j - 1)

    def _previous_turn_start(self, seat: int) -> int | None:
        """The entry index where ``seat``'s previous turn began, as seen from now (its turn in progress, if any,
        is the current one); the current turn's start when it has no previous one; ``None`` before its first decision."""
        starts = [j for j, e in enumerate(self.entries) if e.player == seat and self._starts_turn(j)]
        if not starts:
            return None
        n = len(self.entries)
        in_progress = (self.current_player() == seat and self.entries[-1].player == seat
                       and self._turn_mark(n) == self._turn_mark(n - 1))
        return starts[-2] if in_progress and len(starts) >= 2 else starts[-1]

    def _takeback_target(self) -> int | None:
        """Index of the entry one takeback goes back to (it and everything after it are taken back), or ``None``."""
        seat = self.takeback_seat()
        if seat is None or not self.entries:
            return None
        floor = self.takeback_floor if self.takeback_floor is not None else self._previous_turn_start(seat)
        if floor is None:
            return None
        for j in range(len(self.entries) - 1, floor - 1, -1):
            if self.entries[j].player == seat:
                return j
        return None

    def _plain_undo(self) -> bool:
        """The hot-seat rule: the last action belongs to the human to move and revealed nothing hidden."""
        if not self.entries:
            return False
        last = self.entries[-1]
        if last.barrier or last.player != self.current_player():
            return False
        p = last.player
        return 0 <= p < len(self.seats) and self.seats[p].kind == "human"

    def undo_blocker(self) -> str | None:
        """Why Undo is not possible now, as a locale key (``game.undo_why.*``), or ``None`` when it is."""
        seat = self.takeback_seat()
        if seat is not None:
            if self.module.is_over(self.state):
                return "game.undo_why.over"
            if self._takeback_target() is not None:
                return None
            if not any(e.player == seat for e in self.entries):
                return "game.undo_why.nothing"
            return "game.undo_why.floor"
        if not self.humans():
            return "game.undo_why.nothing"
        if self._plain_undo():
            return None
        if not self.entries or self.is_computer_turn():
            return "game.undo_why.nothing" if not self.entries else "game.undo_why.turn_start"
        last = self.entries[-1]
        if last.player == self.current_player() and last.barrier:
            return "game.undo_why.revealed"
        return "game.undo_why.turn_start"

    def can_undo(self) -> bool:
        """True when Undo may be pressed now (see :meth:`undo_blocker`)."""
        return self.undo_blocker() is None

    def undo_is_takeback(self) -> bool:
        """True when the next Undo would be a takeback: the hot-seat rule would refuse it (counted, marks the game)."""
        return self.can_undo() and not self._plain_undo()

    def undo(self) -> Any:
        """Take back one decision; raise ``IllegalAction`` (with the reason's key) if not allowed.

        Several people: the last action of the current turn. One person: their last decision and every
        computer move after it; a takeback (:meth:`undo_is_takeback`) is counted in :attr:`takebacks`.
        """
        blocker = self.undo_blocker()
        if blocker is not None:
            raise IllegalAction(key=blocker)
        seat = self.takeback_seat()
        takeback = not self._plain_undo()
        target: int | None
        if seat is None:
            target = len(self.entries) - 1
        else:
            if takeback and self.takeback_floor is None:
                self.takeback_floor = self._previous_turn_start(seat)
            target = self._takeback_target()
            assert target is not None  # undo_blocker said there is one
        if takeback:
            assert seat is not None  # a hot-seat undo the plain rule refuses is blocked above
            self.takebacks = [self.takebacks_used(i) for i in range(len(self.seats))]
            self.takebacks[seat] += 1
        del self.entries[target:]
        del self.states[target + 1:]
        return self.state

    def takebacks_used(self, seat: int) -> int:
        """How many takebacks ``seat`` has made in this game."""
        return self.takebacks[seat] if 0 <= seat < len(self.takebacks) else 0

    def hints_used(self, seat: int) -> int:
        """How many hints ``seat`` has asked for in this game."""
        return self.hints[seat] if 0 <= seat < len(self.hints) else 0

    def count_hint(self, seat: int) -> None:
        """Count one hint asked by ``seat``."""
        self.hints = [self.hints_used(i) for i in range(len(self.seats))]
        self.hints[seat] += 1

    def to_json(self) -> dict[str, Any]:
        """The autosave: settings, the action list and the present state (for a quick, checked load).

        ``hints`` (hints asked per seat), ``takebacks`` (per seat) and ``takeback_floor`` are optional: saves
        written before them load with none asked or taken. The taken-back actions are gone from ``actions``:
        the save is the line the game stands on.
        """
        return {
            "format": MATCH_FORMAT,
            "version": MATCH_VERSION,
            "game": self.game_id,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "actions": [{"player": e.player, "action": e.action, "barrier": e.barrier} for e in self.entries],
            "state": self.module.to_json(self.state),
            "hints": [self.hints_used(i) for i in range(len(self.seats))],
            "takebacks": [self.takebacks_used(i) for i in range(len(self.seats))],
            "takeback_floor": self.takeback_floor,
        }

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Rebuild by replaying the action list from the seed, then check it against the saved state.

        Replaying keeps undo working after a reload; the check catches a save
        whose actions and state disagree (hand-edited or written by an older engine).
        """
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise SaveFormatError("This is not a saved game of this app.")
        if data.get("version") != MATCH_VERSION:
            raise SaveFormatError(f"Saved game format {data.get('version')!r} is not readable by this version.")

        def read() -> "Match":
            seats = [Seat(str(s["kind"]), s.get("bot"), str(s.get("name", ""))) for s in data["seats"]]
            try:
                match = cls.new(str(data["game"]), int(data["num_players"]), int(data["seed"]), seats, **dict(data["options"]))
                for entry in data["actions"]:
                    match.apply(dict(entry["action"]))
            except IllegalAction as exc:
                raise SaveFormatError(f"The saved game does not replay: {exc}") from None
            hints = data.get("hints", [0] * len(seats))  # saves from before hints were counted: none asked
            if not _counts(hints, len(seats)):
                raise SaveFormatError("The saved game's hint count is damaged.")
            match.hints = list(hints)
            takebacks = data.get("takebacks", [0] * len(seats))  # saves from before takebacks: none taken
            floor = data.get("takeback_floor")
            if not _counts(takebacks, len(seats)) or not (
                    floor is None or (_counts([floor], 1) and floor <= len(match.entries))):
                raise SaveFormatError("The saved game's takeback count is damaged.")
            match.takebacks, match.takeback_floor = list(takebacks), floor
            saved = match.module.from_json(data["state"])
            if saved != match.state:
                raise SaveFormatError("The saved game's position does not match its moves.")
            return match

        return guarded(read)


def _counts(values: Any, n: int) -> bool:
    """True for a list of ``n`` counts (ints ≥ 0, not booleans)."""
    return (isinstance(values, list) and len(values) == n
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values))
