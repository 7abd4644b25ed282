"""A guest phone's table under CPython, driven as a player would, and the host page's messages to its phones."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import Match, Seat, load_spec
from game.ui.multidevice import PROTOCOL_VERSION, HostTable, ViewMatch
from game.ui.storage import GUEST_TOKEN_KEY

from .multidevice_wire import PlayerClock
from .ui_harness import SITE, Harness

OFFER = "AQEBAAAAAA"  # the page decodes it; the worker only passes it on


class GuestPhone:
    """A guest page booted from a host's link, wired to a host table: messages both ways, recorded."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int, seed: int, seat: int,
                 computers: tuple[int, ...] = (), query: str = "?pause=0") -> None:
        self.monkeypatch, self.query = monkeypatch, query
        self.boot()
        self.spec = load_spec(game_id)
        seats = [Seat("computer", self.spec.bot_names[0]) if i in computers else Seat("human") for i in range(players)]
        self.match = Match.new(game_id, players, seed, seats)
        self.seat = seat
        self.received: list[str] = []
        self.steps = 0  #: the host's moves before the guest's move being made

        def apply(action: dict[str, Any]) -> None:
            self.match.apply(action)
            self.host.publish()

        self.host = HostTable(lambda: self.match, [seat], self.to_guest, apply)
        self.host.clock = PlayerClock()  # a player's pace (these moves come far faster than any phone sends them)
        self.host.opened(seat)
        self.peer(event="open", seat=seat)  # the channel opened: the guest says hello, the host sends the position

    def boot(self, storage: dict[str, str] | None = None) -> None:
        """The guest's page opened from the host's link (again after a reload: a new worker, only ``storage`` kept)."""
        self.h = Harness(self.monkeypatch, storage=storage, href=SITE + self.query + "#join=" + OFFER)
        joins = [op for op in self.h.ops() if op[:2] == ["host", "peer"] and op[2][0] == "join"]
        assert [op[2][1] for op in joins] == [OFFER], "the page is asked to join with the link's offer"

    def kept(self) -> str | None:
        """The resume token this phone's app keeps in its storage."""
        return self.h.storage.get(GUEST_TOKEN_KEY)

    def reload(self, storage: dict[str, str]) -> None:
        """The guest's page reloads (its channel closes) with ``storage`` and pairs again."""
        self.host.closed(self.seat)
        self.boot(storage)
        self.host.opened(self.seat)
        self.peer(event="open", seat=self.seat)

    def to_guest(self, seat: int, text: str) -> None:
        self.received.append(text)
        self.peer(event="message", seat=seat, text=text)

    def peer(self, **data: Any) -> None:
        """A ``peer`` message from the page; then whatever the guest sent goes to the host."""
        self.h.page.receive(json.dumps({"kind": "peer", **data}))
        self.relay()

    def relay(self) -> None:
        self.h.page.flush()  # (a tap made here, not by a page event: its operations are sent now)
        for op in self.h.ops():
            if op[:2] == ["host", "peer"] and op[2][0] == "send":
                assert op[2][1] == self.seat
                self.host.receive(self.seat, op[2][2])

    @property
    def screen(self) -> Any:
        return self.h.app.screen

    def host_moves(self, bots: dict[int, Any]) -> None:
        """The host's seats (its own players and computers) move until the guest's seat is to move or the game ends."""
        spec, match = self.spec, self.match
        while not spec.is_over(match.state) and match.current_player() != self.seat:
            player = match.current_player()
            match.apply(bots[player].choose(spec.view(match.state, player), spec.legal_actions(match.state)))
            self.host.publish()


def close_scoring(phone: GuestPhone) -> None:
    """Neue Heimat's round scoring holds the guest's table until its player closes it, as on the host."""
    screen = phone.screen
    while getattr(screen, "scoring", None) is not None:
        screen._scoring_close()
        phone.relay()


def play(phone: GuestPhone, guest_move: Any, seed: int, limit: int = 4000, stop_after: int | None = None) -> dict[str, int]:
    """Play to the end: the host's seats by computers on the host, the guest's by ``guest_move`` on its own table."""
    spec = phone.spec
    bots = {i: spec.make_bot(spec.bot_names[0], seed + i) for i in range(phone.match.num_players)}
    moves: dict[str, int] = {}
    for _ in range(limit):
        phone.host_moves(bots)
        close_scoring(phone)
        if stop_after is not None and sum(moves.values()) >= stop_after:
            return moves
        if spec.is_over(phone.match.state):
            break
        screen = phone.screen
        assert isinstance(screen.match, ViewMatch) and type(screen).__name__ != "FallbackScreen", "the game's own table"
        assert screen.is_my_turn(), "the guest's table lets its player move"
        view, legal = screen.view(), screen.legal()
        assert view == {k: v for k, v in spec.view(phone.match.state, phone.seat).items()}, "it draws its own view"
        action = bots[phone.seat].choose(view, legal)
        steps = phone.steps = len(phone.match.entries)
        guest_move(phone, action)
        phone.relay()
        assert len(phone.match.entries) == steps + 1 and phone.match.entries[-1].action == action
        moves[action["type"]] = moves.get(action["type"], 0) + 1
    assert spec.is_over(phone.match.state)
    close_scoring(phone)
    assert phone.host.refusals == []
    return moves


def barrio_by_taps(phone: GuestPhone, action: dict[str, Any]) -> None:
    from game.ui.barrio.table import taps_for

    screen = phone.screen
    for key in taps_for(action, screen.view(), screen.legal()):
        screen.tapped(key)


def host_ops(h: Harness) -> list[list[Any]]:
    return [op[2] for op in h.ops() if op[:2] == ["host", "peer"]]


def peer(h: Harness, **data: Any) -> list[list[Any]]:
    """A ``peer`` message to the host's page; the pairing operations it answered with."""
    h.page.receive(json.dumps({"kind": "peer", **data}))
    return host_ops(h)


def sent_to(ops: list[list[Any]], seat: int) -> list[dict[str, Any]]:
    return [json.loads(op[2]) for op in ops if op[0] == "send" and op[1] == seat]


def hello(seq: int, token: str | None) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, "seq": seq, "kind": "hello", "lang": "en", "token": token, "last": 0})
