"""Takebacks (issue 25): one person against computer seats (or Klaus) may take back their own decisions, with the
computers' moves after them, back to the start of their previous turn, across reveals too; such a game is marked
"with takebacks" and the takebacks are counted. Between people on one device, undo never crosses a reveal."""

from __future__ import annotations

import json
import random

import pytest

from game.core import Match, share
from game.core.errors import IllegalAction
from game.core.record import GameRecord, RecordError, Replay
from game.ui.record_book import RecordBook, result_row
from game.ui.storage import MemoryBackend, Store
from .takeback_positions import GAMES, against_computers, at_turn_after_a_computer_reveal, finished_with_takebacks, turn_start


@pytest.mark.parametrize("game_id,n,options", GAMES, ids=[g[0] for g in GAMES])
def test_a_takeback_crosses_a_computer_reveal_back_to_the_previous_turn_start(game_id, n, options):
    match = at_turn_after_a_computer_reveal(game_id, n, options)
    last_mine = max(i for i, e in enumerate(match.entries) if e.player == 0)
    floor = turn_start(match, last_mine)
    assert match.undo_blocker() is None and match.undo_is_takeback()
    before_last_decision = match.states[last_mine]
    match.undo()
    assert match.state == before_last_decision and len(match.entries) == last_mine
    assert match.current_player() == 0 and match.takebacks_used(0) == 1 and match.takebacks_used(1) == 0
    presses = 1
    while match.can_undo():
        match.undo()
        presses += 1
    assert len(match.entries) == floor, "the takebacks stop at the start of the previous turn, not before nor after"
    assert match.undo_blocker() == "game.undo_why.floor"
    with pytest.raises(IllegalAction) as refused:
        match.undo()
    assert refused.value.key == "game.undo_why.floor"
    # plain undos within the turn (nothing revealed, nobody else's move) are not takebacks: only the others count
    assert 1 <= match.takebacks_used(0) <= presses
    # a new decision starts afresh: the next takeback counts from there
    match.apply(match.spec.legal_actions(match.state)[0])
    assert match.takeback_floor is None and match.can_undo()


def test_solo_barrio_takes_back_across_its_own_reveals_turn_by_turn():
    match, rng = Match.new("barrio", 1, 4, level="A"), random.Random(4)
    while not any(e.barrier for e in match.entries):
        match.apply(rng.choice(match.spec.legal_actions(match.state)))
    revealed = len(match.entries)
    assert match.can_undo() and match.undo_is_takeback(), "solo: one person, nobody to peek on: a takeback"
    match.undo()
    assert len(match.entries) == revealed - 1 and match.takebacks == [1]
    while match.can_undo():
        match.undo()
    # solo Barrio: every decision is seat 0's; turns are told apart by the turn counter
    start = turn_start(match, len(match.entries)) if match.entries else 0
    assert len(match.entries) == start and match.undo_blocker() in ("game.undo_why.floor", "game.undo_why.nothing")


@pytest.mark.parametrize("game_id,n,options", GAMES, ids=[g[0] for g in GAMES])
def test_between_people_undo_never_crosses_a_reveal_and_says_why(game_id, n, options):
    rng = random.Random(5)
    match = Match.new(game_id, n, 5, **options)
    reasons = set()
    while not match.spec.is_over(match.state) and len(match.entries) < 400:
        match.apply(rng.choice(match.spec.legal_actions(match.state)))
        last = match.entries[-1]
        if last.barrier and last.player == match.current_player():
            assert match.undo_blocker() == "game.undo_why.revealed" and not match.can_undo()
            reasons.add("revealed")
        elif last.player != match.current_player():
            assert match.undo_blocker() == "game.undo_why.turn_start" and not match.can_undo()
            reasons.add("turn_start")
        else:
            assert match.can_undo() and not match.undo_is_takeback()
    assert "turn_start" in reasons
    if game_id == "barrio":  # draws within a turn (Nyhavn's and Neue Heimat's reveals end the turn)
        assert "revealed" in reasons
    assert match.takebacks_used(0) == match.takebacks_used(1) == 0


def test_the_autosave_keeps_takebacks_and_old_saves_load_without():
    match = at_turn_after_a_computer_reveal("nyhavn", 2, {})
    match.undo()
    back = Match.from_json(json.loads(json.dumps(match.to_json())))
    assert back.state == match.state and back.takebacks == [1, 0] and back.takeback_floor == match.takeback_floor
    assert back.undo_blocker() == match.undo_blocker()
    old = match.to_json()
    del old["takebacks"], old["takeback_floor"]
    assert Match.from_json(old).takebacks_used(0) == 0
    for bad in ([1], [-1, 0], [True, 0], "x"):
        damaged = dict(match.to_json(), takebacks=bad)
        with pytest.raises(Exception, match="takeback"):
            Match.from_json(damaged)


def test_a_game_with_takebacks_replays_to_its_real_end_and_is_marked():
    match = finished_with_takebacks()
    assert match.takebacks_used(0) > 0
    record = GameRecord.from_match(match)
    assert record.with_takebacks and record.takebacks == [match.takebacks_used(0), 0]
    assert Replay(record).final_state == match.state, "the record keeps the line the game was finished on"
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again.takebacks == record.takebacks and again.id == record.id
    # the link carries the moves, not the counts (as for hints): it still replays to the same end
    assert share.open_link(share.encode(record)).final_state == match.state
    old = record.to_json()
    del old["takebacks"]
    assert GameRecord.from_json(old).takebacks == [] and not GameRecord.from_json(old).with_takebacks
    with pytest.raises(RecordError):
        GameRecord.from_json(dict(record.to_json(), takebacks=[1]))


def test_statistics_count_games_with_takebacks():
    book = RecordBook(Store(MemoryBackend()))
    marked = GameRecord.from_match(finished_with_takebacks(2))
    clean_match = against_computers("nyhavn", 2, 3, {})
    rng = random.Random(3)
    while not clean_match.spec.is_over(clean_match.state):
        clean_match.apply(rng.choice(clean_match.spec.legal_actions(clean_match.state)))
    clean = GameRecord.from_match(clean_match)
    assert result_row(marked)["takebacks"][0] > 0 and result_row(clean)["takebacks"] == [0, 0]
    book.add_finished(marked)
    book.add_finished(clean)
    stats = book.stats("nyhavn", "computer", "weak")
    assert stats.games == 2 and stats.with_takebacks == 1
    reread = RecordBook(book.store)  # the rows survive a reload
    assert reread.stats("nyhavn", "computer", "weak").with_takebacks == 1
