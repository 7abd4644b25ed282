"""The league (lab/league.py): tiny leagues run, replay exactly, play every seat order, and write only their doc section."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from game.core import Rng, coaching, load_spec
from game.ui.coach_display import compute_hint
from lab import league
from lab.league import Game, League, Player

from .sizes import soak


class RandomBot:
    """Any legal action, from its own seeded dice: the league's smallest candidate."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed, stream=3)

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        return legal[self.rng.randrange(len(legal))]


def random_bot(name: str, seed: int, iterations: int | None = None) -> RandomBot:
    """A make_bot-like factory (``tests.test_league:random_bot`` on the command line)."""
    return RandomBot(seed)


def tiny_pool() -> list[Player]:
    return [Player("weak", "bot", "weak"), league.candidate("random=tests.test_league:random_bot", 1)]


def as_table(result: tuple[list[league.Row], list[league.AllSame]]) -> list[tuple[Any, ...]]:
    rows, same = result
    return [(r.player, r.opponent, r.games, r.wins, r.score, r.margin, sorted(r.positions.items())) for r in rows] + \
        [(s.player, s.games, s.total) for s in same]


@pytest.mark.parametrize("game_id", ["barrio", "nyhavn", "neueheimat"])
def test_a_two_player_league_plays_both_seat_orders_and_replays_exactly(game_id: str) -> None:
    tiny = League(game_id, 2, tiny_pool(), league.seeds(1, 2))
    games = tiny.games()
    assert sorted((g.seed, g.seats) for g in games) == [(1, ("random", "weak")), (1, ("weak", "random")),
                                                        (2, ("random", "weak")), (2, ("weak", "random"))]
    first = tiny.run(jobs=2)
    assert as_table(first) == as_table(tiny.run(jobs=1)), "the same league printed two different tables"
    (row,), same = first
    assert (row.player, row.opponent, row.games) == ("random", "weak", 4)
    assert row.positions == {0: 2, 1: 2}
    assert same == []
    lo, hi = row.interval
    assert 0 <= lo <= row.rate <= hi <= 1
    assert 0 <= row.wins <= 4


def test_the_most_players_put_the_one_seat_in_every_position_and_add_the_all_rows() -> None:
    tiny = League("neueheimat", 5, tiny_pool(), league.seeds(3, 2))
    rows, same = tiny.run(jobs=2)
    (row,) = rows
    assert (row.player, row.opponent, row.games) == ("random", "weak", 10)
    assert row.positions == {seat: 2 for seat in range(5)}
    assert [(s.player, s.games) for s in same] == [("weak", 2), ("random", 2)]
    lo, hi = row.interval
    assert lo <= row.rate <= hi
    table = league.markdown_table(rows, same, 5)
    assert "| random | weak | 10 |" in table and "| all weak | 2 |" in table


def test_a_solo_league_plays_every_player_at_every_level_of_the_automa() -> None:
    spec = load_spec("barrio")
    assert spec.automa is not None
    tiny = League("barrio", 1, tiny_pool(), league.seeds(7000, 2))
    games = tiny.games()
    assert len(games) == len(spec.automa.levels) * 2 * 2 and all(len(g.seats) == 1 for g in games)
    assert {dict(g.options)["level"] for g in games} == set(spec.automa.levels)
    rows, same = tiny.run(jobs=2)
    assert same == []
    assert [(r.player, r.opponent, r.games) for r in rows] == [
        (member, f"Klaus, level {level}", 2) for level in spec.automa.levels for member in ("weak", "random")]
    assert as_table((rows, same)) == as_table(tiny.run(jobs=1)), "the same league printed two different tables"
    # each row's figures are the engine's own: the player's score and Klaus's (scores[1]), a win when seat 0 wins
    pool = {p.label: p for p in tiny_pool()}
    for row in rows:
        level = row.opponent.rsplit(" ", 1)[1]
        results = [league.play("barrio", pool, Game(seed, (row.player,), (("level", level),))) for seed in (7000, 7001)]
        assert all(len(r.scores) == 2 for r in results)  # the player and Klaus
        assert row.score == sum(r.scores[0] for r in results)
        assert row.opponent_score == sum(r.scores[1] for r in results)
        assert row.wins == sum(1 / len(r.winners) for r in results if 0 in r.winners)
    table = league.markdown_table(rows, same, 1)
    assert "| weak | Klaus, level A | 2 |" in table


def test_the_solo_goal_compares_the_follower_with_strong_at_each_level() -> None:
    def row(player: str, level: str, wins: int) -> league.Row:
        return league.Row(player, f"Klaus, level {level}", 1, games=10, wins=wins, score=200.0)
    lines = league.solo_goal_lines([row("strong", "A", 5), row("follower", "A", 6), row("strong", "C", 3),
                                    row("follower", "C", 2)])
    assert len(lines) == 2
    assert "Klaus, level A" in lines[0] and "60.0 % against 50.0 %, met" in lines[0]
    assert "Klaus, level C" in lines[1] and "**not met**" in lines[1]


def test_a_solo_league_needs_an_automa() -> None:
    with pytest.raises(ValueError, match="no automa"):
        League("nyhavn", 1, tiny_pool(), league.seeds(1, 1)).games()
    with pytest.raises(SystemExit):  # the command refuses it before playing anything
        league.main(["nyhavn", "--players", "1", "-n", "1"])


def test_a_shared_win_counts_as_a_fraction() -> None:
    row = league.Row("a", "b", 2)
    row.add(league.Result(Game(1, ("a", "b")), (5, 5), (0, 1)), 0)
    row.add(league.Result(Game(1, ("b", "a")), (7, 3), (0,)), 1)
    assert (row.games, row.wins, row.margin) == (2, 0.5, -4)


def test_the_wilson_interval() -> None:
    lo, hi = league.wilson(50, 100)
    assert hi - 0.5 == pytest.approx(0.5 - lo) and 0.40 < lo < 0.41
    assert league.wilson(0, 10)[0] == 0.0 and league.wilson(10, 10)[1] == 1.0
    lo, hi = league.wilson(3.5, 10)  # a shared win's half counts
    assert lo < 0.35 < hi


def test_the_follower_plays_the_hint_the_app_would_show() -> None:
    spec = load_spec("neueheimat")
    state = spec.new_game(3, 11)
    weak = [spec.make_bot("weak", s) for s in range(3)]
    checked, positions = 0, soak(15, 6)
    while not spec.is_over(state) and checked < positions:
        seat = spec.current_player(state)
        assert seat is not None
        legal = spec.legal_actions(state)
        view = spec.view(state, seat)
        if len(legal) > 1:
            hint = compute_hint(spec, state, seat, coaching.position_seed(view, seat), None)
            assert league.CoachFollower(spec, seat).choose(view, legal) == hint.action
            checked += 1
        state = spec.apply_action(state, weak[seat].choose(view, legal))
    assert checked == positions


def test_the_pool_takes_each_strength_v1_when_frozen_the_coach_and_candidates() -> None:
    labels = [p.label for p in league.default_pool("barrio", ["x=tests.test_league:random_bot"])]
    # every strength of SPEC.bot_names; the coach's player at its budget (Barrio's coach asks the hard player)
    assert labels == ["weak", "v1", "strong", "hard", "hard@coach", "follower", "x"]
    frozen = (league.ROOT / "lab" / "neueheimat" / "bots_v1.py").is_file()  # frozen by another branch of issue 34
    assert ("v1" in [p.label for p in league.default_pool("neueheimat")]) == frozen
    by_label = {p.label: p for p in league.default_pool("nyhavn")}
    assert by_label["strong"].iterations is None  # Nyhavn's strong player has a fixed budget of its own: the app's
    assert by_label["v1"].iterations == league.V1_ITERATIONS["nyhavn"] == 3  # v1 as it shipped
    barrio = {p.label: p for p in league.default_pool("barrio")}
    assert barrio["strong"].iterations == barrio["v1"].iterations == league.STRONG_ITERATIONS["barrio"]  # a clock
    assert all(p.iterations == 5 for p in league.default_pool("nyhavn", iterations=5) if p.label in ("v1", "strong"))
    with pytest.raises(ValueError):
        league.candidate("no_function_here", 1)


def test_writing_the_doc_replaces_only_its_marked_section(tmp_path: Path) -> None:
    doc = tmp_path / "game.md"
    start2, end2 = league.markers(2)
    start4, end4 = league.markers(4)
    before = "# A game\n\nRules text.\n\n"
    middle = "\nBetween the tables.\n\n"
    after = "\n\n## Later\nMore text.\n"
    doc.write_text(f"{before}{start2}\nold 2-player table\n{end2}{middle}{start4}\nold table\n{end4}{after}")
    league.write_doc(doc, 2, "### New table\n| a |\n")
    assert doc.read_text() == f"{before}{start2}\n### New table\n| a |\n{end2}{middle}{start4}\nold table\n{end4}{after}"
    league.write_doc(doc, 2, "### Newer\n")
    assert doc.read_text() == f"{before}{start2}\n### Newer\n{end2}{middle}{start4}\nold table\n{end4}{after}"
    with pytest.raises(ValueError):
        league.write_doc(doc, 3, "nowhere to go\n")
    assert "nowhere" not in doc.read_text()
    with pytest.raises(ValueError):  # a named section needs its own markers: never the whole pool's table
        league.write_doc(doc, 2, "a few rows\n", "coach")
    assert "a few rows" not in doc.read_text()
    start_c, end_c = league.markers(2, "coach")
    assert start_c != start2 and end_c != end2
    doc.write_text(doc.read_text() + f"{start_c}\nold rows\n{end_c}\n")
    league.write_doc(doc, 2, "the coach's rows\n", "coach")
    text = doc.read_text()
    assert f"{start_c}\nthe coach's rows\n{end_c}" in text and f"{start2}\n### Newer\n{end2}" in text


def test_the_command_prints_the_table_with_the_command_that_reproduces_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert league.main(["neueheimat", "--players", "2", "-n", "1", "--pool", "weak,strong", "--jobs", "1"]) == 0
    out = capsys.readouterr()
    assert "| strong | weak | 2 |" in out.out
    assert "Reproduce: `python3 -m lab.league neueheimat --players 2 -n 1 --pool weak,strong`" in out.out
    assert "2/2 games" in out.err
