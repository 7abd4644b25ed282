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
import os
import sys
import traceback
from typing import Any, Callable

import js
import pyodide
from polyscript import xworker
from pyodide.code import run_js
from pyodide.ffi import create_once_callable, create_proxy, to_js

from . import dom


class WorkerHost:
    """:class:`game.ui.remote.Host` over the worker's globals."""

    def __init__(self) -> None:
        self._canvas: Any = None  #: the worker's own canvas every frame is painted on (then taken off as a bitmap)
        self._archives: dict[str, asyncio.Future[None]] = {}  #: archive name → its fetch and unpacking (done or under way)
        self._soon: dict[int, Callable[[], Any]] = {}  #: the tasks set for "at once" and not yet run (see set_timeout)
        self._soon_count = 0
        self._soon_port: Any = None

    def load_modules(self, archive: str, done: Callable[[], Any], failed: Callable[[str], Any]) -> None:
        """Unpack the modules the build ships in ``archive`` beside our package (once), then call ``done()``; or
        ``failed(reason)``. The archive's file is named in the build's ``version.json`` (``"archives"``); the service
        worker keeps it once fetched, so it loads offline afterwards. A failed fetch is tried again next time."""
        task = self._archives.get(archive)
        if task is not None and task.done() and task.exception() is None:
            done()  # already here: at once, as with a module of the wheel
            return
        if task is None or task.done():
            task = self._archives[archive] = asyncio.ensure_future(_unpack_archive(archive))

        def finished(result: asyncio.Future[None]) -> None:
            error = result.exception()
            if error is None:
                done()
            else:
                failed(str(error) or type(error).__name__)

        task.add_done_callback(finished)

    def post(self, text: str) -> None:
        xworker.postMessage(text)

    def post_bitmaps(self, text: str, bitmaps: list[Any]) -> None:
        message = to_js({"kind": "ops", "text": text, "bitmaps": bitmaps}, dict_converter=js.Object.fromEntries)
        xworker.postMessage(message, to_js(bitmaps))  # transferred: no copy of the pixels

    def set_timeout(self, ms: float, fn: Callable[[], Any]) -> int:
        if ms > 0:
            return int(js.setTimeout(create_once_callable(fn), ms))
        # At once, as a message to ourselves: a setTimeout(0) made in a timer's task waits 4 ms from the fifth in a
        # row (HTML's nesting clamp), which a computer's search, handing the worker back every few ms, would pay
        # each time. Negative numbers, so they never meet a setTimeout's.
        if self._soon_port is None:
            channel = js.MessageChannel.new()
            channel.port1.onmessage = create_proxy(self._run_soon)
            self._soon_port = channel.port2
        self._soon_count += 1
        self._soon[-self._soon_count] = fn
        self._soon_port.postMessage(-self._soon_count)
        return -self._soon_count

    def _run_soon(self, event: Any) -> None:
        fn = self._soon.pop(int(event.data), None)
        if fn is not None:  # (not cleared)
            fn()

    def clear_timeout(self, timer: int) -> None:
        if timer < 0:
            self._soon.pop(timer, None)
        else:
            js.clearTimeout(timer)

    def now(self) -> float:
        return float(js.performance.now())

    def paint(self, width: int, height: int, scale: float, frame: str) -> Any:
        canvas = self._canvas
        if canvas is None:
            canvas = self._canvas = js.OffscreenCanvas.new(width, height)
        if canvas.width != width:
            canvas.width = width
        if canvas.height != height:
            canvas.height = height
        js.houseGamesDraw(canvas, frame, scale)  # every frame starts with "clear": nothing of the last one shows
        return canvas.transferToImageBitmap()


async def _load_renderer(page: Any, url: str) -> None:
    """Load ``site/render.js`` into the worker, then paint every frame here (on an ``OffscreenCanvas``) and send it
    as a bitmap with its turn's operations, so drawing never holds up the page's thread and the page shows a turn's
    frame and its buttons together. Where the worker cannot draw (no ``OffscreenCanvas``, or the file cannot be
    read) or the page cannot show bitmaps, the page draws the frames, as before."""
    if not url or not hasattr(js, "OffscreenCanvas") or not page.shows_bitmaps:
        return
    try:
        response = await js.fetch(url)
        if not response.ok:
            return
        run_js(await response.text())
    except Exception:  # the page draws instead
        return
    if hasattr(js, "houseGamesDraw"):
        page.run(page.start_painting)


async def _fetch_bytes(url: str) -> bytes:
    response = await js.fetch(url)
    if not response.ok:
        raise OSError(f"{url.rsplit('/', 1)[-1]}: HTTP {response.status}")
    return (await response.arrayBuffer()).to_bytes()


async def _unpack_archive(archive: str) -> None:
    """Fetch the file ``version.json`` names for ``archive`` and unpack its modules beside our package (in the
    directory holding ``game/``), where the import system finds them from now on."""
    import importlib.machinery
    import io
    import zipfile
    from urllib.parse import urljoin

    import game

    base = dom.page.href or str(js.location.href)
    version = json.loads((await _fetch_bytes(urljoin(base, "version.json"))).decode("utf-8"))
    name = (version.get("archives") or {}).get(archive)
    if not isinstance(name, str):
        raise LookupError(f"version.json names no archive {archive!r}")
    data = await _fetch_bytes(urljoin(base, name))
    root = os.path.dirname(os.path.dirname(os.path.abspath(game.__file__)))
    with zipfile.ZipFile(io.BytesIO(data)) as unpacked:
        for entry in unpacked.namelist():
            if not entry.startswith("game/") or ".." in entry.split("/"):
                raise ValueError(f"{name}: unexpected entry {entry!r}")
        unpacked.extractall(root)
    # the directories' listings the import system keeps are now out of date (importlib.invalidate_caches() would do
    # it too, but imports importlib.metadata, which the trimmed stdlib leaves out)
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()


#: Seconds after the request to compile before the work begins: the first moments after a start belong to the player
PRECOMPILE_DELAY_S = 2.0
#: The compiling goes on only once the page has been quiet this long (no message from the player, nothing changed by
#: Python): on a slow phone a first visit's first table and first taps come before it, not between its modules
QUIET_MS = 1500.0
#: ... but it never waits more than this at a time for such a moment (a game of computers may never pause)
QUIET_WAIT_LIMIT_S = 20.0


async def _until_quiet(page: Any) -> None:
    """Until the page has been quiet for :data:`QUIET_MS` (or :data:`QUIET_WAIT_LIMIT_S` have passed)."""
    waited = 0.0
    while page.now() - page.last_active_ms < QUIET_MS and waited < QUIET_WAIT_LIMIT_S:
        await asyncio.sleep(0.25)
        waited += 0.25


def _run_time_prefixes() -> dict[str, str]:
    """Where each archive's names live at run time: the stdlib zip on ``sys.path``, our wheel in site-packages."""
    import game

    prefixes = {"wheel": os.path.dirname(os.path.dirname(os.path.abspath(game.__file__))) + "/"}
    zips = [entry for entry in sys.path if entry.endswith(".zip")]
    if zips:
        prefixes["stdlib"] = zips[0] + "/"
    return prefixes


async def _precompile(page: Any, data: dict[str, Any]) -> None:
    """Compile the stdlib zip and our wheel (see :mod:`game.ui.precompile`) and put them in the build's cache in
    place of their sources, which go to the ``|source`` cache. Only when the page's build runs on this very
    Pyodide (a newer build waiting to install may not), and never after ``site/loader.js`` found that compiled
    files broke a start (it then leaves the mark ``data["off"]`` in the ``|source`` cache). A compiled archive
    carries the response header ``data["header"]`` (the loader's name for it), valued with the Pyodide version.
    Reports to the page's ``houseGames.precompiled`` how many archives it compiled, or why none."""
    from . import precompile  # only now: nothing of it on the way to the first start

    def report(outcome: str) -> None:
        page.run(lambda: page.op(["host", "precompiled", [outcome]]))

    try:
        name = str(data.get("cache") or "")
        files = data.get("files") or {}
        header = str(data.get("header") or "")
        if not name or not header or not hasattr(js, "caches"):
            return report("no-cache")
        if data.get("pyodide") != pyodide.__version__:
            return report("other-runtime")
        cache = await js.caches.open(name)
        sources = await js.caches.open(name + "|source")
        if data.get("off") and await sources.match(str(data["off"])):
            return report("off")
        await asyncio.sleep(PRECOMPILE_DELAY_S)
        await _until_quiet(page)
        prefixes = _run_time_prefixes()
        done = 0
        for kind, url in sorted(files.items()):
            if kind not in prefixes:
                continue
            response = await cache.match(url)
            if response is None or response.headers.get(header):
                continue
            original = response.clone()
            archive = (await response.arrayBuffer()).to_bytes()
            compiled = b""
            for step in precompile.compile_steps(archive, prefixes[kind]):
                if step is None:
                    await asyncio.sleep(0)  # one module at a time: the player's taps go in between
                    if page.now() - page.last_active_ms < QUIET_MS:
                        await _until_quiet(page)  # and while the player plays, the compiling waits
                else:
                    compiled = step
            headers = js.Headers.new()
            headers.set("Content-Type", response.headers.get("Content-Type") or "application/octet-stream")
            headers.set(header, pyodide.__version__)
            await sources.put(url, original)
            await cache.put(url, js.Response.new(to_js(compiled), to_js({"headers": headers}, dict_converter=js.Object.fromEntries)))
            done += 1
        report(f"compiled:{done}")
    except Exception as exc:  # the next start simply compiles from sources again
        report(f"failed:{type(exc).__name__}: {exc}")


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
        page.set_media(data.get("media"))
        page.frame_probe = bool(data.get("frames"))
        page.shows_bitmaps = bool(data.get("bitmaps"))
        asyncio.ensure_future(_load_renderer(page, str(data.get("renderer") or "")))
        global inspected
        try:
            inspected = start(data)
        except Exception:
            page.op(["host", "fail", ["start", traceback.format_exc()]])

    page.on_message["boot"] = boot
    page.on_message["precompile"] = lambda data: asyncio.ensure_future(_precompile(page, data))

    def receive(event: Any) -> None:
        data = event.data
        if isinstance(data, str):
            page.receive(data)

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
