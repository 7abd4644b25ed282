"""Every player on their own phone: two separate Chromium browsers pair by QR code and play over WebRTC.

The browsers, the site's server and every packet stay inside a network namespace this test creates
(``unshare -n``, loopback only): nothing can reach the machine's own interface or any other address, mDNS
included. ``tests/browser/multidevice_run.py`` drives the two phones and reports what they saw; this test
checks it:

- pairing went through the real QR images (the host's read from its screen by zxing-cpp and opened on the
  guest; the guest's answer read back through the host's scanner decode path, jsQR), both screens show the
  same matching code, and every candidate either side gathered is a loopback address;
- a cheating guest (another seat's move, garbage, an oversized message) is refused in words, and the host's
  game does not change;
- a whole 2-player Barrio game (the guest by touch on its own table) and then a whole 3-player Neue Heimat game
  (this phone, the other phone paired again and playing by touch on its own Neue Heimat table, a computer) are
  played to the end: both end screens show the scores of the same moves replayed on one device;
- mid-way through the first, the guest's page is frozen for a minute (as a phone that locks) while the host
  plays: it wakes on the same channel with every message, in order, and plays on;
- an answer from a phone the host cannot reach is said so in words within seconds, with the remedy, and a new
  code for the seat; an expired code opened on the guest says so in words; mid-way through the second game the guest's page
  reloads and gets its seat back by pairing again (its answer pasted as text), with the resume token it kept;
- every message the guest received is its own seat's view of the position it was sent from (so no other
  player's hand, no hidden bid, no deck or roof order), and holds no Barrio hand or deck it may not see.
"""

from __future__ import annotations

import ipaddress
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import load_spec, share
from .netns import namespace_works

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def shared_game(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    if not namespace_works():
        pytest.skip("needs a network namespace (unshare -n, as root): WebRTC tests never touch a real interface")
    out = tmp_path_factory.mktemp("multidevice") / "run.json"
    proc = subprocess.run(
        ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$0" -m tests.browser.multidevice_run "$1" "$2" cheat',
         sys.executable, str(dist), str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    data = json.loads(out.read_text()) if out.exists() else {}
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-6000:] + json.dumps({k: data.get(k) for k in ("problems", "last_words", "last_messages")})[:6000]
    return data


def address_of(candidate: str) -> str:
    return candidate.split()[4]


def test_phones_pair_through_the_qr_codes_on_loopback_only(shared_game):
    (pairing,) = shared_game["pairing"]
    assert pairing["link"].startswith(shared_game["url"] + "#join=")
    assert len(pairing["link"]) < 200 and 1 <= pairing["qr_version"] <= 8, "a small QR code, easy to read"
    assert pairing["accepted"] is True
    assert pairing["host_code"] and pairing["host_code"] == pairing["guest_code"]
    gathered = pairing["host_candidates"] + pairing["guest_candidates"]
    assert gathered
    for candidate in gathered:
        assert ipaddress.ip_address(address_of(candidate)).is_loopback, candidate
    assert shared_game["offsite"] == {"host": [], "guest": []}
    assert shared_game["problems"] == {"host": [], "guest": []}


def test_a_cheating_guest_is_refused_and_nothing_changes(shared_game):
    other_seat, garbage, not_an_action, too_long, far_too_long, forged_token = shared_game["evil"]
    assert [r["key"] for r in other_seat["refused"]] == ["multi.refused.not_your_turn"]
    assert other_seat["refused"][0]["reason"] == "It is not your turn."
    assert [r["key"] for r in garbage["refused"]] == ["multi.refused.malformed"]
    assert [r["key"] for r in not_an_action["refused"]] == ["multi.refused.type"]  # its field named, in words
    assert not_an_action["refused"][0]["reason"] == "That message’s “action” has the wrong type; nothing changed."
    assert [r["key"] for r in too_long["refused"]] == ["multi.refused.too_big"]
    # 1 MB does not even leave the guest: the channel's message limit refuses it
    assert far_too_long["sent"] is False and "max-message-size" in far_too_long["error"]
    assert [r["key"] for r in forged_token["refused"]] == ["multi.refused.token"]
    before, after = json.loads(shared_game["saved_before_evil"]), json.loads(shared_game["saved_after_evil"])
    assert before["actions"] == after["actions"] and before["state"] == after["state"]


def kept_replay(shared_game: dict, key: str, game: str):
    """The finished game of ``game`` the host kept (its record, as a share code), rebuilt move by move in CPython."""
    replays = [share.open_link(f"{share.FRAGMENT_KEY}={kept['code']}") for kept in shared_game[f"{key}host_games"]]
    (replay,) = [r for r in replays if r.record.game_id == game]
    return replay


@pytest.mark.parametrize("game,key", [("barrio", ""), ("neueheimat", "nh_")])
def test_a_whole_game_ends_on_both_phones_with_the_scores_of_one_device(shared_game, game, key):
    spec = load_spec(game)
    replay = kept_replay(shared_game, key, game)
    final = replay.state_at(len(replay))
    assert spec.is_over(final)
    assert len(replay) >= shared_game[f"{key}moves"]  # (the computer's moves are not taps)
    expected = [int(x) for x in spec.scores(final)]
    assert shared_game[f"{key}end_scores"] == {"host": expected, "guest": expected}


@pytest.mark.parametrize("game,key", [("barrio", ""), ("neueheimat", "nh_")])
def test_the_guest_receives_only_its_own_view(shared_game, game, key):
    spec = load_spec(game)
    replay = kept_replay(shared_game, key, game)
    states = [m for m in map(json.loads, shared_game[f"{key}guest_messages"]) if m["kind"] == "state"]
    assert states and states[-1]["over"]
    log: list = []
    for message in states:
        assert message["seat"] == 1 and message["game"] == game
        state = replay.state_at(message["step"])
        own = dict(spec.view(state, 1))
        own_log = own.pop("log")
        assert message["view"] == own, "exactly the seat's own view"
        log = log[:message["log_start"]] + message["log"]
        assert log == own_log, "the log lines that seat may see"
        mine = spec.current_player(state) == 1 and not spec.is_over(state)
        assert message["legal"] == (spec.legal_actions(state) if mine else [])
        if game != "barrio":
            continue
        full = spec.to_json(state)
        text = json.dumps(message)
        other_hand = full["hands"][0]
        if any(card not in full["public"] for card in other_hand):  # some of it face down
            assert json.dumps(other_hand) not in text, "the other player's hand"
        for deck in ("material_deck", "house_deck"):
            if len(full[deck]) > 1:
                assert json.dumps(full[deck]) not in text, deck


def test_a_guest_whose_page_reloads_gets_its_seat_back_by_pairing_again(shared_game):
    """Mid-game (Neue Heimat) the guest's page reloads: the host shows a new code for the seat at once; paired
    again, the guest is sent the whole position and log where the game stands, and plays on to the end."""
    resumed = shared_game["nh_resumed"]
    assert resumed["step_after"] >= resumed["step_before"] > 0
    assert resumed["log_start"] == 0 and resumed["log_after"] > 0
    repair = shared_game["nh_repair"]
    assert repair["accepted"] is True and repair["host_code"] == repair["guest_code"]
    for candidate in repair["host_candidates"] + repair["guest_candidates"]:
        assert ipaddress.ip_address(address_of(candidate)).is_loopback, candidate


def test_a_guest_frozen_for_a_minute_loses_nothing(shared_game):
    frozen = shared_game["freeze"]
    assert frozen["frozen_s"] >= 60
    assert frozen["host_moves"] >= 1 and frozen["host_step"] > frozen["step_before"]
    assert frozen["received_while_frozen"] >= frozen["host_moves"], "each of the host's moves reached the frozen guest"
    assert frozen["seqs"] == list(range(1, len(frozen["seqs"]) + 1)), "every message, once, in order, on one channel"
    assert frozen["host_open"] == [1] and frozen["guest_open"] == [1], "the same channel, never closed"
    assert frozen["repair_shown"] == 0, "the host never took the guest for gone"


def test_a_guest_plays_neue_heimat_on_its_own_table(shared_game):
    assert shared_game["nh_guest_table_moves"] >= 5  # by the table's targets and its decision buttons, not a list


def test_phones_that_cannot_reach_each_other_are_told_so_within_seconds(shared_game):
    unreachable = shared_game["nh_unreachable"]
    assert unreachable["after_s"] <= 12
    assert unreachable["status"] == ("The phones cannot reach each other. Put both on the same Wi-Fi, or join the host "
                                     "phone's own hotspot, then try again.")


def test_an_expired_code_says_so_and_the_seat_comes_back_with_its_token(shared_game):
    assert shared_game["nh_expired"] == "This code has expired: ask the host for a new one."
    resumed = shared_game["nh_resumed"]
    # the seat, claimed by this phone, was let in again only with its token: the one the host gave it before
    assert resumed["token_before"] and resumed["token_after"] == resumed["token_before"]
