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

  function draw(canvas, json, scale) {
    const ctx = canvas.getContext("2d");
    if (scale === undefined) scale = Number(canvas.dataset.scale || 1);
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
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

  globalThis.houseGamesDraw = draw;
})();
