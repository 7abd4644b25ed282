"""Game screens: the shared :class:`GameScreen` and the generic :class:`FallbackScreen`.

A game's dedicated UI subclasses :class:`GameScreen`, declares it in its
package ``game/ui/<game_id>/`` as its ``ScreenSpec``'s ``screen`` (``SPEC``), and
overrides :meth:`GameScreen.build_table` and :meth:`GameScreen.render`. The
base class does the rest: header with undo and menu, computer turns with a
short pause, "pass the device" between human seats, autosave after every
action, the log as a live region, toasts for refusals, the end screen, and the rules
panel (:meth:`GameScreen.rules_panel`, from ``ScreenSpec.rules``).
See ``game/ui/README.md``.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable, Iterable, Protocol

from ..core import PUBLIC_SEAT, IllegalAction, Match, SteppedBot
from ..core.locale import text
from ..core.search import Steps
from ..core.seat_names import speaking_to, you_name
from . import dom
from .catalog import screen_spec
from .coach_display import hint_css, hint_keys, hint_seed, hint_steps
from .dom import el
from .guide import FirstTurnGuide, GuideStep, forget_guided, guided, remember_guided
from ..core.locale import has_text


class AppServices(Protocol):
    """What a screen asks of the app that shows it (``game.ui.app.App``); the app passes itself in."""

    settings: dict[str, Any]

    @property
    def lang(self) -> str: ...
    @property
    def patterns(self) -> bool: ...
    @property
    def reduced_motion(self) -> bool: ...
    def toast(self, text: str, error: bool = False, ms: int = 4000) -> None: ...
    def autosave(self, match: Match) -> None: ...
    def save_settings(self) -> None: ...
    def finish(self, screen: "GameScreen") -> None: ...
    def show_start(self) -> None: ...
    def bot_pause_ms(self, default: int) -> int: ...
    def bot_think_s(self) -> float | None: ...
    def thinking(self, text: str | None, shown: str | None = None, now: int = 0, total: int = 0) -> None: ...
    def hint_iterations(self) -> int | None: ...


def bot_name(bot: str, lang: str) -> str:
    """A computer player's strength in words ("weak" → "faible"); a name without a text stays as it is."""
    key = f"start.bot.{bot}"
    return text(key, lang) if has_text(key, "en") else bot


def local_seats(match: Match, remote: Iterable[int] = ()) -> list[int]:
    """The seats the words call "you": the one human seat of a game against computers (or solo).

    Between humans sharing the device nobody is "you" (each is called by their name), so that
    "You win!" never leaves the table wondering which of them won. A seat played on another phone (``remote``)
    is nobody's "you" here either: the shared table calls it by its name.
    """
    humans = [i for i, s in enumerate(match.seats) if s.kind != "computer"]
    return humans if len(humans) == 1 and humans[0] not in remote else []


def speaking_to_match(match: Match, remote: Iterable[int] = ()) -> Any:
    """:func:`game.core.seat_names.speaking_to` for ``match``: the engine's words say "you" to :func:`local_seats`."""
    return speaking_to(local_seats(match, remote), [s.name for s in match.seats])


def seat_names(match: Match, lang: str, remote: Iterable[int] = ()) -> list[str]:
    """Display names of every side scored by the engine (seat order; Klaus after solo Barrio's player).

    The seat played on this device is :func:`game.core.seat_names.you_name` ("You"), a seat its player named
    is called by that name, the others "Player N" or "Player N (computer, strong)".
    """
    names: list[str] = []
    you = local_seats(match, remote)
    for i, seat in enumerate(match.seats):
        if i in you:
            names.append(you_name(lang))
        elif seat.name:
            names.append(seat.name)
        elif seat.kind == "computer":
            names.append(text("player.computer", lang, n=i + 1, name=bot_name(seat.bot or "", lang)))
        else:
            names.append(text("player.n", lang, n=i + 1))
    automa = match.spec.automa
    if automa is not None and match.num_players == 1:
        names.append(text(f"player.{automa.name}", lang))
    return names


def _at_once(action: dict[str, Any]) -> Steps[dict[str, Any]]:
    """An action already chosen, as steps (for a computer player that cannot pause)."""
    return action
    yield  # (a generator)


class GameScreen:
    """The base of every game screen. Subclasses draw the table; this class runs the game.

    Attributes a subclass uses: ``app`` (language, toasts, patterns setting),
    ``match`` (:class:`game.core.Match`), ``module`` (the engine),
    ``viewer`` (the seat whose view the table shows), ``table`` (the element
    to build the table in).
    """

    #: pause before each computer action, in ms (the page's ``?pause=N`` overrides it)
    BOT_PAUSE_MS = 500
    #: read-only replay (``game.ui.replay``): no one may act, no computer moves, no pass screen, no end screen
    replaying = False
    #: replay jumps set this so a rebuilt log is not animated as if it had just happened
    quiet = False
    #: a replay of a game played on another device (a friend's link): a record does not say whose device it came
    #: from, so no seat is "you" here; every seat is called by its name
    others_game = False

    def __init__(self, app: AppServices, match: Match) -> None:
        self.app = app
        self.match = match
        self.spec = match.spec
        self.lang = app.lang
        #: seats played on other phones (``game.ui.sharing``): never this device's viewer, no pass screen for them
        self.remote_seats: frozenset[int] = frozenset(getattr(app, "remote", None) or ())
        humans = self.local_humans()
        self._table = bool(self.remote_seats) and not humans  #: (see :attr:`table_display`)
        self.hot_seat = len(humans) > 1
        #: the seat whose view is shown; None until a human of a hot-seat game takes the device
        self.viewer: int | None = None if self.hot_seat else (
            humans[0] if humans else PUBLIC_SEAT if self.table_display else 0)
        self.bots: dict[int, Any] = {}
        self.mounted = False
        self._log_count = 0
        self._pause_timer: int | None = None  #: the pause before a computer's decision
        #: the work under way in slices of the worker's time (:meth:`_in_slices`): a computer's decision or a hint
        self._work: dom.Slices | None = None
        self._work_for: Any = None  #: the position the work is for
        #: the coach's hint on show: (step it was asked at, seat, Hint), cleared when the game moves on
        self.hint: tuple[int, int, Any] | None = None
        self.hint_keys_shown: list[str] = []

    @property
    def table_display(self) -> bool:
        """The shared table (issue 39): every seat is on another phone or a computer. This screen shows the room the
        public view (``PUBLIC_SEAT``: no hand, no hint, no guide, no Undo) and takes no move. (Not a replay of such a
        game: the replay viewer shows a seat's view.)"""
        return self._table and not self.replaying

    def named_seats(self) -> frozenset[int]:
        """The seats the words call by their name, never "you": those on other phones, every seat of another's game."""
        return frozenset(range(len(self.match.seats))) if self.others_game else self.remote_seats

    def local_humans(self) -> list[int]:
        """The seats people play on this device (not computers, not other phones)."""
        return [i for i, s in enumerate(self.match.seats) if s.kind != "computer" and i not in self.remote_seats]

    # ------------------------------------------------------------------ hooks for subclasses
    def build_table(self, container: Any) -> None:
        """Create the table's elements (e.g. a :class:`game.ui.canvas.Board`) inside ``container``."""

    def render(self) -> None:
        """Draw the table for ``self.viewer`` from :meth:`view`. Called after every change."""

    def on_events(self, events: list[dict[str, Any]]) -> None:
        """New log events since the last call (already narrated in the log): animate them here."""

    def stop_animations(self) -> None:
        """Drop whatever still animates earlier moves (flashes, moving cards, marks of the last moves, a walk-through):
        the replay shows another step, whose table comes from its own position alone. A screen that animates in
        :meth:`on_events` overrides it."""

    def end_rows(self, breakdown: bool = True) -> list[tuple[str, int, dict[str, int] | None]]:
        """The score rows: (name, score, breakdown or None) per side, as the end screen shows them.

        The breakdown comes from the game's optional hook ``SPEC.score_breakdown(state, side)``.
        """
        state = self.match.state
        scores = list(self.spec.scores(state))
        names = seat_names(self.match, self.lang, self.named_seats())
        parts: list[Any] = [None] * len(scores)
        fn = self.spec.score_breakdown if breakdown else None
        if fn is not None:
            parts = [fn(state, i) for i in range(len(scores))]
        return [(names[i] if i < len(names) else f"#{i + 1}", int(scores[i]),
                 parts[i] if i < len(parts) and isinstance(parts[i], dict) else None)
                for i in range(len(scores))]

    # ------------------------------------------------------------------ the game
    def view(self, player: int | None = None) -> dict[str, Any]:
        """The engine's view for ``player`` (default: the viewer)."""
        p = self.viewer if player is None else player
        return self.spec.view(self.match.state, 0 if p is None else p)

    def legal(self) -> list[dict[str, Any]]:
        """Legal actions of the seat to move."""
        return self.spec.legal_actions(self.match.state)

    def is_my_turn(self) -> bool:
        """True when the viewer is the human who must act now."""
        if self.replaying:
            return False
        p = self.match.current_player()
        return p is not None and p == self.viewer and not self.match.is_computer_turn()

    def act(self, action: dict[str, Any]) -> bool:
        """Apply a human's ``action``; on refusal show the engine's reason and keep the state."""
        if not self.is_my_turn():
            return False
        return self._apply(action)

    def _apply(self, action: dict[str, Any]) -> bool:
        try:
            self.match.apply(action)  # the one check of the action: the engine's refusal, in the player's words
        except IllegalAction as exc:
            self.app.toast(exc.text(self.lang), error=True)
            return False
        self.applied(action)
        self.app.autosave(self.match)
        self.advance()
        return True

    def applied(self, action: dict[str, Any]) -> None:
        """A human's ``action`` was accepted, before the turn goes on and the table is drawn (a screen drops a
        half-made choice here)."""

    def undo_blocker(self) -> str | None:
        """Why the viewer may not press Undo now (a locale key, ``game.undo_why.*``), or ``None`` when they may."""
        match = self.match
        if self.replaying:
            return "game.undo_why.replay"
        if match.takeback_seat() is None and match.humans() and self.viewer != match.current_player():
            return "game.undo_why.not_yours"  # several people: only the one to move, holding the device
        return match.undo_blocker()

    def undo(self, *_: Any) -> None:
        """Take back the viewer's last decision if allowed (against computers: a takeback, counted); else say why."""
        reason = self.undo_blocker()
        if reason is not None:  # Undo is aria-disabled, not disabled: a tap reaches us and hears why
            self.app.toast(text("game.undo_off", self.lang, reason=text(reason, self.lang)))
            return
        takeback = self.match.undo_is_takeback()
        self._stop_work()  # the computer's reply to the decision taken back is not wanted any more
        self.match.undo()
        self.app.autosave(self.match)
        self.app.toast(text("game.takenback" if takeback else "game.undone", self.lang))
        self.advance()

    def advance(self) -> None:
        """Bring the screen up to date and start whatever comes next (computer, pass screen, end)."""
        if not self.mounted:
            return
        if self._work is not None and self.match.state is not self._work_for:  # a hint asked before a move or Undo
            self._stop_work()
        self._update_chrome()
        match = self.match
        if self.replaying:  # the replay viewer moves the game; the table only shows it
            self._show_table()
            return
        if self.spec.is_over(match.state):
            self.guide.close()  # a guided turn that ended the game was played through
            self.app.finish(self)
            return
        player = match.current_player()
        if player is not None and match.is_computer_turn():
            self._show_table()
            self.status.textContent = text("game.thinking", self.lang, name=self.names[player])
            self._schedule_bot()
            return
        if player is not None and player in self.remote_seats:  # another phone (or, on a guest, the host) moves
            self._show_table()
            kind = self.match.seats[player].kind if player < len(self.match.seats) else "human"
            self.status.textContent = text("game.thinking" if kind == "computer" else "multi.waiting", self.lang, name=self.names[player])
            return
        if player is not None and player != self.viewer and self.hot_seat:
            self._show_pass(player)
            return
        if player is not None and not self.table_display:
            self.viewer = player
        self._show_table()

    def _schedule_bot(self) -> None:
        """The computer to move decides after a pause (the player sees the last move); its "thinking" mark shows from
        now on, so between two computers' moves it stays (hidden and shown again in one turn of the worker)."""
        player = self.match.current_player()
        if self._pause_timer is None and self._work is None and player is not None:
            self.app.thinking(text("game.thinking", self.lang, name=self.names[player]))
            self._pause_timer = dom.later(self.app.bot_pause_ms(self.BOT_PAUSE_MS), self._bot_step)

    def _bot_step(self) -> None:
        self._pause_timer = None
        player = self.match.current_player()
        if not self.mounted or not self.match.is_computer_turn() or player is None:  # (the game moved meanwhile)
            self.app.thinking(None)
            return
        state = self.match.state
        bot = self.bots.get(player)
        if bot is None:
            seat = self.match.seats[player]
            bot = self.bots[player] = self.spec.make_bot(seat.bot or self.spec.bot_names[0], self.match.seed * 97 + player)
        # said again as the search starts (the page keeps a mark whose words are unchanged: not heard twice)
        self.app.thinking(text("game.thinking", self.lang, name=self.names[player]))
        self._in_slices(self._decision(bot, self.spec.view(state, player), self.spec.legal_actions(state)), self._apply)

    def _decision(self, bot: Any, view: dict[str, Any], legal: list[dict[str, Any]]) -> Steps[dict[str, Any]]:
        """The computer's choice as steps (a bot that cannot pause is one step)."""
        steps = bot.choose_steps if isinstance(bot, SteppedBot) else lambda seen, acts: _at_once(bot.choose(seen, acts))
        action = yield from steps(view, legal)
        think = self.app.bot_think_s()  # ?think=MS (tests): search again until MS have passed, as on a slow phone
        if think:
            deadline = time.perf_counter() + think
            while time.perf_counter() < deadline:
                action = yield from steps(view, legal)
        return action

    def _in_slices(self, work: Steps[Any], done: Callable[[Any], Any]) -> None:
        """Run ``work`` (under the thinking mark) for ``dom.WORK_SLICE_S`` at a time, handing the worker back in between
        so a tap is answered, then call ``done(result)``. Leaving the screen or the game moving meanwhile (Undo, a
        move from another phone) drops it and the mark."""
        state = self._work_for = self.match.state

        def moved_on() -> None:
            if self.mounted and self.match.is_computer_turn():
                self._schedule_bot()

        self._work = dom.Slices(work, done, wanted=lambda: self.mounted and self.match.state is state,
                                ended=self._work_ended, dropped=moved_on)
        self._work.start()

    def _work_ended(self) -> None:
        self._work = None
        self.app.thinking(None)
        self.hint_button.disabled = not self._may_hint()

    def _stop_work(self) -> None:
        """Drop the work under way in slices, if any (and its "thinking" mark), or the computer's pause before it."""
        if self._pause_timer is not None:
            dom.window.clearTimeout(self._pause_timer)
            self._pause_timer = None
            self.app.thinking(None)
        if self._work is not None:
            self._work.stop()
            self._work_ended()

    # ------------------------------------------------------------------ page structure
    def mount(self, root: Any) -> None:
        """Build the screen in ``root`` and start."""
        lang = self.lang
        self.names = seat_names(self.match, lang, self.named_seats())
        self.undo_button = el("button", {"type": "button", "id": "undo", "onclick": self.undo}, text("game.undo", lang))
        self.status = el("p", {"class": "status", "id": "status", "role": "status"})
        self.hint_button = el("button", {"type": "button", "id": "hint", "onclick": self.ask_hint, "disabled": True},
                              text("coach.ui_hint", lang))
        self.hint_note = el("p", {"class": "hint-note", "id": "hint-note", "role": "status", "hidden": True})
        self.hint_style = el("style", {"id": "hint-style"})
        self.guide = FirstTurnGuide(lang, self._guided)
        self._guide_for = self._guide_function()
        self._guide_asked = False  #: *Guide me through a turn* was pressed: show the guide at the player's next decision
        self._guide_from = 0  #: the moves made when the guide opened (the next one closes it)
        header = el("header", {"class": "topbar"},
                    el("h1", {}, str(self.spec.title)),
                    self.undo_button,
                    self.hint_button,
                    el("button", {"type": "button", "id": "menu", "onclick": lambda e: self.app.show_start()}, text("game.menu", lang)))
        self.table = el("section", {"class": "table", "aria-label": str(self.spec.title)})
        self.pass_panel = el("section", {"class": "pass", "hidden": True})
        self.log_list = el("ol", {})
        self.log_box = el("div", {"role": "log", "aria-live": "polite", "id": "game-log", "tabindex": 0,  # scrolls: keyboard users need focus
                                  "aria-labelledby": "log-title"}, self.log_list)
        self.scores_body = el("tbody", {})
        self._score_cells: list[tuple[Any, Any]] = []  #: each row's name and score cells (:meth:`_show_scores`)
        side = el("aside", {"class": "side stack"},
                  el("section", {"class": "log", "aria-labelledby": "log-title"},
                     el("h2", {"id": "log-title"}, text("game.log", lang)),
                     self.log_box),
                  el("section", {}, el("h2", {}, text("game.scores", lang)),
                     el("table", {"class": "scores", "id": "scores"}, self.scores_body)))
        if self._guide_for is not None and not self.replaying and not self.table_display:
            side.appendChild(el("button", {"type": "button", "id": "guide-again", "onclick": self.ask_guide}, text("guide.again", lang)))
        #: the shared table's line for the room: what was just played (the log's last line), large
        self.last_played = el("p", {"class": "last-played", "id": "last-played", "hidden": not self.table_display})
        dom.append(root, header, self.status, self.last_played, self.hint_note, self.hint_style, self.guide.style, self.guide.root,
                   el("div", {"class": "game table-display" if self.table_display else "game"},
                      el("div", {}, self.table, self.pass_panel), side))
        self.mounted = True
        self.build_table(self.table)
        self._log_count = 0
        self.advance()

    def unmount(self) -> None:
        """Stop timers and the table's size watching; the app clears the DOM and frees the handlers."""
        self.mounted = False
        self._stop_work()
        board = getattr(self, "board", None)
        if board is not None:  # every game's table: no resize reaches a screen that is gone
            board.destroy()

    def _show_table(self) -> None:
        self.pass_panel.hidden = True
        self.table.hidden = False
        player = self.match.current_player()
        if self.replaying:
            over = self.spec.is_over(self.match.state)
            # what comes next in the game shown, never the live game's "Your turn"
            self.status.textContent = text("game.over", self.lang) if over or player is None else text(
                "replay.to_move", self.lang, name=self.names[player] if player < len(self.names) else f"#{player + 1}")
        elif player is not None and not self.match.is_computer_turn():
            self.status.textContent = text("game.turn", self.lang, name=self.names[player])
        self._update_guide()
        self.render()

    def rules_panel(self, panel_id: str, summary: str, css_class: str = "") -> Any:
        """The in-app rules (:attr:`game.ui.catalog.ScreenSpec.rules`) in a closed ``<details>``: every game's panel
        built the same way from its one declaration (``build.py`` writes the same text into rules.json)."""
        panel = el("details", {"class": css_class, "id": panel_id} if css_class else {"id": panel_id}, el("summary", {}, summary))
        spec = screen_spec(self.match.game_id)
        for title, paragraphs in spec.rules(self.lang) if spec is not None else []:
            # the level under the screen's h1 (a closed <details> is no heading level of its own), drawn as before
            panel.appendChild(el("h2", {"class": "rules-heading"}, title))
            for paragraph in paragraphs:
                panel.appendChild(el("p", {}, paragraph))
        return panel

    # ------------------------------------------------------------------ the guided first turn
    def _guide_function(self) -> Any:
        """The game's guide (:attr:`game.ui.catalog.ScreenSpec.guide`), or ``None``."""
        try:
            spec = screen_spec(self.match.game_id)
        except ImportError:
            return None
        if self.table_display:  # nobody plays on this screen: nobody to guide
            return None
        # the game's own table only (the guide marks its targets): not the list of legal actions (``?ui=list``)
        return spec.guide if spec is not None and isinstance(self, spec.screen) else None

    def guide_steps(self) -> tuple[GuideStep, ...]:
        """The guide's steps for the decision on the table now (the viewer's view and the legal actions)."""
        if self._guide_for is None:
            return ()
        return tuple(self._guide_for(self.view(), self.legal(), self.names, self.lang))

    def _update_guide(self) -> None:
        """Open the guide at the player's first decision of a title never guided (or asked for again); close it once
        the player's first real move is made (or the decision is no longer theirs)."""
        guide = self.guide
        if self._guide_for is None or self.replaying:
            return
        mine = self.is_my_turn() and not self.spec.is_over(self.match.state)
        if guide.open and (not mine or len(self.match.entries) != self._guide_from):
            guide.close()  # the first real move was made (a tap that only chooses, a Next or Got it, is none)
        elif not guide.open and mine and (self._guide_asked or not guided(self.app.settings, self.match.game_id)):
            steps = self.guide_steps()
            if steps:
                self._guide_asked = False
                self._guide_from = len(self.match.entries)
                guide.start(steps)

    def _guided(self) -> None:
        remember_guided(self.app.settings, self.match.game_id)
        self.app.save_settings()

    def ask_guide(self, *_: Any) -> None:
        """*Guide me through a turn*: the guide again, now if it is the player's decision, else at their next one."""
        forget_guided(self.app.settings, self.match.game_id)
        self._guide_asked = True
        if self.guide.open:
            self.guide.unfold()
        else:
            self._update_guide()

    # ------------------------------------------------------------------ the coach's hint
    def _may_hint(self) -> bool:
        if self.replaying or not self.is_my_turn() or self.spec.is_over(self.match.state):
            return False
        return self.spec.coach is not None

    def ask_hint(self, *_: Any) -> None:
        """The Hint control: the coach's suggestion from the viewer's view, marked on the table with its reason.

        Computed here in the worker in slices (the thinking mark shows meanwhile, and a tap is answered: a move or
        Undo drops the hint), counted in the match once shown.
        """
        if not self._may_hint() or self._work is not None:
            return
        seat = self.viewer if self.viewer is not None else 0
        match = self.match
        seed = hint_seed(match, seat)
        iterations = self.app.hint_iterations()
        self.hint_button.disabled = True
        self.app.thinking(text("coach.ui_hint_thinking", self.lang))  # flushed at once: the mark shows while we compute

        def found(hint: Any) -> None:
            match.count_hint(seat)
            self.app.autosave(match)
            self.show_hint(seat, hint)
            dom.window.houseGamesLastHint = {"game": match.game_id, "seat": seat, "step": len(match.entries), "seed": seed,
                                             "iterations": iterations, "hint": hint.to_json(), "keys": self.hint_keys_shown,
                                             "text": hint.text(self.lang), "used": match.hints_used(seat)}

        self._in_slices(hint_steps(self.spec, match.state, seat, seed, iterations), found)

    def show_hint(self, seat: int, hint: Any) -> None:
        """Mark ``hint`` on the table (its first step strongest) and say why in the hint note."""
        self.hint = (len(self.match.entries), seat, hint)
        view = self.spec.view(self.match.state, seat)
        self.hint_keys_shown = hint_keys(self.match.game_id, view, self.spec.legal_actions(self.match.state), hint.action)
        self.hint_style.textContent = hint_css(self.hint_keys_shown)
        self.hint_note.textContent = text("coach.ui_hint_note", self.lang, hint=hint.text(self.lang))
        self.hint_note.hidden = False

    def clear_hint(self) -> None:
        """Take the hint off the table (the game moved on)."""
        self.hint = None
        self.hint_keys_shown = []
        self.hint_style.textContent = ""
        self.hint_note.textContent = ""
        self.hint_note.hidden = True

    def _show_pass(self, player: int) -> None:
        self._update_guide()  # the decision went to another player: a guide still open closes
        name = self.names[player]
        self.table.hidden = True
        self.status.textContent = text("game.pass", self.lang, name=name)
        dom.clear(self.pass_panel)

        def take(_: Any) -> None:
            self.viewer = player
            self._update_chrome()
            self._show_table()

        ready = el("button", {"type": "button", "class": "primary", "id": "pass-ready", "onclick": take},
                   text("game.pass.ready", self.lang, name=name))
        dom.append(self.pass_panel,
                   el("h2", {}, text("game.pass", self.lang, name=name)),
                   el("p", {"class": "muted"}, text("game.pass.hint", self.lang)),
                   ready)
        self.pass_panel.hidden = False
        ready.focus()

    def _update_chrome(self) -> None:
        reason = self.undo_blocker()
        # aria-disabled rather than disabled: a tap on it still shows why (a toast), and its name says so too
        self.undo_button.setAttribute("aria-disabled", "false" if reason is None else "true")
        self.undo_button.setAttribute("aria-label", text("game.undo", self.lang) if reason is None else
                                      text("game.undo_off", self.lang, reason=text(reason, self.lang)))
        self.undo_button.dataset.reason = reason or ""
        self.undo_button.hidden = self.replaying or self.table_display  # the shared table takes no move back
        self.hint_button.hidden = self.replaying or self.table_display
        if self.hint is not None and self.hint[0] != len(self.match.entries):  # the game moved on (or back): the hint is stale
            self.clear_hint()
        self.hint_button.disabled = not self._may_hint()
        self._update_log()
        self._show_scores([(name, str(score)) for name, score, _ in self.end_rows(breakdown=False)])

    def _show_scores(self, rows: list[tuple[str, str]]) -> None:
        """The side's score table: its rows are kept and only changed texts are set (every element put into the page
        is one more for the page, and for PyScript's document-wide observer, to look through)."""
        cells = self._score_cells
        if len(cells) != len(rows):
            dom.clear(self.scores_body)
            cells.clear()
            for _ in rows:
                pair = (el("td", {}), el("td", {"class": "num"}))
                self.scores_body.appendChild(el("tr", {}, *pair))
                cells.append(pair)
        for (name_cell, score_cell), (name, score) in zip(cells, rows):
            for cell, value in ((name_cell, name), (score_cell, score)):
                if cell.textContent != value:
                    cell.textContent = value

    def _update_log(self) -> None:
        events = list(self.view().get("log", []))
        if len(events) < self._log_count:  # undo: rebuild
            dom.clear(self.log_list)
            self._log_count = 0
        fresh = events[self._log_count:]
        for event in fresh:
            self.log_list.appendChild(el("li", {}, self.describe_event(event)))
        if fresh and self.table_display:
            self.last_played.textContent = self.describe_event(fresh[-1])
        self._log_count = len(events)
        if fresh:
            self.log_box.scroll_to_end()
            if not self.quiet:
                self.on_events(fresh)

    def reset_log(self) -> None:
        """Rebuild the log from scratch at the next update (the viewer changed: the log is per seat)."""
        dom.clear(self.log_list)
        self._log_count = 0

    def describe_event(self, event: dict[str, Any]) -> str:
        """The engine's words for a log event (raw JSON if the engine cannot word it)."""
        try:
            with speaking_to_match(self.match, self.named_seats()):
                return str(self.spec.describe_event(event, self.lang))
        except Exception:
            return json.dumps(event, ensure_ascii=False)

    def describe_action(self, action: dict[str, Any]) -> str:
        """The engine's words for a legal action (raw JSON if it cannot word it)."""
        try:
            with speaking_to_match(self.match, self.named_seats()):
                return str(self.spec.describe_action(self.match.state, action, self.lang))
        except Exception:
            return json.dumps(action, ensure_ascii=False)


class FallbackScreen(GameScreen):
    """Any contract game as a list of its legal actions: playable before its dedicated table exists."""

    def build_table(self, container: Any) -> None:
        self.view_json = el("pre", {"id": "view-json"})
        self.view_box = el("details", {"class": "view"}, el("summary", {}, "View (JSON)"), self.view_json)
        self.actions = el("div", {"class": "legal", "id": "legal-actions", "role": "group", "aria-label": text("game.actions", self.lang)})
        dom.append(container, el("h2", {}, text("game.actions", self.lang)), self.actions, self.view_box)
        self._legal: list[dict[str, Any]] = []
        self._words: list[str] | None = None
        self._buttons: list[Any] = []
        dom.on(self.actions, "click", self._clicked)

    def render(self) -> None:
        legal = self.legal() if self.is_my_turn() else []
        words = [self.describe_action(action) for action in legal]
        # the same choices keep their buttons: a tap already on its way to the worker still finds its button (a
        # rebuilt list would lose it, as the host's refusals of a guest's burst did to the guest's tap)
        if legal != self._legal or words != self._words:
            self._buttons = [el("button", {"type": "button", "data-index": i}, label) for i, label in enumerate(words)]
            dom.clear(self.actions)
            dom.append(self.actions, *self._buttons)
        self._legal, self._words = legal, words
        self.view_json.textContent = json.dumps(
            {k: v for k, v in self.view().items() if k != "log"}, ensure_ascii=False, indent=1)[:20000]

    def _clicked(self, event: Any) -> None:
        # a button no longer shown (or no target: already gone): the choices changed while the tap was on its way
        # to the worker, so the tap is dropped rather than played on whatever now has its index
        button = event.target.closest("button[data-index]") if event.target is not None else None
        if button is not None and any(button is shown for shown in self._buttons):
            self.act(self._legal[int(button.dataset.index)])


def final_scores(rows: list[Any], winners: list[int], lang: str) -> tuple[str, Any]:
    """The end screen's verdict ("X wins!") and its table of final scores (``#final-scores``), from a screen's
    :meth:`GameScreen.end_rows`: one row per seat, the winners marked, each seat's score parts under its name."""
    names = [rows[w][0] for w in winners if w < len(rows)]
    verdict = text("game.winner", lang, names=names[0]) if len(names) == 1 else text("game.winners", lang, names=", ".join(names))
    table = el("table", {"class": "scores", "id": "final-scores"},
               el("thead", {}, el("tr", {}, el("th", {}, text("score.name", lang)), el("th", {"class": "num"}, text("score.points", lang)))))
    body = el("tbody", {})
    for i, (name, score, parts) in enumerate(rows):
        detail = ", ".join(k if v is None else text("game.label_value", lang, label=k, value=v)  # None: a whole phrase
                           for k, v in parts.items()) if parts else ""
        body.appendChild(el("tr", {"class": "winner" if i in winners else None, "data-seat": i},
                            el("td", {}, name, el("div", {"class": "muted"}, detail) if detail else None),
                            el("td", {"class": "num"}, str(score))))
    table.appendChild(body)
    return verdict, table
