// Pairing phones and carrying a shared game's messages: WebRTC lives here, on the page (RTCPeerConnection does
// not exist in workers). Loaded by ./bridge.js with import() only when the worker opens pairing (a host with
// remote seats, or a page opened with #join=…), so a first visit never downloads it. Python decides the game
// (game/ui/multidevice.py): this module only pairs, shows the codes, and relays text both ways:
//   worker → page: ["host", "peer", [command, …args]]: host(seats, base, texts), join(code, texts), send(seat, text),
//                  close(), buzz(), drop(seat), mute(seat, ms)
//   page → worker: {kind: "peer", event: "open"|"message"|"closed"|"failed"|"bad"|"choose"|"retry"|"tick", seat, text?, choice?}
// The seat of a message is the connection it came in on, never anything the message says.
// Compact offer/answer (docs/multi-device.md): only what rebuilds the OTHER side's SDP (ICE ufrag and
// password, the DTLS fingerprint, the host candidates), binary, base64url. One's own SDP is never edited.
// No STUN or TURN: iceServers is empty, so nothing leaves the local network.

import qrcode from "./vendor/qr/qrcode.mjs";

const FORMAT = 1;
const OFFER = 1;
const ANSWER = 2;
const OFFER_LIFE_S = 10 * 60; // an offer expires after ten minutes
const GATHER_MS = 4000; // candidates gathered within this time go in the code
const REACH_MS = 8000; // no channel this long after the answer (on one network it opens within a second): no way through
const HEARTBEAT_MS = 5000;
// A connection's messages beyond this many in a second never reach the worker: the worker's own budget
// (game/ui/multidevice.py MAX_MESSAGES_PER_S, 30) has stopped reading it long before; this spares it a burst.
const PAGE_MESSAGES_PER_S = 100;

/** @type {(message: object) => void} */
let post = () => {};
let texts = {};
const peers = new Map(); // seat -> {pc, channel, card, code, fingerprint}
const timings = {}; // moments of pairing (performance.now()): the bench's multidevice.pair_ms
let panel = null;
let camera = null; // the host's camera stream (scanning answers)
let scanning = 0;
let wakeLock = null;
const t = (key, values) => String(texts[key] ?? key).replace(/\{(\w+)\}/g, (m, k) => (values && k in values ? String(values[k]) : m));

export function connect(send) { post = send; }

export async function command(name, ...args) {
  if (name === "host") await host(...args);
  else if (name === "join") await join(...args);
  else if (name === "send") send(...args);
  else if (name === "close") close();
  else if (name === "buzz") buzz();
  else if (name === "drop") drop(...args);
  else if (name === "mute") mute(...args);
  else console.warn(`pairing: no command ${name}`);
}

// ------------------------------------------------------------------ the compact code
function b64url(bytes) {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function unb64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

// The parts of a local SDP the other side needs.
export function parts(sdp) {
  const line = (name) => { const m = sdp.match(new RegExp(`^a=${name}:(.+)$`, "m")); return m ? m[1].trim() : null; };
  const fp = (line("fingerprint") || "").split(" ");
  const candidates = [];
  for (const m of sdp.matchAll(/^a=candidate:\S+ 1 udp \d+ (\S+) (\d+) typ host/gim)) candidates.push([m[1], Number(m[2])]);
  return { ufrag: line("ice-ufrag"), pwd: line("ice-pwd"), hash: fp[0], fingerprint: fp[1], setup: line("setup"), candidates };
}

export function encode(type, seat, p, expires) {
  const out = [FORMAT, type, seat, (expires >>> 24) & 255, (expires >>> 16) & 255, (expires >>> 8) & 255, expires & 255];
  const ascii = (s) => { out.push(s.length); for (const c of s) out.push(c.charCodeAt(0)); };
  ascii(p.ufrag);
  ascii(p.pwd);
  if (p.hash !== "sha-256") throw new Error(`fingerprint ${p.hash}`);
  for (const h of p.fingerprint.split(":")) out.push(parseInt(h, 16));
  for (const [address, port] of p.candidates) {
    if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) out.push(4, ...address.split(".").map(Number));
    else if (/^[0-9a-f-]{36}\.local$/i.test(address)) out.push(109, ...address.slice(0, 36).replace(/-/g, "").match(/../g).map((h) => parseInt(h, 16)));
    else if (address.includes(":")) out.push(6, ...ipv6Bytes(address));
    else continue;
    out.push((port >> 8) & 255, port & 255);
  }
  return b64url(out);
}

function ipv6Bytes(address) {
  const [head, tail] = address.split("::");
  const groups = (s) => (s ? s.split(":").map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const tl = tail === undefined ? [] : groups(tail);
  const all = [...h, ...Array(8 - h.length - tl.length).fill(0), ...tl];
  return all.flatMap((g) => [(g >> 8) & 255, g & 255]);
}

export function decode(text) {
  const b = unb64url(String(text).trim());
  let i = 0;
  const need = (n) => { if (i + n > b.length) throw new Error("too short"); };
  need(7);
  if (b[0] !== FORMAT) throw new Error(`format ${b[0]}`);
  const type = b[1];
  const seat = b[2];
  const expires = ((b[3] << 24) >>> 0) + (b[4] << 16) + (b[5] << 8) + b[6];
  i = 7;
  const ascii = () => { need(1); const n = b[i++]; need(n); const s = String.fromCharCode(...b.slice(i, i + n)); i += n; return s; };
  const ufrag = ascii();
  const pwd = ascii();
  need(32);
  const fingerprint = [...b.slice(i, i + 32)].map((x) => x.toString(16).padStart(2, "0").toUpperCase()).join(":");
  i += 32;
  const candidates = [];
  while (i < b.length) {
    const kind = b[i++];
    let address;
    if (kind === 4) { need(6); address = [...b.slice(i, i + 4)].join("."); i += 4; }
    else if (kind === 6) {
      need(18);
      const g = [];
      for (let k = 0; k < 16; k += 2) g.push(((b[i + k] << 8) | b[i + k + 1]).toString(16));
      address = g.join(":");
      i += 16;
    } else if (kind === 109) {
      need(18);
      const h = [...b.slice(i, i + 16)].map((x) => x.toString(16).padStart(2, "0")).join("");
      address = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
      i += 16;
    } else throw new Error(`candidate kind ${kind}`);
    candidates.push([address, (b[i] << 8) | b[i + 1]]);
    i += 2;
  }
  if (type !== OFFER && type !== ANSWER) throw new Error(`type ${type}`);
  return { type, seat, expires, ufrag, pwd, fingerprint, candidates };
}

// The other side's SDP, rebuilt from its compact code (a data channel only).
export function rebuild(d) {
  const lines = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...d.candidates.map(([address, port], k) => `a=candidate:${k + 1} 1 udp ${2122260223 - k} ${address} ${port} typ host generation 0`),
    "a=end-of-candidates",
    `a=ice-ufrag:${d.ufrag}`, `a=ice-pwd:${d.pwd}`, "a=ice-options:trickle",
    `a=fingerprint:sha-256 ${d.fingerprint}`, `a=setup:${d.type === OFFER ? "actpass" : "active"}`,
    "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144",
  ];
  return lines.join("\r\n") + "\r\n";
}

// Four digits both screens show: from both fingerprints, so a code scanned from the wrong phone shows a different one.
async function matchingCode(offerFp, answerFp) {
  const bytes = new TextEncoder().encode(`${offerFp}|${answerFp}`);
  const h = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return String(((h[0] << 16) | (h[1] << 8) | h[2]) % 10000).padStart(4, "0");
}

// ------------------------------------------------------------------ connections
/** @returns {Promise<void>} */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") { resolve(); return; }
    const timer = setTimeout(resolve, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") { clearTimeout(timer); resolve(); }
    });
  });
}

function newPeer(seat) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  // one ordered channel, negotiated on both sides (id 0): no wait for the other side to announce it
  const channel = pc.createDataChannel("game", { negotiated: true, id: 0, ordered: true });
  const peer = { seat, pc, channel, opened: false, gathered: [] };
  pc.addEventListener("icecandidate", (event) => { if (event.candidate) peer.gathered.push(event.candidate.candidate); });
  channel.addEventListener("open", () => {
    peer.opened = true;
    timings[`open-${seat}`] = performance.now();
    keepAwake();
    if (peer.card) status(peer.card, t("multi.pair.connected"), "ok");
    post({ kind: "peer", event: "open", seat });
  });
  channel.addEventListener("message", (event) => {
    if (typeof event.data !== "string") return;
    if (typeof window.houseGamesPeerProbe === "function") window.houseGamesPeerProbe(seat, event.data);
    const now = performance.now();
    if (peer.mutedUntil && now < peer.mutedUntil) return; // over its budget: not read meanwhile (mute)
    if (!(now - peer.second < 1000)) { peer.second = now; peer.inSecond = 0; }
    if (++peer.inSecond > PAGE_MESSAGES_PER_S) return;
    post({ kind: "peer", event: "message", seat, text: event.data });
  });
  // ICE may say "disconnected", then "failed", while a phone sleeps; it comes back on the same channel: we
  // never close on it (the host resends the whole position when the guest says hello again)
  channel.addEventListener("close", () => { if (peers.get(seat) === peer) post({ kind: "peer", event: "closed", seat }); });
  peers.set(seat, peer);
  return peer;
}

// A seat no longer played on another phone (a computer took it): its connection and card go.
function drop(seat) {
  const peer = peers.get(seat);
  if (!peer) return;
  peers.delete(seat);
  peer.pc.close();
  if (peer.card && peer.card.parentNode && panel && panel.contains(peer.card)) peer.card.remove();
  if (panel && !panel.querySelector(".pair-card")) close();
}

// The worker found a connection over its budget (game/ui/multidevice.py): its messages are dropped here, unread,
// for that long, so a burst costs the worker nothing more.
function mute(seat, ms) {
  const peer = peers.get(seat);
  if (peer) peer.mutedUntil = performance.now() + Number(ms || 0);
}

function send(seat, text) {
  const peer = peers.get(seat);
  if (peer && peer.channel.readyState === "open") peer.channel.send(text);
}

// "Your turn": a short vibration where the browser allows it (only after the player has touched the page).
function buzz() {
  if (navigator.vibrate && (!navigator.userActivation || navigator.userActivation.hasBeenActive)) navigator.vibrate(120);
}

function keepAwake() {
  if (!("wakeLock" in navigator) || wakeLock) return;
  navigator.wakeLock.request("screen").then((lock) => {
    wakeLock = lock;
    lock.addEventListener("release", () => { wakeLock = null; });
  }, () => {});
}
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible" && peers.size) keepAwake(); });

// Desktop browsers hide their addresses behind mDNS names unless the page may use the camera: whoever scans
// starts the camera before its connection, so every pair has one side with plain addresses.
async function allowCamera(keep) {
  if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return null;
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    if (!keep) { for (const track of stream.getTracks()) track.stop(); return null; }
    return stream;
  } catch {
    return null; // refused or missing: the codes are shown and pasted as text
  }
}

// ------------------------------------------------------------------ what is shown
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) node.setAttribute(k, v);
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function drawQR(canvas, text) {
  const qr = qrcode(0, "L");
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  const cell = Math.max(3, Math.floor(280 / (n + 8)));
  const size = (n + 8) * cell; // four modules of quiet zone each side
  canvas.width = size;
  canvas.height = size;
  canvas.dataset.version = String((n - 17) / 4);
  const g = canvas.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, size, size);
  g.fillStyle = "#000";
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) g.fillRect((c + 4) * cell, (r + 4) * cell, cell, cell);
}

function status(card, text, kind) {
  const node = card.querySelector(".pair-status");
  node.textContent = text;
  node.dataset.kind = kind || "";
}

// The panel's look, here rather than in app.css: nothing of pairing is downloaded before it opens.
const STYLE = `.pairing { position: fixed; inset: 0; z-index: 50; overflow-y: auto; padding: 16px; background: var(--bg, #fff);
  max-width: 560px; margin: 0 auto; } .pair-card { border: 1px solid #9995; border-radius: 8px; padding: 12px; }
.pair-qr { display: block; width: min(280px, 80vw); height: auto; margin: 8px auto; image-rendering: pixelated; }
.pair-code { font-size: 1.3rem; font-weight: bold; letter-spacing: 0.15em; text-align: center; }
.pair-status[data-kind="error"] { color: #b00020; } .pair-status[data-kind="ok"] { color: #1b6e20; }
.pairing input, .pairing textarea { width: 100%; font-family: monospace; } #pair-camera { width: 100%; max-height: 40vh; }`;

function openPanel(title) {
  if (!document.getElementById("pairing-style")) document.head.append(el("style", { id: "pairing-style" }, STYLE));
  if (panel) panel.remove();
  panel = el("section", { id: "pairing", class: "pairing stack", role: "dialog", "aria-modal": "true", "aria-labelledby": "pairing-title" },
    el("h1", { id: "pairing-title" }, title));
  document.body.append(panel);
  return panel;
}

function close() {
  stopScanning();
  if (camera) for (const track of camera.getTracks()) track.stop();
  camera = null;
  if (panel) panel.remove();
  panel = null;
}

// ------------------------------------------------------------------ the host
async function host(seats, base, given) {
  texts = given || texts;
  const root = openPanel(t("multi.pair.title"));
  camera = await allowCamera(true);
  const video = el("video", { id: "pair-camera", playsinline: "", muted: "", hidden: "" });
  if (camera) { video.srcObject = camera; video.play().catch(() => {}); }
  for (const { seat, name, gone } of seats) {
    const old = peers.get(seat);
    const peer = newPeer(seat); // (replaces the seat's old connection first: its closing is no news)
    if (old) old.pc.close();
    const card = el("article", { class: "pair-card stack", id: `pair-seat-${seat}`, "data-seat": String(seat) });
    peer.card = card;
    root.append(card);
    await peer.pc.setLocalDescription(await peer.pc.createOffer());
    await gathered(peer.pc);
    const mine = parts(peer.pc.localDescription.sdp);
    peer.fingerprint = mine.fingerprint;
    const expires = Math.floor(Date.now() / 1000) + OFFER_LIFE_S;
    const link = `${base}#join=${encode(OFFER, seat, mine, expires)}`;
    const canvas = el("canvas", { id: `pair-qr-${seat}`, class: "pair-qr", role: "img", "aria-label": t("multi.pair.seat", { name }) });
    drawQR(canvas, link);
    const answer = el("textarea", { id: `pair-answer-${seat}`, rows: "2", autocomplete: "off", spellcheck: "false" });
    const connectButton = el("button", { type: "button", id: `pair-connect-${seat}` }, t("multi.pair.connect"));
    connectButton.addEventListener("click", () => accept(answer.value, seat));
    const scanButton = el("button", { type: "button", class: "primary", id: `pair-scan-${seat}` }, t("multi.pair.scan"));
    scanButton.addEventListener("click", () => startScanning(video));
    if (!camera) scanButton.disabled = true;
    // the seat is never held hostage: its card always offers a computer, another phone, or a new code (a phone
    // that left comes back with this code)
    const computer = el("button", { type: "button", id: `pair-computer-${seat}` }, t("multi.seat.computer", { name }));
    computer.addEventListener("click", () => post({ kind: "peer", event: "choose", seat, choice: "computer" }));
    const other = el("button", { type: "button", id: `pair-other-${seat}` }, t("multi.seat.new_phone", { name }));
    other.addEventListener("click", () => post({ kind: "peer", event: "choose", seat, choice: "new_phone" }));
    const fresh = el("button", { type: "button", id: `pair-new-${seat}` }, t("multi.pair.again"));
    fresh.addEventListener("click", () => post({ kind: "peer", event: "retry", seat }));
    const choices = [el("p", { id: gone ? `pair-gone-${seat}` : `pair-give-${seat}` }, t(gone ? "multi.seat.gone" : "multi.seat.give", { name })),
      el("div", { class: "actions" }, computer, other, fresh)];
    card.append(
      el("h2", {}, t("multi.pair.seat", { name })), ...choices, canvas,
      el("label", { class: "field" }, el("span", {}, t("multi.pair.copy")),
        el("input", { id: `pair-link-${seat}`, readonly: "", value: link })),
      camera ? el("div", { class: "actions" }, scanButton) : el("p", { class: "muted", id: `pair-no-camera-${seat}` }, t("multi.pair.no_camera")),
      el("label", { class: "field" }, el("span", {}, t("multi.pair.paste")), answer), connectButton,
      el("p", { class: "pair-code", id: `pair-code-${seat}` }),
      el("p", { class: "pair-status", id: `pair-status-${seat}`, role: "status" }, t("multi.pair.waiting")));
    peer.gatheredAll = [...peer.gathered];
  }
  root.append(video);
  const done = el("button", { type: "button", class: "primary", id: "pair-done" }, t("multi.pair.done"));
  done.addEventListener("click", close);
  root.append(el("div", { class: "actions" }, done));
}

async function accept(text, seatHint) {
  let d;
  try {
    d = decode(text);
    if (d.type !== ANSWER) throw new Error("not an answer");
  } catch (error) {
    const peer = peers.get(seatHint);
    if (peer && peer.card) status(peer.card, t("multi.pair.bad_code", { reason: error.message }), "error");
    post({ kind: "peer", event: "bad", seat: seatHint ?? null, text: String(error.message) });
    return false;
  }
  const peer = peers.get(d.seat);
  if (!peer) return false;
  if (peer.opened || peer.answered) { // a second phone answered this seat's code: said on its card (and on that phone)
    if (peer.card) status(peer.card, t("multi.pair.used"), "error");
    return false;
  }
  peer.answered = true;
  timings[`answer-${d.seat}`] = performance.now();
  stopScanning();
  await peer.pc.setRemoteDescription({ type: "answer", sdp: rebuild(d) });
  const code = await matchingCode(peer.fingerprint, d.fingerprint);
  peer.card.querySelector(".pair-code").textContent = t("multi.pair.code", { code });
  peer.card.dataset.code = code;
  peer.code = code;
  let failed = false;
  const fail = () => { // in words, with the remedy, and a new code to try again once the phones share a network
    if (peer.opened || failed || peers.get(d.seat) !== peer) return;
    failed = true;
    status(peer.card, t("multi.pair.failed"), "error");
    const again = el("button", { type: "button", id: `pair-again-${d.seat}` }, t("multi.pair.again"));
    again.addEventListener("click", () => post({ kind: "peer", event: "retry", seat: d.seat }));
    peer.card.append(el("div", { class: "actions" }, again));
    post({ kind: "peer", event: "failed", seat: d.seat });
  };
  setTimeout(fail, REACH_MS);
  // ICE gives up before the channel ever opened (once open, "failed" is only a sleeping phone: never acted on)
  peer.pc.addEventListener("iceconnectionstatechange", () => { if (peer.pc.iceConnectionState === "failed") fail(); });
  return true;
}

// The scanner: BarcodeDetector where the browser has it, else the pinned jsQR on the camera's frames.
let detector = null;
async function decoderFor() {
  if (detector) return detector;
  if ("BarcodeDetector" in window) {
    try {
      const native = new window.BarcodeDetector({ formats: ["qr_code"] });
      detector = async (image) => { const found = await native.detect(image); return found.length ? found[0].rawValue : null; };
      return detector;
    } catch { /* fall through to jsQR */ }
  }
  await import("./vendor/qr/jsQR.js"); // UMD: sets self.jsQR
  detector = async (image) => {
    const found = self.jsQR(image.data, image.width, image.height, { inversionAttempts: "dontInvert" });
    return found ? found.data : null;
  };
  return detector;
}

// One frame (ImageData) through the decoder; an answer it finds is accepted. The camera loop and the tests'
// decodeImage both come here.
async function scanFrame(image) {
  const detect = await decoderFor();
  const text = await detect(image);
  if (!text) return false;
  return accept(text, null);
}

function stopScanning() {
  if (scanning) cancelAnimationFrame(scanning);
  scanning = 0;
  const video = document.getElementById("pair-camera");
  if (video) video.hidden = true;
}

function startScanning(video) {
  video.hidden = false;
  const canvas = document.createElement("canvas");
  const g = canvas.getContext("2d", { willReadFrequently: true });
  let busy = false;
  const tick = async () => {
    scanning = requestAnimationFrame(tick);
    if (busy || video.readyState < 2) return;
    busy = true;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    g.drawImage(video, 0, 0);
    try { await scanFrame(g.getImageData(0, 0, canvas.width, canvas.height)); } finally { busy = false; }
  };
  scanning = requestAnimationFrame(tick);
}

// ------------------------------------------------------------------ the guest
async function join(text, given) {
  timings.join = performance.now();
  texts = given || texts;
  const root = openPanel(t("multi.join.title"));
  const line = el("p", { class: "pair-status", id: "join-status", role: "status" }, t("multi.pair.waiting"));
  root.append(line);
  let d;
  try {
    d = decode(text);
    if (d.type !== OFFER) throw new Error("not an offer");
  } catch (error) {
    line.textContent = t("multi.pair.bad_code", { reason: error.message });
    post({ kind: "peer", event: "bad", seat: null, text: String(error.message) });
    return;
  }
  if (d.expires < Date.now() / 1000) {
    line.textContent = t("multi.pair.expired");
    post({ kind: "peer", event: "bad", seat: d.seat, text: "expired" });
    return;
  }
  root.append(el("p", { class: "muted" }, t("multi.join.camera")));
  await allowCamera(false);
  const peer = newPeer(d.seat);
  peer.card = root;
  await peer.pc.setRemoteDescription({ type: "offer", sdp: rebuild(d) });
  await peer.pc.setLocalDescription(await peer.pc.createAnswer());
  await gathered(peer.pc);
  const mine = parts(peer.pc.localDescription.sdp);
  const answer = encode(ANSWER, d.seat, mine, 0);
  const canvas = el("canvas", { id: "pair-answer-qr", class: "pair-qr", role: "img", "aria-label": t("multi.join.show") });
  drawQR(canvas, answer);
  const code = await matchingCode(d.fingerprint, mine.fingerprint);
  timings.shown = performance.now();
  root.dataset.code = code;
  peer.code = code;
  root.insertBefore(el("h2", {}, t("multi.join.show")), line);
  root.insertBefore(canvas, line);
  root.insertBefore(el("label", { class: "field" }, el("span", {}, t("multi.join.no_camera")),
    el("input", { id: "pair-answer-text", readonly: "", value: answer })), line);
  root.insertBefore(el("p", { class: "pair-code", id: "join-code" }, t("multi.pair.code", { code })), line);
  peer.gatheredAll = [...peer.gathered];
  const fail = () => { // (the host cannot tell this phone that its code was used: both causes are said)
    if (!peer.opened && panel === root) {
      line.textContent = t("multi.join.failed");
      line.dataset.kind = "error";
    }
  };
  setTimeout(fail, REACH_MS * 2); // the host may take a while to scan: then the same words with the remedy
  peer.pc.addEventListener("iceconnectionstatechange", () => { if (peer.pc.iceConnectionState === "failed") fail(); });
  peer.channel.addEventListener("open", () => {
    close();
    // the offer is used: a reload of this page should not try it again (the host shows a new code for the seat)
    if (location.hash.startsWith("#join=")) history.replaceState(history.state, "", location.pathname + location.search);
    setInterval(() => post({ kind: "peer", event: "tick", seat: d.seat }), HEARTBEAT_MS);
  });
}

// Tests and debugging: what was gathered, and the scanner's decode path fed with a picture.
window.houseGamesPairing = {
  candidates: () => Object.fromEntries([...peers].map(([seat, p]) => [seat, p.gathered])),
  timings: () => ({ ...timings }),
  codes: () => Object.fromEntries([...peers].map(([seat, p]) => [seat, p.code || null])),
  open: () => [...peers].filter(([, p]) => p.opened).map(([seat]) => seat),
  async decodeImage(url) {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const g = canvas.getContext("2d");
    g.drawImage(image, 0, 0);
    return scanFrame(g.getImageData(0, 0, canvas.width, canvas.height));
  },
  send: (seat, text) => { const p = peers.get(seat); if (p) p.channel.send(text); },
};
