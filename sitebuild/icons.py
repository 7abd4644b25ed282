"""The app's icons, drawn as PNG bytes with the standard library."""

from __future__ import annotations

import struct
import zlib
from typing import Iterable

from sitebuild.common import ACCENT_COLOUR, THEME_COLOUR, WALL_COLOUR


def png_bytes(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """Encode RGBA rows (``width * 4`` bytes each) as a PNG file."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def house_icon(size: int, maskable: bool = False) -> bytes:
    """A PNG app icon: a light house with a gold door on the theme colour.

    The plain icon is a rounded square; the maskable one fills the whole
    square and keeps the glyph inside the central 80 % safe zone.
    """
    s = size
    scale = 0.62 if maskable else 0.78  # glyph size relative to the icon
    radius = 0 if maskable else s * 0.18
    g0 = (1 - scale) / 2 * s
    gw = scale * s

    def inside_glyph(x: float, y: float) -> tuple[int, int, int] | None:
        u, v = (x - g0) / gw, (y - g0) / gw  # glyph coordinates 0..1
        if 0.2 <= u <= 0.8 and 0.45 <= v <= 0.95:  # walls
            if 0.42 <= u <= 0.58 and 0.66 <= v <= 0.95:
                return ACCENT_COLOUR  # door
            if (0.27 <= u <= 0.37 or 0.63 <= u <= 0.73) and 0.55 <= v <= 0.65:
                return THEME_COLOUR  # windows
            return WALL_COLOUR
        if 0.05 <= v < 0.5 and abs(u - 0.5) <= (v - 0.05) / 0.45 * 0.45 + 0.0:  # roof
            return ACCENT_COLOUR
        return None

    rows = []
    for y in range(s):
        row = bytearray()
        for x in range(s):
            cx, cy = x + 0.5, y + 0.5
            alpha = 255
            if radius:
                dx = max(radius - cx, 0, cx - (s - radius))
                dy = max(radius - cy, 0, cy - (s - radius))
                if dx * dx + dy * dy > radius * radius:
                    alpha = 0
            colour = inside_glyph(cx, cy) or THEME_COLOUR
            row += bytes((*colour, alpha))
        rows.append(bytes(row))
    return png_bytes(s, s, rows)
