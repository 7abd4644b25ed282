"""Browser figures in headless Debian Chromium at 390×844: start times, first-visit bytes,
and Python work inside the running app (playouts, decisions, redraws, memory).

Reuses the browser tests' settings (``tests/browser/conftest.py``: Chromium
path and flags, the phone context, ``wait_ready``). Requests are only
*watched* here, not routed: Playwright routing disables the HTTP cache and
adds a round trip per request, which would distort the timings. Any request
leaving 127.0.0.1 is listed in the report instead.
"""

from __future__ import annotations

import functools
import http.server
import json
import statistics
import threading
import time
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlparse

from tests.bench.probe import py
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, GUIDED_BEFORE, LOCAL_HOSTS, PHONE, READY_TIMEOUT_MS, build, wait_ready

#: A 1920×1080 desktop with a mouse, for ``frame_ms_large`` (the table drawn at its largest)
DESKTOP = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}

#: In the page's own clock (ms since navigation start): when ``data-app-state`` leaves "loading"
#: (``__benchReadyMs``); when the start screen is first visible, painted, its Start button enabled and
#: start.js's handlers attached (``__benchShellMs``); every main-thread long task (``__benchLongTasks``).
READY_PROBE = """
window.__benchLongTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchLongTasks.push([e.startTime, e.duration]);
  }).observe({type: "longtask", buffered: true});
} catch (e) { window.__benchLongTasks = null; }
new MutationObserver(() => {
  const state = document.documentElement && document.documentElement.dataset.appState;
  if (state && state !== "loading" && window.__benchReadyMs === undefined) window.__benchReadyMs = performance.now();
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-app-state"]});
(function shell() {
  const screen = document.getElementById("start-screen");
  const start = document.getElementById("start-game");
  const usable = screen && start && !start.disabled && screen.checkVisibility && screen.checkVisibility()
    && window.houseGames && typeof window.houseGames.request === "function";
  const painted = performance.getEntriesByName("first-contentful-paint").length > 0;
  if (usable && window.__benchShellParsedMs === undefined) window.__benchShellParsedMs = performance.now();
  if (usable && painted) {  // usable since __benchShellParsedMs, on screen since the first contentful paint
    window.__benchShellMs = Math.max(window.__benchShellParsedMs, performance.getEntriesByName("first-contentful-paint")[0].startTime);
    return;
  }
  requestAnimationFrame(shell);
})();
"""

WORKLOAD = Path(__file__).with_name("workload.py")

#: Lighthouse's mobile throttling (its "slow 4G" phone), applied through the DevTools protocol to the measured page:
#: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (bytes per second here), and a CPU four times slower
SLOW_4G = {"offline": False, "latency": 150, "downloadThroughput": 1_638_400 / 8, "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4

#: The first of Barrio's table targets a player can tap (the start screen's default is Barrio, solo, player first)
FIRST_TARGET = "#barrio-board button.target:not([disabled])"


class CountingHandler(build.SiteHandler):
    """The site's handler, adding every response body byte to the server's counter."""

    def copyfile(self, source: Any, outputfile: Any) -> None:
        path = self.path.split("?", 1)[0]
        file = Path(self.translate_path(path))
        if file.is_dir():
            file = file / "index.html"
        self.server.count(0, path, new=True, raw=file.stat().st_size if file.is_file() else 0)
        while chunk := source.read(256 * 1024):
            outputfile.write(chunk)
            self.server.count(len(chunk), path)


class CountingServer(http.server.ThreadingHTTPServer):
    """A served directory on 127.0.0.1 (gzip as GitHub Pages sends it) that counts the bytes it sends on the
    wire and the raw size of the files those bytes carry."""

    daemon_threads = True

    def __init__(self, directory: Path) -> None:
        super().__init__(("127.0.0.1", 0), functools.partial(CountingHandler, directory=str(directory)))
        self.url = f"http://127.0.0.1:{self.server_address[1]}/"
        self.bytes_sent = 0  #: response body bytes on the wire since ``reset`` (gzip where the server compresses)
        self.raw_sent = 0  #: the uncompressed size of the files those responses carried
        self.by_path: dict[str, list[int]] = {}  #: path → body bytes of each response since ``reset``
        self.last_sent = time.monotonic()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()

    def count(self, n: int, path: str, new: bool = False, raw: int = 0) -> None:
        with self._lock:
            self.bytes_sent += n
            self.raw_sent += raw
            sizes = self.by_path.setdefault(path, [])
            if new or not sizes:
                sizes.append(0)
            sizes[-1] += n
            self.last_sent = time.monotonic()

    def reset(self) -> None:
        with self._lock:
            self.bytes_sent = 0
            self.raw_sent = 0
            self.by_path = {}

    def repeated(self) -> dict[str, int]:
        """Bytes of each path sent more than once since ``reset`` (all its transfers but the first)."""
        return {p: sum(n[1:]) for p, n in sorted(self.by_path.items()) if len(n) > 1 and sum(n[1:])}

    def settle(self, quiet_s: float = 2.0, limit_s: float = 60.0) -> int:
        """Wait until nothing was sent for ``quiet_s`` seconds; return the bytes sent since ``reset``."""
        t0 = time.monotonic()
        while time.monotonic() - self.last_sent < quiet_s and time.monotonic() - t0 < limit_s:
            time.sleep(0.2)
        return self.bytes_sent

    def stop(self) -> None:
        self.shutdown()
        self.server_close()


#: The parts of a first visit, by path: the first matching prefix names the part
WIRE_PARTS = (("/vendor/pyodide/python_stdlib", "stdlib"), ("/vendor/pyodide/micropip", "micropip"),
              ("/vendor/pyodide/", "runtime"), ("/vendor/pyscript/", "pyscript"))


def wire_parts(wire_by_path: dict[str, int]) -> dict[str, int]:
    """A first visit's wire bytes by part: the runtime (Pyodide's files), its stdlib zip, micropip, PyScript, our
    package (the wheel) and the page's own files; each file's zstd copy counts with it."""
    parts = dict.fromkeys(["runtime", "stdlib", "micropip", "pyscript", "package", "page"], 0)
    for path, n in wire_by_path.items():
        part = next((name for prefix, name in WIRE_PARTS if path.startswith(prefix)), None)
        parts[part or ("package" if path.endswith((".whl", ".whl.zst")) else "page")] += n
    return parts


class Bench:
    """One Chromium for the whole benchmark; contexts are made per measurement."""

    def __init__(self, playwright: Any) -> None:
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        self.outside: list[str] = []
        self.problems: list[str] = []  #: figures left null, and why (into the report's notes)

    def close(self) -> None:
        self.browser.close()

    def context(self, **options: Any) -> Any:
        """A fresh phone context (empty cache, service workers on) with the ready probe installed; ``options``
        override the phone's (e.g. :data:`DESKTOP` for a large screen)."""
        context = self.browser.new_context(**{**PHONE, **options}, service_workers="allow")
        context.add_init_script(GUIDED_BEFORE)  # as a returning player: no first-turn guide in the figures
        context.add_init_script(READY_PROBE)
        context.on("request", self._watch)
        return context

    def _watch(self, request: Any) -> None:
        url = request.url
        if not url.startswith(("data:", "blob:")) and (urlparse(url).hostname or "") not in LOCAL_HOSTS:
            self.outside.append(url)

    # ------------------------------------------------------------------ start
    @staticmethod
    def visit(page: Any, url: str) -> float:
        """Navigate to ``url``; seconds from navigation start to ``data-app-state="ready"`` (page clock)."""
        page.goto(url, wait_until="commit")
        # right after "commit" the new document may have no <html> yet: wait for it too
        page.wait_for_function("(document.documentElement?.dataset.appState || 'loading') !== 'loading'", timeout=READY_TIMEOUT_MS)
        wait_ready(page, READY_TIMEOUT_MS)  # fails with the error screen's text unless "ready"
        return round(page.evaluate("window.__benchReadyMs") / 1000, 3)

    @staticmethod
    def shell(page: Any) -> float | None:
        """Seconds from navigation start until the start screen was visible and accepted a tap (None: no start screen)."""
        try:
            page.wait_for_function("window.__benchShellMs !== undefined", timeout=5_000)
        except Exception:
            return None
        return round(page.evaluate("window.__benchShellMs") / 1000, 3)

    @staticmethod
    def long_tasks(page: Any, since_ms: float = 0.0, until_ms: float | None = None) -> dict[str, Any]:
        """Main-thread long tasks (Long Tasks API: over 50 ms) that started in [since, until]: the longest,
        the blocking time (sum of each task's part beyond 50 ms, as Lighthouse's TBT) and how many."""
        tasks = page.evaluate("window.__benchLongTasks")
        if tasks is None:
            return {"longest_task_ms": None, "blocking_ms": None, "count": None}
        tasks = [t for t in tasks if t[0] >= since_ms and (until_ms is None or t[0] <= until_ms)]
        return {"longest_task_ms": round(max((t[1] for t in tasks), default=0.0), 1),
                "blocking_ms": round(sum(max(0.0, t[1] - 50) for t in tasks), 1), "count": len(tasks)}

    @staticmethod
    def wait_controlled(page: Any) -> None:
        """Until the service worker is active and controls the page (its precache is complete)."""
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.wait_for_function("!!navigator.serviceWorker.controller", timeout=60_000)

    def start_triple(self, server: CountingServer, query: str = "", precompiled: bool = False) -> dict[str, Any]:
        """Cold (fresh context), warm (service worker) and offline starts of ``server``'s page (with ``query``):
        ready and shell times, the first visit's bytes, and the offline start's main-thread long tasks from first
        paint to ready. ``precompiled``: before the warm start, wait until the first visit's worker has compiled
        the stdlib and our wheel into the cache (``game/ui/precompile.py``), as it does for a player."""
        context = self.context()
        try:
            page = context.new_page()
            server.reset()
            cold = self.visit(page, server.url + query)
            shell_cold = self.shell(page)
            self.wait_controlled(page)
            outcome = None
            if precompiled:
                page.wait_for_function("document.documentElement.dataset.precompiled", timeout=120_000)
                outcome = page.evaluate("document.documentElement.dataset.precompiled")
            wire = server.settle()
            raw = server.raw_sent
            repeated = server.repeated()
            paths = sorted(server.by_path)
            wire_by_path = {path: sizes[0] for path, sizes in server.by_path.items()}
            modules = page.evaluate("window.floorModules || null")  # the floor's worker reports its imports
            warm = self.visit(page, server.url + query)
            shell_warm = self.shell(page)
            context.set_offline(True)
            offline = self.visit(page, server.url + query)
            shell_offline = self.shell(page)
            paint = page.evaluate("(performance.getEntriesByName('first-paint')[0] || {startTime: 0}).startTime")
            tasks = self.long_tasks(page, paint, page.evaluate("window.__benchReadyMs"))
            return {"cold": cold, "warm": warm, "offline": offline, "shell_cold": shell_cold, "shell_warm": shell_warm,
                    "shell_offline": shell_offline, "bytes": raw, "wire_bytes": wire, "paths": paths,
                    "wire_by_path": wire_by_path, "modules": modules, "precompiled": outcome,
                    "requests": sum(map(len, server.by_path.values())), "repeated_bytes": repeated, "long_tasks_offline": tasks}
        finally:
            context.close()

    def start(self, site: CountingServer, floor: CountingServer, reps: int = 2) -> dict[str, Any]:
        """The ``start`` figures: medians over ``reps`` interleaved runs of the site (its later starts on the
        archives its first start compiled), the site on sources only (``?precompile=0``) and the floor."""
        runs: dict[str, list[dict[str, Any]]] = {"site": [], "site_sources": [], "floor": []}
        for rep in range(reps):
            order = [("site", lambda: self.start_triple(site, precompiled=True)),
                     ("site_sources", lambda: self.start_triple(site, "?precompile=0")),
                     ("floor", lambda: self.start_triple(floor))]
            for name, triple in order if rep % 2 == 0 else order[::-1]:  # alternate who goes first
                runs[name].append(triple())

        def med(name: str, key: str) -> float | None:
            values = [r[key] for r in runs[name] if r[key] is not None]
            return round(statistics.median(values), 3) if values else None

        out: dict[str, Any] = {}
        for name in ("site", "site_sources", "floor"):
            for key in ("cold", "warm", "offline"):
                out[f"{name}_{key}_s"] = med(name, key)
        #: what each first visit's worker reported of its compiling (``compiled:2``: both archives)
        out["precompiled"] = [r["precompiled"] for r in runs["site"]]
        #: seconds from navigation start until the start screen is visible and takes a tap
        out["shell_s"] = {"cold": med("site", "shell_cold"), "warm": med("site", "shell_warm"), "offline": med("site", "shell_offline")}
        out["first_visit_bytes"] = int(statistics.median(r["bytes"] for r in runs["site"]))
        out["first_visit_wire_bytes"] = int(statistics.median(r["wire_bytes"] for r in runs["site"]))
        out["floor_first_visit_bytes"] = int(statistics.median(r["bytes"] for r in runs["floor"]))
        out["floor_first_visit_wire_bytes"] = int(statistics.median(r["wire_bytes"] for r in runs["floor"]))
        out["first_visit_requests"] = runs["site"][0]["requests"]
        out["first_visit_paths"] = runs["site"][0]["paths"]
        out["first_visit_wire_parts"] = wire_parts(runs["site"][0]["wire_by_path"])
        out["floor_first_visit_wire_parts"] = wire_parts(runs["floor"][0]["wire_by_path"])
        #: the stdlib modules the bare worker's Python had imported when it first answered (the runtime's own needs)
        out["floor_imported_modules"] = runs["floor"][0]["modules"]
        #: files the first visit downloads twice or more (e.g. page and service worker both fetching)
        out["first_visit_repeated_bytes"] = runs["site"][0]["repeated_bytes"]
        for key in ("cold", "warm", "offline"):
            out[f"ratio_{key}"] = round(out[f"site_{key}_s"] / out[f"floor_{key}_s"], 2)
            out[f"ratio_sources_{key}"] = round(out[f"site_sources_{key}_s"] / out[f"floor_{key}_s"], 2)
        out["ratio"] = out["ratio_offline"]  # the goal: offline start within 1.3x the floor
        out["ratio_without_precompile"] = out["ratio_sources_offline"]
        # the offline start's worst main-thread long task over the reps
        worst = max(runs["site"], key=lambda r: r["long_tasks_offline"]["longest_task_ms"] or 0)
        out["long_tasks_offline"] = worst["long_tasks_offline"]
        for r in runs["site"] + runs["site_sources"] + runs["floor"]:
            for key in ("paths", "wire_by_path", "modules"):
                r.pop(key, None)
        out["runs"] = runs
        return out

    # ------------------------------------------------------------------ time to a playable table, throttled
    @staticmethod
    def throttle(context: Any, page: Any, offline: bool = False) -> Any:
        """Apply :data:`SLOW_4G` and :data:`CPU_SLOWDOWN` to ``page`` (a DevTools session kept open for it)."""
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {**SLOW_4G, "offline": offline})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        return cdp

    @staticmethod
    def playable(page: Any, url: str, floor: bool, timeout_ms: int = 300_000) -> float:
        """Open ``url``; seconds (page clock, from navigation start) until it can be played: for the site, Start is
        tapped as soon as it takes a tap, and the time is when the first Barrio target tapped has been answered by
        Python (the page's bridge idle again); for the floor, when it is merely ready."""
        page.goto(url, wait_until="commit")
        if floor:
            page.wait_for_function("(document.documentElement?.dataset.appState || 'loading') !== 'loading'", timeout=timeout_ms)
            wait_ready(page, timeout_ms)
            return round(page.evaluate("window.__benchReadyMs") / 1000, 3)
        page.locator("#start-game").tap(timeout=timeout_ms)
        page.wait_for_function(f"document.querySelector({json.dumps(FIRST_TARGET)}) || document.documentElement.dataset.appState === 'error'",
                               polling=20, timeout=timeout_ms)
        wait_ready(page, timeout_ms)  # fails with the error screen's text if the start failed
        page.locator(FIRST_TARGET).first.tap()
        page.wait_for_function("window.houseGames.idle && window.houseGames.idle()", polling=20, timeout=timeout_ms)
        return round(page.evaluate("performance.now()") / 1000, 3)

    def playable_pair(self, server: CountingServer, floor: bool) -> dict[str, Any]:
        """A throttled first visit and, once the service worker controls the page (and, for the site, its worker has
        compiled the archives), a throttled offline start: seconds to playable (:meth:`playable`) and wire bytes."""
        context = self.context()
        try:
            page = context.new_page()
            cdp = self.throttle(context, page)
            server.reset()
            first = self.playable(page, server.url, floor)
            self.wait_controlled(page)
            if not floor:
                page.wait_for_function("document.documentElement.dataset.precompiled", timeout=300_000)
            wire = server.settle()
            files = page.evaluate("document.documentElement.dataset.runtimeFiles || null")
            context.set_offline(True)
            cdp.send("Network.emulateNetworkConditions", {**SLOW_4G, "offline": True})
            offline = self.playable(page, server.url, floor)
            return {"first_visit": first, "offline": offline, "wire_bytes": wire, "runtime_files": files}
        finally:
            context.close()

    def first_playable(self, site: CountingServer, floor: CountingServer) -> dict[str, Any]:
        """``start.first_playable_s``: the site's first visit and offline start to a playable Barrio table, beside the
        floor's first visit and offline start to ready, under the same throttling in the same run (site first, then
        the floor). ``slow4g_ratio`` = site first visit / floor first visit; ``offline_ratio`` the same offline.
        ``transfer_s`` is the least time the first visit's wire bytes take at the throttled bandwidth: a first visit
        faster than that would mean a request escaped the throttling."""
        runs = {"site": self.playable_pair(site, floor=False), "floor": self.playable_pair(floor, floor=True)}
        rate = SLOW_4G["downloadThroughput"]
        out: dict[str, Any] = {
            "site_first_visit": runs["site"]["first_visit"], "floor_first_visit": runs["floor"]["first_visit"],
            "site_offline": runs["site"]["offline"], "floor_offline": runs["floor"]["offline"],
            "site_transfer_s": round(runs["site"]["wire_bytes"] / rate, 1),
            "floor_transfer_s": round(runs["floor"]["wire_bytes"] / rate, 1),
            "site_runtime_files": runs["site"]["runtime_files"],
            "throttling": {"rtt_ms": SLOW_4G["latency"], "down_kbit_s": SLOW_4G["downloadThroughput"] * 8 / 1000,
                           "up_kbit_s": SLOW_4G["uploadThroughput"] * 8 / 1000, "cpu_slowdown": CPU_SLOWDOWN},
        }
        out["slow4g_ratio"] = round(out["site_first_visit"] / out["floor_first_visit"], 2)
        out["offline_ratio"] = round(out["site_offline"] / out["floor_offline"], 2)
        return out

    def barrio_game(self, url: str, timeout_ms: int = 600_000) -> dict[str, Any]:
        """Main-thread long tasks through a whole 2-player Barrio game against the strong computer seat, started
        from the start screen by tapping (the other seat is the weak computer standing in for a player, so the
        game runs to its end screen through the app's own request path and redraws)."""
        context = self.context()
        try:
            page = context.new_page()
            self.visit(page, url + "?pause=0")
            page.locator("label[for=game-barrio]").tap()
            page.locator("#f-players").select_option("2")
            page.locator("#f-seat-0").select_option("bot:weak")
            page.locator("#f-seat-1").select_option("bot:strong")
            since = page.evaluate("performance.now()")
            t0 = time.perf_counter()
            page.locator("#start-game").tap()
            page.locator("#end-screen").wait_for(timeout=timeout_ms)
            out = self.long_tasks(page, since)
            out["game_s"] = round(time.perf_counter() - t0, 1)
            return out
        finally:
            context.close()

    # ------------------------------------------------------------------ Python inside the app
    def app_page(self, context: Any, url: str) -> Any:
        """A page of ``context`` at ``url`` with the app ready and the workload module loaded."""
        page = context.new_page()
        self.visit(page, url)
        py(page, WORKLOAD.read_text() + "\nresult = None\n")
        return page

    def python_figures(self, url: str, games: list[str], decision_count: int, budget_s: float) -> dict[str, Any]:
        """Playouts per second and bot decision times in the browser's Pyodide."""
        context = self.context()
        try:
            page = self.app_page(context, url)
            playouts = json.loads(py(page, f"import json\nresult = json.dumps(playout_table({games!r}))"))
            decisions = json.loads(py(page, f"import json\nresult = json.dumps(decision_table({games!r}, {decision_count}, {budget_s}))"))
            return {"playouts": playouts, "decisions": decisions}
        finally:
            context.close()

    def frames(self, url: str, games: list[str], count: int = 30, **options: Any) -> dict[str, Any]:
        """Per game: ms for the game screen's full ``render()`` (None without a canvas table); ``options`` as for
        :meth:`context` (``frame_ms_large`` is measured with :data:`DESKTOP`)."""
        context = self.context(**options)
        out: dict[str, Any] = {}
        try:
            page = self.app_page(context, url + "?pause=3600000")  # the computer never moves while we time
            for gid in games:
                out[gid] = json.loads(py(page, FRAME_CODE % {"gid": gid, "count": count}))
                py(page, "app.show_start()\nresult = None")
        finally:
            context.close()
        return out

    def hints(self, url: str, games: list[str], n: int = 20) -> dict[str, Any]:
        """Per game: the coach's hint latency (ms: median, p95, max) in the browser's Python at the app's time budget,
        over ``n`` positions of real play (:func:`lab.hint_latency.measure`, timing what the Hint control runs). The lab
        is not shipped, so its source is sent to the worker and run there."""
        return self._hint_latency(url, games, "measure", (n,))

    def insight(self, url: str, games: list[str]) -> dict[str, Any]:
        """Per game: the end screen's insight on one whole game in the browser's Python, at the coach's budget
        (:func:`lab.hint_latency.insight_seconds`: seconds and the seat's decisions judged). Sent as source, as
        :meth:`hints` sends it."""
        return self._hint_latency(url, games, "insight_seconds")

    def _hint_latency(self, url: str, games: list[str], function: str, args: tuple[Any, ...] = ()) -> dict[str, Any]:
        """``{g: function(g, *args)}`` for each game, ``function`` one of :mod:`lab.hint_latency`, run in the
        browser's worker (the lab is not shipped: its source is sent and run there)."""
        context = self.context()
        try:
            page = self.app_page(context, url)
            source = (Path(__file__).resolve().parents[2] / "lab" / "hint_latency.py").read_text()
            code = (f"import json\nlab_ns = {{'__name__': 'lab.hint_latency'}}\n"
                    f"exec(compile({source!r}, 'lab/hint_latency.py', 'exec'), lab_ns)\n"
                    f"result = json.dumps({{g: lab_ns[{function!r}](g, *{args!r}) for g in {games!r}}})")
            return json.loads(py(page, code))
        finally:
            context.close()

    def nyhavn_placements(self, url: str) -> dict[str, Any]:
        """Nyhavn's placement figures (:func:`lab.nyhavn.bench.run`: the table and the plain checker, timed in turns)
        in the browser's worker. The lab is not shipped: its two modules are sent as source and made modules there."""
        context = self.context()
        try:
            page = self.app_page(context, url)
            lab = Path(__file__).resolve().parents[2] / "lab" / "nyhavn"
            sources = [(f"lab.nyhavn.{name}", (lab / f"{name}.py").read_text()) for name in ("naive", "bench")]
            code = ("import json, sys, types\n"
                    f"for name, source in {sources!r}:\n"
                    "    for package in ('lab', 'lab.nyhavn'):\n"
                    "        sys.modules.setdefault(package, types.ModuleType(package)).__path__ = []\n"
                    "    module = types.ModuleType(name)\n"
                    "    module.__package__ = 'lab.nyhavn'\n"
                    "    sys.modules[name] = module\n"
                    "    exec(compile(source, name.replace('.', '/') + '.py', 'exec'), module.__dict__)\n"
                    "result = json.dumps(sys.modules['lab.nyhavn.bench'].run())")
            return json.loads(py(page, code))
        finally:
            context.close()

    def memory(self, url: str, games: list[str], timeout_ms: int = 60_000) -> dict[str, Any]:
        """JS heap and wasm memory (MB) on the start page, and after a full weak-vs-weak game of each (fresh page each)."""
        context = self.context()
        out: dict[str, Any] = {}
        try:
            for gid in [None, *games]:
                page = self.app_page(context, url + "?pause=0")
                try:
                    if gid is not None:
                        if not json.loads(py(page, START_CODE % {"gid": gid})):
                            out[gid] = None
                            continue
                        page.wait_for_selector("#end-screen", timeout=timeout_ms)
                    out[gid or "start_page"] = page_memory(context, page)
                except Exception as exc:  # one game failing must not lose the others' figures
                    out[gid] = None
                    self.problems.append(f"memory_mb.{gid}: {type(exc).__name__}: {str(exc).splitlines()[0]}")
                finally:
                    page.close()
        finally:
            context.close()
        return out


def page_memory(context: Any, page: Any) -> dict[str, float]:
    """The page's JS heap (after a full garbage collection) and Pyodide's wasm memory, in MB."""
    cdp = context.new_cdp_session(page)
    try:
        cdp.send("HeapProfiler.collectGarbage")
        heap = cdp.send("Runtime.getHeapUsage")["usedSize"]
    finally:
        cdp.detach()
    wasm = json.loads(py(page, "import json, pyodide_js\nresult = json.dumps(pyodide_js._module.HEAPU8.length)"))
    return {"js_heap": round(heap / 2**20, 1), "wasm": round(wasm / 2**20, 1), "total": round((heap + wasm) / 2**20, 1)}


#: Opens a 2-player game (human + weak computer) and times full redraws of its table.
FRAME_CODE = """
import json, time
from game.core import Seat
from game.ui.app import screen_class
from game.ui.screen import FallbackScreen
from game.ui.catalog import new_game_options
cls = screen_class(%(gid)r)
if cls is FallbackScreen:
    result = json.dumps(None)
else:
    app.start_match(%(gid)r, 2, [Seat("human"), Seat("computer", "weak")], 7, new_game_options(%(gid)r, 2, {}, 7))
    screen = app.screen
    for _ in range(3):
        screen.render()
    ms = []
    for _ in range(%(count)d):
        t0 = time.perf_counter()
        screen.render()
        ms.append((time.perf_counter() - t0) * 1000)
    result = json.dumps(summary(ms))
"""

#: Plays a whole weak-vs-weak game through a Match in the page's Python (what the app does per move,
#: without the pauses and redraws), then opens it in the app, which shows its end screen; false if unavailable.
START_CODE = """
import json
from game.core import Match, Seat
from game.ui.catalog import new_game_options, probe
info = probe(%(gid)r)
ok = info.available
if ok:
    name = info.bot_names[0]
    match = Match.new(%(gid)r, 2, 7, [Seat("computer", name), Seat("computer", name)], **new_game_options(%(gid)r, 2, {}, 7))
    spec = match.spec
    bots = [spec.make_bot(name, 7 + i) for i in range(2)]
    while not spec.is_over(match.state):
        seat = match.current_player()
        match.apply(bots[seat].choose(spec.view(match.state, seat), spec.legal_actions(match.state)))
    app.play(match)
result = json.dumps(bool(ok))
"""


def with_browser(fn: Callable[[Bench], Any]) -> Any:
    """Run ``fn(bench)`` with a launched Chromium, closed afterwards."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        bench = Bench(pw)
        try:
            return fn(bench)
        finally:
            bench.close()
