"""The shared table (issue 39), under CPython: the engines' public view (``view(state, PUBLIC_SEAT)``) shows nothing
that not every seat sees, and a host whose seats are all on other phones (or computers) draws only that view, with
no hand, hint, guide or Undo, and moves for nobody. The browser test is ``tests/browser/test_table_display.py``."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import PUBLIC_SEAT, Match, Seat, load_spec
from game.core.locale import text
from game.ui.multidevice import FIRST_WATCHER, PROTOCOL_VERSION, HostTable

from .ui_harness import SITE, Harness

OFFER = "AQEBAAAAAA"  # the page decodes it; the worker only passes it on

#: the fields that say whose view it is (the seat itself, not a secret)
SEAT_FIELDS = {"you", "me", "player"}


def shown_to_everyone(public: Any, views: list[Any], path: str = "") -> list[str]:
    """The paths where ``public`` shows a value that not every seat's view shows (None is shown to everyone: a
    redacted card). A path a seat's view words otherwise (its own deal's cards instead of their count) is compared
    with the views that have it."""
    if public is None:
        return []
    if isinstance(public, dict):
        out: list[str] = []
        for key, value in public.items():
            if not path and key in SEAT_FIELDS:
                continue
            having = [v[key] for v in views if isinstance(v, dict) and key in v]
            if not having:
                out.append(f"{path}/{key}")
            else:
                out += shown_to_everyone(value, having, f"{path}/{key}")
        return out
    if isinstance(public, list):
        if any(not isinstance(v, list) or len(v) != len(public) for v in views):
            return [f"{path}#length"]
        return [p for i, item in enumerate(public) for p in shown_to_everyone(item, [v[i] for v in views], f"{path}/{i}")]
    return [] if all(v == public for v in views) else [path]


@pytest.mark.parametrize("game_id,players", [("barrio", 2), ("barrio", 3), ("barrio", 1), ("nyhavn", 2), ("nyhavn", 3),
                                             ("neueheimat", 3)])
def test_the_public_view_shows_only_what_every_seat_sees(game_id: str, players: int) -> None:
    spec = load_spec(game_id)
    match = Match.new(game_id, players, 11, [Seat("computer", spec.bot_names[0])] * players)
    bots = [spec.make_bot(spec.bot_names[0], 11 + i) for i in range(players)]
    checked = 0
    while not spec.is_over(match.state) and checked < 300:
        state = match.state
        public = dict(spec.view(state, PUBLIC_SEAT))
        hand = public.pop("hand", None)
        assert not hand or (isinstance(hand, dict) and not any(hand.values())), "nobody's hand"
        views = [{k: v for k, v in spec.view(state, p).items() if k != "hand"} for p in range(players)]
        assert shown_to_everyone(public, views) == [], f"step {checked}"
        player = match.current_player()
        assert player is not None
        match.apply(bots[player].choose(spec.view(state, player), spec.legal_actions(state)))
        checked += 1
    assert checked > 20


def host_ops(h: Harness) -> list[list[Any]]:
    return [op[2] for op in h.ops() if op[:2] == ["host", "peer"]]


def message(h: Harness, seat: int, body: dict[str, Any]) -> list[dict[str, Any]]:
    """A guest's message on ``seat``'s channel; what the host sent that seat back."""
    h.page.receive(json.dumps({"kind": "peer", "event": "message", "seat": seat, "text": json.dumps({"v": PROTOCOL_VERSION, **body})}))
    return [json.loads(op[2]) for op in host_ops(h) if op[0] == "send" and op[1] == seat]


def shared_table(monkeypatch: pytest.MonkeyPatch, game: str, seats: list[str], seed: str = "8") -> Harness:
    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": game, "players": len(seats), "seats": seats, "seed": seed})
    for seat, kind in enumerate(seats):
        if kind == "remote":
            h.page.receive(json.dumps({"kind": "peer", "event": "open", "seat": seat}))
            message(h, seat, {"seq": 1, "kind": "hello", "lang": "en", "token": None, "last": 0})
    return h


def drawn(h: Harness) -> str:
    """The host's table drawn afresh: its canvas drawing and the words of its tap targets."""
    screen = h.app.screen
    board = screen.board
    frames: list[Any] = []

    def draw(frame: Any, targets: Any = None) -> None:
        frames.append([json.loads(frame.to_json()), [t.label for t in targets or []]])

    board.draw = draw
    board.set_targets = lambda targets: frames.append([t.label for t in targets])
    screen._last_json = ""  # (Barrio draws only a changed picture)
    screen._last_targets = None
    screen.render()
    assert frames, "the table was drawn"
    return json.dumps(frames, ensure_ascii=False)


def test_a_barrio_host_whose_seats_are_all_on_other_phones_is_the_shared_table(monkeypatch: pytest.MonkeyPatch) -> None:
    h = shared_table(monkeypatch, "barrio", ["remote", "remote"])
    screen = h.app.screen
    match = screen.match
    assert screen.table_display and screen.viewer == PUBLIC_SEAT
    assert h.find("undo").hidden and h.find("hint").hidden and h.find("guide-again") is None
    assert not screen.guide.open and h.find("barrio-rules").getAttribute("open") is None
    assert screen.status.textContent == text("multi.waiting", "en", name="Player 1")
    assert "You" not in screen.names and screen.names[:2] == ["Player 1", "Player 2"]
    assert "hand" not in screen.places and not any(k.startswith("hand-") for k in screen.places)
    picture = drawn(h)
    assert "Player 2" in picture and text("barrio.wait", "en", name="Player 1") in picture
    assert text("barrio.hand", "en") not in picture and text("barrio.you", "en") not in picture
    hands = match.state.hands
    public = match.spec.view(match.state, PUBLIC_SEAT)
    assert all(c is None for seat in public["hands"] for c in seat), "at the start no card in a hand is face up"
    assert public == screen.view() and len(hands[0]) == 5
    # nothing on this screen moves for a remote seat: its own act, every tap target, the hint
    before = len(match.entries)
    assert not screen.act(match.spec.legal_actions(match.state)[0])
    for key in list(screen.places):
        screen.tapped(key)
    screen.ask_hint()
    assert len(match.entries) == before and screen.hint is None
    # the seat's phone moves: the shared table shows what was just played, and whose turn it is now
    action = match.spec.legal_actions(match.state)[0]
    sent = message(h, 0, {"seq": 2, "kind": "act", "action": action})
    assert sent and sent[-1]["kind"] == "state" and len(match.entries) == before + 1
    h.page.flush()
    last = screen.describe_event(screen.view()["log"][-1])
    assert h.find("last-played").textContent == last and not h.find("last-played").hidden


@pytest.mark.parametrize("game,seats", [("nyhavn", ["remote", "remote"]), ("neueheimat", ["remote", "bot:weak", "remote"])])
def test_the_other_games_shared_table_draws_the_public_view(monkeypatch: pytest.MonkeyPatch, game: str, seats: list[str]) -> None:
    h = shared_table(monkeypatch, game, seats)
    screen = h.app.screen
    assert screen.table_display and screen.viewer == PUBLIC_SEAT
    assert h.find("undo").hidden and h.find("hint").hidden and not screen.guide.open
    before = len(screen.match.entries)
    assert not screen.act(screen.match.spec.legal_actions(screen.match.state)[0])
    assert len(screen.match.entries) == before
    picture = drawn(h)
    assert "Player 1" in picture and f"Player {len(seats)}" in picture
    for key in ("ny.house.yours", "ny.you"):
        assert text(key, "en") not in picture
    assert "Your hand" not in picture and "You" not in screen.names


def test_a_host_with_one_player_of_its_own_is_not_the_shared_table(monkeypatch: pytest.MonkeyPatch) -> None:
    h = shared_table(monkeypatch, "barrio", ["human", "remote"])
    screen = h.app.screen
    assert not screen.table_display and screen.viewer == 0 and not h.find("undo").hidden
    assert text("barrio.hand", "en") in drawn(h) and any(k.startswith("hand-") for k in screen.places)



def test_the_host_offers_codes_to_watch_and_a_spectator_gets_the_public_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    h = shared_table(monkeypatch, "barrio", ["human", "remote"])
    match = h.app.screen.match
    watchers = []
    for _ in range(2):  # any number: each tap of the button makes one more code
        h.click(h.find("watch-code"))
        (pairing,) = [op for op in host_ops(h) if op[0] == "host"]
        ((offered),) = pairing[1]  # (seat 1's phone is connected: no new code for it)
        assert offered["name"] == text("multi.watch.name", "en") and offered["seat"] >= FIRST_WATCHER
        watchers.append(offered["seat"])
    assert len(set(watchers)) == 2
    seat = watchers[0]
    h.page.receive(json.dumps({"kind": "peer", "event": "open", "seat": seat}))
    (state,) = message(h, seat, {"seq": 1, "kind": "hello", "lang": "en", "token": None, "last": 0})
    view = dict(match.spec.view(match.state, PUBLIC_SEAT))
    log = view.pop("log")
    assert state["kind"] == "state" and state["seat"] == PUBLIC_SEAT and state["view"] == view and state["log"] == log
    assert state["legal"] == [] and state["token"] is None
    assert not h.app.sharing.table.tokens().get(seat), "a spectator holds no seat"
    # it cannot move, even for the seat to move
    before = len(match.entries)
    (refused,) = message(h, seat, {"seq": 2, "kind": "act", "action": match.spec.legal_actions(match.state)[0]})
    assert refused["kind"] == "refused" and refused["key"] == "multi.refused.watching" and len(match.entries) == before
    # the host's move reaches it as the public view
    screen = h.app.screen
    screen.act(screen.legal()[0])
    h.page.flush()
    sent = [json.loads(op[2]) for op in host_ops(h) if op[0] == "send" and op[1] == seat]
    assert sent and sent[-1]["view"] == {k: v for k, v in match.spec.view(match.state, PUBLIC_SEAT).items() if k != "log"}
    # it leaves: its number is free again
    h.page.receive(json.dumps({"kind": "peer", "event": "closed", "seat": seat}))
    assert ["drop", seat] in host_ops(h) and seat not in h.app.sharing.table.links
    # seat 1's phone leaves too: the next code to watch comes with a new code for that seat
    h.page.receive(json.dumps({"kind": "peer", "event": "closed", "seat": 1}))
    host_ops(h)
    h.click(h.find("watch-code"))
    (pairing,) = [op for op in host_ops(h) if op[0] == "host"]
    assert [(s["seat"], s["gone"]) for s in pairing[1]] == [(1, True), (seat, False)]


class SpectatorPhone:
    """A phone booted from a host's code to watch, wired to a host table of a real match (the host's seats moved by
    computers here): every message it receives is recorded with the position it was sent from."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int, seed: int) -> None:
        self.h = Harness(monkeypatch, href=SITE + "?pause=0#join=" + OFFER)
        self.spec = load_spec(game_id)
        self.match = Match.new(game_id, players, seed, [Seat("human")] * players)
        self.received: list[tuple[dict[str, Any], dict[str, Any]]] = []  # (message, the public view then)
        self.host = HostTable(lambda: self.match, range(players), self.to_guest, lambda action: None)
        seat = self.host.watch()
        assert seat is not None
        self.seat = seat
        self.host.opened(seat)
        self.peer(event="open", seat=seat)

    def to_guest(self, seat: int, text: str) -> None:
        if seat == self.seat:
            self.received.append((json.loads(text), self.spec.view(self.match.state, PUBLIC_SEAT)))
            self.peer(event="message", seat=seat, text=text)

    def peer(self, **data: Any) -> None:
        self.h.page.receive(json.dumps({"kind": "peer", **data}))
        self.h.page.flush()
        for op in self.h.ops():
            if op[:2] == ["host", "peer"] and op[2][0] == "send":
                assert op[2][1] == self.seat
                self.host.receive(self.seat, op[2][2])


@pytest.mark.parametrize("game_id,players", [("barrio", 2), ("nyhavn", 3), ("neueheimat", 3)])
def test_a_spectator_watches_a_whole_game_and_never_receives_a_hidden_card(monkeypatch: pytest.MonkeyPatch, game_id: str,
                                                                            players: int) -> None:
    phone = SpectatorPhone(monkeypatch, game_id, players, 9)
    spec, match = phone.spec, phone.match
    bots = [spec.make_bot(spec.bot_names[0], 9 + i) for i in range(players)]
    screen = phone.h.app.screen
    assert screen.table_display and screen.viewer == PUBLIC_SEAT and phone.h.find("hint").hidden
    while not spec.is_over(match.state):
        player = match.current_player()
        assert player is not None
        match.apply(bots[player].choose(spec.view(match.state, player), spec.legal_actions(match.state)))
        phone.host.publish()
        while getattr(phone.h.app.screen, "scoring", None) is not None:  # Neue Heimat's round scoring: closed by the watcher
            phone.h.app.screen._scoring_close()
    assert phone.h.find("end-screen") is not None, "the spectator's phone shows the end"
    log: list[Any] = []
    states = [(m, public) for m, public in phone.received if m["kind"] == "state"]
    assert len(states) > 20
    for message, public in states:
        log = log[:message["log_start"]] + message["log"]
        assert message["seat"] == PUBLIC_SEAT and message["legal"] == [] and message["token"] is None
        assert {**message["view"], "log": log} == public, "exactly the public view, nothing more"
    assert {m["kind"] for m, _ in phone.received} <= {"state", "pong"}
