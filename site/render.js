// The canvas renderer Python drives (game/ui/canvas.py): one call per frame,
// houseGamesDraw(canvas, commands, scale), where commands is a list (or its JSON
// text) in the board's logical units and scale maps them to backing-store pixels
// (default: the canvas's data-scale). It runs where the canvas is drawn: in
// Python's worker, on an OffscreenCanvas the page handed over (the worker loads
// this file), so drawing never blocks the page; or, where a browser cannot hand
// a canvas over, on the page, for the "draw" operations site/bridge.js receives.
//
// Commands (arrays, first item the name):
//   ["clear", colour|null]
//   ["rect", x, y, w, h, fill|null, stroke|null, lineWidth, radius]
//   ["circle", cx, cy, r, fill|null, stroke|null, lineWidth]
//   ["poly", [x0, y0, x1, y1, ...], fill|null, stroke|null, lineWidth]
//   ["line", x0, y0, x1, y1, colour, lineWidth]
//   ["text", x, y, string, font, colour, align, baseline, maxWidth|null]
//   ["pattern", x, y, w, h, kind, colour, radius]   kind: stripes|dots|grid|cross|waves
//   ["save"], ["restore"], ["clip", x, y, w, h], ["alpha", a]
//   ["transform", x, y, s]   what follows drawn s times larger, its origin at (x, y) (until "restore")

/** @typedef {CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D} Context2D  where it draws: page or worker */

(() => {
  const PATTERN_STEP = 7;

  /** @param {Context2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h @param {number} r */
  function path(ctx, x, y, w, h, r) {
    ctx.beginPath();
    if (r > 0 && ctx.roundRect) ctx.roundRect(x, y, w, h, r);
    else ctx.rect(x, y, w, h);
  }

  // A pattern is a fill with a cached tile (CanvasPattern), not a clipped path of many strokes: a few periods of
  // it drawn once per kind, colour, device scale and sub-pixel offset. The tile holds the number of periods (at
  // most MAX_PERIODS) that comes closest to a whole number of device pixels, stretched to it (so it repeats with
  // no resampling: the hatching stays crisp, its period within a few hundredths of a pixel of PATTERN_STEP units),
  // and starts at the region's corner, as the strokes did (the corner's sub-pixel part to a quarter pixel).
  /** @type {WeakMap<Context2D, Map<string, CanvasPattern>>} */
  const tiles = new WeakMap(); // context -> Map(key -> CanvasPattern)
  const MAX_TILES = 96;
  const MAX_PERIODS = 12;

  /** @param {number} size @returns {OffscreenCanvas | HTMLCanvasElement} */
  function tileCanvas(size) {
    if (typeof OffscreenCanvas !== "undefined") return new OffscreenCanvas(size, size);
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    return canvas;
  }

  // How many periods of `period` device px the tile holds, and its side in whole pixels.
  /** @param {number} period @returns {[number, number]} */
  function tileSize(period) {
    /** @type {[number, number]} */
    let best = [1, Math.max(2, Math.round(period))];
    let error = Infinity;
    for (let n = 1; n <= MAX_PERIODS; n++) {
      const e = Math.abs(n * period - Math.round(n * period));
      if (e < error - 0.02) { error = e; best = [n, Math.max(2, Math.round(n * period))]; }
    }
    return best;
  }

  // The tile's strokes (side t, n periods of p = t / n px; k px per unit), its origin moved by (dx, dy) px;
  // `phase` (units): where the second diagonal of "cross" crosses the top edge (those strokes start at the
  // region's bottom corner, so they depend on its height).
  /**
   * @param {Context2D} tile @param {string} kind @param {string} colour
   * @param {number} t @param {number} n @param {number} dx @param {number} dy @param {number} phase
   */
  function drawTile(tile, kind, colour, t, n, dx, dy, phase) {
    const p = t / n;
    const k = p / PATTERN_STEP;
    tile.strokeStyle = colour;
    tile.fillStyle = colour;
    tile.lineWidth = 1.6 * k;
    tile.translate(dx - p, dy - p); // from one period up and left, to one past the far edges: wraps covered
    const e = t + 2 * p;
    tile.beginPath();
    if (kind === "stripes" || kind === "cross") {
      for (let c = 0; c <= 2 * e; c += p) { tile.moveTo(c, 0); tile.lineTo(c - e, e); }
    }
    if (kind === "cross") {
      for (let c = phase * k - e; c <= e; c += p) { tile.moveTo(c, 0); tile.lineTo(c + e, e); }
    }
    if (kind === "grid") {
      for (let c = 0; c <= e + 0.01; c += p) { tile.moveTo(c, 0); tile.lineTo(c, e); tile.moveTo(0, c); tile.lineTo(e, c); }
    }
    if (kind === "waves") {
      for (let j = p / 2; j < e; j += p) {
        tile.moveTo(0, j);
        for (let i = 0; i < e; i += p) {
          tile.quadraticCurveTo(i + p / 4, j - p / 3, i + p / 2, j);
          tile.quadraticCurveTo(i + 3 * p / 4, j + p / 3, i + p, j);
        }
      }
    }
    if (kind === "dots") {
      for (let j = p / 2; j < e; j += p) for (let i = p / 2; i < e; i += p) { tile.moveTo(i + 1.3 * k, j); tile.arc(i, j, 1.3 * k, 0, 2 * Math.PI); }
      tile.fill();
    } else {
      tile.stroke();
    }
  }

  /**
   * @param {Context2D} ctx @param {string} kind @param {string} colour
   * @param {number} scale @param {number} h @param {number} dx @param {number} dy
   * @returns {CanvasPattern}
   */
  function cachedPattern(ctx, kind, colour, scale, h, dx, dy) {
    const [n, t] = tileSize(PATTERN_STEP * scale);
    const phase = kind === "cross" ? ((-h % PATTERN_STEP) + PATTERN_STEP) % PATTERN_STEP : 0;
    let cache = tiles.get(ctx);
    if (!cache) tiles.set(ctx, cache = new Map());
    const key = `${kind}|${colour}|${scale.toFixed(4)}|${phase.toFixed(2)}|${dx}|${dy}`;
    let found = cache.get(key);
    if (!found) {
      const canvas = tileCanvas(t);
      drawTile(context2d(canvas), kind, colour, t, n, dx, dy, phase);
      const made = ctx.createPattern(canvas, "repeat");
      if (!made) throw new Error(`no ${kind} pattern from a ${t}-px tile`);
      found = made;
      if (cache.size >= MAX_TILES) cache.clear();
      cache.set(key, found);
    }
    return found;
  }

  /**
   * @param {Context2D} ctx @param {number} x @param {number} y @param {number} w @param {number} h
   * @param {string} kind @param {string} colour @param {number} r
   */
  function pattern(ctx, x, y, w, h, kind, colour, r) {
    const m = ctx.getTransform(); // logical units -> device pixels (the frame's scale, any "transform")
    const corner = m.transformPoint({ x, y });
    const left = Math.floor(corner.x), top = Math.floor(corner.y);
    const quarter = (/** @type {number} */ v) => Math.round(v * 4) / 4;
    const fill = cachedPattern(ctx, kind, colour, Math.hypot(m.a, m.b), h, quarter(corner.x - left), quarter(corner.y - top));
    // the tile's pixels are device pixels from (left, top), in the units the region's path is drawn in
    fill.setTransform(m.inverse().multiply(new DOMMatrix([1, 0, 0, 1, left, top])));
    path(ctx, x, y, w, h, r || 0);
    ctx.fillStyle = fill;
    ctx.fill();
  }

  // A canvas's 2-D context (a canvas another kind of context holds has none: a clear error, not a null's).
  /** @param {OffscreenCanvas | HTMLCanvasElement} canvas @returns {Context2D} */
  function context2d(canvas) {
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("the canvas has no 2d context");
    return /** @type {Context2D} */ (ctx);
  }

  /**
   * @param {HTMLCanvasElement | OffscreenCanvas} canvas
   * @param {unknown[][] | string} json  the commands above, or their JSON text (types/site.d.ts: DrawCommands)
   * @param {number} [scale]  units to backing-store pixels; default the page's canvas's data-scale (a worker passes it)
   */
  function draw(canvas, json, scale) {
    const ctx = context2d(canvas);
    if (scale === undefined) scale = Number(("dataset" in canvas && canvas.dataset.scale) || 1);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    /** @type {any[][]} each command's fields as the list above says (Python writes them: game/ui/canvas.py DrawList) */
    const commands = typeof json === "string" ? JSON.parse(json) : json;
    for (const c of commands) {
      switch (c[0]) {
        case "clear":
          ctx.save(); ctx.setTransform(1, 0, 0, 1, 0, 0);
          if (c[1]) { ctx.fillStyle = c[1]; ctx.fillRect(0, 0, canvas.width, canvas.height); }
          else ctx.clearRect(0, 0, canvas.width, canvas.height);
          ctx.restore();
          break;
        case "rect":
          path(ctx, c[1], c[2], c[3], c[4], c[8] || 0);
          if (c[5]) { ctx.fillStyle = c[5]; ctx.fill(); }
          if (c[6]) { ctx.strokeStyle = c[6]; ctx.lineWidth = c[7] || 1; ctx.stroke(); }
          break;
        case "circle":
          ctx.beginPath(); ctx.arc(c[1], c[2], c[3], 0, 2 * Math.PI);
          if (c[4]) { ctx.fillStyle = c[4]; ctx.fill(); }
          if (c[5]) { ctx.strokeStyle = c[5]; ctx.lineWidth = c[6] || 1; ctx.stroke(); }
          break;
        case "poly": {
          const p = c[1];
          ctx.beginPath(); ctx.moveTo(p[0], p[1]);
          for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
          ctx.closePath();
          if (c[2]) { ctx.fillStyle = c[2]; ctx.fill(); }
          if (c[3]) { ctx.strokeStyle = c[3]; ctx.lineWidth = c[4] || 1; ctx.stroke(); }
          break;
        }
        case "line":
          ctx.beginPath(); ctx.moveTo(c[1], c[2]); ctx.lineTo(c[3], c[4]);
          ctx.strokeStyle = c[5]; ctx.lineWidth = c[6] || 1; ctx.stroke();
          break;
        case "text":
          ctx.font = c[4]; ctx.fillStyle = c[5]; ctx.textAlign = c[6] || "left"; ctx.textBaseline = c[7] || "alphabetic";
          if (c[8]) ctx.fillText(c[3], c[1], c[2], c[8]); else ctx.fillText(c[3], c[1], c[2]);
          break;
        case "pattern": pattern(ctx, c[1], c[2], c[3], c[4], c[5], c[6], c[7]); break;
        case "save": ctx.save(); break;
        case "restore": ctx.restore(); break;
        case "clip": ctx.beginPath(); ctx.rect(c[1], c[2], c[3], c[4]); ctx.clip(); break;
        case "alpha": ctx.globalAlpha = c[1]; break;
        case "transform": ctx.translate(c[1], c[2]); ctx.scale(c[3], c[3]); break;
        default: throw new Error(`unknown draw command ${c[0]}`);
      }
    }
  }

  Object.assign(globalThis, { houseGamesDraw: draw });
})();
