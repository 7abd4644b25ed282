"""How Barrio's cards look on the canvas: colours, patterns, letters and glyphs, and the table's sizes (pure Python).

Colour is never the only cue: every material has its own pattern and letter,
every landscape its own glyph (waves, peak, towers), every icon its own shape.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ...barrio import cards as C
from ...barrio.text import house_name
from ..canvas import MIN_FONT, DrawList, text_width
from ...core.locale import text

INK = "#1d2326"
PAPER = "#fffdf7"
TABLE = "#efe6d2"

#: material → (fill, pattern, letter en, letter es); the letter shown is the catalogue's ``barrio.ui.letter.<material>``
MATERIAL_LOOK: dict[str, tuple[str, str, str, str]] = {
    "wood": ("#b5793c", "stripes", "W", "M"),
    "brick": ("#c9533d", "grid", "B", "L"),
    "stone": ("#a3a9ad", "dots", "S", "P"),
    "concrete": ("#5d6b74", "cross", "C", "H"),
    "vegetal": ("#4f9a3f", "waves", "V", "V"),
    "burruno": ("#7a5aa6", "dots", "?", "?"),
}
#: landscape → (strong colour, light tint)
LANDSCAPE_LOOK: dict[str, tuple[str, str]] = {
    "sea": ("#2770a8", "#dbeaf5"),
    "mountain": ("#4f7d2c", "#e2eed5"),
    "city": ("#a2561c", "#f6e4d2"),
}
ICON_COLOUR = {"sun": "#e0a100", "moon": "#44508f", "star": "#b8322a"}
#: a card's name is small print: drawn only where it can be at least 12 CSS px (see :func:`~game.ui.canvas.least_font`)
NAME_FONT = 9

class _Names:
    """Words of one kind per language from the catalogue: ``MAT_NAMES[lang]["wood/brick"]`` reads ``barrio.ui.mat.wood_brick``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def __getitem__(self, lang: str) -> "_Named":
        return _Named(self.prefix, lang)


class _Named:
    def __init__(self, prefix: str, lang: str) -> None:
        self.prefix, self.lang = prefix, lang

    def __getitem__(self, name: str) -> str:
        return text(f"{self.prefix}.{name.replace('/', '_')}", self.lang)


MAT_NAMES = _Names("barrio.ui.mat")
LANDSCAPE_NAMES = _Names("barrio.ui.landscape")
ICON_NAMES = _Names("barrio.ui.icon")


def letter(material: str, lang: str) -> str:
    """The one-letter mark of a plain material in ``lang``."""
    return text(f"barrio.ui.letter.{material.replace('/', '_')}", lang)


def material_of(card: int) -> str:
    """The material name of a material card id ("wood", "wood/brick", "burruno", …)."""
    return C.KIND_NAMES[C.KIND[card]]


def card_label(card: int | None, lang: str) -> str:
    """A card in words for a screen reader: "brick", "Lighthouse: 1 point, sun, costs wood + stone, sea | sea"."""
    if card is None:
        return text("barrio.ui.face_down", lang)
    if card < C.NUM_MATERIALS:
        return MAT_NAMES[lang][material_of(card)]
    h = C.HOUSES[card]
    pts = text("barrio.ui.points", lang, n=h["points"])
    return text("barrio.ui.house_label", lang, name=house_name(card, lang), points=pts, icon=ICON_NAMES[lang][h["icon"]],
             cost=" + ".join(MAT_NAMES[lang][m] for m in h["cost"]), left=LANDSCAPE_NAMES[lang][h["left"]],
             right=LANDSCAPE_NAMES[lang][h["right"]])



# ---------------------------------------------------------------------------- the table's sizes
NARROW, WIDE = 360, 720
#: the least CSS px per unit of the narrow table: 13-unit text stays 12.6 CSS px and a 46-unit button 44
LEAST_SCALE = 0.97
#: the least side of a hand card, in units: 44 CSS px at the least scale the table is shown at
FINGER_UNITS = 44.0 / LEAST_SCALE


def narrow_width(css: float | None) -> float:
    """The narrow table's logical width for a board ``css`` px wide: :data:`NARROW` units, fewer on a phone narrower
    than that (320 px, say) so that the table is never shown under :data:`LEAST_SCALE` CSS px per unit."""
    if not css or css >= NARROW * LEAST_SCALE:
        return NARROW
    return max(280.0, float(math.floor(css / LEAST_SCALE)))


#: the least logical width of the wide table: two columns of 303 units, where six cards of the hand are still
#: 45 units wide (more wrap to a second row)
LEAST_WIDE = 2 * 303 + 18


def wide_width(css: float | None) -> float:
    """The wide table's logical width for a board ``css`` px wide: :data:`WIDE` units, fewer on a smaller board (a
    phone on its side, 600–700 px) so that it is never shown under :data:`LEAST_SCALE` CSS px per unit, down to
    :data:`LEAST_WIDE`: its columns then hold what the upright table holds on the narrowest phone."""
    if not css or css >= WIDE * LEAST_SCALE:
        return WIDE
    return max(float(LEAST_WIDE), float(math.floor(css / LEAST_SCALE)))


def shown_size(text: str, px: float, width: float, bold: bool = False) -> float:
    """The size ``text`` is seen at when drawn at ``px`` squeezed into ``width`` (canvas ``max_width``)."""
    return px * min(1.0, width / max(1e-6, text_width(text, px, bold)))


@lru_cache(maxsize=64)  # asked every frame with the same few sizes
def names_fit(lang: str, least: float, width: float) -> bool:
    """Whether every material's name fits a card's name band ``width`` wide at a readable size (all or none)."""
    return all(shown_size(MAT_NAMES[lang][m], max(NAME_FONT, least), width, True) >= least
               for m in ("wood", "brick", "stone", "concrete", "vegetal", "burruno"))


@lru_cache(maxsize=64)
def house_names_fit(lang: str, least: float, width: float) -> bool:
    """Whether every house's name fits a card ``width`` wide at a readable size (all or none, so cards look alike)."""
    return all(shown_size(house_name(card, lang), max(NAME_FONT, least), width, True) >= least for card in C.HOUSES)


# ---------------------------------------------------------------------------- glyphs
def glyph_icon(d: DrawList, icon: str, cx: float, cy: float, r: float) -> None:
    """Sun (disc with rays), moon (crescent) or star (five points): shape, not only colour."""
    col = ICON_COLOUR[icon]
    if icon == "sun":
        for k in range(8):
            a = k * math.pi / 4
            d.line(cx + math.cos(a) * r * 0.62, cy + math.sin(a) * r * 0.62, cx + math.cos(a) * r, cy + math.sin(a) * r, col, max(1.2, r * 0.16))
        d.circle(cx, cy, r * 0.5, fill=col, stroke=INK, line_width=0.8)
    elif icon == "moon":
        d.circle(cx, cy, r * 0.85, fill=col, stroke=INK, line_width=0.8)
        d.circle(cx + r * 0.42, cy - r * 0.25, r * 0.68, fill=PAPER)
    else:
        pts: list[float] = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r if k % 2 == 0 else r * 0.45
            pts += [round(cx + math.cos(a) * rr, 2), round(cy + math.sin(a) * rr, 2)]
        d.poly(pts, fill=col, stroke=INK, line_width=0.8)


def glyph_landscape(d: DrawList, land: str, x: float, y: float, s: float) -> None:
    """A connection symbol in an ``s``×``s`` box: sea = waves, mountain = a peak, city = towers."""
    strong, light = LANDSCAPE_LOOK[land]
    d.rect(x, y, s, s, fill=strong, radius=s * 0.22)
    w = max(1.2, s * 0.11)
    if land == "sea":
        for k in (0.38, 0.66):
            yy = y + s * k
            d.line(x + s * 0.15, yy, x + s * 0.38, yy - s * 0.1, "#fff", w)
            d.line(x + s * 0.38, yy - s * 0.1, x + s * 0.62, yy, "#fff", w)
            d.line(x + s * 0.62, yy, x + s * 0.85, yy - s * 0.1, "#fff", w)
    elif land == "mountain":
        d.poly([x + s * 0.12, y + s * 0.84, x + s * 0.5, y + s * 0.16, x + s * 0.88, y + s * 0.84], fill="#fff")
        d.poly([x + s * 0.36, y + s * 0.42, x + s * 0.5, y + s * 0.16, x + s * 0.64, y + s * 0.42], fill=strong)
    else:
        d.rect(x + s * 0.16, y + s * 0.42, s * 0.24, s * 0.44, fill="#fff")
        d.rect(x + s * 0.44, y + s * 0.16, s * 0.22, s * 0.70, fill="#fff")
        d.rect(x + s * 0.70, y + s * 0.52, s * 0.16, s * 0.34, fill="#fff")


def cost_chip(d: DrawList, material: str, x: float, y: float, w: float, h: float, lang: str) -> None:
    """A small block of a material's colour with its letter (at least :data:`MIN_FONT`)."""
    fill, pat, _, _ = MATERIAL_LOOK[material]
    d.rect(x, y, w, h, fill=fill, stroke=INK, line_width=0.8, radius=2)
    d.text(x + w / 2, y + h / 2 + 0.5, letter(material, lang), font=f"bold {max(MIN_FONT, h * 0.72):.1f}px sans-serif",
           colour="#fff", align="center", baseline="middle")


def burruno_face(d: DrawList, cx: float, cy: float, r: float) -> None:
    """The Burruño mark: a round face with ears (shape, not only the purple)."""
    d.circle(cx - r * 0.7, cy - r * 0.75, r * 0.38, fill="#fff", stroke=INK, line_width=0.8)
    d.circle(cx + r * 0.7, cy - r * 0.75, r * 0.38, fill="#fff", stroke=INK, line_width=0.8)
    d.circle(cx, cy, r, fill="#fff", stroke=INK, line_width=0.8)
    d.circle(cx - r * 0.35, cy - r * 0.15, r * 0.14, fill=INK)
    d.circle(cx + r * 0.35, cy - r * 0.15, r * 0.14, fill=INK)
    d.line(cx - r * 0.3, cy + r * 0.4, cx + r * 0.3, cy + r * 0.4, INK, max(1, r * 0.12))


# ---------------------------------------------------------------------------- cards
def material_card(d: DrawList, card: int, x: float, y: float, w: float, h: float, lang: str, patterns: bool = True,
                  names: bool = False, least: float = MIN_FONT) -> None:
    """A material card: colour, pattern, a big letter in a white disc (or the Burruño face), and with ``names`` its
    name on a band (drawn where the name is at least ``least`` units: see :func:`names_fit`)."""
    mat = material_of(card)
    r = min(w, h) * 0.12
    if "/" in mat:  # a double: two halves, two letters
        a, b = mat.split("/")
        d.rect(x, y, w, h, fill=MATERIAL_LOOK[a][0], radius=r)
        d.poly([x + w, y, x + w, y + h, x, y + h], fill=MATERIAL_LOOK[b][0])
        if patterns:
            d.pattern(x, y, w, h, MATERIAL_LOOK[a][1], "rgba(255,255,255,.28)", radius=r)
        d.rect(x, y, w, h, stroke=INK, line_width=1.2, radius=r)
        size = max(MIN_FONT, min(w, h) * 0.36 * 0.85)
        for m, (px, py) in ((a, (x + w * 0.28, y + h * 0.3)), (b, (x + w * 0.72, y + h * 0.7))):
            d.circle(px, py, size * 0.73, fill="#fff", stroke=INK, line_width=0.8)
            d.text(px, py + 0.5, letter(m, lang), font=f"bold {size:.1f}px sans-serif", colour=INK, align="center", baseline="middle")
        return
    fill, pat, _, _ = MATERIAL_LOOK[mat]
    d.rect(x, y, w, h, fill=fill, radius=r)
    if patterns:
        d.pattern(x, y, w, h, pat, "rgba(255,255,255,.3)", radius=r)
    d.rect(x, y, w, h, stroke=INK, line_width=1.2, radius=r)
    s = min(w, h)
    band = names and h > w * 1.15  # a tall card has room for its name under the letter
    size = max(NAME_FONT, least)
    band_h = size + 4
    cy = y + (h - band_h - 2) * 0.5 if band else y + h * (0.44 if h > w * 1.15 else 0.5)
    if mat == "burruno":
        burruno_face(d, x + w / 2, cy, s * 0.24)
    else:
        font = max(MIN_FONT, s * 0.36)
        d.circle(x + w / 2, cy, max(s * 0.3, font * 0.7), fill="#fff", stroke=INK, line_width=0.8)
        d.text(x + w / 2, cy + 1, letter(mat, lang), font=f"bold {font:.1f}px sans-serif", colour=INK, align="center", baseline="middle")
    if band:
        d.rect(x + 2, y + h - band_h - 2, w - 4, band_h, fill="rgba(255,255,255,.85)", radius=3)
        d.text(x + w / 2, y + h - 2 - band_h / 2, MAT_NAMES[lang][mat], font=f"bold {size:.1f}px sans-serif", colour=INK,
               align="center", baseline="middle", max_width=w - 6)


def face_down(d: DrawList, x: float, y: float, w: float, h: float, kind: str = "material") -> None:
    """The back of a card: materials a brick-red back, houses a blue one, both with a lattice."""
    fill = "#6d4c3d" if kind == "material" else "#35566b"
    d.rect(x, y, w, h, fill=fill, stroke=INK, line_width=1.2, radius=min(w, h) * 0.12)
    d.pattern(x + 3, y + 3, w - 6, h - 6, "cross", "rgba(255,255,255,.18)", radius=4)


def house_card(d: DrawList, card: int, x: float, y: float, w: float, h: float, lang: str, name: bool = False,
               least: float = MIN_FONT) -> None:
    """A house card: points (top left), icon (top right), cost chips, both connection symbols, and with ``name`` its
    name (drawn at ``least`` units at least: see :func:`house_names_fit`).

    Scales from a mini panorama card (~22 wide: points, icon, symbols) to a market card (~64 wide).
    """
    info = C.HOUSES[card]
    strong, light = LANDSCAPE_LOOK[info["landscape"]]
    r = min(w, h) * 0.1
    d.rect(x, y, w, h, fill=light, stroke=INK, line_width=1.2, radius=r)
    d.rect(x, y, w, h * 0.08, fill=strong, radius=r)
    big = w >= 48
    ss = w * (0.3 if big else 0.4)  # connection symbols
    if big:
        ps = w * 0.36  # points disc
        d.circle(x + ps * 0.62, y + ps * 0.7, ps * 0.5, fill="#fff", stroke=INK, line_width=1)
        d.text(x + ps * 0.62, y + ps * 0.72 + 0.5, str(info["points"]), font=f"bold {max(MIN_FONT, ps * 0.62):.1f}px sans-serif",
               colour=INK, align="center", baseline="middle")
        ir = w * 0.15
        glyph_icon(d, info["icon"], x + w - ir - 4, y + ir + 6, ir)
        cost = info["cost"]
        gap = 1.5
        cw = min(17.0, (w - 4 - gap * (len(cost) - 1)) / max(1, len(cost)))  # four chips of 14 still hold a 13-unit letter
        ch = 17.0
        total = len(cost) * (cw + gap) - gap
        top = y + ps * 1.25
        size = max(NAME_FONT, least)
        top += max(0.0, (y + h - ss - 5) - top - ch - 2 - (size + 3 if name else 0)) / 2  # centred above the symbols
        if name:
            d.text(x + w / 2, top + size / 2 + 1, house_name(info["id"], lang), font=f"bold {size:.1f}px sans-serif",
                   colour=INK, align="center", baseline="middle", max_width=w - 6)
            top += size + 3
        for i, m in enumerate(cost):
            cost_chip(d, m, x + (w - total) / 2 + i * (cw + gap), top, cw, ch, lang)
    else:  # the points as a corner figure, the icon beside it
        d.rect(x + 1.5, y + h * 0.08 + 1, 11, 15, fill="#fff", stroke=INK, line_width=0.8, radius=2)
        d.text(x + 7, y + h * 0.08 + 9, str(info["points"]), font=f"bold {MIN_FONT}px sans-serif", colour=INK, align="center",
               baseline="middle")
        ir = min(w * 0.2, 6.0)
        glyph_icon(d, info["icon"], x + w - ir - 2, y + h * 0.08 + 2 + ir, ir)
    d.line(x + 3, y + h - ss - 5, x + w - 3, y + h - ss - 5, "rgba(0,0,0,.25)", 1)
    glyph_landscape(d, info["left"], x + 3, y + h - ss - 3, ss)
    glyph_landscape(d, info["right"], x + w - ss - 3, y + h - ss - 3, ss)


def any_card(d: DrawList, card: int | None, x: float, y: float, w: float, h: float, lang: str, kind: str = "material",
             patterns: bool = True) -> None:
    """A material (its colour-blind pattern when ``patterns``), a house, or a face-down card."""
    if card is None:
        face_down(d, x, y, w, h, kind)
    elif card < C.NUM_MATERIALS:
        material_card(d, card, x, y, w, h, lang, patterns=patterns)
    else:
        house_card(d, card, x, y, w, h, lang)

