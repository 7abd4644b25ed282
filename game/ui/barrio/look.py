"""How Barrio's cards look on the canvas: colours, patterns, letters and glyphs (pure Python).

Colour is never the only cue: every material has its own pattern and letter,
every landscape its own glyph (waves, peak, towers), every icon its own shape.
"""

from __future__ import annotations

import math
from ...barrio import cards as C
from ...barrio.text import house_name
from ..canvas import DrawList
from ..i18n import t

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
        return t(f"{self.prefix}.{name.replace('/', '_')}", self.lang)


MAT_NAMES = _Names("barrio.ui.mat")
LANDSCAPE_NAMES = _Names("barrio.ui.landscape")
ICON_NAMES = _Names("barrio.ui.icon")


def letter(material: str, lang: str) -> str:
    """The one-letter mark of a plain material in ``lang``."""
    return t(f"barrio.ui.letter.{material.replace('/', '_')}", lang)


def material_of(card: int) -> str:
    """The material name of a material card id ("wood", "wood/brick", "burruno", …)."""
    return C.KIND_NAMES[C.KIND[card]]


def card_label(card: int | None, lang: str) -> str:
    """A card in words for a screen reader: "brick", "Lighthouse: 1 point, sun, costs wood + stone, sea | sea"."""
    if card is None:
        return t("barrio.ui.face_down", lang)
    if card < C.NUM_MATERIALS:
        return MAT_NAMES[lang][material_of(card)]
    h = C.HOUSES[card]
    pts = t("barrio.ui.point" if h["points"] == 1 else "barrio.ui.points", lang, n=h["points"])
    return t("barrio.ui.house_label", lang, name=house_name(card, lang), points=pts, icon=ICON_NAMES[lang][h["icon"]],
             cost=" + ".join(MAT_NAMES[lang][m] for m in h["cost"]), left=LANDSCAPE_NAMES[lang][h["left"]],
             right=LANDSCAPE_NAMES[lang][h["right"]])


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


def cost_chip(d: DrawList, material: str, x: float, y: float, s: float, lang: str) -> None:
    """A small square of a material's colour and pattern with its letter."""
    fill, pat, _, _ = MATERIAL_LOOK[material]
    d.rect(x, y, s, s, fill=fill, stroke=INK, line_width=0.8, radius=2)
    d.text(x + s / 2, y + s / 2 + 0.5, letter(material, lang), font=f"bold {s * 0.72:.1f}px sans-serif", colour="#fff",
           align="center", baseline="middle")


def burruno_face(d: DrawList, cx: float, cy: float, r: float) -> None:
    """The Burruño mark: a round face with ears (shape, not only the purple)."""
    d.circle(cx - r * 0.7, cy - r * 0.75, r * 0.38, fill="#fff", stroke=INK, line_width=0.8)
    d.circle(cx + r * 0.7, cy - r * 0.75, r * 0.38, fill="#fff", stroke=INK, line_width=0.8)
    d.circle(cx, cy, r, fill="#fff", stroke=INK, line_width=0.8)
    d.circle(cx - r * 0.35, cy - r * 0.15, r * 0.14, fill=INK)
    d.circle(cx + r * 0.35, cy - r * 0.15, r * 0.14, fill=INK)
    d.line(cx - r * 0.3, cy + r * 0.4, cx + r * 0.3, cy + r * 0.4, INK, max(1, r * 0.12))


# ---------------------------------------------------------------------------- cards
def material_card(d: DrawList, card: int, x: float, y: float, w: float, h: float, lang: str, patterns: bool = True) -> None:
    """A material card: colour, pattern, a big letter in a white disc (or the Burruño face), a name."""
    mat = material_of(card)
    r = min(w, h) * 0.12
    if "/" in mat:  # a double: two halves, two letters
        a, b = mat.split("/")
        d.rect(x, y, w, h, fill=MATERIAL_LOOK[a][0], radius=r)
        d.poly([x + w, y, x + w, y + h, x, y + h], fill=MATERIAL_LOOK[b][0])
        if patterns:
            d.pattern(x, y, w, h, MATERIAL_LOOK[a][1], "rgba(255,255,255,.28)", radius=r)
        d.rect(x, y, w, h, stroke=INK, line_width=1.2, radius=r)
        s = min(w, h) * 0.36
        for m, (px, py) in ((a, (x + w * 0.28, y + h * 0.3)), (b, (x + w * 0.72, y + h * 0.7))):
            d.circle(px, py, s * 0.62, fill="#fff", stroke=INK, line_width=0.8)
            d.text(px, py + 0.5, letter(m, lang), font=f"bold {s * 0.85:.1f}px sans-serif", colour=INK, align="center", baseline="middle")
        return
    fill, pat, _, _ = MATERIAL_LOOK[mat]
    d.rect(x, y, w, h, fill=fill, radius=r)
    if patterns:
        d.pattern(x, y, w, h, pat, "rgba(255,255,255,.3)", radius=r)
    d.rect(x, y, w, h, stroke=INK, line_width=1.2, radius=r)
    s = min(w, h)
    cy = y + h * (0.44 if h > w * 1.15 else 0.5)
    if mat == "burruno":
        burruno_face(d, x + w / 2, cy, s * 0.24)
    else:
        d.circle(x + w / 2, cy, s * 0.3, fill="#fff", stroke=INK, line_width=0.8)
        d.text(x + w / 2, cy + 1, letter(mat, lang), font=f"bold {s * 0.36:.1f}px sans-serif", colour=INK, align="center", baseline="middle")
    if h > w * 1.15:
        name = MAT_NAMES[lang][mat]
        d.rect(x + 2, y + h - 15, w - 4, 13, fill="rgba(255,255,255,.85)", radius=3)
        d.text(x + w / 2, y + h - 8, name, font="bold 9px sans-serif", colour=INK, align="center", baseline="middle", max_width=w - 6)


def face_down(d: DrawList, x: float, y: float, w: float, h: float, kind: str = "material") -> None:
    """The back of a card: materials a brick-red back, houses a blue one, both with a lattice."""
    fill = "#6d4c3d" if kind == "material" else "#35566b"
    d.rect(x, y, w, h, fill=fill, stroke=INK, line_width=1.2, radius=min(w, h) * 0.12)
    d.pattern(x + 3, y + 3, w - 6, h - 6, "cross", "rgba(255,255,255,.18)", radius=4)


def house_card(d: DrawList, card: int, x: float, y: float, w: float, h: float, lang: str, name: bool = True) -> None:
    """A house card: points (top left), icon (top right), name, cost chips, and both connection symbols.

    Scales from a mini panorama card (~30 wide: points, icon, symbols) to a market card (~64 wide).
    """
    info = C.HOUSES[card]
    strong, light = LANDSCAPE_LOOK[info["landscape"]]
    r = min(w, h) * 0.1
    d.rect(x, y, w, h, fill=light, stroke=INK, line_width=1.2, radius=r)
    d.rect(x, y, w, h * 0.08, fill=strong, radius=r)
    big = w >= 48
    ps = w * (0.36 if big else 0.5)  # points disc
    d.circle(x + ps * 0.62, y + ps * 0.7, ps * 0.5, fill="#fff", stroke=INK, line_width=1)
    d.text(x + ps * 0.62, y + ps * 0.72 + 0.5, str(info["points"]), font=f"bold {ps * 0.62:.1f}px sans-serif",
           colour=INK, align="center", baseline="middle")
    ir = w * (0.15 if big else 0.2)
    if big:
        glyph_icon(d, info["icon"], x + w - ir - 4, y + ir + 6, ir)
    else:
        glyph_icon(d, info["icon"], x + w / 2, y + h * 0.52, ir)
    ss = w * (0.3 if big else 0.4)
    if big:
        if name:
            d.text(x + w / 2, y + h * 0.43, house_name(info["id"], lang), font="bold 9px sans-serif",
                   colour=INK, align="center", baseline="middle", max_width=w - 6)
        cost = info["cost"]
        cs = min(15.0, (w - 8) / max(1, len(cost)) - 2)
        total = len(cost) * (cs + 2) - 2
        cx = x + (w - total) / 2
        cy = y + h * 0.53
        for i, m in enumerate(cost):
            cost_chip(d, m, cx + i * (cs + 2), cy, cs, lang)
    d.line(x + 3, y + h - ss - 5, x + w - 3, y + h - ss - 5, "rgba(0,0,0,.25)", 1)
    glyph_landscape(d, info["left"], x + 3, y + h - ss - 3, ss)
    glyph_landscape(d, info["right"], x + w - ss - 3, y + h - ss - 3, ss)


def any_card(d: DrawList, card: int | None, x: float, y: float, w: float, h: float, lang: str, kind: str = "material") -> None:
    """A material, a house, or a face-down card."""
    if card is None:
        face_down(d, x, y, w, h, kind)
    elif card < C.NUM_MATERIALS:
        material_card(d, card, x, y, w, h, lang)
    else:
        house_card(d, card, x, y, w, h, lang)

