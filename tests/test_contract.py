"""Every game module honours the engine contract the UI, bots and CLI rely on.

Game-specific rules are tested in each game's own files; this file checks,
for every game alike, what ``docs/engine-contract.md`` promises.
"""

import copy
import json

import pytest

from game import GAMES
from game.core import IllegalAction, Match, Rng, SaveFormatError, load_spec

from .sizes import soak


def _spec(game_id):
    return load_spec(game_id)  # every listed game must import: a failure here is a failure, never a skip


def _player_counts(spec):
    return list(range(spec.min_players, spec.max_players + 1))


def _random_game(spec, players, seed, limit=3000):
    """Yield (state, action, next_state) along one random legal game."""
    rng = Rng(seed, stream=99)
    state = spec.new_game(players, seed)
    steps = 0
    while not spec.is_over(state):
        legal = spec.legal_actions(state)
        assert legal, "a game that is not over must offer an action"
        action = legal[rng.randrange(len(legal))]
        nxt = spec.apply_action(state, action)
        yield state, action, nxt
        state = nxt
        steps += 1
        assert steps < limit, "game did not end"


@pytest.mark.parametrize("game_id", GAMES)
def test_spec_names_the_game(game_id):
    spec = _spec(game_id)
    assert spec.game_id == game_id
    assert spec.bot_names and spec.min_players <= spec.max_players


@pytest.mark.parametrize("game_id", GAMES)
def test_spec_declares_the_game_as_its_module_has_it(game_id):
    """Its start options' defaults reach a real game, and every declared daily challenge deals a game."""
    spec = load_spec(game_id)
    for players in range(spec.min_players, spec.max_players + 1):
        options = spec.new_game_options(players, {}, 5)
        assert set(options) == {o.name for o in spec.options if o.applies(players)}
        state = spec.new_game(players, 3, **options)
        assert len(spec.scores(state)) == spec.side_count(players)
    for challenge in spec.daily:
        assert spec.min_players <= challenge.players <= spec.max_players
        spec.new_game(challenge.players, 1, **challenge.options)


def test_share_codes_and_daily_keys_are_unique():
    specs = [load_spec(g) for g in GAMES]
    codes = [s.share_code for s in specs if s.share_code is not None]
    keys = [c.key for s in specs for c in s.daily]
    assert len(codes) == len(set(codes)) and len(keys) == len(set(keys))


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_player_count_is_refused_with_a_message(game_id):
    spec = _spec(game_id)
    with pytest.raises(IllegalAction) as err:
        spec.new_game(spec.max_players + 1, 1)
    assert str(err.value)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_games_keep_the_contract(game_id):
    spec = _spec(game_id)
    for players in _player_counts(spec):
        for seed in range(soak(3, 1)):
            last = None
            for i, (state, action, nxt) in enumerate(_random_game(spec, players, seed)):
                before = json.dumps(spec.to_json(state), sort_keys=True)
                # Actions are plain JSON with a type; words exist for them.
                assert isinstance(action.get("type"), str)
                assert json.loads(json.dumps(action)) == action
                assert isinstance(spec.describe_action(state, action, "en"), str)
                assert isinstance(spec.describe_action(state, action, "es"), str)
                # apply_action is pure.
                assert json.dumps(spec.to_json(state), sort_keys=True) == before
                assert isinstance(spec.undo_barrier(state, action, nxt), bool)
                if i % 7 == 0:
                    assert spec.from_json(json.loads(json.dumps(spec.to_json(nxt)))) == nxt
                    p = spec.current_player(nxt)
                    if p is not None:
                        v = spec.view(nxt, p)
                        json.dumps(v)
                        for event in v["log"][-5:]:
                            assert isinstance(spec.describe_event(event, "en"), str)
                            assert isinstance(spec.describe_event(event, "es"), str)
                last = nxt
            assert spec.is_over(last) and spec.current_player(last) is None
            assert spec.winners(last)
            assert spec.legal_actions(last) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_unknown_and_malformed_actions_are_refused_and_change_nothing(game_id):
    spec = _spec(game_id)
    state = spec.new_game(spec.max_players, 3)
    saved = copy.deepcopy(spec.to_json(state))
    for bad in [{"type": "no-such-action"}, {}, {"type": None}, {"type": "draw", "card": "x"}, [], "take"]:
        with pytest.raises(IllegalAction) as err:
            spec.apply_action(state, bad)
        assert str(err.value)
    assert spec.to_json(state) == saved


@pytest.mark.parametrize("game_id", GAMES)
def test_garbage_saves_are_refused_cleanly(game_id):
    spec = _spec(game_id)
    good = spec.to_json(spec.new_game(spec.min_players, 4))
    broken = []
    for key in list(good)[3:]:
        d = copy.deepcopy(good)
        d[key] = "garbage"
        broken.append(d)
        d = copy.deepcopy(good)
        del d[key]
        broken.append(d)
    for data in [None, 5, {"format": "house-games", "game": game_id, "version": 10**6}, *broken]:
        try:
            spec.from_json(data)
        except SaveFormatError:
            continue
        # A field the engine can default is fine only if the state still works.
        spec.legal_actions(spec.from_json(data))


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_choose_legal_actions_from_their_view(game_id):
    spec = _spec(game_id)
    state = spec.new_game(spec.min_players, 8)
    for name in spec.bot_names:
        bot = spec.make_bot(name, 1)
        p = spec.current_player(state)
        legal = spec.legal_actions(state)
        assert bot.choose(spec.view(state, p), legal) in legal


@pytest.mark.parametrize("game_id", GAMES)
def test_determinize_agrees_with_the_view(game_id):
    spec = _spec(game_id)
    for _, _, state in _random_game(spec, spec.min_players, 11):
        p = spec.current_player(state)
        if p is None:
            break
        guess = spec.determinize(spec.view(state, p), p, 5)
        assert spec.view(guess, p) == spec.view(state, p)
        assert spec.legal_actions(guess) == spec.legal_actions(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_match_autosave_round_trip(game_id):
    spec = _spec(game_id)
    m = Match.new(game_id, spec.min_players, 21)
    rng = Rng(2)
    for _ in range(30):
        if spec.is_over(m.state):
            break
        legal = spec.legal_actions(m.state)
        m.apply(legal[rng.randrange(len(legal))])
    back = Match.from_json(json.loads(json.dumps(m.to_json())))
    assert back.state == m.state and back.can_undo() == m.can_undo()
