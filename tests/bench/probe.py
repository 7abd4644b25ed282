"""A copy of the built site whose Python worker also runs code sent by the bench (``instrumented_copy``).

The app itself has no way to evaluate code: its only debugging hook,
``houseGames.inspect``, reads attribute paths. The bench and the stdlib
import survey need to run Python *in the app's own worker*, so they serve a
copy of ``dist/`` in which ``main.py`` also registers ``xworker.sync.bench_exec``
and the loader keeps the started worker in ``window.__benchWorker``. Nothing
else differs (the service worker is regenerated for the copy's files).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (build.py at the repository root)

#: Appended to the worker's main.py: ``bench_exec(code)`` runs ``code`` in one namespace holding the app
#: (``app``) and returns its ``result`` (a JSON-able value) as a string of JSON.
MAIN_HOOK = '''

def _bench_exec(code):
    import json
    from game.ui import bridge as _bridge
    ns = globals().setdefault("_bench_ns", {"__name__": "bench_workload"})
    ns["app"] = _bridge.inspected
    ns["result"] = None
    try:
        exec(str(code), ns)
    finally:
        from game.ui import dom as _dom
        _dom.page.flush()  # what the code changed on the page goes out now, as at the end of any Python turn
    return json.dumps(ns.get("result"))


xworker.sync.bench_exec = _bench_exec
'''

#: Runs Python in the app's worker and resolves to the value it left in ``result``.
PY_EXEC = "async (code) => JSON.parse(await window.__benchWorker.sync.bench_exec(code))"


def instrumented_copy(dist: Path, out: Path) -> Path:
    """Copy ``dist`` to ``out`` (emptied first) with the bench's exec hook; return ``out``."""
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(dist, out)
    main = out / "main.py"
    main.write_text(main.read_text() + MAIN_HOOK)
    loader = out / "loader.js"
    text = loader.read_text()
    anchor = "connect(worker, window.houseGames);"
    if text.count(anchor) != 1:
        raise RuntimeError(f"probe: loader.js no longer holds {anchor!r} once")
    loader.write_text(text.replace(anchor, anchor + " window.__benchWorker = worker;"))
    build.finalize(out)
    return out


def py(page: Any, code: str) -> Any:
    """Run ``code`` in the app's worker (an instrumented copy's page); return the value it left in ``result``."""
    return page.evaluate(PY_EXEC, code)
