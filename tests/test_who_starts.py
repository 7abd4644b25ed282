"""Who starts (issue 36 item 10): a start option of Barrio (2-4 players) and Nyhavn, kept in saves and links.

A game started with ``first_player`` keeps it in its autosave (the match's options) and its replay link; a save or
link written before the option existed has no ``first_player`` and reads as a game seat 1 (engine seat 0) began.
"""

import json

import pytest

import game.barrio as B
from game.core import Match, Seat, share
from game.core.record import GameRecord
from lab.barrio.scenario import materials, scenario

from .recorded_games import one_human, play_match
from .barrio_positions import DECK, STONE, WOOD, _six_houses, play


@pytest.mark.parametrize("players, first", [(2, 1), (3, 2), (4, 1)])
def test_the_chosen_seat_plays_the_first_turn_after_everyone_kept_houses(players, first):
    """Rulebook set-up: «Empieza quien haya usado un lapicero más recientemente»: the players choose who starts.
    Everyone keeps houses in seat order first; then the chosen seat plays the first turn and play goes on clockwise."""
    s = B.SPEC.new_game(players, 11, scoring_card="C", first_player=first)
    assert s.phase == "keep" and B.SPEC.current_player(s) == 0
    for _ in range(players):
        s = play(s, {"type": "keep_houses", "cards": []})
    assert s.phase == "start" and B.SPEC.current_player(s) == first
    assert [e["player"] for e in s.log if e["type"] == "turn"] == [first]
    s = play(s, DECK)
    assert B.SPEC.current_player(s) == (first + 1) % players
    # the deal does not depend on who starts: the same seed deals the same cards whoever begins
    assert B.SPEC.new_game(players, 11, scoring_card="C").hands == B.SPEC.new_game(players, 11, scoring_card="C",
                                                                                  first_player=first).hands


def test_the_last_round_ends_with_the_seat_before_the_first_player():
    """«terminad la ronda para que todos hayan jugado el mismo número de turnos»: when seat 1 began, a seventh
    house built by seat 1 lets seat 0 play once more, and the game ends after seat 0, whose turn closes the round."""
    s = scenario(2, hands=[materials("brick", "brick", "brick"), [63, WOOD + 5, WOOD + 6, STONE + 5]], seat=1,
                 market={(0, 0): WOOD, (0, 1): WOOD + 1, (0, 2): STONE, (0, 3): STONE + 1},
                 phase="placed2", placed=2, panoramas=[[], _six_houses()], first_player=1)
    s = play(s, {"type": "build", "house": 63, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert s.final_round and B.SPEC.current_player(s) == 0 and not B.SPEC.is_over(s)
    s = play(s, DECK)
    assert B.SPEC.is_over(s) and B.SPEC.winners(s) == [1]


def test_a_seventh_house_in_the_last_seat_of_the_round_ends_the_game_at_once():
    s = scenario(2, hands=[[63, WOOD + 5, WOOD + 6, STONE + 5], materials("brick", "brick", "brick")],
                 market={(0, 0): WOOD, (0, 1): WOOD + 1, (0, 2): STONE, (0, 3): STONE + 1},
                 phase="placed2", placed=2, panoramas=[_six_houses(), []], first_player=1)
    s = play(s, {"type": "build", "house": 63, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert B.SPEC.is_over(s) and B.SPEC.winners(s) == [0]  # seat 1 began this round: seat 0 closed it


@pytest.mark.parametrize("game_id, players, first", [("barrio", 3, 2), ("nyhavn", 2, 1), ("nyhavn", 4, 3)])
def test_a_save_keeps_who_starts_and_loads_the_same_game(game_id, players, first):
    match = Match.new(game_id, players, 21, one_human(players), first_player=first)
    spec = match.spec
    for _ in range(6):  # a few decisions, whoever makes them
        match.apply(spec.legal_actions(match.state)[0])
    saved = json.loads(json.dumps(match.to_json()))
    assert saved["options"]["first_player"] == first
    loaded = Match.from_json(saved)
    assert loaded.options["first_player"] == first and loaded.state == match.state
    opening = [e for e in loaded.states[0].log if e["type"] == "turn"] if game_id == "nyhavn" else []
    assert not opening or opening[0]["player"] == first


def test_an_old_save_without_who_starts_is_a_game_seat_1_began():
    match = Match.new("nyhavn", 3, 8, one_human(3))
    match.apply(match.spec.legal_actions(match.state)[0])
    saved = json.loads(json.dumps(match.to_json()))
    assert "first_player" not in saved["options"]  # the engine's default: not written
    loaded = Match.from_json(saved)
    assert loaded.state == match.state and loaded.spec.current_player(loaded.states[0]) == 0


@pytest.mark.parametrize("game_id, players, first", [("barrio", 2, 1), ("nyhavn", 3, 2)])
def test_a_replay_link_keeps_who_starts(game_id, players, first):
    match = play_match(game_id, players, 4, first_player=first)
    record = GameRecord.from_match(match, finished="2026-11-27T20:00:00Z")
    again = share.decode(share.link(record))
    assert again == record and again.options["first_player"] == first
    replay = share.open_link(share.link(record))
    turns = [e["player"] for e in replay.states[-1].log if e["type"] == "turn"]
    assert turns[0] == first and turns[1] == (first + 1) % players


def test_an_old_link_without_who_starts_replays_with_seat_1_first():
    match = play_match("barrio", 2, 5)  # no first_player option, as every game before it
    record = GameRecord.from_match(match, finished="2026-11-27T20:00:00Z")
    assert "first_player" not in record.options
    replay = share.open_link(share.link(record))
    assert [e["player"] for e in replay.states[-1].log if e["type"] == "turn"][0] == 0


def test_a_seats_choice_may_start_with_a_computer():
    seats = [Seat("human", None, "Ana"), Seat("computer", "weak", "")]
    match = Match.new("barrio", 2, 3, seats, scoring_card="A", first_player=1)
    for _ in range(2):  # both keep their houses; then the computer's turn comes first
        match.apply({"type": "keep_houses", "cards": []})
    assert match.current_player() == 1 and match.is_computer_turn()


def test_a_replay_says_who_started_and_the_other_options(monkeypatch):
    from .ui_harness import SITE, Harness

    match = play_match("barrio", 2, 6, scoring_card="D", first_player=1)
    h = Harness(monkeypatch, href=share.link(GameRecord.from_match(match), SITE))
    shown = h.find("replay-game-options").textContent
    assert shown == "Scoring card: D · rubble −1 · Burruño +2; Who starts: Seat 2"
    old = play_match("nyhavn", 2, 6)  # before who starts was an option: nothing to say
    h = Harness(monkeypatch, href=share.link(GameRecord.from_match(old), SITE))
    assert h.find("replay-game-options") is None
