"""Storage scenarios several storage tests share: a full quota, saved unfinished games, moves on the table."""

from __future__ import annotations

import json
import time
from pathlib import Path

from game.core import Match, Seat

from .conftest import wait_ready

#: Writes to a database of its own until the browser refuses a write of even 16 bytes (the quota is reached);
#: returns the bytes written and the name of the last refusal.
FILL = """async () => {
  const db = await new Promise((resolve, reject) => {
    const req = indexedDB.open("filler", 1);
    req.onupgradeneeded = () => req.result.createObjectStore("blobs");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  const noise = new Uint8Array(1 << 20); // random bytes: nothing for the browser to compress
  for (let at = 0; at < noise.length; at += 65536) crypto.getRandomValues(noise.subarray(at, at + 65536));
  let size = 1 << 20, written = 0, n = 0, refusal = null;
  while (size >= 16) {
    try {
      await new Promise((resolve, reject) => {
        const tx = db.transaction("blobs", "readwrite");
        tx.objectStore("blobs").put(noise.slice(0, size), n);
        tx.oncomplete = resolve;
        tx.onabort = () => reject(tx.error);
      });
      written += size;
      n += 1;
    } catch (error) {
      refusal = error.name;
      size >>= 1;
    }
  }
  db.close();
  return {written, refusal};
}"""
#: The bytes the origin uses once the start's own writes (caches, the runtime's databases) are over: unchanged
#: for two seconds.
SETTLED_USAGE = """async () => {
  let last = -1, same = 0;
  for (;;) {
    const { usage } = await navigator.storage.estimate();
    same = usage === last ? same + 1 : 0;
    if (same >= 4) return usage;
    last = usage;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}"""
EMPTY = """() => new Promise((resolve, reject) => {
  const req = indexedDB.deleteDatabase("filler");
  req.onsuccess = () => resolve(true);
  req.onerror = () => reject(req.error);
})"""


QUICK = "?pause=0&ui=list"
UNFINISHED = "house-games.game.unfinished"
MOVES = 5


def unfinished() -> Match:
    """A Barrio solo game with five moves made."""
    match = Match.new("barrio", 1, 11, [Seat("human")], level="A")
    for _ in range(MOVES):
        match.apply(match.spec.legal_actions(match.state)[0])
    return match


def open_with_saves(page, site_url, saves: dict[str, Match]) -> None:
    """Open the app with ``saves`` (slot → match, stamped in that order: the last is the newest) in its database
    (written where the versions before kept them: the app moves them in when it starts)."""
    now = int(time.time() * 1000) - 60_000
    texts = {slot: json.dumps({**match.to_json(), "saved_at": now + i}) for i, (slot, match) in enumerate(saves.items())}
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        for (const [key, text] of Object.entries({json.dumps(texts)})) localStorage.setItem(key, text);
    }}""")
    page.goto(site_url + QUICK)
    wait_ready(page)


def saved_slots(page) -> dict[str, dict]:
    """The games saved in the database (slot → save), read from the database itself."""
    kv = page.evaluate("houseGames.dump()")["kv"]
    return {key: json.loads(text) for key, text in kv.items() if key.startswith("house-games.game.")}


def moves_on_table(page) -> int:
    """The moves of the game this tab shows (read from the app in the worker)."""
    return page.evaluate("houseGames.inspect('screen.match.entries')").count("Entry(player=")


STORE_JS = Path(__file__).resolve().parents[2] / "site" / "store.js"
LEGACY_AUTOSAVE = "house-games.autosave"


def newer_store() -> str:
    """site/store.js of a newer version: its database version one higher."""
    source = STORE_JS.read_text()
    assert source.count("const DB_VERSION = 1;") == 1
    return source.replace("const DB_VERSION = 1;", "const DB_VERSION = 2;")


def old_version_tab(context, site_url):
    """A document of the site's origin where nothing of this version runs: the old version's writes come from it
    (a JSON document's browser asks for /favicon.ico, which the site has not: answered empty)."""
    context.route("**/favicon.ico", lambda route: route.fulfill(status=204, body=""))
    old = context.new_page()
    old.goto(site_url + "version.json")
    return old
