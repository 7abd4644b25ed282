"""While the hard computer thinks, the table answers (issue 34, item 3; issue 38): its decision runs in short
slices of the worker's time, so a tap on Menu or Undo is answered between two of them instead of after the whole
search (a second or more on a phone), and the move it plays in slices is the one it plays at once."""

from __future__ import annotations

import pytest

from game.core import Match, Seat, SteppedBot

from .ui_harness import resumed_stepwise, thinking_marks

HUMAN, COMPUTER = 0, 1


def thinking_position(game_id: str, seed: int = 3) -> Match:
    """A 2-player match, the hard computer (seat 1) to move just after the person's move, at a decision it searches
    (several steps): both seats played by the weak player until then."""
    match = Match.new(game_id, 2, seed, [Seat("human", None, "Ana"), Seat("computer", "hard", "")])
    spec = match.spec
    weak = spec.make_bot("weak", seed)
    last = None
    while not spec.is_over(match.state):
        seat = match.current_player()
        if seat == COMPUTER and last == HUMAN:
            probe = spec.make_bot("hard", match.seed * 97 + COMPUTER)  # as the table seeds the seat
            if sum(1 for _ in probe.choose_steps(spec.view(match.state, seat), spec.legal_actions(match.state))) >= 3:
                return match
        match.apply(weak.choose(spec.view(match.state, seat), spec.legal_actions(match.state)))
        last = seat
    raise AssertionError("no searched decision of the hard computer after a move of the person")




@pytest.mark.parametrize("game_id", ["barrio", "nyhavn", "neueheimat"])
def test_hard_plays_in_slices_the_move_it_plays_at_once(monkeypatch, game_id):
    match = thinking_position(game_id)
    spec = match.spec
    bot = spec.make_bot("hard", match.seed * 97 + COMPUTER)
    assert isinstance(bot, SteppedBot)
    expected = bot.choose(spec.view(match.state, COMPUTER), spec.legal_actions(match.state))
    moves = len(match.entries)
    h = resumed_stepwise(monkeypatch, match)
    slices = 0
    while len(h.app.screen.match.entries) == moves:
        assert h.host.timers, "the computer stopped before it moved"
        h.host.run_timers(limit=1)
        slices += 1
    assert slices >= 3  # the decision came back to the worker between its steps
    assert h.app.screen.match.entries[moves].action == expected
    h.page.flush()
    marks = thinking_marks(h.ops())
    # "thinking…" while it decided; once it moved, gone, or still there where a computer moves next (its own turn
    # goes on, or the next seat's): the page never sees it leave between two decisions of computers
    assert marks[0] is not None
    assert (marks[-1] is not None) == h.app.screen.match.is_computer_turn()


@pytest.mark.parametrize("game_id", ["barrio", "neueheimat"])
def test_hard_a_tap_on_menu_while_it_thinks_is_answered_and_ends_its_search(monkeypatch, game_id):
    match = thinking_position(game_id)
    moves = len(match.entries)
    h = resumed_stepwise(monkeypatch, match)
    h.host.run_timers(limit=2)  # the computer's turn starts and searches a little
    h.page.flush()
    assert thinking_marks(h.ops())[-1] is not None and len(h.app.screen.match.entries) == moves
    h.click(h.find("menu"))
    h.page.flush()
    ops = h.ops()
    assert any(op[:2] == ["host", "showStart"] for op in ops)  # answered in the tap's own turn: the start screen
    assert thinking_marks(ops)[-1] is None  # the mark went with it
    h.host.run_timers()
    assert len(h.app.store.load_match().match.entries) == moves  # and the computer never moved


@pytest.mark.parametrize("game_id", ["nyhavn", "neueheimat"])
def test_hard_undo_while_it_thinks_takes_back_the_move_it_was_answering(monkeypatch, game_id):
    match = thinking_position(game_id)
    moves = len(match.entries)
    h = resumed_stepwise(monkeypatch, match)
    h.host.run_timers(limit=2)
    h.page.flush()
    h.ops()
    h.click(h.find("undo"))
    screen = h.app.screen
    assert len(screen.match.entries) == moves - 1 and screen.match.current_player() == HUMAN
    h.page.flush()
    assert thinking_marks(h.ops())[-1] is None
    h.host.run_timers()
    assert len(screen.match.entries) == moves - 1  # the dropped search played nothing afterwards
    assert screen.match.current_player() == HUMAN


@pytest.mark.parametrize("game_id", ["nyhavn", "neueheimat"])
def test_the_mark_stays_from_one_computers_move_to_the_next(monkeypatch, game_id):
    """Two computers in a row: the "thinking" mark shows through the pause after the first one's move (the player sees
    that move) and the second one's search; no message from the worker leaves it hidden until a person is to move."""
    match = Match.new(game_id, 3, 4, [Seat("human", None, "Ana"), Seat("computer", "weak", ""), Seat("computer", "weak", "")])
    spec = match.spec
    weak = spec.make_bot("weak", 4)
    while match.current_player() != 1:  # the first computer to move, the second after it
        match.apply(weak.choose(spec.view(match.state, match.current_player()), spec.legal_actions(match.state)))
    h = resumed_stepwise(monkeypatch, match)
    screen = h.app.screen
    seen = 0
    while h.host.timers and screen.match.is_computer_turn():
        h.host.run_timers(limit=1)
        h.page.flush()
        marks = thinking_marks(h.ops())
        if marks:
            seen += 1
            assert (marks[-1] is None) == (not screen.match.is_computer_turn()), (marks, screen.match.current_player())
    assert seen and screen.match.current_player() == HUMAN and len(screen.match.entries) > len(match.entries) + 1
