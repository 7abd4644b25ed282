"""House-building board games: Barrio, Nyhavn and Neue Heimat.

``game.core`` holds what the games share; ``game.barrio``, ``game.nyhavn``
and ``game.neueheimat`` are the engines; ``game.ui`` is the browser front
end (see ``docs/architecture.md``).

The registry of games is here, the one place that lists them: a new game is
one line in :data:`PRODUCT_GAMES` (``docs/new-game.md``). It is read by the core
(:func:`game.core.load_game`), the start screen (:mod:`game.ui.catalog`), the app
(its screens) and ``build.py``; each game declares the rest itself (its
``SPEC``, ``game.core.contract.GameSpec``). A game
that is not part of the product, such as the toy game of the tests, is added
for one process by the environment variable :data:`EXTRA_GAMES_VARIABLE`
(the build ignores it: a site ships :data:`PRODUCT_GAMES`).
"""

from __future__ import annotations

import os

__version__ = "0.1.0"

#: the games users see, in menu order; each is ``game.<id>`` with its screen in ``game.ui.<id>``
PRODUCT_GAMES: tuple[str, ...] = ("barrio", "nyhavn", "neueheimat")

#: ``id=engine.module:screen.module`` entries, comma separated: games added for tests only
EXTRA_GAMES_VARIABLE = "HOUSE_GAMES_EXTRA"


def parse_extra_games(text: str) -> dict[str, tuple[str, str | None]]:
    """``{id: (engine module, screen module or None)}`` from :data:`EXTRA_GAMES_VARIABLE`'s value.

    >>> parse_extra_games("toy=tests.toygame.engine:tests.toygame.screen")
    {'toy': ('tests.toygame.engine', 'tests.toygame.screen')}
    """
    found: dict[str, tuple[str, str | None]] = {}
    for entry in filter(None, (part.strip() for part in text.split(","))):
        game_id, sep, modules = entry.partition("=")
        engine, _, screen = modules.partition(":")
        if not sep or not game_id.strip() or not engine.strip():
            raise ValueError(f"{EXTRA_GAMES_VARIABLE}: {entry!r} is not id=engine.module[:screen.module]")
        found[game_id.strip()] = (engine.strip(), screen.strip() or None)
    return found


_EXTRA = parse_extra_games(os.environ.get(EXTRA_GAMES_VARIABLE, ""))

#: every game this process can play: the product's, then any extra ones
GAMES: tuple[str, ...] = PRODUCT_GAMES + tuple(g for g in _EXTRA if g not in PRODUCT_GAMES)
#: the engine package of each game, whose ``SPEC`` declares it (``docs/engine-contract.md``)
ENGINE_MODULES: dict[str, str] = {**{g: f"game.{g}" for g in PRODUCT_GAMES}, **{g: e for g, (e, _) in _EXTRA.items()}}
#: the package whose ``SPEC`` (a ``ScreenSpec``) is each game's table (absent: the generic list of legal actions)
SCREEN_MODULES: dict[str, str] = {**{g: f"game.ui.{g}" for g in PRODUCT_GAMES},
                                  **{g: s for g, (_, s) in _EXTRA.items() if s}}
