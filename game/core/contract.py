"""The engine contract every game module implements (see ``docs/engine-contract.md``).

A game is a module (``game.barrio``, ``game.nyhavn``, ``game.neueheimat``)
exposing the names of :class:`GameModule`. The UI, the command line, the
computer players and the tests use only these, so they are written once.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]
View = dict[str, Any]


@runtime_checkable
class Bot(Protocol):
    """A computer player. It decides from the player's view only, never the full state."""

    def choose(self, view: View, legal: list[Action]) -> Action:
        """Return one of ``legal`` (the legal actions of the seat it plays)."""
        ...


class GameModule(Protocol):
    """What a game module provides. ``State`` is each game's own type."""

    GAME_ID: str  #: short id used in URLs, saves and test names: "barrio"
    TITLE: str  #: display name: "Barrio"
    MIN_PLAYERS: int
    MAX_PLAYERS: int
    BOT_NAMES: tuple[str, ...]  #: computer strengths, weakest first

    def new_game(self, num_players: int, seed: int, **options: Any) -> Any:
        """Set up a new game; raise ``IllegalAction`` for a bad player count or option."""

    def current_player(self, state: Any) -> int | None:
        """The seat that must decide now (pending decisions included); ``None`` once over."""

    def legal_actions(self, state: Any) -> list[Action]:
        """Every legal action for :func:`current_player`, as JSON-able dicts with a ``"type"``."""

    def apply_action(self, state: Any, action: Action) -> Any:
        """Return the next state; the given one is unchanged. Raise ``IllegalAction`` with a reason."""

    def is_over(self, state: Any) -> bool:
        """True when the game has ended."""

    def scores(self, state: Any) -> list[int]:
        """Current score of each seat (final once over)."""

    def winners(self, state: Any) -> list[int]:
        """Seats that won (several on a shared win); empty while the game goes on."""

    def to_json(self, state: Any) -> dict[str, Any]:
        """Serialise to a versioned JSON object (see ``game.core.jsonfmt``)."""

    def from_json(self, data: Any) -> Any:
        """Rebuild a state; raise ``SaveFormatError`` for anything unreadable."""

    def view(self, state: Any, player: int) -> View:
        """What ``player`` may see: hidden hands and decks redacted (counts only)."""

    def describe_action(self, state: Any, action: Action, lang: str = "en") -> str:
        """A log line in words for ``action`` taken in ``state`` (``lang``: "en" or "es")."""

    def describe_event(self, event: dict[str, Any], lang: str = "en") -> str:
        """A log line in words for one entry of ``view(...)["log"]``."""

    def undo_barrier(self, before: Any, action: Action, after: Any) -> bool:
        """True when ``action`` revealed hidden information, so undo may not cross it."""

    def determinize(self, view: View, player: int, seed: int) -> Any:
        """A full state consistent with ``view``, hidden cards dealt at random (for search)."""

    def make_bot(self, name: str, seed: int) -> Bot:
        """A computer player of strength ``name`` (one of ``BOT_NAMES``)."""


REQUIRED_NAMES = (
    "GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "BOT_NAMES",
    "new_game", "current_player", "legal_actions", "apply_action", "is_over",
    "scores", "winners", "to_json", "from_json", "view", "describe_action", "describe_event",
    "undo_barrier", "determinize", "make_bot",
)


def missing_names(module: Any) -> list[str]:
    """Names of the contract that ``module`` lacks (empty when it is complete)."""
    return [name for name in REQUIRED_NAMES if not hasattr(module, name)]
