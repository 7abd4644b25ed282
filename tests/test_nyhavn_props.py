"""Nyhavn over many random legal games (2, 3 and 4 players), and the computer players."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings, strategies as st

from game import nyhavn as N
from game.core import IllegalAction, Match, Rng, Seat, search
from game.core.play import play_bots
from game.nyhavn import bots, rules
from game.nyhavn import state as E
from game.nyhavn import tiles as T
from game.nyhavn.actions import take
from game.nyhavn.bots import weak_choice
from game.nyhavn.tiles import KIND_SIZE, KINDS, stack_sizes

from .sizes import soak


def check_invariants(s: E.State) -> None:
    """Every card, tile and ability tile is in exactly one place."""
    for c in range(5):
        where = sum(h[c] for h in s.hands) + s.docks.count(c) + s.supply.count(c) + s.discard[c] + s.box[c]
        assert where == 14
    assert s.supply.count(E.END_CARD) == (1 if s.end_card == E.END_IN_SUPPLY else 0)
    built = [0] * len(KINDS)
    for e in s.log:
        if e["type"] == "build":
            built[KINDS.index(e["tile"])] += 1
        if e["type"] == "arms" and e["choice"] == "white":
            built[KINDS.index("white")] += 1
    assert [a + b for a, b in zip(built, s.stacks)] == stack_sizes(s.players)
    for p in range(s.players):
        cells = sum(KIND_SIZE[k] * sum(1 for e in s.log if e["type"] == "build" and e["player"] == p and e["tile"] == KINDS[k])
                    for k in range(20))
        cells += sum(1 for e in s.log if e["type"] == "arms" and e["choice"] == "white" and e["player"] == p)
        assert bin(s.houses[p][0]).count("1") == cells
    for a in range(5):
        owned = sum(1 for p in range(s.players) if s.abilities[p][a] != E.NOT_OWNED)
        assert owned + s.ability_supply[a] == s.players
    assert all(sum(h) <= 7 for q, h in enumerate(s.hands) if not (q == s.seat and s.phase == "discard"))


def random_game(n: int, seed: int, check_every: int = 0) -> tuple[E.State, list[dict]]:
    """A random legal game (half the moves by the beginner's rules so that houses get built)."""
    rng = Rng(seed, stream=3)
    s = N.SPEC.new_game(n, seed)
    actions = []
    steps = 0
    while not N.SPEC.is_over(s):
        legal = N.SPEC.legal_actions(s)
        assert legal, "a live game always has a legal action"
        a = legal[rng.randrange(len(legal))] if rng.randrange(2) else weak_choice(s, legal)
        actions.append(a)
        s = N.SPEC.apply_action(s, a)
        steps += 1
        assert steps < 3000, "the game must end"
        if check_every and steps % check_every == 0:
            check_invariants(s)
    return s, actions


@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_random_games_keep_every_card_and_tile_and_end(n):
    for seed in range(soak(300, 60)):
        s, _ = random_game(n, seed, check_every=7 if seed < 40 else 0)
        check_invariants(s)
        assert N.SPEC.winners(s) and N.SPEC.current_player(s) is None and N.SPEC.legal_actions(s) == []
        end = s.log[-1]
        assert end["type"] == "end" and end["reason"] in ("end_card", "points")
        if end["reason"] == "points":
            assert N.SPEC.winners(s) == [s.seat] and s.scores[s.seat] >= 12


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=2, max_value=4), st.integers(min_value=0, max_value=2**32 - 1), st.integers(min_value=0, max_value=400))
def test_json_round_trip_and_replay_at_any_point(n, seed, cut):
    s, actions = random_game(n, seed)
    t = N.SPEC.new_game(n, seed)
    for a in actions[:cut]:
        t = N.SPEC.apply_action(t, a)
    assert N.SPEC.from_json(json.loads(json.dumps(N.SPEC.to_json(t)))) == t
    for a in actions[cut:]:
        t = N.SPEC.apply_action(t, a)
    assert t == s  # the same seed and actions replay the same game


def test_apply_action_never_changes_its_argument():
    s = N.SPEC.new_game(3, 11)
    for _ in range(150):
        if N.SPEC.is_over(s):
            break
        before = N.SPEC.to_json(s)
        a = N.SPEC.legal_actions(s)[-1]
        nxt = N.SPEC.apply_action(s, a)
        assert N.SPEC.to_json(s) == before
        s = nxt


def test_match_undo_stops_at_reveals():
    m = Match.new("nyhavn", 2, 5, [Seat("human"), Seat("human")])
    s = m.state
    s.abilities[0][T.CONSTRUCTION_DISCOUNT] = E.ACTIVE
    m.apply({"type": "take", "docks": [0, 1], "abilities": []})
    assert not m.can_undo()  # the docks were refilled from the face-down supply


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_playouts_quick_move_is_the_policy_move_on_the_same_dice(n):
    """The searches' playouts find their move without listing every action (``bots.rollout_action``) and apply it
    without checking it (``rules.apply_unchecked``): the same move, the same dice thrown and the same state as the
    policy over the legal list (``bots._rollout_policy``) applied by the rules, in every position of random games."""
    positions = 0
    for seed in range(soak(30, 6)):
        rng = Rng(seed, stream=8)
        s = N.SPEC.new_game(n, 900 + seed)
        while not N.SPEC.is_over(s):
            legal = N.SPEC.legal_actions(s)
            offered = take.options(s, s.seat)
            assert take.count_options(s, s.seat) == len(offered)
            assert take.plain_pairs(s) == [tuple(a["docks"]) for a in offered if not a["abilities"]]
            quick_dice, policy_dice = Rng(seed + positions, stream=9), Rng(seed + positions, stream=9)
            quick = bots.rollout_action(s, quick_dice)
            assert quick == bots._rollout_policy(s, policy_dice) and quick in legal
            assert (quick_dice.state, quick_dice.inc) == (policy_dice.state, policy_dice.inc)
            assert rules.apply_unchecked(s, quick) == N.SPEC.apply_action(s, quick)
            positions += 1
            s = N.SPEC.apply_action(s, legal[rng.randrange(len(legal))] if rng.randrange(3) == 0 else quick)
    assert positions > soak(30, 6) * 40


def test_bots_decide_from_the_view_only_and_play_legal_moves():
    s = N.SPEC.new_game(2, 4)
    other = s.copy()
    other.hands[1] = [0, 0, 0, 0, 3]  # a different hidden hand for the opponent ...
    other.supply = other.supply[::-1]  # ... and another order of the supply
    assert N.SPEC.view(s, 0) == N.SPEC.view(other, 0) and s != other
    for name in N.SPEC.bot_names:  # a fixed budget: under load the clock would give the two searches different lengths
        a = N.SPEC.make_bot(name, 9, iterations=4).choose(N.SPEC.view(s, 0), N.SPEC.legal_actions(s))
        b = N.SPEC.make_bot(name, 9, iterations=4).choose(N.SPEC.view(other, 0), N.SPEC.legal_actions(other))
        assert a == b and a in N.SPEC.legal_actions(s)


def test_strong_beats_weak_with_a_fixed_budget():
    wins = 0.0
    games = soak(16, 8)
    for i in range(games):
        bots = ["strong", "weak"] if i % 2 == 0 else ["weak", "strong"]
        r = play_bots(N.SPEC, 2, 500 + i, bots, iterations=2)
        strong = bots.index("strong")
        if strong in r.winners:
            wins += 1 / len(r.winners)
    assert wins / games >= 0.6


def test_a_fixed_budget_plays_the_same_game_whatever_the_clock(monkeypatch):
    first = play_bots(N.SPEC, 3, 77, ["strong", "weak", "strong"], iterations=2)
    assert first.actions > 20
    # a clock that jumps a minute per reading: a time-budgeted search would stop after one round
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))
    again = play_bots(N.SPEC, 3, 77, ["strong", "weak", "strong"], iterations=2)
    assert (again.scores, again.winners, again.actions) == (first.scores, first.winners, first.actions)
    # and the budget is really used: one round only plays differently somewhere in the game
    one = [play_bots(N.SPEC, 2, 77 + k, ["strong", "weak"], iterations=1) for k in range(2)]
    two = [play_bots(N.SPEC, 2, 77 + k, ["strong", "weak"], iterations=6) for k in range(2)]
    assert [(r.scores, r.actions) for r in one] != [(r.scores, r.actions) for r in two]


def test_bad_search_budgets_are_refused():
    for bad in (0, -3, 2.5, True, "10"):
        with pytest.raises(IllegalAction) as err:
            N.SPEC.make_bot("strong", 1, iterations=bad)
        assert err.value.key == "nyhavn.bad_iterations"


def test_unknown_bot_name_is_refused():
    with pytest.raises(Exception, match="weak, strong, hard"):
        N.SPEC.make_bot("godlike", 1)
