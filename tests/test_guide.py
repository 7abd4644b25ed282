"""The guided first turn (issue 25, *First steps*), on the worker's page mirror (CPython, the code the browser runs).

Per title: the player's first decision opens the guide, each step marking on the table what it speaks of; *Next*
walks the steps, *Got it* folds it, *Skip* closes it; it is kept in the settings and not shown in the next game of
that title, unless asked for again with *Guide me through a turn*; it closes by itself at the player's first real
move. (``tests/test_guide_first_decision.py``: the words and marks of the decision on the table.)
"""

from __future__ import annotations

import json

import pytest

from game.ui.guide import mark_css
from game.core.locale import text as t

from .ui_harness import Harness
from .guide_steps import guide_shown, new_game

GAMES = [
    ("barrio", {"players": 1, "level": "A"}),
    ("nyhavn", {"players": 2, "seats": ["human", "bot:weak"]}),
    ("neueheimat", {"players": 2, "seats": ["human", "bot:weak"], "rounds": 1}),
]


@pytest.mark.parametrize("game_id,options", GAMES, ids=[g for g, _ in GAMES])
def test_the_first_turn_of_each_title_is_guided_once(monkeypatch, game_id, options):
    h = Harness(monkeypatch)
    new_game(h, game_id, options)
    assert guide_shown(h)
    screen = h.app.screen
    steps = screen.guide.steps
    assert len(steps) >= 2 and steps == screen.guide_steps()  # the decision on the table, then help
    for i, step in enumerate(steps):
        assert h.find("guide-text").textContent == step.words("en")
        assert t("guide.title", "en", n=i + 1, count=len(steps)) == h.find("guide-title").textContent
        assert mark_css(step.marks) in h.find("guide-style").textContent  # what the step speaks of is marked
        if i + 1 < len(steps):
            assert h.find("guide-skip") is not None
            h.click(h.find("guide-next"))
    h.click(h.find("guide-done"))  # Got it folds the guide: it stays, its table marks too, until the first real move
    assert guide_shown(h) and screen.guide.folded
    assert "guided" not in h.settings
    assert screen.act(screen.legal()[0])
    h.host.run_timers(limit=50)
    assert not guide_shown(h) and "outline" not in h.find("guide-style").textContent
    assert game_id in h.settings["guided"]
    # the next game of this title: no guide; asked for again, it shows at once on the player's turn
    new_game(h, game_id, options, seed=5)
    assert not guide_shown(h)
    h.click(h.find("guide-again"))
    assert guide_shown(h) and h.find("guide-text").textContent == h.app.screen.guide.steps[0].words("en")
    h.click(h.find("guide-skip"))
    assert not guide_shown(h) and game_id in h.settings["guided"]


def test_the_guide_closes_at_the_first_real_move_and_other_titles_still_guide(monkeypatch):
    h = Harness(monkeypatch)
    new_game(h, "nyhavn", {"players": 2, "seats": ["human", "bot:weak"]})
    assert guide_shown(h)
    screen = h.app.screen
    take = next(a for a in screen.legal() if a["type"] == "take")
    assert screen.act(take)
    assert not guide_shown(h)
    assert h.settings["guided"] == ["nyhavn"]
    new_game(h, "barrio", {"players": 1, "level": "A"})
    assert guide_shown(h)  # another title: its own guide
    screen = h.app.screen
    assert screen.act(screen.legal()[0])
    assert not guide_shown(h)
    assert h.settings["guided"] == ["nyhavn", "barrio"]


def test_no_guide_for_a_player_already_guided(monkeypatch):
    settings = json.dumps({"guided": ["barrio"]})
    h = Harness(monkeypatch, settings=settings)
    new_game(h, "barrio", {"players": 1, "level": "A"})
    assert not guide_shown(h)


def test_klaus_opening_tie_explains_itself(monkeypatch):
    """A solo Barrio game may open on Klaus's tie (the rulebook: the player chooses among the tied houses); the first
    table says where that choice comes from before anything else happened."""
    import game.barrio as B

    from .ui_harness import sent_texts

    seed = next(s for s in range(500) if B.SPEC.new_game(1, s, solo=True, level="A").phase == "klaus_tie")
    state = B.SPEC.new_game(1, seed, solo=True, level="A")
    assert state.pending.get("reason") == "setup"
    h = Harness(monkeypatch, settings=json.dumps({"guided": ["barrio"]}))
    h.ops()
    h.request(type="new", settings={"game": "barrio", "lang": "en", "seed": str(seed), "players": 1, "level": "A"})
    h.host.run_timers(limit=20)
    said = sent_texts(h.ops())
    assert t("barrio.do.tie_setup", "en") in said, said[:20]
    assert "Before you start" in t("barrio.do.tie_setup", "en")
