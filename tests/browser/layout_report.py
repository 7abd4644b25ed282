"""The layout figures of docs/benchmarks.md: each game opened in headless Chromium at the six screen shapes of
issue 14, measured as its layout test does (:mod:`tests.browser.layout`).

``python3 -m tests.browser.layout_report -n 3`` measures the first N games (barrio, nyhavn, neueheimat; ``--extra``:
also at 320×568 and 640×560 by touch) on the built ``dist/`` (``--dist`` for another build) and prints a Markdown
table; screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from .conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, GUIDED_BEFORE, Server, build, wait_ready
from .layout import NARROW, SIZES, SQUARISH, TEXT_PROBE, measure, problems
from .layout_games import GAMES


def open_game(browser: Any, url: str, game_id: str, touch: bool, width: int, height: int) -> tuple[Any, Any]:
    """A fresh context (touch or mouse) at ``width``×``height`` with ``game_id`` started; returns (context, page)."""
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}, "device_scale_factor": 2 if touch else 1,
                               "is_mobile": touch, "has_touch": touch}
    context = browser.new_context(**options)
    context.add_init_script(GUIDED_BEFORE)  # the table as a returning player sees it (no first-turn guide above it)
    context.add_init_script(TEXT_PROBE)
    page = context.new_page()
    page.goto(url + "?pause=3600000")
    wait_ready(page)
    GAMES[game_id].start(page)
    return context, page


def run_game(browser: Any, url: str, game_id: str, shots: bool = True, extra: bool = False) -> dict[str, dict[str, Any]]:
    """Measurements of ``game_id`` at every size: touch sizes in one context (resized), mouse sizes in another
    (``extra``: also the narrowest phone, 320×568, and a window a little wider than tall, 640×560, by touch)."""
    out: dict[str, dict[str, Any]] = {}
    for touch in (True, False):
        sizes = [s for s in SIZES if s[3] == touch] + ([NARROW, SQUARISH] if touch and extra else [])
        context, page = open_game(browser, url, game_id, touch, sizes[0][1], sizes[0][2])
        try:
            for name, width, height, _ in sizes:
                out[name] = measure(page, GAMES[game_id], width, height)
                if shots:
                    ARTIFACTS.mkdir(exist_ok=True)
                    page.screenshot(path=str(ARTIFACTS / f"layout-{game_id}-{name}.png"))
        finally:
            context.close()
    return out


def table(results: dict[str, dict[str, dict[str, Any]]]) -> str:
    """Markdown: per game and figure, one column per size."""
    names = [s[0] for s in SIZES] + [n for n in (NARROW[0], SQUARISH[0]) if any(n in r for r in results.values())]
    lines = ["| game · figure | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for gid, by_size in results.items():
        rows = {
            "targets under 44 px (of all)": lambda m: f"{sum(1 for s in m['small'] if min(s['w'], s['h']) < 43.5)} of {m['targets']}",
            "smallest target px": lambda m: f"{m['smallest']['px']:g}" if m["smallest"] else "–",
            "table / screen width": lambda m: f"{m['table_share']:.2f}",
            "page / screen height": lambda m: f"{m['page_height']:.2f}",
            "smallest text px (page, canvas)": lambda m: f"{m['text']['px']:g}, {m['canvas_text']['px'] if m['canvas_text'] else '–'}",
            "problems": lambda m: str(len(problems(m))),
        }
        for label, fn in rows.items():
            lines.append(f"| {gid} · {label} | " + " | ".join(fn(by_size[n]) for n in names) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-n", type=int, default=len(GAMES), help="how many games to measure (in order: barrio, nyhavn, neueheimat)")
    parser.add_argument("--dist", type=Path, default=None, help="a built site (default: build dist/)")
    parser.add_argument("--game", action="append", default=None, help="measure only this game (repeatable)")
    parser.add_argument("--frames", action="store_true",
                        help="also time full redraws (the bench's frame_ms at 390x844 and frame_ms_large at 1920x1080)")
    parser.add_argument("--json", action="store_true", help="print the raw measurements as JSON too")
    parser.add_argument("--extra", action="store_true", help="also measure 320x568 and 640x560 by touch")
    args = parser.parse_args(argv)
    # a given build (--dist, or the suite's HOUSE_GAMES_DIST: never rebuild a dist/ other tests are serving)
    given = args.dist or (Path(os.environ["HOUSE_GAMES_DIST"]) if os.environ.get("HOUSE_GAMES_DIST") else None)
    dist = given or build.DIST
    if given is None:
        build.build(build.DIST)
    from playwright.sync_api import sync_playwright

    server = Server(dist)
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            games = args.game or list(GAMES)[: args.n]
            try:
                results = {gid: run_game(browser, server.url, gid, extra=args.extra) for gid in games}
                if args.frames:
                    from tests.bench.browser import DESKTOP, Bench

                    import tempfile

                    from tests.bench.probe import instrumented_copy

                    bench = Bench.__new__(Bench)  # the bench's frame timing, in this browser
                    bench.browser, bench.outside, bench.problems = browser, [], []
                    with tempfile.TemporaryDirectory(prefix="layout-probe-") as tmp:
                        probe = Server(instrumented_copy(dist, Path(tmp) / "probe"))  # Python reachable in its worker
                        try:
                            frames = {"frame_ms (390x844)": bench.frames(probe.url, games),
                                      "frame_ms_large (1920x1080)": bench.frames(probe.url, games, **DESKTOP)}
                        finally:
                            probe.stop()
            finally:
                browser.close()
    finally:
        server.stop()
    print(table(results))
    if args.frames:
        print("\n| game | " + " | ".join(f"{k} median / p95" for k in frames) + " |\n|---|" + "---|" * len(frames))
        for gid in games:
            cells = [f"{f[gid]['median']} / {f[gid]['p95']}" if f.get(gid) else "–" for f in frames.values()]
            print(f"| {gid} | " + " | ".join(cells) + " |")
    for gid, by_size in results.items():
        for size, m in by_size.items():
            for p in problems(m):
                print(f"- {gid} {size}: {p}", file=sys.stderr)
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
