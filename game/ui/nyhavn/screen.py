"""Nyhavn's table in the browser: the harbour, the tile supply, the houses, hands and abilities.

Drawn on one canvas (:class:`game.ui.canvas.Board`) with a real button over
every dock, tile stack, house cell, hand card, ability and opponent; the
choices of the moment (take, rotate, flip, place, pay, coat-of-arms actions,
discards) are real buttons in a bar under the table. What is drawn and what
a tap, a drag or a button means live in :mod:`.table` (pure Python, tested
under CPython), with the drawing in :mod:`.drawing` and :mod:`.look`, and the
layout, hit tests and tile turning in :mod:`.layout`; the rules text in
:mod:`.help`. This module wires them to the page.
"""

from __future__ import annotations

import json
from typing import Any

from .. import announce, dom
from ...core.locale import text
from ..canvas import Board, Outcome, Target
from ..dom import el
from ..screen import GameScreen
from .drawing import Pick, Seen
from .layout import buildable_tiles, placement_board, ranking, score_parts
from .table import Table

#: CSS px per unit the upright table keeps beside the bar (``side``): its 46-unit buttons stay 44 CSS px
SIDE_SCALE = 0.97
ZOOM_CELL_MAX = 56  #: CSS px: the zoomed house's cells grow with the column up to this size, not beyond

_CSS = """
.nyhavn-bar { position: sticky; bottom: 0; z-index: 5; background: var(--paper); padding: 6px 0 8px;
  border-top: 1px solid var(--line); display: flex; flex-direction: column; gap: 6px; }
.nyhavn-bar .actions { gap: 6px; }
.nyhavn-bar .actions button { flex: 1 1 auto; padding: 0.3em 0.6em; font-size: 0.95rem; }
.nyhavn-bar .actions button[aria-pressed="true"] { background: #e3eef1; font-weight: 600; }
.nyhavn-bar .actions button.icon { flex: 0 0 46px; min-width: 46px; padding: 0; font-size: 1.35rem; }
#nyhavn-info { margin: 0; min-height: 1.45em; font-size: 0.95rem; }
/* the coat-of-arms choice under an upright table: its many buttons in one row that scrolls sideways, so the bar
   stays low and the whole house above it in sight (issue 36) */
section.table[data-phase="arms"]:not([data-shape="landscape"]):not([data-shape="side"]) .nyhavn-bar .actions {
  flex-wrap: nowrap; overflow-x: auto; overscroll-behavior-x: contain; padding-bottom: 2px; }
section.table[data-phase="arms"]:not([data-shape="landscape"]):not([data-shape="side"]) .nyhavn-bar .actions button {
  flex: 0 0 auto; white-space: nowrap; }
#nyhavn-info[data-kind="bad"] { color: var(--danger); font-weight: 600; }
#nyhavn-info[data-kind="good"] { color: var(--ok); font-weight: 600; }
section.table:is([data-shape="landscape"], [data-shape="side"]) { display: grid; grid-template-columns: minmax(0, 1fr) 132px; column-gap: 8px; align-items: start; }
section.table:is([data-shape="landscape"], [data-shape="side"]) .nyhavn-bar { grid-column: 2; grid-row: 1; position: sticky; top: 0; border-top: 0; padding-top: 0; }
section.table:is([data-shape="landscape"], [data-shape="side"]) .nyhavn-bar .actions { flex-direction: column; }
section.table:is([data-shape="landscape"], [data-shape="side"]) .nyhavn-bar .actions button { flex: 0 0 auto; }
section.table:is([data-shape="landscape"], [data-shape="side"]) #nyhavn-info { font-size: 0.85rem; }
section.table:is([data-shape="landscape"], [data-shape="side"]) #nyhavn-rules { grid-column: 1 / -1; }
/* a phone on its side too narrow for the landscape table: the upright table at SIDE_SCALE, not the column's width
   (the page scrolls to the hand less) */
section.table[data-shape="side"] .board { margin: 0 auto; max-width: calc((100dvh - var(--table-chrome, 64px)) * var(--aspect, 1)); }
#nyhavn-rules { margin-top: 10px; background: #fff; border: 1px solid var(--line); border-radius: var(--radius); padding: 6px 10px; }
#nyhavn-rules summary { min-height: 44px; display: flex; align-items: center; cursor: pointer; font-weight: 600; }
#nyhavn-rules h3 { font-size: 1rem; margin: 10px 0 4px; }
#nyhavn-rules p, #nyhavn-rules li { margin: 4px 0; }
"""


def _now() -> float:
    return float(dom.window.performance.now())


class NyhavnScreen(GameScreen):
    """The Nyhavn table: tap docks to take cards, pick a tile and place it by drag or tap."""

    BOT_PAUSE_MS = 700

    # ------------------------------------------------------------------ construction
    def build_table(self, container: Any) -> None:
        if not dom.by_id("nyhavn-style"):
            dom.document.head.appendChild(el("style", {"id": "nyhavn-style"}, _CSS))
        #: the pure table: the half-made choice, the marks of the last moves, drawing and input
        self.tabletop = Table(self.lang, self.names, self.match.num_players, self.describe_action)
        self.tabletop.viewer_is_you = not self.others_game
        container.dataset.shape = "narrow"
        lay = self.tabletop.lay
        self.board = Board(container, lay.width, lay.height, on_tap=self.tapped, on_resize=self.render,
                           label=text("ny.table", self.lang))
        self.info = el("p", {"id": "nyhavn-info", "aria-live": "polite"})
        self.buttons = el("div", {"class": "actions", "id": "nyhavn-controls", "role": "group",
                                  "aria-label": text("game.actions", self.lang)})
        self.bar = el("div", {"class": "nyhavn-bar"}, self.info, self.buttons)
        rules = self.rules_panel("nyhavn-rules", text("ny.rules", self.lang))
        dom.append(container, self.bar, rules)
        dom.on(self.buttons, "click", self._button_clicked)
        dom.on(container, "keydown", self._key)
        for kind in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            dom.on(self.board.layer, kind, self._pointer)
        self._anim_timer: int | None = None
        self._last_targets: list[Target] | None = None  #: the buttons on the board now
        self._last_bar: tuple[Any, ...] | None = None  #: the prompt and buttons shown now
        self._last_style: tuple[str, ...] = ()  #: the table's shape, size and touch settings on the page now
        self._bar_nodes: dict[str, Any] = {}  #: the bar's buttons on the page now, by command
        self._decided = len(self.match.entries)  #: the moves made when focus last went to a decision's first control

    @property
    def pick(self) -> Pick:
        """The player's half-made choice (the tile in hand, its way round and place, the chosen docks)."""
        return self.tabletop.pick

    def seen(self) -> Seen:
        """The table's moment: the viewer's view, the legal actions, whether the viewer is to act."""
        view = self.view()
        return Seen(view, self.legal(), self.is_my_turn(), placement_board(view), self.viewer)

    def follow(self, outcome: Outcome | None) -> None:
        """Do what an input asked: show a toast, apply an action, draw again."""
        if outcome is None:
            return
        if outcome.message:
            self.app.toast(outcome.message, error=outcome.error)
        if outcome.action is not None:
            self.act(outcome.action)
        if outcome.render:
            self.render()

    def act(self, action: dict[str, Any]) -> bool:
        """Apply the human's action; a success clears the selection and last-move marks, a refusal keeps them."""
        kept = self.tabletop.keep()
        self.tabletop.clear()
        ok = super().act(action)
        if not ok:
            self.tabletop.restore(kept)
            if self.mounted:
                self.render()
        return ok

    def undo(self, *args: Any) -> None:
        self.tabletop.pick.reset()
        super().undo(*args)

    def advance(self) -> None:
        if self.mounted and self.spec.is_over(self.match.state):
            # the finished game's record, for the console and the browser tests (the autosave is cleared at the end)
            dom.window.houseGamesLastGame = json.dumps(self.match.to_json())
        super().advance()

    # ------------------------------------------------------------------ events → animation
    def on_events(self, events: list[dict[str, Any]]) -> None:
        if len(events) >= self._log_count:  # the whole log (opening, resume, undo): nothing new to animate
            return
        if self.tabletop.record(events, self.viewer, _now()):
            if self.app.reduced_motion:  # no flash: the marks of the last moves stay, the log says the points
                self.tabletop.flashes.clear()
            else:
                self._animate()

    def stop_animations(self) -> None:
        if self._anim_timer is not None:
            dom.window.clearTimeout(self._anim_timer)
            self._anim_timer = None
        top = self.tabletop
        top.flashes.clear()
        top.recent_cells.clear()
        top.recent_docks = []

    def _animate(self) -> None:
        if self._anim_timer is not None:
            return

        def frame() -> None:
            self._anim_timer = None
            if not self.mounted:
                return
            running = self.tabletop.expire(_now())
            if not self.table.hidden:
                self.render()
            if running:
                self._anim_timer = dom.later(60, frame)

        self._anim_timer = dom.later(30, frame)

    # ------------------------------------------------------------------ input
    def tapped(self, key: str) -> None:
        before = self.pick.tile, self.pick.anchor
        self.follow(self.tabletop.tap(key, self.seen()))
        self._by_keyboard(before, key)

    def _pointer(self, event: Any) -> None:
        """Drag a chosen tile over the house: the ghost follows the finger or the mouse."""
        if self.tabletop.pick.tile is None:
            return
        rect = self.board.root.getBoundingClientRect()
        scale = self.tabletop.lay.width / max(1.0, float(rect.width))
        x = (float(event.clientX) - float(rect.left)) * scale
        y = (float(event.clientY) - float(rect.top)) * scale
        drag = self.tabletop.pointer(str(event.type), x, y, self.seen())
        if drag.capture:
            try:
                self.board.layer.setPointerCapture(event.pointerId)
            except Exception:
                pass
        if drag.render:
            self.render()
        if drag.prevent:
            event.preventDefault()
        if drag.ended:
            dom.later(0, self._end_drag)

    def _end_drag(self) -> None:
        self.tabletop.drag_moved = False

    def _button_clicked(self, event: Any) -> None:
        button = event.target.closest("button[data-cmd]") if event.target is not None else None  # replaced meanwhile
        if button is None or button.disabled:
            return
        self.board.by_keyboard = not getattr(event, "pointerType", "")  # Enter or Space: a click without a pointer
        before = self.pick.tile, self.pick.anchor
        self.follow(self.tabletop.command(str(button.dataset.cmd), self.seen()))
        self._by_keyboard(before, str(button.dataset.cmd))

    # ------------------------------------------------------------------ keyboard play (issue 40)
    def _by_keyboard(self, before: tuple[Any, Any], key: str) -> None:
        """After a keyboard input that chose part of a build, say what changed and focus its next part: a tile
        picked → its first fitting cell; a cell chosen → Place where it fits, else Rotate where it would fit another
        way round."""
        said, self.tabletop.said = self.tabletop.said, ""
        if said and self.mounted:  # (by touch too: a screen reader may read a touch screen)
            announce.say(said)
        if not self.board.by_keyboard or not self.mounted:
            return
        pick = self.pick
        if pick.tile is not None and pick.tile != before[0]:
            cell = self.tabletop.first_fit()
            if cell is not None:
                self.board.focus_first(f"cell-{cell[0]}-{cell[1]}")
        elif pick.tile is not None and key.startswith("cell-") and pick.anchor is not None:
            col, row = (int(v) for v in key.split("-")[1:])
            fits = self.tabletop.message[0] == "good"
            button = self._bar_nodes.get("place" if fits else "rotate")
            if button is not None and (fits or self.tabletop.fits_some_way(col, row)):
                button.focus()

    def _key(self, event: Any) -> None:
        """Escape drops a half-made choice (a tile in hand, docks chosen): focus back where it began."""
        pick = self.pick
        if str(event.key) != "Escape" or not self.is_my_turn() or (pick.tile is None and not pick.docks):
            return
        tile, docks = pick.tile, pick.docks[:]
        outcome = self.tabletop.command("cancel", self.seen())
        if outcome is None:  # (no Cancel offered now)
            return
        self.follow(outcome)
        if tile is not None:
            self.board.focus_first(f"stack-{tile}")
        elif docks:
            self.board.focus_first(f"dock-{docks[0]}")
        announce.say(text("ny.kb.cancelled", self.lang))

    def _focus_decision(self, seen: Seen) -> None:
        """Focus the first control of the decision now asked (a player at the keyboard): a dock to take from (else a
        tile to build), a card to discard, a way to pay, a coat-of-arms choice."""
        phase = seen.view["phase"]
        board = self.board
        # a turn: a tile to build where one can be paid for (what scores), else the docks to take from
        if phase == "turn" and (buildable_tiles(seen.legal) and board.focus_first("stack-") or board.focus_first("dock-")):
            return
        if phase == "build" and board.focus_first("stack-"):
            return
        if phase == "arms" and any(a.get("choice") == "white" for a in seen.legal) and board.focus_first("cell-"):
            return
        if phase == "discard" and board.focus_first("hand-"):
            return
        first = next(iter(self._bar_nodes.values()), None)
        if first is not None:
            first.focus()

    # ------------------------------------------------------------------ drawing
    def render(self) -> None:
        if not getattr(self, "board", None) or self.viewer is None:
            return
        top = self.tabletop
        width = float(self.table.clientWidth or 360)
        vw, vh, coarse = self.board.viewport()
        mode = top.shape(width, vw, vh, coarse)
        # one drawing asks for the legal actions and the turn a dozen times: work them out once per frame
        seen = self.seen()
        view = seen.view
        lay = top.layout_for(mode, seen, vw, vh, coarse, float(self.board.css_width), self.replaying)
        zoom_in = False
        if lay is not top.lay:
            zoom_in = lay.zoom and not top.lay.zoom
            if mode != top.lay.mode:
                self.table.dataset.shape = mode
            top.lay = lay
        frame = top.paint(seen, self.app.patterns, _now())
        self.board.set_size(frame.width, frame.height)
        if zoom_in:
            self._show_house()
        # the buttons are real DOM nodes, eight attributes each: rewrite them only when one changed (most redraws,
        # e.g. every step of a drag, change the picture and the prompt but not the buttons)
        same = frame.targets == self._last_targets
        self.board.draw(frame.draw, None if same else frame.targets)
        self._last_targets = frame.targets
        # page attributes are written only when they change: a write makes the next size reading lay the page out again
        chrome = 64 if mode in ("landscape", "side") else 190  # what else must fit in the window's height: the header
        # row, and the bar when it is under the table
        lay = top.lay
        if lay.zoom:  # not shrunk to the window's height (the page scrolls): cells a finger wide, up to ZOOM_CELL_MAX
            aspect = ZOOM_CELL_MAX * frame.width / lay.cell / max(1.0, vh - chrome)
        elif mode == "side":  # as tall as the window allows, but never under SIDE_SCALE (the abilities may scroll)
            aspect = max(frame.width / frame.height, SIDE_SCALE * frame.width / max(1.0, vh - chrome))
        else:
            aspect = frame.width / frame.height
        settings = (
            f"{aspect:.4f}",
            f"{chrome}px",
            # while a tile is in hand a finger drags it instead of scrolling the page
            "none" if top.pick.tile is not None and seen.mine else "",
            str(view["phase"]), "true" if seen.mine else "false", ",".join(str(s) for s in view["scores"]),
        )
        if settings != self._last_style:
            self._last_style = settings
            style = self.board.root.style
            style.setProperty("--aspect", settings[0])
            style.setProperty("--table-chrome", settings[1])
            style.touchAction = settings[2]
            self.table.dataset.phase, self.table.dataset.mine, self.table.dataset.scores = settings[3:]
        self._bar(seen)
        if seen.mine and self.board.by_keyboard and self._decided != len(self.match.entries):  # a new decision
            self._decided = len(self.match.entries)
            self._focus_decision(seen)

    def _bar(self, seen: Seen) -> None:
        """The prompt and the buttons of the moment; the page is only touched when they changed."""
        shown = self.tabletop.bar(seen, self.status.textContent)
        if shown == self._last_bar:
            return
        self._last_bar = shown
        text, kind, specs = shown
        self.info.textContent = text
        if kind:
            self.info.dataset.kind = kind
        else:
            self.info.removeAttribute("data-kind")
        cmds = [dict(attrs)["data-cmd"] for attrs, _ in specs]
        if cmds == list(self._bar_nodes):  # the same buttons: changed in place, so the focused one keeps the focus
            for (attrs, label), node in zip(specs, self._bar_nodes.values()):
                for name, value in attrs:
                    if value is None or value is False:
                        node.removeAttribute(name)
                    else:
                        node.setAttribute(name, "" if value is True else str(value))
                node.textContent = label
            return
        dom.clear(self.buttons)
        self._bar_nodes = {}
        for cmd, (attrs, label) in zip(cmds, specs):
            node = self._bar_nodes[cmd] = el("button", dict(attrs), label)
            self.buttons.appendChild(node)

    def _show_house(self) -> None:
        """Scroll the zoomed house into view when its lower rows would be off screen or under the bar."""
        lay = self.tabletop.lay
        bar = 0.0 if lay.mode in ("landscape", "side") else 150.0  # the bar of buttons under the table (or beside it)
        self.board.reveal(lay.house.y + lay.house.h + 20, bar)

    # ------------------------------------------------------------------ end screen
    def end_rows(self, breakdown: bool = True) -> list[tuple[str, int, dict[str, Any] | None]]:
        rows = super().end_rows(breakdown=False)
        if not breakdown:
            return rows
        view = self.view(0)
        scores = [int(s) for s in view["scores"]]
        empty = [int(e) for e in view["empty_spaces"]]
        winners = list(view["winners"])
        places = ranking(scores, empty, winners)
        parts = score_parts(view)
        reason = next((e.get("reason") for e in reversed(view["log"]) if e.get("type") == "end"), None)
        lang = self.lang
        out: list[tuple[str, int, dict[str, Any] | None]] = []
        for p, (name, score, _) in enumerate(rows):
            # whole phrases ("2nd place", "1 point from rows"): the end screen shows a None-valued part as it is
            detail: dict[str, Any] = {text(f"ny.end.place.{places[p]}", lang): None,
                                      text("ny.end.rows", lang, count=parts[p]["rows"]): None,
                                      text("ny.end.columns", lang, count=parts[p]["columns"]): None,
                                      text("ny.end.empty", lang, count=empty[p]): None}
            tied = [q for q in range(len(scores)) if scores[q] == scores[p] and q != p]
            if tied and reason == "end_card":
                detail[text("ny.end.tie", lang)] = text("ny.end.tie.how", lang) if len(winners) == 1 or p not in winners else text("ny.end.tie.shared", lang)
            if p in winners:
                detail[text("ny.end.why", lang)] = text("ny.end.by12" if reason == "points" else "ny.end.bycard", lang)
            out.append((name, score, detail))
        return out


