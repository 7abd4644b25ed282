"""Which games this build can play, and how their start options look.

A game is *available* when its engine package imports and declares itself
(``SPEC``, a :class:`~game.core.contract.GameSpec`); otherwise the start
screen lists it as "coming". Everything shown
of a game comes from its :class:`~game.core.contract.GameSpec`. Pure Python:
tested under CPython.
"""

from __future__ import annotations

import functools
import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from .. import GAMES, SCREEN_MODULES
from ..core import GAME_MODULES
from ..core.contract import Action, GameSpec, StartOption, View
from .settings import defaults as setting_defaults


@dataclass(frozen=True)
class ScreenSpec:
    """A game's screen package, declared once: each ``game/ui/<id>/`` exports one as ``SPEC``."""

    #: the table: a subclass of :class:`game.ui.screen.GameScreen` (not imported here: the screen imports us)
    screen: type
    #: the in-app rules in a language: ``[(heading, [paragraph, …]), …]`` (``build.py`` writes them into rules.json)
    rules: Callable[[str], list[tuple[str, list[str]]]]
    #: where the coach's suggested action is on the table: ``(view, legal, action) -> [target key, …]``, first step
    #: first (``game.ui.coach_display``); ``None``: the hint is only said, never marked
    hint_keys: Callable[[View, list[Action], Action], list[str]] | None = None
    #: the guided first turn (``game.ui.guide``): ``(view, legal, names, lang) -> (GuideStep, …)``, the steps that speak
    #: of the decision on the table and mark only what can be tapped for it; ``None``: no guide
    guide: Callable[[View, list[Action], list[str], str], tuple[Any, ...]] | None = None


def screen_spec(game_id: str) -> ScreenSpec | None:
    """The :class:`ScreenSpec` of ``game_id``'s screen package (:data:`game.SCREEN_MODULES`), ``None`` without one."""
    name = SCREEN_MODULES.get(game_id)
    if name is None:
        return None
    spec = getattr(importlib.import_module(name), "SPEC", None)
    return spec if isinstance(spec, ScreenSpec) else None


@dataclass
class GameInfo:
    """One game on the start screen."""

    game_id: str
    title: str
    spec: GameSpec | None = None  #: the game's declaration when available
    problem: str | None = None  #: why it is not available
    screens: list[str] = field(default_factory=list)

    @property
    def available(self) -> bool:
        return self.spec is not None

    @property
    def min_players(self) -> int:
        return self.spec.min_players if self.spec else 2

    @property
    def max_players(self) -> int:
        return self.spec.max_players if self.spec else 4

    @property
    def bot_names(self) -> tuple[str, ...]:
        return self.spec.bot_names if self.spec else ()

    @property
    def default_bot(self) -> str:
        """The strength a new computer seat gets ("" when the game did not load)."""
        return self.spec.default_bot if self.spec else ""


def probe(game_id: str) -> GameInfo:
    """Import ``game_id``'s engine and read its declaration."""
    try:
        module = importlib.import_module(GAME_MODULES[game_id])  # KeyError for an unregistered id: listed as coming
    except Exception as exc:  # an engine in progress may fail in any way: list it as coming
        return GameInfo(game_id, game_id, problem=f"{type(exc).__name__}: {exc}")
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        return GameInfo(game_id, game_id, problem="no SPEC (a game.core.contract.GameSpec)")
    return GameInfo(game_id, spec.title, spec)


def catalog(games: tuple[str, ...] | None = None) -> list[GameInfo]:
    """Every game of the app (or of ``games``), in menu order, available or not."""
    return [probe(gid) for gid in (GAMES if games is None else games)]


@functools.cache
def game_info(game_id: str) -> GameInfo | None:
    """The app's game ``game_id`` (:func:`probe`, once per process), ``None`` when the app has no such game: importing
    one engine only, where the whole :func:`catalog` would import every game's."""
    return probe(game_id) if game_id in GAMES else None


def game_title(game_id: str) -> str:
    """A game's name as the start screen shows it (its id when the game cannot be loaded)."""
    info = game_info(game_id)
    return info.spec.title if info is not None and info.spec else game_id


def start_options(games: tuple[str, ...] | None = None) -> list[StartOption]:
    """Every start option of ``games`` (default: all), each name once (the first game declaring it)."""
    seen: dict[str, StartOption] = {}
    for info in catalog(games):
        for option in info.spec.options if info.spec else ():
            seen.setdefault(option.name, option)
    return list(seen.values())


def start_defaults(games: tuple[str, ...] | None = None) -> dict[str, Any]:
    """The start screen's settings before any choice: the first available game with its fewest players, and
    each option's default (also ``build.py``'s ``start_screen_data()["defaults"]``; start.js keeps the saved copy)."""
    infos = catalog(games)
    first = next((g for g in infos if g.available), infos[0] if infos else None)
    defaults = setting_defaults(("start", "device"))  # the declared settings (game.ui.settings)
    if first:
        defaults.update({"game": first.game_id, "players": first.min_players})
    defaults.update({o.name: o.default for o in start_options(games)})
    return defaults


def new_game_options(game_id: str, players: int, choices: dict[str, Any], random_pick: int) -> dict[str, Any]:
    """Engine options for ``new_game`` from the start screen's choices (:meth:`GameSpec.new_game_options`).

    ``choices`` holds the settings (each option's value under its name);
    ``random_pick`` is any integer used to resolve "random" (the seed, so a
    seed replays the same choice). A game that cannot be loaded gets none.
    """
    spec = probe(game_id).spec
    return spec.new_game_options(players, choices, random_pick) if spec else {}
