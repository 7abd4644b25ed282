"""The worker's end of the page bridge: the only module that imports ``js``, ``pyodide`` and ``polyscript``.

``site/main.py`` (the Python file PyScript's ``PyWorker`` runs) calls
:func:`serve`. From then on every message from the page
(``site/bridge.js``) is handed to :meth:`game.ui.remote.Page.receive`, and
every Python turn ends with one message of operations back. Plain message
passing: no ``SharedArrayBuffer``, so no cross-origin isolation is needed
(GitHub Pages cannot send the headers it would take).
"""

from __future__ import annotations

import asyncio
import json
import traceback
from typing import Any, Callable

import js
from polyscript import xworker
from pyodide.code import run_js
from pyodide.ffi import create_once_callable, create_proxy

from . import dom


class WorkerHost:
    """:class:`game.ui.remote.Host` over the worker's globals."""

    def post(self, text: str) -> None:
        xworker.postMessage(text)

    def set_timeout(self, ms: float, fn: Callable[[], Any]) -> int:
        return int(js.setTimeout(create_once_callable(fn), ms))

    def clear_timeout(self, timer: int) -> None:
        js.clearTimeout(timer)

    def now(self) -> float:
        return float(js.performance.now())

    def draw(self, canvas: Any, width: int, height: int, scale: float, frame: str) -> None:
        if canvas.width != width:  # resizing clears the canvas: only when the size changed
            canvas.width = width
        if canvas.height != height:
            canvas.height = height
        js.houseGamesDraw(canvas, frame, scale)


async def _load_renderer(page: Any, url: str) -> None:
    """Load ``site/render.js`` into the worker, then have the page hand its canvases over, so frames are drawn
    here and never hold up the page's thread. Where the worker cannot draw (no ``OffscreenCanvas``, or the file
    cannot be read), the page keeps drawing them, as before."""
    if not url or not hasattr(js, "OffscreenCanvas"):
        return
    try:
        response = await js.fetch(url)
        if not response.ok:
            return
        run_js(await response.text())
    except Exception:  # the page draws instead
        return
    if hasattr(js, "houseGamesDraw"):
        page.run(page.offer_canvases)


def serve(start: Callable[[dict[str, Any]], Any]) -> None:
    """Listen to the page; on its ``boot`` message (page facts and stored data) call ``start(boot)`` (it returns the app)."""
    page = dom.page
    page.host = WorkerHost()

    def boot(data: dict[str, Any]) -> None:
        page.search = str(data.get("search") or "")
        page.href = str(data.get("href") or "")
        page.build = data.get("build") if isinstance(data.get("build"), str) else None
        page.dpr = float(data.get("dpr") or 1)
        if data.get("viewport"):
            width, height, coarse = data["viewport"]
            page.viewport = (float(width), float(height), bool(coarse))
        page.frame_probe = bool(data.get("frames"))
        asyncio.ensure_future(_load_renderer(page, str(data.get("renderer") or "")))
        global inspected
        try:
            inspected = start(data)
        except Exception:
            page.op(["host", "fail", ["start", traceback.format_exc()]])

    page.on_message["boot"] = boot

    def receive(event: Any) -> None:
        data = event.data
        if isinstance(data, str):
            page.receive(data)
        elif getattr(data, "kind", None) == "canvas":  # a canvas handed over (an object, not JSON text)
            page.run(page.take_canvas, int(data.id), data.canvas)

    xworker.onmessage = create_proxy(receive)
    xworker.sync.inspect = inspect


#: the app :func:`start` returned: where :func:`inspect` starts from
inspected: Any = None


def inspect(path: str) -> str:
    """Debugging and test hook (``await houseGames.inspect("screen.flash.text")`` on the page): a dotted attribute path
    from the app, as JSON (``null`` when a step is missing). Attribute names only: nothing is evaluated."""
    value = inspected
    for name in str(path).split("."):
        if not name.isidentifier() or name.startswith("_") or value is None:
            return "null"
        value = getattr(value, name, None)
    try:
        return json.dumps(value)
    except TypeError:
        return json.dumps(str(value))
