// Service worker of the house-games site (template: build.py fills in the
// build id and the precache list). The build's files (but the few that only an
// installation asks for, kept once fetched) are precached into
// one cache named after the content hash; a new build installs into a new
// cache, waits until the page says "reload", then deletes the old caches, so
// a page never runs a mix of two versions.

const BUILD = "__BUILD_ID__";
importScripts("./keys.js"); // self.houseGamesKeys: the path-scoped names, one formula for the pages and this worker
const SCOPE_PATH = self.houseGamesKeys.scopePath(self.registration.scope);
const PREFIX = self.houseGamesKeys.cachePrefix(self.registration.scope);
const CACHE = PREFIX + BUILD;
const PRECACHE = __PRECACHE__;
// The runtime's big files: on a first visit the page's prefetch worker downloads (and decodes) them into CACHE while
// Python already starts; their requests wait here for them (see prefetched) instead of downloading them twice.
const RUNTIME = new Set(__RUNTIME__.map((path) => new URL(path, self.registration.scope).href));
const MARKER = new URL("./.prefetching", self.registration.scope).href; // prefetch.js's "at work" entry
const MARKER_STALE_MS = 15000; // renewed every 3 s while the prefetch worker runs
const WAIT_STEP_MS = 100;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // first install: the page's prefetch worker is bringing the runtime (compressed); an update brings it here
    const first = !self.registration.active;
    await Promise.all(PRECACHE.map(async (path) => {
      const url = new URL(path, self.registration.scope).href;
      if (first && RUNTIME.has(url)) return;
      if (await cache.match(url)) return; // the loader already fetched it, with progress
      const response = await fetch(new Request(url, { cache: "no-cache" }));
      if (!response.ok) throw new Error(`precache ${path}: HTTP ${response.status}`);
      await cache.put(url, response);
    }));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      // keep this build's "|source" cache: the sources of the archives the page compiled (see loader.js)
      if (name.startsWith(PREFIX) && name !== CACHE && name !== CACHE + "|source") await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const { data } = /** @type {ExtendableMessageEvent} */ (event);
  if (data && data.type === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE_PATH)) return;
  // the zstd copies are read once by the loader's prefetch worker, which caches what they decode to
  if (url.pathname.endsWith(".zst")) return;
  // and the prefetch worker's plain downloads go straight to the network (their own requests must not wait for them)
  if (request.headers.get("X-House-Games-Prefetch")) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    /** @type {Response | null | undefined} */
    let hit = await cache.match(request, { ignoreSearch: true });
    if (!hit && request.mode === "navigate") hit = await cache.match(new URL("./", self.registration.scope).href);
    if (!hit && RUNTIME.has(url.origin + url.pathname)) hit = await prefetched(cache, request);
    if (hit) return hit;
    const response = await fetch(request);
    // what is not precached (the install icons) is kept once fetched, for the next offline start
    if (response.ok && response.type === "basic" && !url.search) cache.put(request, response.clone()).catch(() => {});
    return response;
  })());
});

// A runtime file the prefetch worker is still bringing: the cached file once it is stored whole (Cache Storage shows
// an entry only then), or null (then it is fetched here) once no prefetch is at work: the marker gone or stale.
/** @param {Cache} cache @param {Request} request @returns {Promise<Response | null>} */
async function prefetched(cache, request) {
  for (;;) {
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    const marker = await cache.match(MARKER);
    const at = marker ? (await marker.json().catch(() => ({}))).at : 0;
    if (!Number.isFinite(at) || Date.now() - at > MARKER_STALE_MS) return null;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
}
