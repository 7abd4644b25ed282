"""The app shell: game screens, end screen, toasts, autosave, and the requests of the start screen.

The start screen is static HTML run by ``site/start.js`` (usable before
Python is ready). It sends ``{"type": "new", "settings": {...}}`` or
``{"type": "resume"}`` through ``window.houseGames.request``; :func:`start`
registers :meth:`App.handle_request` to receive them, and the app answers with
``window.houseGames.showApp()`` (a game is open) or ``.showStart(notice)``.
Runs in the Python worker: ``site/main.py`` hands :func:`start` to the
bridge (:func:`game.ui.bridge.serve`), which calls it with the page's boot
message; every ``window.houseGames`` call here is an operation the page's
``site/bridge.js`` applies. The loader (``site/loader.js``) is told through
``window.houseGames.ready()`` / ``.fail(stage, message)`` how it went.
"""

from __future__ import annotations

import importlib
import json
import time
import traceback
from typing import Any
from urllib.parse import parse_qs

from ..core import IllegalAction, Match, Seat
from . import dom
from .catalog import GameInfo, catalog, new_game_options
from .dom import el
from .i18n import LANGUAGES, t
from .screen import FallbackScreen, GameScreen, seat_names
from .storage import PREFIX, MemoryBackend, PageBackend, Store


def screen_class(game_id: str, prefer_list: bool = False) -> type[GameScreen]:
    """The dedicated screen of a game (``game.ui.<game_id>.SCREEN``), else :class:`FallbackScreen`."""
    if prefer_list:
        return FallbackScreen
    try:
        module = importlib.import_module(f"game.ui.{game_id}")
    except ImportError:
        return FallbackScreen
    return getattr(module, "SCREEN", FallbackScreen)


class App:
    """The whole page below the loader: one screen at a time inside ``root``."""

    def __init__(self, root: Any, store: Store, search: str = "") -> None:
        self.root = root
        self.store = store
        # the defaults are also build.py's start_screen_data()["defaults"]; start.js keeps the saved copy
        self.settings: dict[str, Any] = {"game": "barrio", "players": 1, "seats": [], "level": "A",
                                         "scoring_card": "A", "rounds": 1, "seed": "", "lang": "en", "patterns": False}
        self.settings.update(store.load_settings())
        self.games: list[GameInfo] = catalog()
        self.screen: GameScreen | None = None
        params = parse_qs(search.lstrip("?"), keep_blank_values=True)
        self.params = {k: params[k][-1] for k in ("pause", "ui", "think") if k in params}
        self.toasts = el("div", {"class": "toasts", "aria-live": "assertive", "id": "toasts"})
        dom.document.body.appendChild(self.toasts)
        dom.document.documentElement.lang = self.lang
        dom.page.on_error = lambda exc: self.toast(t("game.error", self.lang, reason=f"{type(exc).__name__}: {exc}"), error=True)

    # ------------------------------------------------------------------ settings and services
    @property
    def lang(self) -> str:
        lang = self.settings.get("lang")
        return lang if lang in LANGUAGES else "en"

    @property
    def patterns(self) -> bool:
        """Whether game screens should overlay colour-blind patterns."""
        return bool(self.settings.get("patterns"))

    def bot_pause_ms(self, default: int) -> int:
        """Pause before a computer action: ``default``, or the page's ``?pause=N`` (tests use 0)."""
        try:
            return max(0, int(self.params["pause"]))
        except (KeyError, ValueError):
            return default

    def bot_think_s(self) -> float | None:
        """A longer thinking time for the computer seats, from the page's ``?think=MS`` (tests of a busy worker)."""
        try:
            return max(0, int(self.params["think"])) / 1000
        except (KeyError, ValueError):
            return None

    def thinking(self, text: str | None) -> None:
        """Show (``text``) or hide (``None``) the page's "thinking…" mark; it is sent at once, before the bot computes."""
        dom.window.houseGames.thinking(text)
        dom.flush()

    def save_settings(self) -> None:
        self.store.save_settings(self.settings)

    def toast(self, text: str, error: bool = False, ms: int = 4000) -> None:
        """Show a short message (errors stay longer)."""
        node = el("div", {"class": "toast error" if error else "toast", "role": "alert" if error else "status"}, text)
        self.toasts.appendChild(node)
        dom.later(ms * (1.5 if error else 1), node.remove)

    def autosave(self, match: Match) -> None:
        """Store the match; a full storage shows a message instead of failing the move."""
        try:
            self.store.save_match(match)
        except Exception as exc:
            self.toast(t("game.saved_failed", self.lang, reason=str(exc)), error=True)

    # ------------------------------------------------------------------ screens
    def _switch(self) -> None:
        if self.screen is not None:
            self.screen.unmount()
            self.screen = None
        dom.clear(self.root)
        dom.release()

    def show_start(self, notice: tuple[str, str] | None = None) -> None:
        """Back to the static start screen (the "Menu" of a game: it stays autosaved), with an optional
        ``(kind, text)`` notice such as why the autosave could not be read."""
        self._switch()
        hooks = dom.window.houseGames
        if notice is None:
            hooks.showStart()
        else:
            hooks.showStart({"kind": notice[0], "text": notice[1]})

    # ------------------------------------------------------------------ requests of the start screen
    def handle_request(self, request: dict[str, Any]) -> bool:
        """Serve the start screen: ``{"type": "new", "settings": {...}}`` starts a match from the
        choices (a refused option shows the engine's reason), ``{"type": "resume"}`` opens the autosave.
        Return whether a game is now open."""
        kind = request.get("type") if isinstance(request, dict) else None
        if kind == "resume":
            self.settings.update(self.store.load_settings())
            return self.resume()
        if kind == "new":
            choices = request.get("settings")
            if isinstance(choices, dict):
                self.settings.update({k: v for k, v in choices.items() if isinstance(k, str) and not k.startswith("_focus")})
            self.save_settings()
            return self.start_from_settings()
        self.show_start(("error", t("game.error", self.lang, reason=f"unknown request {kind!r}")))
        return False

    def start_from_settings(self) -> bool:
        """Start a match from :attr:`settings` as the start screen shows them."""
        s = self.settings
        info = next((g for g in self.games if g.game_id == s.get("game")), None)
        if info is None or not info.available:
            title = info.title if info else str(s.get("game"))
            self.show_start(("error", t("start.unavailable", self.lang, title=title)))
            return False
        seed_text = str(s.get("seed") or "").strip()
        seed = int(seed_text) if seed_text.isdigit() else int(time.time() * 1000) % 2**31
        try:
            players = int(s.get("players") or info.min_players)
        except (TypeError, ValueError):
            players = info.min_players
        players = min(max(players, info.min_players), info.max_players)
        if info.game_id == "barrio" and players == 1:
            seats = [Seat("human")]
        else:
            valid = {"human"} | {"bot:" + b for b in info.bot_names}
            strongest = "bot:" + info.bot_names[-1]
            chosen = [str(v) for v in s.get("seats") or [] if isinstance(v, str)] or ["human"]
            chosen = [v if v in valid else strongest for v in chosen + [strongest] * players][:players]
            seats = [Seat("computer", v[4:]) if v.startswith("bot:") else Seat("human") for v in chosen]
        options = new_game_options(info.game_id, players, {"level": s.get("level"), "scoring_card": s.get("scoring_card"),
                                                           "rounds": s.get("rounds")}, seed)
        return self.start_match(info.game_id, players, seats, seed, options)

    def play(self, match: Match) -> None:
        """Open ``match`` in its game's screen."""
        self._switch()
        cls = screen_class(match.game_id, self.params.get("ui") == "list")
        self.screen = cls(self, match)
        self.screen.mount(self.root)
        dom.window.houseGames.showApp()

    def finish(self, screen: GameScreen) -> None:
        """The end screen for a finished game.

        The autosave is kept (resuming it shows this screen again) until a new game replaces it.
        """
        rows = screen.end_rows()
        log_lines = [screen.describe_event(e) for e in screen.view().get("log", [])]
        match = screen.match
        module = screen.module
        winners = list(module.winners(match.state))
        self._switch()
        lang = self.lang
        names = [rows[w][0] for w in winners if w < len(rows)]
        verdict = t("game.winner", lang, names=names[0]) if len(names) == 1 else t("game.winners", lang, names=", ".join(names))
        table = el("table", {"class": "scores", "id": "final-scores"},
                   el("thead", {}, el("tr", {}, el("th", {}, t("score.name", lang)), el("th", {"class": "num"}, t("score.points", lang)))))
        body = el("tbody", {})
        for i, (name, score, parts) in enumerate(rows):
            detail = ", ".join(f"{k}: {v}" for k, v in parts.items()) if parts else ""
            body.appendChild(el("tr", {"class": "winner" if i in winners else None, "data-seat": i},
                                el("td", {}, name, el("div", {"class": "muted"}, detail) if detail else None),
                                el("td", {"class": "num"}, str(score))))
        table.appendChild(body)

        def again(_: Any) -> None:
            self.start_match(match.game_id, match.num_players, [Seat(s.kind, s.bot, s.name) for s in match.seats],
                             int(time.time() * 1000) % 2**31, dict(match.options))

        dom.append(self.root,
                   el("section", {"class": "stack", "id": "end-screen", "aria-labelledby": "end-title"},
                      el("h1", {"id": "end-title"}, f"{module.TITLE}: {t('game.over', lang)}"),
                      el("p", {"class": "status", "role": "status"}, verdict),
                      table,
                      el("div", {"class": "actions"},
                         el("button", {"type": "button", "class": "primary", "onclick": again}, t("game.again", lang)),
                         el("button", {"type": "button", "onclick": lambda e: self.show_start()}, t("game.home", lang))),
                      el("details", {"class": "log"},
                         el("summary", {}, t("game.log", lang)),
                         el("ol", {"id": "game-log"}, [el("li", {}, line) for line in log_lines]))))
        dom.window.houseGames.showApp()

    def start_match(self, game_id: str, players: int, seats: list[Seat], seed: int, options: dict[str, Any]) -> bool:
        """Create a match and open it; a refused option shows the engine's reason."""
        try:
            match = Match.new(game_id, players, seed, seats, **options)
        except IllegalAction as exc:
            self.toast(exc.text(self.lang), error=True)
            self.show_start()
            return False
        self.autosave(match)
        self.play(match)
        return True

    def resume(self) -> bool:
        """Open the autosaved match, or explain why it cannot be read; return whether it opened."""
        result = self.store.load_match()
        if result.match is not None:
            self.play(result.match)
            return True
        self.show_start(("error", t("start.badsave", self.lang, reason=result.error, where=result.kept_as)) if result.error else None)
        return False


def start(boot: dict[str, Any] | None = None) -> "App | None":
    """Check the autosave, take the start screen's requests, mark the page ready; return the app.

    ``boot`` is the page's boot message (see ``game/ui/README.md``): the query
    string and a snapshot of this app's ``localStorage`` keys (``None`` when the
    page cannot use storage: the game is then kept in memory only).
    """
    boot = boot or {}
    hooks = dom.window.houseGames
    try:
        stored = boot.get("storage")
        backend: Any
        if isinstance(stored, dict):
            backend = PageBackend({k: v for k, v in stored.items() if isinstance(v, str) and k.startswith(PREFIX)},
                                  lambda key, value: dom.page.op(["store", key, value]))
            dom.page.on_message["storage"] = lambda data: backend.changed(str(data.get("key")), data.get("value"))
        else:  # storage blocked (private mode): keep the game in memory
            backend = MemoryBackend()
        app = App(dom.by_id("app"), Store(backend), str(boot.get("search") or ""))
        if app.store.has_autosave():
            result = app.store.load_match()  # read now so a bad save is explained before anything else
            if result.error:
                app.show_start(("error", t("start.badsave", app.lang, reason=result.error, where=result.kept_as)))
        # start.js's requests (Start, Resume) arrive as {"kind": "request", "text": JSON} messages
        dom.page.on_message["request"] = lambda data: app.handle_request(json.loads(str(data.get("text"))))
    except Exception:
        hooks.fail("start", traceback.format_exc())
        return None
    hooks.ready()
    hooks.setRequestHandler()  # the bridge registers a handler that forwards to us: runs a Start tapped while loading
    return app


__all__ = ["App", "screen_class", "start", "seat_names"]
