"""The daily deal: one seed per UTC day and challenge, the same for everyone and across versions."""

from datetime import date, datetime, timedelta, timezone

import pytest

from game.core import IllegalAction, daily
from game.core.record import GameRecord

from .recorded_games import play_match


def test_seeds_are_pinned_so_every_version_deals_the_same():
    # derivation 1 of docs/replay-links.md; changing these values breaks every player's shared deal
    assert [(d.challenge, d.seed) for d in daily.deals("2025-01-01")] == [
        ("barrio-A", 1445368160), ("barrio-B", 26785221), ("barrio-C", 3266185699), ("nyhavn-score", 2865526772)]
    assert daily.deal("nyhavn-score", "2026-07-15").seed == 1897792867
    assert daily.deal("nyhavn-score", "2026-07-15").bot_seed(1) == 2565521902


def test_the_derivation_is_the_documented_hash():
    import hashlib
    text = "house-games/daily/1/barrio-C/2025-03-09"
    assert daily.deal("barrio-C", "2025-03-09").seed == int.from_bytes(hashlib.sha256(text.encode()).digest()[:4], "big")


def test_every_day_and_challenge_gets_its_own_deal():
    start = date(2025, 1, 1)
    seeds = {daily.deal(c, start + timedelta(days=i)).seed for i in range(366) for c in daily.challenges()}
    assert len(seeds) == 366 * len(daily.challenges())


def test_the_day_is_the_utc_day():
    late_in_new_york = datetime(2025, 1, 1, 23, 30, tzinfo=timezone(timedelta(hours=-5)))
    assert daily.utc_today(late_in_new_york) == "2025-01-02"
    early_in_tokyo = datetime(2025, 1, 2, 7, 0, tzinfo=timezone(timedelta(hours=9)))
    assert daily.utc_today(early_in_tokyo) == "2025-01-01"
    assert daily.deal("barrio-A", date(2025, 1, 2)) == daily.deal("barrio-A", "2025-01-02")


def test_the_deals_set_up_the_agreed_games():
    barrio, nyhavn = daily.deal("barrio-B", "2025-05-05"), daily.deal("nyhavn-score", "2025-05-05")
    match = barrio.new_match("Ana")
    assert (match.game_id, match.num_players, match.options, [s.kind for s in match.seats]) == ("barrio", 1, {"level": "B"}, ["human"])
    match = nyhavn.new_match()
    assert (match.game_id, match.num_players, [(s.kind, s.bot) for s in match.seats]) == (
        "nyhavn", 2, [("human", None), ("computer", "weak")])
    # two devices: the same deal is the same game
    assert nyhavn.new_match().state == daily.deal("nyhavn-score", "2025-05-05").new_match().state
    assert daily.parse_key(barrio.key) == barrio and barrio.key == "2025-05-05/barrio-B"


def test_a_daily_game_records_its_deal():
    deal = daily.deal("barrio-A", "2025-05-05")
    match = play_match("barrio", 1, deal.seed, deal.seats(), **deal.options)
    record = GameRecord.from_match(match, daily=deal.key)
    assert (record.mode, record.level, record.daily) == ("daily", "A", "2025-05-05/barrio-A")


@pytest.mark.parametrize("day", ["2025-02-30", "yesterday", "2025/01/01", 20250101])
def test_a_bad_day_is_refused(day):
    with pytest.raises(IllegalAction) as err:
        daily.deal("barrio-A", day)
    assert err.value.key == "daily.bad_day"


def test_an_unknown_challenge_is_refused():
    with pytest.raises(IllegalAction) as err:
        daily.deal("chess-A", "2025-01-01")
    assert err.value.key == "daily.unknown_challenge"
    assert "barrio-A" in err.value.text("es")
