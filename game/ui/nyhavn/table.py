"""Nyhavn's table as pure Python: what it draws and what a tap, a drag or a button of the bar means.

:class:`Table` keeps the player's half-made choice (:class:`~.drawing.Pick`),
the house shown large and the last moves' marks. Given a :class:`~.drawing.Seen`
(the view, the legal actions, whose turn it is), :meth:`Table.paint` gives the
:class:`~game.ui.canvas.Frame` (the drawing, the tappable
:class:`~game.ui.canvas.Target` list, its size and places), :meth:`Table.bar`
the prompt and the buttons under the table, and :meth:`Table.tap`,
:meth:`Table.command` and :meth:`Table.pointer` say what an input means as an
:class:`Outcome` (an action for the engine, a toast, a redraw). Nothing here
touches the browser, so it is tested under CPython; :mod:`.screen` wires it to
the page.

Target keys: ``dock-<i>``, ``stack-<tile>``, ``cell-<col>-<row>``, ``hand-<colour>``,
``ability-<name>``, ``player-<seat>``, ``held``. Bar commands: ``rotate``,
``flip``, ``fits``, ``place``, ``zoom``, ``cancel``, ``both``, ``take``, ``pass``,
``end``, ``discard-<colour>``, ``pay-<k>``, ``white``, ``ability-<name>``, ``refresh``.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Callable

from ...core.locale import text
from ..canvas import FINGER_PX, LANDSCAPE_UP_TO, DrawList, Frame, Outcome, Target
from .drawing import Pick, Seen, TableDrawing
from .layout import (
    SIZES, Box, Layout, anchor_for, build_spots, buildable_tiles, cells_too_small, ghost_problem, grip, layout, take_choice,
    tile_cells, tile_colour, tile_price, turned, zoom_layout, zoomed_house_fits,
)
from .look import COLOURS, FLASH_MS, PAPER
from .help import ability_help
from .speech import count_words, first_fit, shape_words

Action = dict[str, Any]

#: CSS width from which the table uses the two-column layout (with a mouse): its smallest text (13 of its 784
#: units) is 12 px from here; narrower, the upright table (a 1024×768 window with the log beside the table, say)
WIDE_FROM = math.ceil(12 * 784 / 13)
#: the same by touch: the wide table's smallest buttons (the supply's 47-unit stacks) are a finger wide from here
WIDE_FROM_TOUCH = math.ceil(FINGER_PX * 784 / 47)
#: the least table width (CSS px, with the 140-px bar beside it) at which the landscape table's 48-unit buttons
#: (of its 740 units) are a finger wide; a narrower phone on its side (667×375, 640×360) gets the upright table
#: beside the bar (``side``) instead, and the page scrolls
LANDSCAPE_TOUCH_FROM = math.ceil(FINGER_PX * 740 / 48) + 140


@dataclass
class Drag:
    """What a pointer event asks of the screen while a tile is dragged."""

    capture: bool = False  #: capture the pointer (a drag starts)
    render: bool = False  #: draw again
    prevent: bool = False  #: the page must not scroll for this move
    ended: bool = False  #: a drag that moved the tile ended: the click that follows is not a tap


def shape_for(width: float, vw: float, vh: float, coarse: bool) -> str:
    """The layout for a table ``width`` CSS px wide in a ``vw``×``vh`` window (``coarse``: by touch):
    ``landscape`` (a phone on its side), ``wide``, ``narrow`` or ``side``."""
    if vh <= LANDSCAPE_UP_TO and vw > vh:
        return "landscape" if width >= LANDSCAPE_TOUCH_FROM or not coarse else "side"
    if width >= (WIDE_FROM_TOUCH if coarse else WIDE_FROM):
        return "wide"
    # wider than tall but too narrow for the wide table (640×560, say): the upright table beside the bar
    return "side" if vw > vh else "narrow"


def places(lay: Layout) -> dict[str, tuple[float, float, float, float]]:
    """The named parts of the table in ``lay`` as ``(x, y, w, h)``: each dock (``dock-<i>``), ``others``, ``house``,
    ``supply``, ``hand`` and ``abilities``; ``track`` and ``held`` (the tile in hand beside the zoomed house) where shown."""
    parts: dict[str, Box | None] = {f"dock-{i}": box for i, box in enumerate(lay.docks)}
    parts.update(track=lay.track, others=lay.others, house=lay.house, supply=lay.supply, hand=lay.hand,
                 abilities=lay.abilities, held=lay.held)
    return {name: (b.x, b.y, b.w, b.h) for name, b in parts.items() if b is not None}


class Table(TableDrawing):
    """The Nyhavn table of one screen: tap docks to take cards, pick a tile and place it by drag or tap."""

    def __init__(self, lang: str, names: list[str], players: int, describe: Callable[[Action], str]) -> None:
        super().__init__(lang, names, layout("narrow", players))
        self.players = players
        self.describe = describe  #: an action in words (the pay buttons)
        self.message: tuple[str, str] = ("", "")  #: the prompt's kind ("good", "bad" or "") and text, when set
        self.drag_moved = False  #: a drag moved the tile: the click that ends it is not a tap
        self.commands: dict[str, Callable[[], Outcome]] = {}  #: the bar's buttons as last shown
        #: words for a screen reader after the last input (the tile picked, rotated or flipped), taken by the screen
        self.said = ""
        self._layouts: dict[tuple[Any, ...], Layout] = {}
        self._shape: tuple[tuple[float, float, float, bool], str] = ((-1.0, 0.0, 0.0, False), "narrow")

    # ------------------------------------------------------------------ the last moves
    def record(self, events: list[dict[str, Any]], viewer: int | None, now: float) -> bool:
        """Mark what new log events changed for ``viewer`` (scored lines flash; the other players' cells and
        docks are marked); True when a flash is running."""
        for e in events:
            kind = e.get("type")
            if kind == "score":
                self.flashes.append((now, e["player"], e["line"], e["index"], e["points"]))
            elif kind == "build" or (kind == "arms" and e.get("choice") == "white"):
                p = e["player"]
                if p != viewer:
                    cells = [tuple(c) for c in e["cells"]] if "cells" in e else [(e["col"], e["row"])]
                    self.recent_cells.setdefault(p, []).extend(cells)
            elif kind == "take" and e.get("player") != viewer:
                self.recent_docks = list(e["docks"])
            elif kind == "turn" and e.get("player") != viewer:
                self.recent_cells.clear()  # a new opponent turn: mark only what it does
                self.recent_docks = []
        return bool(self.flashes)

    def expire(self, now: float) -> bool:
        """Drop the flashes that are over; True while one still runs."""
        self.flashes = [f for f in self.flashes if now - f[0] < FLASH_MS]
        return bool(self.flashes)

    # ------------------------------------------------------------------ the choice around an action
    def keep(self) -> tuple[Any, ...]:
        """The choice as it is, before an action clears it (:meth:`restore` puts it back if refused)."""
        return dataclasses.replace(self.pick, docks=self.pick.docks[:]), self.message, self.recent_docks

    def clear(self) -> None:
        """An action is applied: forget the choice, the prompt and the last opponent's docks."""
        self.pick.reset()
        self.message, self.recent_docks = ("", ""), []

    def restore(self, kept: tuple[Any, ...]) -> None:
        """Put back the choice :meth:`keep` saw (a refused action), not dragging."""
        pick, self.message, self.recent_docks = kept
        for f in dataclasses.fields(Pick):  # the same object: the screen and the tests hold it
            setattr(self.pick, f.name, getattr(pick, f.name))
        self.pick.dragging, self.pick.finger = False, None

    # ------------------------------------------------------------------ layout
    def shape(self, width: float, vw: float, vh: float, coarse: bool) -> str:
        """:func:`shape_for`, decided again only when the table's width or the window's size changed (a resize, a
        rotation, or only the height: a phone on its side whose browser bar hides, a window made taller)."""
        if (width, vw, vh, coarse) != self._shape[0]:
            self._shape = ((width, vw, vh, coarse), shape_for(width, vw, vh, coarse))
        return self._shape[1]

    def layout_for(self, mode: str, seen: Seen, vw: float, vh: float, coarse: bool, css: float, replaying: bool) -> Layout:
        """The layout of ``mode``, zoomed on the house while the player places a tile (or a white tile) on a screen
        whose house cells are too small for a finger, unless the player asked for the whole table."""
        self.seen = seen
        if self.inspect is not None and self.inspect >= seen.view["players"]:
            self.inspect = None
        base = self._layouts.get((mode,))
        if base is None:
            base = self._layouts[(mode,)] = layout(mode, self.players)
        if not self.lay.zoom or self.lay.mode != mode:
            # decided on the unzoomed table (the zoomed one may be shown at another width)
            self.small = cells_too_small(base, css, coarse)
        whole = self.pick.whole_table
        if whole is None:
            # the coat-of-arms choice (a white tile or another reward) starts on the whole table where the zoomed house
            # would be taller than the window (a phone on its side): White tile or the zoom button zooms in
            whole = seen.view["phase"] == "arms" and not zoomed_house_fits(vh)
        if not (self.small and not whole and not replaying and self.placing()):
            return base
        # keyed by the board's width too: the zoomed board is not shrunk to the window's height (see the screen), so
        # its cells follow the width it really gets from the next frame on (and settle: 48 units suit every width)
        key = (mode, "zoom", vw, vh, coarse, round(css))
        zoomed = self._layouts.get(key)
        if zoomed is None:
            zoomed = self._layouts[key] = zoom_layout(mode, self.players, css)
        return zoomed

    def placing(self) -> bool:
        """Whether the player is choosing a place in their house now: a tile in hand, or a white tile to put."""
        if not self.seen.mine or self.inspect not in (None, self.viewer):
            return False
        phase = self.seen.view["phase"]
        if phase in ("turn", "build"):
            return self.pick.tile is not None
        return phase == "arms" and any(a.get("choice") == "white" for a in self.seen.legal)

    # ------------------------------------------------------------------ drawing
    def paint(self, seen: Seen, patterns: bool = True, now: float = 0.0) -> Frame:
        """The table at ``seen`` in the current layout: the drawing, its buttons, its size and its places (:func:`places`).
        What the table asks of the player is the bar's prompt (:meth:`bar`, beside the buttons it names), so the frame's
        own prompt stays empty."""
        self.seen, self.patterns, self.now = seen, patterns, now
        view = seen.view
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
        return Frame(d, targets, self.lay.width, self.lay.height, places(self.lay))

    # ------------------------------------------------------------------ taps
    def tap(self, key: str, seen: Seen) -> Outcome:
        """What tapping the target ``key`` means now."""
        self.seen = seen
        if self.drag_moved:  # the click that ends a drag is not a tap
            self.drag_moved = False
            return Outcome()
        kind, _, rest = key.partition("-")
        view = seen.view
        if kind == "ability":
            name = rest
            return Outcome(message=f"{text('ny.ab.' + name, self.lang)}: {ability_help(name, self.lang)}")
        if kind == "player":
            p = int(rest)
            self.inspect = None if p == seen.viewer else p
            return Outcome(render=True)
        if not seen.mine:
            return Outcome()
        phase = view["phase"]
        pick = self.pick
        if kind == "held":
            self.message = ("", text("ny.place.hint", self.lang))
            return Outcome(render=True)
        if kind == "dock" and phase == "turn":
            d = int(rest)
            if d in pick.docks:
                pick.docks.remove(d)
            else:
                pick.tile, pick.anchor = None, None
                _, addable, _ = take_choice(seen.legal, pick.docks, pick.both)
                if d not in addable:
                    _, fresh, _ = take_choice(seen.legal, [d], pick.both)
                    pick.docks = [d] if fresh else []
                    if not fresh:
                        self._refuse(text("ny.dock.cannot", self.lang))
                else:
                    pick.docks.append(d)
            return Outcome(action=self._maybe_take(), render=True)
        if kind == "stack" and phase in ("turn", "build"):
            tile = rest
            if pick.tile == tile:
                pick.tile, pick.anchor = None, None
            elif tile in buildable_tiles(seen.legal):
                pick.tile, pick.orient, pick.anchor, pick.docks = tile, self._first_orient(tile), None, []
                self.inspect = None  # a tile goes into the player's own house: show it
                self.message = ("", text("ny.place.hint", self.lang))
                self.said = self._tile_words("ny.kb.held")
            else:
                self._refuse(self._why_not_stack(view, tile))
            return Outcome(render=True)
        if kind == "cell":
            col, row = (int(v) for v in rest.split("-"))
            if phase == "arms":
                action = {"type": "arms", "choice": "white", "col": col, "row": row}
                if action in seen.legal:
                    return Outcome(action=action)
                self._refuse(text("ny.white.where", self.lang))
                return Outcome(render=True)
            if pick.tile is not None:
                pick.anchor = anchor_for(pick.tile, pick.orient, col, row)
                self._update_ghost_message()
                return Outcome(render=True)
            return Outcome()
        if kind == "hand" and phase == "discard":
            return Outcome(action={"type": "discard", "colour": rest})
        return Outcome()

    def _refuse(self, words: str) -> None:
        """A tap refused: the prompt says why, and so does the live region, every time (the prompt's text may be
        the same as before, which a screen reader would not say again)."""
        self.message = ("bad", words)
        self.said = words

    def _first_orient(self, tile: str) -> int:
        spots = sorted(build_spots(self.seen.legal, tile))
        return spots[0][0] if spots else 0

    def _why_not_stack(self, view: dict[str, Any], tile: str) -> str:
        if view["phase"] not in ("turn", "build"):
            return text("ny.stack.notnow", self.lang)
        if not view["stacks"].get(tile):
            return text("ny.stack.empty", self.lang)
        return text("ny.stack.cannot", self.lang, colour=self.colour_name(tile_colour(tile)), size=tile[-1])

    def _maybe_take(self) -> Action | None:
        """The take the chosen docks make when no bigger choice is possible (else the prompt says what next)."""
        action, addable, more = take_choice(self.seen.legal, self.pick.docks, self.pick.both)
        if action is not None and not more:
            return action
        if action is not None:
            self.message = ("good", text("ny.take.more", self.lang))
        elif self.pick.docks:
            self.message = ("", text("ny.take.second", self.lang))
        return None

    def _update_ghost_message(self) -> None:
        pick = self.pick
        if pick.tile is None or pick.anchor is None:
            return
        problem = ghost_problem(self.seen.state, self.seen.legal, pick.tile, pick.orient, pick.anchor, self.lang)
        if problem:
            self.message = ("bad", problem)
        else:
            self.message = ("good", text("ny.place.ok", self.lang, price=self._price_words(pick.tile, pick.anchor)))

    def _price_words(self, tile: str, anchor: tuple[int, int]) -> str:
        view = self.seen.view
        touching = self._touching(view, tile, anchor)
        discount = view["abilities"][self.viewer].get("construction_discount") == "active"
        price = tile_price(tile, touching, False)
        words = text("ny.cards", self.lang, n=price, colour=self.colour_name(tile_colour(tile)))
        if touching:
            words += " · " + text("ny.touching", self.lang)
        if discount and price:
            words += " · " + text("ny.discount.can", self.lang, n=price - 1)
        return words

    def _touching(self, view: dict[str, Any], tile: str, anchor: tuple[int, int]) -> bool:
        mask = view["houses"][self.viewer]["colours"][tile_colour(tile)]
        for c, r, _ in tile_cells(tile, self.pick.orient, anchor):
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                x, y = c + dc, r + dr
                if 0 <= x < 5 and 0 <= y < 9 and mask >> (y * 5 + x) & 1:
                    return True
        return False

    # ------------------------------------------------------------------ dragging
    def pointer(self, kind: str, x: float, y: float, seen: Seen) -> Drag:
        """A pointer event at ``(x, y)`` (table units): drag a chosen tile over the house, the ghost following the
        finger or the mouse. ``kind``: ``pointerdown``, ``pointermove``, ``pointerup`` or ``pointercancel``."""
        self.seen = seen
        pick = self.pick
        if pick.tile is None or not seen.mine:
            return Drag()
        inside = self.lay.house.contains(x, y)
        if kind == "pointerdown":
            stack = self._stack_at(x, y)
            held = self.lay.held is not None and self.lay.held.contains(x, y)
            if inside or held or stack == pick.tile:
                pick.dragging = True
                self.drag_moved = False
                return Drag(capture=True)
            return Drag()
        if not pick.dragging:
            return Drag()
        if kind == "pointermove":
            if not inside and not self.drag_moved:
                return Drag()
            col, row = self.lay.nearest_cell(x, y)
            anchor = anchor_for(pick.tile, pick.orient, col, row)
            lifted = self.small and not self.lay.zoom  # small cells: the tile is also drawn large above the finger
            if lifted:
                pick.finger = (x, y)
            out = Drag(prevent=True)
            if anchor != pick.anchor or not self.drag_moved or lifted:
                self.drag_moved = True
                if anchor != pick.anchor:
                    pick.anchor = anchor
                    self._update_ghost_message()
                out.render = True
            return out
        # up or cancel: the ghost stays where it was dropped
        pick.dragging = False
        out = Drag()
        if pick.finger is not None:
            pick.finger = None
            out.render = True
        out.ended = self.drag_moved
        return out

    def _stack_at(self, x: float, y: float) -> str | None:
        for ci, colour in enumerate(COLOURS):
            for size in SIZES:
                if self.lay.stack_box(ci, size).contains(x, y):
                    return f"{colour}{size}"
        return None

    # ------------------------------------------------------------------ the bar of buttons
    def command(self, cmd: str, seen: Seen) -> Outcome | None:
        """What the bar's button ``cmd`` (as last shown by :meth:`bar`) means now; None when it is not shown."""
        self.seen = seen
        fn = self.commands.get(cmd)
        return fn() if fn is not None else None

    def bar(self, seen: Seen, status: str) -> tuple[str, str, list[tuple[Any, ...]]]:
        """The prompt under the table (its text and kind) and the buttons of the moment, each ``(attributes,
        label)``; ``status`` is the prompt while another seat is to act. Remembers the buttons' commands."""
        self.seen = seen
        kind, prompt = self.message
        specs: list[tuple[Any, ...]] = []
        self.commands = {}

        def add(cmd: str, label: str, fn: Callable[[], Outcome], primary: bool = False, pressed: bool | None = None,
                disabled: bool = False, icon: str | None = None) -> None:
            self.commands[cmd] = fn
            attrs: dict[str, Any] = {"type": "button", "data-cmd": cmd, "id": f"ny-{cmd}",
                                     "class": "primary" if primary else ("icon" if icon else None), "disabled": disabled}
            if icon:  # a square button showing only its sign; its name in words for a screen reader and on hover
                attrs["aria-label"] = attrs["title"] = label
                label = icon
            if pressed is not None:
                attrs["aria-pressed"] = "true" if pressed else "false"
            specs.append((tuple(attrs.items()), label))

        def acting(action: Action) -> Callable[[], Outcome]:
            return lambda: Outcome(action=action)

        if not seen.mine:
            return (prompt or status), kind, specs
        legal = seen.legal
        view = seen.view
        phase = view["phase"]
        lang = self.lang
        pick = self.pick
        if phase in ("turn", "build") and pick.tile is not None:
            # beside the zoomed house the bar must leave every row in view: Rotate and Flip as their signs alone
            compact = self.lay.zoom
            add("rotate", text("ny.rotate", lang), lambda: self._turn("rotate"), icon="⟳" if compact else None)
            add("flip", text("ny.flip", lang), lambda: self._turn("flip"), icon="⇋" if compact else None)
            ok = pick.anchor is not None and ghost_problem(seen.state, legal, pick.tile, pick.orient, pick.anchor, lang) is None
            if compact:  # two rows in every language: Place and Cancel beside the signs, then the two toggles
                add("place", text("ny.place", lang), self._place, primary=True, disabled=not ok)
                add("cancel", text("ny.cancel", lang), self._cancel)
                add("fits", text("ny.fits", lang), self._toggle_fits, pressed=pick.show_fits)
                self._add_zoom(add)
            else:
                add("fits", text("ny.fits", lang), self._toggle_fits, pressed=pick.show_fits)
                add("place", text("ny.place", lang), self._place, primary=True, disabled=not ok)
                self._add_zoom(add)
                add("cancel", text("ny.cancel", lang), self._cancel)
            return prompt, kind, specs
        if phase == "turn":
            if not prompt:
                prompt = text("ny.hint.turn", lang)
            if any("both_actions" in a.get("abilities", ()) for a in legal if a["type"] == "take"):
                add("both", text("ny.both", lang), self._toggle_both, pressed=pick.both)
            action, _, more = take_choice(legal, pick.docks, pick.both)
            if action is not None and more:
                add("take", text("ny.take", lang, n=len(pick.docks)), acting(action), primary=True)
            if pick.docks:
                add("cancel", text("ny.cancel", lang), self._cancel)
            if legal == [{"type": "pass"}]:
                add("pass", text("ny.pass", lang), acting({"type": "pass"}), primary=True)
        elif phase == "build":
            if not prompt:
                prompt = text("ny.hint.build", lang)
            add("end", text("ny.endturn", lang), acting({"type": "end_turn"}))
        elif phase == "discard":
            total = sum(view["hand"].values())
            prompt = text("ny.hint.discard", lang, n=total - 7)
            for colour in COLOURS:
                if view["hand"].get(colour):
                    add(f"discard-{colour}", text("ny.discard", lang, colour=self.colour_name(colour), n=view["hand"][colour]),
                        acting({"type": "discard", "colour": colour}))
        elif phase == "pay":
            prompt = text("ny.hint.pay", lang)
            for i, action in enumerate(legal):
                add(f"pay-{i}", self.describe(action), acting(action), primary=i == 0)
        elif phase == "arms":
            prompt = text("ny.hint.arms", lang, n=view["arms_pending"]) + (" " + prompt if prompt else "")
            whites = [a for a in legal if a.get("choice") == "white"]
            if whites:
                add("white", text("ny.arms.white", lang, n=len(whites)), self._white_hint)
                self._add_zoom(add)
            for action in legal:
                if action.get("choice") == "ability":
                    name = action["ability"]
                    add(f"ability-{name}", text("ny.arms.ability", lang, name=text("ny.ab." + name, lang)), acting(action))
                elif action.get("choice") == "refresh":
                    add("refresh", text("ny.arms.refresh", lang), acting(action))
        return prompt, kind, specs

    def _add_zoom(self, add: Any) -> None:
        """The zoom toggle, where the house's cells are too small for a finger: the house large, or the whole table."""
        if self.small:
            zoomed = self.lay.zoom
            add("zoom", text("ny.zoom.out" if zoomed else "ny.zoom.in", self.lang), self._toggle_zoom, pressed=zoomed)

    def _toggle_zoom(self) -> Outcome:
        self.pick.whole_table = self.lay.zoom  # the other of what is shown
        return Outcome(render=True)

    def _turn(self, how: str) -> Outcome:
        pick = self.pick
        if pick.tile is None:
            return Outcome()
        grip_cell = None
        if pick.anchor is not None:
            gx, gy = grip(pick.tile, pick.orient)
            grip_cell = (pick.anchor[0] + gx, pick.anchor[1] + gy)
        pick.orient = turned(pick.tile, pick.orient, how)
        self.said = self._tile_words(f"ny.kb.{how}")
        if grip_cell is not None:
            pick.anchor = anchor_for(pick.tile, pick.orient, *grip_cell)
            self._update_ghost_message()
            self.said += " " + self.message[1]
        return Outcome(render=True)

    def _tile_words(self, key: str) -> str:
        """The tile in hand in words (``key``: picked, rotated or flipped): its shape this way round and in how many
        places it fits so."""
        tile, orient, lang = self.pick.tile or "", self.pick.orient, self.lang
        return text(key, lang, tile=self.tile_name(tile), shape=shape_words(tile, orient, lang),
                    fits=count_words(self.seen.legal, tile, orient, lang))

    def fits_some_way(self, col: int, row: int) -> bool:
        """Whether the tile in hand, some way round, fits with its grip on ``(col, row)``."""
        tile = self.pick.tile
        return tile is not None and any((o, *anchor_for(tile, o, col, row)) == (o, c, r)
                                        for o, c, r in build_spots(self.seen.legal, tile))

    def first_fit(self) -> tuple[int, int] | None:
        """The cell to put the tile in hand's grip on where it first fits this way round (lowest, then leftmost)."""
        return first_fit(self.seen.legal, self.pick.tile, self.pick.orient) if self.pick.tile is not None else None

    def _toggle_fits(self) -> Outcome:
        pick = self.pick
        pick.show_fits = not pick.show_fits
        if pick.show_fits and pick.tile is not None:
            n = sum(1 for o, _, _ in build_spots(self.seen.legal, pick.tile) if o == pick.orient)
            self.message = ("good" if n else "bad", text("ny.fits.count", self.lang, n=n) if n else text("ny.fits.none", self.lang))
        return Outcome(render=True)

    def _toggle_both(self) -> Outcome:
        self.pick.both = not self.pick.both
        return Outcome(action=self._maybe_take(), render=True)

    def _place(self) -> Outcome:
        pick = self.pick
        if pick.tile is None or pick.anchor is None:
            return Outcome()
        col, row = pick.anchor
        return Outcome(action={"type": "build", "tile": pick.tile, "orient": pick.orient, "col": col, "row": row})

    def _cancel(self) -> Outcome:
        self.pick.reset()
        self.message = ("", "")
        return Outcome(render=True)

    def _white_hint(self) -> Outcome:
        self.message = ("good", text("ny.white.tap", self.lang))
        if self.small:  # the white tile goes on a cell: the house large enough to tap one
            self.pick.whole_table = False
        return Outcome(render=True)
