"""``input_to_frame_ms``: from a tap to the animation frame that shows its result, per game, in the real app.

A game against a weak computer seat is started from the start screen; then taps land on random enabled things the
table offers (its target buttons and the bar's buttons: picking, placing, bidding…), one at a time. For each tap the
page records the ``pointerdown`` time and the time of the next frame ``site/bridge.js`` applies
(``window.houseGamesFrameApplied``, called once a frame's operations and pictures are on the page), which is
the frame that shows the tap's answer: the worker answers a tap in the turn that handles it, before any computer
move. The computer seat moves only after ``PAUSE_MS`` (``?pause=``) and its thinking is never inside a sample,
so the figure counts our own work only: the event reaching the worker, the rules, the redraw, painting, the message
and the page applying it. A tap the worker answers without a new frame (a refusal's toast) gives no sample.
Taps go on until ``taps`` samples are taken (at most four times as many taps, within ``GAME_LIMIT_S``); the waits
for the computer's turns are not counted as tries, so that a game against it still gives its samples: with 16
samples, as Barrio gave before, the "p95" was the slowest single tap. Nothing here asserts timings.

``input_to_frame_ms_cpu4``: the same taps at a phone's speed, 4x slower. DevTools' ``Emulation.setCPUThrottlingRate``
slows the page's thread only: sent to the app's worker (a ``Target.setAutoAttach`` session) Chromium answers
"Operation is only supported for pages, not workers", and a worker's busy loop runs as fast under a throttled page as
under a free one. So the page is throttled by DevTools and the worker by :data:`WORKER_HOOK`, which the bench runs in
the app's own worker (the instrumented copy, ``tests/bench/probe.py``): each part of a turn (Python's work up to a
paint, each paint, the rest up to the message) is followed by a busy wait of ``rate - 1`` times its own length. What
Pyodide does outside Python (receiving the message, posting) is not slowed: a little under 4x in all.

``input_to_frame_parts_ms``: where each sample's time went, medians over the samples: ``messages`` (the tap to
Python's turn starting, plus the message with the picture reaching the page), ``python`` (the turn's work but
painting), ``painting`` (``render.js`` on the worker's canvas and taking the bitmap), ``frame`` (the message received
to the frame applied: waiting for the animation frame and applying the turn). Times on both sides are
``performance.timeOrigin + performance.now()``, one clock for the page and its worker.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

#: the page's clock at each tap (``pointerdown``, capture phase: before anything else handles it) and at each
#: frame the bridge applied
INPUT_PROBE = """
window.__benchTaps = [];
window.__benchFrames = [];
addEventListener("pointerdown", () => window.__benchTaps.push(performance.now()), true);
window.houseGamesFrameApplied = (t) => window.__benchFrames.push(t);
"""

#: run once the page is ready (the instrumented copy keeps its worker in ``window.__benchWorker``): the wall time
#: (``timeOrigin + now``) of every message with pictures reaching the page
MESSAGE_PROBE = """() => {
  window.__benchPictures = [];
  window.__benchWorker.addEventListener("message", (event) => {
    const data = event.data;
    if (data && data.kind === "ops" && data.bitmaps && data.bitmaps.length)
      window.__benchPictures.push(performance.timeOrigin + performance.now());
  });
}"""

#: Python run in the app's worker (``%(rate)s``: the worker's slowdown): records each turn's times in ``_bench_turns``
#: and stretches each part of it ``rate`` times (a busy wait after it)
WORKER_HOOK = """
import time as _time
import js as _js
from game.ui import dom as _dom
_page, _host = _dom.page, _dom.page.host
_rate = %(rate)s
_bench_turns = []
_turn = {}

def _wall():
    return float(_js.performance.timeOrigin) + float(_js.performance.now())

def _stretch(since):
    now = _wall()
    if _rate > 1:
        end = _time.perf_counter() + (now - since) * (_rate - 1) / 1000
        while _time.perf_counter() < end:
            pass
    return _wall()

def _receive(text, _orig=_page.receive):
    _turn.clear()
    _turn.update(start=_wall(), painting=0.0, python=0.0)
    _turn["mark"] = _turn["start"]
    try:
        _orig(text)
    finally:
        _turn.clear()  # every message's turn ends with its flush: a timer's later frame is not this one's

def _paint(*args, _orig=_host.paint):
    if _turn:
        t = _stretch(_turn["mark"])
        _turn["python"] += t - _turn["mark"]
    else:
        t = _wall()
    bitmap = _orig(*args)
    end = _stretch(t)
    if _turn:
        _turn["painting"] += end - t
        _turn["mark"] = end
    return bitmap

def _post_bitmaps(text, bitmaps, _orig=_host.post_bitmaps):
    if _turn:
        end = _stretch(_turn["mark"])
        _turn["python"] += end - _turn["mark"]
        _bench_turns.append({"start": _turn["start"], "python": _turn["python"], "painting": _turn["painting"],
                             "posted": end})
        _turn.clear()
    _orig(text, bitmaps)

_page.receive = _receive
_host.paint = _paint
_host.post_bitmaps = _post_bitmaps
result = True
"""

#: who sits at each game's table: seat 0 is the tapping player
SEATS = {"barrio": ["human", "bot:weak"], "nyhavn": ["human", "bot:weak"], "neueheimat": ["human", "bot:weak", "bot:weak"]}
#: what a player may tap on a table: its targets and the game's own buttons (not the header's Undo, Hint, Menu)
TAPPABLE = ("#app section.table button:not([disabled]):not([aria-disabled=true])")
#: the computer's pause before it moves (ms): long enough that a tap's frame always comes first
PAUSE_MS = 1500
#: how long one game's taps may take (s): a game against the computer is mostly its pauses
GAME_LIMIT_S = 240


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0–1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def input_to_frame(bench: Any, url: str, games: list[str], taps: int = 30, seed: int = 1,
                   rate: int = 1) -> dict[str, Any]:
    """Per game: ``median`` and ``p95`` in ms over ``samples`` taps, and the ``parts`` (None for a game this does
    not know); ``url`` is the instrumented copy's (``tests/bench/probe.py``), ``rate`` the CPU slowdown."""
    out: dict[str, Any] = {}
    for gid in games:
        out[gid] = measure_game(bench, url, gid, taps, seed, rate) if gid in SEATS else None
    return out


def measure_game(bench: Any, url: str, gid: str, taps: int, seed: int, rate: int = 1) -> dict[str, Any] | None:
    from tests.bench.probe import py

    context = bench.context()
    context.add_init_script(INPUT_PROBE)
    try:
        page = context.new_page()
        bench.visit(page, url + f"?pause={PAUSE_MS}")
        page.evaluate(MESSAGE_PROBE)
        py(page, WORKER_HOOK % {"rate": rate})
        if rate > 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.locator(f"label[for=game-{gid}]").tap()
        page.locator("#f-players").select_option(str(len(SEATS[gid])))
        for i, seat in enumerate(SEATS[gid]):
            page.locator(f"#f-seat-{i}").select_option(seat)
        page.locator("#start-game").tap()
        page.locator("#app section.table").wait_for()
        rng = random.Random(seed)
        samples: list[float] = []
        parts: list[dict[str, float]] = []
        tries = 0  # taps tried (the computer's turns, waited for, do not count: a game has many of them)
        deadline = time.monotonic() + GAME_LIMIT_S
        while tries < taps * 4 and time.monotonic() < deadline:
            if len(samples) >= taps or page.locator("#end-screen").count():
                break
            page.wait_for_function("houseGames.idle()")
            candidates = page.locator(TAPPABLE)
            count = candidates.count()
            if not count:  # the computer's turn: wait for it
                page.wait_for_timeout(300)
                continue
            tries += 1
            seen = page.evaluate("window.__benchFrames.length")
            try:
                candidates.nth(rng.randrange(count)).tap(timeout=3_000)
            except Exception:  # it went away (the table changed under the finger): no sample
                continue
            page.wait_for_function("houseGames.idle()")
            tapped, frames = page.evaluate(f"[window.__benchTaps[window.__benchTaps.length - 1], window.__benchFrames.slice({seen})]")
            after = [t for t in frames if t >= tapped]
            if after:
                samples.append(after[0] - tapped)
                split = tap_parts(page, tapped, after[0])
                if split is not None:
                    parts.append(split)
        if not samples:
            return None
        return {"median": round(statistics.median(samples), 1), "p95": round(percentile(samples, 0.95), 1),
                "samples": len(samples),
                "parts": {k: round(statistics.median(p[k] for p in parts), 1) for k in PARTS} if parts else None}
    finally:
        context.close()


#: the parts of a tap's time (see the module's doc)
PARTS = ("messages", "python", "painting", "frame")


def tap_parts(page: Any, tapped: float, shown: float) -> dict[str, float] | None:
    """How the sample from ``tapped`` to ``shown`` (the page's clock) split: the worker's first turn with a picture
    that started after the tap, and that picture's message reaching the page. None when they cannot be matched."""
    from tests.bench.probe import py

    origin, pictures = page.evaluate("[performance.timeOrigin, window.__benchPictures]")
    tap, frame = origin + tapped, origin + shown
    turns = [t for t in py(page, "result = list(_bench_turns)\n_bench_turns.clear()") if t["start"] >= tap]
    if not turns:
        return None
    turn = turns[0]
    received = next((t for t in pictures if t >= turn["posted"] - 0.5), None)
    if received is None or received > frame:
        return None
    return {"messages": (turn["start"] - tap) + (received - turn["posted"]), "python": turn["python"],
            "painting": turn["painting"], "frame": frame - received}
