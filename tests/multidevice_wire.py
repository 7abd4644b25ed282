"""Several phones' tables wired to one host's match under CPython: the set-up, the wire, message delivery, the clock."""

from __future__ import annotations

import json
from typing import Any

from game.core import Match, Seat, load_spec
from game.ui.multidevice import PROTOCOL_VERSION, GuestTable, HostTable


class Wire:
    """A fake ordered channel per remote seat: host → guest messages, and a record of all of them."""

    def __init__(self) -> None:
        self.to_guest: dict[int, list[str]] = {}
        self.record: dict[int, list[tuple[dict[str, Any], str]]] = {}

    def host_send(self, seat: int, text: str) -> None:
        self.to_guest.setdefault(seat, []).append(text)


class PlayerClock:
    """A clock that moves a fifth of a second each time it is read (once per message): within every budget."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        self.now += 0.2
        return self.now


def setup(game_id: str, players: int, seed: int, remote: list[int], computers: tuple[int, ...] = ()):
    spec = load_spec(game_id)
    seats = [Seat("computer", spec.bot_names[0]) if i in computers else Seat("human") for i in range(players)]
    match = Match.new(game_id, players, seed, seats)
    wire = Wire()
    host: HostTable

    def apply(action: dict[str, Any]) -> None:
        match.apply(action)
        host.publish()

    host = HostTable(lambda: match, remote, wire.host_send, apply)
    host.clock = PlayerClock()  # a player's pace: these games are played far faster than any phone sends
    guests: dict[int, GuestTable] = {}
    for seat in remote:
        guests[seat] = GuestTable(lambda text, s=seat: host.receive(s, text))
        host.opened(seat)
        guests[seat].hello()
    return spec, match, host, guests, wire


def deliver(match: Match, spec: Any, guests: dict[int, GuestTable], wire: Wire) -> None:
    """Hand every queued host message to its guest, recording it with the full state it was sent from."""
    for seat, queue in wire.to_guest.items():
        while queue:
            text = queue.pop(0)
            wire.record.setdefault(seat, []).append((spec.to_json(match.state), text))
            guests[seat].receive(text)


def message(kind: str, seq: int, **fields: Any) -> str:
    return json.dumps({"v": PROTOCOL_VERSION, "kind": kind, "seq": seq, **fields})
