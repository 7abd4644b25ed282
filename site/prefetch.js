// Downloads the runtime's big files off the main thread (a plain Web Worker
// started by loader.js) into the cache the service worker serves from, and
// reports progress at most ten times a second. Reading and storing ~12 MB on
// the page's thread would block taps for hundreds of milliseconds on a phone.
//
// A file with a zstd copy (build.py writes "<file>.zst") is downloaded as that copy and decoded here, as it
// arrives, by the pinned fzstd decoder; the decoded bytes go into the cache under the plain file's URL, so the
// runtime and the service worker find them as if the plain file had been downloaded. Whenever that cannot work
// (no Cache Storage to put the decoded file in, the decoder does not load, or it throws) the plain file is
// downloaded instead: a player is never stuck on a decoder.
//
// Python starts while this download runs (first visit): the service worker answers the runtime's requests from the
// cache as each file is stored here, and waits for a file not stored yet while the *marker* says that this worker is
// at work (a small entry in the same cache, its time renewed every few seconds, removed when the download ends or
// fails; see sw.js). So the files go one big file at a time, in the order the runtime needs them (build.py's
// RUNTIME_FILES: the wasm whole as early as it can be, compiling while the stdlib and wheels arrive), small files
// beside them.
//
// Message in:  {cacheName, marker: url, decoder: url or null, files: [{url, bytes, zst?, zstBytes?, decodedBytes?,
//               type?}, ...]}
// Messages out: {type: "marked"} (the service worker now knows the files are coming) · {type: "progress", loaded,
//   total, decoded} · {type: "stored", url} (that file is in the cache, or was already) · {type: "done", decoded,
//   plain} · {type: "error", message, name}
//   (bytes on the wire: a compressed file counts its compressed size; "decoded"/"plain": how many files came each way)

const SMALL_FILE = 65536; // bytes on the wire below which a file downloads beside the big one under way
const MARKER_RENEW_MS = 3000;

/** @param {string | undefined} url @returns {typeof fzstd | null} */
function loadDecoder(url) {
  if (!url) return null;
  try {
    importScripts(url);
    return self.fzstd && typeof self.fzstd.Decompress === "function" ? self.fzstd : null;
  } catch (error) {
    console.warn(`zstd decoder unavailable (${(error && error.message) || error}); downloading the plain files`);
    return null;
  }
}

// Stream ``zstUrl`` through the decoder into ``cache`` under ``url``; ``count(n)`` for every compressed byte
// received. Throws (and stores nothing) when the download, the decoder or the decoded size goes wrong.
/**
 * @param {NonNullable<typeof fzstd>} zstd @param {Cache} cache @param {PlannedFile} file
 * @param {(n: number) => void} count
 */
async function decodeInto(zstd, cache, file, count) {
  const response = await fetch(file.zst, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${new URL(file.zst).pathname}: HTTP ${response.status}`);
  /** @type {ReadableStreamDefaultController<Uint8Array>} */
  let sink;
  const body = new ReadableStream({ start(controller) { sink = controller; } });
  const stored = cache.put(file.url, new Response(body, { headers: { "Content-Type": file.type || "application/octet-stream" } }));
  stored.catch(() => {}); // awaited below; a failed decode rejects it on purpose
  let produced = 0;
  const reader = response.body.getReader();
  try {
    const decoder = new zstd.Decompress((chunk) => {
      if (!chunk.length) return;
      produced += chunk.length;
      sink.enqueue(chunk);
    });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      count(value.length);
      decoder.push(value, false);
    }
    decoder.push(new Uint8Array(0), true); // throws on a truncated frame
    if (produced !== file.decodedBytes) throw new Error(`decoded ${produced} bytes, expected ${file.decodedBytes}`);
    sink.close();
  } catch (error) {
    sink.error(error); // the cache keeps nothing of this file
    reader.cancel().catch(() => {});
    throw error;
  }
  await stored;
}

// Download ``url`` as it is: one branch of the body goes straight into the cache, the other only counts bytes,
// so nothing of the 10 MB runtime piles up in this worker's heap. Returns the bytes received.
/** @param {Cache | null} cache @param {string} url @param {(n: number) => void} count @returns {Promise<number>} */
async function downloadInto(cache, url, count) {
  // the header tells the service worker to let it through (it would wait for this very file otherwise)
  const response = await fetch(url, { cache: "no-cache", headers: { "X-House-Games-Prefetch": "1" } });
  if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
  const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" };
  const [forCache, forCount] = cache ? response.body.tee() : [null, response.body];
  const stored = cache ? cache.put(url, new Response(forCache, { headers })) : Promise.resolve();
  const reader = forCount.getReader();
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    got += value.length;
    count(value.length);
  }
  await stored;
  return got;
}

// The marker the service worker waits on: {at: ms}, renewed until ``stop()``, which removes it.
/** @param {Cache | null} cache @param {string | undefined} url */
function mark(cache, url) {
  if (!cache || !url) return { ready: Promise.resolve(), stop: async () => {} };
  /** @type {Promise<void> | null} */
  let last = null; // the latest write: awaited before the removal, so that no renewal lands after it
  const put = () => {
    last = cache.put(url, new Response(JSON.stringify({ at: Date.now() }), { headers: { "Content-Type": "application/json" } }))
      .catch(() => {});
    return last;
  };
  const ready = put();
  const timer = setInterval(put, MARKER_RENEW_MS);
  return { ready, stop: async () => { clearInterval(timer); await last; await cache.delete(url).catch(() => false); } };
}

self.onmessage = async ({ data }) => {
  /** @type {{cacheName: string, files: RuntimeFile[]}} */
  const { cacheName, files } = data;
  let marker = null;
  let loaded = 0;
  let total = 0;
  let last = 0;
  const ways = { decoded: 0, plain: 0 };
  /** @param {boolean} [force] */
  const report = (force) => {
    const now = Date.now();
    if (force || now - last >= 100) {
      last = now;
      postMessage({ type: "progress", loaded, total, decoded: ways.decoded });
    }
  };
  const count = (/** @type {number} */ n) => { loaded += n; report(); };
  try {
    let cache = null;
    if (cacheName && "caches" in self) cache = await caches.open(cacheName).catch(() => /** @type {Cache | null} */ (null)); // storage off: the HTTP cache still helps
    const cached = await Promise.all(files.map(async (file) => !!(cache && await cache.match(file.url))));
    // decoded bytes need a place under the plain URL: without Cache Storage only the plain files can serve
    const zstd = cache && files.some((file, i) => file.zst && !cached[i]) ? loadDecoder(data.decoder) : null;
    const plan = files.map((file, i) => ({ ...file, cached: cached[i], packed: !!(zstd && file.zst && !cached[i]) }));
    // the bytes each file costs on the wire: a file cached from its zstd copy counts as that (the same total as
    // the first visit's)
    const wire = (/** @type {PlannedFile} */ file) => (file.zst && (file.packed || file.cached) ? file.zstBytes : file.bytes);
    total = plan.reduce((sum, file) => sum + wire(file), 0);
    report(true);
    marker = mark(plan.some((file) => !file.cached) ? cache : null, data.marker);
    await marker.ready;
    postMessage({ type: "marked" });
    const fetchOne = async (/** @type {PlannedFile} */ file) => {
      await fetchFile(file);
      postMessage({ type: "stored", url: file.url });
    };
    const fetchFile = async (/** @type {PlannedFile} */ file) => {
      if (file.cached) { count(wire(file)); return; }
      if (file.packed) {
        let got = 0;
        try {
          await decodeInto(zstd, cache, file, (n) => { got += n; count(n); });
          ways.decoded += 1;
          return;
        } catch (error) {
          console.warn(`${new URL(file.zst).pathname} could not be decoded (${(error && error.message) || error}); downloading the plain file`);
          loaded += file.zstBytes - got; // that download is over, the plain file's bytes come on top
          total += file.bytes;
          report(true);
        }
      }
      const got = await downloadInto(cache, file.url, count);
      loaded += file.bytes - got; // a compressed or differently sized transfer still ends at 100 %
      ways.plain += 1;
      report();
    };
    const running = [];
    for (const file of plan) {
      const task = fetchOne(file);
      running.push(task);
      task.catch(() => {}); // its error is thrown below, by Promise.all
      if (!file.cached && wire(file) >= SMALL_FILE) await task.catch(() => {});
    }
    await Promise.all(running);
    report(true);
    await marker.stop();
    postMessage({ type: "done", ...ways });
  } catch (error) {
    if (marker) await marker.stop().catch(() => {});
    postMessage({ type: "error", message: String((error && error.message) || error), name: String((error && error.name) || "Error") });
  }
};
