"""Drawing Barrio's table (pure Python): :func:`paint` turns a view, the legal actions and the player's
half-made choice into a :class:`Frame` (the drawing commands, the tappable targets, the rectangles of every
named place, the prompt). Sections stack in one column (narrow) or two (wide); the cards' look is in
:mod:`.look`, the table's sizes too.
"""

from __future__ import annotations

import math
from typing import Any

from ...barrio import cards as C
from ...barrio.panoramas import panoramas_points
from ..canvas import DrawList, Frame, Target, fit_text, least_font
from ...core.locale import YouName, text
from . import look
from .choice import (
    Pick, build_options, cell_label, house_name, line_split, market_cells, market_numbers, overflow_cell, pan_gain,
    pan_label, seat_of, use_label,
)
from .look import FINGER_UNITS, INK, MIN_FONT, NARROW, TABLE, WIDE
from .steps import Flash, with_klaus

Rect = tuple[float, float, float, float]
Action = dict[str, Any]

ACCENT = "#f2b134"
LEGAL = "#1e8a4c"
THEME = "#1f4e5f"
DANGER = "#a4262c"



class _Painter:
    """Draws one frame; sections stack in one column (narrow) or two (wide)."""

    def __init__(self, view: dict[str, Any], legal: list[Action], pick: Pick, lang: str, names: list[str],
                 my_turn: bool, wide: bool, patterns: bool, scale: float | None = None, replaying: bool = False) -> None:
        self.v, self.legal, self.pick, self.lang, self.names = view, legal, pick, lang, names
        self.replaying = replaying  #: a replay's table: its prompt says who plays next, nobody is waited for
        self.my_turn, self.wide, self.patterns = my_turn, wide, patterns
        self.least = least_font(scale, floor=0)  # small print (card names) is drawn only where it reaches this size
        self.d = DrawList()
        self.targets: list[Target] = []
        self.places: dict[str, Rect] = {}
        self.me = seat_of(view)
        self.prompt = ""

    def whose(self, key: str) -> str:
        """``key``'s words for the seat drawn ("Your hand"), or ``key.of`` with its name ("Hand of Player 1") in a
        replay of a seat that is not this device's player (a friend's link, another seat chosen)."""
        name = self.names[self.me] if 0 <= self.me < len(self.names) else ""
        if not self.replaying or not name or isinstance(name, YouName):
            return text(key, self.lang)
        return text(f"{key}.of", self.lang, name=name)

    # small tools
    def target(self, key: str, rect: Rect, label: str, enabled: bool = True, pressed: bool | None = None,
               highlight: bool = False) -> None:
        self.targets.append(Target(key, *rect, label=label, enabled=enabled, pressed=pressed, highlight=highlight))

    def ring(self, rect: Rect, colour: str = LEGAL, width: float = 3, pad: float = 2) -> None:
        x, y, w, h = rect
        self.d.rect(x - pad, y - pad, w + 2 * pad, h + 2 * pad, stroke=colour, line_width=width, radius=8)

    def label(self, x: float, y: float, text: str, size: float = MIN_FONT, colour: str = INK, align: str = "left",
              bold: bool = True, max_width: float | None = None) -> None:
        """A line of text, never under :data:`~.look.MIN_FONT` units (12 CSS px on the smallest phone)."""
        self.d.text(x, y, text, font=f"{'bold ' if bold else ''}{max(size, MIN_FONT):g}px sans-serif", colour=colour, align=align,
                    baseline="middle", max_width=max_width)

    def button(self, key: str, rect: Rect, text: str, primary: bool = False, label: str | None = None) -> None:
        x, y, w, h = rect
        self.d.rect(x, y, w, h, fill=THEME if primary else "#fff", stroke=THEME, line_width=2, radius=10)
        colour = "#fff" if primary else THEME
        words = text.split()
        if look.text_width(text, 13, True) > w - 10 and len(words) > 1:  # too long for one line (a narrow phone): two
            k = len(words) - 1
            while k > 1 and look.text_width(" ".join(words[:k]), 13, True) > w - 10:
                k -= 1
            for i, line in enumerate((" ".join(words[:k]), " ".join(words[k:]))):
                self.label(x + w / 2, y + h / 2 - 7 + 15 * i, line, 13, colour, "center", max_width=w - 10)
        else:
            self.label(x + w / 2, y + h / 2 + 1, text, 13, colour, "center", max_width=w - 10)
        self.target(key, rect, label or text)

    def buttons(self, items: list[tuple[str, str, bool]], x: float, y: float, w: float) -> float:
        """Lay out buttons (key, text, primary) in rows; return the height used."""
        cx, cy, h = x, y, 44.0
        for key, caption, primary in items:
            bw = min(w, max(72.0, look.text_width(caption, 13, True) + 20))
            if cx + bw > x + w + 0.5:
                cx, cy = x, cy + h + 6
            self.button(key, (cx, cy, bw, h), caption, primary)
            cx += bw + 6
        return cy + h - y if items else 0.0

    # sections --------------------------------------------------------------
    def klaus(self, x: float, y: float, w: float) -> float:
        """Klaus's panel: score, houses, face-down materials and kept Burruños on the left, his panoramas on the right."""
        v, lang, d = self.v, self.lang, self.d
        k = v["klaus"]
        pans = v["panoramas"][1]
        score = v["scores"][1]
        text_w = 148.0
        rows = self.minis(pans, 0, 0, w - text_w - 8, "", measure=True)
        h = max(56.0, 8 + rows * 42)
        d.rect(x, y, w, h, fill="#e9e2f2", stroke="#7a5aa6", line_width=1.5, radius=10)
        self.places["klaus"] = (x, y, w, h)
        self.label(x + 10, y + 15, text("barrio.klaus", lang), 15)
        self.label(x + 62, y + 15, text("barrio.pts", lang, n=score), 15, "#4b3470")
        # his materials (face down) and the Burruños he keeps
        if not k["hand"]:
            d.rect(x + 10, y + 29, 15, 20, stroke="#8c7b9e", line_width=1, radius=2)
        for i in range(min(3, len(k["hand"]))):
            look.face_down(d, x + 10 + i * 3, y + 29 + i, 15, 20)
        self.places["klaus-hand"] = (x + 10, y + 28, 22, 22)
        self.label(x + 34, y + 40, f"×{len(k['hand'])}", 13)
        look.burruno_face(d, x + 70, y + 40, 7)
        self.label(x + 81, y + 40, f"×{len(k['kept'])}", 13)
        hx, hy = x + 102, y + 40  # a little house, then built / limit
        d.poly([hx, hy - 1, hx + 6, hy - 7, hx + 12, hy - 1, hx + 12, hy + 6, hx, hy + 6], fill="#7a5aa6")
        self.label(hx + 15, hy, f"{k['houses']}/{v['house_limit']}", 13)
        self.target("klaus-info", (x, y, text_w, h), f"{text('barrio.klaus', lang)}: {text('barrio.pts', lang, n=score)}, "
                    f"{text('barrio.houses', lang, n=k['houses'], limit=v['house_limit'])}, {text('barrio.hidden', lang, n=len(k['hand']))}, "
                    f"{text('barrio.kept', lang, n=len(k['kept']))}")
        if not pans:
            self.places["klaus-pans"] = (x + text_w, y + 4, w - text_w - 8, h - 8)
        self.minis(pans, x + text_w, y + 5, w - text_w - 8, "klaus-pans")
        return h

    def minis(self, pans: list[list[int]], x: float, y: float, w: float, place: str, measure: bool = False) -> int:
        """Small house cards of some panoramas, wrapped in rows; return the number of rows."""
        gap = 8.0
        longest = max((len(p) for p in pans), default=1)
        mw = min(28.0, (w - gap) / longest - 1)
        mh = min(38.0, mw * 1.36)
        cx, cy, rows = x, y, 1 if pans else 0
        if not measure:
            self.places[place] = (x, y, w, mh)
        for pan in pans:
            pw = len(pan) * (mw + 1) + gap
            if cx + pw > x + w and cx > x:
                cx, cy, rows = x, cy + mh + 4, rows + 1
            if not measure:
                for i, hcard in enumerate(pan):
                    look.house_card(self.d, hcard, cx + i * (mw + 1), cy, mw, mh, self.lang)
            cx += pw
        return rows

    def opponents(self, x: float, y: float, w: float) -> float:
        """One band per other seat: name, score, houses, hand counts, rubble and panoramas."""
        v, lang = self.v, self.lang
        top = y
        for p in range(v["players"]):
            if p == self.me:
                continue
            pans = v["panoramas"][p]
            hc = v["hand_counts"][p]
            rub = len(v["rubble"][p])
            parts = [text('barrio.houses', lang, n=sum(len(q) for q in pans), limit=v['house_limit']),
                     text('barrio.inhand', lang, m=hc['materials'], h=hc['houses']),
                     text('barrio.rubble', lang, n=rub, pts=v['breakdown'][p]['rubble'])]
            info = " · ".join(parts)
            # one line where it fits at a readable size, else two (never squeezed)
            lines = [info] if look.text_width(info, MIN_FONT) <= w - 20 else [" · ".join(parts[:2]), parts[2]]
            band = 44 + 17 * (len(lines) - 1)
            h = band + 42 * self.minis(pans, 0, 0, w - 16, "", measure=True)
            current = v["current_player"] == p
            self.d.rect(x, y, w, h, fill="#e6eef1", stroke=ACCENT if current else "#9bb2bb", line_width=3 if current else 1.5, radius=10)
            self.places[f"seat-{p}"] = (x, y, w, h)
            name = self.names[p] if p < len(self.names) else f"#{p + 1}"
            self.label(x + 10, y + 14, fit_text(("▶ " if current else "") + name, 14, w * 0.6, True), 14)
            self.label(x + w - 10, y + 14, text("barrio.pts", lang, n=v["scores"][p]), 14, align="right")
            for i, line in enumerate(lines):
                self.label(x + 10, y + 32 + 17 * i, line, bold=False)
            self.target(f"seat-{p}", (x, y, w, band), f"{name}: {text('barrio.pts', lang, n=v['scores'][p])}, {info}")
            self.minis(pans, x + 8, y + band, w - 16, f"seat-{p}-pans")
            y += h + 6
        return y - top

    def supply(self, x: float, y: float, w: float) -> float:
        """The house market and house deck, the warehouse and material deck, the scoring card."""
        v, lang, d = self.v, self.lang, self.d
        phase, solo = v["phase"], v["solo"]
        sc = v["scoring"]
        self.label(x + 2, y + 9, text("barrio.house_market", lang))
        self.label(x + w - 2, y + 9, text("barrio.card", lang, card=v["scoring_card"], rubble=sc["rubble"], burruno=sc["burruno"]),
                   colour="#4b3470", align="right", bold=False)
        y += 18
        cw = (w - 4 * 6) / 5
        ch = min(92.0, cw * 1.32)
        named = look.house_names_fit(lang, self.least, cw - 6)
        tie = set((v.get("pending") or {}).get("options", [])) if phase == "klaus_tie" else set()
        build_ok = {a["house"] for a in build_options(v, self.legal)} if solo else set()
        combo_ok = {o[0] for o in (v.get("pending") or {}).get("options", [])} if phase == "combo" and solo else set()
        for i, card in enumerate(v["house_market"]):
            rect = (x + i * (cw + 6), y, cw, ch)
            self.places[f"hm-{i}"] = rect
            if card is None:
                d.rect(*rect, stroke="#b9ad94", line_width=1.5, radius=8)
                self.label(rect[0] + cw / 2, y + ch / 2, "—", 14, "#8c826d", "center")
                continue
            look.house_card(d, card, *rect, lang, name=named, least=self.least)
            chosen = self.pick.house == card
            hot = card in tie or card in build_ok or card in combo_ok
            if chosen:
                self.ring(rect, ACCENT, 4)
            elif hot and self.my_turn:
                self.ring(rect, LEGAL, 3)
            enabled = self.my_turn and (not solo or phase in ("placed2", "klaus_tie", "combo", "start", "placed1", "drawing"))
            name = text("barrio.hm.card", lang, n=i + 1, card=look.card_label(card, lang))
            if self.my_turn and card in tie:  # the ring a sighted player sees, in words
                name += text("barrio.hm.tied", lang)
            elif self.my_turn and card in build_ok:
                name += text("barrio.hm.buildable", lang)
            self.target(f"hm-{i}", rect, name, enabled=enabled, pressed=chosen if solo else None, highlight=hot and self.my_turn)
        # the house deck
        rect = (x + 4 * (cw + 6), y, cw, ch)
        self.places["deck-h"] = rect
        look.face_down(d, *rect, kind="house")
        self.label(rect[0] + cw / 2, y + ch / 2, str(v["house_deck"]), 16, "#fff", "center")
        self.label(rect[0] + cw / 2, y + ch - 11, text("barrio.deck", lang, n="").strip(), 13, "#fff", "center", bold=False)
        if not solo:
            can = any(a["type"] == "draw" and a["source"] == "house_deck" for a in self.legal) and self.my_turn
            if can:
                self.ring(rect, LEGAL, 3)
            self.target("deck-h", rect, text("barrio.deck.h", lang, n=v["house_deck"]), enabled=self.my_turn, highlight=can)
        y += ch + 8
        # the warehouse and the material deck (the row below the houses)
        mh = min(66.0, cw * 0.96)
        draws = {a.get("card") for a in self.legal if a["type"] == "draw" and a["source"] == "warehouse"} if self.my_turn else set()
        for i, card in enumerate(v["warehouse"]):
            rect = (x + i * (cw + 6), y, cw, mh)
            self.places[f"wh-{i}"] = rect
            if card is None:
                d.rect(*rect, stroke="#b9ad94", line_width=1.5, radius=8)
                continue
            look.material_card(d, card, *rect, lang, patterns=self.patterns)
            if card in draws:
                self.ring(rect, LEGAL, 3)
            self.target(f"wh-{i}", rect, text("barrio.wh.card", lang, n=i + 1, card=look.card_label(card, lang)),
                        enabled=self.my_turn, highlight=card in draws)
        rect = (x + 4 * (cw + 6), y, cw, mh)
        self.places["deck-m"] = rect
        look.face_down(d, *rect)
        self.label(rect[0] + cw / 2, y + mh / 2 - 4, str(v["material_deck"]), 16, "#fff", "center")
        self.label(rect[0] + cw / 2, y + mh - 11, text("barrio.deck", lang, n="").strip(), 13, "#fff", "center", bold=False)
        can = self.my_turn and any(a["type"] == "draw" and a["source"] == "material_deck" for a in self.legal)
        if can:
            self.ring(rect, LEGAL, 3)
        self.target("deck-m", rect, text("barrio.deck.m", lang, n=v["material_deck"]), enabled=self.my_turn, highlight=can)
        return 18 + ch + 8 + mh

    def market(self, x: float, y: float, w: float) -> float:
        """The market grid with a ring of empty cells, legal cells, line handles and the build preview."""
        v, lang, d, pick = self.v, self.lang, self.d, self.pick
        cells = market_cells(v)
        box = v["market_box"]
        top = y
        bound = text("barrio.bound.solo" if v["solo"] else "barrio.bound.multi", lang)
        if box is None:
            title = text("barrio.market.empty", lang)
            r0 = c0 = r1 = c1 = 0
        else:
            title = text("barrio.market", lang, h=box[2] - box[0] + 1, w=box[3] - box[1] + 1)
            ring = 0 if pick.house is not None else 1  # building: only the market itself, with room for the handles
            r0, c0, r1, c1 = box[0] - ring, box[1] - ring, box[2] + ring, box[3] + ring
        place_ok = {(a["row"], a["col"]) for a in self.legal if a["type"] == "place" and a["card"] == pick.card} if pick.card is not None else set()
        for r, c in place_ok:
            r0, c0, r1, c1 = min(r0, r), min(c0, c), max(r1, r), max(c1, c)
        self.label(x + 2, y + 8, f"{title} · {bound}")
        y += 18
        builds = build_options(v, self.legal, pick.house) if pick.house is not None else []
        lines_ok = {(a["line"]["axis"], a["line"]["index"]) for a in builds}
        handle = 46.0 if pick.house is not None else 0.0  # line handles are full-size touch targets
        rows, cols = r1 - r0 + 1, c1 - c0 + 1
        cell = min(52.0, (w - handle - 4) / cols, max(46.0, 270.0 / rows))
        gx = x + handle + (w - handle - cols * cell) / 2
        gy = y + handle
        gh = rows * cell
        d.rect(gx - 3, gy - 3, cols * cell + 6, gh + 6, fill="#e3d8bf", radius=8)
        split: tuple[list[int], list[int]] = ([], [])
        chosen_builds: list[Action] = []
        if pick.house is not None and pick.line is not None:
            chosen_builds = [a for a in builds if (a["line"]["axis"], a["line"]["index"]) == pick.line]
            if chosen_builds:
                split = line_split(v, chosen_builds[0])
        if box is not None:  # the market's bounding box
            d.rect(gx + (box[1] - c0) * cell - 1, gy + (box[0] - r0) * cell - 1, (box[3] - box[1] + 1) * cell + 2,
                   (box[2] - box[0] + 1) * cell + 2, stroke="#8c7b58", line_width=1.5, radius=4)
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                rect = (gx + (c - c0) * cell + 2, gy + (r - r0) * cell + 2, cell - 4, cell - 4)
                key = f"cell-{r}_{c}"
                self.places[key] = rect
                card = cells.get((r, c))
                in_line = pick.line is not None and ((pick.line[0] == "row" and r == pick.line[1]) or (pick.line[0] == "col" and c == pick.line[1]))
                if card is not None:
                    look.material_card(d, card, *rect, lang, patterns=self.patterns)
                    if in_line and chosen_builds:
                        paid = card in split[0]
                        d.rect(*rect, fill="rgba(30,138,76,.28)" if paid else "rgba(164,38,44,.32)", radius=5)
                        d.circle(rect[0] + rect[2] - 10, rect[1] + 10, 10, fill=LEGAL if paid else DANGER, stroke="#fff", line_width=1.5)
                        self.label(rect[0] + rect[2] - 10, rect[1] + 10.5, "✓" if paid else text("barrio.ui.rubble_mark", lang), 13, "#fff", "center")
                    mr, mc = market_numbers(box, r, c)
                    self.target(key, rect, text("barrio.cell.with", lang, r=mr, c=mc, card=look.card_label(card, lang)),
                                enabled=pick.card is not None and self.my_turn)
                    continue
                legal_here = (r, c) in place_ok
                over = legal_here and overflow_cell(v, r, c)
                if legal_here:
                    d.rect(*rect, fill="#d5efdd", stroke=LEGAL, line_width=2.5, radius=6)
                    if over:
                        d.pattern(*rect, "stripes", "rgba(164,38,44,.55)", radius=6)
                        self.label(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, "!", 16, DANGER, "center")
                    else:
                        self.label(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, "+", 20, LEGAL, "center")
                else:
                    d.rect(*rect, stroke="#cbbd9e", line_width=1, radius=6)
                if pick.card is not None and self.my_turn:
                    # the green a sighted player sees, in words: whether the picked card can go here
                    label = (cell_label(box, r, c, lang) + (text("barrio.cell.overflow", lang) if over else "")
                             + text("barrio.cell.fits" if legal_here else "barrio.cell.fits_not", lang))
                    self.target(key, rect, label, highlight=legal_here)
        if pick.house is not None:  # handles for the lines the chosen house can use
            for r in range(r0, r1 + 1):
                ok = ("row", r) in lines_ok
                if not ok:
                    continue
                rect = (gx - handle - 2, gy + (r - r0) * cell + 2, handle - 2, cell - 4)
                chosen = pick.line == ("row", r)
                d.rect(*rect, fill=ACCENT if chosen else LEGAL, radius=6)
                self.label(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, "▶", 13, "#fff", "center")
                pv = self._line_preview(builds, ("row", r))
                self.target(f"line-row-{r}", rect, text("barrio.line.row", lang, i=market_numbers(box, r, 0)[0]) + ": " + pv, pressed=chosen, highlight=True)
            for c in range(c0, c1 + 1):
                if ("col", c) not in lines_ok:
                    continue
                rect = (gx + (c - c0) * cell + 2, gy - handle - 2, cell - 4, handle - 2)
                chosen = pick.line == ("col", c)
                d.rect(*rect, fill=ACCENT if chosen else LEGAL, radius=6)
                self.label(rect[0] + rect[2] / 2, rect[1] + rect[3] / 2, "▼", 13, "#fff", "center")
                pv = self._line_preview(builds, ("col", c))
                self.target(f"line-col-{c}", rect, text("barrio.line.col", lang, i=market_numbers(box, 0, c)[1]) + ": " + pv, pressed=chosen, highlight=True)
            if pick.line is not None:  # frame the chosen line
                if pick.line[0] == "row":
                    d.rect(gx - 1, gy + (pick.line[1] - r0) * cell, cols * cell + 2, cell, stroke=ACCENT, line_width=3, radius=6)
                else:
                    d.rect(gx + (pick.line[1] - c0) * cell, gy - 1, cell, gh + 2, stroke=ACCENT, line_width=3, radius=6)
        return y + handle + gh + 6 - top

    def _line_preview(self, builds: list[Action], line: tuple[str, int]) -> str:
        for a in builds:
            if (a["line"]["axis"], a["line"]["index"]) == line:
                paid, rubble = line_split(self.v, a)
                return text("barrio.line.preview", self.lang, paid=len(paid), rubble=len(rubble))
        return ""

    def hand(self, x: float, y: float, w: float) -> float:
        """The viewer's hand: houses (2–4 players) above materials."""
        if not 0 <= self.me < self.v["players"]:  # the shared table's public view: nobody's hand
            return 0.0
        v, lang, d, pick = self.v, self.lang, self.d, self.pick
        cards = v["hand"]
        houses = [c for c in cards if c >= C.NUM_MATERIALS]
        mats = [c for c in cards if c < C.NUM_MATERIALS]
        top = y
        self.label(x + 2, y + 8, f"{self.whose('barrio.hand')} ({len(cards)}/7)")
        y += 18
        phase = v["phase"]
        placeable = {a["card"] for a in self.legal if a["type"] == "place"} if self.my_turn else set()
        buildable = {a["house"] for a in build_options(v, self.legal)} if self.my_turn else set()
        if phase == "full_grid":
            buildable = {a["house"] for a in self.legal if a["type"] == "full_grid_build"}
        if phase == "combo" and not v["solo"]:
            buildable = {o[0] for o in (v.get("pending") or {}).get("options", [])}
        if houses:
            per_row = min(5, len(houses))  # more than five houses wrap, so costs stay legible
            hw = min(64.0, (w - 6 * (per_row - 1)) / per_row)
            hh = hw * 1.36
            named = look.house_names_fit(lang, self.least, hw - 6)
            for i, card in enumerate(houses):
                marked = card in pick.marked
                chosen = pick.house == card or marked
                if i and i % per_row == 0:
                    y += hh + 10
                rect = (x + (i % per_row) * (hw + 6), y + (0 if chosen else 6), hw, hh)
                self.places[f"hand-{card}"] = rect
                look.house_card(d, card, *rect, lang, name=named, least=self.least)
                if chosen:
                    self.ring(rect, ACCENT, 4)
                elif card in buildable:
                    self.ring(rect, LEGAL, 3)
                self.target(f"hand-{card}", rect, text("barrio.hand.card", lang, card=look.card_label(card, lang)),
                            enabled=self.my_turn, pressed=chosen, highlight=card in buildable)
            y += hh + 10
        if mats or not houses:
            # one row, but two where one would make the cards narrower than a finger (7 cards on the narrowest tables)
            fits = (w - 5 * 6) / max(6, len(mats)) >= FINGER_UNITS
            per_row = max(1, len(mats) if fits else math.ceil(len(mats) / 2))
            rows = max(1, math.ceil(len(mats) / per_row))
            mw = min(48.0, (w - 5 * 6) / max(6, per_row))
            mh = mw * 1.36
            named = look.names_fit(lang, self.least, mw - 6)
            for i, card in enumerate(mats):
                chosen = pick.card == card
                row, col = divmod(i, per_row)
                rect = (x + col * (mw + 5), y + row * (mh + 8) + (0 if chosen else 8), mw, mh)
                self.places[f"hand-{card}"] = rect
                look.material_card(d, card, *rect, lang, patterns=self.patterns, names=named, least=self.least)
                if chosen:
                    self.ring(rect, ACCENT, 4)
                elif card in placeable:
                    self.ring(rect, "rgba(30,138,76,.7)", 2)
                self.target(f"hand-{card}", rect, text("barrio.hand.card", lang, card=look.card_label(card, lang)),
                            enabled=self.my_turn, pressed=chosen, highlight=card in placeable)
            if not mats and not houses:
                self.label(x + 4, y + 24, "—", 14, "#8c826d")
            self.places["hand"] = (x, y, w, rows * (mh + 8))
            y += rows * (mh + 8) + 2
        return y - top

    def actions(self, x: float, y: float, w: float) -> float:
        """The prompt line and the buttons and choices of the moment."""
        v, lang, d, pick = self.v, self.lang, self.d, self.pick
        phase = v["phase"]
        pend = v.get("pending") or {}
        top = y
        items: list[tuple[str, str, bool]] = []
        if not self.my_turn:
            cp = v["current_player"]
            name = self.names[cp] if cp is not None and cp < len(self.names) else ""
            prompt = text("replay.to_move" if self.replaying else "barrio.wait", lang, name=name) if cp is not None else ""
        elif phase == "keep":
            prompt = text("barrio.do.keep", lang)
            items = [("keep", text("barrio.btn.keep", lang, n=len(pick.marked)), True)]
        elif pick.discarding:
            prompt = text("barrio.do.discard", lang)
            items = [("discard", text("barrio.btn.discard", lang, n=len(pick.marked)), True), ("cancel", text("barrio.btn.cancel", lang), False)]
        elif phase == "klaus_tie":  # at set-up, before any move of the player's: say where this choice comes from
            prompt = text("barrio.do.tie_setup" if pend.get("reason") == "setup" else "barrio.do.tie", lang)
        elif phase == "gap":
            prompt = text("barrio.do.gap", lang)
        elif phase == "panorama":
            prompt = text("barrio.do.panorama", lang, house=house_name(pend["house"], lang))
        elif phase == "combo":
            prompt = text("barrio.do.combo", lang)
        elif phase == "full_grid":
            prompt = text("barrio.do.full", lang)
            items = [("skip", text("barrio.btn.skip", lang), False)]
        elif phase == "drawing" or phase == "topup":
            prompt = text("barrio.do.topup", lang) if phase == "topup" else text("barrio.do.drawing", lang, n=v["draws_left"])
        elif pick.card is not None:
            prompt = text("barrio.do.cell", lang, card=look.card_label(pick.card, lang))
            items = [("cancel", text("barrio.btn.cancel", lang), False)]
        elif pick.house is not None:
            builds = build_options(v, self.legal, pick.house)
            if pick.line is None:
                prompt = text("barrio.do.line" if builds else "barrio.do.line.none", lang, house=house_name(pick.house, lang))
            else:
                chosen = [a for a in builds if (a["line"]["axis"], a["line"]["index"]) == pick.line]
                paid, rubble = line_split(v, chosen[0]) if chosen else ([], [])
                sc = v["scoring"]
                pts = sum(sc["burruno"] if c < C.NUM_MATERIALS and C.KIND[c] == C.BURRUNO else sc["rubble"] for c in rubble)
                prompt = text("barrio.do.confirm", lang, paid=len(paid), rubble=len(rubble),
                              pts=("+" if pts >= 0 else "") + text("barrio.pts", lang, n=pts))
                for k, a in enumerate(chosen):
                    caption = text("barrio.btn.build.as", lang, use=use_label(a["use"], lang)) if a["use"] and len(chosen) > 1 else text("barrio.btn.build", lang)
                    items.append((f"build-{k}", caption, True))
            items.append(("cancel", text("barrio.btn.cancel", lang), False))
        elif phase == "start":
            prompt = text("barrio.do.start" if v["solo"] else "barrio.do.start.multi", lang)
            if not v["solo"] and any(a["type"] == "discard_houses" for a in self.legal):
                items = [("discard-mode", text("barrio.btn.discard.mode", lang), False)]
        elif phase == "placed1":
            prompt = text("barrio.do.placed1", lang)
        elif phase == "placed2":
            prompt = text("barrio.do.placed2" if v["solo"] else "barrio.do.placed2.multi", lang)
        else:
            prompt = ""
        if self.my_turn and self.legal == [{"type": "pass"}]:
            prompt = text("barrio.do.pass", lang)
            items = [("pass", text("barrio.btn.pass", lang), True)]
        if v.get("final_round") and not v["over"]:
            prompt = text("barrio.final", lang) + " " + prompt
        self.prompt = prompt
        self.places["prompt"] = (x, y, w, 44)
        # the house being placed in a panorama is shown beside the prompt
        shown = pend.get("house") if phase == "panorama" and self.my_turn else None
        text_w = w - 70 if shown is not None else w
        lines = _wrap(prompt, int(text_w / 7.4))
        for i, line in enumerate(lines[:3]):
            self.label(x + 4, y + 10 + i * 17, line, 14, THEME if self.my_turn else "#5b6468")
        y += 8 + 17 * min(3, len(lines))
        if shown is not None:
            look.house_card(d, shown, x + w - 64, y - 8 - 17 * min(3, len(lines)) + 2, 64, 87, lang)
            y = max(y, top + 93)
        if self.my_turn and phase == "gap":
            y += self.gap_choices(x, y, w, pend)
        elif self.my_turn and phase == "panorama":
            pans = v["panoramas"][self.me]
            gains = [pan_gain(pans, pend["house"], o) for o in pend["options"]]
            items = [(f"pan-{k}", text("barrio.pan.gain", lang, label=pan_label(o, lang), n=gains[k]), gains[k] == max(gains))
                     for k, o in enumerate(pend["options"])]
        elif self.my_turn and phase == "combo":
            items = [(f"combo-{k}", text("barrio.combo.opt", lang, house=house_name(h, lang), end=text(f"barrio.end.{e}", lang)), True)
                     for k, (h, e) in enumerate(pend["options"])] + [("skip", text("barrio.btn.skip", lang), False)]
        if items and self.my_turn:
            y += 4 + self.buttons(items, x, y + 4, w)
        return y + 6 - top

    def gap_choices(self, x: float, y: float, w: float, pend: dict[str, Any]) -> float:
        """Each way to close the gap as a small map; tapping one chooses it.

        The maps' cells are at least 32 units, so a double material's two letters stay apart at a readable size: the
        maps go two or one to a row when side by side they would be smaller.
        """
        options = pend["options"]
        spans = [(max(r for r, _, _ in opt) - min(r for r, _, _ in opt) + 1 if opt else 1,
                  max(c for _, c, _ in opt) - min(c for _, c, _ in opt) + 1 if opt else 1) for opt in options]
        widest = max((cols for _, cols in spans), default=1)
        per_row = max(1, len(options))
        while per_row > 1 and ((w - 6 * (per_row - 1)) / per_row - 10) / widest < 32:
            per_row -= 1
        bw = min(180.0, (w - 6 * (per_row - 1)) / per_row)
        top, row_h = y, 0.0
        for k, opt in enumerate(options):
            if k and k % per_row == 0:
                y += row_h + 6
                row_h = 0.0
            rs = [r for r, _, _ in opt] or [0]
            cs = [c for _, c, _ in opt] or [0]
            rows, cols = spans[k]
            s = min(40.0, (bw - 10) / cols)
            h = rows * s + 30
            row_h = max(row_h, h)
            bx = x + (k % per_row) * (bw + 6)
            self.d.rect(bx, y + 4, bw, h, fill="#fff", stroke=THEME, line_width=2, radius=8)
            mx = bx + (bw - cols * s) / 2
            for r, c, card in opt:
                look.material_card(self.d, card, mx + (c - min(cs)) * s, y + 8 + (r - min(rs)) * s, s - 1, s - 1, self.lang,
                                   patterns=self.patterns)
            caption = text("barrio.gap.opt", self.lang, k=k + 1)
            if look.text_width(caption, MIN_FONT, True) > bw - 6:  # narrow choices: their number alone
                caption = str(k + 1)
            self.label(bx + bw / 2, y + h - 8, caption, MIN_FONT, THEME, "center")
            self.target(f"gap-{k}", (bx, y + 4, bw, max(44.0, h)), text("barrio.gap.opt", self.lang, k=k + 1) + ": " + ", ".join(
                f"{look.card_label(card, self.lang)} ({r}, {c})" for r, c, card in opt), highlight=True)
        return y + row_h + 10 - top

    def own(self, x: float, y: float, w: float) -> float:
        """The viewer's panoramas, rubble and live score."""
        if not 0 <= self.me < self.v["players"]:  # the shared table's public view: every seat has its band among the others
            return 0.0
        v, lang, d = self.v, self.lang, self.d
        me = self.me
        top = y
        b = v["breakdown"][me]
        # the seat's own name: "You" for this device's player (solo included), its name in a replay of another's game
        name = self.names[me] if me < len(self.names) else ""
        bar = 46  # a finger's height: tapping it tells the score's parts
        d.rect(x, y, w, bar, fill="#dfe9ec", radius=8)
        rub = v["rubble"][me]
        burr = sum(1 for c in rub if c < C.NUM_MATERIALS and C.KIND[c] == C.BURRUNO)
        rubble = text("barrio.rubble", lang, n=len(rub), pts=b["rubble"]) + (f" · Bu {burr}" if burr else "")
        self.label(x + w - 8, y + bar / 2, rubble, colour=DANGER, align="right", bold=False)
        score = f" · {text('barrio.pts', lang, n=b['total'])}"  # the name gives way to the score and rubble
        room = w - 28 - look.text_width(rubble, MIN_FONT) - look.text_width(score, 14, True)
        self.label(x + 8, y + bar / 2, fit_text(name, 14, max(room, 40.0), True) + score, 14)
        self.places["rubble"] = (x + w - 90, y, 90, bar)
        self.target("score", (x, y, w, bar), text("barrio.score", lang, **b))
        y += bar + 4
        pans = v["panoramas"][me]
        self.places["pans"] = (x, y, w, 60)
        if not pans:
            self.label(x + 4, y + 10, self.whose("barrio.panoramas") + ": —", colour="#5b6468", bold=False)
            return y + 24 - top
        pw, ph = 36.0, 50.0
        cx, cy = x, y
        for pan in pans:
            pts = C.PANORAMA_POINTS[min(len(pan), 8)] if len(pan) <= 8 else panoramas_points([pan])
            caption = text("barrio.panorama", lang, n=len(pan), pts=text("barrio.pts", lang, n=pts))
            width = max(len(pan) * (pw + 2), look.text_width(caption, MIN_FONT))  # the caption under it is as wide
            if cx + width > x + w and cx > x:
                cx, cy = x, cy + ph + 22
            if len(pan) * (pw + 2) > w:
                pw2 = (w - 2 * len(pan)) / len(pan)
            else:
                pw2 = pw
            for j, hcard in enumerate(pan):
                look.house_card(d, hcard, cx + j * (pw2 + 2), cy, pw2, ph, lang)
            self.label(cx, cy + ph + 10, caption, bold=False)
            cx += max(len(pan) * (pw2 + 2), look.text_width(caption, MIN_FONT)) + 10
        return cy + ph + 18 - top

    def flash(self, f: Flash, width: float) -> None:
        """One animation step on top of everything: ring, moving card, caption."""
        d = self.d
        if f.at and f.at in self.places:
            self.ring(self.places[f.at], ACCENT, 4, 4)
        if f.src in self.places and f.dst in self.places:
            sx, sy, sw, sh = self.places[f.src]
            tx, ty, tw, th = self.places[f.dst]
            p = max(0.0, min(1.0, f.progress))
            p = p * p * (3 - 2 * p)
            cw, ch = 36.0, 48.0 if f.kind == "material" else 52.0
            cx = sx + sw / 2 + (tx + tw / 2 - sx - sw / 2) * p - cw / 2
            cy = sy + sh / 2 + (ty + th / 2 - sy - sh / 2) * p - ch / 2
            d.rect(cx + 3, cy + 4, cw, ch, fill="rgba(0,0,0,.25)", radius=6)
            look.any_card(d, f.card, cx, cy, cw, ch, self.lang, f.kind, patterns=self.patterns)
        # the caption sits over the prompt, where the player's eyes and thumb are
        px, py, pw, _ = self.places.get("prompt", (0.0, 4.0, width, 44.0))
        lines = _wrap(f.text, int((pw - 20) / 8.6))[:2]
        h = 12 + 18 * len(lines)
        d.rect(px, py, pw, h, fill="rgba(29,35,38,.92)", radius=10)
        for i, line in enumerate(lines):
            self.label(px + pw / 2, py + 15 + 18 * i, line, 14, "#fff", "center", max_width=pw - 16)


def _wrap(text: str, chars: int) -> list[str]:
    words, lines, cur = text.split(), [], ""
    for word in words:
        if cur and len(cur) + 1 + len(word) > chars:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}" if cur else word
    if cur:
        lines.append(cur)
    return lines or [""]



def paint(view: dict[str, Any], legal: list[Action], pick: Pick, lang: str, names: list[str], my_turn: bool,
          wide: bool = False, patterns: bool = True, flash: Flash | None = None, scale: float | None = None,
          narrow: float = NARROW, wide_units: float = WIDE, replaying: bool = False) -> Frame:
    """Draw the whole table for ``view`` (narrow: ``narrow`` logical units wide, 360 but on the narrowest phones, see
    :func:`narrow_width`; wide: ``wide_units``, 720 but on small boards, see :func:`wide_width`, two columns).

    ``scale`` (CSS px per logical unit, when known) lets small print such as card names appear where the table is
    shown large enough for it; every other text is at least :data:`~.look.MIN_FONT` units whatever the scale.
    """
    if flash is not None and flash.klaus is not None and view.get("klaus"):
        view = with_klaus(view, flash.klaus)
    p = _Painter(view, legal if my_turn else [], pick, lang, names, my_turn, wide, patterns, scale, replaying)
    d = p.d
    width = wide_units if wide else narrow
    d.clear(TABLE)
    m = 6.0
    top = p.klaus if view["solo"] else p.opponents
    if wide:
        col = (width - 3 * m) / 2
        xl, xr = m, 2 * m + col
        yl = m
        yl += top(xl, yl, col) + 8
        yl += p.supply(xl, yl, col) + 10
        yl += p.own(xl, yl, col)
        yr = m
        yr += p.market(xr, yr, col) + 4
        yr += p.actions(xr, yr, col)
        yr += p.hand(xr, yr, col)
        height = max(yl, yr) + m
    else:
        w = width - 2 * m
        y = m
        y += top(m, y, w) + 8
        y += p.supply(m, y, w) + 8
        y += p.market(m, y, w) + 2
        y += p.actions(m, y, w)
        y += p.hand(m, y, w) + 2
        y += p.own(m, y, w)
        height = y + m
    if flash is not None:
        p.flash(flash, width)
    return Frame(d, p.targets, width, height, p.places, p.prompt)
