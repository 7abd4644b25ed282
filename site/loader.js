// Boots the app: downloads the Python runtime with a real progress bar (into
// the service worker's cache, so Pyodide's own fetches are served locally)
// while the static start screen (start.js) is already usable, registers the
// service worker, offers "new version available", then starts Python in a Web
// Worker (PyScript's PyWorker running ./main.py) and connects it to the page
// through ./bridge.js. The main thread never runs Python. Every URL is
// relative. Python reports back through window.houseGames (see game/ui/app.py),
// by operations the bridge applies.

import { connect, post } from "./bridge.js";
// globalThis.houseGamesKeys (the path-scoped names) is set by keys.js, a classic script index.html runs before any
// module (see store.js)

const root = document.documentElement;
const $ = (id) => document.getElementById(id);
// A page the service worker controls has every file of its build in the cache (a returning player, offline too).
const controlled = "serviceWorker" in navigator && !!navigator.serviceWorker.controller;
const WATCHDOG_MS = 120000;
let failed = false;
let currentStage = "runtime";

// Texts in the language chosen on the start screen (start.js's catalogue texts; English keys if it is missing).
const t = (key, values) => (window.houseGames && window.houseGames.t ? window.houseGames.t(key, values) : key);

// detail: a catalogue key ("start.load.installing") kept in data-t so a language switch re-translates it, or ""
function setStage(stage, status, detail) {
  const item = /** @type {HTMLElement | null} */ (document.querySelector(`[data-stage="${stage}"]`));
  if (!item) return;
  item.dataset.status = status;
  if (detail !== undefined) {
    const node = /** @type {HTMLElement} */ (item.querySelector(".stage-detail"));
    if (detail) node.dataset.t = detail;
    else delete node.dataset.t;
    node.textContent = detail ? t(detail) : "";
  }
  if (status === "active") currentStage = stage;
}

function fail(stage, message) {
  if (failed || root.dataset.appState === "ready") return;
  failed = true;
  restoreSources().catch(() => false).then((restored) => {
    if (restored) location.reload(); // once: the build is marked so that it is not compiled again
    else showError(stage, message);
  });
}

function showError(stage, message) {
  root.dataset.appState = "error";
  $("start-screen").hidden = true;
  $("app").hidden = true;
  $("error-screen").hidden = false;
  const name = t(`start.error.stage.${stage}`);
  $("error-stage").textContent = t("start.error.while", { stage: name.startsWith("start.") ? stage : name });
  $("error-message").textContent = String(message || t("start.error.unknown"));
  $("error-retry").focus();
}

function ready() {
  if (failed) return;
  clearTimeout(watchdog);
  setStage("start", "done", "");
  root.dataset.appState = "ready"; // the start screen (start.js) stays; Python opens a game on request

}

// A newer version of the app opened the database in another tab (./store.js closed it here): this page saves
// nothing more, so it stops the game under a modal notice whose one way on is to reload (the new version then
// resumes everything saved). What was not saved is the worker's #storage-alert, moved into the notice (the bridge
// still updates it there: it knows the element, not its place).
function showOutdated() {
  if ($("outdated")) return;
  const dialog = document.createElement("dialog");
  dialog.id = "outdated";
  dialog.className = "outdated";
  dialog.setAttribute("aria-labelledby", "outdated-text");
  const says = document.createElement("p");
  says.id = "outdated-text";
  says.dataset.t = "start.outdated";
  says.textContent = t("start.outdated");
  const reload = document.createElement("button");
  reload.type = "button";
  reload.id = "outdated-reload";
  reload.className = "primary";
  reload.dataset.t = "start.update.reload";
  reload.textContent = t("start.update.reload");
  reload.addEventListener("click", () => location.reload());
  dialog.append(says, reload);
  const alert = $("storage-alert");
  if (alert) dialog.insertBefore(alert, reload);
  dialog.addEventListener("cancel", (event) => event.preventDefault()); // Escape does not take the player back to a page that no longer saves
  document.body.append(dialog);
  dialog.showModal();
}

// start.js made window.houseGames first (request, showStart, …); add the loader's part
window.houseGames = Object.assign(window.houseGames || {}, { setStage, fail, ready, precompiled, showOutdated, build: null, version: null });
$("error-retry").addEventListener("click", () => location.reload());

const watchdog = setTimeout(
  () => fail(currentStage, t("start.error.timeout", { seconds: WATCHDOG_MS / 1000 })),
  WATCHDOG_MS,
);
addEventListener("error", (e) => { if (root.dataset.appState === "loading") fail(currentStage, e.message || e.error); });
addEventListener("unhandledrejection", (e) => {
  if (root.dataset.appState === "loading") fail(currentStage, (e.reason && (e.reason.message || e.reason)) || "Unhandled error");
});

// PyScript reports its progress as window events; they only refine the stage labels.
addEventListener("py:progress", ({ detail }) => {
  if (detail === "Loading interpreter") setStage("runtime", "active", "start.load.starting_python");
  else if (detail === "Loaded interpreter") { setStage("runtime", "done", "start.load.ready"); setStage("package", "active", "start.load.installing"); }
  else if (detail === "Loaded Pyodide") { setStage("package", "done", "start.load.installed"); setStage("start", "active", "start.load.opening"); }
});

// Compiled archives (game/ui/precompile.py): after a start, the worker compiles the stdlib zip and our wheel and
// puts them in the build's cache in place of their sources, kept in the "|source" cache beside it.
const COMPILED_HEADER = "X-House-Games-Compiled";
const SOURCES = "|source";
const PRECOMPILE_OFF = new URL("./precompile-off", location.href).href; // in a "|source" cache: never compile that build again

function precompiled(outcome) { root.dataset.precompiled = String(outcome); }

// A start failed while compiled archives stood in for the sources: put the sources back, mark the build so that
// it is not compiled again, and say so (the caller starts once more). False when there was nothing to put back.
async function restoreSources() {
  if (!("caches" in self)) return false;
  const prefix = cacheName({ build: "" });
  let restored = false;
  for (const name of await caches.keys()) {
    if (!name.startsWith(prefix) || !name.endsWith(SOURCES)) continue;
    const sources = await caches.open(name);
    const cache = await caches.open(name.slice(0, -SOURCES.length));
    let here = false;
    for (const request of await sources.keys()) {
      const current = await cache.match(request);
      if (current && current.headers.get(COMPILED_HEADER)) {
        await cache.put(request, await sources.match(request));
        here = true;
      }
    }
    if (here) await sources.put(PRECOMPILE_OFF, new Response("compiled archives broke a start"));
    restored = restored || here;
  }
  return restored;
}

// Ask the worker to compile the archives this page runs on, unless ?precompile=0 (the bench's start without it).
function askToPrecompile(version, config) {
  const wheel = Object.keys(config.files).find((url) => url.endsWith(".whl") && config.files[url] === "./*");
  if (new URLSearchParams(location.search).get("precompile") === "0" || !("caches" in self) || !wheel) return;
  post({
    kind: "precompile", cache: cacheName(version), pyodide: version.pyodide, off: PRECOMPILE_OFF, header: COMPILED_HEADER,
    files: { stdlib: absolute("./vendor/pyodide/python_stdlib.zip"), wheel },
  });
}

function megabytes(n) { return (n / 1e6).toFixed(1); }

function cacheName(version) {
  return globalThis.houseGamesKeys.cacheName(location.href, version.build);
}

// Download the big runtime files with progress into the cache the service worker serves from (it skips files
// already there). The downloading, decoding (of the zstd copies build.py writes) and storing happen in a small
// worker (./prefetch.js): the page only moves the progress bar, which counts the bytes that really travel.
// Returns {marked, done, pythonCanStart}: promises that the service worker can tell the files are coming
// (prefetch.js's marker), that every file is stored, and that a first visit can start Python (see below).
function prefetchRuntime(version) {
  const files = version.runtime.map((file) => ({
    url: absolute(file.path), bytes: file.bytes, type: file.type,
    zst: file.zst && absolute(file.zst), zstBytes: file.zst_bytes, decodedBytes: file.decoded_bytes,
  }));
  const bar = /** @type {HTMLProgressElement} */ ($("load-progress"));
  const label = $("load-bytes");
  const pace = timeLeft();
  let shown = null;
  const show = (loaded, total) => {
    shown = [loaded, total];
    bar.max = total;
    bar.value = loaded;
    const seconds = pace(loaded, total);
    label.textContent = seconds === null
      ? t("start.load.bytes", { loaded: megabytes(loaded), total: megabytes(total) })
      : t("start.load.bytes_left", { loaded: megabytes(loaded), total: megabytes(total), seconds });
  };
  // until the worker says which way each file comes: the compressed sizes, the way most browsers take
  show(0, files.reduce((sum, file) => sum + (file.zst ? file.zstBytes : file.bytes), 0));
  let marked;
  const markedPromise = new Promise((resolve) => { marked = resolve; });
  // each file's {promise, resolve}: settled once the worker stored it, or the download is over either way
  const stored = new Map(files.map((file) => {
    let resolve;
    const promise = new Promise((settle) => { resolve = settle; });
    return [file.url, { promise, resolve }];
  }));
  let started = null; // when the worker began downloading (its marker is up): the pace is measured from there
  // the seconds left are told again every second, also while no byte comes (a stalled connection): the pace falls
  const tick = setInterval(() => { if (shown) show(...shown); }, 1000);
  /** @type {Promise<void>} */
  const done = new Promise((resolve, reject) => {
    const fetcher = new Worker("./prefetch.js");
    fetcher.onmessage = ({ data }) => {
      if (data.type === "progress") show(data.loaded, data.total);
      else if (data.type === "marked") { started = performance.now(); marked(); }
      else if (data.type === "stored") stored.get(data.url)?.resolve();
      else if (data.type === "done") {
        fetcher.terminate();
        label.textContent = t("start.load.bytes_ready", { total: megabytes(bar.max) });
        root.dataset.runtimeFiles = `decoded:${data.decoded} plain:${data.plain}`; // what this download did (tests, bench)
        resolve();
      } else if (data.type === "error") {
        fetcher.terminate();
        reject(Object.assign(new Error(data.message), { name: data.name || "Error" }));
      }
    };
    fetcher.onerror = (event) => { fetcher.terminate(); reject(new Error(event.message || "prefetch worker failed")); };
    const cache = "caches" in self ? cacheName(version) : null;
    fetcher.postMessage({ cacheName: cache, marker: absolute("./.prefetching"),
                          decoder: version.decoder ? absolute(version.decoder) : null, files });
  });
  done.then(marked, marked); // a download that failed before its marker: nothing to wait for
  done.finally(() => {
    clearInterval(tick);
    for (const file of stored.values()) file.resolve();
  }).catch(() => {});
  return { marked: markedPromise, done, pythonCanStart: pythonCanStart(files, stored, done, () => {
    if (!shown || started === null) return null;
    const rate = shown[0] / ((performance.now() - started) / 1000);
    return rate > 0 ? (shown[1] - shown[0]) / rate : null;
  }) };
}

// A first visit starts Python once the wasm is stored: PyScript's worker would soon wait on the wasm anyway, which
// the service worker holds back until the prefetch has stored it (starting at the marker gave the same playable
// table under Lighthouse's phone throttling: 26.1 and 27.0 s against 27.0 and 25.8 s); the wasm then compiles while
// the stdlib and the wheels arrive. But when the rest should arrive within
// RUN_OUT_S at the pace so far (a fast link), Python waits for it, at most that long: evaluating PyScript on the
// page's thread while the prefetch worker decodes takes two to three times longer (measured: 47 and 24 ms against
// 17 ms once the download is over) and would hold up taps on the start screen for nothing.
const RUN_OUT_S = 0.5;
async function pythonCanStart(files, stored, done, secondsLeft) {
  const wasm = files.find((file) => file.url.endsWith(".wasm"));
  if (wasm) await stored.get(wasm.url).promise;
  const left = secondsLeft();
  if (left !== null && left < RUN_OUT_S) {
    await Promise.race([done.catch(() => {}), new Promise((resolve) => setTimeout(resolve, RUN_OUT_S * 1000))]);
  }
}

// The seconds the download has left at the pace measured so far (bytes over time since the first byte, so a slow
// start or a burst does not mislead it), or null until there is a pace to tell: 1 s and 5 % in, and not at the end.
function timeLeft() {
  let first = null;
  return (loaded, total) => {
    const now = performance.now();
    if (first === null) { if (loaded > 0) first = { at: now, loaded }; return null; }
    const seconds = (now - first.at) / 1000;
    const rate = (loaded - first.loaded) / seconds;
    if (seconds < 1 || loaded < total * 0.05 || loaded >= total || !(rate > 0)) return null;
    return Math.max(1, Math.ceil((total - loaded) / rate));
  };
}

let reloading = false;
function offerUpdate(worker) {
  const banner = $("update-banner");
  banner.hidden = false;
  $("update-reload").onclick = () => {
    reloading = true;
    worker.postMessage({ type: "skip-waiting" });
  };
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  try {
    const registration = await navigator.serviceWorker.register("./sw.js", { scope: "./" });
    navigator.serviceWorker.addEventListener("controllerchange", () => { if (reloading) location.reload(); });
    const watch = (worker) => {
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    };
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    watch(registration.installing);
    registration.addEventListener("updatefound", () => watch(registration.installing));
    registration.update().catch(() => {}); // offline: keep the cached version
    if (!navigator.serviceWorker.controller) {
      // First visit: let the new worker take control before Pyodide starts, so its
      // fetches are answered from the cache the prefetch just filled instead of
      // downloading the runtime a second time (the worker claims clients on activate).
      await /** @type {Promise<void>} */ (new Promise((resolve) => {
        const timer = setTimeout(resolve, 15000);
        navigator.serviceWorker.addEventListener("controllerchange", () => { clearTimeout(timer); resolve(); }, { once: true });
      }));
    }
  } catch (error) {
    console.warn("Service worker not registered:", error); // the app still runs online
  }
}

// Before Python: the build's version; the runtime downloading with progress into the cache, and the service worker
// registering, side by side. Resolves {marked, registered, downloaded} (promises: the service worker can tell the
// runtime is coming; it is registered, and controls the page on a first visit; the download is over, true, or
// failed, false after fail()), or false after fail(). ``quiet``: leave the stage labels to startPython.
async function prepare(quiet) {
  let version;
  try {
    const response = await fetch("./version.json", { cache: "no-cache" });
    if (!response.ok) throw new Error(`version.json: HTTP ${response.status}`);
    version = await response.json();
  } catch (error) {
    fail("runtime", t("start.error.offline", { reason: error.message }));
    return false;
  }
  window.houseGames.build = version.build;
  window.houseGames.version = version;
  const { marked, done, pythonCanStart } = prefetchRuntime(version);
  const downloaded = done.then(() => {
    const item = /** @type {HTMLElement | null} */ (document.querySelector('[data-stage="runtime"]'));
    if (!quiet && !(item && item.dataset.status === "done")) setStage("runtime", "active", "start.load.starting_python");
    performance.mark("house-games:runtime-fetched");
    return true;
  }, (error) => {
    // no room to keep the app (a first visit to an origin whose storage is full: on GitHub Pages every project of an
    // account shares it): said in words, not as the browser's "Quota exceeded"
    const full = error.name === "QuotaExceededError" || /quota/i.test(String(error.message));
    fail("runtime", full ? t("start.error.full") : t("start.error.download", { reason: error.message }));
    return false;
  });
  return { marked, pythonCanStart, downloaded, registered: registerServiceWorker() };
}

// PyScript's module opens an IndexedDB database of its own as it loads (for a file-system helper this app does not
// use): in a browser without IndexedDB that throws, and Python would never start. There, PyScript gets a stand-in
// whose open() answers nothing, ever (the app's own store, ./store.js, knows it for what it is: it keeps the game
// in memory and says so).
function giveIndexedDB() {
  if (typeof indexedDB !== "undefined" && indexedDB !== null) return;
  Object.defineProperty(globalThis, "indexedDB", { configurable: true, value: { houseGamesStandIn: true, open: () => ({}) } });
}

// PyScript's PyWorker running ./main.py, connected to the page.
async function startPython(earlyConfig) {
  let PyWorker;
  let config;
  try {
    config = await (earlyConfig || workerConfig());
    // PyScript reads the main thread's config (which plugins to load) from <py-config> and <mpy-config> elements;
    // without them it would load its editor, terminal and game plugins, which the site leaves out. Nothing runs
    // Python on this thread: the config only says which plugins not to load.
    for (const tag of ["py-config", "mpy-config"]) {
      const mainConfig = document.createElement(tag);
      mainConfig.setAttribute("type", "json");
      mainConfig.hidden = true;
      mainConfig.textContent = JSON.stringify({ plugins: config.plugins || [] });
      document.head.append(mainConfig);
    }
    performance.mark("house-games:pyscript");
    giveIndexedDB();
    ({ PyWorker } = await import("./vendor/pyscript/core.js"));
    performance.mark("house-games:pyscript-loaded");
    // A task of its own for creating the worker: evaluating PyScript's module and setting up its worker are each
    // a few tens of milliseconds on a slow phone, and together they would make one long task.
    await new Promise((resolve) => setTimeout(resolve, 0));
  } catch (error) {
    fail("runtime", t("start.error.pyscript", { reason: error.message }));
    return;
  }
  setStage("package", "active", "start.load.installing");
  let worker;
  try {
    worker = await PyWorker(absolute("./main.py"), { type: "pyodide", version: absolute("./vendor/pyodide/pyodide.mjs"), config });
  } catch (error) {
    fail("package", t("start.error.worker", { reason: error.message || error }));
    return;
  }
  performance.mark("house-games:worker-ready");
  worker.addEventListener("error", (event) => fail(currentStage, event.message || t("start.error.worker_failed")));
  setStage("runtime", "done", "start.load.ready");
  setStage("package", "done", "start.load.installed");
  setStage("start", "active", "start.load.opening");
  connect(worker, window.houseGames);
  return config;
}

async function boot(earlyConfig) {
  setStage("runtime", "active", "start.load.downloading");
  // A page the service worker already controls finds every file of its build in the cache: Python starts at
  // once, beside the version check (and the download of a newer build, if there is one). On a first visit Python
  // starts once the service worker controls the page, knows the runtime is coming and the prefetch has stored the
  // wasm (pythonCanStart): the service worker answers each of the runtime's requests once the prefetch has stored
  // that file, so the runtime starts while later files still download. Without a service worker, Python waits for
  // the download (the HTTP cache).
  const prepared = prepare(controlled);
  if (!controlled) {
    const steps = await prepared;
    if (!steps) return;
    await Promise.all([steps.marked, steps.registered]);
    if (!navigator.serviceWorker || !navigator.serviceWorker.controller) {
      if (!(await steps.downloaded)) return;
    } else await steps.pythonCanStart;
  }
  const config = await startPython(earlyConfig);
  const steps = await prepared;
  if (config && steps && (await steps.downloaded)) askToPrecompile(window.houseGames.version, config);
}

function absolute(path) { return new URL(path, location.href).href; }

// The worker's PyScript config, from the site's pyscript.toml (which build.py
// writes in a fixed shape: top-level key = JSON-compatible value lines, and a
// [files] table of "src" = "dest" lines: our wheel = "./*", unpacked, and the
// assets). URLs are made absolute: the worker's base is not the page's. No
// "packages" key unless the file lists some: PyScript would load micropip even
// for an empty list.
async function workerConfig() {
  const response = await fetch("./pyscript.toml");
  if (!response.ok) throw new Error(`pyscript.toml: HTTP ${response.status}`);
  const config = { files: {} };
  let table = "";
  for (const raw of (await response.text()).split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const header = line.match(/^\[([\w-]+)\]$/);
    if (header) { table = header[1]; continue; }
    const pair = line.match(/^("[^"]*"|[\w-]+)\s*=\s*(.+)$/);
    if (!pair) throw new Error(`pyscript.toml: cannot read ${JSON.stringify(line)}`);
    const key = JSON.parse(pair[1].startsWith('"') ? pair[1] : JSON.stringify(pair[1]));
    const value = JSON.parse(pair[2]);
    if (table === "" && key === "packages") config.packages = value.map(absolute);
    else if (table === "" && key === "plugins") config.plugins = value;
    else if (table === "files") config.files[absolute(key)] = value;
  }
  return config;
}

// PyScript shows Python errors as .py-error elements; surface them on our error screen.
new MutationObserver((records) => {
  for (const record of records) for (const node of record.addedNodes) {
    if (node instanceof Element && (node.matches(".py-error") || node.querySelector?.(".py-error"))) {
      fail(currentStage, node.textContent.trim().slice(-2000));
    }
  }
}).observe(document.body, { childList: true, subtree: true });

// Start loading once the start screen has been painted: the runtime's downloads and PyScript's start-up then never
// delay the first (and largest) paint of the page, and the start screen is usable from that moment. A page the
// service worker controls only waits for that frame, not for the load event (its files come from the cache).
function afterFirstPaint() {
  return new Promise((resolve) => {
    const go = () => requestAnimationFrame(() => setTimeout(resolve, 0)); // the frame after the next one is painted
    if (document.readyState === "complete" || controlled) go();
    else addEventListener("load", go, { once: true });
  });
}

// On a page the service worker controls, the worker's config is read while the start screen paints (index.html's
// head preloads PyScript's modules meanwhile), so that Python's worker starts as soon as that frame is out.
function readConfigEarly() {
  const config = workerConfig();
  config.catch(() => {}); // startPython awaits it and reports a failure
  return config;
}

const earlyConfig = controlled ? readConfigEarly() : null;
afterFirstPaint().then(() => boot(earlyConfig));
