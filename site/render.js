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

(() => {
  const PATTERN_STEP = 7;

  function path(ctx, x, y, w, h, r) {
    ctx.beginPath();
    if (r > 0 && ctx.roundRect) ctx.roundRect(x, y, w, h, r);
    else ctx.rect(x, y, w, h);
  }

  function pattern(ctx, x, y, w, h, kind, colour, r) {
    ctx.save();
    path(ctx, x, y, w, h, r || 0);
    ctx.clip();
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = 1.6;
    const s = PATTERN_STEP;
    ctx.beginPath();
    if (kind === "stripes") {
      for (let d = -h; d < w; d += s) { ctx.moveTo(x + d, y + h); ctx.lineTo(x + d + h, y); }
      ctx.stroke();
    } else if (kind === "grid") {
      for (let i = x; i <= x + w; i += s) { ctx.moveTo(i, y); ctx.lineTo(i, y + h); }
      for (let j = y; j <= y + h; j += s) { ctx.moveTo(x, j); ctx.lineTo(x + w, j); }
      ctx.stroke();
    } else if (kind === "cross") {
      for (let d = -h; d < w; d += s) { ctx.moveTo(x + d, y + h); ctx.lineTo(x + d + h, y); ctx.moveTo(x + d, y); ctx.lineTo(x + d + h, y + h); }
      ctx.stroke();
    } else if (kind === "waves") {
      for (let j = y + s / 2; j < y + h; j += s) {
        ctx.moveTo(x, j);
        for (let i = x; i < x + w; i += s) ctx.quadraticCurveTo(i + s / 4, j - s / 3, i + s / 2, j), ctx.quadraticCurveTo(i + 3 * s / 4, j + s / 3, i + s, j);
      }
      ctx.stroke();
    } else { // dots
      for (let j = y + s / 2; j < y + h; j += s) for (let i = x + s / 2; i < x + w; i += s) { ctx.moveTo(i + 1.3, j); ctx.arc(i, j, 1.3, 0, 2 * Math.PI); }
      ctx.fill();
    }
    ctx.restore();
  }

  // (left, top): the canvas shows only the part of the frame from that backing-store pixel on (a patch, see paint)
  function draw(canvas, json, scale, left = 0, top = 0) {
    const ctx = canvas.getContext("2d");
    if (scale === undefined) scale = Number(canvas.dataset.scale || 1);
    ctx.setTransform(scale, 0, 0, scale, -left, -top);
    ctx.globalAlpha = 1; // nothing of the last frame's state either
    for (const c of typeof json === "string" ? JSON.parse(json) : json) {
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

  // ---------------------------------------------------------------- painting only what changed (in the worker)
  // A frame shown on the page is remembered per canvas as each drawing command's key (the command with the transform,
  // clip and alpha it is drawn under: what decides its pixels) and its box in backing-store pixels. The next frame of
  // that canvas is compared with it (longest common subsequence of keys): a pixel outside the boxes of the commands
  // that differ is painted by the same commands in the same order in both frames, so it is unchanged. Only the box
  // around what differs is painted, on a canvas of its size, and sent as a patch the page draws over its picture.
  const AA = 2; // backing-store pixels around every box: antialiasing, hinting
  const PATCH_UP_TO = 0.75; // a patch larger than this share of the canvas: the whole frame instead
  const shown = new Map(); // canvas key -> {width, height, scale, keys, boxes}
  let measurer = null;
  let patchCanvas = null;
  let wholeCanvas = null;

  function textBox(c) {
    if (!measurer) measurer = new OffscreenCanvas(1, 1).getContext("2d");
    measurer.font = c[4];
    measurer.textAlign = c[6] || "left";
    measurer.textBaseline = c[7] || "alphabetic";
    const m = measurer.measureText(c[3]);
    const size = Number((/(\d+(?:\.\d+)?)px/.exec(c[4]) || [0, 16])[1]);
    const pad = 2 + size * 0.25; // italics, hinting at other scales
    // squeezed to maxWidth towards its anchor: inside the unsqueezed box
    return [c[1] - m.actualBoundingBoxLeft - pad, c[2] - m.actualBoundingBoxAscent - pad,
            c[1] + m.actualBoundingBoxRight + pad, c[2] + m.actualBoundingBoxDescent + pad];
  }

  // Each drawing command's key and box (null for state commands); null altogether when a box cannot be known.
  function layout(cmds, width, height, scale) {
    const keys = [], boxes = [];
    let t = [0, 0, scale], clip = null, alpha = 1;
    const stack = [];
    for (const c of cmds) {
      let box = null; // in logical units, before the transform
      switch (c[0]) {
        case "save": stack.push([t, clip, alpha]); continue;
        case "restore": if (stack.length) [t, clip, alpha] = stack.pop(); continue;
        case "transform": t = [t[0] + t[2] * c[1], t[1] + t[2] * c[2], t[2] * c[3]]; continue;
        case "alpha": alpha = c[1]; continue;
        case "clip": {
          const r = [t[0] + t[2] * c[1] - AA, t[1] + t[2] * c[2] - AA, t[0] + t[2] * (c[1] + c[3]) + AA, t[1] + t[2] * (c[2] + c[4]) + AA];
          clip = clip ? [Math.max(clip[0], r[0]), Math.max(clip[1], r[1]), Math.min(clip[2], r[2]), Math.min(clip[3], r[3])] : r;
          continue;
        }
        case "clear": keys.push(JSON.stringify(c)); boxes.push([0, 0, width, height]); continue;
        case "rect": { const m = c[6] ? (c[7] || 1) : 0; box = [c[1] - m, c[2] - m, c[1] + c[3] + m, c[2] + c[4] + m]; break; }
        case "pattern": box = [c[1], c[2], c[1] + c[3], c[2] + c[4]]; break;
        case "circle": { const m = c[3] + (c[5] ? (c[6] || 1) : 0); box = [c[1] - m, c[2] - m, c[1] + m, c[2] + m]; break; }
        case "poly": {
          const p = c[1], m = c[3] ? 5 * (c[4] || 1) : 0; // mitred corners reach out up to 5 line widths
          let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
          for (let i = 0; i + 1 < p.length; i += 2) { x0 = Math.min(x0, p[i]); x1 = Math.max(x1, p[i]); y0 = Math.min(y0, p[i + 1]); y1 = Math.max(y1, p[i + 1]); }
          box = [x0 - m, y0 - m, x1 + m, y1 + m];
          break;
        }
        case "line": { const m = c[6] || 1; box = [Math.min(c[1], c[3]) - m, Math.min(c[2], c[4]) - m, Math.max(c[1], c[3]) + m, Math.max(c[2], c[4]) + m]; break; }
        case "text": box = textBox(c); break;
        default: return null;
      }
      if (!box.every(Number.isFinite)) return null;
      let d = [t[0] + t[2] * box[0] - AA, t[1] + t[2] * box[1] - AA, t[0] + t[2] * box[2] + AA, t[1] + t[2] * box[3] + AA];
      if (clip) d = [Math.max(d[0], clip[0]), Math.max(d[1], clip[1]), Math.min(d[2], clip[2]), Math.min(d[3], clip[3])];
      keys.push(`${t}|${clip}|${alpha}|${JSON.stringify(c)}`);
      boxes.push(d);
    }
    return { keys, boxes };
  }

  // The box (backing-store pixels, [x0, y0, x1, y1]) around every command not common to both frames; null if none.
  function changed(before, after) {
    const a = before.keys, b = after.keys;
    let lo = 0;
    while (lo < a.length && lo < b.length && a[lo] === b[lo]) lo += 1;
    let ha = a.length, hb = b.length;
    while (ha > lo && hb > lo && a[ha - 1] === b[hb - 1]) { ha -= 1; hb -= 1; }
    const n = ha - lo, m = hb - lo;
    const inA = new Uint8Array(n), inB = new Uint8Array(m); // 1: part of the common subsequence
    if (n && m && n * m <= 250000) { // (a longer middle counts as changed whole: still a box around every difference)
      const w = m + 1, table = new Uint16Array((n + 1) * w);
      for (let i = n - 1; i >= 0; i -= 1) {
        for (let j = m - 1; j >= 0; j -= 1) {
          table[i * w + j] = a[lo + i] === b[lo + j] ? table[(i + 1) * w + j + 1] + 1 : Math.max(table[(i + 1) * w + j], table[i * w + j + 1]);
        }
      }
      for (let i = 0, j = 0; i < n && j < m;) {
        if (a[lo + i] === b[lo + j]) { inA[i] = 1; inB[j] = 1; i += 1; j += 1; }
        else if (table[(i + 1) * w + j] >= table[i * w + j + 1]) i += 1;
        else j += 1;
      }
    }
    let box = null;
    const grow = (d) => { box = box ? [Math.min(box[0], d[0]), Math.min(box[1], d[1]), Math.max(box[2], d[2]), Math.max(box[3], d[3])] : d.slice(); };
    for (let i = 0; i < n; i += 1) if (!inA[i]) grow(before.boxes[lo + i]);
    for (let j = 0; j < m; j += 1) if (!inB[j]) grow(after.boxes[lo + j]);
    return box;
  }

  // Paint the frame of the canvas `key` (width × height backing-store pixels): [bitmap, x, y], a patch to draw at
  // (x, y) over the picture the page shows, or [bitmap], the whole frame (`whole` asks for that: a new, resized or
  // cleared canvas); null when nothing changed since the last frame painted for `key`.
  function paint(key, width, height, scale, json, whole) {
    const cmds = typeof json === "string" ? JSON.parse(json) : json;
    const now = layout(cmds, width, height, scale);
    const last = shown.get(key);
    let box = null;
    if (!whole && now && last && last.width === width && last.height === height && last.scale === scale) {
      box = changed(last, now);
      if (!box) { shown.set(key, { width, height, scale, ...now }); return null; }
      box = [Math.max(0, Math.floor(box[0])), Math.max(0, Math.floor(box[1])), Math.min(width, Math.ceil(box[2])), Math.min(height, Math.ceil(box[3]))];
      if (box[2] <= box[0] || box[3] <= box[1]) { shown.set(key, { width, height, scale, ...now }); return null; }
      if ((box[2] - box[0]) * (box[3] - box[1]) > PATCH_UP_TO * width * height) box = null;
    }
    if (now) shown.set(key, { width, height, scale, ...now });
    else shown.delete(key);
    if (!box) {
      if (!wholeCanvas) wholeCanvas = new OffscreenCanvas(width, height);
      if (wholeCanvas.width !== width) wholeCanvas.width = width;
      if (wholeCanvas.height !== height) wholeCanvas.height = height;
      draw(wholeCanvas, cmds, scale);
      return [wholeCanvas.transferToImageBitmap()];
    }
    const [x0, y0, x1, y1] = box;
    if (!patchCanvas) patchCanvas = new OffscreenCanvas(x1 - x0, y1 - y0);
    patchCanvas.width = x1 - x0; // a new size: a clean canvas
    patchCanvas.height = y1 - y0;
    draw(patchCanvas, cmds, scale, x0, y0);
    return [patchCanvas.transferToImageBitmap(), x0, y0];
  }

  // The page no longer shows what was painted for `key` (it was cleared or dropped): its next frame is painted whole.
  function forget(key) { shown.delete(key); }

  globalThis.houseGamesDraw = draw;
  globalThis.houseGamesPaint = paint;
  globalThis.houseGamesForget = forget;
})();
