"""A game in progress as the app keeps it: options, seats, history, undo, autosave.

:class:`Match` wraps any engine module. It records every action with whether
it may be undone, so undo goes back within the current player's turn but
never across a hidden-information reveal (no peeking) nor into another
player's turn. Its JSON form (:meth:`Match.to_json`) is the autosave.
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
        return after

    def can_undo(self) -> bool:
        """True when the last action belongs to the player to move and revealed nothing hidden."""
        if not self.entries:
            return False
        last = self.entries[-1]
        if last.barrier or last.player != self.current_player():
            return False
        p = last.player
        return 0 <= p < len(self.seats) and self.seats[p].kind == "human"

    def undo(self) -> Any:
        """Take back the last action of the current turn; raise ``IllegalAction`` if not allowed."""
        if not self.can_undo():
            raise IllegalAction("Nothing to undo: the turn has not started, or a hidden card was revealed since.")
        self.entries.pop()
        self.states.pop()
        return self.state

    def hints_used(self, seat: int) -> int:
        """How many hints ``seat`` has asked for in this game."""
        return self.hints[seat] if 0 <= seat < len(self.hints) else 0

    def count_hint(self, seat: int) -> None:
        """Count one hint asked by ``seat``."""
        self.hints = [self.hints_used(i) for i in range(len(self.seats))]
        self.hints[seat] += 1

    def to_json(self) -> dict[str, Any]:
        """The autosave: settings, the action list and the present state (for a quick, checked load).

        ``hints`` (hints asked per seat) is optional: saves written before it load with none asked.
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
            if (not isinstance(hints, list) or len(hints) != len(seats)
                    or any(not isinstance(h, int) or isinstance(h, bool) or h < 0 for h in hints)):
                raise SaveFormatError("The saved game's hint count is damaged.")
            match.hints = list(hints)
            saved = match.module.from_json(data["state"])
            if saved != match.state:
                raise SaveFormatError("The saved game's position does not match its moves.")
            return match

        return guarded(read)
