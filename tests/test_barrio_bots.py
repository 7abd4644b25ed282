"""Barrio computer players: legal choices from the view only, whole games, speed."""

import itertools
import statistics
import time

import pytest

import game.barrio as B
from game.barrio import bots
from game.core import IllegalAction, Rng, search
from game.core.play import play_bots
from game.core.search import search_reports

from .sizes import soak


@pytest.mark.parametrize("players, options", [(1, {"level": "A"}), (2, {}), (3, {}), (4, {})])
def test_weak_bots_play_whole_games(players, options):
    for seed in range(3):
        result = play_bots(B.SPEC, players, seed, ["weak"] * players, **options)
        assert result.winners and len(result.scores) == max(players, 2)


def test_strong_bot_plays_a_solo_game_within_its_budget():
    # CPU time, not wall time: a loaded machine must not make this test flaky.
    s = B.SPEC.new_game(1, 4, level="B")
    bot = B.SPEC.make_bot("strong", 1)
    cpu = []
    while not B.SPEC.is_over(s):
        legal = B.SPEC.legal_actions(s)
        t0 = time.process_time()
        a = bot.choose(B.SPEC.view(s, 0), legal)
        cpu.append(time.process_time() - t0)
        assert a in legal
        s = B.SPEC.apply_action(s, a)
    assert B.SPEC.winners(s) in ([0], [1])
    assert statistics.median(cpu) < 0.1


def test_bots_decide_from_the_view_alone():
    """Two positions that look the same to the seat (other hidden cards) get the same decision."""
    rng = Rng(3)
    s = B.SPEC.new_game(2, 12, scoring_card="A")
    while not B.SPEC.is_over(s) and s.turn_number < 9:
        s = B.SPEC.apply_action(s, bots.greedy_action(s, B.SPEC.legal_actions(s), rng))
    p = B.SPEC.current_player(s)
    v = B.SPEC.view(s, p)
    other = B.SPEC.determinize(v, p, 99)
    assert B.SPEC.view(other, p) == v and other != s
    for name in B.SPEC.bot_names:
        a = B.SPEC.make_bot(name, 5).choose(B.SPEC.view(s, p), B.SPEC.legal_actions(s))
        b = B.SPEC.make_bot(name, 5).choose(B.SPEC.view(other, p), B.SPEC.legal_actions(other))
        assert a in B.SPEC.legal_actions(s) and a == b  # every level's budget is fixed: the same view, the same move


def test_heuristic_builds_when_it_can():
    from lab.barrio.scenario import material, scenario
    wood, stone = material("wood"), material("stone")
    s = scenario(2, hands=[[54], [material("brick")]], market={(0, 0): wood, (0, 1): stone}, phase="placed2", placed=2)
    a = bots.greedy_action(s, B.SPEC.legal_actions(s), Rng(1))
    assert a["type"] == "build" and a["house"] == 54


def test_unknown_bot_name_is_refused():
    with pytest.raises(IllegalAction):
        B.SPEC.make_bot("grandmaster", 1)


def _searched_position(players=2):
    rng = Rng(8)
    s = B.SPEC.new_game(players, 21, scoring_card="A")
    while s.turn_number < 6:
        s = B.SPEC.apply_action(s, bots.greedy_action(s, B.SPEC.legal_actions(s), rng))
    while s.phase not in ("start", "placed1"):
        s = B.SPEC.apply_action(s, bots.greedy_action(s, B.SPEC.legal_actions(s), rng))
    return s


@pytest.mark.parametrize("lead, rival_wins", [(0.03, False), (0.05, True)])
def test_search_replaces_the_heuristic_move_only_for_a_clear_gain(monkeypatch, lead, rival_wins):
    """Every rival's playouts scoring ``lead`` more than the heuristic's own move's: a lead under
    ``FIRST_BONUS`` keeps the heuristic's move, a larger one takes the rival."""
    s = _searched_position()
    p = B.SPEC.current_player(s)
    cands = bots.candidates(s, bots.WIDTH)
    assert len(cands) > 2 and cands[0] == bots.greedy_action(s, bots.canonical_actions(s), Rng(0))
    calls = [0]

    def fake(state, player):  # flat_monte_carlo plays the candidates in order, round after round
        i = calls[0] % len(cands)
        calls[0] += 1
        return 0.5 + (lead if i == 2 else 0.0)
    monkeypatch.setattr(bots, "evaluate", fake)
    chosen = bots.flat_search(B.SPEC.view(s, p), p, cands, Rng(1), 0.0, iterations=2)
    assert chosen == (cands[2] if rival_wins else cands[0])
    assert 0.03 < bots.FIRST_BONUS < 0.05


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name, alone, rivals, rounds", [
    ("strong", (bots.WIDTH, 3, 2), (bots.HARD_WIDTH, bots.HARD_PLACES, bots.HARD_OTHERS), bots.STRONG_ROUNDS),
    ("hard", (bots.HARD_WIDTH, bots.HARD_PLACES, bots.HARD_OTHERS), bots.HARD_WIDE_SHORTLIST,
     bots.HARD_WIDE_ROUNDS * bots.HARD_FIRST_ROUNDS)])
def test_searches_compare_more_moves_against_rivals_than_against_klaus(monkeypatch, name, alone, rivals, rounds,
                                                                       players):
    """Against rivals (2 or 4 players) each search reaches moves its solo shortlist leaves out (the league's measure,
    docs/barrio.md): playouts that favour such a move make it the choice. Alone against Klaus the strong player keeps
    its 7 and hard its 12; against rivals hard (20) stays wider than strong (12)."""
    solo = _searched_position(1)
    assert B.SPEC.make_bot(name, 1).shortlist(solo) == bots.candidates(solo, *alone)
    s = _searched_position(players)
    p = B.SPEC.current_player(s)
    wide = bots.candidates(s, *rivals)
    beyond = [i for i, a in enumerate(wide) if a not in bots.candidates(s, *alone)]
    assert beyond
    calls = [0]

    def fake(state, player):  # the flat search plays the candidates in order, round after round
        i = calls[0] % len(wide)
        calls[0] += 1
        return 0.5 + (0.1 if i == beyond[-1] else 0.0)
    monkeypatch.setattr(bots, "evaluate", fake)
    chosen = B.SPEC.make_bot(name, 1).choose(B.SPEC.view(s, p), B.SPEC.legal_actions(s))
    assert calls[0] == len(wide) * rounds and chosen == wide[beyond[-1]]


def test_hard_plays_out_two_more_turns_alone_against_klaus_and_to_its_next_turn_against_rivals(monkeypatch):
    """Alone against Klaus the hard player (and the coach) plays out two more of its own turns than the strong player;
    against rivals it stops where the strong player does (the end of its next turn): deeper halving lost to the wide
    flat search there (docs/barrio.md)."""
    seen, real = [], bots._playouts

    def spy(view, player, first, ahead, bonus):
        seen.append((view["players"], ahead, bonus))
        return real(view, player, first, ahead, bonus)
    monkeypatch.setattr(bots, "_playouts", spy)
    for players in (1, 2, 4):
        s = _searched_position(players)
        p = B.SPEC.current_player(s)
        bots.HardBot(1, iterations=1).choose(B.SPEC.view(s, p), B.SPEC.legal_actions(s))
    assert seen == [(1, 2 + 2, bots.HARD_FIRST_BONUS), (2, 2 + 1, bots.FIRST_BONUS), (4, 4 + 1, bots.FIRST_BONUS)]


def test_strong_bot_with_a_fixed_budget_plays_the_same_game_twice():
    def game():
        s, seen = B.SPEC.new_game(2, 33), []
        players = [B.SPEC.make_bot("strong", 4, iterations=2), B.SPEC.make_bot("weak", 5)]
        while not B.SPEC.is_over(s):
            seat = B.SPEC.current_player(s)
            a = players[seat].choose(B.SPEC.view(s, seat), B.SPEC.legal_actions(s))
            seen.append(a)
            s = B.SPEC.apply_action(s, a)
        return seen, B.SPEC.scores(s)
    assert game() == game()


#: actions of the any-clock game: all of it in the full run, its first 40 (22 searches of the strong player) in the quick loop
REPLAYED = soak(10_000, 40)


def test_the_apps_strong_player_searches_its_fixed_rounds_on_any_clock(monkeypatch):
    """The strong player the app makes (``make_bot("strong", seed)``) deals ``STRONG_ROUNDS`` rounds for every
    candidate of every decision, the budget the league measures: a game from one seed is the same game again on a
    clock where every search would be out of time at once (a phone far slower than this machine)."""
    def run() -> tuple[list[dict], list[tuple[int, ...]]]:
        s = B.SPEC.new_game(2, 31)
        players = [B.SPEC.make_bot("strong", 5), B.SPEC.make_bot("weak", 6)]
        actions = []
        with search_reports() as found:
            while not B.SPEC.is_over(s) and len(actions) < REPLAYED:
                seat = B.SPEC.current_player(s)
                action = players[seat].choose(B.SPEC.view(s, seat), B.SPEC.legal_actions(s))
                actions.append(action)
                s = B.SPEC.apply_action(s, action)
        return actions, [report.counts for report in found]

    actions, counts = run()
    assert len(counts) > 10 and all(c == (bots.STRONG_ROUNDS,) * len(c) for c in counts)
    ticks = itertools.count()
    monkeypatch.setattr(search.time, "perf_counter", lambda: float(next(ticks)))  # a second passes at every reading
    assert run() == (actions, counts)
