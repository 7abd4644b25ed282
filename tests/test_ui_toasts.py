"""Toasts in the app shell, driven through the worker's page mirror under CPython: a burst of refused taps
shows each reason once and never piles up over the table."""

from __future__ import annotations

import pytest

from game.core import Match, Seat
from game.ui.app import MAX_TOASTS

from .ui_harness import Harness

BUILD_TOO_EARLY = {"type": "build", "card": 3}
NOT_IN_WAREHOUSE = {"type": "draw", "source": "warehouse", "card": 999}


def toasts(h: Harness) -> list[str]:
    return [node.textContent for node in h.app.toasts.children]


def test_repeated_refusals_show_once_and_at_most_two_messages_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    h = Harness(monkeypatch)
    fresh = Match.new("barrio", 1, 5, [Seat("human")], level="A")
    h.app.store.save_match(fresh)
    h.request(type="resume")
    screen = h.app.screen
    for _ in range(5):
        assert not screen.act(BUILD_TOO_EARLY)
    assert toasts(h) == ["You can build only after placing two materials this turn."]
    assert not screen.act(NOT_IN_WAREHOUSE)
    assert toasts(h) == ["You can build only after placing two materials this turn.", "That card is not in the warehouse."]
    screen.undo()  # nothing to take back: the dimmed Undo says why (issue 25), the oldest toast leaves
    assert toasts(h) == ["That card is not in the warehouse.", "Undo is not available: nothing to take back yet."]
    h.app.toast("Saved.")
    assert len(toasts(h)) == MAX_TOASTS == 2
    assert toasts(h) == ["Undo is not available: nothing to take back yet.", "Saved."]  # the oldest left first
    assert not screen.act(BUILD_TOO_EARLY)  # a reason shown again comes back as the newest
    assert toasts(h) == ["Saved.", "You can build only after placing two materials this turn."]
    h.host.run_timers()
    assert toasts(h) == []  # every toast leaves in time, including those replaced before their timer ran
    assert screen.match.to_json() == fresh.to_json()  # nothing refused was applied
