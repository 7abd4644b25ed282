"""The multi-device protocol (game/ui/multidevice.py) over a fake transport, in CPython.

A host keeps the match; guests bound to seats send actions and receive only their own view. Whole games are
played with every human seat on its own "phone" and compared with the same actions on one device; every
message a guest receives is checked against what its seat may see; cheating and garbage are refused and
change nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import Match, Seat
from game.ui.multidevice import MAX_GUEST_MESSAGE, PROTOCOL_VERSION, GuestTable, HostTable, ViewMatch
from .multidevice_wire import deliver, message, setup


def hidden_of(game_id: str, full: dict[str, Any], seat: int) -> list[Any]:
    """Values a seat must never receive: other players' hands (Barrio), the face-down order of decks."""
    found: list[Any] = []
    if game_id == "barrio":
        for p, hand in enumerate(full["hands"]):
            if p != seat and hand:
                found.append(("hand", p, hand))
        for deck in ("material_deck", "house_deck"):
            if len(full[deck]) > 1:
                found.append((deck, full[deck]))
    if game_id == "nyhavn" and len(full["supply"]) > 1:  # the face-down draw pile's order
        found.append(("supply", full["supply"]))
    return found


def play_shared(game_id: str, players: int, seed: int, remote: list[int], computers: tuple[int, ...] = ()):
    """Play a whole game: local humans and computers decide on the host, each remote seat from its received view."""
    spec, match, host, guests, wire = setup(game_id, players, seed, remote, computers)
    deliver(match, spec, guests, wire)
    bots = {i: spec.make_bot(spec.bot_names[0], 1000 + i) for i in range(players)}
    for _ in range(5000):
        if spec.is_over(match.state):
            break
        player = match.current_player()
        if player in guests:
            guest = guests[player]
            snap = guest.snapshot
            assert snap is not None and snap["current"] == player and snap["legal"], "the guest to move was told so"
            view = {**snap["view"], "log": guest.log}
            guest.act(bots[player].choose(view, snap["legal"]))
        else:
            match.apply(bots[player].choose(spec.view(match.state, player), spec.legal_actions(match.state)))
            host.publish()
        deliver(match, spec, guests, wire)
    assert spec.is_over(match.state)
    return spec, match, host, guests, wire


def test_whole_game_on_two_phones_scores_as_on_one_device():
    spec, match, host, guests, wire = play_shared("barrio", 2, 7, remote=[1])
    replay = Match.new("barrio", 2, 7, [Seat("human"), Seat("human")])
    for entry in match.entries:
        replay.apply(entry.action)
    assert spec.scores(match.state) == spec.scores(replay.state)
    final = guests[1].snapshot
    assert final is not None and final["over"] and final["scores"] == spec.scores(match.state)
    assert final["winners"] == spec.winners(match.state)
    assert host.refusals == []


@pytest.mark.parametrize("game_id,players,remote,computers", [("barrio", 2, [1], ()), ("neueheimat", 3, [0, 2], (1,)),
                                                              ("nyhavn", 3, [1, 2], (0,))])
def test_a_guest_receives_its_own_view_and_nothing_hidden(game_id, players, remote, computers):
    spec, match, host, guests, wire = play_shared(game_id, players, 3, remote, computers)
    assert set(wire.record) == set(remote)
    for seat, messages in wire.record.items():
        log: list[Any] = []
        for full, text in messages:
            data = json.loads(text)
            assert data["v"] == PROTOCOL_VERSION and data["seat"] == seat
            state = spec.from_json(full)
            own = dict(spec.view(state, seat))
            own_log = own.pop("log")
            assert data["view"] == own, "exactly the seat's own view"
            log = log[:data["log_start"]] + data["log"]
            assert log == own_log, "the log lines that seat may see, in order"
            mine = spec.current_player(state) == seat and not spec.is_over(state)
            assert data["legal"] == (spec.legal_actions(state) if mine else [])
            body = json.dumps(data)
            for hidden in hidden_of(game_id, full, seat):
                assert json.dumps(hidden[-1]) not in body, f"seat {seat} received {hidden[:2]}"
    # sequence numbers rise by one per message
    for messages in wire.record.values():
        assert [json.loads(t)["seq"] for _, t in messages] == list(range(1, len(messages) + 1))


def test_cheating_and_garbage_are_refused_and_change_nothing():
    spec, match, host, guests, wire = setup("barrio", 2, 11, remote=[1])
    deliver(match, spec, guests, wire)
    assert match.current_player() == 0
    before = json.dumps(match.to_json())
    legal_for_zero = spec.legal_actions(match.state)[0]
    cases = [
        # the guest of seat 1 acts for seat 0 (whose turn it is), naming seat 0 in the message: bound to seat 1 anyway
        (message("act", 5, action=legal_for_zero, seat=0, player=0), "multi.refused.not_your_turn"),
        ("{not json", "multi.refused.malformed"),
        (json.dumps([1, 2, 3]), "multi.refused.malformed"),
        (message("act", 6, action="build"), "multi.refused.type"),  # its "action" named in the words sent back
        (message("launch", 7), "multi.refused.choice"),  # its "kind"
        (json.dumps({"v": 99, "kind": "act", "seq": 8, "action": legal_for_zero}), "multi.refused.version"),
        (message("act", 9, action={"type": "x" * (200 * 1024)}), "multi.refused.too_big"),  # (the channel carries 256 KiB at most)
        ("x" * (MAX_GUEST_MESSAGE + 1), "multi.refused.too_big"),
    ]
    for text, key in cases:
        assert host.receive(1, text) == key
        assert json.dumps(match.to_json()) == before
    deliver(match, spec, guests, wire)
    # each refusal reached the guest in words, and the game goes on
    assert guests[1].refused and "version" not in guests[1].refused
    bot = spec.make_bot(spec.bot_names[0], 1)
    while match.current_player() == 0:
        match.apply(bot.choose(spec.view(match.state, 0), spec.legal_actions(match.state)))
        host.publish()
    deliver(match, spec, guests, wire)
    before = json.dumps(match.to_json())
    # an illegal action on its own turn: refused with the engine's reason
    assert host.receive(1, message("act", 20, action={"type": "build", "card": 999, "cells": []})) == "multi.refused.illegal"
    assert json.dumps(match.to_json()) == before
    deliver(match, spec, guests, wire)
    assert guests[1].refused.startswith("Not allowed: ")
    # a legal one is applied once; the same message again is not applied twice
    legal = guests[1].snapshot["legal"][0]
    text = message("act", 21, action=legal)
    assert host.receive(1, text) is None
    assert len(match.entries) > 0 and match.entries[-1].action == legal
    steps = len(match.entries)
    assert host.receive(1, text) == "multi.refused.repeat"
    assert len(match.entries) == steps


def test_a_returning_guest_is_resynced_from_the_host():
    spec, match, host, guests, wire = setup("barrio", 2, 5, remote=[1])
    deliver(match, spec, guests, wire)
    bot = spec.make_bot(spec.bot_names[0], 2)
    host.closed(1)  # its channel is gone: nothing is sent meanwhile
    for _ in range(3):
        if match.current_player() != 0:
            break
        match.apply(bot.choose(spec.view(match.state, 0), spec.legal_actions(match.state)))
        host.publish()
    assert not wire.to_guest.get(1)
    stale = guests[1].snapshot
    assert stale is not None and stale["step"] < len(match.entries)
    stale_token = guests[1].token
    assert stale_token and stale_token == host.tokens()[1]
    # another phone on the seat's new connection, without the seat's resume token: refused, and told nothing
    host.opened(1)
    stranger = GuestTable(lambda text: host.receive(1, text))
    guests[1] = stranger
    stranger.token = "not-the-token"
    stranger.hello()
    assert host.refusals[-1] == (1, "multi.refused.token")
    for text in (message("sync", 2), message("act", 3, action={"type": "draw"})):  # nor may it act before its hello is taken
        assert host.receive(1, text) == "multi.refused.hello"
    deliver(match, spec, guests, wire)
    assert stranger.snapshot is None and stranger.refused_key == "multi.refused.hello"
    assert [json.loads(t)["kind"] for _, t in wire.record[1][-3:]] == ["refused"] * 3, "no position for a stranger"
    host.refusals.clear()
    # the guest's own page, reloaded and re-paired, starts with nothing but the token it kept: its hello brings the
    # whole position and log
    fresh = GuestTable(lambda text: host.receive(1, text))
    fresh.token = guests_token = stale_token
    guests[1] = fresh
    host.opened(1)
    fresh.hello()
    deliver(match, spec, guests, wire)
    assert fresh.token == guests_token
    snap = fresh.snapshot
    assert snap is not None and snap["step"] == len(match.entries) and snap["log_start"] == 0
    assert fresh.log == spec.view(match.state, 1)["log"]
    # and it plays on: its own sequence numbers start again at 1 on the new connection
    while match.current_player() == 0:
        match.apply(bot.choose(spec.view(match.state, 0), spec.legal_actions(match.state)))
        host.publish()
    deliver(match, spec, guests, wire)
    steps = len(match.entries)
    fresh.act(fresh.snapshot["legal"][0])
    assert len(match.entries) == steps + 1 and host.refusals == []


def test_view_match_drives_a_screen_without_the_state():
    spec, match, host, guests, wire = setup("barrio", 2, 9, remote=[1])
    deliver(match, spec, guests, wire)
    view_match = ViewMatch(guests[1], spec)
    assert view_match.current_player() == match.current_player() == 0
    assert view_match.spec.legal_actions(view_match.state) == []
    assert view_match.spec.view(view_match.state, 1) == spec.view(match.state, 1)
    assert view_match.spec.coach is None and view_match.spec.title == spec.title


def test_the_host_may_give_a_lost_phones_seat_to_another_phone_or_take_its_tokens_back():
    spec, match, host, guests, wire = setup("barrio", 2, 5, remote=[1])
    deliver(match, spec, guests, wire)
    token = guests[1].token
    # the host's page reloads: a new table, given the tokens it kept, takes the seat's phone back only with its token
    again = HostTable(lambda: match, [1], wire.host_send, lambda action: None)
    again.restore({1: token})
    again.opened(1)
    assert again.receive(1, message("hello", 1, token="forged", lang="en")) == "multi.refused.token"
    assert again.receive(1, message("hello", 2, token=token, lang="en")) is None
    assert again.connected() == [1] and again.tokens() == {1: token}
    # its phone is lost for good: the host frees the seat, and the next phone to say hello takes it with a new token
    again.closed(1)
    again.release(1)
    assert again.tokens() == {}
    again.opened(1)
    assert again.receive(1, message("hello", 1, token=token, lang="en")) is None
    assert again.tokens()[1] != token
