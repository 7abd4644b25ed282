"""The colour-blind patterns setting means one thing in all three games (issue 40): ticked, each game lays its
colours' patterns over them (Barrio's materials, Nyhavn's cards and cells, Neue Heimat's cubes); unticked, none of
them does, and the letters, glyphs and pips still tell the colours apart."""

from __future__ import annotations

import json

import pytest

from .guide_steps import new_game
from .ui_harness import Harness

OPTIONS = {"barrio": {"players": 1, "level": "A"}, "nyhavn": {"players": 2, "seats": ["human", "bot:weak"]},
           "neueheimat": {"players": 3, "rounds": 1, "seats": ["human", "bot:weak", "bot:weak"]}}


def patterns_drawn(monkeypatch: pytest.MonkeyPatch, game_id: str, on: bool) -> int:
    """The pattern commands of the last frame drawn at the player's first decision."""
    h = Harness(monkeypatch, settings=json.dumps({"patterns": on, "own_choices": ["patterns"]}))
    assert h.app.patterns is on
    new_game(h, game_id, OPTIONS[game_id], seed=6)
    h.app.screen.render()
    frames = [op[2] for op in h.ops() if op[0] == "draw"]
    assert frames, "a frame was drawn"
    return sum(1 for command in frames[-1] if command[0] == "pattern")


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_the_setting_lays_the_patterns_in_every_game(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    off = patterns_drawn(monkeypatch, game_id, False)
    on = patterns_drawn(monkeypatch, game_id, True)
    assert on > off, (game_id, on, off)  # (a river's waves or a card back's cross are drawn either way)
