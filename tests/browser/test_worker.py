"""Python runs in a Web Worker: the page stays responsive while a computer seat thinks, a "thinking…" mark shows,
and the main thread has no long task (Long Tasks API, over 50 ms) from first paint to ready or during a bot's turn."""

from __future__ import annotations

import io

from PIL import Image
from playwright.sync_api import Locator

from .conftest import wait_ready

#: how long each computer step searches with ?think= (the worker is busy all that time)
THINK_MS = 4000

#: records every main-thread long task (start, duration) from the document's start
LONG_TASKS = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.__longTasks = null; }
"""


def long_tasks(page, since: float = 0.0) -> list[list[float]]:
    tasks = page.evaluate("window.__longTasks")
    assert tasks is not None, "this browser has no Long Tasks API"
    return [t for t in tasks if t[0] >= since]


def start_computer_game(page, query: str = "") -> None:
    """From the start screen: Barrio, two computer seats (strong), Start."""
    page.locator("label[for=game-barrio]").click()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("bot:strong")
    page.locator("#f-seat-1").select_option("bot:strong")
    page.locator("#start-game").click()
    # the table, or already the end screen: two computers without a pause may play the whole game in a second
    page.locator("header.topbar h1, #end-screen").first.wait_for(timeout=60_000)


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


def test_a_tap_is_answered_while_the_strong_computer_seat_thinks(make_context, site_url):
    context = make_context(has_touch=False, is_mobile=False)  # a mouse, so a held press can be checked
    context.add_init_script(LONG_TASKS)
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
    # the mark goes away when the step is done, and no long task blocked the page meanwhile
    page.wait_for_function("window.__thinkingEnded === true", timeout=THINK_MS * 3)
    slow = [t for t in long_tasks(page, since) if t[1] > 50]
    assert not slow, f"main-thread long tasks while the bot thought: {slow}"


def test_no_long_task_from_first_paint_to_ready_in_an_offline_start(make_context, site_url):
    context = make_context()
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    page.goto(site_url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
    context.set_offline(True)
    page.reload()
    wait_ready(page)
    paint = page.evaluate("(performance.getEntriesByName('first-paint')[0] || {startTime: 0}).startTime")
    slow = [t for t in long_tasks(page, paint) if t[1] > 50]
    assert not slow, f"main-thread long tasks between first paint and ready: {slow}"
