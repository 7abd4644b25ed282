"""The canvas in step with its buttons (issue 25, item 4): after a tap, the table's picture, its buttons (the overlay
targets and the bar) and the prompt change in the same animation frame; and a new game's first visible frame already
shows its table, in every game.

An init script watches every animation frame: a signature of the table's pixels (the canvas drawn small onto a
scratch canvas) and of the buttons and status line in ``#app``. It keeps the frames where either changed."""

from __future__ import annotations

import game.barrio as B
from game.ui.barrio.table import taps_for

from .conftest import settle
from .test_barrio_ui import read_match, start as start_barrio, wait_for

#: per animation frame: [frame number, time, canvas signature, canvas colours, DOM signature, app visible]
FRAME_WATCH = """
(() => {
  const frames = [];
  window.__frames = frames;
  let n = 0, last = "";
  const W = 180, H = 320;
  let scratch = null, flat = null;
  function hash(text) { let h = 0; for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0; return h; }
  function canvasSig() {
    const canvas = document.querySelector("#app .board canvas");
    if (!canvas || !canvas.width || !canvas.isConnected) return ["none", 0];
    if (!scratch) { scratch = document.createElement("canvas"); scratch.width = W; scratch.height = H;
                    flat = scratch.getContext("2d", { willReadFrequently: true }); }
    flat.clearRect(0, 0, W, H);
    try { flat.drawImage(canvas, 0, 0, W, H); } catch (e) { return ["unreadable", 0]; }
    const data = flat.getImageData(0, 0, W, H).data;
    let h = 0;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) {
      const v = ((data[i] << 24) | (data[i + 1] << 16) | (data[i + 2] << 8) | data[i + 3]) | 0;
      h = (Math.imul(h, 31) + v) | 0;
      if (colours.size < 64) colours.add(v);
    }
    return [String(h), colours.size];
  }
  function domSig() {
    const app = document.getElementById("app");
    if (!app || app.hidden) return "hidden";
    const parts = [];
    for (const b of app.querySelectorAll("button")) {
      if (b.offsetParent === null) continue; // not shown
      parts.push([b.dataset.key || b.id, b.getAttribute("aria-label") || b.textContent, b.disabled,
                  b.dataset.legal || "", b.getAttribute("aria-pressed") || ""].join("|"));
    }
    const status = document.getElementById("status");
    parts.push(status ? status.textContent : "");
    return String(hash(parts.join("\\n")));
  }
  function watch() {
    n += 1;
    const [c, colours] = canvasSig();
    const d = domSig();
    const app = document.getElementById("app");
    const visible = !!app && !app.hidden;
    const key = c + "/" + d + "/" + visible;
    if (key !== last) { frames.push([n, performance.now(), c, colours, d, visible]); last = key; }
    requestAnimationFrame(watch);
  }
  requestAnimationFrame(watch);
})();
"""


def frames_since(page, t0: float) -> list[list]:
    return page.evaluate("t => window.__frames.filter(f => f[1] >= t)", t0)


def first_changes(before: list, frames: list[list]) -> tuple[int | None, int | None]:
    """The frame numbers where the canvas and the DOM first differ from ``before`` (a frame record)."""
    canvas_at = next((f[0] for f in frames if f[2] != before[2]), None)
    dom_at = next((f[0] for f in frames if f[4] != before[4]), None)
    return canvas_at, dom_at


def test_after_each_tap_the_canvas_and_the_buttons_change_in_the_same_frame(make_context, open_app):
    context = make_context()
    context.add_init_script(FRAME_WATCH)
    page = context.new_page()
    # against Klaus: no computer seat moves after a tap, so everything a tap changes comes from that tap alone
    start_barrio(page, open_app, players=1, seed=9, query="?pause=0")
    settle(page)
    bot = B.SPEC.make_bot("weak", 3)
    match = read_match(page)
    checked, apart = 0, []
    while checked < 8 and not B.SPEC.is_over(match.state):
        view, legal = B.SPEC.view(match.state, 0), B.SPEC.legal_actions(match.state)
        action = bot.choose(view, legal)
        for key in taps_for(action, view, legal):
            page.wait_for_timeout(80)  # every frame of the last change is over
            before = page.evaluate("window.__frames[window.__frames.length - 1]")
            t0 = page.evaluate("performance.now()")
            page.locator(f'#barrio-board button[data-key="{key}"]').tap()
            settle(page)
            page.wait_for_timeout(80)
            canvas_at, dom_at = first_changes(before, frames_since(page, t0))
            if canvas_at is not None and dom_at is not None:
                checked += 1
                if canvas_at != dom_at:
                    apart.append((key, action.get("type"), canvas_at, dom_at))
        n = len(match.entries)
        match.apply(action)
        wait_for(page, lambda n=n: len(read_match(page).entries) > n, 20, f"the app to take {action}")
        match = read_match(page)
    assert checked >= 8, f"only {checked} taps changed both the table and its buttons"
    assert not apart, f"taps whose canvas and buttons changed in different frames (key, action, canvas, DOM): {apart}"


START = {
    "barrio": ("1", []),
    "nyhavn": ("2", ["human", "bot:weak"]),
    "neueheimat": ("3", ["human", "bot:weak", "bot:weak"]),
}


def test_a_new_games_first_visible_frame_shows_its_table(make_context, open_app):
    context = make_context()
    context.add_init_script(FRAME_WATCH)
    page = context.new_page()
    open_app(page, query="?pause=3600000")  # no computer moves: the first frame is the setup's
    for game_id, (players, seats) in START.items():
        page.locator(f"label[for=game-{game_id}]").tap()
        page.locator("#f-players").select_option(players)
        for i, seat in enumerate(seats):
            page.locator(f"#f-seat-{i}").select_option(seat)
        t0 = page.evaluate("performance.now()")
        page.get_by_role("button", name="Start new game").tap()
        page.locator("#app .board canvas").first.wait_for()
        settle(page)
        page.wait_for_timeout(100)
        shown = [f for f in frames_since(page, t0) if f[5] and f[2] != "none"]
        assert shown, f"{game_id}: the table never showed"
        assert shown[0][3] > 8, f"{game_id}: the first frame with the table on screen is blank ({shown[0][3]} colours)"
        page.locator("#menu").tap()  # back to the start screen for the next game
        page.locator("#start-game").wait_for()
