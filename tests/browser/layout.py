"""Measuring a game's table at the six screen shapes of issue 14 (shared by the ``test_<game>_layout.py`` tests
and the figures script ``python3 -m tests.browser.layout_report``).

What a player would check on each device, measured in the page:

- no sideways scroll (the page is never wider than the screen);
- every enabled button (the canvas's transparent target buttons included) is at
  least 44×44 CSS px on a touch screen, 32×32 with a mouse;
- the decision's essentials (the prompt, the player's own hand or house) lie
  inside the viewport without scrolling;
- the table's width as a share of the screen's, and the page's height as a
  multiple of the screen's;
- the smallest text on the page and on the canvas, in CSS px (canvas text drawn
  squeezed by ``max_width`` counts at the size it is really shown).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

#: (name, width, height, touch): phones portrait and landscape and a tablet by touch, two desktops by mouse
SIZES = [
    ("360x640", 360, 640, True),
    ("390x844", 390, 844, True),
    ("844x390", 844, 390, True),
    ("768x1024", 768, 1024, True),
    ("1280x800", 1280, 800, False),
    ("1920x1080", 1920, 1080, False),
]
#: the narrowest phone the app lays out for (an iPhone SE of the first kind, small Androids): text and targets are
#: checked there too (not every screenshot)
NARROW = ("320x568", 320, 568, True)
#: an unusual window, a little wider than tall (a small tablet's split screen, a phone browser's desktop mode):
#: checked where a game decides its layout by the window's shape (Nyhavn)
SQUARISH = ("640x560", 640, 560, True)
#: common touch screens beyond the six, checked by touch in the same page: big phones on their side (a Galaxy S at
#: 915×412, an iPhone Pro Max at 932×430: a phone's height, a desktop's width), a tablet on its side (1024×768) and
#: a tablet's split screen (700×1000)
DEVICES = [("915x412", 915, 412, True), ("932x430", 932, 430, True), ("1024x768", 1024, 768, True), ("700x1000", 700, 1000, True)]
#: a small desktop window by mouse (the log beside the table leaves it about 670 px: Nyhavn shows its upright
#: table beside the bar there, fitted to the window's height, so its share is under half)
SMALL_DESKTOP = ("1024x768-mouse", 1024, 768, False)

#: Watches every frame drawn (``window.houseGamesFrameProbe``: the worker then sends each frame to the page as
#: well, see site/bridge.js) to record the smallest text, in CSS px: the font's px × the canvas's logical→CSS
#: scale, × the squeeze ``max_width`` applies.
TEXT_PROBE = """
(() => {
  window.__minCanvasText = null;
  const ctx = document.createElement("canvas").getContext("2d");  // for measureText only
  window.houseGamesFrameProbe = (canvas, json) => {
    const css = Number(canvas.dataset.scale || 1) / (window.devicePixelRatio || 1);
    // the smallest text of the last frame drawn: what the player sees once the table has settled at this
    // size (a frame drawn in between, before the table re-lays for the new shape, is replaced at once)
    let least = null;
    let zoom = 1;  // a part drawn magnified ("transform", inside "save" … "restore")
    const saved = [];
    for (const c of (typeof json === "string" ? JSON.parse(json) : json)) {
      if (c[0] === "save") saved.push(zoom);
      else if (c[0] === "restore") zoom = saved.length ? saved.pop() : 1;
      else if (c[0] === "transform") zoom *= c[3];
      if (c[0] !== "text" || !String(c[3]).trim()) continue;
      const m = /(\\d+(?:\\.\\d+)?)px/.exec(c[4]);
      if (!m) continue;
      let px = Number(m[1]) * css * zoom;
      if (c[8]) { ctx.font = c[4]; const w = ctx.measureText(c[3]).width; if (w > c[8]) px *= c[8] / w; }
      if (!least || px < least.px) least = {px: Math.round(px * 10) / 10, text: String(c[3])};
    }
    window.__minCanvasText = least;
  };
})();
"""

#: Everything measured in one go; ``essentials`` is a list of [name, CSS selector] whose elements' union must be on screen.
MEASURE = """
(essentials) => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const coarse = matchMedia("(pointer: coarse)").matches;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return false;
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden") return false;
      if (e.tagName === "DETAILS" && !e.open && e !== el && !el.closest("summary")) return false;
    }
    return true;
  };
  const small = [];
  let smallest = null, count = 0;
  for (const b of document.querySelectorAll("button, select, input, summary, a[href]")) {
    if (b.disabled || !visible(b)) continue;
    const box = b.getBoundingClientRect();
    if (box.right <= 0 || box.bottom <= 0) continue;  // parked off screen until focused (the skip link)
    if (b.tagName === "INPUT" && b.type === "checkbox") continue;  // its <label class=check> is the target
    const r = b.getBoundingClientRect();
    const side = Math.min(r.width, r.height);
    count++;
    const name = b.getAttribute("aria-label") || b.dataset.key || b.id || b.textContent.trim().slice(0, 30);
    if (!smallest || side < smallest.px) smallest = {px: Math.round(side * 10) / 10, name};
    if (side < 43.5) small.push({name, w: Math.round(r.width), h: Math.round(r.height)});
  }
  for (const l of document.querySelectorAll("label.check")) {
    if (!visible(l)) continue;
    const r = l.getBoundingClientRect();
    count++;
    if (Math.min(r.width, r.height) < 43.5) small.push({name: l.textContent.trim().slice(0, 30), w: Math.round(r.width), h: Math.round(r.height)});
  }
  let minText = null;
  const walker = document.createTreeWalker(document.getElementById("app") || document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!n.textContent.trim() || !n.parentElement || !visible(n.parentElement)) continue;
    const px = parseFloat(getComputedStyle(n.parentElement).fontSize);
    if (!minText || px < minText.px) minText = {px, text: n.textContent.trim().slice(0, 40)};
  }
  const out = {};
  for (const [name, selector] of essentials) {
    if (selector.startsWith("box:")) {  // a region the canvas draws: data-prompt-box="fx fy fw fh" of the board
      // ("box:SELECTOR|name": the board's data-<name>-box instead); covered: a panel or note lies over its middle
      const [sel, key] = selector.slice(4).split("|");
      const board = document.querySelector(sel);
      const data = key ? key + "Box" : "promptBox";
      const f = board && board.dataset[data] ? board.dataset[data].split(" ").map(Number) : null;
      if (!f || !visible(board)) { out[name] = null; continue; }
      const b = board.getBoundingClientRect();
      const r = {left: b.left + f[0] * b.width, top: b.top + f[1] * b.height, right: b.left + (f[0] + f[2]) * b.width,
                 bottom: b.top + (f[1] + f[3]) * b.height};
      const x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;
      const hit = x >= 0 && y >= 0 && x <= vw && y <= vh ? document.elementFromPoint(x, y) : null;
      const covered = hit !== null && !board.contains(hit) ? 1 : 0;
      out[name] = {top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right),
                   covered, inside: r.top >= -0.5 && r.left >= -0.5 && r.bottom <= vh + 0.5 && r.right <= vw + 0.5 && !covered};
      continue;
    }
    const shown = [...document.querySelectorAll(selector)].filter(visible);
    const rects = shown.map((e) => e.getBoundingClientRect());
    if (!rects.length) { out[name] = null; continue; }
    // covered: the element is not what a tap at its centre reaches (a sticky bar over it, say)
    const covered = shown.filter((e, i) => {
      const r = rects[i], x = r.left + r.width / 2, y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > vw || y > vh) return false;
      const hit = document.elementFromPoint(x, y);
      return !(hit && (hit === e || e.contains(hit) || hit.contains(e)));
    }).length;
    const top = Math.min(...rects.map((r) => r.top)), bottom = Math.max(...rects.map((r) => r.bottom));
    const left = Math.min(...rects.map((r) => r.left)), right = Math.max(...rects.map((r) => r.right));
    out[name] = {top: Math.round(top), bottom: Math.round(bottom), left: Math.round(left), right: Math.round(right),
                 covered, inside: top >= -0.5 && left >= -0.5 && bottom <= vh + 0.5 && right <= vw + 0.5 && covered === 0};
  }
  const board = document.querySelector(".board");
  const br = board ? board.getBoundingClientRect() : null;
  return {
    viewport: [vw, vh], coarse,
    sideways: document.documentElement.scrollWidth - vw,
    page_height: Math.round(100 * document.documentElement.scrollHeight / vh) / 100,
    table_share: br ? Math.round(100 * br.width / vw) / 100 : null,
    table_height: br ? Math.round(100 * br.height / vh) / 100 : null,
    targets: count, small, smallest, text: minText, canvas_text: window.__minCanvasText, essentials: out,
  };
}
"""


@dataclass
class GameShape:
    """How to open one game and what must be on screen for its first decision."""

    game_id: str
    start: Callable[[Any, str], None]  #: start(page, site_url): from a ready start screen to the player's first decision
    essentials: list[tuple[str, str]]  #: (name, CSS selector) that must lie inside the viewport


def settle(page: Any) -> None:
    """Let a resize reach the table (ResizeObserver → the worker re-lays and redraws → the page draws) and the
    page lay out again."""
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(ok, 150))))")
    page.wait_for_function("!(window.houseGames && window.houseGames.idle) || window.houseGames.idle()", timeout=60_000)
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


def measure(page: Any, shape: GameShape, width: int, height: int) -> dict[str, Any]:
    """Resize the page to ``width``×``height``, scroll to the top, redraw, and measure (see :data:`MEASURE`)."""
    if page.viewport_size != {"width": width, "height": height}:
        page.evaluate("window.__minCanvasText = null")  # the resize redraws: what it draws is this size's text
        page.set_viewport_size({"width": width, "height": height})
    settle(page)
    page.evaluate("window.scrollTo(0, 0)")
    settle(page)
    return page.evaluate(MEASURE, [list(e) for e in shape.essentials])


def problems(m: dict[str, Any]) -> list[str]:
    """What a player would complain about in measurement ``m`` (empty when the size is fine)."""
    out = []
    least = 44 if m["coarse"] else 32
    if m["sideways"] > 0:
        out.append(f"page scrolls sideways by {m['sideways']} px")
    too_small = [s for s in m["small"] if min(s["w"], s["h"]) < least - 0.5]
    if too_small:
        out.append(f"{len(too_small)} targets under {least} px: {too_small[:6]}")
    for name, box in m["essentials"].items():
        if box is None:
            out.append(f"{name}: not shown")
        elif not box["inside"]:
            out.append(f"{name} off screen: {box}")
    for key in ("text", "canvas_text"):
        if m[key] and m[key]["px"] < 11.95:
            out.append(f"{key} under 12 px: {m[key]}")
    return out


#: the least share of the screen's width a table takes: all of a phone, most of anything wider
#: small phones on their side (an iPhone SE or 8 of the second kind, a 360-px Android): Barrio's wide table drawn
#: with fewer units (``game.ui.barrio.table.wide_width``)
SMALL_LANDSCAPE = [("667x375", 667, 375, True), ("640x360", 640, 360, True)]
LEAST_SHARE = {"667x375": 0.75, "640x360": 0.75, "1024x768-mouse": 0.45, "915x412": 0.75, "932x430": 0.75, "1024x768": 0.6, "700x1000": 0.5, "640x560": 0.52, "320x568": 0.95, "360x640": 0.95, "390x844": 0.95, "844x390": 0.75, "768x1024": 0.95, "1280x800": 0.65, "1920x1080": 0.7}


def open_sized(make_context: Any, site_url: str, shape: GameShape, touch: bool,
               pause: int = 3600000) -> tuple[Any, list[tuple[str, int, int, bool]]]:
    """A page of a fresh touch (or mouse) context at the first size of that kind, with ``shape``'s game started
    (computer seats wait ``pause`` ms before they act: by default they never do while the sizes are measured)."""
    sizes = [s for s in SIZES if s[3] == touch]
    _, width, height, _ = sizes[0]
    context = make_context(viewport={"width": width, "height": height}, device_scale_factor=2 if touch else 1,
                           is_mobile=touch, has_touch=touch)
    context.add_init_script(TEXT_PROBE)
    page = context.new_page()
    page.goto(site_url + f"?pause={pause}")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    shape.start(page)
    return page, sizes


def check_sizes(page: Any, shape: GameShape, sizes: list[tuple[str, int, int, bool]], shot: Callable[[Any, str], Any],
                text: bool = True) -> dict[str, dict[str, Any]]:
    """Measure every size (resizing the same page), screenshot it, and assert what a player would check.

    ``text=False`` leaves the smallest-text figures out of the assertions (they are still measured and returned).
    """
    found = {}
    for name, width, height, _ in sizes:
        m = measure(page, shape, width, height)
        shot(page, f"{shape.game_id}-layout-{name}")
        found[name] = m
        complaints = [p for p in problems(m) if text or "text under" not in p]
        assert complaints == [], (name, complaints)
        assert m["table_share"] >= LEAST_SHARE[name], (name, m["table_share"])
    return found
