"""Fixtures for the browser tests: the built site served on 127.0.0.1, one headless
Debian Chromium per session, and a fresh phone-sized context per test.

Every request to anything but 127.0.0.1/localhost is aborted *and fails the
test*. Screenshots go to ``test-artifacts/`` (gitignored).

- ``dist``: the built site (``python3 build.py test`` builds it and sets
  ``HOUSE_GAMES_DIST``; a plain ``pytest`` run builds it once per session).
- ``site_url``: where ``dist`` is served (``http://127.0.0.1:PORT/``).
- ``page``: a new page in a 390×844 touch context (``make_context`` for others; ``make_context(user_data_dir=…)``
  for a profile on disk, where the browser enforces its storage quota).
- ``started_page``: the test module's one started app (a 390×844 phone, ``?pause=0``), brought back to its start
  screen through the app for each test: for tests that do not check a fresh start, a reload or the storage.
- ``open_app(page, url=None, query="")``: navigate and wait for ``data-app-state="ready"``.
- ``shot(page, name)``: save a full-page screenshot as ``test-artifacts/<name>.png``.

**Every browser test fails on a broken page** (``page_problems``, on by default):
an uncaught exception in any page or worker of the test's contexts, any
``console.error`` (pages and workers alike: a Python exception in a handler is
logged that way) and any error toast (``.toast.error``) fail the test, unless
the test declared it: ``@pytest.mark.expect_errors(r"regex", …)`` or, inside
the test, ``expect_errors(r"regex")``. A refusal a test provokes on purpose is
declared that way; everything else is a bug.

In CI (``CI`` set) a missing Chromium or Playwright fails instead of skipping.

- ``settle(page)``: wait until the Python worker has answered every message (a tap's changes are applied).
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import os
import re
import shutil
import sys
import threading
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions"]
#: The tests' Chromium: Debian's headless shell of the same version (the same Blink and V8 without the browser's
#: window machinery: a third less CPU per context), falling back to the browser; wasm compiled by the baseline
#: compiler only (each fresh context compiles Pyodide's runtime again, and the optimizing tier's background
#: compiles were a quarter of the browser tests' CPU). The bench (``tests/bench``) keeps the browser and its
#: defaults, as a phone runs them.
TEST_CHROMIUM = next((p for p in ("/usr/bin/chromium-headless-shell", CHROMIUM) if Path(p).exists()), CHROMIUM)
TEST_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
READY_TIMEOUT_MS = 90_000

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (build.py at the repository root)

from tests.conftest import skip_or_fail  # noqa: E402  (first: it registers the test games before game is imported)
from game import GAMES  # noqa: E402

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # pragma: no cover - build.py test installs it
    sync_playwright = None


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "expect_errors(*patterns): error toasts / console errors this test provokes on "
                                       "purpose (regular expressions searched in their text)")
    config.addinivalue_line("markers", "first_visit: the test's phones never opened the site (see make_context)")

IDLE = "!(window.houseGames && window.houseGames.idle) || window.houseGames.idle()"

#: the page's settings key in localStorage, as site/start.js names it (scoped by the site's path)
SETTINGS_KEY_JS = '`house-games|${new URL("./", document.baseURI).pathname}|settings`'

#: settings of a player already guided through a turn of every title (``game.ui.guide``), merged into whatever the
#: page keeps; a test's own settings script, added later, still runs after it
GUIDED_BEFORE = """try {
  const key = SETTINGS_KEY_JS_HERE, s = JSON.parse(localStorage.getItem(key) || "{}");
  if (s && typeof s === "object" && !Array.isArray(s) && !("guided" in s)) {
    s.guided = %s;
    localStorage.setItem(key, JSON.stringify(s));
  }
} catch { /* a frame without storage */ }""".replace("SETTINGS_KEY_JS_HERE", SETTINGS_KEY_JS) % json.dumps(sorted(GAMES))


def _settling(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` followed by waiting for the Python worker's answer (see :func:`settle`)."""
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        page = self if isinstance(self, Page) else self.page
        try:
            page.wait_for_function(IDLE, timeout=60_000)
        except Exception as error:  # page closed or navigating: nothing to wait for
            if type(error).__name__ == "TimeoutError":  # a minute lost: say where (a worker kept busy by computers?)
                warnings.warn(f"{method.__name__}: the worker was still busy 60 s later", stacklevel=2)
        return result
    run.__wrapped__ = method  # type: ignore[attr-defined]
    return run


if sync_playwright is not None:
    # Python runs in a Web Worker: an input reaches it as a message and its changes come back as one. Every
    # input a test makes waits for that answer, so the next line sees the page as the player would a moment
    # later (as when Python ran on the page's thread). Timers Python starts are not waited for.
    from playwright.sync_api import Locator

    for _cls in (Locator, Page):
        for _name in ("tap", "click", "dblclick", "check", "uncheck", "set_checked", "select_option", "press", "fill"):
            _method = getattr(_cls, _name, None)
            if _method is not None and not hasattr(_method, "__wrapped__"):
                setattr(_cls, _name, _settling(_method))


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in tests/browser is marked ``browser``, and grouped by file, so that pytest-xdist (``build.py
    test``) hands each worker whole files (a file's tests run in order, on one worker, with one browser) while both
    cores share the browser files: they are most of the suite's time, and the engine tests fill the gaps."""
    for item in items:
        nodeid = item.nodeid.replace("\\", "/")
        if "tests/browser/" in nodeid or nodeid.startswith("browser/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.xdist_group("browser:" + nodeid.split("::", 1)[0]))


class Server:
    """A served directory on 127.0.0.1 (port chosen by the OS), stopped at teardown."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.httpd = build.make_server(directory, 0)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site: ``$HOUSE_GAMES_DIST`` (set by build.py test) or a fresh build into dist/."""
    given = os.environ.get("HOUSE_GAMES_DIST")
    if given and (Path(given) / "sw.js").exists():
        return Path(given)
    build.build(build.DIST)
    return build.DIST


@pytest.fixture(scope="session")
def server(dist: Path) -> Iterator[Server]:
    """``dist`` served on 127.0.0.1 for the whole session (tests must not change it)."""
    srv = Server(dist)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def site_url(server: Server) -> str:
    return server.url


@pytest.fixture
def site_copy(dist: Path, tmp_path: Path) -> Iterator[Server]:
    """A private copy of the site, served separately: for tests that change files or builds."""
    root = tmp_path / "site"
    shutil.copytree(dist, root)
    srv = Server(root)
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator["Browser"]:
    """One headless Debian Chromium for the session (missing: skipped on a developer machine, a failure in CI)."""
    if sync_playwright is None or not Path(TEST_CHROMIUM).exists():
        skip_or_fail("browser tests need playwright and /usr/bin/chromium (python3 build.py test installs both)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=TEST_CHROMIUM, args=TEST_ARGS, headless=True)
        yield chromium
        chromium.close()


# Reports every error toast added to the page (toasts vanish after a few seconds, so they are caught as they come).
TOAST_WATCH = """(() => {
  const seen = new WeakSet();
  const report = (node) => {
    if (seen.has(node)) return;
    seen.add(node);
    window.__houseGamesErrorToast(node.textContent || "");
  };
  const scan = (node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(".toast.error")) report(node);
    node.querySelectorAll(".toast.error").forEach(report);
  };
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === "attributes") scan(r.target);
      else r.addedNodes.forEach(scan);
    }
  }).observe(document, {childList: true, subtree: true, attributes: true, attributeFilter: ["class"]});
})();"""


def report_problems(context: "BrowserContext", add: Callable[[str, str], None]) -> None:
    """Call ``add(kind, text)`` for every uncaught error, console error and error toast of the context's pages and workers."""
    context.on("weberror", lambda error: add("uncaught error", str(error.error)))
    context.on("console", lambda msg: msg.type == "error" and add(
        "console error" + (" (worker)" if msg.worker else ""), msg.text))
    context.expose_binding("__houseGamesErrorToast", lambda source, text: add("error toast", text))
    context.add_init_script(TOAST_WATCH)


class PageProblems:
    """What went wrong in the test's pages: uncaught errors, console errors, error toasts.

    ``watch(context)`` listens to a context (its pages and workers); ``expect(pattern)``
    declares a problem the test provokes on purpose; ``unexpected()`` lists the rest;
    ``check()`` raises ``AssertionError`` listing them (the hook below calls it after each test).
    """

    def __init__(self, expected: tuple[str, ...] = ()) -> None:
        self.problems: list[tuple[str, str]] = []  # (kind, text)
        self.expected: list[re.Pattern[str]] = [re.compile(p) for p in expected]
        self.contexts: list[Any] = []

    def add(self, kind: str, text: str) -> None:
        self.problems.append((kind, text))

    def watch(self, context: "BrowserContext") -> None:
        report_problems(context, self.add)
        self.contexts.append(context)

    def expect(self, *patterns: str) -> None:
        self.expected.extend(re.compile(p) for p in patterns)

    def settle(self) -> None:
        """Let messages already sent by the pages arrive (one round trip to each open page)."""
        for context in self.contexts:
            for page in context.pages:
                try:
                    page.evaluate("0")
                except Exception:  # closed or navigating: nothing more will come from it
                    pass

    def unexpected(self) -> list[tuple[str, str]]:
        return [(kind, text) for kind, text in self.problems if not any(p.search(text) for p in self.expected)]

    def check(self) -> None:
        self.settle()
        bad = self.unexpected()
        if bad:
            lines = "\n".join(f"- {kind}: {text[:2000]}" for kind, text in bad)
            raise AssertionError(f"the page reported problems the test did not expect:\n{lines}")


@pytest.fixture(autouse=True)
def page_problems(request: pytest.FixtureRequest) -> PageProblems:
    """The collector for this test (on for every test; contexts made by ``make_context`` report to it)."""
    marker_patterns = [p for m in request.node.iter_markers("expect_errors") for p in m.args]
    return PageProblems(tuple(marker_patterns))


@pytest.fixture
def expect_errors(page_problems: PageProblems) -> Callable[..., None]:
    """``expect_errors(r"regex", …)``: problems matching these are provoked on purpose and do not fail the test."""
    return page_problems.expect


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item):
    """After the test body: fail it if its pages reported anything unexpected."""
    result = yield
    problems = getattr(item, "funcargs", {}).get("page_problems")
    if problems is not None and problems.contexts:
        problems.check()
    return result


#: the two archives a first start compiles (``game.ui.precompile``) and the runtime's two big files as the first
#: visit decoded them (``site/prefetch.js``), read from the page's cache as it stored them: a phone that opened this
#: build before has all four, and a fresh test phone would otherwise decode 12 MB of zstd in JavaScript each time
COMPILED_ARCHIVES = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith("house-games|") && !n.endsWith("|source"));
  const cache = await caches.open(name);
  const files = [];
  for (const request of await cache.keys()) {
    if (!/python_stdlib\\.zip$|house_games-.*\\.whl$|pyodide\\.asm\\.(wasm|mjs)$/.test(request.url)) continue;
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    files.push({ path: new URL(request.url).pathname, headers: Object.fromEntries(response.headers), b64: btoa(text) });
  }
  return { cache: name, files };
}"""

#: stores those archives (``[path, headers, url]`` each: their site path, the headers the cache had, where the test
#: serves their bytes) in a new context's cache for the site's origin, where this build's service worker serves them
#: from (its install and the loader's prefetch skip files already cached)
STORE_ARCHIVES = """async ({ cache, files }) => {
  const store = await caches.open(cache);
  await Promise.all(files.map(async ([path, headers, url]) => {
    const response = await fetch(url);
    await store.put(new URL(path, location.href).href, new Response(await response.arrayBuffer(), { headers }));
  }));
}"""


class _ArchiveHandler(http.server.SimpleHTTPRequestHandler):
    """Files for any origin's page to fetch (the site is served on another port)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: a test log is no place for every request
        pass


def _first_start_archives(browser: "Browser", server: Server, folder: Path) -> dict[str, Any]:
    """A real first start of this build in Chromium: what it left in its cache (written into ``folder``)."""
    context = browser.new_context(**PHONE, service_workers="allow")
    try:
        page = context.new_page()
        page.goto(server.url)
        wait_ready(page)
        page.wait_for_function("document.documentElement.dataset.precompiled", timeout=120_000)
        outcome = page.evaluate("document.documentElement.dataset.precompiled")
        assert outcome == "compiled:2", f"the first start compiled {outcome!r}, not both archives"
        read = page.evaluate(COMPILED_ARCHIVES)
    finally:
        context.close()
    for file in read["files"]:
        (folder / Path(file["path"]).name).write_bytes(base64.b64decode(file["b64"]))
    return {"cache": read["cache"], "files": [[f["path"], f["headers"], Path(f["path"]).name] for f in read["files"]]}


@pytest.fixture(scope="session")
def compiled_archives(browser: "Browser", server: Server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """What a first start of this build left in its cache (the stdlib zip and our wheel as bytecode, the runtime), read
    from a real first start in Chromium once per test run (pytest-xdist's workers share it: the first to need it makes
    it, under a lock, in the run's temporary folder, the others read it), and served on 127.0.0.1 for
    ``make_context``."""
    import fcntl

    shared = "PYTEST_XDIST_WORKER" in os.environ  # the workers' temporary folders are siblings in this run's own
    folder = (tmp_path_factory.getbasetemp().parent if shared else tmp_path_factory.getbasetemp()) / "compiled-archives"
    folder.mkdir(exist_ok=True)
    with open(folder / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        manifest = folder / "manifest.json"
        if manifest.exists():
            found = json.loads(manifest.read_text())
        else:
            found = _first_start_archives(browser, server, folder)
            manifest.write_text(json.dumps(found))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_ArchiveHandler, directory=str(folder)))
    httpd.daemon_threads = True
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield {"cache": found["cache"], "files": [[path, headers, f"http://127.0.0.1:{httpd.server_address[1]}/{name}"]
                                              for path, headers, name in found["files"]]}
    httpd.shutdown()
    httpd.server_close()


#: every URL but this machine's and ``data:``/``blob:`` ones, as a regular expression Playwright's driver matches
#: itself: a request of the site never makes the round trip to this process (a fresh phone's start makes about a
#: hundred, its service worker's precache among them), and ``guard`` still checks each one matched
NOT_LOCAL = re.compile(r"^(?!(?:data|blob):)(?!(?:https?|wss?)://(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?(?:[/?#]|$))")


def guarded(context: "BrowserContext", outside: Callable[[str], None], guided: bool) -> None:
    """Abort the context's requests to anything but this machine (each reported to ``outside``); ``guided``: the
    settings of a returning player, the first-turn guides behind them (a test of the guide passes guided=False)."""
    def guard(route: Any) -> None:
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            outside(route.request.url)
            route.abort("blockedbyclient")

    context.set_default_timeout(30_000)
    context.route(NOT_LOCAL, guard)
    if guided:
        context.add_init_script(GUIDED_BEFORE)


def seed_compiled(context: "BrowserContext", server: Server, archives: dict[str, Any],
                  build_id: str | None = None) -> "BrowserContext":
    """Put this build's compiled archives and runtime (``compiled_archives``) in the context's cache for the site's
    origin; ``build_id``: in the cache of that build instead, a copy of this one whose Python and runtime are the
    same (a site a test changed and finalized again)."""
    if build_id is not None:
        archives = {**archives, "cache": archives["cache"].rsplit("|", 1)[0] + "|" + build_id}
    page = context.new_page()
    page.goto(server.url + "version.json")  # a document of the site's origin where nothing of the site runs
    page.evaluate(STORE_ARCHIVES, archives)
    page.close()
    return context


@pytest.fixture
def make_context(browser: "Browser", page_problems: PageProblems, request: pytest.FixtureRequest,
                 server: Server) -> Iterator[Callable[..., "BrowserContext"]]:
    """Factory of fresh contexts (phone by default) whose outside requests are blocked and fail the test,
    and whose errors fail it too (see ``page_problems``).

    A context starts as a phone that has opened this build before and compiled its Python (the runtime and the
    compiled archives already in its cache for the site's origin, no service worker yet): Python then starts in
    about a second instead of four, which is most of what each browser test waits for. Tests of a first visit itself (the
    download, its progress, compiling on the device) are marked ``first_visit`` and get a phone that never saw the
    site; so does ``make_context(compiled=False)``."""
    contexts: list[Any] = []
    first_visit = request.node.get_closest_marker("first_visit") is not None or bool(os.environ.get("HOUSE_GAMES_FIRST_VISIT"))
    outside: list[str] = []

    def watched(context: "BrowserContext", guided: bool) -> "BrowserContext":
        guarded(context, outside.append, guided)
        page_problems.watch(context)
        contexts.append(context)
        return context

    def seeded(context: "BrowserContext") -> "BrowserContext":
        return seed_compiled(context, server, request.getfixturevalue("compiled_archives"))

    def make(user_data_dir: Path | None = None, guided: bool = True, compiled: bool | None = None,
             **options: Any) -> "BrowserContext":
        settings = {**PHONE, "service_workers": "allow", **options}
        if user_data_dir is None:
            context = watched(browser.new_context(**settings), guided)
        else:
            # on disk, as a player's profile (an incognito context keeps IndexedDB in memory, where no quota applies):
            # its own Chromium process, closed with the context
            context = watched(browser.browser_type.launch_persistent_context(
                str(user_data_dir), executable_path=TEST_CHROMIUM, args=TEST_ARGS, headless=True, **settings), guided)
        if compiled if compiled is not None else not first_visit:
            seeded(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not outside, f"requests left the site's origin: {outside}"


@pytest.fixture
def page(make_context: Callable[..., "BrowserContext"]) -> "Page":
    """A page in a fresh 390×844 touch context."""
    return make_context().new_page()


#: the query the module's started app is opened with (``started_page``): computers move at once, no animations
STARTED_QUERY = "?pause=0"


class StartedApp:
    """One phone context and page of a test module whose app was started once (``started_page``), lent to each of the
    module's tests in turn: its problems (``report_problems``) and requests off this machine go to the test running
    now; those that arrive between two tests, to the next one."""

    def __init__(self, context: "BrowserContext", url: str) -> None:
        self.context = context
        self.url = url
        self.page = context.new_page()
        self.problems: PageProblems | None = None
        self.pending: list[tuple[str, str]] = []
        self.outside: list[str] = []

    def add(self, kind: str, text: str) -> None:
        if self.problems is None:
            self.pending.append((kind, text))
        else:
            self.problems.add(kind, text)

    def lend(self, problems: PageProblems) -> None:
        """From now on, report to ``problems`` (what came in between tests first)."""
        self.problems = problems
        problems.contexts.append(self.context)
        for kind, text in self.pending:
            problems.add(kind, text)
        self.pending.clear()

    def back_to_start(self) -> None:
        """Bring the app back to its start screen the way a player does (the game's menu, an end, statistics, past
        games or daily deal screen's "Back to start"); a page in any other state (a failed test's) is opened again."""
        page = self.page
        for _ in range(3):
            if page.locator("#start-game").is_visible():
                return
            ways = [page.locator("#menu"), page.get_by_role("button", name="Back to start", exact=True)]
            way = next((w.first for w in ways if w.count() and w.first.is_visible()), None)
            if way is None:
                break
            way.click()
            settle(page)
        page.goto(self.url)
        wait_ready(page)


@pytest.fixture(scope="module")
def started_app(browser: "Browser", server: Server, compiled_archives: dict[str, Any],
                request: pytest.FixtureRequest) -> Iterator[StartedApp]:
    """The module's one started app (see ``started_page``): a returning phone (guided, this build's Python compiled
    in its cache), opened at ``STARTED_QUERY`` (the test module's own ``STARTED_QUERY`` if it has one)."""
    context = browser.new_context(**PHONE, service_workers="allow")
    app = StartedApp(context, server.url + getattr(request.module, "STARTED_QUERY", STARTED_QUERY))
    try:
        guarded(context, app.outside.append, guided=True)
        report_problems(context, app.add)
        seed_compiled(context, server, compiled_archives)
        app.page.goto(app.url)
        wait_ready(app.page)
        yield app
    finally:
        context.close()


@pytest.fixture
def started_page(started_app: StartedApp, page_problems: PageProblems) -> Iterator["Page"]:
    """The module's started app on its start screen, for a test that does not check a fresh start: Python started
    once per module instead of once per test (several seconds each). It keeps what earlier tests of the module left
    (an unfinished game, past games, statistics, settings), so a test whose checks depend on the storage, a reload,
    a first visit or a fresh start takes ``page`` instead. Its problems fail this test as ``page``'s do."""
    started_app.lend(page_problems)
    try:
        started_app.back_to_start()
        yield started_app.page
    finally:
        started_app.problems = None
        outside, started_app.outside[:] = list(started_app.outside), []
    assert not outside, f"requests left the site's origin: {outside}"


def replace_unfinished(page: "Page") -> None:
    """After "Start new game" in a ``started_page``: an earlier test's unfinished game, played in, is replaced when the
    app asks (the game the test starts is then the one shown, as on a fresh page)."""
    settle(page)
    if page.locator("#keep-unfinished").count():
        page.locator("#replace-it").click()


def wait_ready(page: "Page", timeout: float = READY_TIMEOUT_MS) -> float:
    """Wait until the page leaves ``loading``; fail with the error screen's text if it reached ``error``."""
    t0 = time.perf_counter()
    page.wait_for_function("document.documentElement.dataset.appState !== 'loading'", timeout=timeout)
    state = page.evaluate("document.documentElement.dataset.appState")
    if state != "ready":
        detail = page.evaluate("document.getElementById('error-stage').textContent + ' ' + document.getElementById('error-message').textContent")
        raise AssertionError(f"app state is {state!r}: {detail}")
    return time.perf_counter() - t0



#: puts items into the page's storage before the app's own scripts run, once per tab (a reload keeps what the app
#: wrote since): a phone a player comes back to, started once instead of opened, written to and reloaded
SEED_STORAGE = """(items) => {
  if (sessionStorage.getItem("house-games.test-seeded")) return;
  sessionStorage.setItem("house-games.test-seeded", "1");
  for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
}"""


def seed_storage(page: "Page", items: dict[str, str]) -> None:
    """Before ``page`` first opens the app: its ``localStorage`` holds ``items`` (key to text), as left by an
    earlier visit."""
    page.add_init_script(f"({SEED_STORAGE})({json.dumps(items)})")


def resume_match(page: "Page", open_app: Callable[..., float], match: Any, query: str = "") -> None:
    """Open the app with ``match`` as its autosave (``match.to_json()``) and tap Resume: the app shows that game."""
    seed_storage(page, {"house-games.autosave": json.dumps(match.to_json())})
    open_app(page, query=query)
    page.locator("#resume").tap()


def end_log(page: "Page") -> list[str]:
    """The end screen's log as a player reads it: its summary opened by keyboard (as a screen reader's user does; a tap
    toggles it the same way), then its lines once the worker has put them in."""
    page.locator("#end-screen details.log summary").focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#end-screen #game-log li') !== null")
    return page.locator("#end-screen #game-log li").all_text_contents()


def settle(page: "Page", timeout: float = 30_000) -> None:
    """Wait until the Python worker has answered every message the page sent it (a tap's changes are on the page).

    Python runs in a Web Worker: a tap reaches it as a message and its changes come back as one, so the page
    changes a moment after ``tap()`` returns. Timers Python starts (animations, computer turns) are not waited for.
    """
    page.wait_for_function("window.houseGames && window.houseGames.idle && window.houseGames.idle()", timeout=timeout)


@pytest.fixture
def open_app(site_url: str) -> Callable[..., float]:
    """``open_app(page, url=None, query="")``: load the app and wait until it is ready; return the seconds taken."""
    def open_(page: "Page", url: str | None = None, query: str = "") -> float:
        t0 = time.perf_counter()
        page.goto((url or site_url) + query)
        wait_ready(page)
        return time.perf_counter() - t0
    return open_


@pytest.fixture
def shot() -> Callable[["Page", str], Path]:
    """``shot(page, name)``: a full-page screenshot kept in test-artifacts/ (``full_page=False``: the window only; a
    full-page shot resizes the window for a moment, and Chromium's touch emulation with it)."""
    def take(page: "Page", name: str, full_page: bool = True) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path
    return take
