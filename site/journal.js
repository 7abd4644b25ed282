// Nothing lost when the page goes right after a tap (issue 37, "pagehide"): a write the worker asked for is kept,
// synchronously, in localStorage until the database has confirmed it. A page closed or reloaded while a transaction
// was still in flight (or while its batch still waited in the worker for the one before) leaves its journal there,
// and the next start writes what the database lacks (store.js replayJournals), under the same revision guard as
// every write, so a replay never overwrites or deletes a game another tab advanced since.
//
// One journal per page, "house-games|<path>|journal|<page id>": two tabs never write the same key. A journal is an
// orphan, to replay, once its page is gone: where Web Locks exist every page holds "…|page|<its id>" for its whole
// life; without them only the journal of the page this tab showed before (its id kept in sessionStorage: a reload)
// is known to be gone.
//
// A journal is {changes: {"<table> <key>": [op, table, key, value]}, guards: {slot: {slot, rev, del?}}}: the
// worker's batches merged as PageBackend merges them (the last write of a key wins).

const KEYS = globalThis.houseGamesKeys;
const PREFIX = KEYS.journalPrefix(document.baseURI);
const PAGE_LOCK_PREFIX = KEYS.pageLockPrefix(document.baseURI);
const PREVIOUS = "house-games-page"; // sessionStorage: this tab's page id, read by the page that follows it
// How long a reloaded page waits for the page before it (same tab) to let its lock go
const PREDECESSOR_MS = 2000;

const pageId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
const ownKey = PREFIX + pageId;
let previousId = null;
try {
  previousId = sessionStorage.getItem(PREVIOUS);
  sessionStorage.setItem(PREVIOUS, pageId);
} catch { /* no sessionStorage: without Web Locks, nothing of this tab's pages is replayed */ }
if (navigator.locks) {
  // held until the page goes: another page then knows this page's journal is an orphan
  navigator.locks.request(PAGE_LOCK_PREFIX + pageId, () => new Promise(() => {})).catch(() => {});
}

/** @typedef {{slot: string, rev: number, selector: string, seq?: number}} Tap */
/** @typedef {{changes: Record<string, any[]>, guards: Record<string, {slot: string, rev: number, del?: boolean}>, taps?: Tap[]}} Journal */

/** @type {Journal} */
let journal = { changes: {}, guards: {}, taps: [] };
let enabled = true; // off when the page has no database to replay into (the journal would only pile up)
let full = false; // localStorage refused the journal (full): said once on the console, retried with the next write

const changeKey = (change) => `${change[1]} ${change[2]}`;

function save() {
  try {
    if (!Object.keys(journal.changes).length && !Object.keys(journal.guards).length && !journal.taps.length) {
      localStorage.removeItem(ownKey);
    }
    else localStorage.setItem(ownKey, JSON.stringify(journal));
    full = false;
  } catch (error) {
    if (!full) console.warn("journal: localStorage refused the journal of writes in flight:", error);
    full = true;
  }
}

// The worker asked for these writes (a batch, as ["db", …] carries it): kept until the database confirms them.
export function record(changes, guards) {
  if (!enabled || !Array.isArray(changes)) return;
  for (const change of changes) if (Array.isArray(change) && change.length === 4) journal.changes[changeKey(change)] = change;
  for (const guard of Array.isArray(guards) ? guards : []) {
    if (guard && typeof guard.slot === "string" && Number.isInteger(guard.rev)) journal.guards[guard.slot] = guard;
  }
  save();
}

// A batch was answered (store.commit's outcome): what the database now holds leaves the journal (unless written
// again since); slots another tab owns or advanced are not this page's to replay.
export function settled(changes, guards, outcome) {
  if (!enabled || !outcome) return;
  if (outcome.ok) {
    for (const change of changes) {
      const key = changeKey(change);
      if (JSON.stringify(journal.changes[key]) === JSON.stringify(change)) delete journal.changes[key];
    }
    for (const guard of guards || []) {
      const kept = journal.guards[guard.slot];
      if (kept && kept.rev <= guard.rev && !journal.changes[`kv ${guard.slot}`]) delete journal.guards[guard.slot];
    }
  } else if (outcome.reason === "lost" || outcome.reason === "stale") {
    for (const slot of Array.isArray(outcome.slots) ? outcome.slots : []) drop(slot, false);
  } else return;
  save();
}

// Another tab took this game over: what this page did not store of it was handed over, not to be replayed.
export function drop(slot, write = true) {
  delete journal.changes[`kv ${slot}`];
  delete journal.guards[slot];
  if (write) save();
}

// The page has no database (none, refused, blocked): nothing is journaled (it could never be replayed here).
export function disable() {
  enabled = false;
  journal = { changes: {}, guards: {}, taps: [] };
  save();
}

// The database opened after all (store.js takeUp): writes are journaled again.
export function enable() {
  enabled = true;
}

function journalKeys() {
  const keys = [];
  try {
    for (let i = 0; i < localStorage.length; i += 1) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX) && key !== ownKey) keys.push(key);
    }
  } catch { /* localStorage blocked: nothing journaled */ }
  return keys;
}

// Whether the page that wrote a journal is gone: its lock is free (a reload's own predecessor may take a moment to
// let it go); without Web Locks, only this tab's previous page is known to be gone.
async function orphaned(id) {
  if (!navigator.locks) return id === previousId;
  const wait = id === previousId ? PREDECESSOR_MS : 0;
  const controller = new AbortController();
  const timer = wait ? setTimeout(() => controller.abort(), wait) : 0;
  try {
    return await navigator.locks.request(PAGE_LOCK_PREFIX + id, wait ? { signal: controller.signal } : { ifAvailable: true },
                                         async (grant) => grant !== null);
  } catch {
    return false; // still held: a live page
  } finally {
    clearTimeout(timer);
  }
}

/** The journals of pages that are gone: [{key, journal}] (read once at start; store.js replays them).
 * @returns {Promise<{key: string, journal: Journal}[]>} */
export async function orphans() {
  const found = [];
  for (const key of journalKeys()) {
    if (!(await orphaned(key.slice(PREFIX.length)))) continue;
    try {
      const data = JSON.parse(localStorage.getItem(key) || "null");
      if (data && typeof data.changes === "object" && typeof data.guards === "object") found.push({ key, journal: data });
      else localStorage.removeItem(key);
    } catch { /* unreadable or blocked: left as it is */ }
  }
  return found;
}

// A replayed journal is done with.
export function forget(key) {
  try { localStorage.removeItem(key); } catch { /* removed next time */ }
}

// The taps of a move the worker may not have had time to apply when the page went (a tap, then at once a reload or
// the tab closed): each tap on a move's button (a table's target, the list's legal action) is journaled with the
// game's slot and the revision of its save as this page last knew it, and leaves the journal once a save of that
// game covers it (the worker had handled it: the message carrying the save acknowledges it). The next start
// taps them again once the player resumes that game, only if its stored save is still that revision: a move the
// worker did store is never played twice, and a game another tab advanced is never touched.

const quoted = (value) => value.replace(/["\\\n]/g, (c) => (c === "\n" ? "\\a " : `\\${c}`)); // a CSS string's body

// The selector that finds the same button on the next start's table, or null for a tap that is not a move.
export function moveSelector(element) {
  const button = element && element.closest ? element.closest("button") : null;
  if (!button) return null;
  if (button.dataset.index !== undefined && button.closest("#legal-actions")) {
    return `#legal-actions button[data-index="${quoted(button.dataset.index)}"]`;
  }
  if (button.dataset.key !== undefined && button.parentElement && button.parentElement.matches(".targets")) {
    return `.targets > button[data-key="${quoted(button.dataset.key)}"]`;
  }
  return null;
}

// A move's button was tapped on the table of slot (whose save this page last knew at rev); seq: the number of the
// message that carried the tap to the worker.
export function tapped(selector, slot, rev, seq) {
  if (!enabled || !selector || typeof slot !== "string") return;
  journal.taps.push({ slot, rev, selector, seq });
  save();
}

// The worker saved slot in a message that acknowledges the page's messages up to ack: the taps it had handled are
// in that save.
export function savedThrough(slot, ack) {
  const before = journal.taps.length;
  journal.taps = journal.taps.filter((tap) => !(tap.slot === slot && Number.isInteger(tap.seq) && tap.seq <= ack));
  if (journal.taps.length !== before) save();
}

// The revision of slot's save as this page knows it: the last one the worker asked for, else the stored one.
export function knownRev(slot, storedText) {
  const guard = journal.guards[slot];
  if (guard && !guard.del) return guard.rev;
  try {
    const rev = JSON.parse(storedText).rev;
    return Number.isInteger(rev) ? rev : 0;
  } catch {
    return 0;
  }
}

// Taps left by pages that are gone, for games whose stored save is still the revision they were tapped on: kept in
// this page's journal until the player opens that game (a reload before then keeps them again).
export function adopt(taps, storedRev) {
  const kept = (Array.isArray(taps) ? taps : []).filter((tap) => tap && typeof tap.slot === "string"
    && typeof tap.selector === "string" && Number.isInteger(tap.rev) && storedRev(tap.slot) === tap.rev);
  if (!kept.length || !enabled) return;
  journal.taps.push(...kept.map(({ slot, rev, selector }) => ({ slot, rev, selector })));
  save();
}

// The next tap to play again on the table of slot, whose save is stored at rev: its selector, or null. Taps of
// this game tapped on another revision than the stored one are dropped (that move was stored, or the game changed).
export function nextReplay(slot, rev) {
  const adopted = journal.taps.filter((tap) => tap.slot === slot && tap.seq === undefined);
  if (!adopted.length) return null;
  if (adopted[0].rev !== rev) {
    journal.taps = journal.taps.filter((tap) => !adopted.includes(tap));
    save();
    return null;
  }
  return adopted[0].selector;
}

// The tap nextReplay gave was played (or its button is not there: then the rest of that game's taps go too).
export function replayed(slot, played) {
  const adopted = journal.taps.filter((tap) => tap.slot === slot && tap.seq === undefined);
  const gone = played ? adopted.slice(0, 1) : adopted;
  journal.taps = journal.taps.filter((tap) => !gone.includes(tap));
  save();
}

// Tests: this page's journal as it is now.
export function current() {
  return JSON.parse(JSON.stringify(journal));
}
