"""Python runs in a Web Worker: the page stays responsive while a computer seat thinks, a "thinking…" mark shows,
and the page keeps painting frames while Python starts and while a bot thinks.

How long the main thread's longest task is (goal ≤ 50 ms) is a benchmark figure (``main_thread`` in
docs/benchmarks.md), not a test: on a loaded two-core machine the one-time evaluation of PyScript's module alone
took 111 ms. What a test can hold without timing the machine is the design: no Python runs on the page's thread
(no runtime file is fetched or run there), and the page never freezes for as long as Python's start or a
computer's search takes (seconds), which it would if either ran on the page's thread."""

from __future__ import annotations

import pytest

import io

from PIL import Image
from playwright.sync_api import Locator

from .conftest import wait_ready

#: the page's thread while Python starts the first time (see conftest.make_context): the tests of what runs or is
#: fetched on the page's thread, and of its frames while Python starts
first_visit = pytest.mark.first_visit

#: how long each computer step searches with ?think= (the worker is busy all that time)
THINK_MS = 4000

#: A freeze a player would take for a hang: far longer than any task the page's own scripts run (tens of ms,
#: a few hundred on a loaded machine), far shorter than Python's start or a strong computer's step (seconds).
FREEZE_MS = 1500

#: records when each animation frame ran and every script the Long Animation Frames API saw run in a long
#: frame (its source and duration), from the document's start
FRAMES = """
window.__frames = [];
(function tick(now) { window.__frames.push(now); requestAnimationFrame(tick); })(0);
window.__longScripts = [];
try {
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries())
      for (const s of frame.scripts) window.__longScripts.push([s.startTime, s.duration, s.sourceURL, s.invoker]);
  }).observe({ type: "long-animation-frame", buffered: true });
} catch (e) { window.__longScripts = null; }
"""


def longest_gap(page, since: float, until: float) -> float:
    """The longest time between two painted frames (ms) from ``since`` to ``until`` in the page's clock."""
    frames = [t for t in page.evaluate("window.__frames") if since <= t <= until]
    assert len(frames) > 2, f"the page painted {len(frames)} frames from {since} to {until} ms"
    return max(b - a for a, b in zip(frames, frames[1:]))


def runtime_on_the_page(page) -> list:
    """Python runtime files (Pyodide, the stdlib, our wheel) the page's own thread fetched or ran: none belong there."""
    names = ("pyodide.asm", "python_stdlib", ".whl", "pyodide.mjs")
    fetched = page.evaluate("performance.getEntriesByType('resource').map(e => e.name)")
    scripts = page.evaluate("window.__longScripts")
    assert scripts is not None, "this browser has no Long Animation Frames API"
    return [url for url in fetched + [s[2] for s in scripts] if any(n in url for n in names)]


def start_computer_game(page, query: str = "") -> None:
    """From the start screen: Barrio, two computer seats (strong), Start."""
    page.locator("label[for=game-barrio]").click()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("bot:strong")
    page.locator("#f-seat-1").select_option("bot:strong")
    # not waiting for the worker to be idle, as every other tap does: two computers keep it busy to the game's end
    Locator.click.__wrapped__(page.locator("#start-game"))
    # the table, or already the end screen: two computers without a pause may play the whole game in a second
    page.locator("header.topbar h1, #end-screen").first.wait_for(timeout=60_000)


@first_visit
def test_the_start_screen_and_a_game_answer_while_python_runs_in_its_worker(page, open_app):
    open_app(page, query="?pause=3600000")  # the computers wait: the game stays open to be asked about
    assert page.locator('script[type="py"]').count() == 0  # nothing runs Python on the page's thread
    assert page.evaluate("houseGames.inspect('screen')") is None  # the worker answers: no game open yet
    start_computer_game(page)
    assert page.evaluate("houseGames.inspect('screen.match.game_id')") == "barrio"


#: True once the board's canvas was handed over to the worker (the page can no longer draw on it)
#: the table shows pictures the worker painted: its canvas has a bitmap renderer, so it gives no 2D context
PAINTED = """() => {
  const canvas = document.querySelector('.board canvas');
  return !!canvas && canvas.getContext('2d') === null;
}"""


def colours(png: bytes) -> int:
    """How many different colours a screenshot has (a blank canvas has one)."""
    return len(Image.open(io.BytesIO(png)).convert("RGB").getcolors(1 << 24) or [])


def test_the_table_is_painted_in_the_worker_and_drawn_by_the_page_where_pictures_cannot_be_sent(page, open_app, make_context):
    def open_barrio(page) -> None:
        open_app(page, query="?pause=3600000")  # the computer never moves: one settled table
        page.locator("label[for=game-barrio]").click()
        page.locator("#start-game").click()
        page.locator(".board canvas").first.wait_for()

    open_barrio(page)
    page.wait_for_function(PAINTED)
    page.wait_for_function("houseGames.idle()")
    assert colours(page.locator(".board canvas").first.screenshot()) > 20  # cards, letters, market: drawn by the worker
    # a browser whose page cannot take a painted picture (no ImageBitmap, as in older Safari): the page draws the frames
    legacy = make_context().new_page()
    legacy.add_init_script("delete window.ImageBitmap;")
    open_barrio(legacy)
    legacy.wait_for_function("houseGames.idle()")
    assert legacy.evaluate(PAINTED) is False
    drawn = legacy.evaluate("""() => {
      const c = document.querySelector('.board canvas');
      const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const seen = new Set();
      for (let i = 0; i < data.length; i += 4 * 97) seen.add((data[i] << 16) | (data[i + 1] << 8) | data[i + 2]);
      return seen.size;
    }""")
    assert drawn > 20


@first_visit
def test_a_tap_is_answered_while_the_strong_computer_seat_thinks(make_context, site_url):
    context = make_context(has_touch=False, is_mobile=False)  # a mouse, so a held press can be checked
    context.add_init_script(FRAMES)
    page = context.new_page()
    page.goto(site_url + f"?pause=0&think={THINK_MS}")
    wait_ready(page)
    start_computer_game(page)
    mark = page.locator("#thinking-mark")
    mark.wait_for(state="visible", timeout=30_000)
    assert "thinking" in mark.inner_text().lower()
    assert page.evaluate("document.documentElement.dataset.thinking") == "true"
    since = page.evaluate("performance.now()")
    # the next computer seat starts at once (?pause=0), so the mark may be hidden for less than a poll: record it
    mark.evaluate("""m => new MutationObserver(() => { if (m.hidden) window.__thinkingEnded = true; })
        .observe(m, { attributes: true, attributeFilter: ["hidden"] })""")
    # native controls answer at once: the rules panel opens or closes while Python is still computing
    rules = page.locator("#barrio-rules")
    rules.evaluate("""d => d.addEventListener("toggle", () => {
        window.__toggledWhileThinking = document.documentElement.dataset.thinking === "true";
    }, { once: true })""")
    # a real click (scrolled into view, at the summary's place when it is stable), without waiting for Python
    summary = page.locator("#barrio-rules > summary")
    Locator.click.__wrapped__(summary, timeout=THINK_MS)
    page.wait_for_function("window.__toggledWhileThinking !== undefined", timeout=THINK_MS)
    assert page.evaluate("window.__toggledWhileThinking"), "the panel only moved once Python had finished"
    # a press shows on the main thread: the menu button takes its :active look while held
    menu = page.locator("#menu")
    menu.scroll_into_view_if_needed()  # the click on the rules may have scrolled the page
    box = menu.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    pressed = menu.evaluate("b => b.matches(':active') && getComputedStyle(b).transform !== 'none'")
    page.mouse.move(0, 0)  # leave before releasing: a press, not a click on Menu
    page.mouse.up()
    assert pressed, "no pressed look while the button is held"
    # the mark goes away when the step is done, and the page kept painting all the while the bot searched
    page.wait_for_function("window.__thinkingEnded === true", timeout=THINK_MS * 3)
    gap = longest_gap(page, since, page.evaluate("performance.now()"))
    assert gap < FREEZE_MS, f"the page froze {gap:.0f} ms while a computer searched for {THINK_MS} ms a step"
    assert runtime_on_the_page(page) == []


@first_visit
def test_the_page_keeps_painting_while_python_starts_offline(make_context, site_url):
    context = make_context()
    context.add_init_script(FRAMES)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    paint = page.evaluate("(performance.getEntriesByName('first-paint')[0] || {startTime: 0}).startTime")
    ready = page.evaluate("performance.getEntriesByName('house-games:worker-ready')[0].startTime")
    assert ready - paint > FREEZE_MS, "Python started too fast here for a freeze to show: the check says nothing"
    gap = longest_gap(page, paint, ready)
    assert gap < FREEZE_MS, f"the page froze {gap:.0f} ms while Python started"
    assert runtime_on_the_page(page) == []
