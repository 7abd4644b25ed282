"""The floor: a bare PyScript page on the same vendored runtime as the site.

It starts the same Pyodide in a Web Worker through the same PyScript
``PyWorker`` (the site's setup: no plugins on the main thread), with no game
package, no loader and no UI; it marks ``data-app-state="ready"`` when the
worker's Python answers the page's first message (as the site's worker
answers its boot message) and then registers a service worker made from the
site's own template (same precache and cache-first strategy). Its start
times are what our site cannot beat.
"""

from __future__ import annotations

import json
import re
import shutil
import tomllib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (build.py at the repository root)

FLOOR_HTML = """<!doctype html>
<html lang="en" data-app-state="loading">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Floor</title>
<link rel="icon" href="data:,">
</head>
<body>
<main id="start-screen"><h1>Floor</h1><button id="start-game" type="button">Start</button></main>
<script>window.houseGames = {request() {}};</script>
<script type="module">
// As the site's loader does: PyScript's main thread told which plugins not to load (the site's list), then Python
// in a PyWorker
for (const tag of ["py-config", "mpy-config"]) {
  const config = document.createElement(tag);
  config.setAttribute("type", "json");
  config.hidden = true;
  config.textContent = JSON.stringify({ plugins: __PLUGINS__ });
  document.head.append(config);
}
const { PyWorker } = await import("./vendor/pyscript/core.js");
const absolute = (path) => new URL(path, location.href).href;
const worker = await PyWorker(absolute("./floor.py"), { type: "pyodide", version: absolute("./vendor/pyodide/pyodide.mjs"), config: {} });
worker.addEventListener("message", (event) => {
  if (typeof event.data !== "string" || !event.data.startsWith("pong")) return;
  window.floorModules = event.data.split(" ").slice(1);  // what the bare worker's Python has imported
  document.documentElement.dataset.appState = "ready";
  // after "ready", like the site's first visit registers it before Python starts: the cold start stays bare
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("./sw.js");
});
worker.postMessage("ping");
</script>
</body>
</html>
"""

#: The floor's worker: answers the page's first message, as the site's worker answers its boot message, with
#: the names of the modules its Python has imported by then (what the runtime itself needs of the stdlib).
FLOOR_PY = """import sys

from polyscript import xworker


def answer(event):
    xworker.postMessage(" ".join(["pong", *sorted(sys.modules)]))


xworker.onmessage = answer
"""


def build_floor(dist: Path, out: Path) -> Path:
    """Write the floor page into ``out`` (emptied first) from ``dist``'s vendored runtime; return ``out``."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    # the runtime as a bare page ships it: the site's zstd copies and their decoder are ours, not the floor's
    shutil.copytree(dist / "vendor", out / "vendor", ignore=shutil.ignore_patterns("*.zst", "fzstd"))
    # the site's plugin list (pyscript.toml): an empty one would make PyScript fetch every plugin, which the site
    # does not ship (each a 404)
    plugins = tomllib.loads((dist / "pyscript.toml").read_text()).get("plugins", [])
    (out / "index.html").write_text(FLOOR_HTML.replace("__PLUGINS__", json.dumps(plugins)))
    (out / "floor.py").write_text(FLOOR_PY)
    # the service worker's template imports the path-scoped names (keys.js): without it the floor's worker never
    # installs and its start waits for a controller that never comes (the bench hung there)
    shutil.copy2(dist / "keys.js", out / "keys.js")
    build.finalize(out)  # sw.js (the site's template, precaching every floor file) and version.json
    # the template's first install leaves the runtime's files to the site's prefetch worker, which the floor has not:
    # its service worker precaches them itself (else the floor's offline start waits for files no one brings)
    sw = out / "sw.js"
    text, found = re.subn(r"const RUNTIME = new Set\(\[[^\]]*\]", "const RUNTIME = new Set([]", sw.read_text())
    if found != 1:
        raise SystemExit("tests/bench/floor.py: sw.js has no RUNTIME list to empty")
    sw.write_text(text)
    return out
