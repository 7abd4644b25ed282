"""Match (history, undo, autosave) and the shared search, on a toy game."""

import json
import sys

import pytest

import game.core.match as match_mod
from game.core import GameSpec, IllegalAction, Match, Rng, SaveFormatError, Seat, ismcts
from game.core.play import play_bots

from .toygame import engine as toygame


@pytest.fixture(autouse=True)
def register_toy(monkeypatch):
    sys.modules.setdefault("tests.toygame.engine", toygame)
    monkeypatch.setitem(match_mod.GAME_MODULES, "toy", "tests.toygame.engine")


def test_toy_game_implements_the_contract():
    assert isinstance(toygame.SPEC, GameSpec) and Match.new("toy", 2, 5).spec is toygame.SPEC


def test_undo_goes_back_within_the_turn():
    m = Match.new("toy", 2, 5)
    m.apply({"type": "bump", "by": 2})
    assert m.can_undo()
    m.undo()
    assert toygame.SPEC.scores(m.state) == [0, 0]
    assert not m.can_undo()
    with pytest.raises(IllegalAction):
        m.undo()


def test_undo_never_crosses_a_hidden_reveal():
    m = Match.new("toy", 2, 5)
    m.apply({"type": "take"})
    assert not m.can_undo()


def test_undo_never_goes_back_into_another_players_turn():
    m = Match.new("toy", 2, 5)
    m.apply({"type": "bump", "by": 1})
    m.apply({"type": "end"})
    assert m.current_player() == 1
    assert not m.can_undo()


def test_undo_is_for_humans_only():
    m = Match.new("toy", 2, 5, [Seat("computer", "random"), Seat()])
    m.apply({"type": "bump", "by": 1})
    assert not m.can_undo()


def test_refused_action_changes_nothing():
    m = Match.new("toy", 2, 5)
    before = toygame.SPEC.to_json(m.state)
    with pytest.raises(IllegalAction):
        m.apply({"type": "end"})
    assert toygame.SPEC.to_json(m.state) == before and m.entries == []


def test_autosave_round_trip_keeps_undo():
    m = Match.new("toy", 2, 9)
    m.apply({"type": "take"})
    m.apply({"type": "end"})
    m.apply({"type": "bump", "by": 2})
    text = json.dumps(m.to_json())
    back = Match.from_json(json.loads(text))
    assert back.state == m.state
    assert back.can_undo()
    back.undo()
    assert toygame.SPEC.scores(back.state) == toygame.SPEC.scores(m.states[-2])


@pytest.mark.parametrize(
    "corrupt",
    [
        None,
        {"format": "something-else"},
        {"format": "house-games-match", "version": 99},
        {"format": "house-games-match", "version": 1, "game": "toy"},
    ],
)
def test_unreadable_autosave_raises_save_format_error(corrupt):
    with pytest.raises(SaveFormatError):
        Match.from_json(corrupt)


def test_autosave_whose_moves_and_position_disagree_is_refused():
    m = Match.new("toy", 2, 9)
    m.apply({"type": "bump", "by": 2})
    data = m.to_json()
    data["state"]["counters"] = [5, 0]
    with pytest.raises(SaveFormatError, match="does not match"):
        Match.from_json(data)


def test_autosave_with_an_illegal_move_is_refused():
    m = Match.new("toy", 2, 9)
    data = m.to_json()
    data["actions"] = [{"player": 0, "action": {"type": "end"}, "barrier": False}]
    with pytest.raises(SaveFormatError, match="does not replay"):
        Match.from_json(data)


def test_ismcts_finds_the_obvious_best_move_from_the_view():
    # Last turn, player 0 trails by 2 with nothing to draw: only bumping by 2 saves a shared win.
    state = toygame.SPEC.new_game(2, 3)
    state.turns = 5
    state.deck = []
    state.counters = [0, 2]
    legal = toygame.SPEC.legal_actions(state)
    choice = ismcts(toygame.SPEC, toygame.SPEC.view(state, 0), 0, legal, Rng(1), iterations=200)
    assert choice == {"type": "bump", "by": 2}


def test_play_bots_plays_to_the_end():
    result = play_bots(toygame.SPEC, 2, 4, ["random", "random"])
    assert result.actions == 12 and result.winners


def test_flat_monte_carlo_prefers_the_candidate_with_the_better_outcome():
    from game.core import flat_monte_carlo
    from game.core.search import default_reward

    state = toygame.SPEC.new_game(2, 3)
    state.turns = 5
    state.deck = []
    state.counters = [0, 2]
    view = toygame.SPEC.view(state, 0)

    def play_out(world, action, dice):
        s = toygame.SPEC.apply_action(world, action)
        while not toygame.SPEC.is_over(s):
            acts = toygame.SPEC.legal_actions(s)
            s = toygame.SPEC.apply_action(s, acts[dice.randrange(len(acts))])
        return s

    candidates = [{"type": "bump", "by": 1}, {"type": "bump", "by": 2}]
    choice = flat_monte_carlo(candidates, lambda seed: toygame.SPEC.determinize(view, 0, seed), play_out,
                              lambda s: default_reward(toygame.SPEC, s, 0), Rng(4), time_limit_s=0.05, max_rounds=5)
    assert choice == {"type": "bump", "by": 2}
