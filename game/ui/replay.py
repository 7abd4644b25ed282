"""The replay viewer: a finished game shown step by step on its own table.

The game's screen (its ``ScreenSpec``'s ``screen``, or the list screen) is
mounted in read-only replay mode (:attr:`game.ui.screen.GameScreen.replaying`)
over a :class:`~game.core.Match` whose history the viewer sets to
``Replay.state_at(k)``; the screen draws it as it draws a live game. Above it
a bar steps back and forward, jumps to a turn or to any step (a slider),
plays on its own at a chosen speed, chooses whose side of the table is shown
(every hand can be looked at: the game is over) and says what each step did,
with the log lines of everything it caused, hidden cards included
(``Replay.step``).

The screen talks to a :class:`ReplayHost` instead of the app: it cannot
autosave, open the end screen or make a computer move, so a replay never
touches the saved game.
"""

from __future__ import annotations

from typing import Any, Callable

from ..core import Match
from ..core.match import Entry
from ..core.record import Replay
from . import dom
from .dom import el
from ..core.locale import text
from .record_words import option_words
from .screen import GameScreen, seat_names, speaking_to_match

#: autoplay speeds offered, in ms per step (the first is the default)
SPEEDS_MS = (1000, 500, 2000, 250)


class ReplayHost:
    """What a game screen sees of the app during a replay: the app's settings and toasts, nothing that writes.

    ``autosave``, ``finish`` and ``thinking`` do nothing; the screen's *Menu*
    closes the replay (``close``). Anything else is the app's own.
    """

    def __init__(self, app: Any, close: Callable[[], Any]) -> None:
        self._app = app
        self._close = close

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    def autosave(self, match: Match) -> None:
        """A replay is never saved: the player's game in progress stays as it was."""

    def finish(self, screen: GameScreen) -> None:
        """The replay's last step is not a new end of game."""

    def thinking(self, text: str | None, shown: str | None = None, now: int = 0, total: int = 0) -> None:
        """No computer thinks in a replay."""

    def bot_think_s(self) -> None:
        return None

    def show_start(self, *_: Any) -> None:
        self._close()


class ReplayViewer:
    """A replay on the game's own table, with the step controls above it.

    ``app`` gives ``lang``, ``toast``, ``book`` (the :class:`~game.ui.record_book.RecordBook`),
    ``share_record`` and ``show_start``; ``close`` is what *Close* does
    (back to the list it came from). ``rid`` is the game's id when it is
    kept in the book (then *Pin* is offered). ``others_game``: a game played on another device (a friend's
    link): no seat is "you", every seat is called by its name.
    """

    def __init__(self, app: Any, replay: Replay, screen_class: type[GameScreen], close: Callable[[], Any],
                 rid: str | None = None, others_game: bool = False) -> None:
        self.app = app
        self.replay = replay
        self.record = replay.record
        self.lang = app.lang
        self.close = close
        self.rid = rid
        record = self.record
        self.match = Match(record.game_id, record.num_players, record.seed, dict(record.options), list(record.seats),
                           [replay.states[0]], [])
        self.entries = [Entry(p, a, True) for p, a in zip(replay.players, record.actions)]
        self.screen = screen_class(ReplayHost(app, close), self.match)
        self.screen.replaying = True
        self.screen.others_game = others_game
        self.names = seat_names(self.match, self.lang, self.screen.named_seats())
        self.screen.hot_seat = False
        self.screen.viewer = record.me if record.me is not None else 0
        self.k = 0
        self._timer: int | None = None
        self.speed_ms = SPEEDS_MS[0]

    # ------------------------------------------------------------------ page
    def mount(self, root: Any) -> None:
        lang, record, n = self.lang, self.record, len(self.replay)
        spec = self.replay.spec

        self.buttons: dict[str, dom.Node] = {}  # the bar's buttons by key (play, first, back, next, last)

        def button(key: str, symbol: str, fn: Callable[[Any], Any]) -> dom.Node:
            label = text(f"replay.{key}", lang)
            node = self.buttons[key] = el("button", {"type": "button", "id": f"replay-{key}", "aria-label": label, "title": label,
                                                     "onclick": fn}, symbol)
            return node

        self.play_button = button("play", "▶", self.toggle_play)
        self.slider = el("input", {"type": "range", "id": "replay-slider", "min": 0, "max": n, "step": 1, "value": 0,
                                   "aria-label": text("replay.step", lang), "onchange": self._slid, "oninput": self._slid})
        self.count = el("span", {"id": "replay-count", "class": "muted"})
        self.line = el("p", {"id": "replay-line", "class": "replay-line", "aria-live": "polite"})
        self.events = el("ul", {"id": "replay-events", "class": "replay-events"})
        turns = self.replay.turn_starts()
        turn_options = [("", text("replay.turn", lang))] + [
            (str(s - 1), text("replay.turn.n", lang, n=i + 1, name=self._name(self.replay.players[s - 1])))
            for i, s in enumerate(turns)]
        self.turn_select = dom.select(text("replay.turn", lang), "replay-turn", turn_options, "", self._turn_chosen)
        speed_select = dom.select(text("replay.speed", lang), "replay-speed",
                                  [(str(ms), text("replay.speed.ms", lang, s=f"{ms / 1000:g}")) for ms in SPEEDS_MS],
                                  str(self.speed_ms), self._speed_chosen)
        seat_select = None
        if record.num_players > 1:
            seat_select = dom.select(text("replay.seat", lang), "replay-seat",
                                     [(str(i), self.names[i]) for i in range(record.num_players)],
                                     str(self.screen.viewer), self._seat_chosen)
        extra = []
        if self.rid is not None and self.app.book.kept(self.rid):
            self.pin_button = el("button", {"type": "button", "id": "replay-pin", "onclick": self._pin})
            self._label_pin()
            extra.append(self.pin_button)
        when = record.finished.replace("T", " ").rstrip("Z") + " UTC" if record.finished else ""
        options = option_words(spec, record.num_players, record.options, lang)
        self.bar = el("section", {"class": "replay-bar stack", "id": "replay", "aria-labelledby": "replay-title",
                                  "data-steps": n},
                      # the screen's title (h1, first in the main landmark); the table under it keeps the game's own
                      el("h1", {"id": "replay-title"}, text("replay.heading", lang, title=spec.title),
                         el("small", {"class": "muted"}, " · " + text("replay.when", lang, when=when)) if when else None),
                      # the game's options (who started, rounds, scoring card) as the start screen words them
                      el("p", {"class": "muted", "id": "replay-game-options"}, options) if options else None,
                      el("div", {"class": "replay-controls", "role": "group", "aria-label": text("replay.title", lang)},
                         button("first", "«", lambda e: self.go(0)),
                         button("back", "‹", lambda e: self.go(self.k - 1)),
                         self.play_button,
                         button("next", "›", lambda e: self.go(self.k + 1)),
                         button("last", "»", lambda e: self.go(n))),
                      el("label", {"class": "field replay-slider", "for": "replay-slider"}, self.count, self.slider),
                      self.line, self.events,
                      el("div", {"class": "replay-options"}, self.turn_select, speed_select, seat_select),
                      el("div", {"class": "actions"},
                         el("button", {"type": "button", "id": "replay-share", "class": "primary",
                                       "onclick": lambda e: self.app.share_record(self.record)}, text("sharing.button", lang)),
                         *extra,
                         el("button", {"type": "button", "id": "replay-close", "onclick": lambda e: self.close()},
                            text("replay.close", lang))))
        table = el("div", {"class": "replay-table"})
        dom.append(root, self.bar, table)
        self.screen.mount(table)
        self.go(0)

    def unmount(self) -> None:
        self.stop()
        self.screen.unmount()

    def _name(self, player: int) -> str:
        return self.names[player] if 0 <= player < len(self.names) else "—"

    # ------------------------------------------------------------------ moving
    def go(self, k: int) -> None:
        """Show the position after ``k`` steps (clamped), with what step ``k`` did."""
        n = len(self.replay)
        k = max(0, min(int(k), n))
        forward_one = k == self.k + 1
        self.k = k
        self.match.states = self.replay.states[:k + 1]
        self.match.entries = self.entries[:k]
        # nothing of the step shown before may stay on the table (a flash of Klaus's draw, his panel as it was then):
        # a single step forward animates its own events only, a jump none
        self.screen.stop_animations()
        self.screen.quiet = not forward_one
        try:
            self.screen.advance()
        finally:
            self.screen.quiet = False
        self.bar.dataset.step = str(k)
        self.slider.value = str(k)
        self.count.textContent = text("replay.count", self.lang, k=k, n=n)
        dom.clear(self.events)
        if k == 0:
            self.line.textContent = text("replay.setup", self.lang)
        else:
            # the game's own seat is "you" in its lines, as at the table (none is in another's game)
            with speaking_to_match(self.match, self.screen.named_seats()):
                step = self.replay.step(k, self.lang)
            name = self._name(step.player)
            # most engines' action lines already start with who acted ("You: place brick"): never "You: You: …"; a line
            # that names another side as its actor ("Klaus builds …", the player's choice of his tie) is not "You: Klaus …"
            named = any(step.text.startswith(side) for side in self.names if side)  # (the actor's name among them)
            self.line.textContent = step.text if named else text("replay.line", self.lang, name=name, text=step.text)
            for event in step.events:
                self.events.appendChild(el("li", {}, event))
        for key, off in (("first", k == 0), ("back", k == 0), ("next", k == n), ("last", k == n)):
            self.buttons[key].disabled = off
        if k == n:
            self.stop()

    def _slid(self, event: Any) -> None:
        try:
            self.go(int(float(event.target.value)))
        except (TypeError, ValueError):
            pass

    def _turn_chosen(self, event: Any) -> None:
        value = event.target.value
        if value:
            self.stop()
            self.go(int(value))

    def _speed_chosen(self, event: Any) -> None:
        try:
            self.speed_ms = int(event.target.value)
        except (TypeError, ValueError):
            return

    def _seat_chosen(self, event: Any) -> None:
        try:
            seat = int(event.target.value)
        except (TypeError, ValueError):
            return
        self.screen.viewer = seat
        self.screen.stop_animations()  # what was animating was seen from the other seat
        self.screen.reset_log()
        self.screen.quiet = True
        try:
            self.screen.advance()
        finally:
            self.screen.quiet = False

    # ------------------------------------------------------------------ autoplay
    def toggle_play(self, *_: Any) -> None:
        if self._timer is not None:
            self.stop()
            return
        if self.k >= len(self.replay):
            self.go(0)
        self.play_button.textContent = "❚❚"
        self.play_button.setAttribute("aria-label", text("replay.pause", self.lang))
        self.play_button.setAttribute("aria-pressed", "true")
        self._timer = dom.later(self.speed_ms, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if not self.screen.mounted:
            return
        self.go(self.k + 1)
        if self.k < len(self.replay):
            self._timer = dom.later(self.speed_ms, self._tick)
        else:
            self.stop()

    def stop(self) -> None:
        """Stop autoplay."""
        if self._timer is not None:
            dom.window.clearTimeout(self._timer)
            self._timer = None
        if hasattr(self, "play_button"):
            self.play_button.textContent = "▶"
            self.play_button.setAttribute("aria-label", text("replay.play", self.lang))
            self.play_button.setAttribute("aria-pressed", "false")

    # ------------------------------------------------------------------ keeping
    def _label_pin(self) -> None:
        pinned = self.app.book.is_pinned(self.rid)
        self.pin_button.textContent = text("replay.unpin" if pinned else "replay.pin", self.lang)
        self.pin_button.setAttribute("aria-pressed", "true" if pinned else "false")

    def _pin(self, _: Any) -> None:
        pinned = not self.app.book.is_pinned(self.rid)
        if self.app.pin(self.rid, pinned):
            self._label_pin()
