"""Neue Heimat over thousands of random legal games, and the computer players."""

import json
import statistics
import time
from collections import Counter

import pytest
from hypothesis import given, settings, strategies as st

from game import neueheimat as nh
from game.cli import main as cli_main
from game.core import IllegalAction, Rng
from game.core.play import play_bots
from game.neueheimat.state import ALL_ROOFS, SINGLE_LOTS, SPECIALS, row_length

from .sizes import soak


def check_invariants(s):
    """Everything a referee would check at any moment of a game."""
    n = s.players
    assert sum(s.money) + sum(s.cash) == 12 * n and min(s.money + s.cash) >= 0
    cubes = [c for r in s.display for c in r] + s.out + [c for row in s.board for h in row for c in h[0]]
    roofs = s.roof_pile + s.roofs_discarded + [h[1] for row in s.board for h in row if h[1]]
    specials = s.supply + s.discarded + [f"permit{abs(c)}" for r in s.permits for c in r] + (["mayor"] if s.mayor >= 0 else [])
    if s.piece:
        kind, value = s.piece
        {"cube": cubes, "roof": roofs}.get(kind, specials).append(
            value if kind in ("cube", "roof") else (f"permit{value}" if kind == "permit" else kind))
    assert sorted(cubes) == list(range(36)), "every cube in exactly one place"
    assert Counter(roofs) == Counter(ALL_ROOFS), "every roof in exactly one place"
    assert Counter(specials) == Counter(SPECIALS), "every special piece in exactly one place"
    on_board = set()
    for r in range(3):
        assert 1 <= row_length(s, r) <= 9 and len(s.board[r]) <= row_length(s, r)
        for i, (house, _roof) in enumerate(s.board[r]):
            pips = [c % 6 + 1 for c in house]
            assert pips == sorted(pips, reverse=True) and len(set(pips)) == len(pips), "stacked on more pips only"
            assert i not in SINGLE_LOTS[r] or len(house) == 1
            on_board |= {c // 6 for c in house}
    assert {c for c in range(6) if s.owners[c] >= 0} == on_board, "a colour is owned once it is on the board"
    assert len(s.round_scores) == s.round_no - (0 if s.phase == "over" else 1)


def random_game(players, seed, rounds=1, every=None):
    """Play a random legal game; return the final state and the actions taken."""
    rng = Rng(seed, stream=17)
    s = nh.SPEC.new_game(players, seed, rounds=rounds)
    actions = []
    while not nh.SPEC.is_over(s):
        legal = nh.SPEC.legal_actions(s)
        assert legal
        a = legal[rng.randrange(len(legal))]
        actions.append(a)
        s = nh.SPEC.apply_action(s, a)
        if every:
            every(s)
        assert len(actions) < 6000, "the game must end"
    return s, actions


@settings(max_examples=soak(120, 15), deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), rounds=st.sampled_from([1, 3]))
def test_random_games_keep_every_invariant_and_replay(players, seed, rounds):
    s, actions = random_game(players, seed, rounds, every=check_invariants)
    ends = [e for e in s.log if e["type"] == "round_end"]
    assert 1 <= len(ends) <= rounds and len(ends) == len(s.round_scores)
    assert len(ends) == rounds or max(s.round_wins) >= 2
    assert nh.SPEC.winners(s) and nh.SPEC.current_player(s) is None and nh.SPEC.legal_actions(s) == []
    assert nh.SPEC.scores(s) == [sum(r[p] for r in s.round_scores) for p in range(players)]
    # The same seed and actions replay the same game.
    t = nh.SPEC.new_game(players, seed, rounds=rounds)
    for a in actions:
        t = nh.SPEC.apply_action(t, a)
    assert t == s and nh.SPEC.to_json(t) == nh.SPEC.to_json(s)


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 400))
def test_json_round_trip_anywhere(players, seed, stop):
    rng = Rng(seed)
    s = nh.SPEC.new_game(players, seed, rounds=3)
    for _ in range(stop):
        if nh.SPEC.is_over(s):
            break
        legal = nh.SPEC.legal_actions(s)
        s = nh.SPEC.apply_action(s, legal[rng.randrange(len(legal))])
    back = nh.SPEC.from_json(json.loads(json.dumps(nh.SPEC.to_json(s))))
    assert back == s and nh.SPEC.legal_actions(back) == nh.SPEC.legal_actions(s)
    if not nh.SPEC.is_over(s):
        p = nh.SPEC.current_player(s)
        guess = nh.SPEC.determinize(nh.SPEC.view(s, p), p, seed)
        assert nh.SPEC.view(guess, p) == nh.SPEC.view(s, p) and sorted(guess.roof_pile) == sorted(s.roof_pile)


def test_thousands_of_random_games_end_with_money_and_pieces_conserved():
    games = 0
    per_count = soak(400, 20)
    for players in range(2, 6):
        for seed in range(per_count):
            s, _ = random_game(players, 10_000 + seed, rounds=1 + seed % 3)
            check_invariants(s)
            games += 1
    assert games == 4 * per_count


def test_bots_play_every_decision_legally_and_quickly():
    times = []
    seen = set()
    for seed in range(4):
        for players in (2, 5):
            s = nh.SPEC.new_game(players, seed, rounds=2)
            bots = [nh.SPEC.make_bot(nh.SPEC.bot_names[(i + seed) % 2], seed + i) for i in range(players)]
            while not nh.SPEC.is_over(s):
                p = nh.SPEC.current_player(s)
                legal = nh.SPEC.legal_actions(s)
                t0 = time.perf_counter()
                a = bots[p].choose(nh.SPEC.view(s, p), legal)
                times.append(time.perf_counter() - t0)
                assert a in legal
                seen.add(a["type"])
                s = nh.SPEC.apply_action(s, a)
    assert {"profits", "auction", "bid", "pass", "place"} <= seen
    assert statistics.median(times) < 0.1


def test_strong_beats_weak_in_three_player_games():
    wins = 0.0
    games = 40
    for seed in range(games):
        result = play_bots(nh.SPEC, 3, 500 + seed, ["strong", "weak", "weak"])
        wins += (0 in result.winners) / len(result.winners)
    assert wins / games >= 0.5, wins / games  # fair share is 1/3; the full 500-game figure is in docs/neueheimat.md


def test_a_fixed_budget_plays_the_same_game_and_bad_budgets_are_refused(monkeypatch):
    first = play_bots(nh.SPEC, 3, 77, ["strong", "weak", "strong"], iterations=4)
    assert first.actions > 20
    # the strong player never reads the clock: a clock jumping a minute per reading changes nothing
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))
    again = play_bots(nh.SPEC, 3, 77, ["strong", "weak", "strong"], iterations=4)
    assert (again.scores, again.winners, again.actions) == (first.scores, first.winners, first.actions)
    for bad in (0, -3, 2.5, True, "8"):
        with pytest.raises(IllegalAction) as err:
            nh.SPEC.make_bot("strong", 1, iterations=bad)
        assert err.value.key == "neueheimat.bad_iterations"
    with pytest.raises(IllegalAction) as err:
        nh.SPEC.make_bot("clever", 1)
    assert err.value.key == "neueheimat.unknown_bot" and "weak, strong" in str(err.value)


def test_simulate_command(capsys):
    assert cli_main(["simulate", "neueheimat", "--players", "3", "--bots", "strong,weak,weak", "-n", "3"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 3 and len(report["win_rate"]) == 3 and "strong_win_rate" in report
    assert abs(sum(report["win_rate"]) - 1) < 1e-6
