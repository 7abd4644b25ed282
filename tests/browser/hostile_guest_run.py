"""A hostile guest against a host, in real browsers paired over WebRTC (issue 39): run by
``tests/browser/test_hostile_guest.py`` (scenario ``hostile``) and by the bench (``burst``), inside a network
namespace the caller creates (``unshare -n``) with only loopback up, as ``multidevice_run.py``.

``hostile``: a page that pairs and never says hello (its channel's ``send`` does nothing) takes seat 1's code;
the host closes it and shows a new code; the real guest pairs with that code; a third page answers the same,
used code; then, on the guest's turns, messages written by hand go down its channel (a legal move with an extra
field, the same move with a number spelled as a float, a far-future ``seq``, 5,000 illegal moves at once); the
guest's own app plays on, the game is played to its end, and the storage of both phones is read.
``burst``: only the pairing and the 5,000 messages (the bench's ``multidevice.burst_host_busy_ms``).

    python3 -m tests.browser.hostile_guest_run DIST OUT.json SCENARIO
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
from tests.browser.multidevice_run import (Phone, data_url, finish_run, guest_list_move, guest_states, list_move, pair,  # noqa: E402
                                           play_to_end, qr_text, start_shared)

#: a squatter's page: its channel opens, and nothing it sends leaves (so it never says hello)
SILENT = "RTCDataChannel.prototype.send = function () {};"
BURST = 5000
SEAT = 1


def raw(guest: Phone, body: dict[str, Any]) -> None:
    """A message written by hand, straight down the guest's channel (its app never sees it)."""
    guest.page.evaluate("([s, t]) => window.houseGamesPairing.send(s, t)", [SEAT, json.dumps({"v": 2, **body})])


def received(guest: Phone) -> list[dict[str, Any]]:
    return [json.loads(m) for m in guest.page.evaluate("window.houseGamesPeerLog")]


def answer_to(guest: Phone, body: dict[str, Any], kinds: tuple[str, ...] = ("refused",)) -> dict[str, Any]:
    """Send ``body`` by hand and wait for the host's first answer of one of ``kinds`` after it."""
    before = len(received(guest))
    raw(guest, body)
    guest.page.wait_for_function(
        f"window.houseGamesPeerLog.slice({before}).some(m => {json.dumps(list(kinds))}.includes(JSON.parse(m).kind))",
        timeout=20_000)
    return next(m for m in received(guest)[before:] if m["kind"] in kinds)


def expected_seq(guest: Phone) -> int:
    """The ``seq`` the host expects next on this connection: a message numbered 0 is refused, saying which."""
    answer = answer_to(guest, {"kind": "ping", "seq": 0})
    assert answer["key"] == "multi.refused.repeat", answer
    return int(answer["expect"])


def host_turns(host: Phone, bots: dict[int, Any], guest: Phone) -> None:
    """The host moves (list UI) until its guest is to move, as the guest's last position says."""
    deadline = time.monotonic() + 60
    while True:
        host.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
        states = guest_states(guest)
        if states and states[-1]["legal"] and states[-1]["step"] == len(json.loads(host.page.evaluate("houseGames.autosave()"))["actions"]):
            return
        assert time.monotonic() < deadline, "the guest's turn never came"
        if not list_move(host, bots):
            time.sleep(0.05)


def with_int(action: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path to a whole number inside an action (its first), or None."""
    if type(action) is int:
        return path
    items = action.items() if isinstance(action, dict) else enumerate(action) if isinstance(action, list) else ()
    for key, value in items:
        if key != "type":
            found = with_int(value, path + (key,))
            if found is not None:
                return found
    return None


def respelled(action: Any, path: tuple[Any, ...]) -> Any:
    """The action with the number at ``path`` spelled as a float (``20`` → ``20.0``)."""
    copy = json.loads(json.dumps(action))
    node = copy
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = float(node[path[-1]])
    return copy


def burst(host: Phone, guest: Phone) -> dict[str, Any]:
    """5,000 illegal moves sent at once: what the guest got back, and how long the host was busy with them (from the
    first message sent until the host's page has had every one and its worker is idle again)."""
    seq = expected_seq(guest)
    host_before = host.page.evaluate("window.houseGamesPeerLog.length")
    guest_before = len(received(guest))
    started = time.perf_counter()
    guest.page.evaluate("""([seat, n, seq]) => { for (let i = 0; i < n; i++) window.houseGamesPairing.send(seat, JSON.stringify(
        {v: 2, kind: "act", seq: seq + 2 + (i % 50), action: {type: "build", card: 999, cells: [], n: i}})); }""",
                        [SEAT, BURST, seq])
    sent_ms = (time.perf_counter() - started) * 1000  # (the guest's page sending them all)
    host.page.wait_for_function(f"window.houseGamesPeerLog.length >= {host_before + BURST} && window.houseGames.idle()",
                                timeout=120_000, polling=20)
    busy_ms = (time.perf_counter() - started) * 1000
    time.sleep(1.5)  # whatever the host still had to say arrives; the connection's budget refills
    answers = received(guest)[guest_before:]
    return {"busy_ms": round(busy_ms), "sent_ms": round(sent_ms), "answers": len(answers), "states": sum(a["kind"] == "state" for a in answers),
            "keys": sorted({a.get("key") for a in answers if a["kind"] == "refused"}),
            "bytes": sum(len(json.dumps(a)) for a in answers)}


def squatter_then_guest(host: Phone, squatter: Phone, guest: Phone, third: Phone, timing: dict[str, Any]) -> dict[str, Any]:
    """A page pairs seat 1 and never says hello: closed, the seat's new code shown; the real guest pairs with it; a third
    page answers that used code."""
    out: dict[str, Any] = {}
    out["squatter_pairing"] = pair(host, squatter, SEAT, "?pause=0", timing)
    opened = time.monotonic()
    host.page.wait_for_function("window.houseGamesPairing.open().length === 0", timeout=30_000)  # closed by the host
    qr = host.page.locator(f"#pair-qr-{SEAT}")
    qr.wait_for(timeout=30_000)
    out["reoffered_after_s"] = round(time.monotonic() - opened, 1)
    out["reoffer_link"] = qr_text(qr.screenshot())
    out["reoffer_choices"] = [host.page.locator(f"#pair-{k}-{SEAT}").count() for k in ("computer", "other", "new")]
    out["host_toasts"] = host.page.locator(".toast").all_inner_texts()
    out["guest_pairing"] = pair(host, guest, SEAT, "?pause=0&ui=list", timing)
    # a third phone answers the code the guest used: the host's card says so; that phone says so when nothing opens
    base, fragment = out["reoffer_link"].split("#", 1)
    third.page.goto(f"{base}?pause=0#{fragment}")
    answer = third.page.locator("#pair-answer-qr")
    answer.wait_for(timeout=90_000)
    out["used_accepted"] = host.page.evaluate("url => window.houseGamesPairing.decodeImage(url)", data_url(answer.screenshot()))
    out["used_host"] = host.page.locator(f"#pair-status-{SEAT}").inner_text()
    third.page.wait_for_function("document.getElementById('join-status')?.dataset.kind === 'error'", timeout=40_000)
    out["used_third"] = third.page.locator("#join-status").inner_text()
    out["guest_open"] = host.page.evaluate("window.houseGamesPairing.open()")
    return out


def hostile_moves(host: Phone, guest: Phone, bots: dict[int, Any]) -> dict[str, Any]:
    """On the guest's turns: an extra field, a number spelled as a float, a far-future ``seq``; its app plays between."""
    out: dict[str, Any] = {}
    host_turns(host, bots, guest)
    legal = guest_states(guest)[-1]["legal"]
    action = next(a for a in legal if with_int(a) is not None)
    path = with_int(action)
    assert path is not None
    seq = expected_seq(guest)
    out["extra"] = answer_to(guest, {"kind": "act", "seq": seq + 1, "action": {**action, "note": "x" * 60_000}})
    step = guest_states(guest)[-1]["step"]
    spelled = respelled(action, path)
    out["respelled"] = {"sent": spelled, "engine": action, "answer": answer_to(guest, {"kind": "act", "seq": seq + 1, "action": spelled},
                                                                            ("state", "refused"))}
    # (the guest hears of the move before the host has saved it)
    host.page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length > {step}", timeout=20_000)
    host.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
    saved = json.loads(host.page.evaluate("houseGames.autosave()"))
    out["respelled"]["stored"] = saved["actions"][step]["action"] if len(saved["actions"]) > step else None
    out["autosave_after"] = host.page.evaluate("houseGames.autosave()")
    # a far-future seq on the guest's next turn: refused, and the guest's own app still plays its move
    host_turns(host, bots, guest)
    legal = guest_states(guest)[-1]["legal"]
    out["far_future"] = answer_to(guest, {"kind": "act", "seq": 10**9, "action": legal[0]})
    before = len(json.loads(host.page.evaluate("houseGames.autosave()"))["actions"])
    moved = guest_list_move(guest, bots)
    host.page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length > {before}", timeout=20_000)
    out["after_far_future"] = {"moved": moved, "steps": [before, len(json.loads(host.page.evaluate("houseGames.autosave()"))["actions"])]}
    return out


def run(dist: Path, out: Path, scenario: str) -> None:
    from playwright.sync_api import sync_playwright

    from game.core import load_spec

    httpd = build.make_server(dist, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    result: dict[str, Any] = {"url": url, "scenario": scenario}
    timing: dict[str, Any] = {}
    spec = load_spec("barrio")
    bots = {seat: spec.make_bot(spec.bot_names[0], 7 + seat) for seat in range(2)}
    with sync_playwright() as pw:
        host, guest = Phone(pw, "host"), Phone(pw, "guest")
        phones = [host, guest]
        try:
            host.ready(url + "?pause=0&ui=list")
            start_shared(host, "barrio", 2, ["human", "remote"], 7)
            if scenario == "hostile":
                squatter = Phone(pw, "squatter")
                squatter.context.add_init_script(SILENT)
                phones.append(squatter)
                result.update(squatter_then_guest(host, squatter, guest, squatter, timing))
            else:
                result["guest_pairing"] = pair(host, guest, SEAT, "?pause=0&ui=list", timing)
            host.page.locator("#pair-done").click()
            host.page.wait_for_function("!document.getElementById('pairing')")
            guest.page.wait_for_function("window.houseGamesPeerLog.some(m => JSON.parse(m).kind === 'state')", timeout=30_000)
            if scenario == "hostile":
                result.update(hostile_moves(host, guest, bots))
            result["burst"] = burst(host, guest)
            # the host answers at once after the burst: the guest's app plays its next move, the host its own
            host_turns(host, bots, guest)
            before = len(json.loads(host.page.evaluate("houseGames.autosave()"))["actions"])
            moved_at = time.perf_counter()
            assert guest_list_move(guest, bots)
            host.page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length > {before}", timeout=20_000)
            result["after_burst_move_ms"] = round((time.perf_counter() - moved_at) * 1000)
            if scenario == "hostile":
                result["moves"] = play_to_end([host, guest], 7)
                host.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
                guest.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
                result["host_sharing_after"] = host.page.evaluate("houseGames.stored('house-games.sharing')")
                result["guest_token_after"] = guest.page.evaluate("houseGames.stored('house-games.guest-token')")
                result["end_screens"] = [p.page.locator("#end-screen").count() for p in (host, guest)]
        finally:
            finish_run(result, phones, out, httpd)


if __name__ == "__main__":
    run(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
