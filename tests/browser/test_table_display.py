"""The shared table (issue 39): a laptop is the table, two phones play Barrio on their own tables, a third phone watches.

Four separate Chromium browsers in a loopback-only network namespace (``unshare -n``, as
``tests/browser/test_multidevice.py``); ``tests/browser/table_display_run.py`` drives them and reports what they saw:

- the start screen's "This screen is the table; everyone plays on their own phone" puts every seat on another phone;
- the table shows no hand, hint, guide or Undo, in large print whose turn it is and what was just played, and a tap on
  any of its table's targets moves for nobody;
- a spectator's phone pairs from the host's "Code to watch" by the same QR flow, receives exactly the public view of
  every position (no hand, no face-down card), and its move is refused in words with the game unchanged.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core import PUBLIC_SEAT, Match
from game.core.locale import text

from .conftest import ROOT
from .netns import namespace_works


@pytest.fixture(scope="module")
def table(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    if not namespace_works():
        pytest.skip("needs a network namespace (unshare -n, as root): WebRTC tests never touch a real interface")
    out = tmp_path_factory.mktemp("table_display") / "run.json"
    proc = subprocess.run(
        ["unshare", "-n", "sh", "-c", 'ip link set lo up && exec "$0" -m tests.browser.table_display_run "$1" "$2"',
         sys.executable, str(dist), str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    data = json.loads(out.read_text()) if out.exists() else {}
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-6000:] + json.dumps(data.get("last_words"))[:4000]
    return data


def test_table_display_is_chosen_in_words_and_every_phone_pairs(table):
    assert table["start"] == {"seats": ["remote", "remote"], "choice": text("start.table_display", "en")}
    for pairing in table["pairing"] + [table["watch_pairing"]]:
        assert pairing["accepted"] is True and pairing["host_code"] and pairing["host_code"] == pairing["guest_code"]
    assert all(not problems for problems in table["problems"].values())
    assert all(not urls for urls in table["offsite"].values())


@pytest.mark.parametrize("moment", ["host_at_start", "host_after"])
def test_table_display_shows_no_private_information_hint_or_guide(table, moment):
    screen = table[moment]
    assert screen["table_class"] == 1
    assert not screen["hint_visible"] and not screen["undo_visible"] and not screen["guide_visible"] and screen["guide_again"] == 0
    assert screen["hand_targets"] == 0
    assert text("barrio.hand", "en") not in screen["words"] and "You are dealt" not in screen["words"]
    assert screen["status"] in {text("multi.waiting", "en", name=f"Player {n}") for n in (1, 2)}, "whose turn it is"
    assert screen["last_played"] and screen["last_played"] in screen["words"].split("Game log", 1)[1], "what was just played"
    assert screen["status_px"] >= 24, "read across a room"


def test_table_display_draws_only_what_everyone_sees(table):
    drawn = table["host_texts"]
    assert "Player 1" in drawn and "Waiting for Player 1…" in drawn
    assert text("barrio.hand", "en") not in " ".join(drawn) and text("barrio.you", "en") not in drawn


def test_table_display_taps_do_nothing_for_a_remote_seat(table):
    taps = table["taps"]
    assert taps["targets"] > 0 and taps["moves_after"] == taps["moves_before"]
    assert table["moves"] == 24, "the players' phones played on"


def test_table_display_spectator_receives_only_the_public_view(table):
    match = Match.from_json(json.loads(table["saved"]))
    spec = match.spec
    states = [m for m in map(json.loads, table["watcher_messages"]) if m["kind"] == "state"]
    assert states and states[-1]["step"] == len(match.entries), "it followed the game to its last move"
    log: list = []
    for message in states:
        assert message["seat"] == PUBLIC_SEAT and message["legal"] == [] and message["token"] is None
        state = match.states[message["step"]]
        public = dict(spec.view(state, PUBLIC_SEAT))
        public_log = public.pop("log")
        log = log[:message["log_start"]] + message["log"]
        assert message["view"] == public and log == public_log, "exactly the public view"
        full = spec.to_json(state)
        words = json.dumps(message)
        for hand in full["hands"]:
            if any(card not in full["public"] for card in hand):  # some of it face down
                assert json.dumps(hand) not in words, "a player's hand"
        for deck in ("material_deck", "house_deck"):
            if len(full[deck]) > 1:
                assert json.dumps(full[deck]) not in words, deck
    assert not table["watcher_hint_visible"] and text("barrio.hand", "en") not in " ".join(table["watcher_texts"])
    assert "You are dealt" not in table["watcher_words"]


def test_table_display_spectator_cannot_move(table):
    (attempt,) = table["watcher_move"]
    assert [r["key"] for r in attempt["refused"]] == ["multi.refused.watching"]
    assert attempt["refused"][0]["reason"] == text("multi.refused.watching", "en")
    before, after = json.loads(table["saved_before_watcher_move"]), json.loads(table["saved"])
    assert before["actions"] == after["actions"] and before["state"] == after["state"]
