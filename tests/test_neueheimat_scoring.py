"""Neue Heimat's round scoring walk-through in the CPython harness: its totals are shown once, however Skip comes."""

from __future__ import annotations

import random

import pytest

from .ui_harness import Harness


def at_round_scoring(monkeypatch: pytest.MonkeyPatch) -> Harness:
    """A 2-player, 1-round game against the weak computer played by random taps until the round's scoring shows."""
    from game.ui.neueheimat import screen as nh_screen

    monkeypatch.setattr(nh_screen, "ANIM_MS", 1e-3)
    h = Harness(monkeypatch)
    h.request(type="new", settings={"game": "neueheimat", "lang": "en", "seed": "5", "players": 2,
                                    "seats": ["human", "bot:weak"], "rounds": 1})
    rng = random.Random(5)
    for _ in range(3000):
        h.host.run_timers(limit=1)
        if h.find("nh-scoring-skip") is not None:
            return h
        screen = h.app.screen
        if screen is not None and screen.is_my_turn():
            screen.act(rng.choice(screen.legal()))
    raise AssertionError("the round's scoring never showed")


def test_skip_tapped_as_the_last_line_comes_adds_no_second_totals(monkeypatch):
    """The page sends a tap on Skip before it has taken the button away (the last house's line came meanwhile): the
    walk-through is over by then, and its totals stay one table."""
    h = at_round_scoring(monkeypatch)
    skip = h.find("nh-scoring-skip")
    h.host.run_timers()  # the houses' lines come one by one, then the totals; Skip goes
    h.page.flush()
    assert h.find("nh-scoring-skip") is None and h.find("nh-totals") is not None
    h.click(skip)  # the tap the page sent meanwhile
    h.page.flush()
    tables = [n for n in h.find("nh-scoring").querySelectorAll("table")]
    assert len(tables) == 1
