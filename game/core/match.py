"""A game in progress as the app keeps it: options, seats, history, undo, takebacks, autosave.

:class:`Match` plays any game through its declaration (:class:`~game.core.contract.GameSpec`). It records every action with whether
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

import copy
import importlib
import json
from dataclasses import dataclass, field
from typing import Any

from .. import ENGINE_MODULES
from .contract import GameSpec
from .errors import IllegalAction, SaveFormatError
from .jsonfmt import check_keys, guarded, is_int, read_int, read_ints, read_list, read_version

MATCH_FORMAT = "house-games-match"
MATCH_VERSION = 1

#: engine module of each game id (a copy of the registry, :data:`game.ENGINE_MODULES`, that tests may patch)
GAME_MODULES: dict[str, str] = dict(ENGINE_MODULES)


def load_spec(game_id: str) -> GameSpec:
    """The declaration of ``game_id`` (its engine package's ``SPEC``), importing the engine on first use."""
    if game_id not in GAME_MODULES:
        raise IllegalAction(f"Unknown game {game_id!r}; choose one of {', '.join(GAME_MODULES)}.")
    spec = getattr(importlib.import_module(GAME_MODULES[game_id]), "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise IllegalAction(f"Game {game_id!r} declares no SPEC (a game.core.contract.GameSpec).")
    return spec


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
    def spec(self) -> GameSpec:
        """The game's declaration: every engine call goes through it."""
        return load_spec(self.game_id)

    @property
    def state(self) -> Any:
        return self.states[-1]

    @classmethod
    def new(cls, game_id: str, num_players: int, seed: int, seats: list[Seat] | None = None, **options: Any) -> "Match":
        """Start a new game."""
        spec = load_spec(game_id)
        state = spec.new_game(num_players, seed, **options)
        seats = seats or [Seat() for _ in range(num_players)]
        return cls(game_id, num_players, seed, dict(options), seats, [state], [])

    def current_player(self) -> int | None:
        player: int | None = self.spec.current_player(self.state)
        return player

    def is_computer_turn(self) -> bool:
        p = self.current_player()
        return p is not None and p < len(self.seats) and self.seats[p].kind == "computer"

    def apply(self, action: dict[str, Any]) -> Any:
        """Apply ``action`` for the current player; raise ``IllegalAction`` and keep everything on refusal."""
        spec = self.spec
        before = self.state
        player = spec.current_player(before)
        after = spec.apply_action(before, action)
        barrier = bool(spec.undo_barrier(before, action, after))
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
            if self.spec.is_over(self.state):
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
            "state": self.spec.to_json(self.state),
            "hints": [self.hints_used(i) for i in range(len(self.seats))],
            "takebacks": [self.takebacks_used(i) for i in range(len(self.seats))],
            "takeback_floor": self.takeback_floor,
        }

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Rebuild by replaying the action list from the seed; refuse anything the app would not have written.

        Every field is checked before the replay (:func:`check_header`): the
        game, the player count, the seed, the options, one seat per player (a
        person, or one of the game's computer players), the hint counts and
        the shape of each move. The moves are then replayed from the seed:
        each must be legal, by the player the save names, with the undo
        barrier the save names. The position shown is the replayed one, so its
        log is derived from the moves, never read from the file; and the saved
        ``state`` must equal it exactly (same JSON), so a save that loads is
        one the rules reach and plays on. Raise :class:`SaveFormatError` with a
        ``save.*`` key otherwise.
        """
        spec = check_header(data)

        def read() -> "Match":
            d = data
            # a damaged position is refused here, before the (slower) replay; an older engine format is upgraded
            saved = spec.to_json(spec.from_json(d["state"]))
            seats = [Seat(s["kind"], s["bot"], s["name"]) for s in d["seats"]]
            try:
                match = cls.new(d["game"], d["num_players"], d["seed"], seats, **d["options"])
            except (IllegalAction, TypeError) as exc:
                raise SaveFormatError(key="save.options", detail=str(exc)) from None
            for step, entry in enumerate(d["actions"], 1):
                player = match.current_player()
                if entry["player"] != (-1 if player is None else player):
                    raise SaveFormatError(key="save.move", step=step)
                try:
                    match.apply(copy.deepcopy(entry["action"]))
                except IllegalAction as exc:
                    raise SaveFormatError(key="save.does_not_replay", step=step, detail=str(exc)) from None
                if match.entries[-1].barrier != entry["barrier"]:
                    raise SaveFormatError(key="save.move", step=step)
            replayed = spec.to_json(match.state)
            if spec.as_saved is not None:
                replayed = spec.as_saved(replayed, saved)
            if _canonical(replayed) != _canonical(saved):
                raise SaveFormatError(key="save.position")
            match.hints = list(d.get("hints", [0] * len(seats)))  # saves from before hints were counted: none asked
            # saves from before takebacks: none taken; the floor is a step of the replayed line
            match.takebacks = list(d.get("takebacks", [0] * len(seats)))
            floor = d.get("takeback_floor")
            if floor is not None and floor > len(match.entries):
                raise SaveFormatError(key="save.int", field="takeback_floor", low=0, high=len(match.entries))
            match.takeback_floor = floor
            return match

        return guarded(read)


#: the autosave's fields, and those it may lack: ``hints`` (saves from before hints were counted),
#: ``saved_at`` and ``rev`` (the stamps :class:`game.ui.storage.Store` adds: ms since 1970, and the slot's
#: revision; not part of the match),
#: ``takebacks`` and ``takeback_floor`` (saves from before takebacks)
MATCH_FIELDS = ("format", "version", "game", "num_players", "seed", "options", "seats", "actions", "state")
OPTIONAL_FIELDS = ("hints", "saved_at", "rev", "takebacks", "takeback_floor")
#: seeds a save may hold: what a share link carries (``game.core.share`` writes a varint of at most 70 bits)
SEED_LIMIT = 2**63
#: longest name a seat may carry (the start screen's field is far shorter)
MAX_NAME_CHARS = 200
#: most hints (or takebacks) a seat may have asked in one game
MAX_HINTS = 10**6
#: most moves a saved game may hold (a bound for counters that point into its moves)
MAX_MOVES = 10**7
_SEAT_FIELDS = ("kind", "bot", "name")
_ENTRY_FIELDS = ("player", "action", "barrier")
_ENTRY_KEYS = frozenset(_ENTRY_FIELDS)


def check_header(data: Any) -> Any:
    """Check every field of an autosave but the moves' legality and the position; return the game's declaration.

    Raise :class:`SaveFormatError` (``save.*``) for a foreign or newer file,
    a missing or unknown field, a game this version lacks, a player count,
    seed or option out of range, seats that do not match the players (a
    computer seat must name one of ``spec.bot_names``, a person's seat
    none), hint counts, or a move that is not ``{"player", "action", "barrier"}``.
    """
    if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
        raise SaveFormatError(key="save.not_ours")
    if read_version(data, MATCH_VERSION) < MATCH_VERSION:
        raise SaveFormatError(key="save.too_old", version=data["version"])
    check_keys(data, MATCH_FIELDS, OPTIONAL_FIELDS)
    game_id = data["game"]
    if not isinstance(game_id, str) or game_id not in GAME_MODULES:
        raise SaveFormatError(key="save.unknown_game", game=repr(game_id))
    spec = load_spec(game_id)
    players = read_int(data["num_players"], "num_players", spec.min_players, spec.max_players)
    read_int(data["seed"], "seed", -SEED_LIMIT, SEED_LIMIT - 1)
    options = data["options"]
    if not isinstance(options, dict) or not all(
            isinstance(k, str) and isinstance(v, (str, int)) for k, v in options.items()):
        raise SaveFormatError(key="save.options", detail="options are names with text, number or true/false values")
    seats = read_list(data["seats"], "seats")
    if len(seats) != players:
        raise SaveFormatError(key="save.seats", count=len(seats), players=players)
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise SaveFormatError(key="save.seat", seat=i + 1)
        check_keys(seat, _SEAT_FIELDS, where=f"seats[{i}].")
        kind, bot, name = seat["kind"], seat["bot"], seat["name"]
        person = kind == "human" and bot is None
        computer = kind == "computer" and (bot is None or (isinstance(bot, str) and bot in spec.bot_names))
        if not (person or computer):
            raise SaveFormatError(key="save.seat", seat=i + 1)
        if not isinstance(name, str) or len(name) > MAX_NAME_CHARS:
            raise SaveFormatError(key="save.type", field=f"seats[{i}].name")
    if "hints" in data:
        read_ints(data["hints"], "hints", 0, MAX_HINTS, len(seats))
    if "saved_at" in data:
        read_int(data["saved_at"], "saved_at", 0, 2**53)
    if "rev" in data:
        read_int(data["rev"], "rev", 0, 2**53)
    if "takebacks" in data:
        read_ints(data["takebacks"], "takebacks", 0, MAX_HINTS, len(seats))
    if data.get("takeback_floor") is not None:
        read_int(data["takeback_floor"], "takeback_floor", 0, MAX_MOVES)
    for i, entry in enumerate(read_list(data["actions"], "actions")):
        if not isinstance(entry, dict):
            raise SaveFormatError(key="save.move", step=i + 1)
        if entry.keys() != _ENTRY_KEYS:
            check_keys(entry, _ENTRY_FIELDS, where=f"actions[{i}].")
        action = entry["action"]
        if (not is_int(entry["player"]) or not isinstance(entry["barrier"], bool) or not isinstance(action, dict)
                or not all(isinstance(k, str) for k in action)):
            raise SaveFormatError(key="save.move", step=i + 1)
    if not isinstance(data["state"], dict):
        raise SaveFormatError(key="save.type", field="state")
    return spec


def _canonical(data: Any) -> str:
    """A JSON text equal for equal JSON values, types included (``1``, ``1.0`` and ``true`` differ)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))
