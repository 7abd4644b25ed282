"""Which games this build can play, and how their start options look.

A game is *available* when its module imports and has the whole engine
contract (:func:`game.core.contract.missing_names` is empty); otherwise the
start screen lists it as "coming". Pure Python: tested under CPython.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .. import GAMES
from ..core import GAME_MODULES, missing_names

TITLES = {"barrio": "Barrio", "nyhavn": "Nyhavn", "neueheimat": "Neue Heimat"}
SCORING_CARDS = ("A", "B", "C", "D", "E", "F")
SOLO_LEVELS = ("A", "B", "C")
ROUNDS = (1, 2, 3)


@dataclass
class GameInfo:
    """One game on the start screen."""

    game_id: str
    title: str
    module: Any = None  #: the engine module when available
    problem: str | None = None  #: why it is not available
    screens: list[str] = field(default_factory=list)

    @property
    def available(self) -> bool:
        return self.module is not None

    @property
    def min_players(self) -> int:
        return int(self.module.MIN_PLAYERS) if self.module else 2

    @property
    def max_players(self) -> int:
        return int(self.module.MAX_PLAYERS) if self.module else 4

    @property
    def bot_names(self) -> tuple[str, ...]:
        return tuple(self.module.BOT_NAMES) if self.module else ()


def probe(game_id: str) -> GameInfo:
    """Import ``game_id``'s module and check it against the contract."""
    title = TITLES.get(game_id, game_id)
    try:
        module = importlib.import_module(GAME_MODULES[game_id])  # KeyError for an unregistered id: listed as coming
    except Exception as exc:  # an engine in progress may fail in any way: list it as coming
        return GameInfo(game_id, title, problem=f"{type(exc).__name__}: {exc}")
    missing = missing_names(module)
    if missing:
        return GameInfo(game_id, getattr(module, "TITLE", title), problem="missing " + ", ".join(missing))
    return GameInfo(game_id, str(module.TITLE), module)


def catalog(games: tuple[str, ...] | None = None) -> list[GameInfo]:
    """Every game of the app (or of ``games``), in menu order, available or not."""
    return [probe(gid) for gid in (GAMES if games is None else games)]


def new_game_options(game_id: str, players: int, choices: dict[str, Any], random_pick: int) -> dict[str, Any]:
    """Engine options for ``new_game`` from the start screen's choices.

    ``choices`` may hold ``level`` (Barrio solo), ``scoring_card`` ("A".."F" or
    "random") and ``rounds``; ``random_pick`` is any integer used to resolve
    "random" (the seed, so a seed replays the same card).
    """
    options: dict[str, Any] = {}
    if game_id == "barrio":
        if players == 1:
            options["level"] = choices.get("level") or "A"
        else:
            card = choices.get("scoring_card") or "A"
            if card == "random":
                card = SCORING_CARDS[random_pick % len(SCORING_CARDS)]
            options["scoring_card"] = card
    elif game_id == "neueheimat" and choices.get("rounds"):
        options["rounds"] = int(choices["rounds"])
    return options
