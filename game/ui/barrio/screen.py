"""Barrio's screen in the browser: solo against Klaus and 2–4 seats, human or computer.

The drawing and the meaning of taps live in :mod:`.table` (pure Python, tested
under CPython); this module wires them to the page: a :class:`~game.ui.canvas.Board`,
the rules panel, the animation of Klaus's and the computers' steps, and the
end-screen rows. The app finds it through ``game.ui.barrio.SPEC`` (a ``ScreenSpec``).
"""

from __future__ import annotations

import math
from typing import Any

from .. import announce, dom
from ..canvas import FINGER_PX, LANDSCAPE_UP_TO, Board
from ..dom import el
from ...core.locale import text
from ..screen import GameScreen, seat_names
from .table import LEAST_SCALE, LEAST_WIDE, NARROW, WIDE, Flash, Pick, flashes, klaus_before, narrow_width, paint, score_rows, tap, wide_width

#: container width (CSS px) from which the two-column table is used
WIDE_FROM_PX = 640
#: the same by touch in a window taller than a phone on its side: the wide table's smallest button (the 46-unit
#: score bar of its 720 units) is a finger high from here; narrower (a 700-px tablet split) gets the upright table,
#: which the page fits to the window's height
WIDE_FROM_TOUCH_PX = math.ceil(FINGER_PX * WIDE / 46)
#: the same for a phone on its side: from here the wide table, drawn with fewer units (``wide_width``), keeps its
#: buttons a finger high; below, the upright table (the page scrolls)
WIDE_FROM_LANDSCAPE_PX = math.ceil(LEAST_WIDE * LEAST_SCALE)
#: visually hidden but read by screen readers (the canvas shows the same prompt)
HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"


class BarrioScreen(GameScreen):
    """The Barrio table: hand, market, supply, panoramas, Klaus or the other seats, and the prompt."""

    BOT_PAUSE_MS = 700
    #: duration of one animation step of Klaus or a computer seat (``?pause=0`` turns animations off)
    STEP_MS = 650
    FRAMES = 6

    def build_table(self, container: Any) -> None:
        self.pick = Pick()
        self.queue: list[Flash] = []
        self.flash: Flash | None = None
        self._frame = 0
        self._anim_timer: int | None = None
        self._last_json = ""
        self._wide = False
        self._finish_pending = False
        self._renders = 0  #: full redraws so far (an action's turn draws the table once, not twice)
        self._decided = len(self.match.entries)  #: the moves made when focus last went to a decision's first target
        self.board = Board(container, NARROW, 700, on_tap=self.tapped, on_resize=self.render, label=text("barrio.table", self.lang))
        self.board.root.id = "barrio-board"
        panel = self.rules_panel("barrio-rules", text("barrio.rules", self.lang), "rules")
        if not self.app.settings.get("barrio_guide_seen") and not self.replaying and not self.table_display:  # a first game opens the guide once
            panel.setAttribute("open", "")
            self.app.settings["barrio_guide_seen"] = True
            self.app.save_settings()
        container.appendChild(panel)
        dom.on(self.board.root, "keydown", self._key)
        self.prompt = el("p", {"id": "barrio-prompt", "aria-live": "polite", "style": HIDDEN})
        container.appendChild(self.prompt)

    # ------------------------------------------------------------------ drawing
    def names_for_table(self) -> list[str]:
        return seat_names(self.match, self.lang, self.named_seats())

    def render(self) -> None:
        if not self.mounted or self.viewer is None:
            return
        self._renders += 1
        width = float(self.table.clientWidth or 0)
        _, height, coarse = self.board.viewport()
        if coarse:
            self._wide = width >= (WIDE_FROM_TOUCH_PX if height > LANDSCAPE_UP_TO else WIDE_FROM_LANDSCAPE_PX)
        else:
            self._wide = width >= WIDE_FROM_PX
        view = self.view()
        mine = self.is_my_turn()
        legal = self.legal() if mine else []
        shown = float(self.board.root.clientWidth or 0)  # the board's CSS width, so small print knows its size
        narrow = narrow_width(shown)  # fewer units on the narrowest phones: text and buttons keep their CSS size
        wide_units = wide_width(shown)  # and on a phone on its side
        scale = shown / (wide_units if self._wide else narrow) if shown else None
        frame = paint(view, legal, self.pick, self.lang, self.names_for_table(), mine, wide=self._wide,
                      patterns=self.app.patterns, flash=self.flash, scale=scale, narrow=narrow, wide_units=wide_units, replaying=self.replaying)
        self.places = frame.places
        self.board.set_size(frame.width, frame.height)
        style = self.board.root.style
        style.setProperty("--aspect", f"{frame.width / frame.height:.4f}")  # no taller than the window (app.css)
        style.setProperty("--table-chrome", "4.5rem")  # 72 px, more where the page's words grow (app.css)
        if "prompt" in frame.places:  # where the canvas shows the prompt, as fractions of the board (for tests and tools)
            px, py, pw, ph = frame.places["prompt"]
            self.board.root.dataset.promptBox = f"{px / frame.width:.4f} {py / frame.height:.4f} {pw / frame.width:.4f} {ph / frame.height:.4f}"
        drawn = frame.draw.to_json()
        self.board.fit()  # a new backing size clears the canvas: then it must be drawn again
        key = f"{self.board.canvas.width}x{self.board.canvas.height}|{drawn}"
        if key != self._last_json:  # redraw only when the picture (or the canvas size) changed
            self._last_json = key
            self.board.draw(frame.draw, frame.targets)
        else:
            self.board.set_targets(frame.targets)
        if self.prompt.textContent != frame.prompt:
            self.prompt.textContent = frame.prompt
        if mine and self.board.by_keyboard and self._decided != len(self.match.entries):  # a new decision, by keyboard
            self._decided = len(self.match.entries)
            self._focus_decision(view, legal)

    def _focus_decision(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> None:
        """Focus the first target of the decision now asked (a player at the keyboard): a placeable material, a
        buildable house, a card to draw, a panorama, combo or gap choice."""
        kinds = {a["type"] for a in legal}
        if "place" in kinds:
            self.board.focus_first("hand-")
        elif "build" in kinds or "full_grid_build" in kinds:
            self.board.focus_first("hm-" if view["solo"] else "hand-")
        elif "draw" in kinds:
            self.board.focus_first("wh-", "deck-", "hm-")
        else:
            self.board.focus_first("pan-", "combo-", "gap-", "hm-", "keep", "skip", "pass")

    # ------------------------------------------------------------------ input
    def _key(self, event: Any) -> None:
        """Escape drops a half-made choice (a picked card, house or line)."""
        if str(event.key) == "Escape" and (self.pick.card is not None or self.pick.house is not None or self.pick.discarding or self.pick.marked):
            card, house = self.pick.card, self.pick.house
            self.pick.reset()
            self.render()
            if card is not None:  # focus back on the card picked, as before the choice began
                self.board.focus_first(f"hand-{card}")
            elif house is not None:
                self.board.focus_first(f"hand-{house}", *(f"hm-{i}" for i, c in enumerate(self.view()["house_market"]) if c == house))
            announce.say(text("barrio.kb.cancelled", self.lang))

    def tapped(self, key: str) -> None:
        if self.flash is not None:  # a tap ends the running animation at once
            self._stop_animation()
            if self._finish_pending:
                self._finish_pending = False
                self.app.finish(self)
                return
        before = (self.pick.card, self.pick.house, self.pick.line)
        outcome = tap(key, self.view(), self.legal() if self.is_my_turn() else [], self.pick, self.lang, self.is_my_turn())
        if outcome.message:
            self.app.toast(outcome.message, error=outcome.error)
        if outcome.action is not None:
            if not self.act(outcome.action):
                self.pick.reset()
                self.render()
            return
        self.render()
        if self.board.by_keyboard:
            self._focus_choice(before)

    def _focus_choice(self, before: tuple[Any, Any, Any]) -> None:
        """After a keyboard tap that chose part of a move, focus its next part: a picked material's first legal
        cell, a picked house's first line or build."""
        pick = self.pick
        if pick.card is not None and pick.card != before[0]:
            self.board.focus_first("cell-")
        elif pick.house is not None and (pick.house, pick.line) != before[1:]:
            self.board.focus_first("build-") if pick.line is not None else self.board.focus_first("line-", "build-")

    def applied(self, action: dict[str, Any]) -> None:
        # the half-made choice is spent by the action: dropped before the action's turn draws the table, which it
        # then draws once (a refused action resets it too, in ``tapped``)
        self.pick.reset()

    def act(self, action: dict[str, Any]) -> bool:
        renders = self._renders
        ok = super().act(action)
        if ok and self._renders == renders:  # the turn did not draw the table (e.g. a pass screen): as before
            self.render()
        return ok

    def undo(self, *args: Any) -> None:
        self.pick.reset()
        super().undo(*args)

    # ------------------------------------------------------------------ animation
    def on_events(self, events: list[dict[str, Any]]) -> None:
        if not events or events[0].get("type") == "setup" or self.viewer is None:
            return  # a fresh page or a rebuilt log: nothing to replay
        if self.app.bot_pause_ms(self.STEP_MS) <= 0 or self.app.reduced_motion:
            return  # each step shows at once as the table is drawn after it; the log (a live region) says it
        states = self.match.states
        last = self.queue[-1].klaus if self.queue else None  # Klaus as the steps still queued leave him
        klaus = last if last is not None else (klaus_before(self.spec.view(states[-2], self.viewer)) if len(states) > 1 else None)
        steps = flashes(events, self.viewer, self.describe_event, klaus)
        if not steps:
            return
        self.queue.extend(steps)
        if self._anim_timer is None and self.flash is None:
            self._next_flash()

    def advance(self) -> None:
        """As the base class, but the end screen waits until the last steps (e.g. Klaus's last build) were shown."""
        if self.mounted and self.spec.is_over(self.match.state) and not self.replaying:  # (a replay has no end screen)
            self._update_chrome()  # new log lines → on_events queues their steps
            if self.queue or self.flash is not None:
                self._finish_pending = True
                self.render()
                return
        super().advance()

    def _next_flash(self) -> None:
        self._anim_timer = None
        if not self.mounted:
            return
        if not self.queue:
            self.flash = None
            if self._finish_pending:
                self._finish_pending = False
                self.app.finish(self)
                return
            self.render()
            return
        self.flash = self.queue.pop(0)
        self._frame = 0
        self._tick()

    def _tick(self) -> None:
        self._anim_timer = None
        if not self.mounted or self.flash is None:
            return
        step = self.app.bot_pause_ms(self.STEP_MS)
        self._frame += 1
        self.flash.progress = min(1.0, self._frame / self.FRAMES)
        self.render()
        if self._frame < self.FRAMES:
            self._anim_timer = dom.later(step / 2 / self.FRAMES, self._tick)
        else:
            self._anim_timer = dom.later(step / 2, self._next_flash)

    def _stop_animation(self) -> None:
        if self._anim_timer is not None:
            dom.window.clearTimeout(self._anim_timer)
            self._anim_timer = None
        self.queue.clear()
        self.flash = None

    def stop_animations(self) -> None:
        self._stop_animation()
        self._finish_pending = False

    def unmount(self) -> None:
        self._stop_animation()
        super().unmount()

    # ------------------------------------------------------------------ scores
    def end_rows(self, breakdown: bool = True) -> list[tuple[str, int, dict[str, int] | None]]:
        """Scores from the viewer's view (Klaus's face-down Burruños count only once the game is over)."""
        view = self.spec.view(self.match.state, 0 if self.viewer is None else self.viewer)
        names = seat_names(self.match, self.lang, self.named_seats())
        return [(names[i] if i < len(names) else f"#{i + 1}", int(view["scores"][i]),
                 score_rows(view["breakdown"][i], self.lang) if breakdown else None)
                for i in range(len(view["scores"]))]


__all__ = ["BarrioScreen"]
