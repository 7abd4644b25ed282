"""The app shell: start screen, game screens, end screen, toasts, autosave.

Runs in the Python worker. ``site/main.py`` hands :func:`start` to the bridge
(:func:`game.ui.bridge.serve`), which calls it with the page's boot message;
the page's loader (``site/loader.js``) shows the loading and error screens
and is told through ``window.houseGames.ready()`` / ``.fail(stage, message)``
(operations sent through the bridge) how the start went.
"""

from __future__ import annotations

import importlib
import time
import traceback
from typing import Any
from urllib.parse import parse_qs

from ..core import IllegalAction, Match, Seat
from . import dom
from .catalog import ROUNDS, SCORING_CARDS, SOLO_LEVELS, GameInfo, catalog, new_game_options
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
        self.settings: dict[str, Any] = {"game": "barrio", "players": 1, "seats": [], "level": "A",
                                         "scoring_card": "A", "rounds": 1, "seed": "", "lang": "en", "patterns": False}
        self.settings.update(store.load_settings())
        self.games: list[GameInfo] = catalog()
        self.screen: GameScreen | None = None
        self.notice: tuple[str, str] | None = None  #: (kind, text) shown once on the start screen
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
        dom.window.scrollTo(0, 0)

    def show_start(self) -> None:
        """The start screen (also the "Menu" of a game: the game stays autosaved)."""
        self._switch()
        StartScreen(self).mount(self.root)

    def play(self, match: Match) -> None:
        """Open ``match`` in its game's screen."""
        self._switch()
        cls = screen_class(match.game_id, self.params.get("ui") == "list")
        self.screen = cls(self, match)
        self.screen.mount(self.root)

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

    def start_match(self, game_id: str, players: int, seats: list[Seat], seed: int, options: dict[str, Any]) -> bool:
        """Create a match and open it; a refused option shows the engine's reason."""
        try:
            match = Match.new(game_id, players, seed, seats, **options)
        except IllegalAction as exc:
            self.toast(exc.text(self.lang), error=True)
            return False
        self.autosave(match)
        self.play(match)
        return True

    def resume(self) -> None:
        """Open the autosaved match, or explain why it cannot be read."""
        result = self.store.load_match()
        if result.match is not None:
            self.play(result.match)
            return
        if result.error:
            self.notice = ("error", t("start.badsave", self.lang, reason=result.error, where=result.kept_as))
        self.show_start()


class StartScreen:
    """Choose a game, seats, options, seed, language and patterns; or resume the autosave."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.s = app.settings

    def mount(self, root: Any) -> None:
        app, s, lang = self.app, self.s, self.app.lang
        self.root = root
        info = self.game_info()
        if info is None or not info.available:
            first = next((g for g in app.games if g.available), None)
            if first is not None and info is not None and s.get("game") == info.game_id and not s.get("_chosen"):
                s["game"], info = first.game_id, first
        children: list[Any] = [
            el("header", {}, el("h1", {"class": "brand"}, t("app.title", lang)), el("p", {"class": "lead"}, t("app.tagline", lang)))]
        if app.notice is not None:
            kind, text = app.notice
            children.append(el("p", {"class": f"notice {kind}", "role": "alert", "id": "start-notice"}, text))
            app.notice = None
        resume = self.resume_button()
        if resume is not None:
            children.append(resume)
        children.append(self.game_choice())
        if info is not None and info.available:
            children.extend(self.seat_choice(info))
            options = self.option_choice(info)
            if options is not None:
                children.append(options)
        elif info is not None:
            children.append(el("p", {"class": "notice"}, t("start.unavailable", lang, title=info.title)))
        children.append(self.general_choice())
        children.append(el("div", {"class": "actions"},
                           el("button", {"type": "button", "class": "primary", "id": "start-game", "onclick": self.start,
                                         "disabled": not (info and info.available)}, t("start.new", lang))))
        build = dom.window.houseGames.build
        children.append(el("footer", {"class": "footer"}, el("span", {"id": "build-id"}, t("start.build", lang, build=build if isinstance(build, str) else "dev"))))
        dom.append(root, el("main", {"class": "stack", "id": "start-screen"}, children))

    # ------------------------------------------------------------------ parts
    def game_info(self) -> GameInfo | None:
        return next((g for g in self.app.games if g.game_id == self.s.get("game")), None)

    def rerender(self) -> None:
        self.app.save_settings()
        self.app.show_start()
        focus = self.s.pop("_focus", None)
        if focus:
            node = dom.by_id(focus)
            if node:
                node.focus()

    def resume_button(self) -> Any:
        store = self.app.store
        if not store.has_autosave():
            return None
        raw = store._get("house-games.autosave")
        title, detail = "", ""
        try:  # a quick peek for the label; the real, checked load happens on click
            import json

            data = json.loads(str(raw))
            info = next((g for g in self.app.games if g.game_id == data.get("game")), None)
            title = info.title if info else str(data.get("game"))
            detail = t("start.resume.detail", self.app.lang, players=data.get("num_players"), moves=len(data.get("actions", [])))
        except Exception:
            title = "?"
        return el("button", {"type": "button", "class": "primary", "id": "resume", "onclick": lambda e: self.app.resume()},
                  t("start.resume", self.app.lang, title=title), el("br", {}), el("small", {}, detail))

    def game_choice(self) -> Any:
        lang = self.app.lang
        box = el("div", {"class": "choices"})
        for g in self.app.games:
            def pick(event: Any, gid: str = g.game_id) -> None:
                self.s["game"], self.s["_chosen"], self.s["_focus"] = gid, True, f"game-{gid}"
                info = self.game_info()
                if info and info.available:
                    self.s["players"] = min(max(int(self.s.get("players", 2)), info.min_players), info.max_players)
                self.rerender()

            radio = el("input", {"type": "radio", "name": "game", "id": f"game-{g.game_id}", "value": g.game_id,
                                 "checked": self.s.get("game") == g.game_id, "onchange": pick})
            tag = None if g.available else el("span", {"class": "tag"}, t("start.coming", lang))
            box.appendChild(el("label", {"class": "choice", "for": f"game-{g.game_id}", "data-available": str(g.available).lower(),
                                         "title": g.problem or ""}, radio, el("span", {}, g.title), tag))
        return el("fieldset", {}, el("legend", {}, t("start.game", lang)), box)

    def seat_choice(self, info: GameInfo) -> list[Any]:
        lang, s = self.app.lang, self.s
        players = min(max(int(s.get("players") or info.min_players), info.min_players), info.max_players)
        s["players"] = players

        def set_players(event: Any) -> None:
            s["players"], s["_focus"] = int(event.target.value), "f-players"
            self.rerender()

        counts = [(str(n), t("start.solo", lang) if (info.game_id == "barrio" and n == 1) else str(n))
                  for n in range(info.min_players, info.max_players + 1)]
        parts = [dom.select(t("start.players", lang), "players", counts, str(players), set_players)]
        if info.game_id == "barrio" and players == 1:
            parts.append(dom.select(t("start.level", lang), "level", [(lv, t(f"start.level.{lv}", lang)) for lv in SOLO_LEVELS],
                                    s.get("level", "A"), self._setter("level")))
            return [el("fieldset", {}, el("legend", {}, t("start.seats", lang)), el("div", {"class": "stack"}, parts))]
        seats = list(s.get("seats") or [])
        seats += ["human"] + ["bot:" + info.bot_names[-1]] * 4 if not seats else ["bot:" + info.bot_names[-1]] * 4
        choices = [("human", t("start.human", lang))] + [("bot:" + b, t("start.computer", lang, name=b)) for b in info.bot_names]
        valid = {v for v, _ in choices}
        s["seats"] = [seat if seat in valid else choices[-1][0] for seat in seats[:players]]
        for i in range(players):
            def set_seat(event: Any, i: int = i) -> None:
                s["seats"][i] = str(event.target.value)
                self.app.save_settings()
            parts.append(dom.select(t("start.seat", lang, n=i + 1), f"seat-{i}", choices, s["seats"][i], set_seat))
        return [el("fieldset", {}, el("legend", {}, t("start.seats", lang)), el("div", {"class": "stack"}, parts))]

    def option_choice(self, info: GameInfo) -> Any:
        lang, s = self.app.lang, self.s
        if info.game_id == "barrio" and s.get("players") != 1:
            cards = [(c, c) for c in SCORING_CARDS] + [("random", t("start.random", lang))]
            field = dom.select(t("start.scoring_card", lang), "scoring_card", cards, s.get("scoring_card", "A"), self._setter("scoring_card"))
        elif info.game_id == "neueheimat":
            field = dom.select(t("start.rounds", lang), "rounds", [(str(r), str(r)) for r in ROUNDS], str(s.get("rounds", 1)), self._setter("rounds"))
        else:
            return None
        return el("fieldset", {}, el("legend", {}, t("start.options", lang)), field)

    def general_choice(self) -> Any:
        lang, s = self.app.lang, self.s

        def set_lang(event: Any) -> None:
            s["lang"], s["_focus"] = str(event.target.value), "f-lang"
            dom.document.documentElement.lang = s["lang"]
            self.rerender()

        def set_seed(event: Any) -> None:
            s["seed"] = str(event.target.value).strip()
            self.app.save_settings()

        def set_patterns(event: Any) -> None:
            s["patterns"] = bool(event.target.checked)
            self.app.save_settings()

        seed = el("label", {"class": "field", "for": "f-seed"}, el("span", {}, t("start.seed", lang)),
                  el("input", {"type": "number", "id": "f-seed", "name": "seed", "min": 0, "inputmode": "numeric",
                               "value": s.get("seed", ""), "aria-describedby": "seed-hint", "onchange": set_seed}),
                  el("small", {"class": "muted", "id": "seed-hint"}, t("start.seed.hint", lang)))
        patterns = el("label", {"class": "check", "for": "f-patterns"},
                      el("input", {"type": "checkbox", "id": "f-patterns", "checked": bool(s.get("patterns")), "onchange": set_patterns}),
                      t("start.patterns", lang))
        language = dom.select(t("start.language", lang), "lang", list(LANGUAGES.items()), lang, set_lang)
        return el("fieldset", {}, el("legend", {}, t("start.options", lang) + " · " + t("start.language", lang)),
                  el("div", {"class": "stack"}, seed, language, patterns))

    def _setter(self, key: str):
        def handler(event: Any) -> None:
            self.s[key] = str(event.target.value)
            self.app.save_settings()
        return handler

    # ------------------------------------------------------------------ start
    def start(self, _: Any = None) -> None:
        info, s = self.game_info(), self.s
        if info is None or not info.available:
            return
        seed_text = str(s.get("seed") or "").strip()
        seed = int(seed_text) if seed_text.isdigit() else int(time.time() * 1000) % 2**31
        players = int(s["players"])
        if info.game_id == "barrio" and players == 1:
            seats = [Seat("human")]
        else:
            seats = [Seat("computer", v[4:]) if v.startswith("bot:") else Seat("human") for v in s["seats"][:players]]
        options = new_game_options(info.game_id, players, {"level": s.get("level"), "scoring_card": s.get("scoring_card"),
                                                           "rounds": s.get("rounds")}, seed)
        self.app.save_settings()
        self.app.start_match(info.game_id, players, seats, seed, options)


def start(boot: dict[str, Any] | None = None) -> "App | None":
    """Open the start screen (or report why not) and mark the page ready; return the app.

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
                app.notice = ("error", t("start.badsave", app.lang, reason=result.error, where=result.kept_as))
        app.show_start()
    except Exception:
        hooks.fail("start", traceback.format_exc())
        return None
    hooks.ready()
    return app


__all__ = ["App", "StartScreen", "screen_class", "start", "seat_names"]
