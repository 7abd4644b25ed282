// The page's end of the Python bridge. Python runs in a Web Worker (game/ui/
// remote.py keeps a mirror of the DOM there); it sends one message of
// operations per Python turn, which this module applies to real elements
// keyed by id. In the other direction it forwards events (with the fields
// handlers read), element sizes, form values and storage changes. Plain
// postMessage: no SharedArrayBuffer, so no cross-origin isolation is needed.
// Message shapes: game/ui/README.md ("The bridge"). The app's data lives in IndexedDB (./store.js); only the
// start screen's settings stay in localStorage.

import * as store from "./store.js";
import * as journal from "./journal.js";

const nodes = new Map(); // id -> element
const ids = new WeakMap(); // element -> id
const listeners = new Map(); // handler id -> [element, type, listener]
const observed = new Set(); // elements whose size Python reads
const bitmapContexts = new WeakMap(); // canvas -> its "bitmaprenderer" context (null: it has a 2D one)
const pendingMoves = new Map(); // handler id -> latest coalesced move event while the worker is busy
const queued = []; // messages before the worker is connected
const MOVES = new Set(["pointermove", "mousemove", "touchmove", "scroll", "wheel"]);
let worker = null;
let sent = 0; // messages sent
let acked = 0; // messages the worker has finished handling (from its replies)
let hooks = null;
let committing = 0; // database writes under way (the page is not idle until they are stored or refused)
let observer = null;

function register(id, element) {
  nodes.set(id, element);
  ids.set(element, id);
}

function idOf(element) {
  while (element && !ids.has(element)) element = element.parentNode;
  return element ? ids.get(element) : null;
}

function send(message) {
  if (!worker) { queued.push(message); return; }
  sent += 1;
  worker.postMessage(JSON.stringify(message));
}

// Send a message to the worker (queued until it is connected).
export function post(message) { send(message); }

function busy() { return acked < sent; }

function rect(element) {
  const box = element.getBoundingClientRect();
  return [box.left, box.top, box.width, box.height];
}

function valuesOf(element) {
  const id = ids.get(element);
  if (id === undefined || !("value" in element) || element.tagName === "BUTTON" || element.tagName === "LI") return null;
  const checkable = element.type === "checkbox" || element.type === "radio";
  return { [id]: [String(element.value), checkable ? element.checked : null] };
}

function eventData(event, hid, current) {
  const data = { kind: "event", hid, type: event.type, target: idOf(event.target), current: ids.get(current) };
  if ("key" in event) Object.assign(data, { key: event.key, code: event.code });
  if ("clientX" in event) Object.assign(data, { x: event.clientX, y: event.clientY, button: event.button });
  if ("pointerId" in event) Object.assign(data, { pointer: event.pointerId, pointerType: event.pointerType });
  for (const k of ["shift", "ctrl", "alt", "meta"]) if (event[`${k}Key`]) data[k] = true;
  const values = event.target && event.target.nodeType === 1 ? valuesOf(event.target) : null;
  if (values) data.values = values;
  const rects = {};
  for (let el = current; el; el = el.parentElement) if (observed.has(el)) rects[ids.get(el)] = rect(el);
  data.rects = rects;
  return data;
}

// A file input's chosen files travel with its change event as [[name, text], …] (read as UTF-8 text).
function withFiles(element, data) {
  const files = [...element.files].slice(0, 4);
  Promise.all(files.map((file) => file.text().then((text) => [file.name, text], () => [file.name, null])))
    .then((read) => { data.files = read; send(data); });
}

// Share a link: the device's share sheet (Web Share) where the browser has one, else the clipboard; Python hears
// which happened. A share the browser refuses (the tap's activation spent on the worker's round trip, a policy)
// falls back to the clipboard; one the player cancels is just cancelled.
async function shareLink(url, title) {
  let how = "failed";
  try {
    if (navigator.share && (!navigator.canShare || navigator.canShare({ url, title }))) {
      try {
        await navigator.share({ url, title });
        how = "shared";
      } catch (error) {
        if (error && error.name === "AbortError") throw error;
        await navigator.clipboard.writeText(url);
        how = "copied";
      }
    } else {
      await navigator.clipboard.writeText(url);
      how = "copied";
    }
  } catch (error) {
    how = error && error.name === "AbortError" ? "cancelled" : "failed";
  }
  send({ kind: "shared", how, url });
}

// Can this browser share files through the share sheet (phones)? Asked once, told to Python in the boot message.
function canShareFiles() {
  try {
    return typeof File === "function" && typeof navigator.share === "function" && typeof navigator.canShare === "function"
      && navigator.canShare({ files: [new File(["{}"], "house-games.json", { type: "application/json" })] });
  } catch { return false; }
}

// Share a file (the statistics export) through the share sheet; where that is refused, download it instead.
async function shareFile(name, text, mime, title) {
  let how = "downloaded";
  try {
    await navigator.share({ files: [new File([text], name, { type: mime })], title });
    how = "shared";
  } catch (error) {
    if (error && error.name === "AbortError") how = "cancelled";
    else downloadFile(name, text, mime);
  }
  send({ kind: "shared", what: "file", how, name });
}

function downloadFile(name, text, mime) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// Pairing phones (./pairing.js, WebRTC): imported only when the worker first asks, its commands kept in order.
let pairing = null;
function peer(args) {
  if (!pairing) pairing = import("./pairing.js").then((module) => { module.connect(send); return module; });
  pairing = pairing.then(async (module) => {
    try { await module.command(...args); } catch (error) { console.error("pairing:", error); }
    return module;
  });
}

function listen(element, type, hid) {
  const listener = (event) => {
    const data = eventData(event, hid, element);
    if (type === "change" && element.type === "file" && element.files) { withFiles(element, data); return; }
    if (MOVES.has(type) && busy()) { pendingMoves.set(hid, data); return; } // only the latest move matters
    sendPendingMoves(); // a held move goes before the up, key or click that follows it
    send(data);
    if (type === "click") journalTap(event.target);
  };
  element.addEventListener(type, listener);
  listeners.set(hid, [element, type, listener]);
}

// A tap on a move's button is journaled until a save covers it, and taps a page closed too soon left are tapped
// again once the player resumes their game (./journal.js).
function journalTap(target) {
  const slot = window.houseGamesPlaying;
  const selector = typeof slot === "string" && !(target && target.closest && target.closest("button:disabled"))
    ? journal.moveSelector(target) : null;
  if (selector) journal.tapped(selector, slot, journal.knownRev(slot, store.storedValue(slot)), sent);
}

function replayTap() {
  const slot = window.houseGamesPlaying;
  if (typeof slot !== "string" || busy() || committing || backlog.length) return;
  const selector = journal.nextReplay(slot, journal.knownRev(slot, store.storedValue(slot)));
  const table = selector && document.querySelector("#legal-actions, .targets");
  if (!table || !shown(table)) return; // the table is not on screen yet (a pass screen, a game still opening)
  const button = /** @type {HTMLElement | null} */ (document.querySelector(selector));
  if (button && !shown(button)) return;
  journal.replayed(slot, Boolean(button));
  if (button) button.click();
}

// Keyboard play (issue 40). Focus never falls to the page's body: when the worker removes, disables or hides the
// focused control, the next sensible one takes it: on a table, its first legal target (else its first enabled one;
// a table with none, during a computer's turn, holds focus itself until its next decision has a target); else the
// first control left in the nearest surviving part of the screen, or the screen's heading. Arrow keys move among a
// table's targets of one group (a hand, a market row, the grid, a supply: the key's first word).
let focusChain = []; // the focused element and its ancestors, at the last focus
let parkedOn = null; // a table holding focus while it offers no target
const FOCUSABLE = "button:not(:disabled), [href], input:not(:disabled), select:not(:disabled), summary, [tabindex]:not([tabindex='-1'])";

function shown(element) { return element.isConnected && !element.disabled && element.getClientRects().length > 0; }

function firstIn(container) {
  const layer = container.matches(".targets") ? container : container.querySelector(":scope > .targets");
  if (layer) {
    const legal = [...layer.querySelectorAll("button[data-legal]")].find(shown);
    if (legal) return legal;
  }
  return [...container.querySelectorAll(FOCUSABLE)].find(shown) || null;
}

function heading(container) {
  const h = [...container.querySelectorAll("h1, h2")].find(shown);
  if (h && !h.hasAttribute("tabindex")) h.setAttribute("tabindex", "-1");
  return h || null;
}

function keepFocus() {
  const active = document.activeElement;
  if (parkedOn && active === parkedOn) {
    const next = parkedOn.isConnected ? firstIn(parkedOn) : null;
    if (next) { parkedOn = null; next.focus(); }
    return;
  }
  // (a focused control just disabled or hidden keeps focus until the browser's next rendering: moved now too)
  if (active && active !== document.body && (shown(active) || active !== focusChain[0])) return;
  const [lost] = focusChain;
  if (!lost) return; // nothing was focused, or the player tapped outside every control: not ours to move
  if (shown(lost)) { lost.focus({ preventScroll: true }); return; } // moved (a table's targets reordered): keeps it
  for (const part of focusChain.slice(1)) {
    if (!shown(part) && part !== document.body) continue;
    const next = part === document.body || part.id === "app" ? heading(part) : firstIn(part);
    if (next) { next.focus(); return; }
    if (part.matches(".board")) { // a table with no target now (a computer's turn): it holds focus until one returns
      if (!part.hasAttribute("tabindex")) part.setAttribute("tabindex", "-1");
      parkedOn = part;
      part.focus();
      return;
    }
  }
}

function arrowKey(event) {
  const button = event.target;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
  if (!step || !button.matches || !button.matches(".targets > button[data-key]") || event.altKey || event.ctrlKey || event.metaKey) return;
  const group = (key) => key.split("-")[0];
  const mine = group(button.dataset.key);
  const peers = [...button.parentElement.children].filter((b) => group(b.dataset.key || "") === mine && shown(b));
  if (peers.length < 2) return;
  event.preventDefault();
  let next;
  if (event.key === "ArrowUp" || event.key === "ArrowDown") { // the nearest peer above / below (a grid's column)
    const here = button.getBoundingClientRect();
    const mid = (r) => [r.left + r.width / 2, r.top + r.height / 2];
    const [x, y] = mid(here);
    let best = Infinity;
    for (const peer of peers) {
      const [px, py] = mid(peer.getBoundingClientRect());
      const dy = (py - y) * step;
      if (dy < here.height / 2) continue;
      const cost = dy + 3 * Math.abs(px - x);
      if (cost < best) { best = cost; next = peer; }
    }
  }
  if (!next) next = peers[(peers.indexOf(button) + step + peers.length) % peers.length];
  next.focus();
}

// The window's size and pointer kind, for screens that choose a layout per screen shape.
function viewport() {
  return [innerWidth, innerHeight, matchMedia("(pointer: coarse)").matches];
}

// A focused control under a sticky or fixed bar (Nyhavn's bar, Neue Heimat's decision panel, the update banner) is
// scrolled out from under it: the browser brings a control into the window without minding such bars, and at 200 %
// zoom one takes a large share of the window. Only for focus the player sees (by keys): a tap or a drag never scrolls.
function uncover(target) {
  if (!(target instanceof HTMLElement) || target === document.body || !target.isConnected) return;
  if (!target.matches(":focus-visible")) return;
  const r = target.getBoundingClientRect();
  const x = Math.min(Math.max((r.left + r.right) / 2, 0), innerWidth - 1);
  for (const y of [(r.top + r.bottom) / 2, r.top + 2, r.bottom - 2]) {
    if (y < 0 || y >= innerHeight) continue;
    let bar = document.elementFromPoint(x, y);
    if (!bar || target.contains(bar) || bar.contains(target)) continue;
    while (bar && !/^(sticky|fixed)$/.test(getComputedStyle(bar).position)) bar = bar.parentElement;
    if (!bar || bar.contains(target)) continue;
    const b = bar.getBoundingClientRect();
    const by = b.top > r.top ? r.bottom - b.top + 8 : -(b.bottom - r.top + 8); // a bar below it, or above it
    window.scrollBy({ top: by, behavior: "instant" });
    return;
  }
}

// The player's wishes the worker's canvas honours (game/ui/remote.py MIRRORED_MEDIA): those that match now.
const MEDIA = ["(prefers-reduced-motion: reduce)", "(forced-colors: active)", "(prefers-contrast: more)"];
function media() {
  return MEDIA.filter((query) => matchMedia(query).matches);
}

function sendPendingMoves() {
  if (!pendingMoves.size) return;
  const moves = [...pendingMoves.values()];
  pendingMoves.clear();
  for (const move of moves) send(move);
}

function sizes(entries) {
  const rects = {};
  for (const entry of entries) {
    const id = ids.get(entry.target);
    if (id !== undefined) rects[id] = rect(entry.target);
  }
  if (Object.keys(rects).length) send({ kind: "sizes", rects, dpr: devicePixelRatio || 1, viewport: viewport(), media: media() });
}

/**
 * Show (`text`) or hide the "thinking" mark, a polite status: a screen reader hears `text` once. A task counting its
 * steps (the coach over a game) shows `shown` instead, `now` of `total` on a progress bar read only when asked.
 * @param {string | null | undefined} text @param {string | null} [shown] @param {number} [now] @param {number} [total]
 */
function thinking(text, shown = null, now = 0, total = 0) {
  let mark = document.getElementById("thinking-mark");
  if (!mark) {
    mark = Object.assign(document.createElement("div"), { id: "thinking-mark", className: "thinking", hidden: true });
    mark.setAttribute("role", "status");
    const count = Object.assign(document.createElement("span"), { className: "thinking-count" });
    count.setAttribute("aria-hidden", "true");
    mark.append(Object.assign(document.createElement("span"), { className: "thinking-said" }), count,
      Object.assign(document.createElement("progress"), { className: "thinking-bar" }));
    document.body.append(mark);
  }
  const [said, count, bar] = /** @type {[HTMLElement, HTMLElement, HTMLProgressElement]} */ (
    /** @type {unknown} */ (Array.from(mark.children)));
  if (said.textContent !== (text || "")) said.textContent = text || ""; // unchanged: not heard again
  said.classList.toggle("quiet", Boolean(shown));
  count.textContent = shown || "";
  count.hidden = bar.hidden = !shown;
  if (shown) {
    bar.max = Math.max(1, total);
    bar.value = Math.min(now, bar.max);
    bar.setAttribute("aria-label", text || "");
    bar.setAttribute("aria-valuetext", shown);
  }
  mark.hidden = !text;
  if (text) document.documentElement.dataset.thinking = "true";
  else delete document.documentElement.dataset.thinking;
}

const APPLY = {
  new(id, tag, attrs) {
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    register(id, element);
  },
  text(id, text) { nodes.get(id).append(text); },
  attr(id, name, value) {
    const element = nodes.get(id);
    if (value === null) element.removeAttribute(name);
    else element.setAttribute(name, value);
  },
  prop(id, name, value) { nodes.get(id)[name] = value; },
  style(id, name, value) {
    const style = nodes.get(id).style;
    if (!name.startsWith("--")) style[name] = value;
    else if (value === "" || value === null) style.removeProperty(name); // custom properties only by
    else style.setProperty(name, value); // (set|remove)Property: style["--x"] = v would set nothing
  },
  append(id, child) { nodes.get(id).appendChild(nodes.get(child)); },
  before(id, child, ref) { nodes.get(id).insertBefore(nodes.get(child), nodes.get(ref)); },
  clear(id) { nodes.get(id).replaceChildren(); },
  remove(id) { nodes.get(id).remove(); },
  on(id, type, hid) { listen(nodes.get(id), type, hid); },
  off(hids) {
    for (const hid of hids) {
      const entry = listeners.get(hid);
      if (entry) entry[0].removeEventListener(entry[1], entry[2]);
      listeners.delete(hid);
      pendingMoves.delete(hid);
    }
  },
  observe(id) { const element = nodes.get(id); observed.add(element); observer.observe(element); },
  unobserve(id) { const element = nodes.get(id); observed.delete(element); observer.unobserve(element); },
  draw(id, commands) { queueDraw(id, commands); },
  // A frame the worker painted (an ImageBitmap sent with this message): shown as it is, nothing drawn here.
  bitmap(id, index) {
    const canvas = nodes.get(id);
    const bitmap = applying && applying.bitmaps ? applying.bitmaps[index] : null;
    if (!canvas || !bitmap) return;
    pendingDraws.delete(id); // an older frame the page was to draw: this one is newer
    showBitmap(canvas, bitmap);
  },
  // A frame the worker drew itself, for a page that asked to see every frame (tests measuring drawn text)
  frame(id, commands) {
    if (typeof window.houseGamesFrameProbe === "function") window.houseGamesFrameProbe(nodes.get(id), commands);
  },
  call(id, method, args) {
    try {
      nodes.get(id)[method](...args);
    } catch (error) {
      // Python asks for pointer capture a message after the pointerdown: a quick tap may already be
      // lifted, and then there is nothing to capture (or release). Anything else is a real failure.
      if (!(error.name === "NotFoundError" && /PointerCapture$/.test(method))) throw error;
    }
  },
  scrollEnd(id) { queueScrollEnd(id); },
  scroll(x, y) { window.scrollTo(x, y); },
  settings(value) { // the start screen's settings, kept in localStorage (./store.js)
    try {
      store.writeSettings(value);
    } catch (error) {
      // full or blocked: Python says so (the game goes on in memory)
      const name = error ? error.name : "Error";
      send({ kind: "stored", seq: null, ok: false, error: name, reason: name === "QuotaExceededError" ? "full" : "failed" });
    }
  },
  // A batch of writes to the database, one transaction; the answer says whether it was stored.
  db(seq, changes, guard) {
    committing += 1;
    store.commit(changes, guard).finally(() => { committing -= 1; }).then((outcome) => {
      journal.settled(changes, guard, outcome);
      send({ kind: "stored", seq, ...outcome });
      replayTap();
      if (outcome.ok && window.houseGames.renderResume) window.houseGames.renderResume();
    });
  },
  journal() {}, // kept as the message arrived (received): a page closed right after still has it
  lock(slot, steal) {
    store.lock(slot, Boolean(steal)).then((outcome) => send({ kind: "lock", slot, ...outcome }));
  },
  unlock(slot) { store.unlock(slot); },
  handover(slot, text) { store.handover(slot, text); },
  usage() { store.usage().then((outcome) => send({ kind: "usage", ...outcome })); },
  global(name, value) { window[name] = value; },
  console(level, text) { (console[level] || console.log)(text); },
  host(name, args) {
    if (name === "thinking") thinking(args[0], args[1], args[2], args[3]);
    else if (name === "share") shareLink(...args);
    else if (name === "shareFile") shareFile(...args);
    else if (name === "peer") peer(args);
    else if (name === "setRequestHandler") hooks.setRequestHandler((text) => send({ kind: "request", text: String(text) }));
    else if (typeof hooks[name] === "function") hooks[name](...args);
    else console.warn(`bridge: the page has no houseGames.${name}()`);
  },
  drop(gone) {
    for (const id of gone) {
      const element = nodes.get(id);
      if (element && observed.delete(element)) observer.unobserve(element);
      nodes.delete(id);
    }
  },
};

// At most one redraw per canvas per frame: when the computer plays several steps at once (or
// Python redraws twice in one turn), only the last picture is drawn, in the frame that applies them.
const pendingDraws = new Map();
let drawFrame = 0;

function queueDraw(id, commands) {
  pendingDraws.set(id, commands);
  if (!drawFrame && !inFrame) drawFrame = requestAnimationFrame(flushDraws);
}

// A bitmap renderer shows the picture without drawing; a canvas the page already drew on (a 2D context:
// a table drawn before the worker's renderer was ready) gets the picture copied onto it.
function showBitmap(canvas, bitmap) {
  let context = bitmapContexts.get(canvas);
  if (context === undefined) {
    context = canvas.getContext("bitmaprenderer"); // null when the canvas has a 2D context already
    bitmapContexts.set(canvas, context);
  }
  if (context) {
    context.transferFromImageBitmap(bitmap);
    return;
  }
  const flat = canvas.getContext("2d");
  flat.setTransform(1, 0, 0, 1, 0, 0);
  flat.clearRect(0, 0, canvas.width, canvas.height);
  flat.drawImage(bitmap, 0, 0);
  bitmap.close();
}

// Scrolling a list to its end reads its height, which forces a layout: done once per frame, with the
// draws, instead of in the middle of applying a turn's changes.
const pendingScrolls = new Set();

function queueScrollEnd(id) {
  pendingScrolls.add(id);
  if (!drawFrame && !inFrame) drawFrame = requestAnimationFrame(flushDraws);
}

function flushDraws() {
  drawFrame = 0;
  for (const id of pendingScrolls) {
    const element = nodes.get(id);
    if (element) element.scrollTop = element.scrollHeight;
  }
  pendingScrolls.clear();
  const draws = [...pendingDraws];
  pendingDraws.clear();
  for (const [id, commands] of draws) {
    const canvas = nodes.get(id);
    if (!canvas) continue; // dropped before its frame came
    try {
      window.houseGamesDraw(canvas, commands);
    } catch (error) {
      console.error("bridge: drawing failed:", error);
    }
  }
}

// Messages are applied in order. A message that shows a frame ("frame": true: a canvas's new picture, and the
// buttons, prompt and log of the same Python turn) is applied whole in one requestAnimationFrame callback, with
// every message that came before that frame, so the table and its buttons change in the same frame — and a new
// screen appears with its table drawn. Other messages are applied in slices of at most SLICE_MS, so a long one
// never keeps a tap waiting. A message counts as handled (its ack) once all its operations are applied.
const SLICE_MS = 25;
const backlog = []; // [message, index of its next operation]
let draining = false;
let inFrame = false; // applying in an animation frame: no slicing, draws done at its end
let applying = null; // the message being applied (its bitmaps)

function applyOne(message, [name, ...args]) {
  applying = message;
  try {
    APPLY[name](...args);
  } catch (error) {
    console.error(`bridge: operation ${name} failed:`, error, args.slice(0, 3));
  } finally {
    applying = null;
  }
}

function drain() {
  const deadline = performance.now() + SLICE_MS;
  while (backlog.length) {
    const entry = backlog[0];
    const [message] = entry;
    if (message.frame && !inFrame) {
      requestAnimationFrame(applyFrame); // draining stays true until then
      return;
    }
    while (entry[1] < message.ops.length) {
      applyOne(message, message.ops[entry[1]++]);
      if (!inFrame && entry[1] < message.ops.length && performance.now() > deadline) {
        setTimeout(drain, 0); // the rest in a later task
        return;
      }
    }
    backlog.shift();
    if (typeof message.ack === "number") acked = Math.max(acked, message.ack);
  }
  draining = false;
  keepFocus();
  if (!busy()) sendPendingMoves();
  replayTap();
}

function applyFrame() {
  inFrame = true;
  try {
    drain();
    flushDraws(); // the frames the page draws itself, and lists scrolled to their end, in this same frame
  } finally {
    inFrame = false;
  }
  if (typeof window.houseGamesFrameApplied === "function") window.houseGamesFrameApplied(performance.now());
}

function received(event) {
  let message;
  const data = event.data;
  if (typeof data === "string" && data[0] === "{") {
    try { message = JSON.parse(data); } catch { return; }
  } else if (data && data.kind === "ops" && typeof data.text === "string") { // operations with painted frames
    try { message = JSON.parse(data.text); } catch { return; }
    message.bitmaps = data.bitmaps;
  } else return; // PyScript's own messages
  if (message.kind !== "ops") return;
  // the writes the worker asked for are journaled at once, before anything waits for a frame: a page reloaded or
  // closed a moment later leaves them to the next start (./journal.js)
  for (const op of message.ops) {
    if (op[0] !== "journal") continue;
    journal.record(op[1], op[2]);
    for (const guard of op[2]) if (!guard.del) journal.savedThrough(guard.slot, message.ack);
  }
  backlog.push([message, 0]);
  if (!draining) {
    draining = true;
    drain();
  }
}

function localSnapshot() {
  try {
    const items = {};
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith("house-games.") && key !== globalThis.houseGamesKeys.oldSettingsKey) items[key] = localStorage.getItem(key);
    }
    return items;
  } catch {
    return null; // storage blocked: Python keeps the game in memory
  }
}

// The database opens as soon as the page loads (the start screen's Resume reads it), before Python is ready.
const opened = store.openStore(
  (changes) => { send({ kind: "db-changed", changes }); if (window.houseGames && window.houseGames.renderResume) window.houseGames.renderResume(); },
  (slot, why) => { journal.drop(slot); send({ kind: "lock-lost", slot, why }); },
  () => { // a newer version opened the database: this page writes nothing more
    document.documentElement.dataset.store = "outdated";
    send({ kind: "outdated" });
    if (window.houseGames && window.houseGames.showOutdated) window.houseGames.showOutdated();
  },
  (present, data) => { // the database, cleared under this page, is open again; or opened at last (data: all of it)
    send({ kind: "reopened", present, ...(data ? { tables: data } : {}) });
    if (!data) return;
    document.documentElement.dataset.store = "ready";
    if (window.houseGames && window.houseGames.renderResume) window.houseGames.renderResume();
  },

).then((data) => {
  const hg = (window.houseGames = window.houseGames || {});
  hg.savedGame = store.newestSlot; // the start screen's Resume
  hg.savedGames = store.savedSlots; // every saved game: the start screen offers their list when there are several
  hg.stored = store.storedValue; // tests and debugging: the database's kv table as committed
  hg.dump = store.dump; // tests and debugging: every table, read from the database
  hg.journal = journal.current; // tests and debugging: this page's writes not yet confirmed by the database
  hg.autosave = () => store.storedValue(window.houseGamesSlot || (store.newestSlot() || {}).slot);
  if (document.documentElement.dataset.store !== "outdated") document.documentElement.dataset.store = data.error ? "unavailable" : "ready";
  if (hg.renderResume) hg.renderResume();
  return data;
});

// Connect a started PyWorker; Python starts the app when it gets the boot message.
export function connect(pyWorker, pageHooks) {
  hooks = pageHooks;
  register(1, document.documentElement);
  register(2, document.head);
  register(3, document.body);
  register(4, document.getElementById("app"));
  observer = new ResizeObserver(sizes);
  // A window that only grows taller (or a rotation the table's width hides) still changes the
  // screen shape: report every watched element with the new viewport.
  addEventListener("resize", () => sizes([...observed].map((target) => ({ target }))));
  // So does a change of pointer (a mouse plugged into a tablet): targets are sized for a finger or a mouse.
  matchMedia("(pointer: coarse)").addEventListener("change", () => sizes([...observed].map((target) => ({ target }))));
  // A wish changed (forced colours turned on, less motion asked): told at once, and the tables drawn again for it.
  for (const query of MEDIA) {
    matchMedia(query).addEventListener("change", () => {
      if (observed.size) sizes([...observed].map((target) => ({ target })));
      else send({ kind: "sizes", rects: {}, media: media() });
    });
  }
  pyWorker.addEventListener("message", received);
  document.addEventListener("focusin", (event) => {
    focusChain = [];
    for (let e = /** @type {Element | null} */ (event.target); e; e = e.parentElement) focusChain.push(e);
    if (event.target !== parkedOn) parkedOn = null;
  });
  document.addEventListener("pointerdown", (event) => { // a tap outside every control leaves focus where it falls
    const target = /** @type {Element} */ (event.target);
    if (!target.closest || !target.closest(FOCUSABLE + ", .board")) focusChain = [];
  }, true);
  document.addEventListener("keydown", arrowKey);
  document.addEventListener("focusin", (event) => requestAnimationFrame(() => uncover(event.target)));
  // a pairing code scanned while this page is open only changes its hash: start again, to join (./pairing.js)
  addEventListener("hashchange", () => { if (location.hash.startsWith("#join=")) location.reload(); });
  // the settings another tab chose (the rest of the data is the database's: store.js tells of its changes)
  addEventListener("storage", (event) => {
    if (event.key === store.SETTINGS_LOCAL_KEY) send({ kind: "settings", value: event.newValue });
  });
  for (const type of ["input", "change"]) {
    document.addEventListener(type, (event) => {
      const values = event.target && /** @type {Node} */ (event.target).nodeType === 1 ? valuesOf(event.target) : null;
      if (values) send({ kind: "values", values });
    }, true);
  }
  hooks.inspect = async (path) => JSON.parse(await pyWorker.sync.inspect(path));
  hooks.idle = () => Boolean(worker) && !queued.length && !committing && !busy() && !backlog.length && !pendingDraws.size && !pendingScrolls.size;
  // Boot once the database is open: its contents travel with the boot message (messages wait in the queue).
  opened.then((data) => {
    worker = pyWorker;
    const local = localSnapshot();
    const boot = {
      kind: "boot", search: location.search, href: location.href, build: hooks.build,
      dpr: devicePixelRatio || 1, viewport: viewport(), media: media(),
      frames: typeof window.houseGamesFrameProbe === "function",
      bitmaps: typeof ImageBitmap !== "undefined", // the worker may paint frames and send them as bitmaps
      share_files: canShareFiles(), // the statistics export goes to the share sheet rather than a download
      renderer: new URL("render.js", document.baseURI).href,
      settings: store.readSettings(), // the start screen's settings (localStorage), text or null
    };
    if (data.error) {
      // no database (storage blocked, or an old browser): what localStorage holds is shown, nothing is kept
      Object.assign(boot, { storage: local, tables: null, store: data.reason || "unavailable", storeError: data.error });
    } else {
      Object.assign(boot, { storage: data.kv,
                            tables: { results: data.results, games: data.games, daily: data.daily }, store: null,
                            moved: data.moved, localStorage: local !== null });
    }
    worker.postMessage(JSON.stringify(boot));
    sent += 1;
    for (const message of queued.splice(0)) send(message);
  });
}

