"""Game records and their replay: every recorded game replays to the identical final state."""

import json

import pytest

from game.core import IllegalAction, Match
from game.core.record import GameRecord, RecordError, Replay

from .recorded_games import one_human, play_match, sample

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("seed", SEEDS)
def test_every_recorded_game_replays_to_the_identical_final_state(seed):
    for match in sample(seed):
        record = GameRecord.from_match(match)
        replay = Replay(record)
        spec = match.spec
        assert len(replay) == len(match.entries)
        assert replay.final_state == match.state
        assert spec.to_json(replay.final_state) == spec.to_json(match.state)
        assert record.scores == spec.scores(match.state)
        for k in range(0, len(replay) + 1, 7):  # every intermediate position too
            assert replay.state_at(k) == match.states[k]


def test_a_record_survives_its_json_and_keeps_its_id():
    for match in sample(1):
        record = GameRecord.from_match(match, finished="2025-03-04T05:06:07Z")
        again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
        assert again == record and again.id == record.id
        assert Replay(again).final_state == match.state


def test_the_id_ignores_names_and_dates_but_not_moves():
    match = sample(1)[0]
    a = GameRecord.from_match(match, finished="2025-01-01T00:00:00Z")
    b = GameRecord.from_match(match, finished="2025-02-02T00:00:00Z")
    b.seats[0].name = "Someone else"
    assert a.id == b.id
    c = GameRecord.from_match(sample(2)[0])
    assert c.id != a.id


def test_an_unfinished_game_cannot_be_recorded():
    match = Match.new("barrio", 1, 7, one_human(1), level="A")
    with pytest.raises(IllegalAction) as err:
        GameRecord.from_match(match)
    assert err.value.key == "record.not_finished"


def test_actions_are_kept_as_the_engines_legal_actions():
    match = play_match("nyhavn", 2, 11, one_human(2))
    # the same actions with their keys in another order are the same moves
    shuffled = [dict(reversed(list(e.action.items()))) for e in match.entries]
    for entry, action in zip(match.entries, shuffled):
        entry.action = action
    record = GameRecord.from_match(match)
    legal_first = [match.spec.legal_actions(s) for s in match.states[:3]]
    for action, legal in zip(record.actions, legal_first):
        assert any(action is candidate or action == candidate for candidate in legal)
        assert list(action) == list(next(c for c in legal if c == action))


def test_a_record_whose_moves_or_scores_were_changed_does_not_replay():
    match = sample(1)[4]  # Nyhavn 2 players
    record = GameRecord.from_match(match)
    wrong_score = GameRecord(**{**record.__dict__, "scores": [s + 1 for s in record.scores]})
    with pytest.raises(RecordError) as err:
        Replay(wrong_score)
    assert err.value.key == "record.does_not_replay"
    cut = GameRecord(**{**record.__dict__, "actions": record.actions[:-1]})
    with pytest.raises(RecordError) as err:
        Replay(cut)
    assert err.value.key == "record.does_not_replay"
    bad_move = GameRecord(**{**record.__dict__, "actions": [{"type": "no_such_move"}] + record.actions[1:]})
    with pytest.raises(RecordError) as err:
        Replay(bad_move)
    assert err.value.params["step"] == 1


@pytest.mark.parametrize("change", [
    {"format": "something else"}, {"version": 2}, {"version": 0}, {"seed": "12"}, {"seats": "x"},
    {"game": "chess"}, {"winners": [9]}, {"finished": "yesterday"}, {"actions": [1, 2]}, {"id": "0" * 16},
])
def test_a_damaged_record_file_is_refused_with_a_key(change):
    data = GameRecord.from_match(sample(1)[0]).to_json() | change
    with pytest.raises(RecordError) as err:
        GameRecord.from_json(data)
    assert err.value.key.startswith("record.")
    assert err.value.text("es") != err.value.key


def test_steps_narrate_the_whole_log_in_both_languages():
    for match in sample(1):
        replay = Replay(GameRecord.from_match(match))
        spec = match.spec
        start = len(spec.to_json(replay.state_at(0))["log"])
        final_log = spec.to_json(replay.final_state)["log"][start:]
        for lang in ("en", "es"):
            lines = []
            for k in range(1, len(replay) + 1):
                step = replay.step(k, lang)
                assert step.text and step.action == replay.record.actions[k - 1]
                lines += step.events
            assert lines == [spec.describe_event(e, lang) for e in final_log]


def test_turns_start_where_the_player_changes_or_the_turn_count_moves_on():
    solo, _, two = sample(1)[:3]
    replay = Replay(GameRecord.from_match(solo))
    starts = replay.turn_starts()
    assert starts[0] == 1 and len(starts) > 5  # solo: only seat 0 acts, yet there are many turns
    turns = {replay.spec.to_json(replay.state_at(k - 1))["turn_number"] for k in starts}
    assert len(turns) == len(starts)
    replay = Replay(GameRecord.from_match(two))
    for k in replay.turn_starts()[1:]:
        assert replay.players[k - 1] != replay.players[k - 2] or (
            replay.spec.to_json(replay.state_at(k - 1))["turn_number"]
            != replay.spec.to_json(replay.state_at(k - 2))["turn_number"])


def test_record_summary_for_the_statistics():
    solo = GameRecord.from_match(sample(1)[1])  # Barrio solo level C
    assert (solo.mode, solo.level, solo.me) == ("solo", "C", 0)
    assert solo.result == ("win" if solo.winners == [0] else "tie" if 0 in solo.winners else "loss")
    nh = GameRecord.from_match(sample(1)[8])
    assert (nh.mode, nh.level) == ("computer", "weak")
    nh.seats[1].kind, nh.seats[1].bot = "human", None
    assert (nh.mode, nh.level, nh.me, nh.result) == ("table", "weak", None, None)


def test_an_action_spelt_another_way_is_recorded_as_the_legal_one_it_equals():
    match = Match.new("nyhavn", 2, 4, one_human(2))
    spec = match.spec
    take = next(a for a in spec.legal_actions(match.state) if a["type"] == "take" and len(a["docks"]) == 2 and not a["abilities"])
    match.apply({"type": "take", "docks": list(reversed(take["docks"]))})  # docks in click order, no "abilities"
    bots = [spec.make_bot("weak", 5), spec.make_bot("weak", 6)]
    while not spec.is_over(match.state):
        p = match.current_player()
        match.apply(bots[p].choose(spec.view(match.state, p), spec.legal_actions(match.state)))
    record = GameRecord.from_match(match)
    assert record.actions[0] == take
    assert Replay(record).final_state == match.state
