"""The engine contract every game module implements (see ``docs/engine-contract.md``).

A game is a package ``game.<id>`` whose one export for the framework is its
declaration :class:`GameSpec`, ``SPEC``: everything the framework knows of a
game (title, players, computer strengths, the engine's functions, share code,
start options, daily challenges, optional hooks) is read from there, so the
framework never names a game and mypy checks every engine call. The UI, the
command line, the coach, replays and sharing call only ``SPEC``
(:func:`game.core.load_spec`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Generator, Protocol, runtime_checkable

from .rng import Rng

Action = dict[str, Any]
View = dict[str, Any]


#: the seat of nobody in particular: ``view(state, PUBLIC_SEAT)`` is what every player sees (no hand, no face-down
#: card, every private log line redacted). Not -1: Barrio marks Klaus's face-down cards as the secret of seat -1
PUBLIC_SEAT = -2


@runtime_checkable
class Bot(Protocol):
    """A computer player. It decides from the player's view only, never the full state."""

    def choose(self, view: View, legal: list[Action]) -> Action:
        """Return one of ``legal`` (the legal actions of the seat it plays)."""
        ...


@runtime_checkable
class SteppedBot(Bot, Protocol):
    """A computer player whose decision can pause: the app's worker answers taps between its steps instead of
    after a search of a second or more on a phone."""

    def choose_steps(self, view: View, legal: list[Action]) -> Generator[None, None, Action]:
        """The decision as steps (``game.core.search.Steps``): pauses where it may be interrupted and returns
        exactly what :meth:`choose` returns for the same view, legal actions and random numbers."""
        ...


# --------------------------------------------------------------------------- the declaration

Choice = str | int
#: the random stream a "random" seat choice is drawn from (any fixed number: a seed must give the same seat forever)
SEAT_DRAW_STREAM = 36


@dataclass(frozen=True)
class StartOption:
    """One choice of the start screen beyond players and seats, declared as data.

    ``build.py`` writes it into the start page and ``site/start.js`` draws it;
    :meth:`GameSpec.new_game_options` turns the chosen value into ``new_game``'s
    keyword ``name``. The value is kept in the settings under ``name``.
    """

    name: str  #: the ``new_game`` keyword and the settings key: "level"
    label: str  #: the text key of the field's label: "start.level"
    choices: tuple[Choice, ...]  #: the values offered, in order
    default: Choice  #: one of ``choices``
    #: text key prefix of each choice ("start.level." shows "A" as ``start.level.A``); empty: the value itself
    choice_text: str = ""
    #: the player counts it applies to (inclusive); ``None``: every count
    players: tuple[int, int] | None = None
    #: also offer "random": one of ``choices``, picked from the game's seed (so a seed replays the same choice)
    random: bool = False
    #: drawn with the seats, which it stands in for (a solo level), instead of under the options
    beside_seats: bool = False
    #: the choices are seats (0 is the first): only the game's own seats are offered (who starts)
    seat_choices: bool = False
    #: one text key for every choice, filled with that choice's ``choice_values`` (instead of ``choice_text``)
    choice_format: str = ""
    #: the values of each choice's text, in the order of ``choices`` (with ``choice_format``)
    choice_values: tuple[dict[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if self.default not in self.choices:
            raise ValueError(f"start option {self.name}: default {self.default!r} is not one of {self.choices!r}")
        if self.choice_format and len(self.choice_values) != len(self.choices):
            raise ValueError(f"start option {self.name}: one set of choice_values per choice")
        if self.seat_choices and self.choices != tuple(range(len(self.choices))):
            raise ValueError(f"start option {self.name}: seat choices are the seats 0, 1, …")

    def applies(self, players: int) -> bool:
        """Whether the option is offered (and passed to the engine) with ``players`` players."""
        return self.players is None or self.players[0] <= players <= self.players[1]

    def offered(self, players: int | None = None) -> tuple[Choice, ...]:
        """The choices offered with ``players`` players (seat choices: that many seats)."""
        return self.choices[:players] if self.seat_choices and players is not None else self.choices

    def value(self, chosen: Any, random_pick: int, players: int | None = None) -> Choice:
        """The engine's value for what the start screen holds: ``chosen`` if offered, "random" resolved with
        ``random_pick``, else the default (a stale or damaged setting never reaches the engine)."""
        choices = self.offered(players)
        if self.random and chosen == "random":
            if self.seat_choices:  # drawn, not ``random_pick % n``: the seed's remainders pick other options
                return choices[Rng(random_pick, stream=SEAT_DRAW_STREAM).randrange(len(choices))]
            return choices[random_pick % len(choices)]
        for choice in choices:
            if chosen == choice or (chosen is not None and str(chosen) == str(choice)):
                return choice
        return self.default


@dataclass(frozen=True)
class DailyChallenge:
    """A daily deal this game offers (``game.core.daily``): the same deal for everyone on a given UTC day."""

    key: str  #: kept in records and links, part of the seed's derivation: never change it
    players: int
    options: dict[str, Any] = field(default_factory=dict)  #: ``new_game`` options
    computer: str | None = None  #: strength of the other seats, ``None`` when only the player sits (solo)


@dataclass(frozen=True)
class Automa:
    """A side the rules play themselves in the one-player game (Barrio's Klaus): scored after the player
    (``scores`` index 1), never a seat. Its words are the locale's ``player.<name>`` (its name),
    ``daily.card.<name>`` (its score on a daily card) and ``stats.<name>…`` (its record per level)."""

    name: str  #: "klaus"
    level_option: str  #: the start option that sets its level: "level"
    levels: tuple[str, ...]  #: every level, in the start screen's order (the first is an older save's level)


class GameCoach(Protocol):
    """A game's part of the coach (``game.core.coaching``): reasons, first taps, estimates and words."""

    def reason(self, view: View, player: int, action: Action, state: Any, report: Any) -> tuple[Any, list[Any]]:
        """(what the action is, why it is good) as phrases."""

    def first_step(self, view: View, action: Action) -> Action | None:
        """The first tap of ``action`` when it takes several."""

    def compare(self, view: View, player: int, actions: list[Action], seed: int, iterations: int) -> tuple[list[float], str]:
        """Estimates of ``actions`` on the same deals, and their unit."""

    def term(self, kind: str, value: Any, lang: str) -> str:
        """A game word (a card, a tile) in ``lang``."""


@dataclass(frozen=True)
class GameSpec:
    """One game, declared once: what the framework, the start page and the tools know of it.

    The engine package exports it as ``SPEC``; its screen package exports a
    ``ScreenSpec`` (``game.ui.screen``). The registry (``game/__init__.py``)
    lists the ids. Optional hooks are ``None`` when a game has no such part.
    """

    game_id: str  #: short id used in URLs, saves and test names
    title: str  #: display name
    min_players: int
    max_players: int
    bot_names: tuple[str, ...]  #: computer strengths, weakest first
    #: number of the game in share links (``game.core.share``); ``None``: its games cannot be shared yet.
    #: Unique and permanent: old links keep their numbers.
    share_code: int | None
    # the engine's functions (``docs/engine-contract.md``); ``State`` is each game's own type
    #: set up a new game; raise ``IllegalAction`` for a bad player count or option
    new_game: Callable[..., Any]
    #: the seat that must decide now (pending decisions included); ``None`` once over
    current_player: Callable[[Any], int | None]
    #: every legal action of ``current_player``, as JSON-able dicts with a ``"type"``
    legal_actions: Callable[[Any], list[Action]]
    #: the next state; the given one is unchanged. Raises ``IllegalAction`` with a reason
    apply_action: Callable[[Any, Action], Any]
    is_over: Callable[[Any], bool]
    #: current score of each side (final once over)
    scores: Callable[[Any], list[int]]
    #: sides that won (several on a shared win); empty while the game goes on
    winners: Callable[[Any], list[int]]
    #: the versioned JSON form (``game.core.jsonfmt``)
    to_json: Callable[[Any], dict[str, Any]]
    #: rebuild a state; ``SaveFormatError`` for anything unreadable
    from_json: Callable[[Any], Any]
    #: what a seat may see: hidden hands and decks redacted (counts only); for :data:`PUBLIC_SEAT`, what everyone
    #: at the table sees (no hand: the shared table's screen and a spectator's phone)
    view: Callable[[Any, int], View]
    #: ``(state, action, lang="en")``: a log line in words for ``action`` taken in ``state``
    describe_action: Callable[..., str]
    #: ``(event, lang="en")``: a log line in words for one entry of ``view(...)["log"]``
    describe_event: Callable[..., str]
    #: ``(before, action, after)``: True when ``action`` revealed hidden information, so undo may not cross it
    undo_barrier: Callable[[Any, Action, Any], bool]
    #: ``(view, seat, seed)``: a full state consistent with ``view``, hidden cards dealt at random (for search)
    determinize: Callable[[View, int, int], Any]
    #: ``(name, seed, iterations=None)``: a computer player of strength ``name`` (one of ``bot_names``)
    make_bot: Callable[..., Bot]
    #: the strength a new computer seat gets (start screen, command line, a phone's seat taken over): one of
    #: ``bot_names``. Not simply the last: a stronger level added later ("hard") must not change the default
    default_bot: str = "strong"
    #: the start screen's options beyond players and seats, in the order shown
    options: tuple[StartOption, ...] = ()
    #: the daily deals it offers, in menu order
    daily: tuple[DailyChallenge, ...] = ()
    # optional hooks
    #: the coach's part for this game, loaded when first asked (``None``: no Hint, no review)
    coach: Callable[[], GameCoach] | None = None
    #: ``(replayed, saved)`` state JSON -> the replayed position as the version that wrote ``saved`` would have
    #: written it (fields it did not keep left out), so an older autosave's position is still checked against its
    #: moves; ``None``: positions compare as written
    as_saved: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None
    #: the parts of a side's score for the end screen: ``(state, side) -> {part: points, "total": n}``
    score_breakdown: Callable[[Any, int], dict[str, int]] | None = None
    #: the side the rules play in the one-player game (extra side, own statistics); ``None``: none
    automa: Automa | None = None
    #: extra lines for ``python -m game simulate`` from its report
    simulation_summary: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    #: generated files under ``assets/`` the package reads as its own package data (the build puts them in the wheel)
    package_data: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.default_bot not in self.bot_names:
            raise ValueError(f"game {self.game_id}: default_bot {self.default_bot!r} is not one of {self.bot_names!r}")

    def side_count(self, players: int) -> int:
        """How many sides ``scores`` lists with ``players`` seats (the automa's too)."""
        return players + (1 if self.automa is not None and players == 1 else 0)

    def start_option(self, name: str) -> StartOption | None:
        """The start option called ``name``, if the game has one."""
        return next((o for o in self.options if o.name == name), None)

    def new_game_options(self, players: int, choices: dict[str, Any], random_pick: int) -> dict[str, Any]:
        """``new_game``'s options from the start screen's ``choices`` (the settings) for ``players`` players;
        ``random_pick`` (the seed) resolves "random"."""
        return {o.name: o.value(choices.get(o.name), random_pick, players) for o in self.options if o.applies(players)}
