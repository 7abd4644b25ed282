"""A host that no guest can abuse (issue 39), in CPython: the host's side of the protocol (``HostTable``) against a
guest that writes its own messages.

- only the engine's own legal actions reach the match, its log and its autosave (a re-spelled ``20.0`` becomes the
  engine's ``20``; an extra field, or a value of another type, is refused in words), in every game;
- a refusal is answered with the refusal only; a burst is read within the connection's budgets, then not at all
  until the budget refills (one notice), and the host answers the guest's next move at once;
- a ``seq`` outside the window is refused and moves nothing: the seat plays on;
- a connection that says no hello is noticed within seconds.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from game.ui.multidevice import (HELLO_TIMEOUT_S, MAX_BYTES_PER_MIN, MAX_MESSAGES_PER_S, SEQ_WINDOW, GuestTable,
                                 legal_match)

from .multidevice_wire import deliver, message, setup


class StillClock:
    """A clock that moves only when told (a burst arrives within one instant)."""

    def __init__(self) -> None:
        self.now = 1e7  # (after the clock the game was played by)

    def __call__(self) -> float:
        return self.now


def guest_turn(game_id: str, players: int, seed: int, seat: int, wanted: Any = None):
    """A shared game where the host plays every other seat (its weak computer) until ``seat``'s guest is to move and,
    when ``wanted`` is given, one of its legal actions passes ``wanted`` (the guest plays its own moves meanwhile)."""
    spec, match, host, guests, wire = setup(game_id, players, seed, remote=[seat])
    deliver(match, spec, guests, wire)
    bots = {i: spec.make_bot(spec.bot_names[0], seed + i) for i in range(players)}
    for _ in range(3000):
        assert not spec.is_over(match.state), "no such turn came"
        player = match.current_player()
        legal = spec.legal_actions(match.state)
        if player == seat and (wanted is None or any(wanted(a) for a in legal)):
            return spec, match, host, guests, wire
        action = bots[player].choose(spec.view(match.state, player), legal)
        if player == seat:
            guests[seat].act(action)
        else:
            match.apply(action)
            host.publish()
        deliver(match, spec, guests, wire)
    raise AssertionError("no such turn came")


def int_field(action: dict[str, Any]) -> str | None:
    return next((k for k, v in action.items() if type(v) is int), None)


def saved(match: Any) -> str:
    """What the host's autosave would store (the match's JSON, as the store writes it)."""
    return json.dumps(match.to_json(), separators=(",", ":"))


@pytest.mark.parametrize("game_id,players,seed", [("barrio", 2, 3), ("nyhavn", 2, 5), ("neueheimat", 3, 4)])
def test_only_the_engines_own_action_reaches_the_match_and_its_autosave(game_id, players, seed):
    spec, match, host, guests, wire = guest_turn(game_id, players, seed, 1, wanted=int_field)
    guest = guests[1]
    legal = spec.legal_actions(match.state)
    action = next(a for a in legal if int_field(a))
    field = int_field(action)
    assert field is not None
    before, steps = saved(match), len(match.entries)
    refused = [
        ({**action, "note": "x" * 60_000}, "multi.refused.extra"),  # a legal move with a field of its own
        ({**action, "seat": 0}, "multi.refused.extra"),
        ({**action, field: str(action[field])}, None),  # "20" is not 20
        ({**action, field: action[field] + 0.5}, None),
        ({k: v for k, v in action.items() if k != field}, None),  # a field missing
    ]
    seq = guest.sent
    for sent, key in refused:
        seq += 1
        got = host.receive(1, message("act", seq, action=sent))
        assert got is not None and (key is None or got == key), (sent, got)
        assert saved(match) == before and len(match.entries) == steps
    answers = [json.loads(t) for t in wire.to_guest[1]]
    assert [a["kind"] for a in answers] == ["refused"] * len(refused), "a refusal, and no position with it"
    assert answers[0]["key"] == "multi.refused.extra" and "(note)" in answers[0]["reason"], "in words, naming the field"
    assert answers[1]["reason"] == "That move carries fields it does not have (seat); nothing changed."
    deliver(match, spec, guests, wire)
    # the same move with the number re-spelled as a float: the engine's own action is applied, as the engine spells it
    seq += 1
    assert host.receive(1, message("act", seq, action={**action, field: float(action[field])})) is None
    assert len(match.entries) == steps + 1
    stored = match.entries[-1].action
    assert stored == action and type(stored[field]) is int
    assert f'"{field}":{action[field]},' in saved(match) or f'"{field}":{action[field]}}}' in saved(match)
    assert "x" * 100 not in saved(match) and f"{float(action[field])}" not in json.dumps(match.entries[-1].action)


def test_values_match_the_engines_in_type_and_shape():
    legal = [{"type": "build", "card": 20, "cells": [[1, 2]], "flag": True}]
    assert legal_match({"type": "build", "card": 20.0, "cells": [[1.0, 2]], "flag": True}, legal) == legal[0]
    assert legal_match({"type": "build", "card": 20, "cells": [[1, 2]], "flag": 1}, legal) is None
    assert legal_match({"type": "build", "card": True, "cells": [[1, 2]], "flag": True}, legal) is None
    assert legal_match({"type": "build", "card": 20, "cells": [[1, 2, 3]], "flag": True}, legal) is None
    assert legal_match({"type": "build", "card": 20, "cells": {"0": [1, 2]}, "flag": True}, legal) is None
    copy = legal_match({"type": "build", "card": 20, "cells": [[1, 2]], "flag": True}, legal)
    assert copy is not None and copy is not legal[0] and copy["cells"] is not legal[0]["cells"]


def test_a_burst_is_answered_with_refusals_only_and_the_host_stays_responsive():
    spec, match, host, guests, wire = guest_turn("barrio", 2, 7, 1)
    clock = host.clock = StillClock()
    wire.to_guest[1] = []
    before, steps = saved(match), len(match.entries)
    illegal = {"type": "build", "card": 999, "cells": []}
    started = time.perf_counter()
    for i in range(5000):
        host.receive(1, message("act", guests[1].sent + 1 + i % SEQ_WINDOW, action=illegal))
    busy = time.perf_counter() - started
    sent = [json.loads(t) for t in wire.to_guest[1]]
    assert [m["kind"] for m in sent] == ["refused"] * len(sent), "no position is sent with a refusal"
    assert len(sent) == MAX_MESSAGES_PER_S + 1, "the budget's refusals, then one notice, then nothing"
    assert sent[-1]["key"] == "multi.refused.flood" and "does not read" in sent[-1]["reason"]
    assert host.links[1].dropped == 5000 - MAX_MESSAGES_PER_S
    assert busy < 1.0, f"5,000 messages kept the host busy {busy:.2f} s"
    assert saved(match) == before
    # within the second the connection is not read, even a good move; once it is over, the guest's move is taken
    legal = spec.legal_actions(match.state)[0]
    assert host.receive(1, message("act", guests[1].sent + 1, action=legal)) == "multi.refused.flood"
    assert len(wire.to_guest[1]) == len(sent), "nothing more is said meanwhile"
    clock.now += 1.0
    wire.to_guest[1].clear()
    guests[1].sent = host.links[1].seen
    guests[1].act(legal)
    assert len(match.entries) == steps + 1
    assert [json.loads(t)["kind"] for t in wire.to_guest[1]] == ["state"], "a change: the new position, once"


def test_a_connection_is_read_within_its_bytes_per_minute():
    spec, match, host, guests, wire = guest_turn("barrio", 2, 7, 1)
    clock = host.clock = StillClock()
    steps = len(match.entries)
    big = message("act", 1, action={"type": "build", "card": 999, "pad": "x" * 60_000})
    fits = MAX_BYTES_PER_MIN // len(big)
    results = []
    for _ in range(fits + 3):
        clock.now += 2.0  # a slow trickle, well within the messages per second
        results.append(host.receive(1, big.replace('"seq": 1', f'"seq": {guests[1].sent + 1}')))
    assert "multi.refused.flood" not in results[:fits] and results[fits:] == ["multi.refused.flood"] * 3
    clock.now += 60.0
    guests[1].act(spec.legal_actions(match.state)[0])
    assert host.refusals[-1][1] == "multi.refused.flood" and len(match.entries) == steps + 1, "read again after the minute"


def test_sync_sends_the_position_again_and_a_refusal_does_not():
    spec, match, host, guests, wire = guest_turn("barrio", 2, 7, 1)
    wire.to_guest[1] = []
    host.receive(1, message("act", guests[1].sent + 1, action={"type": "build", "card": 999, "cells": []}))
    assert [json.loads(t)["kind"] for t in wire.to_guest[1]] == ["refused"]
    host.receive(1, message("sync", guests[1].sent + 2))
    assert [json.loads(t)["kind"] for t in wire.to_guest[1]] == ["refused", "state"]
    assert json.loads(wire.to_guest[1][-1])["log_start"] == 0, "the whole position and log"


def test_a_far_future_seq_is_refused_and_cannot_lock_the_seat():
    spec, match, host, guests, wire = guest_turn("barrio", 2, 7, 1)
    guest = guests[1]
    legal = spec.legal_actions(match.state)[0]
    steps, seen = len(match.entries), host.links[1].seen
    for seq in (10**9, seen + SEQ_WINDOW + 1, 2**53):
        assert host.receive(1, message("act", seq, action=legal)) == "multi.refused.sequence"
        assert len(match.entries) == steps and host.links[1].seen == seen, "the window does not move"
    assert host.receive(1, message("act", seen, action=legal)) == "multi.refused.repeat"
    refusals = [json.loads(t) for t in wire.to_guest[1][-4:]]
    assert [r["expect"] for r in refusals] == [seen + 1] * 4 and "expects" in refusals[0]["reason"]
    deliver(match, spec, guests, wire)
    # the guest's own app plays on with its own numbers
    guest.act(legal)
    assert len(match.entries) == steps + 1 and host.links[1].seen == seen + 1


def test_a_guest_whose_numbers_drifted_is_told_the_expected_one_and_its_move_goes_through():
    spec, match, host, guests, wire = guest_turn("barrio", 2, 7, 1)
    guest = guests[1]
    steps = len(match.entries)
    guest.sent = 5000  # as after a page that kept counting across connections
    guest.act(spec.legal_actions(match.state)[0])
    assert host.refusals[-1][1] == "multi.refused.sequence" and len(match.entries) == steps
    deliver(match, spec, guests, wire)  # the refusal says which number the host expects: the app sends its move again
    assert len(match.entries) == steps + 1 and guest.refused_key is None


def test_a_connection_without_a_hello_is_noticed_and_pings_do_not_keep_it():
    spec, match, host, guests, wire = setup("barrio", 2, 7, remote=[1])
    clock = host.clock = StillClock()
    host.opened(1)
    assert not host.squatting(1)
    for seq in range(1, 6):
        clock.now += 1.2
        host.receive(1, message("ping", seq))
        host.receive(1, message("sync", seq + 10))
    assert clock.now - 1e7 >= HELLO_TIMEOUT_S and host.squatting(1), "a ping is no hello"
    host.opened(1)
    phone = GuestTable(lambda text: host.receive(1, text))
    phone.token = host.links[1].token  # the seat's own phone
    phone.hello()
    clock.now += 2 * HELLO_TIMEOUT_S
    assert not host.squatting(1), "its hello was taken"



# ---------------------------------------------------------------------- the host's page (game/ui/sharing.py)
def shared_host(monkeypatch: pytest.MonkeyPatch):
    from .multidevice_phones import host_ops
    from .ui_harness import Harness

    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": "barrio", "players": 2, "seats": ["human", "remote"], "seed": "8"})
    (pairing,) = [op for op in host_ops(h) if op[0] == "host"]
    assert [s["seat"] for s in pairing[1]] == [1]
    return h


def test_a_squatter_is_closed_and_its_seat_offered_again(monkeypatch):
    from .multidevice_phones import hello, host_ops, peer, sent_to

    h = shared_host(monkeypatch)
    clock = h.app.sharing.table.clock = StillClock()
    peer(h, event="open", seat=1)  # a page paired and says nothing
    clock.now += HELLO_TIMEOUT_S + 0.2
    h.host.run_timers(limit=1)  # (the hello's timer: the next ones would take the toast down)
    ops = h.ops()
    (pairing,) = [op[2] for op in ops if op[:2] == ["host", "peer"] and op[2][0] == "host"]
    assert [s["seat"] for s in pairing[1]] == [1], "a new code for the seat"
    assert any("never joined the game" in t.textContent for t in h.app.toasts.children)
    assert not h.app.sharing.table.links[1].connected
    # the real guest pairs with the new code and plays
    peer(h, event="open", seat=1)
    (state,) = sent_to(peer(h, event="message", seat=1, text=hello(1, None)), 1)
    assert state["kind"] == "state"
    clock.now += HELLO_TIMEOUT_S + 0.2
    h.host.run_timers()
    assert not [op for op in host_ops(h) if op[0] == "host"], "a phone that said hello keeps its seat"


def test_the_hosts_player_hears_of_refused_messages_once_per_burst(monkeypatch):
    from .multidevice_phones import hello, host_ops, peer, sent_to

    h = shared_host(monkeypatch)
    h.app.sharing.table.clock = StillClock()
    peer(h, event="open", seat=1)
    peer(h, event="message", seat=1, text=hello(1, None))
    ops: list[list[Any]] = []
    for i in range(200):
        h.page.receive(json.dumps({"kind": "peer", "event": "message", "seat": 1,
                                   "text": message("act", 2 + i % SEQ_WINDOW, action={"type": "build", "card": 999})}))
    ops = host_ops(h)
    answers = sent_to(ops, 1)
    # (its hello counted in the same second)
    assert [a["kind"] for a in answers] == ["refused"] * MAX_MESSAGES_PER_S and answers[-1]["key"] == "multi.refused.flood"
    assert ["mute", 1, 1000] in ops, "the page stops reading that connection"
    notices = [t.textContent for t in h.app.toasts.children]
    assert sum("was refused" in n for n in notices) == 1 and sum("too many messages" in n for n in notices) == 1, notices


def test_the_seats_tokens_are_deleted_when_the_game_ends(monkeypatch):
    from .multidevice_phones import hello, peer, sent_to

    h = shared_host(monkeypatch)
    h.app.sharing.table.clock = StillClock()
    peer(h, event="open", seat=1)
    (state,) = sent_to(peer(h, event="message", seat=1, text=hello(1, None)), 1)
    assert json.loads(h.storage["house-games.sharing"])["tokens"] == {"1": state["token"]}
    screen = h.app.screen
    spec = screen.spec
    bots = [spec.make_bot(spec.bot_names[0], 8 + i) for i in range(2)]
    seq = 1
    for _ in range(400):
        now = screen.match.state
        if spec.is_over(now):
            break
        player = screen.match.current_player()
        action = bots[player].choose(spec.view(now, player), spec.legal_actions(now))
        if player == 0:
            screen.act(action)
        else:
            seq += 1
            h.app.sharing.table.clock.now += 1  # (a player's pace)
            h.page.receive(json.dumps({"kind": "peer", "event": "message", "seat": 1, "text": message("act", seq, action=action)}))
        h.host.run_timers()
        h.ops()
    assert screen.spec.is_over(screen.match.state)
    assert "house-games.sharing" not in h.storage, "no token is kept for a finished game"
    assert state["token"] not in json.dumps(h.storage)


# ---------------------------------------------------------------------- a guest's page (coming back in words)
def test_a_reloaded_guest_is_told_how_to_rejoin_and_a_finished_game_forgets_it(monkeypatch):
    from game.ui.storage import GUEST_GAME_KEY, GUEST_TOKEN_KEY

    from .multidevice_phones import GuestPhone, barrio_by_taps, play
    from .ui_harness import Harness

    phone = GuestPhone(monkeypatch, "barrio", 2, 4, 1, (0,))
    kept = json.loads(phone.h.storage[GUEST_GAME_KEY])
    assert phone.kept() and kept["game"] == "barrio" and kept["name"] == "Player 2" and abs(kept["at"] / 1000 - time.time()) < 60
    # the table's connection closes: said on this phone, with what to do
    phone.peer(event="closed", seat=1)
    lost = phone.h.find("join-lost")
    assert lost is not None and "Scan the new code the table shows" in lost.textContent
    # the page reloads (the link's #join= was taken off when its channel opened): its start screen says how to rejoin
    h = Harness(monkeypatch, storage=dict(phone.h.storage))
    words = json.dumps(h.ops())
    assert "This phone was playing Barrio as Player 2 at another phone's table. To rejoin, scan the code" in words
    # not a day later: that game is long gone
    stale = {**phone.h.storage, GUEST_GAME_KEY: json.dumps({**kept, "at": kept["at"] - 24 * 3600 * 1000})}
    assert "To rejoin" not in json.dumps(Harness(monkeypatch, storage=stale).ops())
    # a game played to its end is forgotten: neither its token nor the rejoin words stay
    phone = GuestPhone(monkeypatch, "barrio", 2, 4, 1, (0,))
    play(phone, barrio_by_taps, 4)
    assert GUEST_TOKEN_KEY not in phone.h.storage and GUEST_GAME_KEY not in phone.h.storage
    h = Harness(monkeypatch, storage=dict(phone.h.storage))
    assert "To rejoin" not in json.dumps(h.ops())
