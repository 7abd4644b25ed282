// The app's data on this device: an IndexedDB database, one per site path (GitHub Pages gives every project of a
// user one origin, so the name carries the path and two projects never meet). The page owns it; the Python worker
// keeps a mirror (sent at boot) and asks for writes as batches that this module applies as one transaction each,
// answering whether it worked. Layout, versions, migration and locking: game/ui/README.md ("The store").
//
//   kv       out-of-line keys: autosave slots ("house-games.game.<id>", the old "house-games.autosave"), saves and
//            books set aside ("….bad.N"), a record book not yet split into rows ("house-games.records")
//   results  one row per finished game, keyPath "id"
//   games    one kept (replayable) game per row, keyPath "id"
//   daily    "YYYY-MM-DD/challenge" -> id of the counted game
//
// One writer per game: a tab holds the Web Lock of the slot it plays; a write to a slot needs that lock (where the
// browser has Web Locks) and a revision newer than the stored one (everywhere). Other tabs hear of every committed
// write through a BroadcastChannel.

import * as journal from "./journal.js";

// globalThis.houseGamesKeys: the path-scoped names and the slot rule, one copy for every script. index.html loads
// keys.js as a classic script before start.js (the start screen reads the settings before the first paint) and so
// before every module: importing it here too would fetch it a second time, as a module.
const KEYS = globalThis.houseGamesKeys;
if (!KEYS) throw new Error("store.js: keys.js must be loaded first (a classic script in index.html)");
export const DB_NAME = KEYS.databaseName(document.baseURI);
const DB_VERSION = 1;
const TABLES = ["kv", "results", "games", "daily"];
const LEGACY_PREFIX = "house-games.";
// The settings stay in localStorage (start.js reads them before the first paint), under a key that carries the
// path too (start.js moves them there from the old unscoped key the versions before kept them under)
export const SETTINGS_LOCAL_KEY = KEYS.settingsKey(document.baseURI);
const OLD_SETTINGS_KEY = KEYS.oldSettingsKey;
const LOCK_PREFIX = KEYS.lockPrefix(document.baseURI);

// The settings' text, which the worker knows as "settings" (the boot message's field, its "settings" operation and
// message): read where start.js keeps it, or where the versions before kept it while start.js could not move it.
export function readSettings() {
  try {
    return localStorage.getItem(SETTINGS_LOCAL_KEY) ?? localStorage.getItem(OLD_SETTINGS_KEY);
  } catch {
    return null; // storage blocked: none saved
  }
}

// Store the settings' text (null: forget them); throws what localStorage throws (full, blocked).
export function writeSettings(/** @type {string | null} */ value) {
  if (value === null) localStorage.removeItem(SETTINGS_LOCAL_KEY);
  else localStorage.setItem(SETTINGS_LOCAL_KEY, value);
}

let db = null;
let channel = null;
const held = new Map(); // slot -> function releasing its lock
const lost = new Set(); // slots another tab took over
const locking = new Map(); // slot -> promise of a lock request under way (a write waits for it)
const kvCache = new Map(); // the kv table as committed (tests and the start screen read it synchronously)
/** @type {(changes: unknown[][]) => void} */
let onChange = () => {};
// A take-over asks the tab it took the game from for the moves it had not stored yet: that tab's worker answers
// through the channel ({handover: {slot, text}}, text null when everything was stored). Waited for this long.
const HANDOVER_MS = 1500;
const handoverWaiters = new Map(); // slot -> resolve(handover) of a take-over under way
/** @type {(slot: string, why: string) => void} */
let onLost = () => {};
let persistAsked = false;
// A newer version of the app opened this database at a higher version (IndexedDB's versionchange) or announced it
// on the channel: this page is out of date, writes nothing more and asks the player to reload.
let outdated = false;
let onOutdated = () => {};
// The database closed under this page (the player cleared the site's data while it was open): it is opened again
// (empty) and onReopened(present) tells the worker which keys it holds, so that the worker writes the rest of what
// it has in memory. Meanwhile writes are answered reason "closed" and retried by the worker.
/** @typedef {{kv: string[], results: string[], games: string[], daily: string[]}} Present */
/** @type {(present: Present, data?: object) => void} */
let onReopened = () => {};
let reopening = false;
// The page started without its database because an older tab held it ("blocked") or there was no space to create
// or upgrade it ("openfull"): it keeps trying (the blocked open request is still queued; a full one is made again
// every OPEN_RETRY_MS), writes are answered with that reason, and once it opens onReopened(present, data) gives the
// worker the whole database (it started with none) and the worker writes what it holds.
let waitingFor = null;
const OPEN_RETRY_MS = 3000;
// How long a new version waits for older tabs to let the database go (they close it on versionchange) before it
// starts without it and says why.
const BLOCKED_MS = 4000;

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** @returns {Promise<void>} */
function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error || new DOMException("transaction aborted", "AbortError"));
    tx.onerror = () => {}; // onabort follows with the error
  });
}

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, DB_VERSION);
    req.onupgradeneeded = () => {
      const d = req.result;
      if (!d.objectStoreNames.contains("kv")) d.createObjectStore("kv");
      if (!d.objectStoreNames.contains("results")) d.createObjectStore("results", { keyPath: "id" });
      if (!d.objectStoreNames.contains("games")) d.createObjectStore("games", { keyPath: "id" });
      if (!d.objectStoreNames.contains("daily")) d.createObjectStore("daily");
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    // an older tab holds the database open: versions since this store close it on versionchange, so this only
    // waits a moment; one that never lets go leaves this page without the database, saying why, and the request,
    // still queued, is taken up when that tab lets go
    req.onblocked = () => setTimeout(() => {
      req.onsuccess = () => { if (waitingFor === "blocked") takeUp(req.result); else req.result.close(); };
      reject(new DOMException("the database is held by an older version in another tab", "BlockedError"));
    }, BLOCKED_MS);
  });
}

// This page is of an older version than one open in another tab: close the database (its transactions under way
// still finish), write nothing more, and let the app ask the player to reload.
function becomeOutdated() {
  if (outdated) return;
  outdated = true;
  if (db) db.close();
  db = null;
  for (const slot of [...held.keys()]) unlock(slot); // the newer version's tabs open its games without asking
  onOutdated();
}

// What a tab of this version writes over an old entry it moved into the database just before removing it: the
// removal other tabs hear is then told from an old tab's removing its autosave (its game finished).
const MOVED_IN = "house-games: moved into the database";

function legacyEntries() {
  const items = {};
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      const value = key && key.startsWith(LEGACY_PREFIX) && key !== OLD_SETTINGS_KEY ? localStorage.getItem(key) : null;
      if (value !== null && value !== MOVED_IN) items[key] = value;
    }
  } catch { /* localStorage blocked: nothing to move */ }
  return items;
}

// Move the old localStorage entries (written by versions before this store, or by such a version still open in
// another tab) into the kv table. A key already there with another value is kept beside it as "<key>.moved.<ms>";
// but an autosave this version never played on (its copy carries no revision) is the old version's one autosave,
// which its newer value replaces, where it was put before, so an old tab playing on piles up no copies.
// Each entry leaves localStorage only once it has been read back from the database equal, and only if
// localStorage still holds that same value; an old tab's autosave heard as it writes stays there too (keepLocal), so
// that its removal, once that tab's game is finished, is heard as well (forgetLegacy). Returns the keys moved.
async function migrate(items = legacyEntries(), keepLocal = false) {
  const keys = Object.keys(items);
  if (!keys.length) return [];
  const tx = db.transaction("kv", "readwrite");
  const kv = tx.objectStore("kv");
  const target = {};
  const stamp = Date.now();
  for (const key of keys) {
    const existing = await request(kv.get(key));
    if (existing === undefined || existing === items[key]) target[key] = key;
    else target[key] = (isSlot(key) && (await legacyCopy(kv, key, existing, items[key]))) || `${key}.moved.${stamp}`;
    kv.put(items[key], target[key]);
  }
  await done(tx);
  const check = db.transaction("kv", "readonly").objectStore("kv");
  const moved = [];
  for (const key of keys) {
    if ((await request(check.get(target[key]))) !== items[key]) continue; // not verified: stays in localStorage
    kvCache.set(target[key], items[key]);
    try {
      if (localStorage.getItem(key) === items[key] && !(keepLocal && isSlot(key))) {
        // overwritten first, so that the removal other tabs hear carries MOVED_IN as its old value, not the save
        // (forgetLegacy would take it for an old tab's finished game and delete the copy just moved in)
        localStorage.setItem(key, MOVED_IN);
        localStorage.removeItem(key);
      }
    } catch { /* cannot remove: moved again (unchanged) next time */ }
    moved.push(target[key]);
  }
  return moved;
}

// Where an old version's autosave of the same game as incoming was copied before and not played on since by this
// version (no revision, and its moves the first of incoming's): the key itself, or a "<key>.moved.<ms>" beside it;
// null when there is none (another game is kept beside, never replaced).
async function legacyCopy(kv, key, existing, incoming) {
  if (earlierSave(existing, incoming)) return key;
  const beside = (await request(kv.getAllKeys(IDBKeyRange.bound(`${key}.moved.`, `${key}.moved.\uffff`)))).sort();
  for (const moved of beside.reverse()) if (earlierSave(await request(kv.get(moved)), incoming)) return moved;
  return null;
}

// Whether text is an earlier save, by a version before this store, of the game incoming saves.
function earlierSave(text, incoming) {
  const before = parsed(text);
  const after = parsed(incoming);
  if ("rev" in before || !Array.isArray(before.actions) || !Array.isArray(after.actions)) return false;
  if (before.game !== after.game || before.seed !== after.seed || before.num_players !== after.num_players) return false;
  return before.actions.length <= after.actions.length
    && before.actions.every((action, i) => JSON.stringify(action) === JSON.stringify(after.actions[i]));
}

function parsed(text) {
  try {
    const data = JSON.parse(text);
    return data && typeof data === "object" ? data : {};
  } catch {
    return {};
  }
}

// A tab of a version before this store removed an entry (its autosave, once its game is finished): the copy of
// that same text goes too, so a finished game is never offered to resume. Returns the keys deleted.
async function forgetLegacy(key, oldValue) {
  if (!isSlot(key) || typeof oldValue !== "string") return [];
  const tx = db.transaction("kv", "readwrite");
  const kv = tx.objectStore("kv");
  const copies = [key, ...(await request(kv.getAllKeys(IDBKeyRange.bound(`${key}.moved.`, `${key}.moved.\uffff`))))];
  const gone = [];
  for (const copy of copies) {
    if ((await request(kv.get(copy))) === oldValue) { kv.delete(copy); gone.push(copy); }
  }
  await done(tx);
  for (const copy of gone) kvCache.delete(copy);
  return gone;
}

async function readAll() {
  const tx = db.transaction(TABLES, "readonly");
  const kv = {};
  const keys = await request(tx.objectStore("kv").getAllKeys());
  const values = await request(tx.objectStore("kv").getAll());
  keys.forEach((key, i) => { kv[key] = values[i]; kvCache.set(key, values[i]); });
  const daily = {};
  const dailyKeys = await request(tx.objectStore("daily").getAllKeys());
  const dailyValues = await request(tx.objectStore("daily").getAll());
  dailyKeys.forEach((key, i) => { daily[key] = dailyValues[i]; });
  return {
    kv,
    results: await request(tx.objectStore("results").getAll()),
    games: await request(tx.objectStore("games").getAll()),
    daily,
  };
}

// Open the database, move old localStorage data in, and return what the worker's boot message carries:
// {kv, results, games, daily, moved} or {error, reason} when this browser gives the page no database: reason "nodb"
// (no IndexedDB at all), "blocked" (an older version in another tab holds it), "openfull" (no space to create it)
// or "unavailable" (refused: a private window, storage turned off…).
/** @param {(present: Present, data?: object) => void} [reopened] */
export async function openStore(changed, lostSlot, outdatedPage = () => {}, reopened = () => {}) {
  onChange = changed;
  onLost = lostSlot;
  onOutdated = outdatedPage;
  onReopened = reopened;
  try {
    if (!hasIndexedDB()) throw new DOMException("this browser has no IndexedDB", "NotSupportedError");
    db = await open();
    if (!db.objectStoreNames.length) {
      // a database of this name with no tables (made by hand, or left by a failed first start) holds nothing:
      // made again, or it would stop storage on every start
      db.close();
      await request(indexedDB.deleteDatabase(DB_NAME));
      db = await open();
    }
    watch(db);
    const moved = await migrate();
    const replayed = await replayJournals();
    const data = await readAll();
    data.moved = moved;
    listen();
    broadcast(replayed); // the other tabs' mirrors take in what a closed page left unstored
    return data;
  } catch (error) {
    db = null;
    journal.disable();
    const reason = { NotSupportedError: "nodb", BlockedError: "blocked", QuotaExceededError: "openfull" }[error.name];
    if (reason === "blocked" || reason === "openfull") waitingFor = reason;
    if (reason === "openfull") setTimeout(openLater, OPEN_RETRY_MS);
    return { error: `${error.name}: ${error.message}`, reason: reason || "unavailable" };
  }
}

// The database opened after the page started without it (a blocked open that went through, space freed): the
// worker gets all of it and writes what it holds.
async function takeUp(database) {
  if (outdated || db) { database.close(); return; }
  try {
    db = database;
    watch(database);
    journal.enable();
    await migrate();
    const replayed = await replayJournals();
    const data = await readAll();
    waitingFor = null;
    listen();
    broadcast(replayed);
    onReopened(presentIn(data), data);
  } catch (error) {
    console.warn("store: the database opened late but could not be read:", error);
    db = null;
    database.close();
    setTimeout(openLater, OPEN_RETRY_MS);
  }
}

// No space to open the database at start: tried again until it opens (then taken up), or the page goes.
async function openLater() {
  if (db || outdated) return;
  try {
    await takeUp(await open());
  } catch (error) {
    if (error && error.name === "BlockedError") { waitingFor = "blocked"; return; } // taken up when let go
    setTimeout(openLater, OPEN_RETRY_MS);
  }
}

function presentIn(data) {
  return { kv: Object.keys(data.kv), results: data.results.map((row) => row.id), games: data.games.map((row) => row.id),
           daily: Object.keys(data.daily) };
}

// Hear other tabs (their committed writes, a newer version) and a version before this store writing localStorage;
// set up once, when the database first opens.
let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  if (typeof BroadcastChannel === "function") {
    channel = new BroadcastChannel(DB_NAME);
    channel.onmessage = (event) => heard(event.data);
    channel.postMessage({ hello: { version: DB_VERSION } }); // an older tab still open hears it is out of date
  }
  // a version before this store, still open in another tab, writes localStorage: take that in too
  addEventListener("storage", (event) => {
    if (!db || !event.key || !event.key.startsWith(LEGACY_PREFIX) || event.key === OLD_SETTINGS_KEY) return;
    if (event.newValue === MOVED_IN || event.oldValue === MOVED_IN) return; // another tab of this version moved it in
    if (event.newValue !== null) {
      migrate({ [event.key]: event.newValue }, true).then((keys) => {
        const changes = keys.map((key) => ["put", "kv", key, kvCache.get(key)]);
        if (changes.length) { onChange(changes); broadcast(changes); }
      }, (error) => console.warn("store: could not move an entry from localStorage:", error));
    } else {
      forgetLegacy(event.key, event.oldValue).then((keys) => {
        const changes = keys.map((key) => ["del", "kv", key, null]);
        if (changes.length) { onChange(changes); broadcast(changes); }
      }, (error) => console.warn("store: could not forget an entry removed from localStorage:", error));
    }
  });
}

// Write what pages closed with a write in flight left in their journals (journal.js) and the database lacks: each
// slot only above its stored revision (a deletion only where none is newer), and no slot another tab plays now.
// Returns the changes written.
async function replayJournals() {
  const replayed = [];
  const playing = new Set(await heldElsewhere().catch(() => []));
  const taps = [];
  for (const { key, journal: pending } of await journal.orphans()) {
    if (Array.isArray(pending.taps)) taps.push(...pending.taps);
    const guards = Object.values(pending.guards).filter((guard) => guard && typeof guard.slot === "string");
    const skip = new Set(guards.filter((guard) => playing.has(guard.slot)).map((guard) => guard.slot));
    const changes = Object.values(pending.changes).filter((change) => Array.isArray(change) && change.length === 4
      && TABLES.includes(change[1]) && !(change[1] === "kv" && skip.has(change[2])));
    try {
      const tx = db.transaction(TABLES, "readwrite");
      const finished = done(tx);
      const refused = new Set(skip);
      for (const guard of guards) {
        const stored = await request(tx.objectStore("kv").get(guard.slot));
        if (typeof stored === "string" && (guard.del ? revisionOf(stored) > guard.rev : revisionOf(stored) >= guard.rev)) {
          refused.add(guard.slot);
        }
      }
      for (const [op, table, rowKey, value] of changes) {
        if (table === "kv" && refused.has(rowKey)) continue;
        const store = tx.objectStore(table);
        if (op === "add") { if ((await request(store.get(rowKey))) === undefined) store.put(value, rowKey); }
        else if (op === "del") store.delete(rowKey);
        else if (store.keyPath) store.put(value);
        else store.put(value, rowKey);
      }
      await finished;
      replayed.push(...changes.filter(([, table, rowKey]) => !(table === "kv" && refused.has(rowKey))));
      journal.forget(key);
    } catch (error) {
      console.warn("store: could not write what a closed page left unstored (kept for the next start):", error);
    }
  }
  if (taps.length) { // the taps the worker may not have applied: kept until their game is opened (./journal.js)
    const kv = db.transaction("kv", "readonly").objectStore("kv");
    const revs = new Map();
    for (const slot of new Set(taps.map((tap) => tap.slot))) revs.set(slot, journal.knownRev(slot, await request(kv.get(slot))));
    journal.adopt(taps, (slot) => revs.get(slot));
  }
  return replayed;
}

// Whether the page has a real IndexedDB (loader.js gives PyScript a stand-in where there is none).
export function hasIndexedDB() {
  return typeof indexedDB !== "undefined" && indexedDB !== null
    && !(/** @type {IDBFactory & {houseGamesStandIn?: boolean}} */ (indexedDB)).houseGamesStandIn;
}

function watch(database) {
  database.onversionchange = becomeOutdated; // a newer version of the app upgrades it
  database.onclose = () => { if (db === database) reopen(); }; // closed by the browser, not by this page
}

// Open the database again after the browser closed it (site data cleared): tries every 2 s until it opens.
async function reopen() {
  db = null;
  if (reopening || outdated) return;
  reopening = true;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    try {
      const database = await open();
      db = database;
      watch(database);
      const data = await readAll();
      for (const key of [...kvCache.keys()]) if (!(key in data.kv)) kvCache.delete(key);
      reopening = false;
      onReopened(presentIn(data));
      return;
    } catch (error) {
      console.warn("store: could not open the database again:", error);
      db = null;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
  }
}

function broadcast(changes) {
  if (channel && changes.length) channel.postMessage({ changes });
}

function heard(message) {
  if (message && message.hello && Number.isInteger(message.hello.version) && message.hello.version > DB_VERSION) {
    becomeOutdated();
    return;
  }
  if (message && message.handover && typeof message.handover.slot === "string") {
    const waiter = handoverWaiters.get(message.handover.slot);
    if (waiter) waiter(message.handover);
    return;
  }
  if (!message || !Array.isArray(message.changes)) return;
  for (const [op, table, key, value] of message.changes) {
    if (table !== "kv") continue;
    if (op === "put") kvCache.set(key, value); else kvCache.delete(key);
  }
  onChange(message.changes);
}

function revisionOf(text) {
  try {
    const rev = JSON.parse(text).rev;
    return Number.isInteger(rev) ? rev : 0;
  } catch {
    return 0;
  }
}

// Apply a batch [[op, table, key, value], …] (op "put", "del", or "add": put unless the key is there, for
// out-of-line keys) as one transaction. guards [{slot, rev, del?}, …]: the batch writes or deletes those games'
// slots. A write needs each slot's lock (where Web Locks exist) and a revision above the stored one; a deletion
// (del: true) needs the stored revision to be no newer than rev (no tab saved that game since this tab knew it),
// with or without Web Locks, and lets the slot's lock go. Resolves to
// {ok: true, settled: [["put", table, key, value stored] for each "add"]} or {ok: false, error, reason}: "lost"
// (another tab plays this game), "stale" (a newer save is stored; slots: the refused slots, current: their stored
// texts), "full" (QuotaExceededError), "outdated" (a newer version opened the database: nothing more is written
// here), "closed" (the browser closed the database: it is being opened again), "unavailable" (none) or "failed"
// (any other error, named).
export async function commit(changes, guards = []) {
  guards = Array.isArray(guards) ? guards : [];
  if (outdated) return { ok: false, error: "Outdated", reason: "outdated" };
  if (!db) return { ok: false, error: "NoDatabase", reason: reopening ? "closed" : waitingFor || "unavailable" };
  await Promise.all(guards.map((guard) => locking.get(guard.slot)));
  if (outdated) return { ok: false, error: "Outdated", reason: "outdated" };
  const database = db;
  if (!database) return { ok: false, error: "NoDatabase", reason: reopening ? "closed" : "unavailable" };
  const unowned = guards.filter((guard) => !guard.del && (lost.has(guard.slot) || (navigator.locks && !held.has(guard.slot))));
  if (unowned.length) return { ok: false, error: "LockLost", reason: "lost", slots: unowned.map((guard) => guard.slot) };
  const settled = []; // what each "add" left stored: the value asked for, or the one already there
  try {
    const tables = [...new Set(changes.map((change) => change[1]).concat(guards.length ? ["kv"] : []))];
    const tx = database.transaction(tables, "readwrite");
    const finished = done(tx);
    const current = {};
    for (const guard of guards) {
      const stored = await request(tx.objectStore("kv").get(guard.slot));
      if (typeof stored === "string" && (guard.del ? revisionOf(stored) > guard.rev : revisionOf(stored) >= guard.rev)) {
        current[guard.slot] = stored;
      }
    }
    if (Object.keys(current).length) {
      tx.abort();
      await finished.catch(() => {});
      for (const guard of guards) if (guard.del) unlock(guard.slot);
      return { ok: false, error: "Stale", reason: "stale", slots: Object.keys(current), current };
    }
    for (const [op, table, key, value] of changes) {
      const store = tx.objectStore(table);
      if (op === "add") {
        // put only where the key is free (the daily deal counted once, whichever tab finishes first): this
        // transaction reads and writes it as one, so of two tabs only the first finds the key free
        const existing = await request(store.get(key));
        settled.push(["put", table, key, existing === undefined ? value : existing]);
        if (existing === undefined) store.put(value, key);
      } else if (op === "del") store.delete(key);
      else if (store.keyPath) store.put(value);
      else store.put(value, key);
    }
    await finished;
  } catch (error) {
    if (outdated) return { ok: false, error: "Outdated", reason: "outdated" }; // closed under it for a newer version
    if (database !== db) return { ok: false, error: "Closed", reason: "closed" }; // closed under it: reopened, retried
    const name = error ? error.name : "Error";
    return { ok: false, error: name, reason: name === "QuotaExceededError" ? "full" : "failed",
             message: error ? String(error.message || "") : "" };
  }
  for (const guard of guards) if (guard.del) unlock(guard.slot); // a deleted game needs no writer
  const stored = changes.filter((change) => change[0] !== "add").concat(settled); // as they are in the database
  for (const [op, table, key, value] of stored) {
    if (table !== "kv") continue;
    if (op === "put") kvCache.set(key, value); else kvCache.delete(key);
  }
  broadcast(stored);
  if (!persistAsked && changes.some((change) => change[1] === "results" && change[0] === "put")) askPersist();
  return { ok: true, settled };
}

// A finished game is a record worth keeping: ask once per page that the browser never evicts this site's data.
function askPersist() {
  persistAsked = true;
  if (!navigator.storage || typeof navigator.storage.persist !== "function") return;
  navigator.storage.persisted().then((already) => already || navigator.storage.persist())
    .then((granted) => { document.documentElement.dataset.persisted = String(Boolean(granted)); }, () => {});
}

// Take the lock of a game's slot (steal: from the tab holding it, which then hears that it lost it). Resolves to
// {held, value, handover?}: value is the slot's text as stored once the lock is held (the other tab's last move
// included). A steal also waits (at most HANDOVER_MS) for the other tab's moves not stored yet: handover "given"
// (value is then that tab's newer save, not yet stored), "none" (it had stored everything) or "silent" (no answer:
// its last moves may be missing).
export function lock(slot, steal = false) {
  const asked = takeLock(slot, steal);
  locking.set(slot, asked);
  asked.finally(() => { if (locking.get(slot) === asked) locking.delete(slot); });
  return asked;
}

async function takeLock(slot, steal) {
  lost.delete(slot);
  // listening before the lock is taken: the other tab answers once it hears that it lost it (without Web Locks
  // no tab ever holds a game, so there is nobody to ask)
  const handed = steal && channel && navigator.locks ? new Promise((resolve) => {
    handoverWaiters.set(slot, resolve);
    setTimeout(() => resolve(null), HANDOVER_MS);
  }) : null;
  if (navigator.locks && !held.has(slot)) {
    const granted = await new Promise((resolve) => {
      const options = steal ? { steal: true } : { ifAvailable: true };
      navigator.locks.request(LOCK_PREFIX + slot, options, (grant) => {
        if (!grant) { resolve(false); return undefined; }
        return new Promise((release) => { held.set(slot, release); resolve(true); });
      }).catch((error) => {
        // stolen by another tab: this tab must stop writing the slot
        if (held.has(slot)) { held.delete(slot); lost.add(slot); onLost(slot, error ? error.name : ""); }
        else resolve(false);
      });
    });
    if (!granted) { handoverWaiters.delete(slot); return { held: false, value: null }; }
  }
  const answer = handed ? await handed : null;
  handoverWaiters.delete(slot);
  let value = null;
  if (db) {
    try { value = await request(db.transaction("kv", "readonly").objectStore("kv").get(slot)); } catch { value = null; }
  }
  if (value === undefined) value = null;
  if (!handed) return { held: true, value };
  const given = answer && typeof answer.text === "string" && (value === null || revisionOf(answer.text) > revisionOf(value));
  if (given) value = answer.text;
  return { held: true, value, handover: given ? "given" : answer ? "none" : "silent" };
}

// This tab lost the game of slot to another tab: hand it the save it had not stored yet (null: none).
export function handover(slot, text) {
  if (channel) channel.postMessage({ handover: { slot, text: typeof text === "string" ? text : null } });
}

export function unlock(slot) {
  const release = held.get(slot);
  held.delete(slot);
  if (release) release();
}

// Which slots another tab holds (for the start screen's Resume); [] without Web Locks.
export async function heldElsewhere() {
  if (!navigator.locks || typeof navigator.locks.query !== "function") return [];
  const state = await navigator.locks.query();
  return state.held.map((lockInfo) => lockInfo.name).filter((name) => name.startsWith(LOCK_PREFIX))
    .map((name) => name.slice(LOCK_PREFIX.length)).filter((slot) => !held.has(slot));
}

// The storage this origin uses and may use, and whether it is kept from eviction.
export async function usage() {
  const out = { usage: null, quota: null, persisted: null };
  try {
    if (navigator.storage && navigator.storage.estimate) Object.assign(out, await navigator.storage.estimate());
    if (navigator.storage && navigator.storage.persisted) out.persisted = await navigator.storage.persisted();
  } catch { /* not available: the screen says so */ }
  return { usage: out.usage, quota: out.quota, persisted: out.persisted };
}

// The kv table as committed, read synchronously (the start screen's Resume summary, tests).
export function storedValue(key) {
  return kvCache.has(key) ? kvCache.get(key) : null;
}

export function storedKeys() {
  return [...kvCache.keys()];
}

// Whether a kv key is a game's autosave slot (keys.js; the same rule as game/ui/storage.py is_slot).
export const isSlot = KEYS.isSlot;

function savedAt(text) {
  try {
    const at = JSON.parse(text).saved_at;
    return Number.isFinite(at) ? at : 0;
  } catch {
    return 0;
  }
}

// The game the start screen offers to resume: the slot saved last (ties: the greater key), as {slot, text}.
export function newestSlot() {
  let best = null;
  for (const [key, text] of kvCache) {
    if (!isSlot(key) || typeof text !== "string") continue;
    const at = savedAt(text);
    if (!best || at > best.at || (at === best.at && key > best.slot)) best = { slot: key, text, at };
  }
  return best ? { slot: best.slot, text: best.text } : null;
}

// Every game saved in a slot (the start screen's Resume offers the list when there are several).
export function savedSlots() {
  return [...kvCache].filter(([key, text]) => isSlot(key) && typeof text === "string").map(([slot, text]) => ({ slot, text }));
}

// Everything stored, for tests and debugging: {kv, results, games, daily}.
export async function dump() {
  return db ? readAll() : null;
}
