#!/usr/bin/env python3
"""Which standard-library modules the app really imports: ``python3 tests/bench/imports.py [--dist DIR]``.

Serves an instrumented copy of the built site (``tests/bench/probe.py``),
opens it in headless Chromium and, in the app's own Python worker, goes
through every game: a new match in its screen with every computer strength
deciding, a whole computer game to its end screen, a save and a reload, a
refused action's message, the solo automa, then back to the start screen.
It then writes every module in ``sys.modules`` that comes from the stdlib zip
to ``stdlib-modules.txt`` (sorted, one per line), which ``build.py`` keeps in
the trimmed ``python_stdlib.zip`` on top of the static closure of our
package's imports. Run it on an *untrimmed* build (``--full``: the build with
every stdlib module) whenever the app starts using a new part of the stdlib;
the browser tests then prove the trimmed site still works.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.bench.probe import instrumented_copy, py  # noqa: E402

#: Exercised in the worker; leaves the sorted module names in ``result``.
SURVEY = """
import json, sys
from game import GAMES
from game.core import Match, Seat, IllegalAction
from game.ui.catalog import new_game_options, probe
from game.ui.app import screen_class
done = []
for gid in GAMES:
    info = probe(gid)
    if not info.available:
        continue
    for ui in (False, True):
        app.params["ui"] = "list" if ui else ""
        app.start_match(gid, 2, [Seat("human"), Seat("computer", info.default_bot)], 7, new_game_options(gid, 2, {}, 7))
        app.screen.render()
    spec = app.screen.spec
    match = app.screen.match
    state = match.state
    for name in info.bot_names:
        bot = spec.make_bot(name, 3, iterations=20) if "iterations" in spec.make_bot.__code__.co_varnames else spec.make_bot(name, 3)
        seat = spec.current_player(state)
        bot.choose(spec.view(state, seat), spec.legal_actions(state))
    try:
        spec.apply_action(state, {"type": "no-such-action"})
    except (IllegalAction, Exception) as exc:
        text = exc.text("es") if hasattr(exc, "text") else str(exc)
    name = info.bot_names[0]
    match = Match.new(gid, 2, 5, [Seat("computer", name), Seat("computer", name)], **new_game_options(gid, 2, {}, 5))
    bots = [spec.make_bot(name, 5 + i) for i in range(2)]
    while not spec.is_over(match.state):
        s = match.current_player()
        match.apply(bots[s].choose(spec.view(match.state, s), spec.legal_actions(match.state)))
    saved = match.to_json() if hasattr(match, "to_json") else None
    app.autosave(match)
    app.resume()
    app.play(match)
    app.show_start()
    done.append(gid)
if "barrio" in done:
    app.params["ui"] = ""
    app.start_match("barrio", 1, [Seat("human")], 9, new_game_options("barrio", 1, {"level": "A"}, 9))
    app.screen.render()
    app.show_start()
result = {"games": done, "modules": sorted(m for m in sys.modules), "files": sorted(
    {getattr(m, "__file__", None) or "" for m in list(sys.modules.values())} - {""})}
"""


def survey(dist: Path) -> tuple[list[str], list[str]]:
    """(games exercised, stdlib modules imported) in the app served from ``dist``."""
    from playwright.sync_api import sync_playwright

    from tests.bench.browser import CountingServer
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, wait_ready

    with tempfile.TemporaryDirectory(prefix="bench-imports-") as tmp:
        copy = instrumented_copy(dist, Path(tmp) / "site")
        server = CountingServer(copy)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                try:
                    page = browser.new_context(**PHONE).new_page()
                    page.goto(server.url + "?pause=3600000")
                    wait_ready(page)
                    found = py(page, SURVEY)
                finally:
                    browser.close()
        finally:
            server.stop()
    stdlib = sorted(m for m, f in stdlib_files(found["files"]))
    return found["games"], stdlib


def stdlib_files(files: list[str]) -> list[tuple[str, str]]:
    """(module, file) of the files inside the runtime's stdlib zip (``/lib/python314.zip/…``)."""
    out = []
    for f in files:
        found = re.search(r"/lib/python3\d+\.zip/(.+)$", f)
        if not found:
            continue
        rel = found.group(1)
        if not rel.endswith(".py"):
            continue
        module = rel[:-3].replace("/", ".").removesuffix(".__init__")
        out.append((module, f))
    return out


def main(argv: list[str] | None = None) -> int:
    """Survey the app's imports and write ``stdlib-modules.txt``."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, help="a built site (default: a full-stdlib build in a temporary directory)")
    parser.add_argument("--out", type=Path, default=build.STDLIB_USED)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-imports-dist-") as tmp:
        dist = args.dist
        if dist is None:
            dist = Path(tmp) / "dist"
            build.build(dist, full_stdlib=True)
        games, modules = survey(dist.resolve())
    args.out.write_text("".join(m + "\n" for m in modules))
    print(f"{len(modules)} stdlib modules imported over {', '.join(games)}; written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
