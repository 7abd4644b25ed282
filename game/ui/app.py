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

import json
import time
import traceback
from typing import Any
from urllib.parse import parse_qs, quote

from ..core import IllegalAction, Match, Seat, daily, share
from ..core.errors import GameError
from ..core.record import GameRecord, RecordError, Replay
from . import announce, dom
from ..core.locale import language_names, text
from .catalog import game_info, screen_spec, start_defaults
from .settings import chosen_value, defaults as setting_defaults, seat_given_names, setting
from .coach_display import InsightPanel
from .dailydeal import DailyScreen, daily_deal_of, daily_key_of, result_card
from .dom import el
from .past import PastGames
from .record_book import RecordBook
from .replay import ReplayViewer
from .screen import FallbackScreen, GameScreen, final_scores, seat_names
from .share_links import ShareLinks
from .stats import StatsScreen
from .saved_games import open_new, rejoin_words, screen_title, show_saved_games
from .storage import GUEST_GAME_KEY, PREFIX, SETTINGS, MemoryBackend, PageBackend, Store

#: Toasts on screen at once: enough to read a refusal and what came just before it, never a column over the table
MAX_TOASTS = 2
#: The names a failed write gives (``storage.what.<name>``): what the player is told was not saved
WHAT_UNSAVED = ("autosave", "result", "records", "pin", "import", "settings")
#: The message of each reason a write failed (``storage.failed_other`` for any other, with the reason)
FAILED_BECAUSE = {"full": "storage.failed_full", "unavailable": "storage.unavailable", "outdated": "storage.failed_outdated",
                  "closed": "storage.failed_closed", "nodb": "storage.no_database", "blocked": "storage.blocked", "openfull": "storage.open_full"}


def screen_class(game_id: str, prefer_list: bool = False) -> type[GameScreen]:
    """The dedicated screen of a game (its screen package's :class:`~game.ui.catalog.ScreenSpec`), else
    :class:`FallbackScreen`."""
    if prefer_list:
        return FallbackScreen
    try:
        spec = screen_spec(game_id)
    except ImportError:
        return FallbackScreen
    return spec.screen if spec else FallbackScreen


class App(ShareLinks):
    """The whole page below the loader: one screen at a time inside ``root``."""

    def __init__(self, root: Any, store: Store, search: str = "") -> None:
        self.root = root
        self.store = store
        # The player's choices as start.js keeps them. The start screen's defaults for what is missing (build.py's
        # start_screen_data()["defaults"]) are taken only when a game starts: they import every game's engine, and a
        # start that only shows the start screen imports none.
        self.settings: dict[str, Any] = setting_defaults(("device",))
        self.settings.update(store.load_settings())
        self.screen: GameScreen | None = None
        #: a screen that is not a game (replay viewer, past games, statistics, daily deal): mount/unmount
        self.panel: Any = None
        #: the player's past games, statistics and daily attempts
        self.book = RecordBook(store)
        #: the app's address without query or fragment: what share links start with
        self.base_url = ""
        params = parse_qs(search.lstrip("?"), keep_blank_values=True)
        self.params = {k: params[k][-1] for k in ("pause", "ui", "think", "hint_iterations") if k in params}
        self.toasts = el("div", {"class": "toasts", "aria-live": "assertive", "id": "toasts"})
        dom.document.body.appendChild(self.toasts)
        dom.document.documentElement.lang = self.lang
        dom.page.on_error = lambda exc: self.toast(text("game.error", self.lang, reason=f"{type(exc).__name__}: {exc}"), error=True)
        #: shown while something could not be stored (storage full…): what, and what to do
        self.storage_alert = el("p", {"class": "notice error storage-alert", "id": "storage-alert", "role": "alert", "hidden": True})
        dom.document.body.appendChild(self.storage_alert)
        self.usage_answers: list[Any] = []
        #: the seats of the game being opened that play on other phones (``game.ui.sharing``), and the sharing itself
        self.remote: frozenset[int] = frozenset()
        self.remote_tokens: dict[int, str] = {}  #: a resumed shared game: the tokens its guests' phones hold
        self.sharing: Any = None
        store.backend.on_status = self.storage_status
        store.backend.on_lost = lambda slot: self.lost_game(slot, unsaved=True)  # its write to the slot was refused
        store.backend.on_kept = self.kept_game

    # ------------------------------------------------------------------ settings and services
    @property
    def lang(self) -> str:
        lang = self.settings.get("lang")
        return lang if lang in language_names() else "en"

    @property
    def patterns(self) -> bool:
        """Whether game screens should overlay colour-blind patterns: the player's choice, else what the device asks
        (forced colours or more contrast: :func:`game.ui.settings.setting` ``default_when``)."""
        chosen = chosen_value(self.settings, "patterns")
        if isinstance(chosen, bool):
            return chosen
        return bool(dom.window.matchMedia(setting("patterns").default_when).matches)

    @property
    def reduced_motion(self) -> bool:
        """The player asked for less motion (``prefers-reduced-motion``): tables show moves at once, not animated."""
        return bool(dom.window.matchMedia("(prefers-reduced-motion: reduce)").matches)

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

    def hint_iterations(self) -> int | None:
        """A fixed search budget for the coach's hints, from the page's ``?hint_iterations=N`` (tests); else the app's time budget."""
        try:
            return max(1, int(self.params["hint_iterations"]))
        except (KeyError, ValueError):
            return None

    def thinking(self, text: str | None, shown: str | None = None, now: int = 0, total: int = 0) -> None:
        """Show (``text``) or hide (``None``) the page's "thinking…" mark; it is sent at once, before the bot computes.
        A task that counts its steps shows ``shown`` (step ``now`` of ``total``) while a screen reader keeps ``text``."""
        dom.window.houseGames.thinking(text, shown, now, total)
        dom.flush()

    def save_settings(self) -> None:
        self.store.save_settings(self.settings)

    def toast(self, text: str, error: bool = False, ms: int = 4000) -> None:
        """Show a short message (errors stay longer).

        The same message again replaces the one on screen (its time starts over), and at most
        :data:`MAX_TOASTS` show at once, the oldest leaving first: a burst of refused taps never piles up over the table.
        """
        for shown in self.toasts.children:
            if shown.textContent == text:
                shown.remove()
        while len(self.toasts.children) >= MAX_TOASTS:
            self.toasts.children[0].remove()
        # a refusal is said by the one live region, every time, even the same words again (issue 40); its toast is
        # only seen, so it is not read twice
        node = el("div", {"class": "toast error", "aria-hidden": "true"} if error else {"class": "toast", "role": "status"}, text)
        self.toasts.appendChild(node)
        if error:
            announce.say(text)
        dom.later(ms * (1.5 if error else 1), lambda: node.remove() if node.parentElement is not None else None)

    def autosave(self, match: Match) -> None:
        """Store the match in this tab's slot; a write that fails shows :meth:`storage_status`, the move stands."""
        if self.screen is not None and self.store.slot is None and self.screen.match is match:
            return  # another tab took this game over: this one no longer writes it
        publish = getattr(self.sharing, "publish", None)
        if callable(publish):
            publish()  # every other phone sees the move at once (sent before this phone saves and draws it)
        try:
            self.store.save_match(match)
        except Exception as exc:
            self.toast(text("game.saved_failed", self.lang, reason=str(exc)), error=True)

    # ------------------------------------------------------------------ storage: failures, other tabs, usage
    def storage_status(self, failing: str | None, what: list[str]) -> None:
        """A write failed (``failing``: ``full``, ``failed``…; ``what``: the names of what is unsaved), or, with
        ``failing`` None, everything is stored again. The message stays on screen until then; play goes on."""
        lang = self.lang
        alert = self.storage_alert
        told = getattr(self.panel, "storage_changed", None)  # a screen whose words depend on it (an import just made)
        if callable(told):
            told(failing, what)
        if failing is None:
            if not alert.hidden:
                alert.hidden = True
                alert.textContent = ""
                self.toast(text("storage.saved_again", lang))
            return
        words = [text(f"storage.what.{w if w in WHAT_UNSAVED else 'data'}", lang) for w in what]  # never a store key
        names = ", ".join(dict.fromkeys(words)) or text("storage.what.records", lang)
        alert.textContent = text(FAILED_BECAUSE.get(failing, "storage.failed_other"), lang, what=names, reason=failing)
        alert.hidden = False

    def lost_game(self, slot: str, unsaved: bool | None = None) -> None:
        """Another tab took over the game of ``slot``: stop writing it, and say so instead of the table. ``unsaved``: a
        move of this tab was refused; None: another tab took the lock, and is handed what is not stored yet."""
        handed = False
        if unsaved is None:
            handed, unsaved = self.store.backend.hand_over(slot), False
        if not self.store.backend.unsaved() and not self.storage_alert.hidden:
            self.storage_alert.hidden = True  # nothing of this tab's waits to be stored any more (#taken-over says why)
            self.storage_alert.textContent = ""
        if self.store.slot == slot:
            self.store.slot = None
        if self.screen is None or self.store.slot is not None:
            return
        title = self.screen.spec.title
        moves = len(self.screen.match.entries)  # the moves this tab had made (tests compare the game taken over)
        lang = self.lang
        self._switch()
        dom.append(self.root, el("section", {"class": "stack screen", "id": "taken-over", "aria-labelledby": "taken-over-title", "data-moves": moves,
                                             "data-unsaved": "true" if unsaved else "false", "data-handed": "true" if handed else "false"},
                                 el("h1", {"id": "taken-over-title"}, title),
                                 el("p", {"class": "notice", "role": "alert"},
                                    text("game.taken_over_handed" if handed else "game.taken_over_unsaved" if unsaved else "game.taken_over", lang)),
                                 el("div", {"class": "actions"},
                                    el("button", {"type": "button", "class": "primary", "id": "take-back",
                                                  "onclick": lambda e: self.resume(slot, steal=True)}, text("game.take_back", lang)),
                                    el("button", {"type": "button", "onclick": lambda e: self.show_start()}, text("game.home", lang)))))
        dom.window.houseGames.showApp()

    def kept_game(self, slot: str) -> None:
        """A deletion of ``slot`` was refused: another tab saved that game since, so it stays. Say so."""
        saved = next((g for g in self.store.saved_games() if g.slot == slot), None)
        if saved is not None:
            self.toast(text("start.kept_advanced", self.lang, title=screen_title(saved.game)))

    def storage_usage(self, answer: Any) -> None:
        """Ask the page how much storage the app uses: ``answer({"usage", "quota", "persisted"})`` (None: unknown)."""
        self.usage_answers.append(answer)
        dom.page.op(["usage"])

    def usage(self, data: dict[str, Any]) -> None:
        """The page's answer to :meth:`storage_usage`."""
        answers, self.usage_answers = self.usage_answers, []
        for answer in answers:
            answer(data)

    # ------------------------------------------------------------------ screens
    def _switch(self) -> None:
        if self.screen is not None:
            self.screen.unmount()
            self.screen = None
            dom.window.houseGamesPlaying = None  # no game's table: the page journals no tap (site/journal.js)
        if self.panel is not None:
            panel, self.panel = self.panel, None
            panel.unmount()
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
        choices (a refused option shows the engine's reason), ``{"type": "resume"}`` opens the autosave,
        ``{"type": "saved"}`` lists every saved game. Return whether a game is now open."""
        kind = request.get("type") if isinstance(request, dict) else None
        # the start screen's choices as it sends them (a language chosen there, then Resume), else as stored
        choices = request.get("settings") if isinstance(request, dict) else None
        if isinstance(choices, dict):
            self.settings.update({k: v for k, v in choices.items() if isinstance(k, str) and not k.startswith("_focus")})
            self.save_settings()
        else:
            self.settings.update(self.store.load_settings())
        if kind == "saved":
            show_saved_games(self)
            return False
        if kind == "resume":
            slot = request.get("slot")
            return self.resume(slot if isinstance(slot, str) else None)
        if kind == "new":
            return self.start_from_settings()
        if kind in ("past", "stats", "daily"):
            self.show_panel({"past": PastGames, "stats": StatsScreen, "daily": DailyScreen}[kind](self))
            return False
        self.show_start(("error", text("game.error", self.lang, reason=f"unknown request {kind!r}")))
        return False

    # ------------------------------------------------------------------ past games, replays, statistics, daily deal
    def show_panel(self, panel: Any) -> None:
        """Show a screen that is not a game (it has ``mount(root)`` and ``unmount()``)."""
        self._switch()
        self.panel = panel
        panel.mount(self.root)
        dom.window.houseGames.showApp()

    def show_replay(self, replay: Replay, close: Any = None, rid: str | None = None, others_game: bool = False) -> None:
        """Open ``replay`` in the viewer; *Close* runs ``close`` (default: the start screen); ``others_game``: no seat is "you"."""
        cls = screen_class(replay.record.game_id, self.params.get("ui") == "list")
        self.show_panel(ReplayViewer(self, replay, cls, close or self.show_start, rid, others_game))

    def open_kept(self, rid: str) -> bool:
        """Replay a kept game (from the past games or the daily deal); a game that no longer replays says why."""
        try:
            replay = self.book.open(rid)
        except GameError as exc:
            self.toast(exc.text(self.lang) if isinstance(exc, RecordError) else str(exc), error=True)
            return False
        came_from = type(self.panel) if self.panel is not None else None
        back = (lambda: self.show_panel(came_from(self))) if came_from in (PastGames, DailyScreen) else None
        self.show_replay(replay, back, rid, others_game=not self.book.own(rid))  # an imported friend's game: no "you"
        return True

    def open_link(self, text: str) -> bool:
        """Open a ``#replay=`` link in the viewer. A bad link says why on the start screen and changes nothing:
        the autosave and the past games are not touched."""
        try:
            replay = share.open_link(text)
        except RecordError as exc:
            self.show_start(("error", exc.text(self.lang)))
            return False
        rid = replay.record.id  # a game played here is the player's own; any other link is a friend's game (no "you")
        self.show_replay(replay, None, rid if self.book.kept(rid) else None, others_game=not self.book.own(rid))
        return True

    def link_of(self, rid: str) -> str | None:
        """The share link of a kept game (``None`` when it is no longer kept)."""
        try:
            return f"{self.base_url}#{share.FRAGMENT_KEY}={self.book.code(rid)}"
        except RecordError:
            return None

    def download(self, name: str, text: str, mime: str = "application/json") -> None:
        """Offer ``text`` as a file called ``name`` (the page downloads a data: link)."""
        link = el("a", {"href": f"data:{mime};charset=utf-8," + quote(text, safe=""), "download": name, "hidden": True})
        self.root.appendChild(link)
        link.call("click")
        link.remove()

    def pin(self, rid: str, pinned: bool) -> bool:
        """Pin or unpin a kept game; a refusal (too many pinned) is shown. Return whether it changed."""
        try:
            self.book.pin(rid, pinned)
        except RecordError as exc:
            self.toast(exc.text(self.lang), error=True)
            return False
        self.toast(text("replay.pinned" if pinned else "replay.unpinned", self.lang))
        return True

    def start_daily(self, challenge: str, day: str | None = None) -> bool:
        """Start today's deal of ``challenge`` (counted if it is the first finished game of it, else practice)."""
        deal = daily.deal(challenge, day)
        self.remote = frozenset()
        return open_new(self, deal.new_match())

    def start_from_settings(self, ask: bool = True) -> bool:
        """Start a match from :attr:`settings` as the start screen shows them (``ask``: :func:`~game.ui.saved_games.open_new`)."""
        s = self.settings if isinstance(self.settings.get("game"), str) else {**start_defaults(), **self.settings}
        info = game_info(s["game"])
        if info is None or not info.available:
            title = info.title if info else str(s.get("game"))
            self.show_start(("error", text("start.unavailable", self.lang, title=title)))
            return False
        self.remote = frozenset()
        seed_text = str(s.get("seed") or "").strip()
        seed = int(seed_text) if seed_text.isdigit() else int(time.time() * 1000) % 2**31
        try:
            players = int(s.get("players") or info.min_players)
        except (TypeError, ValueError):
            players = info.min_players
        players = min(max(players, info.min_players), info.max_players)
        if players == 1:  # no seat to choose: the player alone (against the game's automa, if it has one)
            seats = [Seat("human")]
        else:
            valid = {"human", "remote"} | {"bot:" + b for b in info.bot_names}
            default = "bot:" + info.default_bot
            chosen = [str(v) for v in s.get("seats") or [] if isinstance(v, str)] or ["human"]
            chosen = [v if v in valid else default for v in chosen + [default] * players][:players]
            names = seat_given_names(s.get("names"), chosen)
            seats = [Seat("computer", v[4:]) if v.startswith("bot:") else Seat("human", None, names[i]) for i, v in enumerate(chosen)]
            self.remote = frozenset(i for i, v in enumerate(chosen) if v == "remote")
        options = info.spec.new_game_options(players, s, seed) if info.spec else {}
        return self.start_match(info.game_id, players, seats, seed, options, ask)

    def play(self, match: Match) -> None:
        """Open ``match`` in its game's screen."""
        self._switch()
        cls = screen_class(match.game_id, self.params.get("ui") == "list")
        self.screen = cls(self, match)
        dom.window.houseGamesSlot = self.store.slot  # the save this tab writes (tests read it: houseGames.autosave())
        dom.window.houseGamesPlaying = self.store.slot  # the game whose move taps the page journals (site/journal.js)
        deal = daily_deal_of(match)
        if deal is not None:  # the computer's play depends only on the deal and the player's moves
            spec = match.spec
            for i, seat in enumerate(match.seats):
                if seat.kind == "computer":
                    self.screen.bots[i] = spec.make_bot(seat.bot or spec.bot_names[0], deal.bot_seed(i))
        self.screen.mount(self.root)
        dom.window.houseGames.showApp()
        sharing = self.sharing
        if not self.remote:
            self.sharing = None
        elif sharing is not None and getattr(sharing, "screen", None) is not None and (
                sharing.screen.match is match or getattr(sharing, "slot", None) == self.store.slot):
            sharing.attach(self.screen)  # the same shared game again (back from its replay, resumed): the phones stay paired
        else:  # the other phones pair now (their modules and site/pairing.js are loaded only here)
            screen, remote, tokens = self.screen, sorted(self.remote), self.remote_tokens
            self.sharing = None  # until this game's sharing is made (the last game's must not hear its phones)

            def host() -> None:
                from .sharing import HostSharing

                if self.screen is screen:  # still this game's screen once the modules came
                    self.sharing = HostSharing(self, screen, remote, tokens)

            dom.page.load_modules("sharing", host, lambda reason: self.toast(
                text("multi.unavailable", self.lang, reason=reason), error=True, ms=8000))
        self.remote_tokens = {}

    def join(self, offer: str) -> None:
        """This page was opened from a host's QR code (``#join=<offer>``): pair with it, then play its seat here."""
        def guest() -> None:
            from .sharing import GuestSharing

            self._switch()
            self.remote = frozenset()
            self.sharing = GuestSharing(self, offer, lambda game_id: screen_class(game_id, self.params.get("ui") == "list"))
            dom.window.houseGames.showApp()

        dom.page.load_modules("sharing", guest, lambda reason: self.show_start(
            ("error", text("multi.unavailable", self.lang, reason=reason))))

    def peer(self, data: dict[str, Any]) -> None:
        """A message of ``site/pairing.js``: a channel opened or closed, or a message on it."""
        if self.sharing is not None:
            self.sharing.message(data)

    def finish(self, screen: GameScreen) -> None:
        """The end screen for a finished game.

        Once the game is kept in the book (Past games, Statistics), the autosave is removed: the start
        screen offers a finished game among the past games, never as "Resume". A game the book could not
        keep stays autosaved (resuming it shows this screen again).
        """
        rows = screen.end_rows()
        log_events = list(screen.view().get("log", []))
        match, spec = screen.match, screen.spec
        winners = list(spec.winners(match.state))
        record, row = self.keep_finished(match)
        if record is not None:  # kept among the past games: the start screen offers no "Resume" of a finished game
            self.store.clear_autosave()
        self._switch()
        lang = self.lang
        verdict, table = final_scores(rows, winners, lang)

        card = None
        if row is not None and row.get("daily"):
            counted = self.book.daily_result(row["daily"])
            if counted is not None and counted["id"] != row["id"]:
                card = el("div", {"class": "stack"}, el("p", {"class": "notice", "id": "daily-practice"}, text("daily.practice_done", lang)),
                          result_card(self, counted, self.link_of(counted["id"])))
            elif counted is not None:
                card = result_card(self, counted, self.link_of(counted["id"]))

        hints_line, insight = self._coach_on_end(match, record, rows)
        takebacks_line = self._takebacks_on_end(match, rows)

        finished_slot = self.store.slot

        def again(_: Any) -> None:
            self.start_match(match.game_id, match.num_players, [Seat(s.kind, s.bot, s.name) for s in match.seats],
                             int(time.time() * 1000) % 2**31, dict(match.options), finished=finished_slot)

        dom.append(self.root,
                   el("section", {"class": "stack", "id": "end-screen", "aria-labelledby": "end-title"},
                      el("h1", {"id": "end-title"}, text("game.label_value", lang, label=spec.title, value=text("game.over", lang))),
                      el("p", {"class": "status", "role": "status"}, verdict),
                      table,
                      hints_line,
                      takebacks_line,
                      card,
                      el("div", {"class": "actions"},
                         el("button", {"type": "button", "class": "primary", "onclick": again}, text("game.again", lang)),
                         el("button", {"type": "button", "id": "end-replay", "disabled": record is None,
                                       "onclick": lambda e: self._replay_finished(record, match)}, text("sharing.replay", lang)),
                         el("button", {"type": "button", "id": "end-share", "disabled": record is None,
                                       "onclick": lambda e: self.share_record(record) if record is not None else None}, text("sharing.button", lang)),
                         el("button", {"type": "button", "onclick": lambda e: self.show_start()}, text("game.home", lang))),
                      insight,
                      self._end_log(screen, log_events)))
        dom.window.houseGames.showApp()
        announce.say(" ".join([verdict] + [text("game.label_value", lang, label=n, value=v) for n, v, _ in rows]))

    def _end_log(self, screen: GameScreen, events: list[dict[str, Any]]) -> Any:
        """The end screen's log, closed; its lines go into the page when it is first opened (hundreds of them, and
        every element of the end screen's one frame delays the final scores on a phone)."""
        lines = el("ol", {"id": "game-log"})

        def opened(_: Any) -> None:  # the first toggle opens it; later ones find its lines there
            if lines.firstElementChild is None:
                dom.append(lines, [el("li", {}, screen.describe_event(event)) for event in events])
        return el("details", {"class": "log", "ontoggle": opened}, el("summary", {}, text("game.log", self.lang)), lines)

    def _coach_on_end(self, match: Match, record: GameRecord | None, rows: list[Any]) -> tuple[Any, Any]:
        """The end screen's coach parts: the hints each person asked for, and the insight panel (computed only when asked)."""
        lang = self.lang
        humans = [i for i, s in enumerate(match.seats) if s.kind != "computer"]
        if not humans:
            return None, None
        if len(humans) == 1:
            line = text("coach.ui_hints_used", lang, count=match.hints_used(humans[0]))
        else:
            line = text("coach.ui_hints_used_by", lang, list=", ".join(
                text("game.label_value", lang, label=rows[i][0] if i < len(rows) else i + 1, value=match.hints_used(i)) for i in humans))
        hints_line = el("p", {"id": "end-hints", "data-hints": ",".join(str(match.hints_used(i)) for i in humans)}, line)
        if record is None:
            try:  # the book could not keep it: the insight still works from the match
                record = GameRecord.from_match(match)
            except GameError:
                return hints_line, None
        seats = [(i, rows[i][0] if i < len(rows) else str(i + 1)) for i in humans]
        # the insight judges each position as a hint there would (the same budget: ?hint_iterations=N in tests)
        return hints_line, InsightPanel(record, seats, lang, self.thinking, self.hint_iterations()).root

    def _takebacks_on_end(self, match: Match, rows: list[Any]) -> Any:
        """The end screen's "with takebacks" line and the count per person, or ``None`` when none was taken."""
        lang = self.lang
        takers = [i for i in range(len(match.seats)) if match.takebacks_used(i)]
        if not takers:
            return None
        if len(match.humans()) == 1:
            count = text("game.takebacks_used", lang, count=match.takebacks_used(takers[0]))
        else:
            count = text("game.takebacks_used_by", lang, list=", ".join(
                text("game.takebacks_used_of", lang, name=rows[i][0] if i < len(rows) else i + 1, count=match.takebacks_used(i))
                for i in takers))
        return el("p", {"id": "end-takebacks", "data-takebacks": ",".join(str(match.takebacks_used(i)) for i in range(len(match.seats)))},
                  el("span", {"class": "tag"}, text("game.with_takebacks", lang)), " ", count)

    def keep_finished(self, match: Match) -> tuple[GameRecord | None, dict[str, Any] | None]:
        """Keep a finished game in the book (past games, statistics, the daily attempt); again is harmless.
        A game the book cannot keep is still shown: the reason goes to the console."""
        try:
            record = GameRecord.from_match(match, daily=daily_key_of(match))
            row = self.book.add_finished(record)
        except GameError as exc:
            dom.window.console.warn(f"this game could not be kept: {exc}")
            return None, None
        if self.book.notice is not None and self.book.notice.key == "records.store_full":
            self.toast(self.book.notice.text(self.lang), error=True)
        return record, row

    def _replay_finished(self, record: GameRecord | None, match: Match) -> None:
        if record is None:
            return
        try:
            replay = Replay(record)
        except RecordError as exc:
            self.toast(exc.text(self.lang), error=True)
            return
        rid = record.id
        self.show_replay(replay, lambda: self.play(match), rid if self.book.kept(rid) else None)

    def start_match(self, game_id: str, players: int, seats: list[Seat], seed: int, options: dict[str, Any],
                    ask: bool = True, finished: str | None = None) -> bool:
        """Create a match and open it (:func:`~game.ui.saved_games.open_new`); a refused option shows the engine's reason."""
        try:
            match = Match.new(game_id, players, seed, seats, **options)
        except IllegalAction as exc:
            self.toast(exc.text(self.lang), error=True)
            self.show_start()
            return False
        return open_new(self, match, ask, finished)

    def resume(self, slot: str | None = None, steal: bool = False) -> bool:
        """Open a saved game (``slot``, default the one saved last), or explain why it cannot be read.

        The tab first takes the game's lock: a game open in another tab is not opened twice, the player is
        asked instead (:meth:`in_other_tab`); ``steal`` takes it from that tab. Return whether it opened (at
        once: a page answers the lock a moment later)."""
        slots = self.store.slots()
        if slot not in slots:
            slot = slots[0] if slots else None
        if slot is None:
            self.show_start()
            return False
        opened: list[bool] = []
        self.store.backend.lock(slot, steal, lambda held, saved: opened.append(self._resume_locked(slot, held, saved)))
        return bool(opened and opened[0])

    def _resume_locked(self, slot: str, held: bool, saved: str | None) -> bool:
        self.remote = frozenset()
        if not held:
            self.in_other_tab(slot, saved)
            return False
        self.store.take_slot(slot, saved)
        result = self.store.load_match(slot, saved)
        if result.match is not None:
            # a game shared with other phones: its remote seats are offered again, each to the phone with its token
            remote, self.remote_tokens = self.store.shared_seats(slot)
            self.remote = frozenset(s for s in remote if 0 <= s < result.match.num_players)
            self.play(result.match)
            handover = self.store.backend.handovers.pop(slot, None)
            if handover == "given":  # the other tab's moves it had not stored: stored from here now
                self.autosave(result.match)
            elif handover == "silent":
                self.toast(text("start.handover_silent", self.lang), ms=10000)
            return True
        self.store.slot = None
        self.show_start(("error", text("start.badsave", self.lang, reason=result.reason(self.lang), where=result.kept_as)) if result.error else None)
        return False

    def in_other_tab(self, slot: str, saved: str | None) -> None:
        """The game of ``slot`` is open in another tab: say so, and offer to play it here or start another game."""
        lang = self.lang
        try:
            title = screen_title(json.loads(saved or self.store.backend.getItem(slot) or "{}").get("game"))
        except ValueError:
            title = "?"
        self._switch()
        dom.append(self.root, el("section", {"class": "stack screen", "id": "other-tab", "aria-labelledby": "other-tab-text"},
                                 el("p", {"class": "notice", "role": "alert", "id": "other-tab-text"},
                                    text("start.in_other_tab", lang, title=title)),
                                 el("div", {"class": "actions"},
                                    el("button", {"type": "button", "class": "primary", "id": "take-over",
                                                  "onclick": lambda e: self.resume(slot, steal=True)}, text("start.take_over", lang)),
                                    el("button", {"type": "button", "id": "start-another",  # the other tab's game stays
                                                  "onclick": lambda e: self.start_from_settings(ask=False)}, text("start.another", lang)),
                                    el("button", {"type": "button", "onclick": lambda e: self.show_start()}, text("start.back", lang)))))
        dom.window.houseGames.showApp()


def start(boot: dict[str, Any] | None = None) -> "App | None":
    """Check the autosave, take the start screen's requests, mark the page ready; return the app.

    ``boot`` is the page's boot message (see ``game/ui/README.md``): the query
    string, the page's database (``storage``: its ``kv`` table, ``tables``: the record book's rows) and
    ``settings``, the start screen's settings' text. ``store`` is why the page has no database,
    if so: the game is then kept in memory only, and the player is told.
    """
    boot = boot or {}
    hooks = dom.window.houseGames
    try:
        stored = boot.get("storage")
        stored = {k: v for k, v in stored.items() if isinstance(v, str) and k.startswith(PREFIX)} if isinstance(stored, dict) else {}
        backend: Any
        # an older tab holding the database, or no space to open it: the page keeps trying, and writes go to it
        waiting = boot.get("store") in ("blocked", "openfull")
        if (boot.get("store") is None and isinstance(boot.get("tables"), dict)) or waiting:
            backend = PageBackend(stored, boot.get("tables"), dom.page.op, lambda seconds, fn: dom.later(seconds * 1000, fn),
                                  settings=boot.get(SETTINGS))
            backend.failing = str(boot["store"]) if waiting else None
            dom.page.on_message["stored"] = backend.stored
            dom.page.on_message["lock"] = backend.locked
            dom.page.on_message["db-changed"] = lambda data: backend.changed(list(data.get("changes") or []))
            dom.page.on_message["outdated"] = lambda data: backend.outdate()
            dom.page.on_message["reopened"] = lambda data: backend.reopened(data.get("present") or {}, data.get("tables"))
            dom.page.on_message[SETTINGS] = lambda data: backend.heard_settings(data.get("value"))
        else:  # no database (storage blocked, private mode): what was stored is shown, the game is kept in memory
            backend = MemoryBackend(stored, settings=boot.get(SETTINGS))
        app = App(dom.by_id("app"), Store(backend), str(boot.get("search") or ""))
        dom.page.on_message["lock-lost"] = lambda data: app.lost_game(str(data.get("slot")))
        dom.page.on_message["usage"] = app.usage
        href = str(boot.get("href") or "")
        app.base_url = href.split("#", 1)[0].split("?", 1)[0]
        app.share_files = bool(boot.get("share_files"))
        dom.page.on_message["shared"] = app.shared
        notices = []
        if app.store.has_autosave():
            result = app.store.load_match(text=None)  # read now so a bad save is explained before anything else
            if result.error:
                notices.append(text("start.badsave", app.lang, reason=result.reason(app.lang), where=result.kept_as))
        if app.book.notice is not None:  # a set-aside record store: said once, play goes on
            notices.append(app.book.notice.text(app.lang))
        if boot.get("store") is not None:  # the page has no database: why, said at once and kept on screen
            app.storage_status(str(boot["store"]) if boot["store"] in FAILED_BECAUSE else "unavailable", [])
        fragment = href.split("#", 1)[1] if "#" in href else ""
        dom.page.on_message["peer"] = app.peer
        if fragment.startswith("join="):
            app.join(fragment[5:])
        elif fragment.startswith(share.FRAGMENT_KEY + "="):
            app.open_link(fragment)  # a bad link explains itself on the start screen
        elif notices or (rejoin := rejoin_words(app.store.backend.getItem(GUEST_GAME_KEY), app.lang)):  # (or it played at another phone's table)
            app.show_start(("error", " ".join(notices)) if notices else ("", str(rejoin)))
        # start.js's requests (Start, Resume) arrive as {"kind": "request", "text": JSON} messages
        dom.page.on_message["request"] = lambda data: app.handle_request(json.loads(str(data.get("text"))))
    except Exception:
        hooks.fail("start", traceback.format_exc())
        return None
    hooks.ready()
    hooks.setRequestHandler()  # the bridge registers a handler that forwards to us: runs a Start tapped while loading
    return app


__all__ = ["App", "screen_class", "start", "seat_names"]
