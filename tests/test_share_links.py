"""Replay links (#replay=…): round trip, length, and refusal of damaged, cut, too new or foreign links."""

import base64
import dataclasses
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core import Seat, share
from game.core.record import GameRecord, RecordError

from .recorded_games import one_human, play_match, sample


def records(seed=1):
    return [GameRecord.from_match(m, finished="2025-06-07T08:09:10Z") for m in sample(seed)]


def refusal(text):
    with pytest.raises(RecordError) as err:
        share.decode(text)
    return err.value.key


def repack(code, transform):
    """Decode a code's bytes, change them, and write a code with a correct checksum again."""
    packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    body = transform(packed[:-4])
    return base64.urlsafe_b64encode(body + zlib.crc32(body).to_bytes(4, "big")).decode().rstrip("=")


@pytest.mark.parametrize("seed", (1, 2))
def test_links_round_trip_every_sampled_game(seed):
    for match, record in zip(sample(seed), records(seed)):
        text = share.link(record, "https://example.org/house-games/index.html#old")
        assert text.startswith("https://example.org/house-games/index.html#replay=")
        again = share.decode(text)
        assert again == record and again.id == record.id
        assert share.open_link(text).final_state == match.state


def test_a_link_keeps_names_options_date_and_daily_key():
    match = play_match("barrio", 1, 21, one_human(1, name="Zoë ñ"), level="B")
    record = GameRecord.from_match(match, finished="2024-02-29T23:59:59Z", daily="2024-02-29/barrio-B")
    again = share.decode("#replay=" + share.encode(record))
    assert (again.seats[0].name, again.options, again.finished, again.daily) == ("Zoë ñ", {"level": "B"},
                                                                                 "2024-02-29T23:59:59Z", "2024-02-29/barrio-B")


@pytest.mark.parametrize("seed", range(1, 7))
def test_a_four_player_neue_heimat_of_three_rounds_fits_in_2000_characters(seed):
    # random play makes the longest games (many small bids): the worst case the sample can find
    match = play_match("neueheimat", 4, seed, one_human(4), random_seats=(0, 1, 2, 3) if seed % 2 else (1, 2), rounds=3)
    text = share.link(GameRecord.from_match(match), "https://someone.github.io/house-games/")
    assert len(text) < share.MAX_LINK_CHARS, (len(match.entries), len(text))
    assert share.shareable_link(GameRecord.from_match(match)).startswith("#replay=")


def test_a_forced_move_costs_nothing_and_a_choice_its_log2():
    import math
    match = sample(1)[8]
    spec = match.spec
    bits = sum(math.log2(len(spec.legal_actions(s))) for s in match.states[:-1])
    code = share.encode(GameRecord.from_match(match))
    assert len(code) * 6 <= bits + 8 * 60  # the moves take at most a byte over their entropy; the rest is settings


def test_every_cut_of_a_link_is_refused():
    code = share.encode(records()[0])
    for n in range(len(code)):
        assert refusal("#replay=" + code[:n]) in ("share.damaged", "share.not_a_link")


def test_every_changed_character_is_refused():
    code = share.encode(records()[4])
    alphabet = "AQgw_-9z"
    for i in range(len(code)):
        for c in alphabet:
            if c != code[i]:
                assert refusal(code[:i] + c + code[i + 1:]) == "share.damaged"


@pytest.mark.parametrize("text", ["", "https://example.org/", "#settings=1", "#replay=", "hello world"])
def test_text_that_is_no_link_is_refused(text):
    assert refusal(text) in ("share.not_a_link", "share.damaged")


def test_foreign_characters_are_refused():
    assert refusal("#replay=AAAA$$$") == "share.damaged"


def test_a_link_from_a_newer_version_says_so():
    code = repack(share.encode(records()[0]), lambda body: bytes([share.LINK_VERSION + 1]) + body[1:])
    assert refusal(code) == "share.too_new"
    with pytest.raises(RecordError) as err:
        share.decode(code)
    assert str(share.LINK_VERSION + 1) in err.value.text("en") and str(share.LINK_VERSION + 1) in err.value.text("es")


def test_a_link_older_than_any_readable_format_says_so():
    code = repack(share.encode(records()[0]), lambda body: bytes([0]) + body[1:])
    assert refusal(code) == "share.too_old"


def test_every_readable_version_has_a_reader():
    assert set(share._READERS) == set(range(share.OLDEST_READABLE, share.LINK_VERSION + 1))


def test_an_unknown_game_is_refused():
    code = repack(share.encode(records()[0]), lambda body: body[:1] + bytes([max(share.game_codes()) + 1]) + body[2:])
    assert refusal(code) == "share.unknown_game"


def test_a_link_whose_moves_do_not_reach_its_scores_was_made_under_other_rules():
    record = records()[4]
    wrong = GameRecord(**{**record.__dict__, "scores": [s + 3 for s in record.scores]})
    assert refusal(share.encode(wrong)) == "share.other_rules"
    payload = share.peek(share.encode(record))
    for change in ({"seed": payload.seed + 1}, {"steps": payload.steps - 1}, {"choices": payload.choices + 1},
                   {"choices": payload.choices * 3 + 1}):
        assert refusal(share.pack(dataclasses.replace(payload, **change))) == "share.other_rules", change
    assert share.decode(share.pack(payload)) == record


def test_every_refusal_is_worded_in_both_languages():
    import json
    from pathlib import Path
    import re
    root = Path(__file__).resolve().parent.parent / "game"
    used = set()
    for path in ("core/share.py", "core/record.py", "core/daily.py", "ui/record_book.py"):
        used |= set(re.findall(r'"((?:share|record|records|daily)\.[a-z_]+)"', (root / path).read_text()))
    assert len(used) > 20
    for lang in ("en", "es"):
        catalogue = json.loads((root / "locale" / f"{lang}.json").read_text(encoding="utf-8"))
        assert used <= set(catalogue), used - set(catalogue)


@settings(max_examples=12, deadline=None)
@given(game=st.sampled_from([("barrio", 1, {"level": "B"}), ("barrio", 3, {}), ("nyhavn", 2, {}), ("nyhavn", 4, {}),
                             ("neueheimat", 3, {})]),
       seed=st.integers(min_value=-2**40, max_value=2**40), names=st.lists(st.text(max_size=12), min_size=5, max_size=5))
def test_random_playouts_round_trip_through_a_link(game, seed, names):
    game_id, players, options = game
    seats = [Seat("human" if i == 0 or names[i] else "computer", None if i == 0 or names[i] else "strong", names[i])
             for i in range(players)]
    match = play_match(game_id, players, seed, seats, random_seats=tuple(range(players)), **options)
    record = GameRecord.from_match(match)
    again = share.decode(share.encode(record))
    assert again == record and again.id == record.id
    assert share.open_link(share.link(record)).final_state == match.state


def test_a_game_without_a_link_code_is_refused_with_a_reason(monkeypatch):
    """A game outside the link format (the toy game of the tests) gets a keyed refusal, not a crash:
    the app then still shows its end screen (it only cannot keep it as a past game)."""
    import sys

    from game.core import Match
    from game.core import match as match_mod

    from .toygame import engine as toygame

    sys.modules.setdefault("tests.toygame.engine", toygame)
    monkeypatch.setitem(match_mod.GAME_MODULES, "toy", "tests.toygame.engine")
    match = Match.new("toy", 2, 3, [Seat("human"), Seat("computer", "random")])
    while not toygame.SPEC.is_over(match.state):
        match.apply(toygame.SPEC.legal_actions(match.state)[0])
    with pytest.raises(RecordError) as err:
        share.encode(GameRecord.from_match(match))
    assert err.value.key == "share.no_code" and "toy" in str(err.value)
