"""Nyhavn's table in the browser: the harbour, the tile supply, the houses, hands and abilities.

Drawn on one canvas (:class:`game.ui.canvas.Board`) with a real button over
every dock, tile stack, house cell, hand card, ability and opponent; the
choices of the moment (take, rotate, flip, place, pay, coat-of-arms actions,
discards) are real buttons in a bar under the table. Layout, hit tests and
tile turning live in :mod:`.layout` (pure Python, tested under
CPython); the rules text in :mod:`.rules`.
"""

from __future__ import annotations

import functools
import json
import math
from typing import Any

from .. import dom
from ..canvas import FINGER_PX, LANDSCAPE_UP_TO, Board, DrawList, Target
from ...core.locale import YouName
from ..dom import el
from ..i18n import t as _translate
from .layout import (
    MIN_FONT, COAT_SET, DARK, FILL, GLYPH, PATTERN, SIZES, Box, Layout, anchor_for, grip, build_spots, buildable_tiles,
    cells_too_small, coat_rows, end_card_warning, ghost_problem, layout, ranking, score_parts, take_choice, tile_cells,
    tile_colour, tile_orientations, tile_price, turned, zoom_layout,
)
from .rules import ABILITY_SHORT, ability_help, rules_sections
from ..screen import GameScreen


@functools.lru_cache(maxsize=4096)
def _cached(key: str, lang: str, values: tuple[tuple[str, tuple[Any, bool]], ...]) -> str:
    return _translate(key, lang, **{k: YouName(v) if you else v for k, (v, you) in values})


def t(key: str, lang: str, **values: Any) -> str:
    """:func:`game.ui.i18n.t`, remembered: a frame asks for the same ~200 labels again and again."""
    try:  # a "you" name picks other words than the same text as a plain name (the cache would mix them up)
        return _cached(key, lang, tuple(sorted((k, (v, isinstance(v, YouName))) for k, v in values.items())))
    except TypeError:  # an unhashable value: translate without the cache
        return _translate(key, lang, **values)

COLOURS = ("blue", "yellow", "red", "green", "purple")
ABILITIES = ("any_cards", "additional_card", "construction_discount", "change_of_colours", "both_actions")
PAPER, BOARD, INK, MUTED, LEGAL, WRONG, ACCENT = "#faf3e3", "#e6d6b5", "#1d2326", "#5b6468", "#1e8a3c", "#c4161c", "#f2b134"
#: CSS width from which the table uses the two-column layout (with a mouse): its smallest text (13 of its 784
#: units) is 12 px from here; narrower, the upright table (a 1024×768 window with the log beside the table, say)
WIDE_FROM = math.ceil(12 * 784 / 13)
#: the same by touch: the wide table's smallest buttons (the supply's 47-unit stacks) are a finger wide from here
WIDE_FROM_TOUCH = math.ceil(FINGER_PX * 784 / 47)
#: the least table width (CSS px, with the 140-px bar beside it) at which the landscape table's 48-unit buttons
#: (of its 740 units) are a finger wide; a narrower phone on its side (667×375, 640×360) gets the upright table
#: beside the bar (``side``) instead, and the page scrolls
LANDSCAPE_TOUCH_FROM = math.ceil(FINGER_PX * 740 / 48) + 140
#: CSS px per unit the upright table keeps beside the bar (``side``): its 46-unit buttons stay 44 CSS px
SIDE_SCALE = 0.97
STAR = [v for i in range(10) for v in ((1 if i % 2 == 0 else 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
                                         (1 if i % 2 == 0 else 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5))]
"""A five-pointed star of radius 1 round (0, 0): x0, y0, x1, y1, …"""
ZOOM_CELL_MAX = 56  #: CSS px: the zoomed house's cells grow with the column up to this size, not beyond
FLASH_MS = 900  #: how long a completed row or column flashes

_CSS = """
.nyhavn-bar { position: sticky; bottom: 0; z-index: 5; background: var(--paper); padding: 6px 0 8px;
  border-top: 1px solid var(--line); display: flex; flex-direction: column; gap: 6px; }
.nyhavn-bar .actions { gap: 6px; }
.nyhavn-bar .actions button { flex: 1 1 auto; padding: 0.3em 0.6em; font-size: 0.95rem; }
.nyhavn-bar .actions button[aria-pressed="true"] { background: #e3eef1; font-weight: 600; }
#nyhavn-info { margin: 0; min-height: 1.45em; font-size: 0.95rem; }
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


def fit_text(text: str, px: float, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to about ``width`` units at ``px`` (never squeezed: names stay readable)."""
    per = px * (0.64 if bold else 0.58)  # a generous average advance of sans-serif letters
    if len(text) * per <= width:
        return text
    keep = max(1, int(width / per) - 1)
    return text[:keep].rstrip() + "…"


def font(px: float = MIN_FONT, bold: bool = False) -> str:
    """A canvas font of at least :data:`MIN_FONT` units."""
    return f"{'bold ' if bold else ''}{max(px, MIN_FONT):g}px sans-serif"


class _Info:
    """The prompt line as the bar will show it: text and kind ("good", "bad" or "")."""

    def __init__(self, kind: str, text: str) -> None:
        self.kind, self.textContent = kind, text


class NyhavnScreen(GameScreen):
    """The Nyhavn table: tap docks to take cards, pick a tile and place it by drag or tap."""

    BOT_PAUSE_MS = 700
    _frame_legal: list[dict[str, Any]] | None = None  #: while drawing: the legal actions
    _frame_mine: bool | None = None  #: while drawing: whether the viewer is to act

    # ------------------------------------------------------------------ construction
    def build_table(self, container: Any) -> None:
        if not dom.by_id("nyhavn-style"):
            dom.document.head.appendChild(el("style", {"id": "nyhavn-style"}, _CSS))
        n = self.match.num_players
        self.lay: Layout = layout("narrow", n)
        container.dataset.shape = "narrow"
        self.board = Board(container, self.lay.width, self.lay.height, on_tap=self.tapped, on_resize=self.render,
                           label=t("ny.table", self.lang))
        self.info = el("p", {"id": "nyhavn-info", "aria-live": "polite"})
        self.buttons = el("div", {"class": "actions", "id": "nyhavn-controls", "role": "group",
                                  "aria-label": t("game.actions", self.lang)})
        self.bar = el("div", {"class": "nyhavn-bar"}, self.info, self.buttons)
        rules = el("details", {"id": "nyhavn-rules"}, el("summary", {}, t("ny.rules", self.lang)))
        for title, paragraphs in rules_sections(self.lang):
            rules.appendChild(el("h3", {}, title))
            for para in paragraphs:
                rules.appendChild(el("p", {}, para))
        dom.append(container, self.bar, rules)
        dom.on(self.buttons, "click", self._button_clicked)
        for kind in ("pointerdown", "pointermove", "pointerup", "pointercancel"):
            dom.on(self.board.layer, kind, self._pointer)
        self._commands: dict[str, Any] = {}
        self.sel_docks: list[int] = []
        self.use_both = False
        self.tile: str | None = None
        self.orient = 0
        self.anchor: tuple[int, int] | None = None
        self.show_fits = False
        self.inspect: int | None = None  #: whose house is shown large (None: the viewer's)
        self.dragging = False
        self.drag_moved = False
        self.finger: tuple[float, float] | None = None  #: during a drag: the finger's point, in units
        self.whole_table = False  #: the player asked for the whole table while placing (no zoomed house)
        self._small = False  #: whether this screen's house cells are too small for a finger: placing zooms in
        self._layouts: dict[tuple[Any, ...], Layout] = {}
        self.flashes: list[tuple[float, int, str, int, int]] = []  #: (start ms, player, line, index, points)
        self.recent_cells: dict[int, list[tuple[int, int]]] = {}
        self.recent_docks: list[int] = []
        self._anim_timer: int | None = None
        self.message: tuple[str, str] = ("", "")
        self._last_targets: list[Target] | None = None  #: the buttons on the board now
        self._last_bar: tuple[Any, ...] | None = None  #: the prompt and buttons shown now
        self._last_style: tuple[str, ...] = ()  #: the table's shape, size and touch settings on the page now
        self._shape: tuple[tuple[float, float, float, bool], str] = ((-1.0, 0.0, 0.0, False), "narrow")  #: ((table width, window width, height, touch), layout) last decided

    # ------------------------------------------------------------------ helpers
    def colour_name(self, colour: str) -> str:
        return t(f"ny.colour.{colour}", self.lang)

    def tile_name(self, tile: str) -> str:
        if tile == "white":
            return t("ny.tile.white", self.lang)
        return t("ny.tile", self.lang, colour=self.colour_name(tile_colour(tile)), size=tile[-1])

    def player_name(self, p: int) -> str:
        return self.names[p] if p < len(self.names) else f"#{p + 1}"

    def _reset_selection(self) -> None:
        self.sel_docks, self.use_both = [], False
        self.tile, self.orient, self.anchor, self.show_fits = None, 0, None, False
        self.dragging, self.finger, self.whole_table = False, None, False

    def act(self, action: dict[str, Any]) -> bool:
        """Apply the human's action; a success clears the selection and last-move marks, a refusal keeps them."""
        kept = (self.sel_docks[:], self.use_both, self.tile, self.orient, self.anchor, self.show_fits, self.message,
                self.recent_docks, self.whole_table)
        self._reset_selection()
        self.message, self.recent_docks = ("", ""), []
        ok = super().act(action)
        if not ok:
            (self.sel_docks, self.use_both, self.tile, self.orient, self.anchor, self.show_fits, self.message,
             self.recent_docks, self.whole_table) = kept
            if self.mounted:
                self.render()
        return ok

    def undo(self, *args: Any) -> None:
        self._reset_selection()
        super().undo(*args)

    def advance(self) -> None:
        if self.mounted and self.module.is_over(self.match.state):
            # the finished game's record, for the console and the browser tests (the autosave is cleared at the end)
            dom.window.houseGamesLastGame = json.dumps(self.match.to_json())
        super().advance()

    # ------------------------------------------------------------------ events → animation
    def on_events(self, events: list[dict[str, Any]]) -> None:
        if len(events) >= self._log_count:  # the whole log (opening, resume, undo): nothing new to animate
            return
        start = _now()
        for e in events:
            kind = e.get("type")
            if kind == "score":
                self.flashes.append((start, e["player"], e["line"], e["index"], e["points"]))
            elif kind == "build" or (kind == "arms" and e.get("choice") == "white"):
                p = e["player"]
                if p != self.viewer:
                    cells = [tuple(c) for c in e["cells"]] if "cells" in e else [(e["col"], e["row"])]
                    self.recent_cells.setdefault(p, []).extend(cells)
            elif kind == "take" and e.get("player") != self.viewer:
                self.recent_docks = list(e["docks"])
            elif kind == "turn" and e.get("player") != self.viewer:
                self.recent_cells.clear()  # a new opponent turn: mark only what it does
                self.recent_docks = []
        if self.flashes:
            self._animate()

    def _animate(self) -> None:
        if self._anim_timer is not None:
            return

        def frame() -> None:
            self._anim_timer = None
            if not self.mounted:
                return
            now = _now()
            self.flashes = [f for f in self.flashes if now - f[0] < FLASH_MS]
            if not self.table.hidden:
                self.render()
            if self.flashes:
                self._anim_timer = dom.later(60, frame)

        self._anim_timer = dom.later(30, frame)

    # ------------------------------------------------------------------ input
    def tapped(self, key: str) -> None:
        if self.drag_moved:  # the click that ends a drag is not a tap
            self.drag_moved = False
            return
        kind, _, rest = key.partition("-")
        view = self.view()
        mine = self.is_my_turn()
        if kind == "ability":
            name = rest
            self.app.toast(f"{t('ny.ab.' + name, self.lang)}: {ability_help(name, self.lang)}")
            return
        if kind == "player":
            p = int(rest)
            self.inspect = None if p == self.viewer else p
            self.render()
            return
        if not mine:
            return
        phase = view["phase"]
        if kind == "held":
            self.message = ("", t("ny.place.hint", self.lang))
            self.render()
        elif kind == "dock" and phase == "turn":
            d = int(rest)
            if d in self.sel_docks:
                self.sel_docks.remove(d)
            else:
                self.tile, self.anchor = None, None
                _, addable, _ = take_choice(self.legal(), self.sel_docks, self.use_both)
                if d not in addable:
                    _, fresh, _ = take_choice(self.legal(), [d], self.use_both)
                    self.sel_docks = [d] if fresh else []
                    if not fresh:
                        self.message = ("bad", t("ny.dock.cannot", self.lang))
                else:
                    self.sel_docks.append(d)
            self._maybe_take()
            self.render()
        elif kind == "stack" and phase in ("turn", "build"):
            tile = rest
            if self.tile == tile:
                self.tile, self.anchor = None, None
            elif tile in buildable_tiles(self.legal()):
                self.tile, self.orient, self.anchor, self.sel_docks = tile, self._first_orient(tile), None, []
                self.inspect = None  # a tile goes into the player's own house: show it
                self.message = ("", t("ny.place.hint", self.lang))
            else:
                self.message = ("bad", self._why_not_stack(view, tile))
            self.render()
        elif kind == "cell":
            col, row = (int(v) for v in rest.split("-"))
            if phase == "arms":
                action = {"type": "arms", "choice": "white", "col": col, "row": row}
                if action in self.legal():
                    self.act(action)
                else:
                    self.message = ("bad", t("ny.white.where", self.lang))
                    self.render()
            elif self.tile is not None:
                self.anchor = anchor_for(self.tile, self.orient, col, row)
                self._update_ghost_message()
                self.render()
        elif kind == "hand" and phase == "discard":
            self.act({"type": "discard", "colour": rest})

    def _first_orient(self, tile: str) -> int:
        spots = sorted(build_spots(self.legal(), tile))
        return spots[0][0] if spots else 0

    def _why_not_stack(self, view: dict[str, Any], tile: str) -> str:
        if view["phase"] not in ("turn", "build"):
            return t("ny.stack.notnow", self.lang)
        if not view["stacks"].get(tile):
            return t("ny.stack.empty", self.lang)
        return t("ny.stack.cannot", self.lang, colour=self.colour_name(tile_colour(tile)), size=tile[-1])

    def _maybe_take(self) -> None:
        action, addable, more = take_choice(self.legal(), self.sel_docks, self.use_both)
        if action is not None and not more:
            self.act(action)
        elif action is not None:
            self.message = ("good", t("ny.take.more", self.lang))
        elif self.sel_docks:
            self.message = ("", t("ny.take.second", self.lang))

    def _update_ghost_message(self) -> None:
        if self.tile is None or self.anchor is None:
            return
        problem = ghost_problem(self.match.state, self.legal(), self.tile, self.orient, self.anchor, self.lang)
        if problem:
            self.message = ("bad", problem)
        else:
            self.message = ("good", t("ny.place.ok", self.lang, price=self._price_words(self.tile, self.anchor)))

    def _price_words(self, tile: str, anchor: tuple[int, int]) -> str:
        view = self.view()
        touching = self._touching(view, tile, anchor)
        discount = view["abilities"][self.viewer].get("construction_discount") == "active"
        price = tile_price(tile, touching, False)
        words = t("ny.cards", self.lang, n=price, colour=self.colour_name(tile_colour(tile)))
        if touching:
            words += " · " + t("ny.touching", self.lang)
        if discount and price:
            words += " · " + t("ny.discount.can", self.lang, n=price - 1)
        return words

    def _touching(self, view: dict[str, Any], tile: str, anchor: tuple[int, int]) -> bool:
        mask = view["houses"][self.viewer]["colours"][tile_colour(tile)]
        for c, r, _ in tile_cells(tile, self.orient, anchor):
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y = c + dc, r + dr
                if 0 <= x < 5 and 0 <= y < 9 and mask >> (y * 5 + x) & 1:
                    return True
        return False

    def _pointer(self, event: Any) -> None:
        """Drag a chosen tile over the house: the ghost follows the finger or the mouse."""
        if self.tile is None or not self.is_my_turn():
            return
        rect = self.board.root.getBoundingClientRect()
        scale = self.lay.width / max(1.0, float(rect.width))
        x = (float(event.clientX) - float(rect.left)) * scale
        y = (float(event.clientY) - float(rect.top)) * scale
        kind = str(event.type)
        inside = self.lay.house.contains(x, y)
        if kind == "pointerdown":
            stack = self._stack_at(x, y)
            held = self.lay.held is not None and self.lay.held.contains(x, y)
            if inside or held or stack == self.tile:
                self.dragging = True
                self.drag_moved = False
                try:
                    self.board.layer.setPointerCapture(event.pointerId)
                except Exception:
                    pass
            return
        if not self.dragging:
            return
        if kind == "pointermove":
            if not inside and not self.drag_moved:
                return
            col, row = self.lay.nearest_cell(x, y)
            anchor = anchor_for(self.tile, self.orient, col, row)
            lifted = self._small and not self.lay.zoom  # small cells: the tile is also drawn large above the finger
            if lifted:
                self.finger = (x, y)
            if anchor != self.anchor or not self.drag_moved or lifted:
                self.drag_moved = True
                if anchor != self.anchor:
                    self.anchor = anchor
                    self._update_ghost_message()
                self.render()
            event.preventDefault()
        else:  # up or cancel: the ghost stays where it was dropped
            self.dragging = False
            if self.finger is not None:
                self.finger = None
                self.render()
            if not self.drag_moved:
                return
            dom.later(0, self._end_drag)

    def _end_drag(self) -> None:
        self.drag_moved = False

    def _stack_at(self, x: float, y: float) -> str | None:
        for ci, colour in enumerate(COLOURS):
            for size in SIZES:
                if self.lay.stack_box(ci, size).contains(x, y):
                    return f"{colour}{size}"
        return None

    # ------------------------------------------------------------------ the bar of buttons
    def _button_clicked(self, event: Any) -> None:
        button = event.target.closest("button[data-cmd]")
        if button is None or button.disabled:
            return
        fn = self._commands.get(str(button.dataset.cmd))
        if fn is not None:
            fn()

    def _bar(self, view: dict[str, Any]) -> None:
        """The prompt and the buttons of the moment; the page is only touched when they changed."""
        info = _Info(*self.message)
        specs: list[tuple[Any, ...]] = []
        self._commands = {}
        self._bar_specs(view, info, specs)
        shown = (info.textContent, info.kind, specs)
        if shown == self._last_bar:
            return
        self._last_bar = shown
        self.info.textContent = info.textContent
        if info.kind:
            self.info.dataset.kind = info.kind
        else:
            self.info.removeAttribute("data-kind")
        dom.clear(self.buttons)
        for attrs, label in specs:
            self.buttons.appendChild(el("button", dict(attrs), label))

    def _bar_specs(self, view: dict[str, Any], info: "_Info", specs: list[tuple[Any, ...]]) -> None:
        text = info.textContent

        def add(cmd: str, label: str, fn: Any, primary: bool = False, pressed: bool | None = None, disabled: bool = False) -> None:
            self._commands[cmd] = fn
            attrs: dict[str, Any] = {"type": "button", "data-cmd": cmd, "id": f"ny-{cmd}", "class": "primary" if primary else None,
                                     "disabled": disabled}
            if pressed is not None:
                attrs["aria-pressed"] = "true" if pressed else "false"
            specs.append((tuple(attrs.items()), label))

        if not self.is_my_turn():
            if not text:
                info.textContent = self.status.textContent
            return
        legal = self.legal()
        phase = view["phase"]
        lang = self.lang
        if phase in ("turn", "build") and self.tile is not None:
            add("rotate", t("ny.rotate", lang), lambda: self._turn("rotate"))
            add("flip", t("ny.flip", lang), lambda: self._turn("flip"))
            add("fits", t("ny.fits", lang), self._toggle_fits, pressed=self.show_fits)
            ok = self.anchor is not None and ghost_problem(self.match.state, legal, self.tile, self.orient, self.anchor, lang) is None
            add("place", t("ny.place", lang), self._place, primary=True, disabled=not ok)
            self._add_zoom(add)
            add("cancel", t("ny.cancel", lang), self._cancel)
            return
        if phase == "turn":
            if not text:
                info.textContent = t("ny.hint.turn", lang)
            if any("both_actions" in a.get("abilities", ()) for a in legal if a["type"] == "take"):
                add("both", t("ny.both", lang), self._toggle_both, pressed=self.use_both)
            action, _, more = take_choice(legal, self.sel_docks, self.use_both)
            if action is not None and more:
                add("take", t("ny.take", lang, n=len(self.sel_docks)), lambda: self.act(action), primary=True)
            if self.sel_docks:
                add("cancel", t("ny.cancel", lang), self._cancel)
            if legal == [{"type": "pass"}]:
                add("pass", t("ny.pass", lang), lambda: self.act({"type": "pass"}), primary=True)
        elif phase == "build":
            if not text:
                info.textContent = t("ny.hint.build", lang)
            add("end", t("ny.endturn", lang), lambda: self.act({"type": "end_turn"}))
        elif phase == "discard":
            total = sum(view["hand"].values())
            info.textContent = t("ny.hint.discard", lang, n=total - 7)
            for colour in COLOURS:
                if view["hand"].get(colour):
                    action = {"type": "discard", "colour": colour}
                    add(f"discard-{colour}", t("ny.discard", lang, colour=self.colour_name(colour), n=view["hand"][colour]),
                        lambda a=action: self.act(a))
        elif phase == "pay":
            info.textContent = t("ny.hint.pay", lang)
            for i, action in enumerate(legal):
                add(f"pay-{i}", self.describe_action(action), lambda a=action: self.act(a), primary=i == 0)
        elif phase == "arms":
            info.textContent = t("ny.hint.arms", lang, n=view["arms_pending"]) + (" " + text if text else "")
            whites = [a for a in legal if a.get("choice") == "white"]
            if whites:
                add("white", t("ny.arms.white", lang, n=len(whites)), self._white_hint)
                self._add_zoom(add)
            for action in legal:
                if action.get("choice") == "ability":
                    name = action["ability"]
                    add(f"ability-{name}", t("ny.arms.ability", lang, name=t("ny.ab." + name, lang)), lambda a=action: self.act(a))
                elif action.get("choice") == "refresh":
                    add("refresh", t("ny.arms.refresh", lang), lambda a=action: self.act(a))

    def _add_zoom(self, add: Any) -> None:
        """The zoom toggle, where the house's cells are too small for a finger: the house large, or the whole table."""
        if self._small:
            zoomed = self.lay.zoom
            add("zoom", t("ny.zoom.out" if zoomed else "ny.zoom.in", self.lang), self._toggle_zoom, pressed=zoomed)

    def _toggle_zoom(self) -> None:
        self.whole_table = not self.whole_table
        self.render()

    def _turn(self, how: str) -> None:
        if self.tile is None:
            return
        grip_cell = None
        if self.anchor is not None:
            gx, gy = grip(self.tile, self.orient)
            grip_cell = (self.anchor[0] + gx, self.anchor[1] + gy)
        self.orient = turned(self.tile, self.orient, how)
        if grip_cell is not None:
            self.anchor = anchor_for(self.tile, self.orient, *grip_cell)
            self._update_ghost_message()
        self.render()

    def _toggle_fits(self) -> None:
        self.show_fits = not self.show_fits
        if self.show_fits and self.tile is not None:
            n = sum(1 for o, _, _ in build_spots(self.legal(), self.tile) if o == self.orient)
            self.message = ("good" if n else "bad", t("ny.fits.count", self.lang, n=n) if n else t("ny.fits.none", self.lang))
        self.render()

    def _toggle_both(self) -> None:
        self.use_both = not self.use_both
        self._maybe_take()
        self.render()

    def _place(self) -> None:
        if self.tile is None or self.anchor is None:
            return
        col, row = self.anchor
        self.act({"type": "build", "tile": self.tile, "orient": self.orient, "col": col, "row": row})

    def _cancel(self) -> None:
        self._reset_selection()
        self.message = ("", "")
        self.render()

    def _white_hint(self) -> None:
        self.message = ("good", t("ny.white.tap", self.lang))
        self.render()

    # ------------------------------------------------------------------ drawing
    def legal(self) -> list[dict[str, Any]]:
        return self._frame_legal if self._frame_legal is not None else super().legal()

    def is_my_turn(self) -> bool:
        return self._frame_mine if self._frame_mine is not None else super().is_my_turn()

    def render(self) -> None:
        if not getattr(self, "board", None) or self.viewer is None:
            return
        # one drawing asks for the legal actions and the turn a dozen times: work them out once per frame
        self._frame_legal, self._frame_mine = super().legal(), super().is_my_turn()
        try:
            self._render()
        finally:
            self._frame_legal = self._frame_mine = None

    def _render(self) -> None:
        mode = self.shape()
        view = self.view()
        if self.inspect is not None and self.inspect >= view["players"]:
            self.inspect = None
        lay = self._layout_for(mode, view)
        if lay is not self.lay:
            zoom_in = lay.zoom and not self.lay.zoom
            if mode != self.lay.mode:
                self.table.dataset.shape = mode
            self.lay = lay
            self.board.set_size(lay.width, lay.height)
            if zoom_in:
                self._show_house()
        d = DrawList().clear(PAPER)
        targets: list[Target] = []
        self._draw_harbour(d, targets, view)
        self._draw_track(d, view)
        self._draw_others(d, targets, view)
        self._draw_house(d, targets, view)
        self._draw_supply(d, targets, view)
        self._draw_hand(d, targets, view)
        self._draw_abilities(d, targets, view)
        self._draw_held(d, targets, view)
        self._draw_lifted(d)
        # the buttons are real DOM nodes, eight attributes each: rewrite them only when one changed (most redraws,
        # e.g. every step of a drag, change the picture and the prompt but not the buttons)
        same = targets == self._last_targets
        self.board.draw(d, None if same else targets)
        self._last_targets = targets
        # page attributes are written only when they change: a write makes the next size reading lay the page out again
        chrome = 64 if mode in ("landscape", "side") else 190  # what else must fit in the window's height: the header
        # row, and the bar when it is under the table
        _, vh, _ = self.board.viewport()
        if self.lay.zoom:  # not shrunk to the window's height (the page scrolls): cells a finger wide, up to ZOOM_CELL_MAX
            aspect = ZOOM_CELL_MAX * self.lay.width / self.lay.cell / max(1.0, vh - chrome)
        elif mode == "side":  # as tall as the window allows, but never under SIDE_SCALE (the abilities may scroll)
            aspect = max(self.lay.width / self.lay.height, SIDE_SCALE * self.lay.width / max(1.0, vh - chrome))
        else:
            aspect = self.lay.width / self.lay.height
        settings = (
            f"{aspect:.4f}",
            f"{chrome}px",
            # while a tile is in hand a finger drags it instead of scrolling the page
            "none" if self.tile is not None and self.is_my_turn() else "",
            str(view["phase"]), "true" if self.is_my_turn() else "false", ",".join(str(s) for s in view["scores"]),
        )
        if settings != self._last_style:
            self._last_style = settings
            style = self.board.root.style
            style.setProperty("--aspect", settings[0])
            style.setProperty("--table-chrome", settings[1])
            style.touchAction = settings[2]
            self.table.dataset.phase, self.table.dataset.mine, self.table.dataset.scores = settings[3:]
        self._bar(view)

    def _layout_for(self, mode: str, view: dict[str, Any]) -> Layout:
        """The layout of ``mode``, zoomed on the house while the player places a tile (or a white tile) on a screen
        whose house cells are too small for a finger, unless the player asked for the whole table."""
        n = self.match.num_players
        base = self._layouts.get((mode,))
        if base is None:
            base = self._layouts[(mode,)] = layout(mode, n)
        vw, vh, coarse = self.board.viewport()
        css = float(self.board.css_width)
        if not self.lay.zoom or self.lay.mode != mode:
            # decided on the unzoomed table (the zoomed one may be shown at another width)
            self._small = cells_too_small(base, css, coarse)
        if not (self._small and not self.whole_table and self._placing(view)):
            return base
        # keyed by the board's width too: the zoomed board is not shrunk to the window's height (see _render), so its
        # cells follow the width it really gets from the next frame on (and settle: 48 units suit every width shown)
        key = (mode, "zoom", vw, vh, coarse, round(css))
        zoomed = self._layouts.get(key)
        if zoomed is None:
            zoomed = self._layouts[key] = zoom_layout(mode, n, css)
        return zoomed

    def _placing(self, view: dict[str, Any]) -> bool:
        """Whether the player is choosing a place in their house now: a tile in hand, or a white tile to put."""
        if self.replaying or not self.is_my_turn() or self.inspect not in (None, self.viewer):
            return False
        phase = view["phase"]
        if phase in ("turn", "build"):
            return self.tile is not None
        return phase == "arms" and any(a.get("choice") == "white" for a in self.legal())

    def _show_house(self) -> None:
        """Scroll the zoomed house into view when its lower rows would be off screen or under the bar."""
        bar = 0.0 if self.lay.mode in ("landscape", "side") else 150.0  # the bar of buttons under the table (or beside it)
        self.board.reveal(self.lay.house.y + self.lay.house.h + 20, bar)

    def shape(self) -> str:
        """The layout for this window: ``landscape`` (a phone on its side), ``wide``, ``narrow`` or ``side``.

        Decided again only when the table's width or the window's size changed (a resize, a rotation, or only
        the height: a phone on its side whose browser bar hides, a window made taller).
        """
        width = float(self.table.clientWidth or 360)
        vw, vh, coarse = self.board.viewport()
        if (width, vw, vh, coarse) != self._shape[0]:
            if vh <= LANDSCAPE_UP_TO and vw > vh:
                mode = "landscape" if width >= LANDSCAPE_TOUCH_FROM or not coarse else "side"
            elif width >= (WIDE_FROM_TOUCH if coarse else WIDE_FROM):
                mode = "wide"
            else:  # wider than tall but too narrow for the wide table (640×560, say): the upright table beside the bar
                mode = "side" if vw > vh else "narrow"
            self._shape = ((width, vw, vh, coarse), mode)
        return self._shape[1]

    def _glyph(self, d: DrawList, cx: float, cy: float, r: float, colour: str, fill: str = "#fff") -> None:
        shape = GLYPH.get(colour)
        stroke = DARK[colour]
        if shape == "circle":
            d.circle(cx, cy, r, fill=fill, stroke=stroke, line_width=1.2)
        elif shape == "triangle":
            d.poly([cx, cy - r, cx + r, cy + r * 0.8, cx - r, cy + r * 0.8], fill=fill, stroke=stroke, line_width=1.2)
        elif shape == "square":
            d.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7, fill=fill, stroke=stroke, line_width=1.2)
        elif shape == "diamond":
            d.poly([cx, cy - r, cx + r, cy, cx, cy + r, cx - r, cy], fill=fill, stroke=stroke, line_width=1.2)
        elif shape == "star":
            d.poly([cx + r * ux if i % 2 == 0 else cy + r * ux for i, ux in enumerate(STAR)], fill=fill, stroke=stroke, line_width=1)

    def _card(self, d: DrawList, b: Box, colour: str, radius: float = 6) -> None:
        d.rect(b.x, b.y, b.w, b.h, fill=FILL[colour], stroke=DARK[colour], line_width=1.5, radius=radius)
        if self.app.patterns:
            d.pattern(b.x, b.y, b.w, b.h, PATTERN[colour], colour="rgba(255,255,255,.55)", radius=radius)
        self._glyph(d, b.x + b.w / 2, b.y + b.h / 2, min(b.w, b.h) * 0.2, colour)

    def _cell(self, d: DrawList, x: float, y: float, s: float, colour: str, window: bool) -> None:
        """One facade square: a glazed window (pane with mullions) or brick (courses of bricks)."""
        d.rect(x, y, s, s, fill=FILL[colour], stroke=DARK[colour], line_width=max(0.6, s / 30))
        if self.app.patterns and colour in PATTERN and s >= 16:
            d.pattern(x, y, s, s, PATTERN[colour], colour="rgba(255,255,255,.5)")
        if window:
            m = s * 0.2
            d.rect(x + m, y + m, s - 2 * m, s - 2 * m, fill="#dcecf2", stroke=DARK[colour], line_width=max(0.6, s / 24))
            d.line(x + s / 2, y + m, x + s / 2, y + s - m, DARK[colour], max(0.5, s / 30))
            d.line(x + m, y + s / 2, x + s - m, y + s / 2, DARK[colour], max(0.5, s / 30))
        elif s >= 12:
            joint = "rgba(0,0,0,.35)" if colour != "white" else "#8b8474"
            courses = 4
            h = s / courses
            for i in range(1, courses):
                d.line(x, y + i * h, x + s, y + i * h, joint, max(0.5, s / 34))
            for i in range(courses):
                off = 0 if i % 2 else s / 4
                for k in range(2):
                    bx = x + off + k * s / 2
                    if x < bx < x + s:
                        d.line(bx, y + i * h, bx, y + (i + 1) * h, joint, max(0.5, s / 34))
        else:
            d.rect(x + s * 0.3, y + s * 0.3, s * 0.4, s * 0.4, fill=DARK[colour])

    def _shield(self, d: DrawList, cx: float, cy: float, r: float, fill: str = "#b8860b", stroke: str = "#6b4e0a") -> None:
        d.poly([cx - r, cy - r, cx + r, cy - r, cx + r, cy + r * 0.2, cx, cy + r * 1.1, cx - r, cy + r * 0.2],
               fill=fill, stroke=stroke, line_width=1)

    def _draw_harbour(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        lay = self.lay
        if not lay.docks:  # the zoomed house has the table
            return
        x0 = lay.docks[0].x
        right = lay.docks[-1].x + lay.docks[-1].w
        room = right - x0
        warn = end_card_warning(view)
        if warn:
            text = "⚠ " + t("ny.endcard.soon", lang)
            d.text(right, 15, text, font=font(bold=True), colour=WRONG, align="right")
            room -= len(text) * MIN_FONT * 0.64 + 8
        d.text(x0, 15, fit_text(t("ny.harbour", lang, n=view["supply"]), MIN_FONT, room, True), font=font(bold=True), colour=INK)
        mine = self.is_my_turn() and view["phase"] == "turn"
        legal = self.legal() if mine else []
        _, addable, _ = take_choice(legal, self.sel_docks, self.use_both) if mine and self.tile is None else (None, set(), False)
        starts = set()
        if mine and not self.sel_docks:
            starts = {d_ for a in legal if a["type"] == "take" for d_ in a["docks"]}
        for i, b in enumerate(lay.docks):
            colour = view["docks"][i]
            sel = i in self.sel_docks
            if colour is None:
                d.rect(b.x, b.y, b.w, b.h, fill="#efe6d2", stroke=MUTED, line_width=1, radius=6)
                d.text(b.x + b.w / 2, b.y + b.h / 2, fit_text(t("ny.empty", lang), MIN_FONT, b.w - 4), font=font(), colour=MUTED,
                       align="center", baseline="middle")
            else:
                lift = 4 if sel else 0
                self._card(d, Box(b.x, b.y - lift, b.w, b.h), colour)
                if sel:
                    d.rect(b.x - 2, b.y - lift - 2, b.w + 4, b.h + 4, stroke=INK, line_width=3, radius=8)
                elif i in self.recent_docks:  # refilled after the last opponent took from here
                    d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=ACCENT, line_width=3, radius=8)
                    d.rect(b.x + 2, b.y + 3, b.w - 4, 16, fill="#fff", stroke=ACCENT, line_width=1, radius=6)
                    d.text(b.x + b.w / 2, b.y + 11.5, fit_text(t("ny.new", lang), MIN_FONT, b.w - 6, True), font=font(bold=True),
                           colour=INK, align="center", baseline="middle")
                elif i in addable:
                    d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=LEGAL, line_width=3, radius=8)
            name = self.colour_name(colour) if colour else t("ny.empty", lang)
            label = t("ny.dock", lang, n=i + 1, card=name)
            enabled = mine and colour is not None and (sel or i in addable or i in starts or bool(self.sel_docks))
            targets.append(Target(f"dock-{i}", b.x, b.y, b.w, b.h, label, enabled=enabled,
                                  pressed=sel if mine else None, highlight=i in addable))

    def _draw_track(self, d: DrawList, view: dict[str, Any]) -> None:
        b = self.lay.track
        if b is None:  # upright phones: the summaries show the points
            return
        step = b.w / 13
        now = _now()
        for v in range(13):
            x = b.x + v * step
            d.rect(x + 1, b.y, step - 2, b.h, fill="#fffaf0" if v < 12 else "#f6dfa0", stroke="#b7a98c", line_width=1, radius=4)
            d.text(x + step / 2, b.y + 8, str(v), font=font(), colour=MUTED, align="center", baseline="middle")
        at: dict[int, list[int]] = {}
        for p, s in enumerate(view["scores"]):
            at.setdefault(min(12, s), []).append(p)
        flash = {f[1] for f in self.flashes if now - f[0] < FLASH_MS}
        for v, ps in at.items():
            gap = min(17.0, (step - 2) / len(ps))
            for k, p in enumerate(ps):
                cx = b.x + v * step + step / 2 + (k - (len(ps) - 1) / 2) * gap
                cy = b.y + 23
                fill = ACCENT if p in flash else ("#1f4e5f" if p == self.viewer else "#fff")
                d.circle(cx, cy, 8.5, fill=fill, stroke=INK, line_width=1.2)
                d.text(cx, cy + 0.5, str(p + 1), font=font(bold=True), colour="#fff" if fill == "#1f4e5f" else INK,
                       align="center", baseline="middle")

    def _mini_house(self, d: DrawList, x: float, y: float, s: float, house: dict[str, Any], recent: list[tuple[int, int]]) -> None:
        d.rect(x - 1, y - 1, 5 * s + 2, 9 * s + 2, fill=BOARD, stroke="#8f7f5f", line_width=1)
        for r in range(9):
            for c in range(5):
                cell = house["grid"][r][c]
                cx, cy = x + c * s, y + (8 - r) * s
                if cell:
                    self._cell(d, cx, cy, s, cell["colour"], cell["window"])
                elif (c, r) in COAT_SET:
                    self._shield(d, cx + s / 2, cy + s / 2 - 0.5, s * 0.3)
        for c, r in recent:
            d.rect(x + c * s, y + (8 - r) * s, s, s, stroke=ACCENT, line_width=2)

    def _draw_others(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        big = self.inspect if self.inspect is not None else self.viewer
        shown = [p for p in range(view["players"]) if p != big]
        b = self.lay.others
        if not b.w:
            return
        w = b.w / max(1, len(shown))
        for k, p in enumerate(shown):
            x = b.x + k * w
            d.rect(x + 1, b.y, w - 2, b.h, fill="#fffdf7", stroke="#cbbd9f", line_width=1, radius=8)
            you = " · " + t("ny.you", lang) if p == self.viewer and not isinstance(self.player_name(p), YouName) else ""
            name = f"{p + 1}. {self.player_name(p)}{you}"
            if self.lay.minis:  # a small house and four lines
                s = 9.5
                self._mini_house(d, x + 8, b.y + 7, s, view["houses"][p], self.recent_cells.get(p, []))
                tx = x + 8 + 5 * s + 8
                room = w - (tx - x) - 6
                lines = [(name, INK, True), (t("ny.points", lang, n=view["scores"][p]), INK, False),
                         (t("ny.cardcount", lang, n=view["hand_sizes"][p]), INK, False),
                         (t("ny.emptycount", lang, n=view["empty_spaces"][p]), MUTED, False)]
                for i, (text, colour, bold) in enumerate(lines):
                    d.text(tx, b.y + 20 + i * 21, fit_text(text, MIN_FONT, room, bold), font=font(bold=bold), colour=colour)
            else:  # one line of name, one of points and cards: tap to see the house
                room = w - 14
                d.text(x + 8, b.y + 19, fit_text(name, MIN_FONT, room, True), font=font(bold=True), colour=INK)
                line = t("ny.points", lang, n=view["scores"][p]) + " · " + t("ny.cardcount", lang, n=view["hand_sizes"][p])
                d.text(x + 8, b.y + 38, fit_text(line, MIN_FONT, room), font=font(), colour=INK)
            if view["to_move"] == p:
                d.rect(x + 1, b.y, w - 2, b.h, stroke=INK, line_width=2.5, radius=8)
            label = (t("ny.inspect.back", lang) if p == self.viewer else
                     t("ny.inspect.counted", lang, name=self.player_name(p), points=t("count.points", lang, count=view["scores"][p]),
                       cards=t("count.cards", lang, count=view["hand_sizes"][p])))
            targets.append(Target(f"player-{p}", x + 1, b.y, w - 2, b.h, label, pressed=False))

    def _draw_house(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        lay = self.lay
        owner = self.inspect if self.inspect is not None else self.viewer
        house = view["houses"][owner]
        hb = lay.house
        s = lay.cell
        title = t("ny.house.yours", lang) if owner == self.viewer else t("ny.house.of", lang, name=self.player_name(owner))
        d.text(hb.x, hb.y - 8, title, font="bold 13px sans-serif", colour=INK)
        d.rect(hb.x - 3, hb.y - 3, hb.w + 6, hb.h + 6, fill=BOARD, stroke="#8f7f5f", line_width=2, radius=4)
        rows_arms = coat_rows()
        for r in range(9):
            y = hb.y + (8 - r) * s
            if r in rows_arms:
                d.rect(hb.x, y, hb.w, s, fill="#efd98f")
                self._shield(d, hb.x - 12, y + s / 2 - 1, 5)
            else:
                d.text(hb.x - 12, y + s / 2, str(r + 1), font=font(), colour=MUTED, align="center", baseline="middle")
        for c in range(5):
            d.text(hb.x + c * s + s / 2, hb.y + hb.h + 14, str(c + 1), font=font(), colour=MUTED, align="center")
        for r in range(10):
            d.line(hb.x, hb.y + r * s, hb.x + hb.w, hb.y + r * s, "rgba(90,70,40,.35)", 1)
        for c in range(6):
            d.line(hb.x + c * s, hb.y, hb.x + c * s, hb.y + hb.h, "rgba(90,70,40,.35)", 1)
        for (c, r) in COAT_SET:
            if not house["grid"][r][c]:
                self._shield(d, hb.x + c * s + s / 2, hb.y + (8 - r) * s + s / 2 - 1, s * 0.28)
        for r in range(9):
            for c in range(5):
                cell = house["grid"][r][c]
                if cell:
                    self._cell(d, hb.x + c * s, hb.y + (8 - r) * s, s, cell["colour"], cell["window"])
        for c, r in self.recent_cells.get(owner, []):
            d.rect(hb.x + c * s + 1, hb.y + (8 - r) * s + 1, s - 2, s - 2, stroke=ACCENT, line_width=3)
        # rows and columns that just scored flash, with their points counting up
        now = _now()
        for start, p, line, index, points in self.flashes:
            if p != owner:
                continue
            k = min(1.0, (now - start) / (FLASH_MS * 0.6))
            if line == "row":
                box = Box(hb.x, hb.y + (8 - index) * s, hb.w, s)
            else:
                box = Box(hb.x + index * s, hb.y, s, hb.h)
            d.alpha(0.55 * (1 - k) + 0.2)
            d.rect(box.x, box.y, box.w, box.h, fill="#fff2a8")
            d.alpha(1)
            d.rect(box.x, box.y, box.w, box.h, stroke=ACCENT, line_width=3)
            d.text(box.x + box.w / 2, box.y + box.h / 2, f"+{max(1, round(points * k))}", font="bold 18px sans-serif",
                   colour=INK, align="center", baseline="middle")
        mine = self.is_my_turn() and owner == self.viewer
        phase = view["phase"]
        legal = self.legal() if mine else []
        fits: set[tuple[int, int]] = set()
        whites: set[tuple[int, int]] = set()
        if mine and phase == "arms":
            whites = {(a["col"], a["row"]) for a in legal if a.get("choice") == "white"}
            for c, r in whites:
                cx, cy = hb.x + c * s + s / 2, hb.y + (8 - r) * s + s / 2
                d.circle(cx, cy, s * 0.18, fill="#fff", stroke=LEGAL, line_width=2.5)
        if mine and self.tile is not None and self.show_fits:
            gx, gy = grip(self.tile, self.orient)
            for o, c, r in build_spots(legal, self.tile):
                if o == self.orient:
                    fits.add((c + gx, r + gy))
            for c, r in fits:
                cx, cy = hb.x + c * s + s / 2, hb.y + (8 - r) * s + s / 2
                d.circle(cx, cy, s * 0.2, fill=LEGAL, stroke="#fff", line_width=2)
        pending = view.get("pending")
        if pending and owner == view["seat"]:
            self._ghost(d, pending["tile"], pending["orient"], (pending["col"], pending["row"]), True)
        elif mine and self.tile is not None and self.anchor is not None:
            ok = ghost_problem(self.match.state, legal, self.tile, self.orient, self.anchor, lang) is None
            self._ghost(d, self.tile, self.orient, self.anchor, ok)
        building = mine and self.tile is not None
        # cells too small for a finger are no tap targets on the whole table: the player drags, or zooms in
        tappable = not (self._small and not lay.zoom)
        for r in range(8, -1, -1):
            for c in range(5):
                cell = house["grid"][r][c]
                what = (t("ny.cell.window" if cell["window"] else "ny.cell.brick", lang, colour=self.colour_name(cell["colour"]))
                        if cell else t("ny.cell.empty", lang))
                if (c, r) in COAT_SET:
                    what += ", " + t("ny.cell.arms", lang)
                if building:
                    label = t("ny.cell.put", lang, col=c + 1, row=r + 1, what=what)
                elif (c, r) in whites:
                    label = t("ny.cell.white", lang, col=c + 1, row=r + 1)
                else:
                    label = t("ny.cell", lang, col=c + 1, row=r + 1, what=what)
                targets.append(Target(f"cell-{c}-{r}", hb.x + c * s, hb.y + (8 - r) * s, s, s, label,
                                      enabled=tappable and (building or (c, r) in whites),
                                      highlight=(c, r) in fits or (c, r) in whites))

    def _ghost(self, d: DrawList, tile: str, orient: int, anchor: tuple[int, int], ok: bool) -> None:
        hb, s = self.lay.house, self.lay.cell
        colour = tile_colour(tile)
        edge = LEGAL if ok else WRONG
        d.save()
        d.clip(hb.x - 2 * s, hb.y - 2 * s, hb.w + 4 * s, hb.h + 4 * s)
        for c, r, window in tile_cells(tile, orient, anchor):
            x, y = hb.x + c * s, hb.y + (8 - r) * s
            d.alpha(0.8)
            self._cell(d, x, y, s, colour, window)
            d.alpha(1)
            d.rect(x + 1.5, y + 1.5, s - 3, s - 3, stroke=edge, line_width=3.5)
            if not ok:
                d.line(x + 6, y + 6, x + s - 6, y + s - 6, WRONG, 2.5)
                d.line(x + s - 6, y + 6, x + 6, y + s - 6, WRONG, 2.5)
        d.restore()

    def _draw_held(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        """Beside the zoomed house: the tile in hand, in the way round it will go, to drag onto the house."""
        hb = self.lay.held
        if hb is None or self.tile is None or not self.is_my_turn():
            return
        lang = self.lang
        d.text(hb.x, hb.y - 8, fit_text(t("ny.held.title", lang), MIN_FONT, hb.w, True), font=font(bold=True), colour=INK)
        d.rect(hb.x, hb.y, hb.w, hb.h, fill="#fffdf7", stroke=INK, line_width=2, radius=8)
        cells = tile_orientations(self.tile)[self.orient]
        cols = max(x for x, _, _ in cells) + 1
        rows = max(y for _, y, _ in cells) + 1
        s = min((hb.w - 12) / cols, (hb.h - 12) / rows, 30.0)
        x0 = hb.x + (hb.w - cols * s) / 2
        y0 = hb.y + (hb.h - rows * s) / 2
        colour = tile_colour(self.tile)
        for x, y, window in cells:
            self._cell(d, x0 + x * s, y0 + (rows - 1 - y) * s, s, colour, window)
        targets.append(Target("held", hb.x, hb.y, hb.w, hb.h, t("ny.held", lang, tile=self.tile_name(self.tile))))

    def _draw_lifted(self, d: DrawList) -> None:
        """While a finger drags a tile over small cells: the tile drawn large above the finger, so it is not hidden
        under it (green where it may go, red where it may not)."""
        if self.finger is None or self.tile is None or self.anchor is None or not self.dragging:
            return
        fx, fy = self.finger
        s = max(46.0, self.lay.cell * 1.7)
        cells = tile_orientations(self.tile)[self.orient]
        gx, gy = grip(self.tile, self.orient)
        cols = max(x for x, _, _ in cells) + 1
        rows = max(y for _, y, _ in cells) + 1
        # the grip cell's lower edge most of a cell above the finger, the whole tile inside the board
        left = min(max(fx - (gx + 0.5) * s, 4.0), self.lay.width - 4 - cols * s)
        top = max(4.0, fy - 0.8 * s - (rows - gy) * s)
        ok = ghost_problem(self.match.state, self.legal(), self.tile, self.orient, self.anchor, self.lang) is None
        edge = LEGAL if ok else WRONG
        colour = tile_colour(self.tile)
        d.rect(left - 6, top - 6, cols * s + 12, rows * s + 12, fill="rgba(255,253,247,.85)", stroke=edge, line_width=3, radius=8)
        for x, y, window in cells:
            self._cell(d, left + x * s, top + (rows - 1 - y) * s, s, colour, window)

    def _draw_supply(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        lay = self.lay
        sb = lay.supply
        if not sb.w:  # the zoomed house is where the supply was: the tile in hand is beside it
            return
        d.text(sb.x, sb.y - 8, t("ny.supply", lang), font="bold 13px sans-serif", colour=INK)
        mine = self.is_my_turn() and view["phase"] in ("turn", "build")
        can = buildable_tiles(self.legal()) if mine else set()
        hand = view["hand"]
        discount = view["abilities"][self.viewer].get("construction_discount") == "active"
        for ci, colour in enumerate(COLOURS):
            for size in SIZES:
                tile = f"{colour}{size}"
                b = lay.stack_box(ci, size)
                left = int(view["stacks"].get(tile, 0))
                ok = tile in can
                if left == 0:
                    d.rect(b.x, b.y, b.w, b.h, fill="#efe6d2", stroke="#b7a98c", line_width=1, radius=5)
                    d.text(b.x + b.w / 2, b.y + b.h / 2, "–", font="14px sans-serif", colour=MUTED, align="center", baseline="middle")
                else:
                    if mine and not ok:
                        d.alpha(0.45)
                    d.rect(b.x, b.y, b.w, b.h, fill=FILL[colour], stroke=DARK[colour], line_width=1.5, radius=5)
                    if self.app.patterns:
                        d.pattern(b.x, b.y, b.w, b.h, PATTERN[colour], colour="rgba(255,255,255,.5)", radius=5)
                    self._glyph(d, b.x + 8, b.y + 8, 4.5, colour)
                    d.rect(b.x + b.w / 2 - 9, b.y + b.h / 2 - 9, 18, 18, fill="rgba(255,255,255,.88)", radius=4)
                    d.text(b.x + b.w / 2, b.y + b.h / 2 + 0.5, str(size), font="bold 15px sans-serif", colour=INK,
                           align="center", baseline="middle")
                    d.text(b.x + b.w - 3, b.y + b.h - 3, f"×{left}", font=font(bold=True),
                           colour="#fff" if colour != "yellow" else INK, align="right")
                    d.alpha(1)
                if self.tile == tile:
                    d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=INK, line_width=3, radius=7)
                price = tile_price(tile, False, False)
                label = t("ny.stack", lang, colour=self.colour_name(colour), size=size, left=left, price=price,
                          touching=price - 1, have=hand.get(colour, 0))
                if discount:
                    label += " " + t("ny.stack.discount", lang)
                targets.append(Target(f"stack-{tile}", b.x, b.y, b.w, b.h, label, enabled=mine and left > 0,
                                      pressed=(self.tile == tile) if mine else None, highlight=ok))
        wb = lay.stack_box(5, 0)
        white = int(view["stacks"].get("white", 0))
        d.rect(wb.x, wb.y, wb.w, wb.h, fill=FILL["white"], stroke=DARK["white"], line_width=1.5, radius=5)
        d.text(wb.x + wb.w / 2, wb.y + wb.h / 2, t("ny.whites", lang, n=white), font=font(bold=True), colour=INK,
               align="center", baseline="middle")

    def _draw_hand(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        hb = self.lay.hand
        hand = view["hand"]
        total = sum(hand.values())
        d.text(hb.x, hb.y - 6, t("ny.hand", lang, n=total), font="bold 13px sans-serif", colour=WRONG if total > 7 else INK)
        discard = self.is_my_turn() and view["phase"] == "discard"
        w = (hb.w - 4 * 6) / 5
        for i, colour in enumerate(COLOURS):
            b = Box(hb.x + i * (w + 6), hb.y, w, hb.h - 4)
            n = hand.get(colour, 0)
            if n:
                self._card(d, b, colour)
                d.rect(b.x + b.w - 24, b.y + 3, 21, 18, fill="#fff", stroke=DARK[colour], radius=4)
                d.text(b.x + b.w - 13.5, b.y + 12.5, str(n), font="bold 13px sans-serif", colour=INK, align="center", baseline="middle")
            else:
                d.rect(b.x, b.y, b.w, b.h, fill="#f3ecdc", stroke="#cbbd9f", line_width=1, radius=6)
                self._glyph(d, b.x + b.w / 2, b.y + b.h / 2, min(b.w, b.h) * 0.16, colour, fill="#f3ecdc")
                d.text(b.x + b.w - 8, b.y + 15, "0", font=font(), colour=MUTED, align="center")
            if discard and n:
                d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=LEGAL, line_width=2.5, radius=8)
            label = (t("ny.hand.discard", lang, colour=self.colour_name(colour), n=n) if discard else
                     t("ny.hand.card", lang, colour=self.colour_name(colour), n=n))
            targets.append(Target(f"hand-{colour}", b.x, b.y, b.w, b.h, label, enabled=discard and n > 0, highlight=discard and n > 0))

    def _draw_abilities(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        """The shown house's owner's five ability cards; dots in the corner count those still in the supply."""
        lang = self.lang
        ab = self.lay.abilities
        if not ab.w:
            return
        owner = self.inspect if self.inspect is not None else self.viewer
        owned = view["abilities"][owner]
        supply = view["ability_supply"]
        w = (ab.w - 4 * 5) / 5
        for i, name in enumerate(ABILITIES):
            b = Box(ab.x + i * (w + 5), ab.y, w, ab.h)
            side = owned.get(name)
            fill = "#fff3cf" if side == "active" else ("#e8e0cc" if side == "used" else "#f6f1e6")
            d.rect(b.x, b.y, b.w, b.h, fill=fill, stroke="#8f7f5f" if side else "#d5cab4", line_width=1.5 if side == "active" else 1, radius=6)
            colour = INK if side == "active" else MUTED
            words = t(f"ny.abs.{name}", lang)
            lines = [words] if len(words) * MIN_FONT * 0.6 <= b.w - 6 else words.split(" ", 1)
            lines = [fit_text(line, MIN_FONT, b.w - 6) for line in lines]
            state = t(f"ny.side.{side}" if side else "ny.side.none", lang)
            if side:  # ready or used, under the name
                lines.append(fit_text(state, MIN_FONT, b.w - 6))
            top = b.y + b.h / 2 - (len(lines) - 1) * 7
            for k, line in enumerate(lines):
                d.text(b.x + b.w / 2, top + k * 14, line, font=font(bold=k == 0 or (k == 1 and not side and len(lines) == 2)),
                       colour=colour, align="center", baseline="middle")
            for k in range(min(4, int(supply.get(name, 0)))):
                d.circle(b.x + b.w - 5 - k * 6, b.y + 5, 2.2, fill="#8f7f5f")
            if side == "used":
                d.line(b.x + 6, b.y + b.h - 6, b.x + b.w - 6, b.y + 6, MUTED, 1.2)
            left = int(supply.get(name, 0))
            label = t("ny.ability", lang, name=t(f"ny.ab.{name}", lang), side=state) + f" ({left} {t('ny.abilities.left', lang)})"
            targets.append(Target(f"ability-{name}", b.x, b.y, b.w, b.h, label))

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
        out = []
        for p, (name, score, _) in enumerate(rows):
            detail: dict[str, Any] = {t("ny.end.place", lang): places[p], t("ny.end.rows", lang): parts[p]["rows"],
                                      t("ny.end.columns", lang): parts[p]["columns"], t("ny.end.empty", lang): empty[p]}
            tied = [q for q in range(len(scores)) if scores[q] == scores[p] and q != p]
            if tied and reason == "end_card":
                detail[t("ny.end.tie", lang)] = t("ny.end.tie.how", lang) if len(winners) == 1 or p not in winners else t("ny.end.tie.shared", lang)
            if p in winners:
                detail[t("ny.end.why", lang)] = t("ny.end.by12" if reason == "points" else "ny.end.bycard", lang)
            out.append((name, score, detail))
        return out


SCREEN = NyhavnScreen
