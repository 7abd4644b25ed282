"""A crisp, DPR-aware canvas drawn in batches, with real buttons over its targets.

:class:`DrawList` collects drawing commands in the board's *logical* units
(pure Python); :meth:`Board.draw` hands them to the small JavaScript renderer
``site/render.js`` (one call per frame): in the worker, on an ``OffscreenCanvas``
the page handed over, so drawing never holds up the page's thread; or, in a
browser that cannot hand canvases over, as one operation the page draws.

:class:`Board` scales the logical size to the CSS width of its container and
the device pixel ratio, so it is sharp on any screen and never wider than the
page. Every tappable thing on the table is a :class:`Target`: the board lays
an absolutely positioned, transparent ``<button aria-label=…>`` over it, so
touch, mouse, keyboard (Tab/Enter) and screen readers all work, and tests tap
it with ``page.get_by_role("button", name=label)``.

Usage in a game screen::

    board = Board(container, width=360, height=560, on_tap=self.tapped)
    d = DrawList()
    d.rect(10, 10, 60, 90, fill="#fff", stroke="#333", radius=6)
    d.text(40, 60, "5", font="bold 20px sans-serif", align="center")
    board.draw(d, [Target("card-3", 10, 10, 60, 90, "Hand card 3: house, 5 points")])
"""

from __future__ import annotations

import bisect
import json
import math
from dataclasses import dataclass, field
from typing import Any, Callable

#: colour-blind patterns the renderer can lay over a fill
PATTERNS = ("stripes", "dots", "grid", "cross", "waves")
#: the least side of a tap target in CSS px: for a finger (issue 14: 44) and with a mouse (32)
FINGER_PX, POINTER_PX = 44.0, 32.0
#: a window at most this tall (CSS px) and wider than tall is a phone on its side (``site/app.css`` uses the same 520)
LANDSCAPE_UP_TO = 520
#: the least font size of essential table text in logical units: every table is 360 units or wider on a 360-px
#: phone less its margins (a scale of about 0.97), so 13 units are at least 12 CSS px there
MIN_FONT = 13
#: the least CSS size of text on a table, with a margin for the page's rounding (see :func:`least_font`)
LEAST_CSS_PX = 12.05


@dataclass
class Target:
    """A tappable region of the board, in logical units, with what a screen reader says."""

    key: str  #: passed to ``on_tap``; unique within one draw
    x: float
    y: float
    w: float
    h: float
    label: str  #: the button's accessible name (also what tests tap by)
    enabled: bool = True
    pressed: bool | None = None  #: toggle state (``aria-pressed``) for selectable things
    highlight: bool = False  #: marks a legal destination (``data-legal``), for styling/tests


class DrawList:
    """Drawing commands for one frame, in logical units (see ``site/render.js``)."""

    def __init__(self) -> None:
        self.commands: list[list[Any]] = []
        self._json: tuple[int, str] | None = None  #: the last :meth:`to_json` and how many commands it held

    def clear(self, colour: str | None = None) -> "DrawList":
        self.commands.append(["clear", colour])
        return self

    def rect(self, x: float, y: float, w: float, h: float, fill: str | None = None, stroke: str | None = None,
             line_width: float = 1, radius: float = 0) -> "DrawList":
        self.commands.append(["rect", x, y, w, h, fill, stroke, line_width, radius])
        return self

    def circle(self, cx: float, cy: float, r: float, fill: str | None = None, stroke: str | None = None, line_width: float = 1) -> "DrawList":
        self.commands.append(["circle", cx, cy, r, fill, stroke, line_width])
        return self

    def poly(self, points: list[float], fill: str | None = None, stroke: str | None = None, line_width: float = 1) -> "DrawList":
        """A closed polygon through ``[x0, y0, x1, y1, …]``."""
        self.commands.append(["poly", list(points), fill, stroke, line_width])
        return self

    def line(self, x0: float, y0: float, x1: float, y1: float, colour: str = "#000", line_width: float = 1) -> "DrawList":
        self.commands.append(["line", x0, y0, x1, y1, colour, line_width])
        return self

    def text(self, x: float, y: float, text: str, font: str = "14px sans-serif", colour: str = "#1d2326",
             align: str = "left", baseline: str = "alphabetic", max_width: float | None = None,
             full: str | None = None) -> "DrawList":
        """``full``: the whole label when ``text`` is a shorter form of it (words dropped to fit; ``""`` when none is
        drawn): the renderer ignores it, the fit checks (``tests/browser/fit.py``) report it as a label that does not fit."""
        command: list[Any] = ["text", x, y, str(text), font, colour, align, baseline, max_width]
        if full is not None and full != text:
            command.append(str(full))
        self.commands.append(command)
        return self

    def pattern(self, x: float, y: float, w: float, h: float, kind: str, colour: str = "rgba(0,0,0,.45)", radius: float = 0) -> "DrawList":
        """Overlay a colour-blind pattern (one of :data:`PATTERNS`) on a region."""
        if kind not in PATTERNS:
            raise ValueError(f"unknown pattern {kind!r}")
        self.commands.append(["pattern", x, y, w, h, kind, colour, radius])
        return self

    def save(self) -> "DrawList":
        self.commands.append(["save"])
        return self

    def restore(self) -> "DrawList":
        self.commands.append(["restore"])
        return self

    def clip(self, x: float, y: float, w: float, h: float) -> "DrawList":
        self.commands.append(["clip", x, y, w, h])
        return self

    def transform(self, x: float, y: float, scale: float) -> "DrawList":
        """Draw what follows ``scale`` times larger with its origin at (``x``, ``y``): a part of the table shown
        magnified (inside :meth:`save` … :meth:`restore`)."""
        self.commands.append(["transform", x, y, scale])
        return self

    def alpha(self, a: float) -> "DrawList":
        self.commands.append(["alpha", a])
        return self

    def to_json(self) -> str:
        """The frame as the renderer reads it (written once: a screen that compares frames and then draws one
        asks twice, and commands are only ever appended)."""
        if self._json is None or self._json[0] != len(self.commands):
            self._json = (len(self.commands), json.dumps(self.commands, separators=(",", ":")))
        return self._json[1]


class Board:
    """A canvas plus a layer of transparent buttons, sized to its container.

    ``on_tap(key)`` is called with the :attr:`Target.key` of the button
    tapped or activated from the keyboard. ``on_resize()`` (optional) is
    called when the CSS width or the window's size changes (a height-only
    change too: the browser's bar hiding, a keyboard, a rotation the table's
    width hides), after which the screen should lay out and draw again.
    The page measures the board (``dom.observe``); the frames are drawn by
    ``site/render.js``, in the worker on a canvas the page handed over, or
    on the page (:meth:`game.ui.remote.Page.draw`). This class only decides
    sizes and frames.
    """

    def __init__(self, parent: Any, width: float, height: float, on_tap: Callable[[str], Any],
                 on_resize: Callable[[], Any] | None = None, label: str = "Game table") -> None:
        from . import dom  # the page mirror is only needed once a board exists

        self._dom = dom
        self.width, self.height = width, height
        self.on_tap = on_tap
        self.on_resize = on_resize
        self.root = dom.el("div", {"class": "board", "role": "group", "aria-label": label})
        self.canvas = dom.el("canvas", {"aria-hidden": "true"})
        self.layer = dom.el("div", {"class": "targets"})
        dom.append(self.root, self.canvas, self.layer)
        parent.appendChild(self.root)
        self._buttons: dict[str, Any] = {}
        self._order: list[str] = []
        #: each button's target as last written, with the board's size then: an unchanged one is not rewritten
        self._written: dict[str, tuple[Target, float, float]] = {}
        self._css_width = 0.0
        self._dpr = 0.0
        self._viewport: tuple[float, float, bool] | None = None  #: the window last laid out for
        #: the last tap came from the keyboard (Enter or Space: a click without a pointer), so the screen may move focus
        self.by_keyboard = False
        dom.on(self.layer, "click", self._clicked)
        dom.observe(self.root, self._resized)
        self.fit()

    def set_size(self, width: float, height: float) -> None:
        """Change the logical size (e.g. a taller table in portrait)."""
        if (width, height) != (self.width, self.height):
            self.width, self.height = width, height
            self._css_width = 0.0
            self.fit()

    def fit(self) -> bool:
        """Size the canvas backing store to CSS width × DPR; True if it changed."""
        css_width = float(self.root.clientWidth) or self.width
        dpr = float(self._dom.window.devicePixelRatio or 1)
        if abs(css_width - self._css_width) < 0.5 and dpr == self._dpr:
            return False
        self._css_width, self._dpr = css_width, dpr
        scale = css_width / self.width
        css_height = self.height * scale
        self.canvas.style.height = f"{css_height:.2f}px"
        self.root.style.height = f"{css_height:.2f}px"
        self.canvas.width = max(1, round(css_width * dpr))
        self.canvas.height = max(1, round(css_height * dpr))
        self.canvas.dataset.scale = str(scale * dpr)
        return True

    @property
    def css_width(self) -> float:
        """The board's width on the page in CSS px (its logical width until it was measured)."""
        return self._css_width or self.width

    def viewport(self) -> tuple[float, float, bool]:
        """The window's CSS width and height and whether the main pointer is coarse (a finger): for screen shapes."""
        window = self._dom.window
        coarse = bool(window.matchMedia("(pointer: coarse)").matches)
        return float(window.innerWidth), float(window.innerHeight), coarse

    def reveal(self, bottom: float, foot: float = 0.0) -> None:
        """Scroll the board's top to the window's top when its part down to ``bottom`` units would be off screen or
        under the last ``foot`` CSS px of the window (a bar kept there): a part just drawn large for a finger."""
        try:
            top = float(self.root.getBoundingClientRect().top)
        except Exception:  # never measured yet: leave the page where it is
            return
        _, vh, _ = self.viewport()
        if top < 0 or top + bottom * self.css_width / self.width > vh - foot:
            self.root.scrollIntoView({"block": "start", "behavior": "instant"})

    def _resized(self) -> None:
        # the window's height alone can change the screen's shape (and the table's height cap) while the
        # board's width stays: re-lay on either
        window = self.viewport()
        moved, self._viewport = window != self._viewport and self._viewport is not None, window
        if (self.fit() or moved) and self.on_resize is not None:
            self.on_resize()

    def _clicked(self, event: Any) -> None:
        button = event.target.closest("button[data-key]") if event.target is not None else None
        if button is not None and not button.disabled:
            self.by_keyboard = not getattr(event, "pointerType", "")
            self.on_tap(str(button.dataset.key))

    def focus_first(self, *prefixes: str) -> bool:
        """Focus the first enabled target whose key starts with one of ``prefixes`` (a legal one first): the next
        control of a decision after a keyboard tap. True if one took focus."""
        keys = [k for k in self._order if k.startswith(prefixes) and not self._buttons[k].disabled]
        legal = [k for k in keys if self._written[k][0].highlight]
        for key in legal or keys:
            self._buttons[key].focus()
            return True
        return False

    def draw(self, frame: DrawList, targets: list[Target] | None = None) -> None:
        """Draw ``frame`` and make ``targets`` the board's buttons (in this order for Tab)."""
        self.fit()
        self._dom.page.draw(self.canvas, frame.to_json())
        if targets is not None:
            self.set_targets(targets)

    def set_targets(self, targets: list[Target]) -> None:
        """Create, move or remove the transparent buttons so they match ``targets`` (only changes reach the page)."""
        el = self._dom.el
        keep: dict[str, Any] = {}
        order: list[str] = []
        written: dict[str, tuple[Target, float, float]] = {}
        for t in targets:
            button = self._buttons.pop(t.key, None)
            if button is None:
                button = el("button", {"type": "button", "class": "target", "data-key": t.key})
            elif self._written.get(t.key) == (t, self.width, self.height):  # as written last time: nothing to change
                keep[t.key] = button
                order.append(t.key)
                written[t.key] = (t, self.width, self.height)
                continue
            written[t.key] = (t, self.width, self.height)
            pct = lambda v, total: f"{100 * v / total:.4f}%"  # noqa: E731 - percentages survive resizes
            style = button.style
            for name, value in (("left", pct(t.x, self.width)), ("top", pct(t.y, self.height)),
                                ("width", pct(t.w, self.width)), ("height", pct(t.h, self.height))):
                if getattr(style, name) != value:
                    setattr(style, name, value)
            if button.getAttribute("aria-label") != t.label:
                button.setAttribute("aria-label", t.label)
                button.title = t.label
            if button.disabled != (not t.enabled):
                button.disabled = not t.enabled
            if t.pressed is None:
                button.removeAttribute("aria-pressed")
            elif button.getAttribute("aria-pressed") != ("true" if t.pressed else "false"):
                button.setAttribute("aria-pressed", "true" if t.pressed else "false")
            if t.highlight:
                if button.getAttribute("data-legal") != "true":
                    button.dataset.legal = "true"
            else:
                button.removeAttribute("data-legal")
            keep[t.key] = button
            order.append(t.key)
        for button in self._buttons.values():
            button.remove()
        if order != self._order:  # the Tab order is the target order
            self._put_in_order(keep, order)
        self._buttons, self._order, self._written = keep, order, written

    def _put_in_order(self, buttons: dict[str, Any], order: list[str]) -> None:
        """Put ``buttons`` into the layer in ``order``, moving as few as possible: the longest run of those already in
        the layer that is in order stays, the others go before their successor. A button put back costs the page its
        insertion, and the page's own observers as much (PyScript's looks through every element added)."""
        staying = [key for key in self._order if key in buttons]  # in the layer already, in its order
        place = {key: i for i, key in enumerate(order)}
        stay = set(_longest_increasing(staying, [place[key] for key in staying]))
        after: str | None = None
        for key in reversed(order):
            if key not in stay:
                self.layer.insertBefore(buttons[key], buttons[after] if after is not None else None)
            after = key

    def destroy(self) -> None:
        """Stop observing size changes and remove the board from the page."""
        self._dom.page.unobserve(self.root)
        self.root.remove()


def _longest_increasing(items: list[str], values: list[int]) -> list[str]:
    """The items of a longest strictly increasing run (not necessarily adjacent) of ``values``.

    >>> _longest_increasing(list("abcde"), [4, 1, 2, 3, 0])
    ['b', 'c', 'd']
    """
    ends: list[int] = []  # ends[n]: the index of the smallest last value of a run of length n + 1
    tails: list[int] = []  # tails[n] = values[ends[n]], increasing: where a value extends a run is found by bisection
    before: list[int | None] = []
    for i, value in enumerate(values):
        n = bisect.bisect_left(tails, value)
        before.append(ends[n - 1] if n else None)
        if n == len(ends):
            ends.append(i)
            tails.append(value)
        else:
            ends[n], tails[n] = i, value
    run: list[str] = []
    at = ends[-1] if ends else None
    while at is not None:
        run.append(items[at])
        at = before[at]
    return run[::-1]


# The table protocol every game screen follows: its painter returns a :class:`Frame`, its tap handler an
# :class:`Outcome` (what the painter takes is each game's own: the engine's view and the screen's picks, as Barrio's
# ``Pick``, Nyhavn's ``Seen`` and Neue Heimat's ``Scene``).
@dataclass
class Frame:
    """One painted table: its drawing, its tap targets, its logical size, and named places on it."""

    draw: DrawList
    targets: list[Target]
    width: float
    height: float
    #: named rectangles ``(x, y, w, h)`` in units (where the prompt is drawn, …), for the screen and tests
    places: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)
    prompt: str = ""  #: what the table asks of the viewer, for the screen's prompt line


@dataclass
class Outcome:
    """What a tap asks of the screen: an action to apply, a message to show (a toast), and whether to draw again."""

    action: dict[str, Any] | None = None
    message: str | None = None
    error: bool = False  #: the message says why the tap did nothing (shown as an error)
    render: bool = False

    @classmethod
    def refused(cls, why: str) -> Outcome:
        """The tap did nothing, and ``why`` says so."""
        return cls(message=why, error=True)


# Canvas text cannot be measured from Python (it runs in a worker, away from the canvas): the screens
# choose sizes, cuts and line breaks from this estimate so no text is squeezed below its size.
def text_width(text: str, px: float, bold: bool = False) -> float:
    """A generous estimate of ``text``'s width at ``px`` in a sans-serif font (per-letter classes of advances)."""
    em = 0.0
    for ch in text:
        if ch in "MW":
            em += 0.9
        elif ch.isupper() or ch in "mw":
            em += 0.78
        elif ch.isdigit():
            em += 0.57
        elif ch in " il.,:;'|!jtfr()[]":
            em += 0.32
        else:
            em += 0.58
    return em * px * (1.1 if bold else 1.0)


def fit_text(text: str, px: float, width: float, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` units at ``px`` by :func:`text_width` (names are cut, never
    squeezed)."""
    if text_width(text, px, bold) <= width:
        return text
    while len(text) > 1 and text_width(text + "…", px, bold) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def least_font(scale: float | None, floor: float = MIN_FONT) -> float:
    """The least font size in logical units that shows at 12 CSS px or more at ``scale`` CSS px per unit, in half
    units and never under ``floor`` (0 or unknown scale: :data:`MIN_FONT`).

    Essential text takes the default floor; small print that is drawn only where it is readable (Barrio's card
    names) passes ``floor=0``, so a table shown large lets it be smaller in units.
    """
    if not scale or scale <= 0:
        return MIN_FONT
    return max(floor, math.ceil(LEAST_CSS_PX / scale * 2) / 2)
