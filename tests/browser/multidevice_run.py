"""Two phones in two separate Chromium browsers, paired through the real QR images, playing one shared game.

Run by ``tests/browser/test_multidevice*.py`` inside a network namespace the test creates (``unshare -n``)
with only the loopback interface up: the site's server, both browsers and every WebRTC packet stay on
127.0.0.1 (and no mDNS packet can leave either). It writes what it saw as JSON (the test asserts on it):
the links decoded from the QR codes, every candidate each side gathered, every message each guest
received, the refusals, the final scores on every screen and the finished game's record from the host.

    python3 -m tests.browser.multidevice_run DIST OUT.json SCENARIO
"""

from __future__ import annotations

import base64
import io
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

#: the browser, not the tests' headless shell (conftest.TEST_CHROMIUM): the shell gathers no ICE candidate at all
#: here (two connections in one page on 127.0.0.1, ``iceServers: []``, loopback only: none, with or without
#: ``--force-webrtc-ip-handling-policy=default``), so its phones never pair
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-default-apps", "--disable-extensions",
        # WebRTC between the two browsers on loopback only, with the camera granted (a fake one), so that no
        # address hides behind an mDNS name (whose resolution would send multicast)
        "--allow-loopback-in-peer-connection", "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        "--js-flags=--liftoff-only"]  # as conftest.TEST_ARGS: no optimizing wasm tier, a quarter less CPU
#: how long a tap waits for its target: a guest's page shows a received state a moment after logging it, and under a
#: full test run's load (two browsers here, three test workers beside) that moment reached 5 s (a tap then failed)
TAP_TIMEOUT_MS = 30_000
#: how long the guest's page is frozen mid-game (the issue's "a phone that locks for a minute")
FREEZE_S = 60
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
#: every message the guest's page receives on its channel is recorded (pairing.js calls the probe)
PROBE = """window.houseGamesPeerLog = []; window.houseGamesPeerTimes = []; window.houseGamesTaps = []; window.houseGamesFrames = [];
window.houseGamesPeerProbe = (seat, text) => { window.houseGamesPeerLog.push(text); window.houseGamesPeerTimes.push(performance.now()); };
window.houseGamesFrameApplied = (time) => window.houseGamesFrames.push(time);
addEventListener("pointerdown", () => window.houseGamesTaps.push(performance.now()), true);
window.houseGamesSends = []; const channelSend = RTCDataChannel.prototype.send;
RTCDataChannel.prototype.send = function (data) { window.houseGamesSends.push(performance.now()); return channelSend.call(this, data); };"""


def qr_text(png: bytes) -> str:
    """The text of the one QR code in a screenshot, read by zxing-cpp (pinned in requirements-dev.txt)."""
    import zxingcpp
    from PIL import Image

    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("L"))
    if len(found) != 1:
        raise AssertionError(f"{len(found)} QR codes in the picture")
    return str(found[0].text)


def data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


class Phone:
    """One browser (its own process) with one page, its problems recorded."""

    def __init__(self, pw: Any, name: str) -> None:
        self.name = name
        self.touch = False  #: plays by touch on its game table (else in the list UI)
        #: the steps this phone has moved on, as (game, players, step): every driver of one phone shares it, so a move
        #: whose answer has not come yet is not made again from the stale state (a driver's own set did that when the
        #: next driver took over); the game's name and size keep a later game's steps apart
        self.moved_steps: set[tuple[str, int, int]] = set()
        self.sent_moves: list[tuple[float, int]] = []  #: (the move's last tap, the step it was made at)
        self.browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        self.context = self.browser.new_context(**PHONE)
        self.problems: list[str] = []
        self.offsite: list[str] = []

        def guard(route: Any) -> None:
            host = route.request.url.split("/")[2].split(":")[0] if "://" in route.request.url else ""
            if route.request.url.startswith("data:") or host == "127.0.0.1":
                route.continue_()
            else:
                self.offsite.append(route.request.url)
                route.abort()

        self.context.route("**/*", guard)
        self.context.add_init_script(PROBE)
        self.page = self.context.new_page()
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        self.page.on("console", lambda m: self.problems.append(f"console.error: {m.text}") if m.type == "error" else None)

    def ready(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)

    def close(self) -> None:
        self.browser.close()


def start_shared(host: Phone, game: str, players: int, seats: list[str], seed: int) -> None:
    """On the host's start screen: the game, the players, each seat (this phone, another phone, a computer), the seed."""
    page = host.page
    page.locator(f"label[for=game-{game}]").click()
    page.locator("#f-players").select_option(str(players))
    for i, seat in enumerate(seats):
        page.locator(f"#f-seat-{i}").select_option(seat)
    page.locator("#f-seed").fill(str(seed))
    page.locator("#start-game").click()


def pair(host: Phone, guest: Phone, seat: int, query: str, timing: dict[str, Any], by_text: bool = False) -> dict[str, Any]:
    """Pair ``guest`` for ``seat``: the host's QR read from its screen, the guest's answer back through the
    host's scanner decode path (jsQR on the picture of the guest's screen), or ``by_text``: the guest's answer
    copied as text and pasted on the host (where a camera is refused or missing)."""
    qr = host.page.locator(f"#pair-qr-{seat}")
    qr.wait_for(timeout=30_000)
    link = qr_text(qr.screenshot())
    shown = time.perf_counter()
    base, fragment = link.split("#", 1)
    guest.page.goto(f"{base}{query}#{fragment}")  # the link as scanned (the query: test pacing and the list UI)
    guest.page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    answer_qr = guest.page.locator("#pair-answer-qr")
    answer_qr.wait_for(timeout=30_000)
    picture = answer_qr.screenshot()
    answer = qr_text(picture)
    if by_text:
        text = guest.page.locator("#pair-answer-text").input_value()
        host.page.locator(f"#pair-answer-{seat}").fill(text)
        host.page.locator(f"#pair-connect-{seat}").click()
        accepted = text == answer
    else:
        accepted = host.page.evaluate("url => window.houseGamesPairing.decodeImage(url)", data_url(picture))
    host.page.wait_for_function(f"window.houseGamesPairing.open().includes({seat})", timeout=20_000)
    guest.page.wait_for_function(f"window.houseGamesPairing.open().includes({seat})", timeout=20_000)
    timing.setdefault("pair_ms", []).append(round((time.perf_counter() - shown) * 1000))
    host_code = host.page.evaluate(f"window.houseGamesPairing.codes()[{seat}]")
    guest_code = guest.page.evaluate(f"window.houseGamesPairing.codes()[{seat}]")
    return {"link": link, "qr_version": int(qr.get_attribute("data-version") or 0), "answer": answer, "accepted": accepted, "host_code": host_code, "guest_code": guest_code,
            "host_candidates": host.page.evaluate(f"window.houseGamesPairing.candidates()[{seat}]"),
            "guest_candidates": guest.page.evaluate(f"window.houseGamesPairing.candidates()[{seat}]")}


def list_move(phone: Phone, bots: dict[int, Any]) -> bool:
    """One move in the list UI (``?ui=list``) of the host: the weak computer's choice for the seat to move, read
    from the host's autosave, tapped as its button (the buttons are the legal actions in order)."""
    from game.core import Match

    buttons = phone.page.locator("#legal-actions button")
    # one turn of the worker writes both, but the page applies the autosave (a storage operation) and the buttons
    # (DOM operations, sliced across frames on a busy page) apart: a loaded machine can read one before the other,
    # so both are read again until they agree, for at most 5 s (a real mismatch still fails)
    deadline = time.monotonic() + 5
    while True:
        count = buttons.count()
        if not count:
            return False
        match = Match.from_json(json.loads(phone.page.evaluate("houseGames.autosave()")))
        spec = match.spec
        player = match.current_player()
        legal = spec.legal_actions(match.state)
        if count == len(legal) or time.monotonic() > deadline:
            break
        phone.page.wait_for_timeout(100)  # not time.sleep: Playwright's routes answer meanwhile
    assert count == len(legal), "one button per legal action"
    action = bots[player].choose(spec.view(match.state, player), legal)
    buttons.nth(legal.index(action)).click(timeout=TAP_TIMEOUT_MS)
    return True


def guest_states(phone: Phone) -> list[dict[str, Any]]:
    return [m for m in map(json.loads, phone.page.evaluate("window.houseGamesPeerLog")) if m.get("kind") == "state"]


def move_key(state: dict[str, Any]) -> tuple[str, int, int]:
    """What ``Phone.moved_steps`` holds for a state message: its game, its number of players and its step."""
    return state["game"], state["players"], state["step"]


def guest_turn(phone: Phone) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """The guest's last state message and its view with the whole log it was sent, when that state asks this
    guest to move and no move was made for its step yet (``phone.moved_steps``); else None."""
    states = guest_states(phone)
    if not states or not states[-1]["legal"] or move_key(states[-1]) in phone.moved_steps:
        return None
    events: list[Any] = []
    for message in states:  # each message carries the log from its log_start on
        events = events[:message["log_start"]] + message["log"]
    return states[-1], {**states[-1]["view"], "log": events}


def guest_list_move(phone: Phone, bots: dict[int, Any]) -> bool:
    """One move of a guest in the list UI: the weak computer's choice from what it was sent, tapped as its button."""
    buttons = phone.page.locator("#legal-actions button")
    # the page logs the host's message before its table shows it (as list_move: read both again until they agree,
    # for at most 5 s, its buttons not yet there included; a real mismatch still fails)
    deadline = time.monotonic() + 5
    while True:
        turn = guest_turn(phone)
        if turn is None:
            return False
        state, view = turn
        if buttons.count() == len(state["legal"]) or time.monotonic() > deadline:
            break
        phone.page.wait_for_timeout(100)
    assert buttons.count() == len(state["legal"]), "one button per legal action"
    phone.moved_steps.add(move_key(state))
    action = bots[state["seat"]].choose(view, state["legal"])
    buttons.nth(state["legal"].index(action)).click(timeout=TAP_TIMEOUT_MS)
    return True


def nh_touch_move(phone: Phone, bots: dict[int, Any]) -> bool:
    """One Neue Heimat move on the guest's own table (canvas targets and its decision buttons), chosen by the weak
    computer from what this guest was sent; a round's scoring walk-through is closed as a player does."""
    from game.ui.neueheimat.hint_targets import hint_keys

    page = phone.page
    if page.locator("#nh-scoring-close").count() and page.locator("#nh-scoring").is_visible():
        page.locator("#nh-scoring-close").click(timeout=TAP_TIMEOUT_MS)
        return True
    turn = guest_turn(phone)
    if turn is None:
        return False
    state, view = turn
    legal = state["legal"]
    tappable = [a for a in legal if "act:bid-any" not in hint_keys(view, legal, a)]  # (the stepper: its own test)
    action = bots[state["seat"]].choose(view, tappable)
    phone.moved_steps.add(move_key(state))
    for key in hint_keys(view, legal, action):
        if key.startswith("act:"):
            page.locator(f"#nh-controls button[data-act='{key[4:]}']").click(timeout=TAP_TIMEOUT_MS)
        elif key.startswith("row-"):  # lots narrower than a finger: the row first (a larger table shows the lot)
            lot = hint_keys(view, legal, action)[-1]
            if not page.locator(f".board button.target[data-key='{lot}']").count():
                page.locator(f".board button.target[data-key='{key}']").click(timeout=TAP_TIMEOUT_MS)
                page.locator(f".board button.target[data-key='{lot}']").wait_for(timeout=TAP_TIMEOUT_MS)
        else:
            page.locator(f".board button.target[data-key='{key}']").click(timeout=TAP_TIMEOUT_MS)
        page.wait_for_function("window.houseGames.idle()", timeout=30_000)
    phone.sent_moves.append((page.evaluate("window.houseGamesTaps.at(-1)"), state["step"]))
    return True


def touch_move(phone: Phone, bots: dict[int, Any]) -> bool:
    """One move by touch on the guest's own game table: the weak computer's choice from what this guest was sent
    (its view, its log, its legal actions), made by tapping the table's targets."""
    from game.ui.barrio.table import taps_for

    turn = guest_turn(phone)
    if turn is None:
        return False
    state, view = turn
    phone.moved_steps.add(move_key(state))
    action = bots[state["seat"]].choose(view, state["legal"])
    for key in taps_for(action, view, state["legal"]):
        phone.page.locator(f'#barrio-board button[data-key="{key}"]').click(timeout=TAP_TIMEOUT_MS)
        phone.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
    phone.sent_moves.append((phone.page.evaluate("window.houseGamesTaps.at(-1)"), state["step"]))
    return True


def move_times(phone: Phone) -> list[dict[str, float | None]]:
    """Each move by touch, in the guest page's clock: its last tap (``tapped``), its message leaving (``sent``), the
    host's answer arriving (``came``: the first state message of a later step) and the first frame the page applied
    after it (``shown``); None where the page has no such time."""
    texts = phone.page.evaluate("window.houseGamesPeerLog")
    times = phone.page.evaluate("window.houseGamesPeerTimes")
    sends = phone.page.evaluate("window.houseGamesSends")
    frames = phone.page.evaluate("window.houseGamesFrames")
    arrivals = [(when, json.loads(text)) for when, text in zip(times, texts)]
    out = []
    for tapped, step in phone.sent_moves:
        came = next((when for when, m in arrivals if when >= tapped and m.get("kind") == "state" and m["step"] > step), None)
        out.append({"tapped": tapped, "sent": next((t for t in sends if t >= tapped), None), "came": came,
                    "shown": next((f for f in frames if came is not None and f >= came), None)})
    return out


def round_trip_parts(phone: Phone) -> list[dict[str, float]]:
    """Where each move's round trip goes: the guest's tap to its message leaving (``tap_to_send``), to the host's
    answer arriving (``send_to_answer``: the channel both ways and the host's work), to the frame (``answer_to_frame``)."""
    return [{"tap_to_send": round(m["sent"] - m["tapped"], 1), "send_to_answer": round(m["came"] - m["sent"], 1),
             "answer_to_frame": round(m["shown"] - m["came"], 1)}
            for m in move_times(phone) if m["sent"] is not None and m["came"] is not None and m["shown"] is not None]


def round_trips(phone: Phone) -> list[float]:
    """Each move by touch: from its last tap to the first frame the guest's page applied after the host's answer."""
    return [round(m["shown"] - m["tapped"], 1) for m in move_times(phone) if m["shown"] is not None]


def play_to_end(phones: list[Phone], seed: int, game: str = "barrio", limit_s: float = 240, stop_after: int | None = None) -> int:
    """Move on whichever phone may, each move once the page has applied the last, until every phone shows the
    end screen. The host plays in the list UI; a guest with ``touch`` set taps its own game table."""
    from game.core import load_spec

    spec = load_spec(game)
    bots = {seat: spec.make_bot(spec.bot_names[0], seed + seat) for seat in range(4)}
    moves = 0
    deadline = time.monotonic() + limit_s
    while time.monotonic() < deadline:
        if all(p.page.locator("#end-screen").count() for p in phones) or (stop_after is not None and moves >= stop_after):
            return moves
        acted = False
        for phone in phones:
            phone.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
            if phone.page.locator("#end-screen").count():
                continue
            if phone.name == "host":
                moved = list_move(phone, bots)
            elif phone.touch:
                moved = (nh_touch_move if game == "neueheimat" else touch_move)(phone, bots)
            else:
                moved = guest_list_move(phone, bots)
            if moved:
                phone.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
                acted = True
                moves += 1
        if not acted:
            time.sleep(0.01)
    raise AssertionError(f"the game did not end within {limit_s} s ({moves} moves)")


def freeze(host: Phone, guest: Phone, seed: int, seconds: float) -> dict[str, Any]:
    """Freeze the guest's page (the Chrome DevTools Protocol's page lifecycle, as a phone that locks) for
    ``seconds`` while the host plays what it may; then wake it and report what it had and what it received."""
    from game.core import load_spec

    spec = load_spec("barrio")
    bots = {seat: spec.make_bot(spec.bot_names[0], seed + seat) for seat in range(2)}
    deadline = time.monotonic() + 60
    while not host.page.locator("#legal-actions button").count():  # the guest moves until it is the host's turn
        assert time.monotonic() < deadline, "the host's turn never came"
        guest.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
        touch_move(guest, bots)
        time.sleep(0.05)
        host.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
    before = len(guest.page.evaluate("window.houseGamesPeerLog"))
    step_before = guest_states(guest)[-1]["step"]
    cdp = guest.context.new_cdp_session(guest.page)
    cdp.send("Page.setWebLifecycleState", {"state": "frozen"})
    started = time.monotonic()
    host_moves = 0
    while list_move(host, bots):  # the host's own turn goes on meanwhile: each move is a message to the frozen guest
        host.page.wait_for_function("window.houseGames.idle()", timeout=30_000)
        host_moves += 1
    host_step = len(json.loads(host.page.evaluate("houseGames.autosave()"))["actions"])
    time.sleep(max(0.0, seconds - (time.monotonic() - started)))
    frozen_s = time.monotonic() - started
    cdp.send("Page.setWebLifecycleState", {"state": "active"})
    guest.page.wait_for_function(
        f"window.houseGamesPeerLog.some(m => {{ const d = JSON.parse(m); return d.kind === 'state' && d.step >= {host_step}; }})",
        timeout=20_000)
    log = [json.loads(m) for m in guest.page.evaluate("window.houseGamesPeerLog")]
    return {"frozen_s": round(frozen_s, 1), "host_moves": host_moves, "step_before": step_before, "host_step": host_step,
            "received_while_frozen": len(log) - before, "seqs": [m["seq"] for m in log],
            "host_open": host.page.evaluate("window.houseGamesPairing.open()"),
            "guest_open": guest.page.evaluate("window.houseGamesPairing.open()"),
            "repair_shown": host.page.locator("#pairing").count()}


def expired_offer(link: str) -> str:
    """The same link with its offer's expiry set in the past (bytes 3–6 of the compact code, seconds since 1970)."""
    base, code = link.split("#join=", 1)
    raw = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    raw[3:7] = (1_000_000).to_bytes(4, "big")
    return f"{base}#join={base64.urlsafe_b64encode(bytes(raw)).decode().rstrip('=')}"


def unreachable_answer(seat: int) -> str:
    """A well-formed answer whose only address no phone answers on (a closed port of this machine's loopback)."""
    raw = bytes([1, 2, seat, 0, 0, 0, 0, 4]) + b"nope" + bytes([24]) + b"x" * 24 + bytes(range(32)) + bytes([4, 127, 0, 0, 1, 0, 9])
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def evil(guest: Phone, seat: int, texts: list[str]) -> list[Any]:
    """Messages a cheating guest sends straight down its channel, bypassing its own app."""
    results = []
    for text in texts:
        before = guest.page.evaluate("window.houseGamesPeerLog.length")
        try:
            guest.page.evaluate(f"t => window.houseGamesPairing.send({seat}, t)", text)
        except Exception as exc:  # the channel itself refuses it (larger than the connection's message limit)
            results.append({"sent": False, "error": str(exc)[:200]})
            continue
        guest.page.wait_for_function(f"window.houseGamesPeerLog.slice({before}).some(m => JSON.parse(m).kind === 'refused')",
                                     timeout=10_000)
        answers = [json.loads(m) for m in guest.page.evaluate(f"window.houseGamesPeerLog.slice({before})")]
        results.append({"sent": True, "refused": [a for a in answers if a["kind"] == "refused"]})
    return results


def finish_run(result: dict[str, Any], phones: list[Phone], out: Path, httpd: Any) -> None:
    """The end of every multi-phone run script, passed or not: each phone's problems, what its screen and channel said
    last (a failed run explains itself) and its requests off the origin go into ``result``, written to ``out``; then
    the phones and the server close."""
    result["problems"] = {p.name: p.problems for p in phones}
    for phone in phones:
        try:
            result.setdefault("last_words", {})[phone.name] = phone.page.evaluate("document.body.innerText")[-1500:]
            result.setdefault("last_messages", {})[phone.name] = phone.page.evaluate("(window.houseGamesPeerLog || []).slice(-3)")
        except Exception as exc:  # (a page that is gone)
            result.setdefault("last_words", {})[phone.name] = f"unreadable: {exc}"[:300]
    result["offsite"] = {p.name: p.offsite for p in phones}
    out.write_text(json.dumps(result))
    for phone in phones:
        phone.close()
    httpd.shutdown()


def run(dist: Path, out: Path, scenario: str) -> None:
    from playwright.sync_api import sync_playwright

    from game.ui.multidevice import PROTOCOL_VERSION

    httpd = build.make_server(dist, 0)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{httpd.server_address[1]}/"
    result: dict[str, Any] = {"url": url, "scenario": scenario}
    timing: dict[str, Any] = {}
    with sync_playwright() as pw:
        host, guest = Phone(pw, "host"), Phone(pw, "guest")
        phones = [host, guest]
        try:
            host.ready(url + "?pause=0&ui=list")
            start_shared(host, "barrio", 2, ["human", "remote"], 7)
            # the guest draws its seat's table with the game's own screen, from the views it receives
            guest.touch = True
            result["pairing"] = [pair(host, guest, 1, "?pause=0", timing)]
            host.page.locator("#pair-done").click()
            guest.page.locator("#barrio-board").wait_for(state="attached", timeout=30_000)
            host.page.wait_for_function("!document.getElementById('pairing')")
            if scenario == "cheat":  # (the bench's run, "play", has no cheating guest)
                result["saved_before_evil"] = host.page.evaluate("houseGames.autosave()")
                # the guest's seat is 1; the host (seat 0) moves first
                wrong = json.dumps({"v": PROTOCOL_VERSION, "kind": "act", "seq": 20, "seat": 0, "player": 0,
                                    "action": {"type": "draw", "source": "warehouse", "player": 0}})
                result["evil"] = evil(guest, 1, [
                    wrong,
                    "{not json",
                    json.dumps({"v": PROTOCOL_VERSION, "kind": "act", "seq": 21, "action": "everything"}),
                    json.dumps({"v": PROTOCOL_VERSION, "kind": "act", "seq": 22, "action": {"type": "x" * (100 * 1024)}}),
                    json.dumps({"v": PROTOCOL_VERSION, "kind": "act", "seq": 23, "action": {"type": "x" * (1024 * 1024)}}),
                    # another seat's token claimed on this connection: refused, the connection stays its seat's
                    json.dumps({"v": PROTOCOL_VERSION, "kind": "hello", "seq": 24, "lang": "en", "token": "forged"}),
                ])
                result["saved_after_evil"] = host.page.evaluate("houseGames.autosave()")
            if scenario == "cheat":  # mid-game the guest's phone locks for a minute: nothing is lost
                first = play_to_end(phones, 7, stop_after=6)
                result["freeze"] = freeze(host, guest, 7, FREEZE_S)
                result["moves"] = first + play_to_end(phones, 7)
            else:
                result["moves"] = play_to_end(phones, 7)
            result["end_scores"] = {p.name: [int(x) for x in p.page.locator("#final-scores td.num").all_inner_texts()] for p in phones}
            result["guest_messages"] = guest.page.evaluate("window.houseGamesPeerLog")
            result["round_trips_ms"] = round_trips(guest)
            result["round_trip_parts"] = round_trip_parts(guest)
            result["pair_timings"] = {"host": host.page.evaluate("window.houseGamesPairing.timings()"),
                                      "guest": guest.page.evaluate("window.houseGamesPairing.timings()")}
            result["host_games"] = host.page.evaluate("houseGames.dump().then(d => d.games)")
            if scenario == "cheat":
                # then a 3-player Neue Heimat game: this phone, the other phone (paired again), a computer
                host.page.get_by_role("button", name="Back to start", exact=True).click()
                host.page.locator("#start-screen").wait_for()
                start_shared(host, "neueheimat", 3, ["human", "remote", "bot:weak"], 5)
                # the guest plays on its own Neue Heimat table, by touch
                guest.touch = True
                barrio_taps = len(guest.sent_moves)
                qr = host.page.locator("#pair-qr-1")
                qr.wait_for(timeout=30_000)
                link = qr_text(qr.screenshot())
                # an answer from a phone the host cannot reach (pasted): said in words with the remedy, and a new code
                host.page.locator("#pair-answer-1").fill(unreachable_answer(1))
                host.page.locator("#pair-connect-1").click()
                pasted = time.monotonic()
                # meanwhile an old code (expired) opened on the guest: said in words, nothing joins
                guest.page.goto(expired_offer(link).replace("/#join=", "/?pause=0#join="))
                guest.page.wait_for_function("(document.getElementById('join-status') || {}).textContent?.includes('expired')",
                                             timeout=90_000)
                result["nh_expired"] = guest.page.locator("#join-status").inner_text()
                host.page.locator("#pair-again-1").wait_for(timeout=30_000)
                result["nh_unreachable"] = {"after_s": round(time.monotonic() - pasted, 1),
                                            "status": host.page.locator("#pair-status-1").inner_text()}
                host.page.locator("#pair-again-1").click()
                host.page.wait_for_function("!document.getElementById('pair-again-1') && document.getElementById('pair-qr-1')",
                                            timeout=30_000)
                result["nh_pairing"] = pair(host, guest, 1, "?pause=0", timing)
                host.page.locator("#pair-done").click()
                guest.page.locator("#nh-controls").wait_for(state="attached", timeout=30_000)
                # mid-game the guest's page reloads: the host shows a new code for its seat, the guest pairs again
                first = play_to_end(phones, 5, "neueheimat", stop_after=20)
                before = guest_states(guest)[-1]
                guest.page.reload()
                guest.page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
                host.page.wait_for_function("window.houseGamesPairing.open().length === 0", timeout=20_000)
                # paired again by the answer's text (as where the host's camera is refused)
                result["nh_repair"] = pair(host, guest, 1, "?pause=0", timing, by_text=True)
                host.page.locator("#pair-done").click()
                guest.page.locator("#nh-controls").wait_for(state="attached", timeout=30_000)
                guest.page.wait_for_function("window.houseGamesPeerLog.length > 0", timeout=20_000)
                after = guest_states(guest)[0]
                result["nh_resumed"] = {"step_before": before["step"], "step_after": after["step"],
                                        "log_start": after["log_start"], "log_after": len(after["log"]),
                                        "token_before": before["token"], "token_after": after["token"]}
                result["nh_moves"] = first + play_to_end(phones, 6, "neueheimat")
                result["nh_guest_table_moves"] = len(guest.sent_moves) - barrio_taps
                result["nh_end_scores"] = {p.name: [int(x) for x in p.page.locator("#final-scores td.num").all_inner_texts()]
                                           for p in phones}
                result["nh_guest_messages"] = guest.page.evaluate("window.houseGamesPeerLog")
                result["nh_host_games"] = host.page.evaluate("houseGames.dump().then(d => d.games)")
        finally:
            result["timing"] = timing
            finish_run(result, phones, out, httpd)


def figures(result: dict[str, Any]) -> dict[str, Any]:
    """The bench's multidevice figures from a run: pairing time without the scanning (the guest's join to its
    answer shown, plus the host's answer taken to the channel open), a guest's tap to its updated frame, and the
    bytes the guest received per move."""
    host, guest = result["pair_timings"]["host"], result["pair_timings"]["guest"]
    seat = 1
    pair_ms = (guest["shown"] - guest["join"]) + (host[f"open-{seat}"] - host[f"answer-{seat}"])
    trips = sorted(result["round_trips_ms"])
    received = sum(len(text.encode()) for text in result["guest_messages"])
    parts = result.get("round_trip_parts") or []
    medians = {k: sorted(p[k] for p in parts)[len(parts) // 2] for k in ("tap_to_send", "send_to_answer", "answer_to_frame")} if parts else None
    return {"pair_ms": round(pair_ms, 1), "action_rtt_parts_median_ms": medians,
            "action_rtt_ms": {"median": trips[len(trips) // 2] if trips else None,
                              "p95": trips[min(len(trips) - 1, int(0.95 * len(trips)))] if trips else None, "samples": len(trips)},
            "bytes_per_move": round(received / max(1, result["moves"])), "moves": result["moves"]}


if __name__ == "__main__":
    run(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3])
