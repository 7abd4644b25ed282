"""Watching the canvas's frames from the page: which frames were drawn since a moment, and what changed first."""

from __future__ import annotations


#: per animation frame: [frame number, time, canvas signature, canvas colours, DOM signature, app visible]. A frame's
#: signatures are computed again only when something that could change them happened since the last frame (a picture
#: put on a page canvas, a DOM mutation, a resize): reading the canvas back on every frame of a whole game cost a
#: tenth of a newcomer's game's CPU, and an unchanged page gives the same signatures anyway
FRAME_WATCH = """
(() => {
  const frames = [];
  window.__frames = frames;
  let n = 0, last = "";
  let canvasDirty = true, domDirty = true, c = "none", colours = 0, d = "hidden";
  const shown = ImageBitmapRenderingContext.prototype.transferFromImageBitmap;
  ImageBitmapRenderingContext.prototype.transferFromImageBitmap = function (bitmap) {
    canvasDirty = true;
    return shown.call(this, bitmap);
  };
  for (const name of ["drawImage", "putImageData", "clearRect", "fillRect", "strokeRect", "fill", "stroke", "fillText", "strokeText"]) {
    const draw = CanvasRenderingContext2D.prototype[name];
    CanvasRenderingContext2D.prototype[name] = function (...args) {
      if (this.canvas !== scratch) canvasDirty = true;
      return draw.apply(this, args);
    };
  }
  new MutationObserver(() => { canvasDirty = true; domDirty = true; })
    .observe(document, {childList: true, subtree: true, attributes: true, characterData: true});
  addEventListener("resize", () => { canvasDirty = true; domDirty = true; });
  const W = 180, H = 320;
  let scratch = null, flat = null;
  function hash(text) { let h = 0; for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0; return h; }
  function canvasSig() {
    const canvas = document.querySelector("#app .board canvas");
    if (!canvas || !canvas.width || !canvas.isConnected) return ["none", 0];
    if (!scratch) { scratch = document.createElement("canvas"); scratch.width = W; scratch.height = H;
                    flat = scratch.getContext("2d", { willReadFrequently: true }); }
    flat.clearRect(0, 0, W, H);
    try { flat.drawImage(canvas, 0, 0, W, H); } catch (e) { return ["unreadable", 0]; }
    const data = flat.getImageData(0, 0, W, H).data;
    let h = 0;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      const v = ((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]) | 0;
      h = (Math.imul(h, 31) + v) | 0;
      if (colours.size < 64) colours.add(v);
    }
    return [String(h), colours.size];
  }
  function domSig() {
    const app = document.getElementById("app");
    if (!app || app.hidden) return "hidden";
    const parts = [];
    for (const b of app.querySelectorAll("button")) {
      if (b.offsetParent === null) continue; // not shown
      parts.push([b.dataset.key || b.id, b.getAttribute("aria-label") || b.textContent, b.disabled,
                  b.dataset.legal || "", b.getAttribute("aria-pressed") || ""].join("|"));
    }
    const status = document.getElementById("status");
    parts.push(status ? status.textContent : "");
    return String(hash(parts.join("\\n")));
  }
  function watch() {
    n += 1;
    if (canvasDirty) { canvasDirty = false; [c, colours] = canvasSig(); }
    if (domDirty) { domDirty = false; d = domSig(); }
    const app = document.getElementById("app");
    const visible = !!app && !app.hidden;
    const key = c + "/" + d + "/" + visible;
    if (key !== last) { frames.push([n, performance.now(), c, colours, d, visible]); last = key; }
    requestAnimationFrame(watch);
  }
  requestAnimationFrame(watch);
})();
"""


def frames_since(page, t0: float) -> list[list]:
    return page.evaluate("t => window.__frames.filter(f => f[1] >= t)", t0)


def first_changes(before: list, frames: list[list]) -> tuple[int | None, int | None]:
    """The frame numbers where the canvas and the DOM first differ from ``before`` (a frame record)."""
    canvas_at = next((f[0] for f in frames if f[2] != before[2]), None)
    dom_at = next((f[0] for f in frames if f[4] != before[4]), None)
    return canvas_at, dom_at
