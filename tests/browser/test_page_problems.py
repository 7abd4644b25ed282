"""The ``page_problems`` fixture catches what a broken page does: a Python exception raised
inside a handler (console error + error toast), an uncaught JavaScript error, and a console
error from a Web Worker. Each is provoked for real; the test then checks the collector saw it
and that its check would fail the test, and finally declares it expected."""

from __future__ import annotations

import pytest

from tests.bench.probe import instrumented_copy, py

from .conftest import Server, guarded
from .barrio_steps import start as start_barrio


@pytest.fixture
def probe_url(dist, tmp_path):
    """A copy of the site whose worker also runs Python sent by the test (the bench's probe hook): the way to
    make a Python handler raise now that Python runs in a worker the page cannot reach into."""
    server = Server(instrumented_copy(dist, tmp_path / "probe"))
    yield server.url
    server.stop()


def check_fails(problems) -> str:
    with pytest.raises(AssertionError) as failure:
        problems.check()
    return str(failure.value)


def test_a_raise_in_a_handler_a_js_error_and_a_worker_error_are_all_caught(page, open_app, page_problems, probe_url):
    start_barrio(page, lambda page, query="": open_app(page, url=probe_url, query=query), players=1, seed=8)
    problems = page_problems
    assert problems.unexpected() == []
    problems.check()  # a clean page passes

    # 1. a Python exception inside a handler: a tap on the table whose handler raises (the table's own
    #    tap handler, wrapped to fail, then given back), delivered as any tap is
    py(page, """
screen = app.screen
original = screen.board.on_tap
def broken(key):
    screen.board.on_tap = original
    raise ValueError("a handler that fails: " + key)
screen.board.on_tap = broken
""")
    page.locator("#barrio-board button.target:not([disabled])").first.dispatch_event("click")
    page.locator(".toast.error").first.wait_for()
    problems.settle()
    kinds = {kind for kind, text in problems.unexpected() if "ValueError" in text}
    assert {"error toast", "console error"} <= kinds, problems.unexpected()
    assert "ValueError" in check_fails(problems)
    problems.expect(r"ValueError")
    problems.check()
    assert page.locator("#barrio-board canvas").is_visible()  # and the page keeps working

    # 2. an uncaught JavaScript error (e.g. the renderer throwing on a command it does not know)
    page.evaluate("""() => setTimeout(() => window.houseGamesDraw(
        document.createElement('canvas'), JSON.stringify([["no-such-command"]])), 0)""")
    page.wait_for_timeout(200)
    problems.settle()
    assert any(kind == "uncaught error" and "no-such-command" in text for kind, text in problems.unexpected())
    assert "no-such-command" in check_fails(problems)
    problems.expect(r"no-such-command")

    # 3. a console error inside a Web Worker (Python is moving into one)
    page.evaluate("""() => new Promise((done) => {
        const w = new Worker(URL.createObjectURL(new Blob(
            ["console.error('worker trouble'); postMessage(1);"], {type: 'text/javascript'})));
        w.onmessage = () => done(0);
    })""")
    page.wait_for_timeout(200)
    problems.settle()
    assert any(kind.startswith("console error") and "worker trouble" in text for kind, text in problems.unexpected()), \
        problems.problems
    assert "worker trouble" in check_fails(problems)
    problems.expect(r"worker trouble")
    problems.check()

    # 4. an uncaught exception inside a Web Worker
    page.evaluate("""() => new Promise((done) => {
        const w = new Worker(URL.createObjectURL(new Blob(
            ["setTimeout(() => { throw new Error('worker blew up'); }, 0); setTimeout(() => postMessage(1), 50);"],
            {type: 'text/javascript'})));
        w.onmessage = () => done(0);
    })""")
    page.wait_for_timeout(300)
    problems.settle()
    assert any("worker blew up" in text for kind, text in problems.unexpected()), problems.problems
    problems.expect(r"worker blew up")
    problems.check()


def test_a_request_off_this_machine_is_stopped_and_reported_and_the_sites_own_are_not(browser, server):
    """The guard every test phone has (``guarded``): the driver matches its pattern itself, so check it for real: a
    request off this machine (a look-alike of 127.0.0.1 among them) is aborted and reported, the site's own goes
    through unreported."""
    seen: list[str] = []
    context = browser.new_context(service_workers="allow")
    try:
        guarded(context, seen.append, guided=False)
        page = context.new_page()
        page.goto(server.url + "version.json")
        outcome = page.evaluate("""async () => {
          const tries = {};
          for (const url of ["http://example.invalid/x.js", "https://127.0.0.1.example.invalid/", location.href]) {
            try { tries[url] = (await fetch(url)).status; } catch (error) { tries[url] = "refused"; }
          }
          return tries;
        }""")
    finally:
        context.close()
    assert outcome == {"http://example.invalid/x.js": "refused", "https://127.0.0.1.example.invalid/": "refused",
                       server.url + "version.json": 200}
    assert seen == ["http://example.invalid/x.js", "https://127.0.0.1.example.invalid/"]
