"""The Neue Heimat table as a drawing: geometry, pieces, highlights and tap targets.

Pure Python (no browser): :func:`draw_table` turns an engine view plus the
screen's :class:`Scene` (the legal actions, the selection, the animations)
into a :class:`~game.ui.canvas.Frame`: the drawing, the
:class:`~game.ui.canvas.Target` buttons laid over it, its size and places,
so the layout and the hit logic are tested under CPython; :func:`tap` says
what a tapped target asks of the screen. Two layouts: portrait (360 logical
units wide, everything stacked: phones) and wide (730 wide, board on the
left, players and display on the right: tablets and desktops).
"""

from __future__ import annotations

from functools import partial
import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable

from ..canvas import MIN_FONT, DrawList, Frame, Outcome, Target, fit_text, text_width
from .offers import action_for_key as action_for_key, bid_offered as bid_offered, bid_steps as bid_steps
from .offers import panel_actions as panel_actions, stepper_amounts as stepper_amounts, stepper_start as stepper_start
from .labels import COLOUR_NAMES, ROW_NAMES, piece_words, w

#: fill, text colour, colour-blind pattern (None: plain) and the pattern's ink, per cube colour 0–5
CUBE_STYLE: tuple[tuple[str, str, str | None, str], ...] = (
    ("#cf3f36", "#fff", "stripes", "rgba(255,255,255,.55)"),
    ("#f0c232", "#1d2326", "dots", "rgba(0,0,0,.45)"),
    ("#3b9447", "#fff", "grid", "rgba(255,255,255,.5)"),
    ("#3769bf", "#fff", "cross", "rgba(255,255,255,.5)"),
    ("#f6f2e8", "#1d2326", None, "rgba(0,0,0,.4)"),
    ("#2a2a2a", "#fff", "waves", "rgba(255,255,255,.55)"),
)
PAPER, INK, MUTED, GOOD, BAD, HILITE = "#faf3e3", "#1d2326", "#5b6468", "#2e6b3a", "#a4262c", "#f2b134"
GRASS, RIVER, ROAD, LOT, LOT_OFF = "#dfe8c8", "#8cc3e0", "#b9b2a3", "#efe6cf", "#e4dccb"

PORTRAIT_W, WIDE_W = 360, 730
#: the least font size is :data:`~game.ui.canvas.MIN_FONT`: 360 units fill a 360-px phone less its margins, so every
#: text is at least 12 CSS px there; a table shown smaller (a 320-px phone, the wide table in a narrow window) draws
#: with a larger least size (:attr:`Scene.least`, from :func:`~game.ui.canvas.least_font`)
ROWS, LOTS = 3, 10
#: the road: each row's length and its unit ("4 solares", "4 terrains" whole at the least size), completion,
#: permits, the mayor
LABEL_W = 54
LOT_W = 30
RIVER_W = 6  # between lot 4 and lot 5
CUBE_W, CUBE_H, ROOF_H = 26, 13, 16
ROW_H = 128  # one board row: roof + six cubes, then the house's points and owner
AUCTION_H = 76  # the piece on auction, the high bid and who is to act
DISP_CUBE = 36  # a display cube, DISP_PITCH apart; an end cube's button reaches DISP_REACH further out
DISP_PITCH, DISP_ROW_H, DISP_REACH = 40, 54, 18  # buttons 58 × 52 units: 44 CSS px on a 320-px phone
#: the wide table (shown at 1:1 or larger) keeps its rows lower, so it stays wide in a desktop window's height
DISP_ROW_H_WIDE = 46
SUPPLY_SLOT_H = 54


@dataclass
class Scene:
    """What the screen adds to the view for one frame: selection, animations, walk-through."""

    names: list[str]  #: seat names
    viewer: int | None  #: whose table it is (None: nobody's, e.g. behind the pass screen)
    my_turn: bool  #: the viewer must act now
    legal: list[dict[str, Any]]  #: the viewer's legal actions (empty when not their turn)
    lang: str = "en"
    #: the names on the score rows, beside each seat's mark ("P2 Computer": short enough for a phone); default ``names``
    row_names: list[str] = field(default_factory=list)
    patterns: bool = False
    hide_money: bool = False  #: show only the viewer's money (hot-seat with hidden money)
    focus_house: tuple[int, int] | None = None  #: the house the scoring walk-through is on
    flashes: dict[str, float] = field(default_factory=dict)  #: key → 0..1 progress of a short animation
    floats: dict[int, tuple[str, float]] = field(default_factory=dict)  #: seat → (money change, progress) rising by its row
    least: float = MIN_FONT  #: the least font size in units: 12 CSS px at the table's scale (see :func:`~game.ui.canvas.least_font`)
    #: the lots are smaller than a finger (or a mouse) can hit at this size: a piece is placed row first, then on a
    #: lot of that row shown large (:attr:`zoom_row`)
    small_lots: bool = False
    zoom_row: int | None = None  #: the row shown large while placing on a table with :attr:`small_lots`


def lot_x(lot: int, left: float = 0) -> float:
    """Left edge of a lot (the river sits between lots 4 and 5)."""
    return left + LABEL_W + lot * LOT_W + (RIVER_W if lot >= 4 else 0) + 2


def board_height() -> float:
    return 18 + ROWS * ROW_H


def font(least: float, px: float = MIN_FONT, bold: bool = False, family: str = "sans-serif") -> str:
    """A canvas font of at least ``least`` units (the frame's least size, :attr:`Scene.least`)."""
    return f"{'bold ' if bold else ''}{max(px, least):g}px {family}"


def fits(text: str, px: float, width: float, bold: bool = False) -> bool:
    """Whether ``text`` at ``px`` fits in ``width`` units unsqueezed."""
    return text_width(text, px, bold) <= width


def wrap(text: str, px: float, width: float, lines: int, bold: bool = False) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` units at ``px``; the last one cut with an ellipsis if need be."""
    out: list[str] = []
    words = text.split()
    while words and len(out) < lines - 1:
        k = len(words)
        while k > 1 and not fits(" ".join(words[:k]), px, width, bold):
            k -= 1
        out.append(" ".join(words[:k]))
        words = words[k:]
    if words:
        out.append(fit_text(" ".join(words), px, width, bold))
    return out


def players_height(n: int) -> float:
    return 18 + 26 * n


def layout(n: int, wide: bool, market_first: bool = False) -> dict[str, tuple[float, float]]:
    """Top-left corners of the sections, and the total size under ``"size"`` (the same whatever the order).

    ``market_first`` (upright phones, when the player is about to choose a piece to auction): the display and
    the roofs and special pieces come before the board, so the choice is on screen without scrolling.
    """
    if wide:
        right = PORTRAIT_W + 10
        y = 0.0
        spots = {"board": (0.0, 0.0), "players": (right, y)}
        y += players_height(n) + 6
        spots["auction"] = (right, y)
        y += AUCTION_H + 6
        spots["display"] = (right, y)
        y += 20 + 3 * DISP_ROW_H_WIDE + 4
        spots["supply"] = (right, y)
        y += SUPPLY_SLOT_H + 20
        spots["size"] = (WIDE_W, max(y, board_height()) + 4)
        return spots
    y = 0.0
    spots = {"players": (0.0, y)}
    y += players_height(n) + 4
    spots["auction"] = (0.0, y)
    y += AUCTION_H + 6
    order = ("display", "supply", "board") if market_first else ("board", "display", "supply")
    height = {"board": board_height() + 6, "display": 20 + 3 * DISP_ROW_H + 4, "supply": SUPPLY_SLOT_H + 20}
    for part in order:
        spots[part] = (0.0, y)
        y += height[part]
    spots["size"] = (PORTRAIT_W, y)
    return spots


def table_size(n: int, wide: bool) -> tuple[float, float]:
    """Logical width and height of the table."""
    return layout(n, wide)["size"]


# --------------------------------------------------------------------------- pieces

def draw_cube(d: DrawList, least: float, x: float, y: float, wd: float, ht: float, colour: int, pips: int, patterns: bool,
              font: float = 0) -> None:
    """A floor cube: its colour, its pips as a number (``font`` units, at least the frame's least size), and its
    colour-blind pattern when asked."""
    font = max(font, least)
    fill, ink, pattern, pattern_ink = CUBE_STYLE[colour]
    d.rect(x, y, wd, ht, fill=fill, stroke="#1d2326", line_width=1, radius=2)
    if patterns and pattern:
        d.pattern(x, y, wd, ht, pattern, colour=pattern_ink, radius=2)
    if patterns and pattern:  # a plain patch behind the number keeps it readable over the pattern
        patch_h = min(font * 1.2, ht - 2)
        d.rect(x + wd / 2 - font * 0.55, y + ht / 2 - patch_h / 2, font * 1.1, patch_h, fill=fill, radius=2)
    d.text(x + wd / 2, y + ht / 2 + 0.5, str(pips), font=f"bold {font:g}px sans-serif", colour=ink, align="center", baseline="middle")


def draw_roof(d: DrawList, least: float, x: float, y: float, wd: float, ht: float, value: int | None, font: float = 0) -> None:
    """A roof: a red-brown gable with its number (blank roofs show nothing, None: face down)."""
    font = max(font, least)
    d.poly([x, y + ht, x + wd / 2, y, x + wd, y + ht], fill="#8d4b32" if value is not None else "#6d625a", stroke="#3b2418")
    if value:
        d.text(x + wd / 2, y + ht * 0.68, str(value), font=f"bold {font:g}px sans-serif", colour="#fff", align="center", baseline="middle")
    elif value is None:
        d.text(x + wd / 2, y + ht * 0.68, "?", font=f"bold {font:g}px sans-serif", colour="#fff", align="center", baseline="middle")


def draw_mayor(d: DrawList, cx: float, cy: float, size: float = 1.0) -> None:
    """The mayor: a dark pawn with a gold sash."""
    d.circle(cx, cy - 7 * size, 4.5 * size, fill="#2b2b2b", stroke="#000")
    d.poly([cx - 6 * size, cy + 8 * size, cx - 2.5 * size, cy - 3 * size, cx + 2.5 * size, cy - 3 * size, cx + 6 * size, cy + 8 * size],
           fill="#2b2b2b", stroke="#000")
    d.line(cx - 4 * size, cy + 1 * size, cx + 4 * size, cy + 4 * size, HILITE, 2 * size)


def draw_special(d: DrawList, least: float, x: float, y: float, wd: float, ht: float, kind: str, size: int = 0) -> None:
    """A special piece: the mayor pawn, a permit (I, II, III) or the cancel cube."""
    if kind == "mayor":
        draw_mayor(d, x + wd / 2, y + ht / 2, min(wd, ht) / 24)
        return
    if kind == "permit":
        d.rect(x, y, wd, ht, fill="#fff8e0", stroke="#7a5c1e", line_width=1.5, radius=3)
        d.text(x + wd / 2, y + ht / 2 + 1, "I" * size, font=f"bold {max(int(ht * 0.55), least):g}px serif", colour="#7a5c1e", align="center", baseline="middle")
        return
    d.rect(x, y, wd, ht, fill="#fff", stroke=BAD, line_width=1.5, radius=3)
    d.line(x + 4, y + 4, x + wd - 4, y + ht - 4, BAD, 2.5)
    d.line(x + wd - 4, y + 4, x + 4, y + ht - 4, BAD, 2.5)


def signed(n: int) -> str:
    """A number with its sign always written (−7, 0, +12): the sign, not the colour, is the cue."""
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


# --------------------------------------------------------------------------- scoring helpers

def house_points(view: dict[str, Any], row: int, lot: int) -> tuple[int, int]:
    """(owner seat or −1, signed points) of a house as the round stands now."""
    cubes = view["board"][row][lot]["cubes"]
    roof = view["board"][row][lot]["roof"]
    owner = view["owners"][cubes[-1][0]]
    value = sum(p for _, p in cubes) + roof
    sign = (1 if row in view["complete"] else -1) * (2 if view["mayor"] == row else 1)
    return owner, sign * value


def round_points(view: dict[str, Any]) -> list[int]:
    """Each seat's score for this round as it stands (houses plus cash boxes): the engine's rule, recomputed."""
    pts = list(view["cash"])
    for r in range(ROWS):
        for i in range(len(view["board"][r])):
            owner, p = house_points(view, r, i)
            if owner >= 0:
                pts[owner] += p
    return pts


def scored_view(view: dict[str, Any], round_end: dict[str, Any]) -> dict[str, Any]:
    """``view`` showing the table a round scored on (its ``round_end`` event records it: the next round's set-up has
    cleared the board since): that round, phase ``"scored"``, no piece under auction and nobody to move."""
    return {**view, **round_end["table"], "round": round_end["round"], "phase": "scored", "current": None, "piece": None,
            "bidder": -1, "high_bid": 0, "high_bidder": -1, "holder": -1}


def short(p: int, lang: str = "en") -> str:
    """A seat's short mark under the houses it owns ("P1" in English, "J1" in French)."""
    return w("seat_short", lang, n=p + 1)


# --------------------------------------------------------------------------- the table

def draw_table(view: dict[str, Any], scene: Scene, wide: bool = False) -> Frame:
    """The whole table for ``view``: the drawing, the buttons (in reading order), its size, and the places a panel
    over it must leave in sight (:func:`regions`: ``auction``, and ``own`` for a viewer)."""
    if scene.least < MIN_FONT:  # essential text is never under MIN_FONT, whatever the screen asks
        scene = dataclasses.replace(scene, least=MIN_FONT)
    return _draw_table(view, scene, wide)


def tap(key: str, scene: Scene) -> Outcome:
    """What tapping the target ``key`` of :func:`draw_table`'s frame for ``scene`` asks of the screen: the legal action
    it stands for, or nothing (not the viewer's turn, or a key that names nothing legal now). Opening a row large for
    placing (``row-<r>``) and closing it (``zoom-out``) change only what the screen shows: it keeps that itself."""
    if not scene.my_turn:
        return Outcome()
    return Outcome(action=action_for_key(key, scene.legal))


def table_spots(view: dict[str, Any], scene: Scene, wide: bool) -> dict[str, tuple[float, float]]:
    """The sections' corners for this frame (:func:`layout`): the market first on an upright phone when the player's
    next choice is there."""
    legal = scene.legal if scene.my_turn else []
    choosing = any(a["type"] in ("auction", "profits") for a in legal)  # the player's next choice is in the market
    return layout(view["players"], wide, market_first=choosing and not wide)


def regions(view: dict[str, Any], scene: Scene, wide: bool) -> dict[str, tuple[float, float, float, float]]:
    """Where the auction's box and the viewer's own row of the players' table are (x, y, width, height in units):
    what a panel over the table must leave in sight."""
    spots = table_spots(view, scene, wide)
    x, y = spots["players"]
    out = {"auction": (spots["auction"][0], spots["auction"][1], float(PORTRAIT_W), float(AUCTION_H))}
    if scene.viewer is not None:
        out["own"] = (x, y + 16 + 26 * scene.viewer, float(PORTRAIT_W), 24.0)
    return out


def _draw_table(view: dict[str, Any], scene: Scene, wide: bool) -> Frame:
    legal = scene.legal if scene.my_turn else []
    spots = table_spots(view, scene, wide)
    width, height = spots["size"]
    d = DrawList().clear(PAPER)
    targets: list[Target] = []
    _players(d, view, scene, *spots["players"], width=PORTRAIT_W)
    _auction(d, targets, view, scene, *spots["auction"])
    parts: dict[str, Callable[..., None]] = {"board": _board, "display": partial(_display, row_h=DISP_ROW_H_WIDE if wide else DISP_ROW_H), "supply": _supply}
    for name in sorted(parts, key=lambda k: (spots[k][1], spots[k][0])):  # drawn, and tabbed through, top to bottom
        parts[name](d, targets, view, scene, legal, *spots[name])
    return Frame(d, targets, width, height, regions(view, scene, wide))


def _players(d: DrawList, view: dict[str, Any], scene: Scene, x0: float, y0: float, width: float) -> None:
    lang = scene.lang
    d.rect(x0 + 2, y0 + 1, width - 4, players_height(view["players"]) - 2, fill="#fffdf7", stroke="#d8cfbd", radius=8)
    # columns: name (never squeezed: cut with an ellipsis), hand, cash box, colours owned, score; the least-size text
    head = font(scene.least, bold=True)
    hand_x, box_x, colours_x = x0 + 196 - 4 * (scene.least - MIN_FONT), x0 + 228, x0 + 236  # larger print: "Hand" moves left
    d.text(hand_x, y0 + 13, w("hand", lang), font=head, colour=MUTED, align="right")
    # a long cash-box heading ("CAISSE") reaches right, over the colours column, never back over the hand's heading
    box_head = w("box", lang)
    d.text(max(box_x, hand_x + 6 + text_width(box_head, scene.least, True)), y0 + 13, box_head, font=head, colour=MUTED, align="right")
    d.text(x0 + width - 8, y0 + 13, w("score", lang), font=head, colour=MUTED, align="right")
    for p in range(view["players"]):
        y = y0 + 16 + 26 * p
        current = view["current"] == p
        if current:
            d.rect(x0 + 5, y, width - 10, 24, fill="#fff1cc", stroke=HILITE, line_width=2, radius=6)
        flash = scene.flashes.get(f"player-{p}")
        if flash is not None:
            d.alpha(1 - flash).rect(x0 + 5, y, width - 10, 24, fill="#ffe08a", radius=6).alpha(1)
        d.text(x0 + 8, y + 17, "▶" if current else "", font=font(scene.least, scene.least), colour=INK)
        if view["auctioneer"] == p and view["phase"] not in ("over", "scored"):  # the auctioneer's badge
            d.rect(x0 + 21, y + 4, 16, 16, fill=INK, radius=3)
            d.text(x0 + 29, y + 12.5, "A", font=font(scene.least, bold=True), colour="#fff", align="center", baseline="middle")
        names = scene.row_names or scene.names
        name = names[p] if p < len(names) else short(p, lang)
        bold = p == scene.viewer
        d.text(x0 + 40, y + 17, fit_text(f"{short(p, lang)} {name}", scene.least, hand_x - 44 - (x0 + 40), bold),
               font=font(scene.least, bold=bold), colour=INK)
        hidden = scene.hide_money and p != scene.viewer
        d.text(hand_x, y + 17, "?" if hidden else f"{view['money'][p]}M", font=font(scene.least, bold=True), colour=INK, align="right")
        d.text(box_x, y + 17, "?" if hidden else f"{view['cash'][p]}", font=font(scene.least, scene.least), colour=INK, align="right")
        cx = colours_x
        total = view["scores"][p]
        # the colours owned, as many as fit before the score ("−49" is wide); the rest as "+N"
        room = x0 + width - 8 - text_width(signed(total), scene.least, True) - 6
        owned = [c for c, owner in enumerate(view["owners"]) if owner == p]
        fit = len(owned) if colours_x + 17 * len(owned) <= room else max(0, int((room - colours_x - text_width("+9", scene.least, True)) // 17))
        for c, owner in enumerate(view["owners"]):
            if owner == p and c in owned[:fit]:
                fill, ink, pattern, pink = CUBE_STYLE[c]
                d.rect(cx, y + 4, 16, 16, fill=fill, stroke=INK, radius=2)
                d.text(cx + 8, y + 12.5, COLOUR_NAMES[lang][c][0].upper(), font=font(scene.least, bold=True), colour=ink, align="center", baseline="middle")
                cx += 17
        if fit < len(owned):
            d.text(cx, y + 17, f"+{len(owned) - fit}", font=font(scene.least, bold=True), colour=MUTED)
        if p in scene.floats:
            text, prog = scene.floats[p]
            d.alpha(max(0.0, 1 - prog)).text(hand_x + 2, y + 14 - 10 * prog, text, font=font(scene.least, bold=True),
                                             colour=GOOD if text.startswith("+") else BAD).alpha(1)
        d.text(x0 + width - 8, y + 17, signed(total), font=font(scene.least, bold=True), colour=GOOD if total >= 0 else BAD, align="right")
        if view["rounds"] > 1 and view["round_wins"][p]:
            d.text(x0 + width - 40, y + 17, "★" * view["round_wins"][p], font=font(scene.least, scene.least), colour="#b07d12", align="right")


def _auction(d: DrawList, targets: list[Target], view: dict[str, Any], scene: Scene, x0: float, y0: float) -> None:
    lang = scene.lang
    d.rect(x0 + 2, y0 + 1, PORTRAIT_W - 4, AUCTION_H - 2, fill="#f3ecdb", stroke="#d8cfbd", radius=8)
    piece = view["piece"]
    round_text = w("round_of", lang, n=view["round"], total=view["rounds"])
    if piece is None:
        d.text(x0 + PORTRAIT_W - 10, y0 + 17, round_text, font=font(scene.least, scene.least), colour=MUTED, align="right")
        phase = view["phase"]
        name = scene.names[view["auctioneer"]] if view["auctioneer"] < len(scene.names) else "?"
        text = (w("over_short", lang) if phase == "over" else w("scoring.title", lang, n=view["round"]) if phase == "scored"
                else w("choosing", lang, name=name))
        lines = wrap(text, scene.least, PORTRAIT_W - 24, 2)
        for i, line in enumerate(lines):
            d.text(x0 + 12, y0 + 44 + 18 * i - 9 * (len(lines) - 1), line, font=font(scene.least, scene.least), colour=INK)
        return
    room = PORTRAIT_W - 66  # from the title's left edge to the box's right edge
    title_room = room - text_width(round_text, scene.least) - 10  # beside the round, top right
    words = piece_words(piece, lang)
    title = w("on_auction", lang, piece=words)
    if not fits(title, scene.least, title_room, True):  # the box and the piece's picture already say "on auction"
        title = words[:1].upper() + words[1:]
    if fits(title, scene.least, title_room, True):
        d.text(x0 + PORTRAIT_W - 10, y0 + 17, round_text, font=font(scene.least, scene.least), colour=MUTED, align="right")
    else:  # large text on a small table: which piece is up matters more than the round
        title_room = room
    flash = scene.flashes.get("auction")
    if flash is not None:
        d.alpha(1 - flash).rect(x0 + 4, y0 + 3, PORTRAIT_W - 8, AUCTION_H - 6, fill="#ffe08a", radius=8).alpha(1)
    kind = piece["kind"]
    top = y0 + (AUCTION_H - 38) / 2
    if kind == "cube":
        draw_cube(d, scene.least, x0 + 10, top, 38, 38, piece["colour"], piece["pips"], scene.patterns, font=18)
    elif kind == "roof":
        draw_roof(d, scene.least, x0 + 8, top + 3, 42, 30, piece["value"], font=16)
    else:
        draw_special(d, scene.least, x0 + 12, top + 2, 34, 34, kind, piece.get("size", 0))
    d.text(x0 + 58, y0 + 20, fit_text(title, scene.least, title_room, True), font=font(scene.least, bold=True), colour=INK)
    for i, line in enumerate(_auction_lines(view, scene, lang, room)[:2]):  # whole lines, cut rather than squeezed
        d.text(x0 + 58, y0 + 41 + 18 * i, fit_text(line, scene.least, room), font=font(scene.least, scene.least), colour=INK)


def _auction_lines(view: dict[str, Any], scene: Scene, lang: str, room: float, short: bool = False) -> list[str]:
    """The auction's state in words; where a line is too long for ``room``, computer seats are named without their
    strength ("Player 2 (computer, weak)" -> "Player 2")."""
    names = [n.split(" (")[0] if short and " (" in n else n for n in scene.names]
    if view["high_bidder"] >= 0:
        lines = [w("high_bid", lang, amount=view["high_bid"], name=names[view["high_bidder"]])]
    else:
        lines = [w("no_bid", lang)]
    if view["phase"] == "bid" and view["bidder"] >= 0:
        lines.append(w("to_bid", lang, name=names[view["bidder"]]))
    elif view["phase"] == "resolve":
        lines.append(w("deciding", lang, name=names[view["auctioneer"]]))
    elif view["phase"] == "place" and view["holder"] >= 0:
        lines = [w("placing", lang, name=names[view["holder"]])]
    if not short and any(not fits(line, scene.least, room) for line in lines):
        return _auction_lines(view, scene, lang, room, short=True)
    return lines


def _board(d: DrawList, targets: list[Target], view: dict[str, Any], scene: Scene, legal: list[dict[str, Any]],
           x0: float, y0: float) -> None:
    lang = scene.lang
    width = PORTRAIT_W
    road_w = LABEL_W - 4  # the road column's inner width, for its texts
    d.rect(x0, y0, width, board_height(), fill=GRASS, radius=8)
    d.rect(x0, y0, LABEL_W - 2, board_height(), fill=ROAD, radius=8)
    river_x = lot_x(4, x0) - RIVER_W - 1
    d.rect(river_x, y0, RIVER_W, board_height(), fill=RIVER)
    d.pattern(river_x, y0, RIVER_W, board_height(), "waves", colour="rgba(255,255,255,.7)")
    road = w("road", lang)
    if fits(road, scene.least, LABEL_W - 2):  # the road's look says what it is where the word is too long
        d.text(x0 + LABEL_W / 2 - 1, y0 + 14, road, font=font(scene.least, scene.least), colour=INK, align="center")
    else:  # said to the fit checks: a word left out
        d.text(x0 + LABEL_W / 2 - 1, y0 + 14, "", font=font(scene.least, scene.least), colour=INK, align="center", full=road)
    d.text(x0 + LABEL_W + 2, y0 + 14, "1", font=font(scene.least, scene.least), colour=MUTED)
    d.text(lot_x(4, x0), y0 + 14, "5", font=font(scene.least, scene.least), colour=MUTED)
    d.text(lot_x(9, x0) + LOT_W - 4, y0 + 14, "10", font=font(scene.least, scene.least), colour=MUTED, align="right")
    places = {(a["row"], a["lot"]) for a in legal if a["type"] == "place"}
    piece = view["piece"] or {}
    zoom = scene.zoom_row
    if places and scene.small_lots and zoom is not None and zoom in {row for row, _ in places}:
        _zoomed_row(d, targets, view, scene, places, zoom, x0, y0)
        return
    by_row = bool(places) and scene.small_lots  # the lots are picked row first (see _zoomed_row)
    mayor_rows = {a["row"] for a in legal if a["type"] == "mayor"}
    permit_moves = [(a["row"], a["change"]) for a in legal if a["type"] in ("permit", "cancel")]
    permit_kind = next((a["type"] for a in legal if a["type"] in ("permit", "cancel")), "")
    units = fits(w("len", lang, n=10).partition(" ")[2], scene.least, road_w - 2)  # lengths' unit word: on every row or none
    for r in range(ROWS):
        ry = y0 + 18 + r * ROW_H
        length = view["lengths"][r]
        complete = r in view["complete"]
        if r:
            d.line(x0 + 4, ry - 1, x0 + width - 4, ry - 1, "rgba(0,0,0,.18)", 1)
        # the road: the row's length (a big number, its unit below where the word fits), completion, permits, the mayor
        count, _, unit = w("len", lang, n=length).partition(" ")
        shown_unit = bool(unit and units and fits(unit, scene.least, road_w - 2))
        d.text(x0 + 4, ry + 15, count, font=font(scene.least, 18, bold=True), colour=INK, baseline="middle",
               full=None if shown_unit or not unit else f"{count} {unit}")  # a count without its unit: a word left out
        if shown_unit:
            d.text(x0 + 4, ry + 33, unit, font=font(scene.least, scene.least), colour=INK, baseline="middle")
        if complete:
            d.rect(x0 + LABEL_W - 22, ry + 6, 17, 18, fill=GOOD, radius=3)
            d.text(x0 + LABEL_W - 13.5, ry + 15.5, "✓", font=font(scene.least, bold=True), colour="#fff", align="center", baseline="middle")
        if view["permits"][r]:  # the permits on the row, one per line
            for k, c in enumerate(view["permits"][r][:3]):
                d.text(x0 + 4, ry + 51 + 15 * k, ("+" if c > 0 else "−") + "I" * abs(c), font=font(scene.least, bold=True, family="serif"),
                       colour="#7a5c1e", baseline="middle")
        if view["mayor"] == r:
            draw_mayor(d, x0 + 12, ry + 104, 1.0)
            d.text(x0 + 30, ry + 106, "×2", font=font(scene.least, bold=True), colour=INK, align="center", baseline="middle")
        for i in range(LOTS):
            lx = lot_x(i, x0)
            _lot(d, view, scene, r, i, lx, ry, (r, i) in places)
            if (r, i) in places and not by_row:
                targets.append(Target(f"lot-{r}-{i}", lx - 2, ry + 2, LOT_W, 102, _place_label(view, piece, r, i, lang), highlight=True))
        # the row's boundary: a fence after the last allowed lot
        edge = lot_x(length - 1, x0) + LOT_W - 2.5 if length > 0 else lot_x(0, x0)
        d.line(edge, ry + 2, edge, ry + 104, "#5a3d12", 3)
        free = sum(1 for row, _ in places if row == r)
        if by_row and free:  # lots too small for a finger: the row first, then a lot of it shown large
            d.rect(x0 + 2, ry + 1, width - 4, ROW_H - 4, stroke=HILITE, line_width=2, radius=6)
            targets.append(Target(f"row-{r}", x0 + 2, ry + 1, width - 4, ROW_H - 4,
                                  w("zoom.row_target", lang, row=ROW_NAMES[lang][r], n=free), highlight=True))
        choices = [(f"mayor-{r}", w("mayor_target", lang, row=ROW_NAMES[lang][r]), "×2")] if r in mayor_rows else []
        for change in sorted((c for row, c in permit_moves if row == r),
                             key=lambda c: c if permit_kind == "permit" else -c):  # shorter on the left, longer on the right
            new = length + change if permit_kind == "permit" else length - change
            tag = signed(change) if permit_kind == "permit" else "✕" + ("+" if change > 0 else "−") + "I" * abs(change)
            label = w("permit_target" if permit_kind == "permit" else "cancel_target", lang, row=ROW_NAMES[lang][r],
                      old=length, new=new, size="I" * abs(change))
            choices.append((f"{permit_kind}-{r}-{change}", label, f"{length}→{new} {tag}"))
        if choices:
            _row_choices(d, scene.least, targets, choices, x0, ry, mayor=r in mayor_rows)


def _lot(d: DrawList, view: dict[str, Any], scene: Scene, r: int, i: int, lx: float, ry: float, legal: bool) -> None:
    """One lot of a row, its top-left corner at (``lx``, ``ry`` + 4): the ground (striped beyond the row's length), a
    single-cube lot's fence, the house on it, and its highlight when the piece in hand may go there."""
    inside = i < view["lengths"][r]
    single = i in view["single_lots"][r]
    d.rect(lx, ry + 4, LOT_W - 4, 98, fill=LOT if inside else LOT_OFF, stroke="#b3a98f" if inside else None,
           line_width=1, radius=3)
    if not inside:
        d.pattern(lx, ry + 4, LOT_W - 4, 98, "stripes", colour="rgba(0,0,0,.08)", radius=3)
    if single:  # the fence of a single-cube lot, and its "1" while the lot is empty
        d.rect(lx + 1.5, ry + 5.5, LOT_W - 7, 95, stroke="#7a5c1e", line_width=1.5, radius=3)
    if single and i >= len(view["board"][r]):
        d.circle(lx + (LOT_W - 4) / 2, ry + 92, 8, fill="#7a5c1e")
        d.text(lx + (LOT_W - 4) / 2, ry + 92.5, "1", font=font(scene.least, bold=True), colour="#fff", align="center", baseline="middle")
    if i < len(view["board"][r]):
        _house(d, view, scene, r, i, lx, ry)
    if legal:
        d.rect(lx - 1, ry + 3, LOT_W - 2, 100, stroke=HILITE, line_width=3, radius=4)
        d.pattern(lx, ry + 4, LOT_W - 4, 98, "dots", colour="rgba(242,177,52,.55)", radius=3)
    flash = scene.flashes.get(f"lot-{r}-{i}")
    if flash is not None:
        d.alpha(1 - flash).rect(lx - 2, ry + 2, LOT_W, 102, stroke="#e07b00", line_width=4, radius=4).alpha(1)
    if scene.focus_house == (r, i):
        d.rect(lx - 2, ry + 2, LOT_W, ROW_H - 4, stroke="#1f4e5f", line_width=4, radius=4)


#: the zoomed row (:func:`_zoomed_row`): its header's height (the way back to the whole board), in units
ZOOM_HEAD = 62
#: lots per line of the zoomed row: two lines of five fill the board's place at about 1.35 times the size
ZOOM_PER_LINE = 5


def _zoomed_row(d: DrawList, targets: list[Target], view: dict[str, Any], scene: Scene, places: set[tuple[int, int]],
                r: int, x0: float, y0: float) -> None:
    """Row ``r`` shown large in the board's place, its ten lots in two lines of five, for a table whose lots are
    smaller than a finger (:attr:`Scene.small_lots`): each lot a button more than twice as wide as on the whole
    board. The header leads back to the whole board. Same size as the board, so nothing below moves."""
    lang = scene.lang
    piece = view["piece"] or {}
    width, height = PORTRAIT_W, board_height()
    length = view["lengths"][r]
    d.rect(x0, y0, width, height, fill=GRASS, radius=8)
    # the header: the way back (a finger-sized button), and the row's name and length, completion and mayor
    back = w("zoom.whole", lang)
    back_w = max(120.0, text_width("◀ " + back, scene.least, True) + 24)
    d.rect(x0 + 4, y0 + 4, back_w, ZOOM_HEAD - 8, fill="#fffdf7", stroke="#1f4e5f", line_width=2, radius=8)
    d.text(x0 + 4 + back_w / 2, y0 + ZOOM_HEAD / 2, "◀ " + back, font=font(scene.least, bold=True), colour=INK, align="center", baseline="middle")
    targets.append(Target("zoom-out", x0 + 4, y0 + 4, back_w, ZOOM_HEAD - 8, back))
    row = ROW_NAMES[lang][r]
    title = w("zoom.title", lang, row=row[:1].upper() + row[1:], length=w("len", lang, n=length))
    marks = ("✓ " if r in view["complete"] else "") + ("×2" if view["mayor"] == r else "")
    room = width - back_w - 20 - text_width(marks, scene.least, True)
    if not fits(title, scene.least, room, True):  # the row's lots are drawn right below: its name is what must show
        title = row[:1].upper() + row[1:]
    d.text(x0 + back_w + 14, y0 + ZOOM_HEAD / 2, fit_text(title, scene.least, room, True), font=font(scene.least, bold=True), colour=INK,
           baseline="middle")
    if marks:
        d.text(x0 + width - 8, y0 + ZOOM_HEAD / 2, marks, font=font(scene.least, bold=True), colour=GOOD if "✓" in marks else INK,
               align="right", baseline="middle")
    line_h = (height - ZOOM_HEAD) / 2
    scale = line_h / ROW_H
    slot_w = (width - 8) / ZOOM_PER_LINE
    for i in range(LOTS):
        line, k = divmod(i, ZOOM_PER_LINE)
        sx, sy = x0 + 4 + k * slot_w, y0 + ZOOM_HEAD + line * line_h
        if line:
            d.line(x0 + 4, sy, x0 + width - 4, sy, "rgba(0,0,0,.18)", 1)
        if i == 4:  # the river runs between lots 4 and 5
            d.rect(sx - RIVER_W / 2, sy + 2, RIVER_W, line_h - 4, fill=RIVER)
        lx = lot_x(i)
        # the lot as on the whole board, magnified and centred in its slot
        d.save().transform(sx + (slot_w - (LOT_W - 4) * scale) / 2 - lx * scale, sy, scale)
        _lot(d, view, scene, r, i, lx, 0, (r, i) in places)
        d.restore()
        d.text(sx + 3, sy + 14, str(i + 1), font=font(scene.least, scene.least), colour=MUTED)
        if i == length - 1:  # the row's boundary: a fence after the last allowed lot
            d.line(sx + slot_w - 1, sy + 2, sx + slot_w - 1, sy + line_h - 4, "#5a3d12", 3)
        if (r, i) in places:
            targets.append(Target(f"lot-{r}-{i}", sx, sy, slot_w, line_h, _place_label(view, piece, r, i, lang), highlight=True))


def _row_choices(d: DrawList, least: float, targets: list[Target], choices: list[tuple[str, str, str]], x0: float, ry: float,
                 mayor: bool = False) -> None:
    """Where a road piece (the mayor, a permit, the cancel cube) can go on one row: the row split into one big
    button per choice (key, label, badge text), each with a badge saying what it does. The road column alone is
    too narrow for a finger on a phone, and nothing else on the row can be chosen meanwhile."""
    gap = 4
    width = (PORTRAIT_W - 4 - gap * (len(choices) - 1)) / len(choices)
    px = max(15, least)
    for k, (key, label, badge) in enumerate(choices):
        bx, by, bh = x0 + 2 + k * (width + gap), ry + 1, ROW_H - 4
        d.rect(bx, by, width, bh, fill="rgba(242,177,52,.16)", stroke=HILITE, line_width=3, radius=6)
        badge_w = text_width(badge, px, True) + 16 + (22 if mayor else 0)
        cx = bx + width / 2
        d.rect(cx - badge_w / 2, by + 4, badge_w, 30, fill="#fff3c4", stroke=HILITE, line_width=2, radius=6)
        if mayor:
            draw_mayor(d, cx - badge_w / 2 + 16, by + 20, 0.8)
        d.text(cx + (11 if mayor else 0), by + 20, badge, font=font(least, px, bold=True), colour=INK, align="center", baseline="middle")
        targets.append(Target(key, bx, by, width, bh, label, highlight=True))


def _house(d: DrawList, view: dict[str, Any], scene: Scene, r: int, i: int, lx: float, ry: float) -> None:
    house = view["board"][r][i]
    cx = lx + (LOT_W - 4 - CUBE_W) / 2
    base = ry + 88  # top of the bottom cube
    for k, (colour, pips) in enumerate(house["cubes"]):
        draw_cube(d, scene.least, cx, base - k * CUBE_H, CUBE_W, CUBE_H, colour, pips, scene.patterns)
    top = base - (len(house["cubes"]) - 1) * CUBE_H
    if house["roof"]:
        draw_roof(d, scene.least, cx - 1, top - ROOF_H - 1, CUBE_W + 2, ROOF_H, house["roof"])
    owner, pts = house_points(view, r, i)
    if owner >= 0:  # under the lot: the house's points as the round stands, and whose it is
        d.text(lx + (LOT_W - 4) / 2, ry + 110, signed(pts), font=font(scene.least, bold=True), colour=GOOD if pts > 0 else BAD, align="center",
               baseline="middle")
        d.text(lx + (LOT_W - 4) / 2, ry + 122, short(owner, scene.lang), font=font(scene.least, scene.least), colour=INK, align="center", baseline="middle")


def _place_label(view: dict[str, Any], piece: dict[str, Any], r: int, i: int, lang: str) -> str:
    row = ROW_NAMES[lang][r]
    if piece.get("kind") == "roof":
        return w("roof_target", lang, lot=i + 1, row=row)
    if i >= len(view["board"][r]):
        return w("new_house_target", lang, lot=i + 1, row=row)
    top = view["board"][r][i]["cubes"][-1]
    return w("stack_target", lang, lot=i + 1, row=row, top=f"{COLOUR_NAMES[lang][top[0]]} {top[1]}")


def _display(d: DrawList, targets: list[Target], view: dict[str, Any], scene: Scene, legal: list[dict[str, Any]],
             x0: float, y0: float, row_h: float = DISP_ROW_H) -> None:
    lang = scene.lang
    d.text(x0 + 6, y0 + 14, w("display", lang), font=font(scene.least, bold=True), colour=INK)
    d.text(x0 + PORTRAIT_W - 6, y0 + 14, w("out_count", lang, n=len(view["out"])), font=font(scene.least, scene.least), colour=MUTED, align="right")
    ends = {(a["row"], a["end"]) for a in legal if a["type"] == "auction" and a["piece"] == "cube"}
    for dr, row in enumerate(view["display"]):
        ry = y0 + 18 + dr * row_h
        d.rect(x0 + 2, ry, PORTRAIT_W - 4, row_h - 2, fill="#efe6cf", radius=6)
        left = x0 + (PORTRAIT_W - 8 * DISP_PITCH) / 2
        for k, (colour, pips) in enumerate(row):
            end = "left" if k == 0 else ("right" if k == len(row) - 1 else None)
            cx = left + k * DISP_PITCH + (DISP_PITCH - DISP_CUBE) / 2
            cy = ry + (row_h - 2 - DISP_CUBE) / 2
            takeable = end is not None and (dr, end) in ends
            if end is None or not takeable:
                d.alpha(0.72 if end is None else 0.9)
            draw_cube(d, scene.least, cx, cy, DISP_CUBE, DISP_CUBE, colour, pips, scene.patterns, font=17)
            d.alpha(1)
            if takeable and end is not None:  # (a takeable cube is at an end: this tells the type checker)
                d.rect(cx - 3, cy - 3, DISP_CUBE + 6, DISP_CUBE + 6, stroke=HILITE, line_width=3, radius=5)
                label = w("auction_cube", lang, colour=COLOUR_NAMES[lang][colour], pips=pips, n=dr + 1, end=w(end, lang))
                # the button reaches outwards (the row's free edge), never over the next cube: a finger's width
                bx = left + k * DISP_PITCH - (DISP_REACH if end == "left" else 0)
                targets.append(Target(f"cube-{dr}-{end}", bx, ry, DISP_PITCH + DISP_REACH, row_h - 2, label, highlight=True))
        if not row:
            d.text(x0 + PORTRAIT_W / 2, ry + row_h / 2, w("empty", lang), font=font(scene.least, scene.least), colour=MUTED, align="center",
                   baseline="middle")


def _supply(d: DrawList, targets: list[Target], view: dict[str, Any], scene: Scene, legal: list[dict[str, Any]],
            x0: float, y0: float) -> None:
    lang = scene.lang
    d.text(x0 + 6, y0 + 12, w("supply", lang), font=font(scene.least, bold=True), colour=INK)
    auctions = {(a["piece"], a.get("size", 0)) for a in legal if a["type"] == "auction"}
    slot_w = (PORTRAIT_W - 8) / 6
    items: list[tuple[str, int, str]] = [("roof", 0, "roofs"), ("mayor", 0, "mayor"), ("permit", 1, "permit-1"),
                                         ("permit", 2, "permit-2"), ("permit", 3, "permit-3"), ("cancel", 0, "cancel")]
    for k, (kind, size, key) in enumerate(items):
        sx, sy = x0 + 4 + k * slot_w, y0 + 16
        name = "permit" + str(size) if kind == "permit" else kind
        there = view["roofs_face_down"] > 0 if kind == "roof" else name in view["supply"]
        takeable = (kind, size) in auctions
        d.rect(sx + 1, sy, slot_w - 2, SUPPLY_SLOT_H, fill="#fffdf7" if there else "#ece6d8", stroke=HILITE if takeable else "#d8cfbd",
               line_width=3 if takeable else 1, radius=6)
        if not there:
            d.alpha(0.3)
        # the piece, and a caption where it fits at a readable size (a permit's piece already shows its size)
        if kind == "roof":
            draw_roof(d, scene.least, sx + slot_w / 2 - 15, sy + 6, 30, 22, None)
            caption = w("roofs_left", lang, n=view["roofs_face_down"])
        else:
            draw_special(d, scene.least, sx + slot_w / 2 - 13, sy + 6, 26, 26, kind, size)
            caption = w("short_" + kind, lang, size="").strip()
        shown = caption if fits(caption, scene.least, slot_w - 6) else ""  # the piece alone where its words do not fit
        d.text(sx + slot_w / 2, sy + SUPPLY_SLOT_H - 9, shown, font=font(scene.least, scene.least), colour=INK, align="center",
               baseline="middle", full=caption)
        d.alpha(1)
        if takeable:
            label = w("auction_" + kind, lang, size="I" * size, n=view["roofs_face_down"])
            targets.append(Target(key, sx, sy, slot_w, SUPPLY_SLOT_H, label, highlight=True))
