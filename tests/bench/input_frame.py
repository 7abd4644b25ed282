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


def input_to_frame(bench: Any, url: str, games: list[str], taps: int = 30, seed: int = 1) -> dict[str, Any]:
    """Per game: ``median`` and ``p95`` in ms over ``samples`` taps (None for a game this does not know)."""
    out: dict[str, Any] = {}
    for gid in games:
        out[gid] = measure_game(bench, url, gid, taps, seed) if gid in SEATS else None
    return out


def measure_game(bench: Any, url: str, gid: str, taps: int, seed: int) -> dict[str, Any] | None:
    context = bench.context()
    context.add_init_script(INPUT_PROBE)
    try:
        page = context.new_page()
        bench.visit(page, url + f"?pause={PAUSE_MS}")
        page.locator(f"label[for=game-{gid}]").tap()
        page.locator("#f-players").select_option(str(len(SEATS[gid])))
        for i, seat in enumerate(SEATS[gid]):
            page.locator(f"#f-seat-{i}").select_option(seat)
        page.locator("#start-game").tap()
        page.locator("#app section.table").wait_for()
        rng = random.Random(seed)
        samples: list[float] = []
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
        if not samples:
            return None
        return {"median": round(statistics.median(samples), 1), "p95": round(percentile(samples, 0.95), 1),
                "samples": len(samples)}
    finally:
        context.close()
