// The names this site keeps its data under in the browser, and which kv keys are autosave slots: written once here.
// GitHub Pages gives every project of a user one origin, so one localStorage, one set of caches, databases and Web
// Locks: every name carries the site's path, "house-games|<path>|…".
// Loaded three ways, so it has no export statement and sets globalThis.houseGamesKeys: as a classic script before
// start.js (the start screen reads the settings before the first paint), through importScripts in the service
// worker (sw.js), and as a module import for its side effect (store.js, loader.js).
(() => {
  "use strict";
  if (globalThis.houseGamesKeys) return;
  // the site's path: the directory of a page's address (document.baseURI, location.href) or of the worker's scope
  const scopePath = (/** @type {string | URL} */ base) => new URL("./", base).pathname;
  /** @param {string | URL} base @param {...string} parts */
  const scoped = (base, ...parts) => ["house-games", scopePath(base), ...parts].join("|");
  const AUTOSAVE = "house-games.autosave"; // the one autosave of versions before the store: read as a slot
  /** @type {HouseGamesKeys} (types/keys.d.ts) */
  const keys = {
    scopePath,
    databaseName: (base) => scoped(base), // the page's database, also its BroadcastChannel
    settingsKey: (base) => scoped(base, "settings"), // localStorage: the start screen's settings
    // where the versions before the path-scoped key kept the settings (start.js moves them to settingsKey)
    oldSettingsKey: "house-games.settings",
    lockPrefix: (base) => scoped(base, "game", ""), // a Web Lock per game slot: this prefix and the slot
    journalPrefix: (base) => scoped(base, "journal", ""), // localStorage: a page's writes not yet confirmed (journal.js)
    pageLockPrefix: (base) => scoped(base, "page", ""), // a Web Lock each page holds for its life (journal.js)
    cachePrefix: (base) => scoped(base, ""), // Cache Storage: this prefix and the build id
    cacheName: (base, build) => scoped(base, build),
    // Whether a kv key is a game's autosave slot (the same rule as game/ui/storage.py is_slot).
    isSlot: (key) => key === AUTOSAVE || key.startsWith(`${AUTOSAVE}.moved.`) || key.startsWith("house-games.game."),
  };
  globalThis.houseGamesKeys = Object.freeze(keys);
})();
