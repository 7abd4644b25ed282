"""The zstd-compressed runtime (build.py writes ``<file>.zst`` beside the big files; site/prefetch.js decodes them
into the cache under the plain files' URLs): a first visit downloads the compressed copies and not the plain
files, and plays; an offline restart plays from what was decoded; and where the decoder throws, the plain files
are downloaded instead and the game plays all the same (offline starts from the plain files are what
test_offline_games and test_platform test). No page error in any of them (conftest's check)."""

from __future__ import annotations

import hashlib
import json
import time
from pathlib import Path

import pytest

from .conftest import wait_ready
from .barrio_steps import start as start_barrio
from .recording_server import RecordingServer

#: what a first visit downloads and decodes (see conftest.make_context)
pytestmark = pytest.mark.first_visit

#: a decoder that loads but throws on the first bytes it is given (as a broken or unsupported decoder would)
BROKEN_DECODER = """self.fzstd = { Decompress: class {
  push() { throw new Error("zstd decoder broken on purpose by the test"); }
} };"""

#: sha-256 (hex), size and type of a cached file as the prefetch stored it: in the build's cache, or in its "|source"
#: cache once the worker has compiled it (game/ui/precompile.py keeps the sources there)
CACHED_DIGEST = """async (url) => {
  const names = await caches.keys();
  const name = names.find((n) => n.startsWith("house-games|") && !n.endsWith("|source"));
  const sources = names.includes(name + "|source") ? await caches.open(name + "|source") : null;
  const response = (sources && await sources.match(url)) || await (await caches.open(name)).match(url);
  if (!response) return null;
  const bytes = await response.arrayBuffer();
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return [Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join(""), bytes.byteLength,
          response.headers.get("Content-Type")];
}"""


@pytest.fixture
def recorded(dist):
    server = RecordingServer(dist)
    yield server
    server.stop()


def compressed_files(dist: Path) -> list[dict]:
    """version.json's runtime files that have a .zst copy."""
    return [f for f in json.loads((dist / "version.json").read_text())["runtime"] if "zst" in f]


def wire_bytes(dist: Path) -> int:
    """What the runtime download costs when every zstd copy decodes: the copies, and the other files as they are."""
    return sum(f.get("zst_bytes", f["bytes"]) for f in json.loads((dist / "version.json").read_text())["runtime"])


def progress(page) -> list[int]:
    """The start screen's download bar: [value, max] in bytes."""
    return page.evaluate("(() => { const bar = document.getElementById('load-progress'); return [bar.value, bar.max]; })()")


def opened(url: str):
    """``open_app`` for the Barrio helper, against ``url``."""
    def open_(page, query: str = "") -> None:
        page.goto(url + query)
        wait_ready(page)
    return open_


def plays(page, url: str) -> None:
    """Barrio opens from the start screen and its table takes a tap."""
    start_barrio(page, opened(url), players=1, seed=5)
    target = page.locator("#barrio-board button.target:not([disabled])").first
    target.wait_for()
    target.tap()


def test_first_visit_decodes_the_compressed_runtime_and_an_offline_restart_plays(make_context, recorded, dist):
    packed = compressed_files(dist)
    assert {f["path"] for f in packed} >= {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                                          "vendor/pyodide/python_stdlib.zip"} and any(f["path"].endswith(".whl") for f in packed)
    context = make_context()
    page = context.new_page()
    page.goto(recorded.url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert page.evaluate("document.documentElement.dataset.runtimeFiles") == f"decoded:{len(packed)} plain:2"
    # the progress bar counted the bytes that travelled: the compressed copies, and the others as they are
    assert progress(page) == [wire_bytes(dist)] * 2
    seen = set(recorded.paths)
    for f in packed:  # each big file travelled once, compressed; neither the page nor the service worker took the plain one
        assert "/" + f["zst"] in seen, f["zst"]
        assert "/" + f["path"] not in seen, f"{f['path']} was downloaded although its .zst was decoded"
        assert recorded.paths.count("/" + f["zst"]) == 1, f["zst"]
    # the runtime itself decoded to exactly the shipped bytes, cached with the type streaming compilation needs
    wasm = "vendor/pyodide/pyodide.asm.wasm"
    digest, size, kind = page.evaluate(CACHED_DIGEST, recorded.url + wasm)
    assert (digest, size, kind) == (hashlib.sha256((dist / wasm).read_bytes()).hexdigest(), (dist / wasm).stat().st_size,
                                    "application/wasm")
    stdlib = next(f for f in packed if f["path"].endswith("python_stdlib.zip"))
    assert page.evaluate(CACHED_DIGEST, recorded.url + stdlib["path"])[1] == stdlib["decoded_bytes"]  # the stored zip
    page.close()

    context.set_offline(True)
    before = len(recorded.paths)
    page = context.new_page()
    plays(page, recorded.url)
    # offline: nothing reached the server but the browser's own update check of the service worker (which
    # Chromium makes past Playwright's offline switch): the worker's script and the script it imports (keys.js)
    assert [path for path in recorded.paths[before:] if path not in ("/sw.js", "/keys.js")] == []


def test_a_decoder_that_throws_falls_back_to_the_plain_files(make_context, recorded, dist):
    packed = compressed_files(dist)
    context = make_context()
    context.route("**/vendor/fzstd/*.js", lambda route: route.fulfill(
        status=200, body=BROKEN_DECODER, headers={"Content-Type": "text/javascript"}))
    warnings: list[str] = []
    context.on("console", lambda message: warnings.append(message.text))
    page = context.new_page()
    plays(page, recorded.url)
    assert page.evaluate("document.documentElement.dataset.runtimeFiles") == f"decoded:0 plain:{len(packed) + 2}"
    # the bar grew by each plain file when its copy failed, and ended full
    assert progress(page) == [wire_bytes(dist) + sum(f["bytes"] for f in packed)] * 2
    # it was the decoder throwing (not a decoder that failed to load) that sent each file the plain way
    assert sum("broken on purpose" in text for text in warnings) == len(packed), warnings
    for f in packed:  # each plain file was downloaded once, in place of its .zst
        assert recorded.paths.count("/" + f["path"]) == 1, f["path"]


def test_python_starts_while_the_runtime_still_downloads_and_the_bar_tells_the_time_left(make_context, recorded, dist):
    """A first visit starts Python once the service worker controls the page and the prefetch has stored the wasm:
    the service worker answers each of the runtime's requests once the prefetch has stored that file and holds the
    others back until then. Here the server holds back the wasm for a while, then the last file (our wheel): Python
    does not start while the wasm is on its way (PyScript's start would only wait for it, competing with the
    download), starts before the download ends, the bar tells the bytes and the seconds left meanwhile, and the game
    plays, each file downloaded once."""
    compressed = compressed_files(dist)
    wheel = next(f for f in compressed if f["path"].endswith(".whl") and "micropip" not in f["path"])
    wasm = next(f for f in compressed if f["path"].endswith(".wasm"))
    recorded.delays["/" + wasm["zst"]] = 3.0
    recorded.delays["/" + wheel["zst"]] = 6.0
    context = make_context()
    page = context.new_page()
    page.goto(recorded.url)
    deadline = time.monotonic() + 60
    while "/" + wasm["zst"] not in recorded.paths and time.monotonic() < deadline:
        page.wait_for_timeout(50)  # not time.sleep: Playwright's routes (the off-localhost guard) answer meanwhile
    assert "/" + wasm["zst"] in recorded.paths, "the prefetch asks for the wasm"
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=10_000)
    page.wait_for_timeout(1000)  # the wasm is still held back by the server
    assert page.evaluate("performance.getEntriesByName('house-games:pyscript').length") == 0
    assert page.evaluate("document.querySelectorAll('link[rel=modulepreload]').length") == 0  # not even preloaded
    page.wait_for_function("performance.getEntriesByName('house-games:pyscript').length > 0", timeout=60_000)
    assert page.evaluate("performance.getEntriesByName('house-games:runtime-fetched').length") == 0  # still downloading
    label = page.locator("#load-bytes")
    page.wait_for_function("/ · about [0-9]+ s left$/.test(document.getElementById('load-bytes').textContent)",
                           timeout=30_000)
    loaded, total = progress(page)
    assert 0 < loaded < total and label.inner_text().startswith(f"of {total / 1e6:.1f} MB", label.inner_text().index("of "))
    wait_ready(page)
    assert page.evaluate("""performance.getEntriesByName('house-games:pyscript')[0].startTime
                            < performance.getEntriesByName('house-games:runtime-fetched')[0].startTime""")
    assert label.text_content() == f"{wire_bytes(dist) / 1e6:.1f} MB ready"  # hidden once ready
    assert page.evaluate("document.documentElement.dataset.runtimeFiles") == f"decoded:{len(compressed_files(dist))} plain:2"
    for f in json.loads((dist / "version.json").read_text())["runtime"]:  # nothing fetched twice, no plain copy
        assert recorded.paths.count("/" + f.get("zst", f["path"])) == 1, f
        assert "zst" not in f or "/" + f["path"] not in recorded.paths, f["path"]
    assert not page.evaluate("caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n).then((c) => c.match('./.prefetching'))))).then((hits) => hits.some(Boolean))")
    plays(page, recorded.url)
