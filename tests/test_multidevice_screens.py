"""A guest phone's own table, under CPython: the app booted from a host's ``#join=`` link on a fake page, paired
to a host (a :class:`~game.ui.multidevice.HostTable` over a real :class:`~game.core.Match`), drawing its seat
with the game's own canvas screen (not the list UI) from the views it receives, and playing by that table's
inputs. Every message goes through the page's ``peer`` messages and ``["host", "peer", ["send", …]]`` operations,
as in the browser (``tests/browser/test_multidevice.py`` plays the same over real WebRTC).
"""

from __future__ import annotations

import gc
import json
from typing import Any

import pytest

from game.ui.multidevice import ViewMatch
from game.ui.storage import GUEST_TOKEN_KEY

from game.ui.nyhavn.layout import grip

from .nyhavn_inputs import orient_path
from .ui_harness import Harness
from .multidevice_phones import GuestPhone, barrio_by_taps, hello, host_ops, peer, play, sent_to


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
        elif key.startswith("row-") and screen.scene().small_lots is False:
            continue  # a larger table shows the lots themselves
        else:
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
    expected = [int(x) for x in phone.spec.scores(phone.match.state)]
    assert sorted(end_scores(phone), reverse=True) == sorted(expected, reverse=True)


def test_a_reloaded_guest_gets_its_seat_back_with_its_token_and_a_stranger_is_refused(monkeypatch):
    phone = GuestPhone(monkeypatch, "neueheimat", 3, 6, 1, (0, 2))
    play(phone, neueheimat_by_taps, 6, stop_after=6)
    token = phone.host.tokens()[1]
    assert phone.kept() == token, "the app keeps the seat's resume token"
    storage = dict(phone.h.storage)
    step = len(phone.match.entries)
    # another phone scans the seat's new code: without the token it is refused in words and shown nothing
    phone.reload({**storage, GUEST_TOKEN_KEY: "some-other-token"})
    assert phone.host.refusals[-1] == (1, "multi.refused.token")
    refused = phone.h.find("join-refused")
    assert refused is not None and "another phone" in refused.textContent
    assert phone.screen is None and all(json.loads(t)["kind"] == "refused" for t in phone.received[-1:])
    # the seat's own phone, reloaded, pairs again with the token its page kept: the whole position, and it plays on
    phone.reload(storage)
    assert isinstance(phone.screen.match, ViewMatch) and phone.screen.match.state.data["step"] == step
    assert phone.screen.match.state.view() == phone.spec.view(phone.match.state, 1)
    phone.host.refusals.clear()
    play(phone, neueheimat_by_taps, 6)
    assert phone.spec.is_over(phone.match.state)


def test_the_host_page_reloads_offers_each_remote_seat_again_and_may_give_one_to_a_computer(monkeypatch):
    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": "barrio", "players": 2, "seats": ["human", "remote"], "seed": "8"})
    (pairing,) = [op for op in host_ops(h) if op[0] == "host"]
    assert [(s["seat"], s["gone"]) for s in pairing[1]] == [(1, False)]
    peer(h, event="open", seat=1)
    (state,) = sent_to(peer(h, event="message", seat=1, text=hello(1, None)), 1)
    token = state["token"]
    assert json.loads(h.storage["house-games.sharing"])["tokens"] == {"1": token}
    saved = dict(h.storage)
    # the host's page reloads: Resume opens the game, and its remote seat is offered again, marked as gone
    h = Harness(monkeypatch, storage=saved)
    h.request(type="resume")
    assert h.app.screen.remote_seats == {1}
    (pairing,) = [op for op in host_ops(h) if op[0] == "host"]
    assert [(s["seat"], s["gone"]) for s in pairing[1]] == [(1, True)]
    assert any("each other phone scans" in t.textContent for t in h.app.toasts.children)
    # a phone without the token is refused and the seat offered again; the seat's phone, with it, is let in
    peer(h, event="open", seat=1)
    ops = peer(h, event="message", seat=1, text=hello(1, "forged"))
    assert [m["kind"] for m in sent_to(ops, 1)] == ["refused"] and any(op[0] == "host" for op in ops)
    peer(h, event="open", seat=1)
    (state,) = sent_to(peer(h, event="message", seat=1, text=hello(1, token)), 1)
    assert state["kind"] == "state" and state["seat"] == 1
    # the phone leaves for good: the host gives its seat to a computer, which plays it from then on
    ops = peer(h, event="closed", seat=1)
    (pairing,) = [op for op in ops if op[0] == "host"]
    assert pairing[1][0]["gone"] is True
    screen = h.app.screen
    while screen.match.current_player() == 0:
        screen.act(screen.legal()[0])
    ops = peer(h, event="choose", seat=1, choice="computer")
    assert ["drop", 1] in ops
    assert screen.match.seats[1].kind == "computer" and screen.remote_seats == frozenset()
    h.host.run_timers()
    assert screen.match.current_player() == 0, "the computer played the seat's turn"
    assert json.loads(h.storage[h.app.store.slot])["seats"][1]["kind"] == "computer"


def test_the_host_back_from_the_menu_resumes_with_its_phones_still_paired(monkeypatch):
    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": "barrio", "players": 2, "seats": ["human", "remote"], "seed": "8"})
    host_ops(h)
    peer(h, event="open", seat=1)
    peer(h, event="message", seat=1, text=hello(1, None))
    sharing = h.app.sharing
    h.app.show_start()
    h.request(type="resume")
    assert h.app.sharing is sharing and h.app.screen.remote_seats == {1}
    assert not [op for op in host_ops(h) if op[0] == "host"], "no new code: the phone is still paired"
    screen = h.app.screen
    ops: list[list[Any]] = []
    while screen.match.current_player() == 0:
        screen.act(screen.legal()[0])
        h.page.flush()
        ops += host_ops(h)
    assert sent_to(ops, 1)[-1]["step"] == len(screen.match.entries), "the resumed game's moves reach the phone"


def test_a_guests_table_waits_for_the_hosts_answer_before_it_is_drawn_again(monkeypatch):
    phone = GuestPhone(monkeypatch, "barrio", 2, 4, 1, (0,))
    spec = phone.spec
    bots = {i: spec.make_bot(spec.bot_names[0], 4 + i) for i in range(2)}
    phone.host_moves(bots)
    screen, h = phone.screen, phone.h
    h.page.flush()
    h.host.posted.clear()
    screen.act(bots[1].choose(screen.view(), screen.legal()))  # the host does not answer yet (a slow channel)
    h.page.flush()
    framed = lambda: [m for m in h.host.posted if m.get("frame")]  # noqa: E731
    sends = [op for m in h.host.posted for op in m["ops"] if op[:2] == ["host", "peer"] and op[2][0] == "send"]
    assert len(sends) == 1 and not framed(), "the move left at once, and the table is not drawn meanwhile"
    h.host.run_timers()
    assert framed(), "a slow answer: the table is drawn waiting"
    seen: list[dict[str, Any]] = []
    post = h.host.post
    monkeypatch.setattr(h.host, "post", lambda text: (seen.append(json.loads(text)), post(text)))
    phone.relay()  # the host's answer comes: the table is drawn with it
    assert [m for m in seen if m.get("frame")] and screen.match.state.data["step"] == len(phone.match.entries)


def test_a_guests_tap_in_the_list_ui_survives_a_redraw_and_one_on_replaced_choices_is_dropped(monkeypatch):
    # the browser's hostile-guest run lost a tap so: the host's refusals came while the tap was on its way, the
    # list was rebuilt, and the tap reached the worker naming a button that no longer existed (an error, no move)
    phone = GuestPhone(monkeypatch, "barrio", 2, 4, 1, (0,), query="?pause=0&ui=list")
    spec = phone.spec
    bots = {i: spec.make_bot(spec.bot_names[0], 4 + i) for i in range(2)}
    phone.host_moves(bots)
    screen, h = phone.screen, phone.h
    assert type(screen).__name__ == "FallbackScreen" and screen.is_my_turn()
    actions = h.find("legal-actions")
    # the page's tap names a button by its id; the worker keeps no node the screen dropped (collected)
    tapped = [b.nid for b in walk(actions) if b.tagName == "BUTTON"]
    assert len(tapped) == len(screen.legal()) > 1
    phone.host.receive(1, "{not json")  # refused: the guest's table is drawn again with the same choices
    assert json.loads(phone.received[-1])["kind"] == "refused"
    gc.collect()
    action = bots[1].choose(screen.view(), screen.legal())
    steps = len(phone.match.entries)
    h.fire(actions, target=tapped[screen.legal().index(action)])  # the tap made before the repeat
    phone.relay()
    assert len(phone.match.entries) == steps + 1 and phone.match.entries[-1].action == action, "the tap is played"
    phone.host_moves(bots)
    old = [b for b in walk(actions) if b.tagName == "BUTTON"]
    assert old and screen.is_my_turn()
    action = bots[1].choose(screen.view(), screen.legal())
    h.fire(actions, target=old[screen.legal().index(action)].nid)  # played: the list shows the next choices
    phone.relay()
    phone.host_moves(bots)
    steps = len(phone.match.entries)
    h.host.posted.clear()
    h.fire(actions, target=old[0].nid)  # a second tap on a button of choices already played (not yet collected)
    phone.relay()
    assert len(phone.match.entries) == steps, "a tap on replaced choices plays nothing"
    assert not [m for m in h.host.posted for op in m["ops"] if "Traceback" in json.dumps(op)], "and reports no error"
