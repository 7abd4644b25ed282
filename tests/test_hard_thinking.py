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
    assert marks[0] is not None and marks[-1] is None  # "thinking…" while it decided, gone once it moved


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
