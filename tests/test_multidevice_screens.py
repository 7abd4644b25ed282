"""A guest phone's own table, under CPython: the app booted from a host's ``#join=`` link on a fake page, paired
to a host (a :class:`~game.ui.multidevice.HostTable` over a real :class:`~game.core.Match`), drawing its seat
with the game's own canvas screen (not the list UI) from the views it receives, and playing by that table's
inputs. Every message goes through the page's ``peer`` messages and ``["host", "peer", ["send", …]]`` operations,
as in the browser (``tests/browser/test_multidevice.py`` plays the same over real WebRTC).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import Match, Seat, load_game
from game.ui.multidevice import HostTable, ViewMatch

from game.ui.nyhavn.layout import grip

from .test_ui_nyhavn_table import orient_path
from .test_ui_replay import SITE, Harness

OFFER = "AQEBAAAAAA"  # the page decodes it; the worker only passes it on


class GuestPhone:
    """A guest page booted from a host's link, wired to a host table: messages both ways, recorded."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, game_id: str, players: int, seed: int, seat: int,
                 computers: tuple[int, ...] = ()) -> None:
        self.h = Harness(monkeypatch, href=SITE + "?pause=0#join=" + OFFER)
        joins = [op for op in self.h.ops() if op[:2] == ["host", "peer"] and op[2][0] == "join"]
        assert [op[2][1] for op in joins] == [OFFER], "the page is asked to join with the link's offer"
        self.module = load_game(game_id)
        seats = [Seat("computer", self.module.BOT_NAMES[0]) if i in computers else Seat("human") for i in range(players)]
        self.match = Match.new(game_id, players, seed, seats)
        self.seat = seat
        self.received: list[str] = []
        self.steps = 0  #: the host's moves before the guest's move being made

        def apply(action: dict[str, Any]) -> None:
            self.match.apply(action)
            self.host.publish()

        self.host = HostTable(lambda: self.match, [seat], self.to_guest, apply)
        self.host.opened(seat)
        self.peer(event="open", seat=seat)  # the channel opened: the guest says hello, the host sends the position

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
        module, match = self.module, self.match
        while not module.is_over(match.state) and match.current_player() != self.seat:
            player = match.current_player()
            match.apply(bots[player].choose(module.view(match.state, player), module.legal_actions(match.state)))
            self.host.publish()


def close_scoring(phone: GuestPhone) -> None:
    """Neue Heimat's round scoring holds the guest's table until its player closes it, as on the host."""
    screen = phone.screen
    while getattr(screen, "scoring", None) is not None:
        screen._scoring_close()
        phone.relay()


def play(phone: GuestPhone, guest_move: Any, seed: int, limit: int = 4000) -> dict[str, int]:
    """Play to the end: the host's seats by computers on the host, the guest's by ``guest_move`` on its own table."""
    module = phone.module
    bots = {i: module.make_bot(module.BOT_NAMES[0], seed + i) for i in range(phone.match.num_players)}
    moves: dict[str, int] = {}
    for _ in range(limit):
        phone.host_moves(bots)
        close_scoring(phone)
        if module.is_over(phone.match.state):
            break
        screen = phone.screen
        assert isinstance(screen.match, ViewMatch) and type(screen).__name__ != "FallbackScreen", "the game's own table"
        assert screen.is_my_turn(), "the guest's table lets its player move"
        view, legal = screen.view(), screen.legal()
        assert view == {k: v for k, v in module.view(phone.match.state, phone.seat).items()}, "it draws its own view"
        action = bots[phone.seat].choose(view, legal)
        steps = phone.steps = len(phone.match.entries)
        guest_move(phone, action)
        phone.relay()
        assert len(phone.match.entries) == steps + 1 and phone.match.entries[-1].action == action
        moves[action["type"]] = moves.get(action["type"], 0) + 1
    assert module.is_over(phone.match.state)
    close_scoring(phone)
    assert phone.host.refusals == []
    return moves


def end_scores(phone: GuestPhone) -> list[int]:
    table = phone.h.find("final-scores")
    assert table is not None, "the guest shows the end screen"
    return [int(td.textContent) for td in walk(table) if td.tagName == "TD" and "num" in str(td.className).split()]


def walk(node: Any) -> list[Any]:
    out = [node]
    for child in node.children:
        out.extend(walk(child))
    return out


def nyhavn_by_inputs(phone: GuestPhone, action: dict[str, Any]) -> None:
    """A Nyhavn move made with the guest screen's own taps and bar buttons (its placement checks read the view
    only: a guest has no state)."""
    screen = phone.screen

    def tap(key: str) -> None:
        offered = {t.key for t in screen._last_targets or [] if t.enabled}
        assert key in offered, f"{key} not offered on the guest's table"
        screen.tapped(key)
        phone.relay()

    def press(cmd: str) -> None:
        _, _, specs = screen.tabletop.bar(screen.seen(), "")
        shown = {dict(attrs)["data-cmd"]: dict(attrs) for attrs, _ in specs}
        assert cmd in shown and not shown[cmd]["disabled"], f"no {cmd} button on the guest's table"
        screen.follow(screen.tabletop.command(cmd, screen.seen()))
        phone.relay()

    kind = action["type"]
    if kind == "take":
        if ("both_actions" in action["abilities"]) != screen.pick.both:
            press("both")
        for dock in action["docks"]:
            if screen.pick.docks != action["docks"]:
                tap(f"dock-{dock}")
        if len(phone.match.entries) == phone.steps:  # (the last dock's tap may have taken the cards already)
            press("take")
    elif kind == "build":
        tile, goal = action["tile"], action["orient"]
        tap(f"stack-{tile}")
        for how in orient_path(tile, screen.pick.orient, goal):
            press(how)
        gx, gy = grip(tile, goal)
        tap(f"cell-{action['col'] + gx}-{action['row'] + gy}")
        assert screen.tabletop.message[0] == "good", screen.tabletop.message
        press("place")
    elif kind == "pay":
        press(f"pay-{screen.legal().index(action)}")
    elif kind == "arms" and action["choice"] == "white":
        tap(f"cell-{action['col']}-{action['row']}")
    elif kind == "arms":
        press(f"ability-{action['ability']}" if action["choice"] == "ability" else "refresh")
    elif kind == "discard":
        tap(f"hand-{action['colour']}")
    else:
        press({"end_turn": "end", "pass": "pass"}[kind])


def neueheimat_by_taps(phone: GuestPhone, action: dict[str, Any]) -> None:
    """A Neue Heimat move made by the guest's table targets (``hint_keys``: one tap each) or its decision buttons."""
    from game.ui.neueheimat.hint_targets import hint_keys

    screen = phone.screen
    keys = hint_keys(screen.view(), screen.legal(), action)
    assert keys, action
    for key in keys:
        if key.startswith("act:bid-any"):
            screen.bid_amount = action["amount"]
            screen._bid_stepped(None)
        elif key.startswith("act:"):
            buttons = [b for b in walk(screen.controls) if b.tagName == "BUTTON" and b.dataset.act == key[4:]]
            assert buttons, f"no {key} button on the guest's table"
            phone.h.click(buttons[0])
        elif key.startswith("row-") and screen.frame().small_lots is False:
            continue  # a larger table shows the lots themselves
        else:
            screen.tapped(key)


def barrio_by_taps(phone: GuestPhone, action: dict[str, Any]) -> None:
    from game.ui.barrio.table import taps_for

    screen = phone.screen
    for key in taps_for(action, screen.view(), screen.legal()):
        screen.tapped(key)


@pytest.mark.parametrize("game_id,players,seat,computers,move", [
    ("nyhavn", 2, 1, (0,), nyhavn_by_inputs),
    ("neueheimat", 3, 2, (0, 1), neueheimat_by_taps),
    ("barrio", 2, 1, (0,), barrio_by_taps),
])
def test_a_guest_plays_a_whole_game_on_its_own_table(monkeypatch, game_id, players, seat, computers, move):
    phone = GuestPhone(monkeypatch, game_id, players, 4, seat, computers)
    moves = play(phone, move, 4)
    assert sum(moves.values()) > 5 and len(moves) >= 3, moves  # several kinds of decision, each by the table's inputs
    if game_id == "nyhavn":
        assert moves.get("build", 0) >= 3, moves  # tiles placed with the ghost's checks from the view
    expected = [int(x) for x in phone.module.scores(phone.match.state)]
    assert sorted(end_scores(phone), reverse=True) == sorted(expected, reverse=True)
