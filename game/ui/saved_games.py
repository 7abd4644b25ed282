"""Games saved unfinished: the question before a new game takes the place of one, and the list of them all.

A new game, a daily deal or *Play again* never replaces an unfinished game silently: :func:`ask_keep` asks
*Keep it and start another* (both stay, each in its own slot) or *Replace it* (the named game is deleted, and
only if no tab saved it since: the page checks its revision). When several games are saved, the start screen
offers :func:`show_saved_games`, each with its game, players, moves and when. ``app`` is the
:class:`game.ui.app.App` (not imported: it imports us).
"""

from __future__ import annotations

import json
import time
from datetime import datetime, timezone
from typing import Any

from ..core import Match
from ..core.locale import text
from . import dom
from .catalog import game_info, game_title
from .dom import el
from .record_words import moment_words
from .storage import SavedGame


def screen_title(game_id: Any) -> str:
    """A game's title for a message (its id when the game is unknown)."""
    info = game_info(game_id) if isinstance(game_id, str) else None
    return info.title if info is not None else str(game_id)


def open_new(app: Any, match: Match, ask: bool = True, finished: str | None = None) -> bool:
    """Open a new ``match`` in a slot of its own. While a game someone has played in is saved unfinished
    (``finished``: the slot of the game whose end screen asked for another, not counted), the player is asked
    first (:func:`ask_keep`), unless ``ask`` is false (they chose to keep it already). The game this tab opened
    and nobody played in yet goes: nothing of anyone's is in it. Return whether the game is open."""
    store = app.store
    saved = [g for g in store.saved_games() if g.slot != finished]
    played = [g for g in saved if g.human_moves]
    if ask and played:
        ask_keep(app, match, played)
        return False
    untouched = next((g for g in saved if g.slot == store.slot and not g.human_moves), None)
    if untouched is not None:
        store.delete_slot(untouched.slot, store.rev)
    store.new_slot()
    app.autosave(match)
    app.play(match)
    return True


def saved_summary(app: Any, saved: SavedGame) -> str:
    """"1 player · 5 moves · saved Nov 27, 2026, 5:40 PM": what the start screen says of a saved game."""
    lang = app.lang
    summary = text("start.resume.summary", lang, players=text("count.players", lang, count=saved.players),
                   moves=text("count.moves", lang, count=saved.moves))
    if saved.saved_at is not None:  # the device's local time (Pyodide's clock follows the browser's time zone)
        when = moment_words(datetime.fromtimestamp(saved.saved_at / 1000, timezone.utc), lang)
        summary += " · " + text("start.resume.when", lang, when=when)
    return summary


def ask_keep(app: Any, match: Match, saved: list[SavedGame]) -> None:
    """Ask before ``match`` takes the place of an unfinished game: *Keep it and start another* keeps both,
    *Replace it* deletes the game named (the one this tab played, else the one saved last), *Back* starts
    nothing."""
    target = next((g for g in saved if g.slot == app.store.slot), saved[0])
    # the revision the player agrees to replace: what this tab saved itself, else what the question shows
    rev = app.store.rev if target.slot == app.store.slot else target.rev
    remote, lang = app.remote, app.lang

    def keep(_: Any) -> None:
        app.remote = remote
        open_new(app, match, ask=False)

    def replace(_: Any) -> None:
        app.remote = remote
        replace_and_open(app, target, rev, match)

    def back(_: Any) -> None:
        app.remote = frozenset()
        app.show_start()

    others = [el("p", {"id": "keep-unfinished-others"}, text("start.unfinished.others", lang, count=len(saved) - 1))] if len(saved) > 1 else []
    app._switch()
    dom.append(app.root, el("section", {"class": "stack screen", "id": "keep-unfinished", "aria-labelledby": "keep-unfinished-title",
                                       "data-slot": target.slot},
                            el("h1", {"id": "keep-unfinished-title"}, text("start.unfinished.title", lang)),
                            el("p", {"class": "notice", "id": "keep-unfinished-text"},
                               text("start.unfinished", lang, title=screen_title(target.game), summary=saved_summary(app, target))),
                            others,
                            el("div", {"class": "actions"},
                               el("button", {"type": "button", "class": "primary", "id": "keep-it", "onclick": keep},
                                  text("start.keep_unfinished", lang)),
                               el("button", {"type": "button", "id": "replace-it", "onclick": replace},
                                  text("start.replace_unfinished", lang)),
                               el("button", {"type": "button", "id": "keep-back", "onclick": back}, text("start.back", lang)))))
    dom.window.houseGames.showApp()


def replace_and_open(app: Any, saved: SavedGame, rev: int, match: Match) -> None:
    """Delete the game of ``saved``, then open ``match``. The game's lock is taken first, so a game another tab
    plays is kept (and the player told); the page refuses the deletion if any tab saved the game past ``rev``
    (``App.kept_game`` says so)."""
    def locked(held: bool, _stored: str | None) -> None:
        if held:
            app.store.delete_slot(saved.slot, rev)
        else:
            app.toast(text("start.kept_elsewhere", app.lang, title=screen_title(saved.game)))
        open_new(app, match, ask=False)

    app.store.backend.lock(saved.slot, False, locked)


class SavedGamesPanel:
    """Every saved game, the one saved last first, each a button that resumes it (a panel: ``App.show_panel``)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def mount(self, root: Any) -> None:
        app, lang = self.app, self.app.lang
        rows = [el("li", {},
                   el("button", {"type": "button", "class": "resume-game", "data-slot": g.slot, "data-moves": g.moves,
                                 "onclick": lambda e, slot=g.slot: app.resume(slot)},
                      text("start.resume", lang, title=screen_title(g.game)), el("br", {}), el("small", {}, saved_summary(app, g))))
                for g in app.store.saved_games()]
        dom.append(root, el("section", {"class": "stack screen", "id": "saved-games", "aria-labelledby": "saved-games-title"},
                            el("header", {"class": "topbar"},
                               el("h1", {"id": "saved-games-title"}, text("start.saved_games", lang)),
                               el("button", {"type": "button", "id": "saved-games-back",
                                             "onclick": lambda e: app.show_start()}, text("start.back", lang))),
                            el("ul", {"class": "past-list saved-games"}, rows)))

    def unmount(self) -> None:
        pass


def show_saved_games(app: Any) -> None:
    """The list of saved games (the start screen's *All unfinished games*); none left: the start screen."""
    if not app.store.saved_games():
        app.show_start()
        return
    app.show_panel(SavedGamesPanel(app))


#: a guest's game is offered again on its start screen for this long after its last position came (then it is stale)
REJOIN_S = 6 * 3600


def rejoin_words(kept: Any, lang: str) -> str | None:
    """A reloaded guest's start screen: the game it was playing at another phone's table, and how to rejoin it
    (None: no such game, or one whose last position came more than :data:`REJOIN_S` ago)."""
    try:
        data = json.loads(str(kept))
        if kept is None or not 0 <= time.time() - float(data["at"]) / 1000 < REJOIN_S:
            return None
        return text("multi.join.rejoin", lang, game=game_title(str(data["game"])), name=str(data["name"]))
    except (ValueError, KeyError, TypeError):
        return None
