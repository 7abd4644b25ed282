"""The shared table (issue 39) in real browsers: a laptop is the table, two phones play, a third phone watches.

Run by ``tests/browser/test_table_display.py`` inside a network namespace the test creates (``unshare -n``, loopback
only), as ``tests/browser/multidevice_run.py`` is (its phones, pairing through the real QR images and touch moves are
used here). It writes what it saw as JSON for the test to check:

- the host's start screen: the shared-table choice turns every seat into "Another phone";
- the host's screen: what it says and shows (no hand, hint, guide, Undo), every text its canvas drew, and whether a
  tap on each of its table's targets changed the game;
- the spectator's phone: paired from the host's "Code to watch", every message it received, the words of its table,
  a move it tried straight down its channel;
- the host's record of the game, to rebuild each position in CPython.

    python3 -m tests.browser.table_display_run DIST OUT.json
"""

from __future__ import annotations

import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402
from tests.browser import multidevice_run as md  # noqa: E402

#: the shared table's screen: a laptop (a mouse, no touch), as a room would use it (or a TV)
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}
#: every text a page's canvas draws is kept (the page calls the probe for every frame: game/ui/README.md)
TEXTS = """window.houseGamesDrawnTexts = new Set();
window.houseGamesFrameProbe = (canvas, commands) => { for (const c of commands) if (c[0] === "text") window.houseGamesDrawnTexts.add(String(c[3])); };"""
#: how many moves the two phones make (a third of a game: the last move shows on the table, the spectator follows)
MOVES = 24
WATCHER = 100  # game/ui/multidevice.py FIRST_WATCHER: the first spectator's connection


def make_phone(pw: Any, name: str, context: dict[str, Any] | None = None) -> md.Phone:
    """A browser of its own (as ``multidevice_run.Phone``), with ``context`` instead of a phone's (the laptop) and
    its canvas texts recorded."""
    saved = md.PHONE
    md.PHONE = context or saved  # (Phone reads its context's settings from there)
    try:
        phone = md.Phone(pw, name)
    finally:
        md.PHONE = saved
    phone.context.add_init_script(TEXTS)
    phone.page.close()
    phone.page = phone.context.new_page()  # a page that runs the probe from its start
    phone.page.on("pageerror", lambda e: phone.problems.append(f"pageerror: {e}"))
    phone.page.on("console", lambda m: phone.problems.append(f"console.error: {m.text}") if m.type == "error" else None)
    return phone


def drawn_texts(phone: md.Phone) -> list[str]:
    return list(phone.page.evaluate("[...window.houseGamesDrawnTexts]"))


def host_screen(host: md.Phone) -> dict[str, Any]:
    """What the shared table's screen shows and offers."""
    page = host.page
    return {"status": page.locator("#status").inner_text(), "last_played": page.locator("#last-played").inner_text(),
            "hint_visible": page.locator("#hint").is_visible(), "undo_visible": page.locator("#undo").is_visible(),
            "guide_visible": page.locator("#guide").is_visible(), "guide_again": page.locator("#guide-again").count(),
            "hand_targets": page.locator("#barrio-board button[data-key^='hand-']").count(),
            "table_class": page.locator(".game.table-display").count(),
            "status_px": page.evaluate("parseFloat(getComputedStyle(document.getElementById('status')).fontSize)"),
            "words": page.evaluate("document.body.innerText")}


def tap_everything(host: md.Phone) -> dict[str, Any]:
    """Tap each target of the host's table (and the keys a player would press): the game must not move."""
    page = host.page
    before = json.loads(page.evaluate("houseGames.autosave()"))["actions"]
    keys = page.locator("#barrio-board button.target").evaluate_all("bs => bs.map(b => b.dataset.key)")
    for key in keys:
        target = page.locator(f'#barrio-board button.target[data-key="{key}"]')
        if target.count():
            target.first.click(force=True, timeout=5000)
            page.wait_for_function("window.houseGames.idle()", timeout=30_000)
    page.keyboard.press("Escape")
    after = json.loads(page.evaluate("houseGames.autosave()"))["actions"]
    return {"targets": len(keys), "moves_before": len(before), "moves_after": len(after)}


def play(phones: list[md.Phone], seed: int, moves: int, limit_s: float = 240) -> int:
    """The two players' phones move by touch on their own tables until ``moves`` were made."""
    from game.core import load_spec

    spec = load_spec("barrio")
    bots = {seat: spec.make_bot(spec.bot_names[0], seed + seat) for seat in range(2)}
    made = 0
    deadline = time.monotonic() + limit_s
    while made < moves and time.monotonic() < deadline:
        acted = False
        for phone in phones:
            phone.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
            if phone.page.locator("#end-screen").count():
                return made
            if md.touch_move(phone, bots):
                phone.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
                made += 1
                acted = True
        if not acted:
            time.sleep(0.02)
    return made


def run(dist: Path, out: Path) -> None:
    from playwright.sync_api import sync_playwright

    from game.ui.multidevice import PROTOCOL_VERSION

    httpd = build.make_server(dist, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    result: dict[str, Any] = {"url": url}
    timing: dict[str, Any] = {}
    with sync_playwright() as pw:
        host = make_phone(pw, "host", LAPTOP)
        first, second, watcher = make_phone(pw, "first"), make_phone(pw, "second"), make_phone(pw, "watcher")
        phones = [host, first, second, watcher]
        try:
            host.ready(url + "?pause=0")
            page = host.page
            page.locator("label[for=game-barrio]").click()
            page.locator("#f-players").select_option("2")
            page.locator("#f-seat-0").select_option("human")  # two friends, as they would set this screen up
            page.locator("#f-seat-1").select_option("human")
            page.locator("#f-table").check()
            result["start"] = {"seats": [page.locator(f"#f-seat-{i}").input_value() for i in range(2)],
                               "choice": page.locator("#field-table").inner_text()}
            page.locator("#f-seed").fill("7")
            page.locator("#start-game").click()
            first.touch = second.touch = True
            result["pairing"] = [md.pair(host, first, 0, "?pause=0", timing), md.pair(host, second, 1, "?pause=0", timing)]
            page.locator("#pair-done").click()
            page.wait_for_function("!document.getElementById('pairing')")
            page.locator("#barrio-board").wait_for(state="attached", timeout=30_000)
            # a third phone asks to watch: the host's "Code to watch", the same QR flow
            page.locator("#watch-code").click()
            result["watch_pairing"] = md.pair(host, watcher, WATCHER, "?pause=0", timing)
            page.locator("#pair-done").click()
            page.wait_for_function("!document.getElementById('pairing')")
            watcher.page.locator("#barrio-board").wait_for(state="attached", timeout=30_000)
            page.wait_for_function("window.houseGames.idle()", timeout=30_000)
            result["host_at_start"] = host_screen(host)
            result["taps"] = tap_everything(host)
            result["moves"] = play([first, second], 7, MOVES)
            for phone in (host, watcher):
                phone.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
            time.sleep(0.3)  # (the last move's messages)
            result["host_after"] = host_screen(host)
            result["host_texts"] = drawn_texts(host)
            result["watcher_texts"] = drawn_texts(watcher)
            result["watcher_words"] = watcher.page.evaluate("document.body.innerText")
            result["watcher_hint_visible"] = watcher.page.locator("#hint").is_visible()
            # the spectator tries a move straight down its channel: refused in words, nothing changes
            before = host.page.evaluate("houseGames.autosave()")
            move = json.dumps({"v": PROTOCOL_VERSION, "kind": "act", "seq": 9000, "action": {"type": "draw", "source": "warehouse"}})
            result["watcher_move"] = md.evil(watcher, WATCHER, [move])
            result["saved_before_watcher_move"] = before
            result["saved"] = host.page.evaluate("houseGames.autosave()")
            result["watcher_messages"] = watcher.page.evaluate("window.houseGamesPeerLog")
        finally:
            md.finish_run(result, phones, out, httpd)


if __name__ == "__main__":
    run(Path(sys.argv[1]), Path(sys.argv[2]))
