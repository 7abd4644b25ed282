"""Compiled archives (game/ui/precompile.py): after a first start the worker compiles the stdlib zip and our
wheel into the build's cache; later starts load bytecode, also offline, and a start that fails on them falls
back to the sources once and for all."""

from __future__ import annotations

import pytest

from tests.bench.probe import instrumented_copy, py

from .conftest import Server, wait_ready
from .layout_games import GAMES
from .barrio_steps import start as start_barrio

#: compiling on the device after a first start (see conftest.make_context)
pytestmark = pytest.mark.first_visit

#: what the page's Python was loaded from: the stdlib's json, our engine, and Nyhavn's placement table module, which reads
#: its package data (placements.bin) from the wheel
ORIGINS = """
import json, game.core.match
from game.nyhavn import placements
assert placements.load().__class__.__name__ == "PlacementTable"
result = [json.__spec__.origin, game.core.match.__spec__.origin, placements.__spec__.origin]
"""

#: the page's cache entries of both archives: [url, compiled-by header, size] each, and the "|source" cache's urls
CACHED = """async () => {
  const names = (await caches.keys()).filter((n) => n.startsWith("house-games|"));
  const main = names.find((n) => !n.endsWith("|source"));
  const cache = await caches.open(main);
  const out = {main, archives: [], sources: []};
  for (const request of await cache.keys()) {
    if (!/python_stdlib\\.zip$|house_games-.*\\.whl$/.test(request.url)) continue;
    const response = await cache.match(request);
    out.archives.push([request.url, response.headers.get("X-House-Games-Compiled"), (await response.arrayBuffer()).byteLength]);
  }
  if (names.includes(main + "|source")) {
    out.sources = (await (await caches.open(main + "|source")).keys()).map((r) => r.url);
  }
  return out;
}"""


@pytest.fixture
def probe(dist, tmp_path):
    server = Server(instrumented_copy(dist, tmp_path / "probe"))
    yield server
    server.stop()


def precompiled(page, timeout: float = 30_000) -> str:
    """What this start's worker reported of its compiling (``html[data-precompiled]``), once it has."""
    page.wait_for_function("document.documentElement.dataset.precompiled", timeout=timeout)
    return page.evaluate("document.documentElement.dataset.precompiled")


def first_visit_compiled(page, url: str) -> None:
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert precompiled(page, 90_000) == "compiled:2"


def test_later_starts_load_compiled_archives_offline_and_play(make_context, probe):
    context = make_context()
    page = context.new_page()
    first_visit_compiled(page, probe.url)
    origins = py(page, ORIGINS)
    assert all(origin.endswith(".py") for origin in origins), origins  # this start ran on sources
    cached = page.evaluate(CACHED)
    assert len(cached["archives"]) == 2 and all(header == "314.0.7" for _, header, _ in cached["archives"]), cached
    assert sorted(url for url, _, _ in cached["archives"]) == sorted(cached["sources"])  # the sources are kept aside
    page.close()

    context.set_offline(True)
    page = context.new_page()
    start_barrio(page, lambda page, query="": (page.goto(probe.url + query), wait_ready(page)), players=1, seed=5)
    origins = py(page, ORIGINS)
    assert all(origin.endswith(".pyc") for origin in origins), origins
    page.locator("#barrio-board button.target:not([disabled])").first.wait_for()
    assert precompiled(page) == "compiled:0"  # no second compile: the archives are compiled already
    page.close()
    for game_id in ("nyhavn", "neueheimat"):  # the other two games open on bytecode too, still offline
        page = context.new_page()
        page.goto(probe.url + "?pause=3600000")
        wait_ready(page)
        GAMES[game_id].start(page)
        screen = py(page, "result = [type(app.screen).__name__, type(app.screen).__module__]")
        assert screen[1] == f"game.ui.{game_id}.screen", screen
        assert py(page, f"import sys\nresult = sys.modules['game.ui.{game_id}.screen'].__spec__.origin").endswith(".pyc")
        page.close()


def test_a_start_that_fails_on_a_compiled_archive_goes_back_to_the_sources(make_context, probe, expect_errors):
    context = make_context()
    page = context.new_page()
    first_visit_compiled(page, probe.url)
    wheel = next(url for url, _, _ in page.evaluate(CACHED)["archives"] if url.endswith(".whl"))
    # a compiled wheel that cannot install (say, a write cut short): the next start fails on it
    page.evaluate("""async ([url]) => {
      const main = (await caches.keys()).find((n) => n.startsWith("house-games|") && !n.endsWith("|source"));
      await (await caches.open(main)).put(url, new Response("not a wheel", {headers: {"X-House-Games-Compiled": "314.0.7"}}));
    }""", [wheel])
    # the failed start (some with no text; PyScript logs the failed unpacking of the wheel as its bare MessageEvent)
    expect_errors(r"(?i)^$|zip|wheel|Traceback|PythonError|failed|error|^MessageEvent$")
    page.close()
    page = context.new_page()
    page.goto(probe.url)
    # the loader puts the sources back and starts again, by itself
    wait_ready(page)
    assert py(page, "import game.core.match\nresult = game.core.match.__spec__.origin").endswith(".py")
    cached = page.evaluate(CACHED)
    assert not any(header for url, header, _ in cached["archives"] if url == wheel), cached
    assert any(url.endswith("/precompile-off") for url in cached["sources"])
    assert precompiled(page) == "off"  # and that build is never compiled again


def test_a_runtime_other_than_the_builds_is_never_compiled_for_it(make_context, probe):
    context = make_context()
    page = context.new_page()
    page.goto(probe.url + "?precompile=0")
    wait_ready(page)
    page.evaluate("""() => window.__benchWorker.postMessage(JSON.stringify({kind: "precompile", cache: "house-games|/|x",
        pyodide: "0.0.0", off: "", header: "X-House-Games-Compiled", files: {stdlib: new URL("vendor/pyodide/python_stdlib.zip", location.href).href}}))""")
    assert precompiled(page) == "other-runtime"
