// Downloads the runtime's big files off the main thread (a plain Web Worker
// started by loader.js) into the cache the service worker serves from, and
// reports progress at most ten times a second. Reading and storing ~12 MB on
// the page's thread would block taps for hundreds of milliseconds on a phone.
//
// Message in:  {cacheName, files: [[absolute url, bytes], ...]}
// Messages out: {type: "progress", loaded, total} · {type: "done"} · {type: "error", message}

self.onmessage = async ({ data }) => {
  const { cacheName, files } = data;
  const total = files.reduce((sum, [, size]) => sum + size, 0);
  let loaded = 0;
  let last = 0;
  const report = (force) => {
    const now = Date.now();
    if (force || now - last >= 100) {
      last = now;
      postMessage({ type: "progress", loaded, total });
    }
  };
  try {
    let cache = null;
    if (cacheName && "caches" in self) cache = await caches.open(cacheName).catch(() => null); // storage off: the HTTP cache still helps
    await Promise.all(files.map(async ([url, size]) => {
      if (cache && await cache.match(url)) { loaded += size; report(); return; }
      const response = await fetch(url, { cache: "no-cache" });
      if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
      // one branch of the body goes straight into the cache, the other only counts bytes: nothing of the
      // 10 MB runtime piles up in this worker's heap
      const headers = { "Content-Type": response.headers.get("Content-Type") || "application/octet-stream" };
      const [forCache, forCount] = cache ? response.body.tee() : [null, response.body];
      const stored = cache ? cache.put(url, new Response(forCache, { headers })) : Promise.resolve();
      const reader = forCount.getReader();
      let got = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        got += value.length;
        loaded += value.length;
        report();
      }
      loaded += size - got; // a compressed or differently sized transfer still ends at 100 %
      await stored;
      report();
    }));
    report(true);
    postMessage({ type: "done" });
  } catch (error) {
    postMessage({ type: "error", message: String((error && error.message) || error) });
  }
};
