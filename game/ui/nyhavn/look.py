"""How Nyhavn's table looks on the canvas: colours, fonts, and the drawing of cards, facade cells, glyphs and
shields (pure Python).

Colour is never the only cue: every card colour has its own glyph and pattern.
"""

from __future__ import annotations

import math

from ..canvas import MIN_FONT, DrawList, fit_text, text_width
from .layout import DARK, FILL, GLYPH, PATTERN, Box

COLOURS = ("blue", "yellow", "red", "green", "purple")
ABILITIES = ("any_cards", "additional_card", "construction_discount", "change_of_colours", "both_actions")
PAPER, BOARD, INK, MUTED, LEGAL, WRONG, ACCENT = "#faf3e3", "#e6d6b5", "#1d2326", "#5b6468", "#1e8a3c", "#c4161c", "#f2b134"
STAR = [v for i in range(10) for v in ((1 if i % 2 == 0 else 0.45) * math.cos(-math.pi / 2 + i * math.pi / 5),
                                         (1 if i % 2 == 0 else 0.45) * math.sin(-math.pi / 2 + i * math.pi / 5))]
"""A five-pointed star of radius 1 round (0, 0): x0, y0, x1, y1, …"""
FLASH_MS = 900  #: how long a completed row or column flashes


def short_name(name: str, px: float, width: float, bold: bool = False) -> str:
    """A seat's name in about ``width`` units: whole, else without its "(computer, weak)" part, else cut."""
    if text_width(name, px, bold) <= width or " (" not in name:
        return fit_text(name, px, width, bold)
    return fit_text(name[:name.index(" (")], px, width, bold)


def font(px: float = MIN_FONT, bold: bool = False) -> str:
    """A canvas font of at least :data:`MIN_FONT` units."""
    return f"{'bold ' if bold else ''}{max(px, MIN_FONT):g}px sans-serif"


def draw_glyph(d: DrawList, cx: float, cy: float, r: float, colour: str, fill: str = "#fff") -> None:
    """The colour's own shape (circle, triangle, square, diamond, star): colour is never the only cue."""
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


def draw_card(patterns: bool, d: DrawList, b: Box, colour: str, radius: float = 6) -> None:
    """A colour card face up in box ``b`` (its pattern when ``patterns``, its glyph in the middle)."""
    d.rect(b.x, b.y, b.w, b.h, fill=FILL[colour], stroke=DARK[colour], line_width=1.5, radius=radius)
    if patterns:
        d.pattern(b.x, b.y, b.w, b.h, PATTERN[colour], colour="rgba(255,255,255,.55)", radius=radius)
    draw_glyph(d, b.x + b.w / 2, b.y + b.h / 2, min(b.w, b.h) * 0.2, colour)


def draw_cell(patterns: bool, d: DrawList, x: float, y: float, s: float, colour: str, window: bool) -> None:
    """One facade square: a glazed window (pane with mullions) or brick (courses of bricks)."""
    d.rect(x, y, s, s, fill=FILL[colour], stroke=DARK[colour], line_width=max(0.6, s / 30))
    if patterns and colour in PATTERN and s >= 16:
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


def draw_shield(d: DrawList, cx: float, cy: float, r: float, fill: str = "#b8860b", stroke: str = "#6b4e0a") -> None:
    """A coat of arms of half-width ``r`` centred on ``(cx, cy)``."""
    d.poly([cx - r, cy - r, cx + r, cy - r, cx + r, cy + r * 0.2, cx, cy + r * 1.1, cx - r, cy + r * 0.2],
           fill=fill, stroke=stroke, line_width=1)
