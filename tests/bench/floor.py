"""The floor: a bare PyScript page on the same vendored runtime as the site.

It starts the same Pyodide through the same PyScript, with no game package,
no loader and no UI, marks ``data-app-state="ready"`` from Python and then
registers a service worker made from the site's own template (same precache
and cache-first strategy). Its start times are what our site cannot beat.
"""

from __future__ import annotations

import shutil
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
<script type="module" src="./vendor/pyscript/core.js"></script>
</head>
<body>
<main><h1>Floor</h1></main>
<script type="py" config="./pyscript.toml">
from pyscript import document, window
document.documentElement.dataset.appState = "ready"
# after "ready", like the site (which registers while Python starts): the cold start stays bare
if hasattr(window.navigator, "serviceWorker"):
    window.navigator.serviceWorker.register("./sw.js")
</script>
</body>
</html>
"""

FLOOR_CONFIG = 'name = "Floor"\ninterpreter = "./vendor/pyodide/pyodide.mjs"\n'


def build_floor(dist: Path, out: Path) -> Path:
    """Write the floor page into ``out`` (emptied first) from ``dist``'s vendored runtime; return ``out``."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copytree(dist / "vendor", out / "vendor")
    (out / "index.html").write_text(FLOOR_HTML)
    (out / "pyscript.toml").write_text(FLOOR_CONFIG)
    build.finalize(out)  # sw.js (the site's template, precaching every floor file) and version.json
    return out
