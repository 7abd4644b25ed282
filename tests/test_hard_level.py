"""The hard computer in every game (Barrio, Nyhavn, Neue Heimat): offered for a computer seat, kept in saves and records, shown in the
statistics, and playing on a fixed budget so a seed replays the same game (issue 34, item 3)."""

from __future__ import annotations

import itertools
import json

import pytest

import build
from game.core import IllegalAction, Match, Seat, load_spec
from game.core.contract import GameSpec
from game.core.record import GameRecord
from game.ui.record_words import level_words

from .sizes import soak

HARD_GAMES = ("barrio", "nyhavn", "neueheimat")


def _bot_seed(match_seed: int, seat: int) -> int:
    return match_seed * 97 + seat  # how the table seeds a computer seat (game.ui.screen)


def _play(match: Match, bots: dict[int, object], max_actions: int) -> list[dict]:
    """Let the bots play ``match`` for at most ``max_actions`` actions; the actions taken."""
    spec = match.spec
    taken = []
    while not spec.is_over(match.state) and len(taken) < max_actions:
        seat = match.current_player()
        action = bots[seat].choose(spec.view(match.state, seat), spec.legal_actions(match.state))  # type: ignore[attr-defined]
        match.apply(action)
        taken.append(action)
    return taken


@pytest.mark.parametrize("game_id", HARD_GAMES)
def test_hard_is_a_third_strength_and_strong_stays_the_default_computer(game_id):
    spec = load_spec(game_id)
    assert spec.bot_names == ("weak", "strong", "hard")
    assert spec.default_bot == "strong"
    assert spec.make_bot("hard", 1) is not None
    with pytest.raises(IllegalAction) as refused:
        spec.make_bot("godlike", 1)
    assert "hard" in str(refused.value)


def test_hard_a_default_computer_the_game_does_not_have_is_refused():
    spec = load_spec("nyhavn")
    fields = {f: getattr(spec, f) for f in spec.__dataclass_fields__}
    with pytest.raises(ValueError, match="default_bot"):
        GameSpec(**{**fields, "default_bot": "grandmaster"})


def test_hard_is_offered_for_each_computer_seat_on_the_start_screen_in_every_language():
    data = build.start_screen_data()
    rows = {g["id"]: g for g in data["games"]}
    for game_id in HARD_GAMES:
        assert rows[game_id]["bots"] == ["weak", "strong", "hard"] and rows[game_id]["default_bot"] == "strong"
    words = {lang: data["texts"][lang]["start.bot.hard"] for lang in ("en", "es", "fr")}
    assert words == {"en": "hard", "es": "difícil", "fr": "difficile"}
    html = build.start_screen_html(data)
    first = data["defaults"]["game"]
    if "hard" in rows[first]["bots"]:  # the page drawn before the script runs: the first game's seats
        assert 'value="bot:hard"' in html
        assert 'value="bot:strong" selected' in html and 'value="bot:hard" selected' not in html


@pytest.mark.parametrize("game_id", HARD_GAMES)
def test_hard_a_game_against_it_saves_and_resumes_with_the_seat_still_hard(game_id):
    spec = load_spec(game_id)
    seed = 11
    match = Match.new(game_id, 2, seed, [Seat("human", None, "Ana"), Seat("computer", "hard")])
    bots = {0: spec.make_bot("weak", 5), 1: spec.make_bot("hard", _bot_seed(seed, 1))}
    _play(match, bots, 12)
    saved = json.loads(json.dumps(match.to_json()))  # what the autosave keeps
    resumed = Match.from_json(saved)
    assert resumed.seats[1].kind == "computer" and resumed.seats[1].bot == "hard"
    assert resumed.seats[0].kind == "human"
    assert [e.action for e in resumed.entries] == [e.action for e in match.entries]
    assert spec.to_json(resumed.state) == spec.to_json(match.state)
    # the resumed table makes the seat's computer from what the save says: it plays on
    bot = spec.make_bot(resumed.seats[1].bot, _bot_seed(seed, 1))
    while resumed.current_player() != 1:
        resumed.apply(bots[0].choose(spec.view(resumed.state, 0), spec.legal_actions(resumed.state)))
    legal = spec.legal_actions(resumed.state)
    assert bot.choose(spec.view(resumed.state, 1), legal) in legal


class _RacingClock:
    """``time.perf_counter`` of a very slow device: every reading is a second later than the last."""

    def __init__(self) -> None:
        self.now = itertools.count()

    def __call__(self) -> float:
        return float(next(self.now))


#: actions replayed: Nyhavn's whole game; Barrio's first 70 (its whole game would take the hard player half a minute);
#: Neue Heimat's first 60 (about 20 of hard's decisions, each playing the round out). The quick loop replays the first
#: few (3–5 of hard's searches each, twice): the same check of the budget in rounds, in seconds instead of a minute
REPLAYED = {"barrio": soak(70, 8), "nyhavn": soak(5000, 10), "neueheimat": soak(60, 6)}


@pytest.mark.parametrize("game_id", HARD_GAMES)
def test_hard_a_seed_replays_the_same_game_on_any_clock(game_id, monkeypatch):
    """Two runs from the same seed take the same actions, the second on a clock where every search would
    be out of time at once: the hard player's budget is rounds, not seconds."""
    spec = load_spec(game_id)
    seed = 23

    def run() -> tuple[list[dict], bool]:
        match = Match.new(game_id, 2, seed, [Seat("computer", "hard"), Seat("computer", "weak")])
        bots = {i: spec.make_bot(s.bot, _bot_seed(seed, i)) for i, s in enumerate(match.seats)}
        return _play(match, bots, REPLAYED[game_id]), spec.is_over(match.state)

    first, over = run()
    assert over or len(first) == REPLAYED[game_id]
    from game.core import search
    monkeypatch.setattr(search.time, "perf_counter", _RacingClock())
    assert run() == (first, over)


def test_hard_a_finished_game_is_recorded_and_shown_as_hard_in_the_statistics():
    spec = load_spec("nyhavn")
    seed = 4
    match = Match.new("nyhavn", 2, seed, [Seat("human", None, "Ana"), Seat("computer", "hard")])
    # the level is the seat's, whatever the search's budget: the hard player at its least one plays the game out
    bots = {0: spec.make_bot("weak", 3), 1: spec.make_bot("hard", _bot_seed(seed, 1), iterations=1)}
    _play(match, bots, 5000)
    assert spec.is_over(match.state)
    record = GameRecord.from_json(json.loads(json.dumps(GameRecord.from_match(match).to_json())))
    assert record.seats[1].bot == "hard" and record.level == "hard"
    assert [level_words(record.level, lang) for lang in ("en", "es", "fr")] == [
        "hard computer", "ordenador difícil", "ordinateur difficile"]
