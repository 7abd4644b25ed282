"""Fixtures for the browser tests: the built site served on 127.0.0.1, one headless
Debian Chromium per session, and a fresh phone-sized context per test.

Every request to anything but 127.0.0.1/localhost is aborted *and fails the
test*. Screenshots go to ``test-artifacts/`` (gitignored).

- ``dist``: the built site (``python3 build.py test`` builds it and sets
  ``HOUSE_GAMES_DIST``; a plain ``pytest`` run builds it once per session).
- ``site_url``: where ``dist`` is served (``http://127.0.0.1:PORT/``).
- ``page``: a new page in a 390×844 touch context (``make_context`` for others).
- ``open_app(page, url=None, query="")``: navigate and wait for ``data-app-state="ready"``.
- ``shot(page, name)``: save a full-page screenshot as ``test-artifacts/<name>.png``.
- ``settle(page)``: wait until the Python worker has answered every message (a tap's changes are applied).
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlparse

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions"]
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}
READY_TIMEOUT_MS = 90_000

sys.path.insert(0, str(ROOT))
import build  # noqa: E402  (build.py at the repository root)

try:
    from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
except ImportError:  # pragma: no cover - build.py test installs it
    sync_playwright = None


IDLE = "!(window.houseGames && window.houseGames.idle) || window.houseGames.idle()"


def _settling(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` followed by waiting for the Python worker's answer (see :func:`settle`)."""
    def run(self: Any, *args: Any, **kwargs: Any) -> Any:
        result = method(self, *args, **kwargs)
        page = self if isinstance(self, Page) else self.page
        try:
            page.wait_for_function(IDLE, timeout=60_000)
        except Exception:  # page closed or navigating: nothing to wait for
            pass
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


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test in tests/browser is marked ``browser``."""
    for item in items:
        if "tests/browser/" in item.nodeid.replace("\\", "/") or item.nodeid.startswith("browser/"):
            item.add_marker(pytest.mark.browser)


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
    """One headless Debian Chromium for the session."""
    if sync_playwright is None or not Path(CHROMIUM).exists():
        pytest.skip("browser tests need playwright and /usr/bin/chromium (python3 build.py test installs both)")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def make_context(browser: "Browser") -> Iterator[Callable[..., "BrowserContext"]]:
    """Factory of fresh contexts (phone by default) whose outside requests are blocked and fail the test."""
    contexts: list[Any] = []
    outside: list[str] = []

    def guard(route: Any) -> None:
        host = urlparse(route.request.url).hostname or ""
        if route.request.url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort("blockedbyclient")

    def make(**options: Any) -> "BrowserContext":
        settings = {**PHONE, "service_workers": "allow", **options}
        context = browser.new_context(**settings)
        context.set_default_timeout(30_000)
        context.route("**/*", guard)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert not outside, f"requests left the site's origin: {outside}"


@pytest.fixture
def page(make_context: Callable[..., "BrowserContext"]) -> "Page":
    """A page in a fresh 390×844 touch context."""
    return make_context().new_page()


def wait_ready(page: "Page", timeout: float = READY_TIMEOUT_MS) -> float:
    """Wait until the page leaves ``loading``; fail with the error screen's text if it reached ``error``."""
    t0 = time.perf_counter()
    page.wait_for_function("document.documentElement.dataset.appState !== 'loading'", timeout=timeout)
    state = page.evaluate("document.documentElement.dataset.appState")
    if state != "ready":
        detail = page.evaluate("document.getElementById('error-stage').textContent + ' ' + document.getElementById('error-message').textContent")
        raise AssertionError(f"app state is {state!r}: {detail}")
    return time.perf_counter() - t0


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
    """``shot(page, name)``: a full-page screenshot kept in test-artifacts/."""
    def take(page: "Page", name: str) -> Path:
        ARTIFACTS.mkdir(exist_ok=True)
        path = ARTIFACTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path
    return take
