"""Words that fit: no text clipped, cut short, overlapping other text, or sticking out of its box (issue 25).

Shared by ``test_words_fit.py`` (every label at the six layout sizes, EN/ES/FR) and ``test_newcomer.py``.
What a player would notice, measured in the page:

- DOM text clipped by its box (``overflow`` hidden/clip and wider or taller content), or with an ellipsis;
- a DOM word broken across two lines ("Leve|l", "Klau|s A · medi|um" in a narrow table's cells);
- DOM text sticking out of its card, table or bar (Klaus's row on the statistics screen);
- two visible DOM texts overlapping (headers on one another);
- canvas text cut with an ellipsis (the canvas's ``fit_text``: "Cualqui…"), or two canvas texts drawn over one
  another (Neue Heimat's "MAIN" and "CAISSE"), read from every frame the worker draws (``houseGamesFrameProbe``);
- a canvas label drawn shorter than its catalogue text: words dropped to make it fit (Neue Heimat's row length "4"
  without "solares", its road without "CALLE", a supply caption left out). A screen that draws a shorter form gives
  the whole label with it (``DrawList.text(..., full=…)``, the command's tenth slot, which the renderer ignores); a
  computer seat named without "(computer, weak)" in a narrow summary is by design (``game/ui/README.md``, *Fit*).
"""

from __future__ import annotations

from typing import Any

#: Records each canvas's last frame's text boxes in CSS px (``window.__fitFrames[canvas id]``); install before boot.
FRAME_PROBE = """
(() => {
  window.__fitFrames = {};
  const ctx = document.createElement("canvas").getContext("2d");
  const previous = window.houseGamesFrameProbe;
  window.houseGamesFrameProbe = (canvas, json) => {
    if (previous) previous(canvas, json);
    const boxes = [], dropped = [];
    let zoom = 1, dx = 0, dy = 0, clipped = 0;
    const saved = [];
    for (const c of (typeof json === "string" ? JSON.parse(json) : json)) {
      if (c[0] === "save") saved.push([zoom, dx, dy, clipped]);
      else if (c[0] === "restore") [zoom, dx, dy, clipped] = saved.length ? saved.pop() : [1, 0, 0, 0];
      else if (c[0] === "transform") { dx += c[1] * zoom; dy += c[2] * zoom; zoom *= c[3]; }
      else if (c[0] === "clip") clipped += 1;
      if (c[0] === "text" && c[9] != null && String(c[9]) !== String(c[3])) dropped.push([String(c[3]), String(c[9])]);
      if (c[0] !== "text" || !String(c[3]).trim()) continue;
      ctx.font = c[4];
      const m = ctx.measureText(String(c[3]));
      let w = m.width;
      if (c[8] && w > c[8]) w = c[8];
      const px = Number((/(\\d+(?:\\.\\d+)?)px/.exec(c[4]) || [0, 14])[1]);
      const align = c[6] || "left", base = c[7] || "alphabetic";
      let x = c[1];
      if (align === "center") x -= w / 2; else if (align === "right" || align === "end") x -= w;
      let y = c[2] - px * 0.8;
      if (base === "middle") y = c[2] - px * 0.5; else if (base === "top" || base === "hanging") y = c[2];
      else if (base === "bottom") y = c[2] - px;
      boxes.push({text: String(c[3]), x: dx + x * zoom, y: dy + y * zoom, w: w * zoom, h: px * zoom, clipped});
    }
    window.__fitFrames[canvas.id || "canvas"] = boxes;
    (window.__fitDropped = window.__fitDropped || {})[canvas.id || "canvas"] = dropped;
  };
})();
"""

#: Words that end in "…" on purpose (an ongoing state), in any language: not a cut
ONGOING = ("thinking", "pensando", "réfléchit", "Waiting", "Esperando", "En attente", "Loading", "Cargando", "Chargement", "Opening",
           "Abriendo", "Ouverture")

#: Everything measured: DOM clipping, sticking out, overlaps; canvas cuts and overlaps.
MEASURE_FIT = """
(ongoing) => {
  const vw = innerWidth, vh = innerHeight;
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1.5 || r.height <= 1.5) return false;  // a visually hidden live region (1×1 px, for screen readers)
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === "none" || s.visibility === "hidden" || Number(s.opacity) === 0) return false;
      if (e.tagName === "DETAILS" && !e.open && !el.closest("summary")) return false;
      // inside a visually hidden region for screen readers (Neue Heimat's table in words): a 1×1 px box that hides
      // what overflows it shows none of its text, however large its cells lay out
      const box = e.getBoundingClientRect();
      if (e !== el && (box.width <= 1.5 || box.height <= 1.5) && (s.overflow !== "visible" || s.clipPath !== "none")) return false;
    }
    return true;
  };
  const out = {clipped: [], sticking: [], overlaps: [], broken: [], canvas_cut: [], canvas_overlaps: [], canvas_dropped: []};
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !el || el.closest("script, style, .board .targets, #load-status, .skip, option, select")) continue;
    if (!visible(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    let pinned = false;
    for (let e = el; e && !pinned; e = e.parentElement) pinned = ["sticky", "fixed"].includes(getComputedStyle(e).position);
    // the part of each line a scrolling box (the log) shows: a line scrolled out of its box is hidden, not overlapping
    const scrollers = [];
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowY !== "visible" || s.overflowX !== "visible") scrollers.push(e.getBoundingClientRect());
    }
    for (const rect of range.getClientRects()) {
      let r = {left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom};
      for (const b of scrollers) r = {left: Math.max(r.left, b.left), right: Math.min(r.right, b.right), top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom)};
      r.width = r.right - r.left; r.height = r.bottom - r.top;
      if (r.width > 0.5 && r.height > 0.5) texts.push({el, pinned, text: n.textContent.trim().slice(0, 40), r});
    }
    // broken: a word (not a link or a long code) whose letters lie on two lines
    for (const m of n.textContent.matchAll(/[^\\s·—–\\-\\/]{2,24}/g)) {
      const word = document.createRange();
      word.setStart(n, m.index);
      word.setEnd(n, m.index + m[0].length);
      const tops = new Set([...word.getClientRects()].filter((r) => r.width > 0.5).map((r) => Math.round(r.top)));
      if (tops.size > 1) { out.broken.push(m[0]); break; }
    }
    // clipped: a box that hides part of its text
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      const hides = (v) => v === "hidden" || v === "clip";
      if ((hides(s.overflowX) && e.scrollWidth > e.clientWidth + 1) || (hides(s.overflowY) && e.scrollHeight > e.clientHeight + 1)
          || (s.textOverflow === "ellipsis" && e.scrollWidth > e.clientWidth + 1)) {
        out.clipped.push({text: n.textContent.trim().slice(0, 40), box: e.id || e.className || e.tagName});
        break;
      }
      if (e.matches(".card, .replay-bar, .scores, .topbar, fieldset, .notice, .toast")) break;
    }
    // sticking out of its card, table or bar
    const box = el.closest(".card, .replay-bar, .topbar, fieldset, .notice, .scores, .nh-scoring, .log");
    if (box) {
      const b = box.getBoundingClientRect();
      for (const r of range.getClientRects()) {
        if (r.width > 0.5 && (r.right > b.right + 1 || r.left < b.left - 1)) {
          out.sticking.push({text: n.textContent.trim().slice(0, 40), box: box.id || box.className, over: Math.round(Math.max(r.right - b.right, b.left - r.left))});
          break;
        }
      }
    }
  }
  // overlapping texts: two lines of text from different elements drawn on one another
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i], b = texts[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      if (a.pinned !== b.pinned) continue;  // text scrolling under a sticky bar (Start) is hidden by it, not overlapping
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 2 && h > Math.min(a.r.height, b.r.height) * 0.4) out.overlaps.push([a.text, b.text]);
    }
    if (out.overlaps.length > 10) break;
  }
  // the canvas: its last frame's texts (FRAME_PROBE), in the canvas's CSS px
  for (const canvas of document.querySelectorAll("canvas")) {
    if (!visible(canvas)) continue;
    const boxes = (window.__fitFrames || {})[canvas.id || "canvas"] || [];
    for (const [shown, full] of (window.__fitDropped || {})[canvas.id || "canvas"] || []) out.canvas_dropped.push(`${shown || "(nothing)"} for ${full}`);
    for (const b of boxes) {
      if (b.text.endsWith("…") && !ongoing.some((w) => b.text.includes(w))) out.canvas_cut.push(b.text);
    }
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.clipped || b.clipped) continue;  // drawn inside a clip (a scrolled strip): not comparable
        const w = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
        const h = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
        if (w > 2 && h > Math.min(a.h, b.h) * 0.5 && a.text !== b.text) out.canvas_overlaps.push([a.text, b.text]);
      }
      if (out.canvas_overlaps.length > 10) break;
    }
  }
  return out;
}
"""


def measure_fit(page: Any) -> dict[str, Any]:
    """What does not fit on the page as it is now (see :data:`MEASURE_FIT`)."""
    return page.evaluate(MEASURE_FIT, list(ONGOING))


def fit_problems(m: dict[str, Any]) -> list[str]:
    """``m`` (from :func:`measure_fit`) in words; empty when every text fits."""
    names = {"clipped": "text clipped by its box", "broken": "word broken across lines", "sticking": "text sticking out of its box", "overlaps": "texts overlapping",
             "canvas_cut": "canvas text cut short", "canvas_overlaps": "canvas texts overlapping",
             "canvas_dropped": "canvas label shorter than its text (words dropped)"}
    return [f"{names[k]}: {v[:6]}" for k, v in m.items() if v]
