"""The Hint is worked out in slices of the worker's time (issue 34: the coach searches for up to a second here,
several on a phone): the page's taps are answered meanwhile, a move or Undo made before it is ready drops it (it
would be about a position that is gone), and the hint it shows is the one the coach gives at once."""

from __future__ import annotations

import pytest

from game.core import Match, Seat, coaching
from game.ui.coach_display import compute_hint, hint_seed

from .ui_harness import resumed_stepwise, thinking_marks


def hint_position(game_id: str, seed: int = 4) -> Match:
    """A 2-player match at a decision of the person (seat 0) whose hint takes several steps of the coach's search,
    both seats played by the weak player until then."""
    match = Match.new(game_id, 2, seed, [Seat("human", None, "Ana"), Seat("computer", "weak", "")])
    spec = match.spec
    weak = spec.make_bot("weak", seed)
    while not spec.is_over(match.state):
        seat = match.current_player()
        if seat == 0 and len(match.entries) > 6:
            state = match.state
            steps = coaching.hint_steps(spec, spec.view(state, 0), 0, hint_seed(match, 0), None, spec.legal_actions(state))
            if sum(1 for _ in steps) >= 3:
                coaching._JUDGED.clear()  # (the table must search again, not find this judgement kept)
                return match
        match.apply(weak.choose(spec.view(match.state, seat), spec.legal_actions(match.state)))
    raise AssertionError("no decision of the person whose hint is searched")




@pytest.mark.parametrize("game_id", ["barrio", "neueheimat"])
def test_the_hint_is_worked_out_between_taps_and_is_the_coachs_hint(monkeypatch, game_id):
    match = hint_position(game_id)
    expected = compute_hint(match.spec, match.state, 0, hint_seed(match, 0), None).text("en")
    coaching._JUDGED.clear()
    h = resumed_stepwise(monkeypatch, match)
    screen = h.app.screen
    h.click(h.find("hint"))
    h.page.flush()
    assert thinking_marks(h.ops())[-1] is not None and h.find("hint-note").hidden and h.find("hint").disabled
    slices = 0
    while h.find("hint-note").hidden:
        assert h.host.timers, "the hint stopped before it was shown"
        h.host.run_timers(limit=1)
        slices += 1
    assert slices >= 2  # the worker was free between its steps
    assert expected in h.find("hint-note").textContent and screen.match.hints_used(0) == 1
    h.page.flush()
    assert thinking_marks(h.ops())[-1] is None and not h.find("hint").disabled


@pytest.mark.parametrize("game_id", ["barrio", "neueheimat"])
def test_a_move_made_before_the_hint_is_ready_drops_it(monkeypatch, game_id):
    match = hint_position(game_id)
    h = resumed_stepwise(monkeypatch, match)
    screen = h.app.screen
    moves = len(screen.match.entries)
    h.click(h.find("hint"))
    h.host.run_timers(limit=1)
    assert h.find("hint-note").hidden
    screen.act(screen.legal()[0])  # the person moves without waiting for the hint
    assert len(screen.match.entries) > moves
    h.page.flush()
    assert None in thinking_marks(h.ops())  # the mark went at once
    h.host.run_timers()
    assert h.find("hint-note").hidden and screen.match.hints_used(0) == 0  # no hint shown or counted afterwards
    assert screen._work is None


def test_undo_before_the_hint_is_ready_drops_it(monkeypatch):
    match = hint_position("neueheimat")
    h = resumed_stepwise(monkeypatch, match)
    screen = h.app.screen
    moves = len(screen.match.entries)
    h.click(h.find("hint"))
    h.host.run_timers(limit=1)
    h.click(h.find("undo"))
    assert len(screen.match.entries) < moves
    h.host.run_timers()
    assert h.find("hint-note").hidden and screen.match.hints_used(0) == 0 and screen._work is None
