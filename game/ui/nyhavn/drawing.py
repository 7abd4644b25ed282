"""Drawing Nyhavn's table, part by part: the harbour, the score track, the other players, the house, the
tile supply, the hand, the abilities, and the tile in hand (pure Python, tested under CPython).

:class:`TableDrawing` holds what a frame shows besides the view (the player's
half-made choice, the house shown large, the last moves' marks); :class:`.table.Table`
adds what taps and drags mean.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core import PUBLIC_SEAT
from ...core.locale import YouName, text
from ..canvas import MIN_FONT, DrawList, Target, fit_text, text_width
from .layout import (
    COAT_SET, DARK, FILL, PATTERN, SIZES, Box, Layout, build_spots, buildable_tiles, coat_rows,
    end_card_warning, ghost_problem, grip, take_choice, tile_cells, tile_colour, tile_orientations, tile_price,
)
from .speech import fit_words
from .look import (
    ABILITIES, ACCENT, BOARD, COLOURS, FLASH_MS, INK, LEGAL, MUTED, WRONG, draw_card, draw_cell, draw_glyph,
    draw_shield, font, short_name,
)


@dataclass
class Seen:
    """What the table shows and allows at one moment: the viewer's view, the legal actions (of the seat to
    move), whether the viewer is the one to act, the houses' occupied cells (for the words of a refused placement),
    and the viewer's seat."""

    view: dict[str, Any]
    legal: list[dict[str, Any]]
    mine: bool
    state: Any
    viewer: int | None


@dataclass
class Pick:
    """The player's half-made choice between taps (nothing here is in the engine yet)."""

    docks: list[int] = field(default_factory=list)  #: docks chosen to take from
    both: bool = False  #: take with *Both Actions*
    tile: str | None = None  #: the tile in hand, to place
    orient: int = 0  #: its way round
    anchor: tuple[int, int] | None = None  #: where it would go (its lower-left cell)
    show_fits: bool = False  #: mark the cells it fits
    dragging: bool = False  #: a finger or the mouse drags it
    finger: tuple[float, float] | None = None  #: during a drag over small cells: the finger's point, in units
    #: the player asked for the whole table while placing (True: no zoomed house) or for the zoomed house (False);
    #: None: the table's own choice (see :meth:`.table.Table.layout_for`)
    whole_table: bool | None = None

    def reset(self) -> None:
        """Forget every half-made choice."""
        self.docks, self.both = [], False
        self.tile, self.orient, self.anchor, self.show_fits = None, 0, None, False
        self.dragging, self.finger, self.whole_table = False, None, None


class TableDrawing:
    """The drawing of one frame of the table (see :meth:`.table.Table.paint`)."""

    def __init__(self, lang: str, names: list[str], lay: Layout) -> None:
        self.lang = lang
        self.names = names  #: the seats' names
        self.lay = lay  #: the layout drawn now
        self.pick = Pick()
        self.inspect: int | None = None  #: whose house is shown large (None: the viewer's)
        self.small = False  #: whether this table's house cells are too small for a finger: placing zooms in
        self.flashes: list[tuple[float, int, str, int, int]] = []  #: (start ms, player, line, index, points)
        self.recent_cells: dict[int, list[tuple[int, int]]] = {}  #: cells the other players built last
        self.recent_docks: list[int] = []  #: docks refilled after the last opponent took from them
        self.seen = Seen({}, [], False, None, 0)  #: the moment drawn or answered now
        self.patterns = True  #: draw the colours' patterns
        self.now = 0.0  #: the frame's time, ms (for the flashes)
        #: the seat drawn is this device's player ("Your house", "· you"); False in a replay of another's game
        self.viewer_is_you = True

    @property
    def viewer(self) -> int:
        """The seat the table is drawn for (a table is only drawn for a seat); on the shared table (the public view)
        the seat to move, whose house is shown large."""
        assert self.seen.viewer is not None
        if self.seen.viewer == PUBLIC_SEAT:
            seat = self.seen.view.get("to_move")
            return seat if isinstance(seat, int) else int(self.seen.view.get("seat") or 0)
        return self.seen.viewer

    @property
    def public(self) -> bool:
        """The shared table: nobody's hand, no house is "yours"."""
        return self.seen.viewer == PUBLIC_SEAT

    def _yours(self) -> bool:
        """The seat drawn may be called "yours": not the shared table, not a replay of another's game."""
        return self.viewer_is_you and not self.public

    def colour_name(self, colour: str) -> str:
        """A card colour in words."""
        return text(f"ny.colour.{colour}", self.lang)

    def tile_name(self, tile: str) -> str:
        """A tile in words (colour and size, or white)."""
        if tile == "white":
            return text("ny.tile.white", self.lang)
        return text("ny.tile", self.lang, colour=self.colour_name(tile_colour(tile)), size=tile[-1])

    def player_name(self, p: int) -> str:
        """Seat ``p``'s name."""
        return self.names[p] if p < len(self.names) else f"#{p + 1}"

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
            warning = "⚠ " + text("ny.endcard.soon", lang)
            d.text(right, 15, warning, font=font(bold=True), colour=WRONG, align="right")
            room -= len(warning) * MIN_FONT * 0.64 + 8
        title = text("ny.harbour", lang, n=view["supply"])
        if text_width(title, MIN_FONT, True) > room:  # beside the end-card warning: the count matters, not the words
            title = text("ny.harbour.short", lang, n=view["supply"])
        if text_width(title, MIN_FONT, True) > room:  # a narrow phone in a long language: the count alone, uncut
            title = text("count.cards", lang, count=view["supply"])
        d.text(x0, 15, fit_text(title, MIN_FONT, room, True), font=font(bold=True), colour=INK)
        mine = self.seen.mine and view["phase"] == "turn"
        legal = self.seen.legal if mine else []
        _, addable, _ = take_choice(legal, self.pick.docks, self.pick.both) if mine and self.pick.tile is None else (None, set(), False)
        starts = set()
        if mine and not self.pick.docks:
            starts = {d_ for a in legal if a["type"] == "take" for d_ in a["docks"]}
        for i, b in enumerate(lay.docks):
            colour = view["docks"][i]
            sel = i in self.pick.docks
            if colour is None:
                d.rect(b.x, b.y, b.w, b.h, fill="#efe6d2", stroke=MUTED, line_width=1, radius=6)
                d.text(b.x + b.w / 2, b.y + b.h / 2, fit_text(text("ny.empty", lang), MIN_FONT, b.w - 4), font=font(), colour=MUTED,
                       align="center", baseline="middle")
            else:
                lift = 4 if sel else 0
                draw_card(self.patterns, d, Box(b.x, b.y - lift, b.w, b.h), colour)
                if sel:
                    d.rect(b.x - 2, b.y - lift - 2, b.w + 4, b.h + 4, stroke=INK, line_width=3, radius=8)
                elif i in self.recent_docks:  # refilled after the last opponent took from here
                    d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=ACCENT, line_width=3, radius=8)
                    d.rect(b.x + 2, b.y + 3, b.w - 4, 16, fill="#fff", stroke=ACCENT, line_width=1, radius=6)
                    d.text(b.x + b.w / 2, b.y + 11.5, fit_text(text("ny.new", lang), MIN_FONT, b.w - 6, True), font=font(bold=True),
                           colour=INK, align="center", baseline="middle")
                elif i in addable:
                    d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=LEGAL, line_width=3, radius=8)
            name = self.colour_name(colour) if colour else text("ny.empty", lang)
            label = text("ny.dock", lang, n=i + 1, card=name)
            enabled = mine and colour is not None and (sel or i in addable or i in starts or bool(self.pick.docks))
            targets.append(Target(f"dock-{i}", b.x, b.y, b.w, b.h, label, enabled=enabled,
                                  pressed=sel if mine else None, highlight=i in addable))

    def _draw_track(self, d: DrawList, view: dict[str, Any]) -> None:
        b = self.lay.track
        if b is None:  # upright phones: the summaries show the points
            return
        step = b.w / 13
        now = self.now
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
                    draw_cell(self.patterns, d, cx, cy, s, cell["colour"], cell["window"])
                elif (c, r) in COAT_SET:
                    draw_shield(d, cx + s / 2, cy + s / 2 - 0.5, s * 0.3)
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
            you = " · " + text("ny.you", lang) if p == self.viewer and self._yours() and not isinstance(self.player_name(p), YouName) else ""
            name = f"{p + 1}. {self.player_name(p)}{you}"
            if self.lay.minis:  # a small house and four lines
                s = 9.5
                self._mini_house(d, x + 8, b.y + 7, s, view["houses"][p], self.recent_cells.get(p, []))
                tx = x + 8 + 5 * s + 8
                room = w - (tx - x) - 6
                lines = [(name, INK, True), (text("ny.points", lang, n=view["scores"][p]), INK, False),
                         (text("ny.cardcount", lang, n=view["hand_sizes"][p]), INK, False),
                         (text("ny.emptycount", lang, n=view["empty_spaces"][p]), MUTED, False)]
                for i, (line, colour, bold) in enumerate(lines):
                    d.text(tx, b.y + 20 + i * 21, fit_text(line, MIN_FONT, room, bold), font=font(bold=bold), colour=colour)
            else:  # the house drawn small with the name, points and cards beside it: tap to see it large
                narrow = w < 150  # three or more summaries side by side: a smaller house, more room for the words
                s = min(4.6 if narrow else 6.0, (b.h - 8) / 9)
                self._mini_house(d, x + 5, b.y + (b.h - 9 * s) / 2, s, view["houses"][p], self.recent_cells.get(p, []))
                tx = x + 5 + 5 * s + 7
                room = w - (tx - x) - 4
                points_words = text("ny.points", lang, n=view["scores"][p])
                cards = text("ny.cardcount", lang, n=view["hand_sizes"][p])
                both = points_words + " · " + cards
                if fit_text(both, MIN_FONT, room) == both and fit_text(name, MIN_FONT, room, True) == name:
                    rows = [(name, True), (both, False)]  # two lines
                else:  # three lines: the name (without "(computer, weak)", then without its number, if need be), the
                    # points, the cards
                    bare = short_name(self.player_name(p), MIN_FONT, room, True)
                    short = short_name(name, MIN_FONT, room, True)
                    if "…" in short and "…" not in bare:
                        short = bare
                    if fit_text(cards, MIN_FONT, room) != cards:
                        cards = text("count.cards", lang, count=view["hand_sizes"][p])
                    rows = [(short, True), (points_words, False), (cards, False)]
                top = b.y + b.h / 2 - (len(rows) - 1) * 8.5
                for i, (words, bold) in enumerate(rows):
                    d.text(tx, top + i * 17, fit_text(words, MIN_FONT, room, bold), font=font(bold=bold), colour=INK,
                           baseline="middle")
            if view["to_move"] == p:
                d.rect(x + 1, b.y, w - 2, b.h, stroke=INK, line_width=2.5, radius=8)
            label = (text("ny.inspect.back", lang) if p == self.viewer else
                     text("ny.inspect.counted", lang, name=self.player_name(p), points=text("count.points", lang, count=view["scores"][p]),
                       cards=text("count.cards", lang, count=view["hand_sizes"][p])))
            targets.append(Target(f"player-{p}", x + 1, b.y, w - 2, b.h, label, pressed=False))

    def _draw_house(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        lay = self.lay
        owner = self.inspect if self.inspect is not None else self.viewer
        house = view["houses"][owner]
        hb = lay.house
        s = lay.cell
        title = text("ny.house.yours", lang) if owner == self.viewer and self._yours() else text("ny.house.of", lang, name=self.player_name(owner))
        if lay.track is None and not lay.zoom:  # no score track (upright phones): the house's points beside its name
            score_words = " · " + text("ny.points", lang, n=view["scores"][owner])
            right = lay.supply.x + lay.supply.w - text_width(text("ny.supply", lang), MIN_FONT, True) - 12
            title = short_name(title, MIN_FONT, right - hb.x - text_width(score_words, MIN_FONT, True), True) + score_words
        d.text(hb.x, hb.y - 8, title, font="bold 13px sans-serif", colour=INK)
        d.rect(hb.x - 3, hb.y - 3, hb.w + 6, hb.h + 6, fill=BOARD, stroke="#8f7f5f", line_width=2, radius=4)
        rows_arms = coat_rows()
        for r in range(9):
            y = hb.y + (8 - r) * s
            if r in rows_arms:
                d.rect(hb.x, y, hb.w, s, fill="#efd98f")
                draw_shield(d, hb.x - 12, y + s / 2 - 1, 5)
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
                draw_shield(d, hb.x + c * s + s / 2, hb.y + (8 - r) * s + s / 2 - 1, s * 0.28)
        for r in range(9):
            for c in range(5):
                cell = house["grid"][r][c]
                if cell:
                    draw_cell(self.patterns, d, hb.x + c * s, hb.y + (8 - r) * s, s, cell["colour"], cell["window"])
        for c, r in self.recent_cells.get(owner, []):
            d.rect(hb.x + c * s + 1, hb.y + (8 - r) * s + 1, s - 2, s - 2, stroke=ACCENT, line_width=3)
        # rows and columns that just scored flash, with their points counting up
        now = self.now
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
        mine = self.seen.mine and owner == self.viewer
        phase = view["phase"]
        legal = self.seen.legal if mine else []
        fits: set[tuple[int, int]] = set()
        whites: set[tuple[int, int]] = set()
        if mine and phase == "arms":
            whites = {(a["col"], a["row"]) for a in legal if a.get("choice") == "white"}
            for c, r in whites:
                cx, cy = hb.x + c * s + s / 2, hb.y + (8 - r) * s + s / 2
                d.circle(cx, cy, s * 0.18, fill="#fff", stroke=LEGAL, line_width=2.5)
        if mine and self.pick.tile is not None and self.pick.show_fits:
            gx, gy = grip(self.pick.tile, self.pick.orient)
            for o, c, r in build_spots(legal, self.pick.tile):
                if o == self.pick.orient:
                    fits.add((c + gx, r + gy))
            for c, r in fits:
                cx, cy = hb.x + c * s + s / 2, hb.y + (8 - r) * s + s / 2
                d.circle(cx, cy, s * 0.2, fill=LEGAL, stroke="#fff", line_width=2)
        pending = view.get("pending")
        if pending and owner == view["seat"]:
            self._ghost(d, pending["tile"], pending["orient"], (pending["col"], pending["row"]), True)
        elif mine and self.pick.tile is not None and self.pick.anchor is not None:
            ok = ghost_problem(self.seen.state, legal, self.pick.tile, self.pick.orient, self.pick.anchor, lang) is None
            self._ghost(d, self.pick.tile, self.pick.orient, self.pick.anchor, ok)
        tile = self.pick.tile if mine else None
        building = tile is not None
        spots = build_spots(legal, tile) if tile is not None else set()
        # cells too small for a finger are no tap targets on the whole table: the player drags, or zooms in
        tappable = not (self.small and not lay.zoom)
        for r in range(8, -1, -1):
            for c in range(5):
                cell = house["grid"][r][c]
                what = (text("ny.cell.window" if cell["window"] else "ny.cell.brick", lang, colour=self.colour_name(cell["colour"]))
                        if cell else text("ny.cell.empty", lang))
                if (c, r) in COAT_SET:
                    what += ", " + text("ny.cell.arms", lang)
                if tile is not None:  # what a screen reader needs to choose: whether the tile fits with its grip here
                    label = text("ny.cell.fit", lang, place=text("ny.cell.put", lang, col=c + 1, row=r + 1, what=what),
                                 fit=fit_words(spots, tile, self.pick.orient, c, r, lang))
                elif (c, r) in whites:
                    label = text("ny.cell.white", lang, col=c + 1, row=r + 1)
                else:
                    label = text("ny.cell", lang, col=c + 1, row=r + 1, what=what)
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
            draw_cell(self.patterns, d, x, y, s, colour, window)
            d.alpha(1)
            d.rect(x + 1.5, y + 1.5, s - 3, s - 3, stroke=edge, line_width=3.5)
            if not ok:
                d.line(x + 6, y + 6, x + s - 6, y + s - 6, WRONG, 2.5)
                d.line(x + s - 6, y + 6, x + 6, y + s - 6, WRONG, 2.5)
        d.restore()

    def _draw_held(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        """Beside the zoomed house: the tile in hand, in the way round it will go, to drag onto the house."""
        hb = self.lay.held
        if hb is None or self.pick.tile is None or not self.seen.mine:
            return
        lang = self.lang
        d.text(hb.x, hb.y - 8, fit_text(text("ny.held.title", lang), MIN_FONT, hb.w, True), font=font(bold=True), colour=INK)
        d.rect(hb.x, hb.y, hb.w, hb.h, fill="#fffdf7", stroke=INK, line_width=2, radius=8)
        cells = tile_orientations(self.pick.tile)[self.pick.orient]
        cols = max(x for x, _, _ in cells) + 1
        rows = max(y for _, y, _ in cells) + 1
        s = min((hb.w - 12) / cols, (hb.h - 12) / rows, 30.0)
        x0 = hb.x + (hb.w - cols * s) / 2
        y0 = hb.y + (hb.h - rows * s) / 2
        colour = tile_colour(self.pick.tile)
        for x, y, window in cells:
            draw_cell(self.patterns, d, x0 + x * s, y0 + (rows - 1 - y) * s, s, colour, window)
        targets.append(Target("held", hb.x, hb.y, hb.w, hb.h, text("ny.held", lang, tile=self.tile_name(self.pick.tile))))

    def _draw_lifted(self, d: DrawList) -> None:
        """While a finger drags a tile over small cells: the tile drawn large above the finger, so it is not hidden
        under it (green where it may go, red where it may not)."""
        if self.pick.finger is None or self.pick.tile is None or self.pick.anchor is None or not self.pick.dragging:
            return
        fx, fy = self.pick.finger
        s = max(46.0, self.lay.cell * 1.7)
        cells = tile_orientations(self.pick.tile)[self.pick.orient]
        gx, gy = grip(self.pick.tile, self.pick.orient)
        cols = max(x for x, _, _ in cells) + 1
        rows = max(y for _, y, _ in cells) + 1
        # the grip cell's lower edge most of a cell above the finger, the whole tile inside the board
        left = min(max(fx - (gx + 0.5) * s, 4.0), self.lay.width - 4 - cols * s)
        top = max(4.0, fy - 0.8 * s - (rows - gy) * s)
        ok = ghost_problem(self.seen.state, self.seen.legal, self.pick.tile, self.pick.orient, self.pick.anchor, self.lang) is None
        edge = LEGAL if ok else WRONG
        colour = tile_colour(self.pick.tile)
        d.rect(left - 6, top - 6, cols * s + 12, rows * s + 12, fill="rgba(255,253,247,.85)", stroke=edge, line_width=3, radius=8)
        for x, y, window in cells:
            draw_cell(self.patterns, d, left + x * s, top + (rows - 1 - y) * s, s, colour, window)

    def _draw_supply(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        lang = self.lang
        lay = self.lay
        sb = lay.supply
        if not sb.w:  # the zoomed house is where the supply was: the tile in hand is beside it
            return
        if lay.track is None:  # upright phones: at the right, leaving the line to the house's name and points
            d.text(sb.x + sb.w, sb.y - 8, text("ny.supply", lang), font="bold 13px sans-serif", colour=INK, align="right")
        else:
            d.text(sb.x, sb.y - 8, text("ny.supply", lang), font="bold 13px sans-serif", colour=INK)
        mine = self.seen.mine and view["phase"] in ("turn", "build")
        can = buildable_tiles(self.seen.legal) if mine else set()
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
                    if self.patterns:
                        d.pattern(b.x, b.y, b.w, b.h, PATTERN[colour], colour="rgba(255,255,255,.5)", radius=5)
                    draw_glyph(d, b.x + 8, b.y + 8, 4.5, colour)
                    d.rect(b.x + b.w / 2 - 9, b.y + b.h / 2 - 9, 18, 18, fill="rgba(255,255,255,.88)", radius=4)
                    d.text(b.x + b.w / 2, b.y + b.h / 2 + 0.5, str(size), font="bold 15px sans-serif", colour=INK,
                           align="center", baseline="middle")
                    d.text(b.x + b.w - 3, b.y + b.h - 3, f"×{left}", font=font(bold=True),
                           colour="#fff" if colour != "yellow" else INK, align="right")
                    d.alpha(1)
                if self.pick.tile == tile:
                    d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=INK, line_width=3, radius=7)
                price = tile_price(tile, False, False)
                label = text("ny.stack" if self._yours() else "ny.stack.public", lang, colour=self.colour_name(colour), size=size,
                             left=left, price=price, touching=price - 1, have=hand.get(colour, 0))
                if discount and self._yours():
                    label += " " + text("ny.stack.discount", lang)
                targets.append(Target(f"stack-{tile}", b.x, b.y, b.w, b.h, label, enabled=mine and left > 0,
                                      pressed=(self.pick.tile == tile) if mine else None, highlight=ok))
        wb = lay.stack_box(5, 0)
        white = int(view["stacks"].get("white", 0))
        d.rect(wb.x, wb.y, wb.w, wb.h, fill=FILL["white"], stroke=DARK["white"], line_width=1.5, radius=5)
        d.text(wb.x + wb.w / 2, wb.y + wb.h / 2, text("ny.whites", lang, n=white), font=font(bold=True), colour=INK,
               align="center", baseline="middle")

    def _draw_hand(self, d: DrawList, targets: list[Target], view: dict[str, Any]) -> None:
        if self.public:  # the shared table: nobody's hand
            return
        lang = self.lang
        hb = self.lay.hand
        hand = view["hand"]
        total = sum(hand.values())
        hand_key = "ny.hand" if self._yours() else "ny.hand.bare"  # "Your hand" only when it is this device's player's
        d.text(hb.x, hb.y - 6, text(hand_key, lang, n=total), font="bold 13px sans-serif", colour=WRONG if total > 7 else INK)
        discard = self.seen.mine and view["phase"] == "discard"
        w = (hb.w - 4 * 6) / 5
        for i, colour in enumerate(COLOURS):
            b = Box(hb.x + i * (w + 6), hb.y, w, hb.h - 4)
            n = hand.get(colour, 0)
            if n:
                draw_card(self.patterns, d, b, colour)
                d.rect(b.x + b.w - 24, b.y + 3, 21, 18, fill="#fff", stroke=DARK[colour], radius=4)
                d.text(b.x + b.w - 13.5, b.y + 12.5, str(n), font="bold 13px sans-serif", colour=INK, align="center", baseline="middle")
            else:
                d.rect(b.x, b.y, b.w, b.h, fill="#f3ecdc", stroke="#cbbd9f", line_width=1, radius=6)
                draw_glyph(d, b.x + b.w / 2, b.y + b.h / 2, min(b.w, b.h) * 0.16, colour, fill="#f3ecdc")
                d.text(b.x + b.w - 8, b.y + 15, "0", font=font(), colour=MUTED, align="center")
            if discard and n:
                d.rect(b.x - 2, b.y - 2, b.w + 4, b.h + 4, stroke=LEGAL, line_width=2.5, radius=8)
            label = (text("ny.hand.discard", lang, colour=self.colour_name(colour), n=n) if discard else
                     text(f"{hand_key}.card", lang, colour=self.colour_name(colour), n=n))
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
            words = text(f"ny.abs.{name}", lang)
            lines = [words] if len(words) * MIN_FONT * 0.6 <= b.w - 6 else words.split(" ", 1)
            lines = [fit_text(line, MIN_FONT, b.w - 6) for line in lines]
            state = text(f"ny.side.{side}" if side else "ny.side.none", lang)
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
            label = text("ny.ability", lang, name=text(f"ny.ab.{name}", lang), side=state) + f" ({left} {text('ny.abilities.left', lang)})"
            targets.append(Target(f"ability-{name}", b.x, b.y, b.w, b.h, label))
