"""The worker's mirror of the page (game/ui/remote.py) and the app driven through it, under CPython.

A fake host stands in for the worker: it keeps the posted messages and the
timers, so these tests see exactly the operations the page would apply and
send the messages the page would send.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.ui import dom
from game.ui.canvas import Board, DrawList, Target
from game.ui.remote import Page, RemoteReadError
from game.ui.storage import AUTOSAVE_KEY, SLOT_PREFIX, PageBackend
from .fake_host import FakeHost


@pytest.fixture
def page() -> tuple[Page, FakeHost]:
    host = FakeHost()
    return Page(host), host


def test_elements_become_operations_in_one_message_per_turn(page: tuple[Page, FakeHost]) -> None:
    p, host = page

    def build() -> None:
        button = p.create("button", {"class": "primary"})
        button.appendChild("Start")
        p.roots["app"].appendChild(button)
        button.setAttribute("class", "primary")  # unchanged: nothing sent
        button.disabled = True

    p.run(build)
    assert len(host.posted) == 1
    assert host.ops() == [["new", 5, "button", {"class": "primary"}], ["text", 5, "Start"], ["append", 4, 5],
                          ["attr", 5, "disabled", ""]]


def test_reads_come_from_the_mirror(page: tuple[Page, FakeHost]) -> None:
    p, _ = page
    box = p.create("div", {"id": "box", "class": "a b"})
    item = p.create("button", {"data-key": "hand-3", "data-legal": "true"})
    item.appendChild("Card")
    box.appendChild(item)
    p.roots["app"].appendChild(box)
    assert p.document.getElementById("box") is box
    assert item.closest("button[data-key]") is item
    assert item.closest("#box") is box and item.closest(".b") is box and item.closest(".c") is None
    assert item.matches('button[data-key="hand-3"]') and not item.matches('button[data-key="hand-4"]')
    assert box.querySelector("button") is item and box.querySelectorAll("[data-legal=true]") == [item]
    assert item.dataset.key == "hand-3" and item.dataset.missing is None
    assert box.textContent == "Card" and item.parentElement is box and item.isConnected
    box.classList.remove("a")
    box.classList.add("c")
    assert box.className == "b c" and box.classList.contains("c")
    box.hidden = True
    assert box.hidden and box.getAttribute("hidden") == ""
    box.textContent = "gone"
    assert box.children == [] and item.parentElement is None and box.textContent == "gone"
    with pytest.raises(RemoteReadError):
        _ = box.scrollHeight  # only the page could compute it
    with pytest.raises(ValueError):
        box.matches("div > p")  # combinators are not supported: say so rather than answer wrongly


def test_events_reach_handlers_with_the_target_and_its_value(page: tuple[Page, FakeHost]) -> None:
    p, host = page
    seen: list[tuple[Any, str, str]] = []
    field = p.create("select", {"name": "players"})
    p.roots["app"].appendChild(field)
    hid = p.listen(field, "change", lambda e: seen.append((e.target, e.type, e.target.value)))
    p.flush()
    host.posted.clear()
    p.receive(json.dumps({"kind": "event", "hid": hid, "type": "change", "target": field.nid, "current": field.nid,
                          "values": {str(field.nid): ["3", None]}}))
    assert seen == [(field, "change", "3")]
    assert host.posted == [{"kind": "ops", "ack": 1, "ops": []}]  # every message is answered: the page knows we are idle


def test_an_exception_in_a_handler_is_logged_and_reported(page: tuple[Page, FakeHost]) -> None:
    p, host = page
    errors: list[BaseException] = []
    p.on_error = errors.append
    node = p.create("button")

    def broken(_: Any) -> None:
        raise KeyError("boom")

    hid = p.listen(node, "click", broken)
    p.receive(json.dumps({"kind": "event", "hid": hid, "type": "click", "target": node.nid}))
    assert isinstance(errors[0], KeyError)
    logged = [op for op in host.ops() if op[0] == "console"]
    assert logged and logged[0][1] == "error" and "KeyError: 'boom'" in logged[0][2]


def test_release_drops_the_page_listeners_and_forgotten_nodes_are_dropped(page: tuple[Page, FakeHost]) -> None:
    p, host = page
    node = p.create("button")
    hid = p.listen(node, "click", lambda e: None)
    nid = node.nid
    p.run(p.release)
    assert ["off", [hid]] in host.ops()
    del node
    p.flush()
    assert ["drop", [nid]] in host.ops()


def test_a_board_measures_itself_draws_in_one_operation_and_sends_only_changed_targets(page: tuple[Page, FakeHost], monkeypatch: pytest.MonkeyPatch) -> None:
    p, host = page
    monkeypatch.setattr(dom, "page", p)
    monkeypatch.setattr(dom, "window", p.window)
    taps: list[str] = []
    resized: list[bool] = []
    board = Board(p.roots["app"], 360, 600, on_tap=taps.append, on_resize=lambda: resized.append(True))
    frame = DrawList().clear("#fff").rect(0, 0, 10, 10, fill="#000")
    targets = [Target("a", 0, 0, 50, 50, "Card A"), Target("b", 50, 0, 50, 50, "Card B", enabled=False)]
    board.draw(frame, targets)
    p.flush()
    ops = host.ops()
    assert ["observe", board.root.nid] in ops
    assert ["draw", board.canvas.nid, [["clear", "#fff"], ["rect", 0, 0, 10, 10, "#000", None, 1, 0]]] in ops
    board.draw(frame, targets)  # the same targets again: only the frame is sent
    p.flush()
    assert [op[0] for op in host.ops()] == ["draw"]
    # the page reports the board's width: the canvas backing store follows (DPR 3) and the screen draws again
    p.receive(json.dumps({"kind": "sizes", "rects": {str(board.root.nid): [0, 0, 390, 650]}, "dpr": 3}))
    assert resized == [True] and board.canvas.width == 1170
    button = board.layer.querySelector('button[data-key="a"]')
    hid = next(h for h in p.handlers)  # the layer's click handler
    p.receive(json.dumps({"kind": "event", "hid": hid, "type": "click", "target": button.nid, "current": board.layer.nid}))
    disabled = board.layer.querySelector('button[data-key="b"]')
    p.receive(json.dumps({"kind": "event", "hid": hid, "type": "click", "target": disabled.nid, "current": board.layer.nid}))
    assert taps == ["a"]


@pytest.mark.parametrize("seed", range(40))
def test_a_boards_buttons_follow_the_targets_order_moving_only_those_out_of_sequence(
        page: tuple[Page, FakeHost], monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """After any change of targets the layer's buttons are in the targets' order (the Tab order), and a button
    already in sequence is not put back: each one put back is an element the page adds again."""
    import random

    p, host = page
    monkeypatch.setattr(dom, "page", p)
    monkeypatch.setattr(dom, "window", p.window)
    rng = random.Random(seed)
    board = Board(p.roots["app"], 360, 600, on_tap=lambda key: None)
    keys = [f"k{i}" for i in range(12)]
    order = rng.sample(keys, rng.randrange(0, 9))
    for _ in range(6):
        board.draw(DrawList(), [Target(k, 0, 0, 10, 10, k) for k in order])
        assert [b.getAttribute("data-key") for b in board.layer.children] == order
        p.flush()
        host.ops()  # this draw's operations are done with
        before = order
        change = rng.randrange(4)
        if change == 0 and order:  # one removed
            order = [k for k in order if k != rng.choice(order)]
        elif change == 1:  # one added somewhere
            new = rng.choice([k for k in keys if k not in order] or [None])
            if new is not None:
                order = order[:]
                order.insert(rng.randrange(len(order) + 1), new)
        elif change == 2 and len(order) > 1:  # two swapped
            i, j = rng.sample(range(len(order)), 2)
            order = order[:]
            order[i], order[j] = order[j], order[i]
        board.draw(DrawList(), [Target(k, 0, 0, 10, 10, k) for k in order])
        p.flush()
        put = [op for op in host.ops() if op[0] in ("append", "before") and op[1] == board.layer.nid]
        assert [b.getAttribute("data-key") for b in board.layer.children] == order
        kept = [k for k in before if k in order]
        # a removal moves nothing; an addition puts back the new button only; a swap at most the two swapped
        assert len(put) <= len([k for k in order if k not in before]) + (2 if change == 2 else 0)
        if kept == [k for k in order if k in before]:
            assert len(put) == len([k for k in order if k not in before])


class DrawingHost(FakeHost):
    """A worker that loaded the renderer: it paints each frame and posts the pictures with the operations."""

    def __init__(self) -> None:
        super().__init__()
        self.painted: list[tuple[int, int, float, list[Any]]] = []
        self.bitmaps: list[list[Any]] = []  #: the pictures sent with each message that had some

    def paint(self, width: int, height: int, scale: float, frame: str) -> Any:
        self.painted.append((width, height, scale, json.loads(frame)))
        return f"bitmap-{len(self.painted)}"

    def post_bitmaps(self, text: str, bitmaps: list[Any]) -> None:
        self.post(text)
        self.bitmaps.append(list(bitmaps))


def test_frames_are_painted_in_the_worker_and_sent_with_their_turns_operations(monkeypatch: pytest.MonkeyPatch) -> None:
    host = DrawingHost()
    p = Page(host)
    monkeypatch.setattr(dom, "page", p)
    monkeypatch.setattr(dom, "window", p.window)
    board = Board(p.roots["app"], 360, 600, on_tap=lambda key: None)
    first = DrawList().clear("#fff")
    board.draw(first)
    p.flush()
    message = host.posted[-1]
    # before the renderer is ready, the page draws, in the frame that applies the turn
    assert message["frame"] is True and ["draw", board.canvas.nid, [["clear", "#fff"]]] in message["ops"]
    p.shows_bitmaps = True
    p.run(p.start_painting)  # the renderer loaded: frames are painted here from now on
    p.receive(json.dumps({"kind": "sizes", "rects": {str(board.root.nid): [0, 0, 390, 650]}, "dpr": 3}))
    host.ops()
    # two frames in one turn with a button: only the last frame is painted, sent as a picture with the button
    button = dom.el("button", {"id": "build"}, "Build")
    p.run(lambda: (board.draw(DrawList().clear("#000")), p.roots["app"].appendChild(button),
                   board.draw(DrawList().clear("#123"))))
    assert host.painted[-1] == (1170, 1950, 3.25, [["clear", "#123"]]) and len(host.painted) == 1
    message = host.posted[-1]
    assert message["frame"] is True and host.bitmaps == [["bitmap-1"]]
    ops = message["ops"]
    assert ["bitmap", board.canvas.nid, 0] in ops and ["append", p.roots["app"].nid, button.nid] in ops
    assert not [op for op in ops if op[0] in ("draw", "frame", "offscreen")]
    # a turn without a frame is not marked: the page applies it at once
    p.run(lambda: setattr(button, "hidden", True))
    assert "frame" not in host.posted[-1]
    # a page that watches frames gets each one as well
    p.frame_probe = True
    p.run(lambda: board.draw(DrawList().clear("#456")))
    assert ["frame", board.canvas.nid, [["clear", "#456"]]] in host.ops()
    # a page that cannot show pictures keeps drawing the frames itself
    p.shows_bitmaps = False
    p.start_painting()
    p.run(lambda: board.draw(DrawList().clear("#789")))
    assert ["draw", board.canvas.nid, [["clear", "#789"]]] in host.ops()


def test_storage_writes_are_forwarded_and_other_tabs_changes_taken_in() -> None:
    """Settings go to localStorage (``settings``), everything else to the database (``db``, one batch out at a time,
    answered by ``stored``); another tab's committed writes (``db-changed``) reach the mirror."""
    sent: list[list[Any]] = []
    backend = PageBackend({AUTOSAVE_KEY: "{}"}, {}, sent.append)
    assert backend.getItem(AUTOSAVE_KEY) == "{}"
    backend.write_settings("{\"lang\": \"es\"}")
    backend.removeItem(AUTOSAVE_KEY)
    backend.setItem("house-games.autosave.bad.1", "x")  # waits for the first batch's answer
    # every write is journaled by the page at once, the second too, while the first batch is still out
    assert [op for op in sent if op[0] == "journal"] == [["journal", [["del", "kv", AUTOSAVE_KEY, None]], []],
                                                        ["journal", [["put", "kv", "house-games.autosave.bad.1", "x"]], []]]
    sent[:] = [op for op in sent if op[0] != "journal"]
    assert sent == [["settings", "{\"lang\": \"es\"}"], ["db", 1, [["del", "kv", AUTOSAVE_KEY, None]], []]]
    backend.stored({"seq": 1, "ok": True})
    assert sent[-1] == ["db", 2, [["put", "kv", "house-games.autosave.bad.1", "x"]], []]
    backend.changed([["put", "kv", AUTOSAVE_KEY, "[1]"]])
    assert backend.getItem(AUTOSAVE_KEY) == "[1]"
    backend.changed([["del", "kv", AUTOSAVE_KEY, None]])
    assert backend.getItem(AUTOSAVE_KEY) is None


def test_the_app_starts_and_plays_a_game_through_the_bridge(monkeypatch: pytest.MonkeyPatch) -> None:
    """Boot message → the start screen's request → a Barrio game against a computer seat that plays, with the thinking mark."""
    from game.ui import app as app_module

    host = FakeHost()
    p = Page(host)
    monkeypatch.setattr(dom, "page", p)
    monkeypatch.setattr(dom, "document", p.document)
    monkeypatch.setattr(dom, "window", p.window)
    settings = {"game": "barrio", "players": 2, "seats": ["human", "bot:weak"], "scoring_card": "A", "seed": "7", "lang": "en"}
    boot = {"kind": "boot", "search": "?pause=0", "build": "test", "dpr": 2,
            "storage": {"other.key": "ignored"}, "settings": json.dumps(settings), "tables": {}, "store": None}
    started: list[Any] = []
    p.on_message["boot"] = lambda data: started.append(app_module.start(data))
    p.receive(json.dumps(boot))
    app = started[0]
    ops = host.ops()
    assert ["host", "ready", []] in ops
    assert ["host", "setRequestHandler", []] in ops  # the page forwards the start screen's requests from now on
    assert app.store.backend.getItem("other.key") is None  # only this app's keys are read
    p.receive(json.dumps({"kind": "request", "text": json.dumps({"type": "new", "settings": settings})}))
    ops = host.ops()
    stored = [change for op in ops if op[0] == "db" for change in op[2] if change[2] == app.store.slot]
    assert app.store.slot.startswith(SLOT_PREFIX) and stored and json.loads(stored[-1][3])["game"] == "barrio"
    assert app.screen is not None and app.screen.match.game_id == "barrio"
    # the human moves through the table's buttons until the computer seat has played: the mark shows, then hides
    screen = app.screen
    for _ in range(40):
        if screen.match.is_computer_turn():
            break
        screen.act(screen.legal()[0])
        host.run_timers()
    host.run_timers()
    ops = host.ops()
    marks = [op[2][0] for op in ops if op[:2] == ["host", "thinking"]]
    assert marks and marks[0] and "thinking" in marks[0].lower() and marks[-1] is None
    assert any(op[0] == "draw" for op in ops)


#: a fresh interpreter boots the app to its start screen through a fake host, prints the game engines imported, then
#: starts the game named on its command line (if any) and prints them again
BOOT_THEN_START = """
import json, sys
from game.ui import dom
from game.ui.remote import Page
from tests.fake_host import FakeHost
import game.ui.app as app_module
host = FakeHost()
page = Page(host)
dom.page, dom.document, dom.window = page, page.document, page.window
page.on_message["boot"] = app_module.start
page.receive(json.dumps({"kind": "boot", "search": "?pause=0", "build": "test", "dpr": 2, "storage": {},
                         "tables": {"results": [], "games": [], "daily": []}, "store": None}))
engines = lambda: sorted({name.split(".")[1] for name in sys.modules
                          if name.startswith(("game.barrio", "game.nyhavn", "game.neueheimat"))})
print(json.dumps([["host", "ready", []] in host.ops(), engines()]))
if len(sys.argv) > 1:
    settings = {"game": sys.argv[1], "players": 2, "seats": ["human", "bot:weak"], "seed": "7", "lang": "en"}
    page.receive(json.dumps({"kind": "request", "text": json.dumps({"type": "new", "settings": settings})}))
    print(json.dumps([any(op[0] == "draw" or op[:2] == ["host", "showApp"] for op in host.ops()), engines()]))
"""


@pytest.mark.parametrize("game_id", ["barrio", "nyhavn"])
def test_the_start_screen_imports_no_game_and_a_game_only_its_own(game_id: str) -> None:
    """Python's part of a start is on every player's way to the table: the start screen needs no game's engine (each
    is tens of milliseconds of a phone's start), and starting a game imports that game's alone."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([sys.executable, "-c", BOOT_THEN_START, game_id], cwd=root, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    booted, started = (json.loads(line) for line in done.stdout.splitlines()[-2:])
    assert booted == [True, []]
    assert started == [True, [game_id]]


def test_the_score_table_keeps_its_rows_and_sets_only_changed_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a whole Barrio game between two computers the side's score rows are put into the page once (each element
    added is work for the page and its observers) and end showing the engine's scores."""
    from .ui_harness import Harness

    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": "barrio", "lang": "en", "seed": "3", "players": 2,
                                    "seats": ["bot:weak", "bot:weak"]})
    screen = h.app.screen
    body = screen.scores_body
    for _ in range(600):
        h.page.flush()
        h.host.run_timers(limit=20)
        if screen.spec.is_over(screen.match.state):
            break
    h.page.flush()
    assert screen.spec.is_over(screen.match.state)
    ops = h.ops()
    rows_added = [op for op in ops if op[0] in ("append", "before") and op[1] == body.nid]
    assert len(rows_added) == 2
    texts = [[cell.textContent for cell in row._children] for row in body._children]
    assert [int(score) for _, score in texts] == list(screen.spec.scores(screen.match.state))
    score_cells = {row._children[1].nid for row in body._children}
    score_sets = [op for op in ops if op[0] == "prop" and op[1] in score_cells and op[2] == "textContent"]
    assert len(score_sets) > 2  # the scores moved during the game, each change set in place


def test_the_end_screen_puts_the_log_into_the_page_when_it_is_opened(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last move of a game adds the end screen's few elements, not one per line of its log (hundreds, in the frame
    that shows the final scores); opening the log shows every line of the engine's log, once however often it is
    opened."""
    from .ui_harness import Harness, almost_finished

    h = Harness(monkeypatch)
    h.app.store.save_match(almost_finished())
    h.request(type="resume")
    screen = h.app.screen
    h.page.flush()
    h.ops()
    screen.act(screen.legal()[0])
    h.host.run_timers()
    h.page.flush()
    added = [op for op in h.ops() if op[0] == "new"]
    assert h.find("end-screen") is not None
    log, events = h.find("game-log"), screen.view()["log"]
    assert log.firstElementChild is None
    assert len(events) > 100 and len(added) < 60, (len(events), len(added))
    details = log.parentElement
    assert details.tagName == "DETAILS" and details.getAttribute("open") is None
    for _ in range(3):  # opened, closed, opened again
        h.fire(details, "toggle")
    h.page.flush()
    assert [li.textContent for li in log.children] == [screen.describe_event(event) for event in events]
