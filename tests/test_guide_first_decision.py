"""The guided first turn guides the decision actually on the table (issue 36, item 1), on the worker's page mirror
under CPython: the app's real screens, started from the start screen's settings, the computer seats playing until the
player's first decision.

Over many seeds, player counts and seats per game: the guide's words are those of the first decision's kind (Klaus's
tie, the houses to keep, a place or a draw; a take or a build; the illegal profits, a bid on another player's auction
naming its auctioneer and piece, an auction of one's own); every step marks only what can be tapped now: each mark is
a button on the page, enabled, and what it does is legal (a legal action, or a choice the table accepts without a
refusal). *Got it* folds the guide and keeps its marks; only the first real move closes it.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core.locale import text as t

from .guide_steps import guide_shown, new_game
from .ui_harness import Harness


def marked(h: Harness) -> tuple[str, ...]:
    """The marks of the step shown (or of the folded guide)."""
    guide = h.app.screen.guide
    return guide.table_marks() if guide.folded else guide.steps[guide.step].marks


def element_of(h: Harness, mark: str) -> Any:
    """The page's element a mark stands for (``None`` when the table does not show it now)."""
    screen = h.app.screen
    if mark.startswith("#"):
        return h.find(mark[1:])
    if mark.startswith(("act:", "cmd:")):
        attr = "data-act" if mark.startswith("act:") else "data-cmd"
        return next((n for n in screen.table.descendants() if n.getAttribute(attr) == mark[4:]), None)
    return screen.board._buttons.get(mark)


def barrio_tap_is_legal(h: Harness, key: str) -> bool:
    from game.ui.barrio.table import Pick, tap

    screen = h.app.screen
    legal = screen.legal()
    outcome = tap(key, screen.view(), legal, Pick(), "en")
    return outcome.message is None and (outcome.action is None or outcome.action in legal)


def nyhavn_tap_is_legal(h: Harness, key: str) -> bool:
    from game.ui.nyhavn.table import Table

    screen = h.app.screen
    table = Table("en", screen.names, screen.match.num_players, screen.describe_action)
    outcome = table.tap(key, screen.seen())
    return table.message[0] != "bad" and (outcome.action is None or outcome.action in screen.legal())


def neueheimat_tap_is_legal(h: Harness, key: str) -> bool:
    from game.ui.neueheimat.offers import action_for_key, stepper_amounts

    screen = h.app.screen
    legal, view = screen.legal(), screen.view()
    if key.startswith("act:"):
        act = key[4:]
        if act == "bid-any":
            return bool(stepper_amounts(view["high_bid"], view["money"][view["current"]]))
        if act.startswith("bid-"):
            return {"type": "bid", "amount": int(act[4:])} in legal
        if act.startswith("profits-"):
            return {"type": "profits", "take": act == "profits-take"} in legal
        return {"type": act} in legal
    if key.startswith("row-"):  # a row opened large, where a piece may be placed
        return any(a["type"] == "place" and a["row"] == int(key[4:]) for a in legal)
    return action_for_key(key, legal) is not None


LEGAL_TAP = {"barrio": barrio_tap_is_legal, "nyhavn": nyhavn_tap_is_legal, "neueheimat": neueheimat_tap_is_legal}


def expected_words(game_id: str, h: Harness) -> str:
    """The first step's catalogue key for the decision on the table, from the legal actions alone."""
    screen = h.app.screen
    kinds = {a["type"] for a in screen.legal()}
    if game_id == "barrio":
        return ("guide.barrio.tie" if "klaus_tie" in kinds else "guide.barrio.keep" if "keep_houses" in kinds
                else "guide.barrio.place" if "place" in kinds else "guide.barrio.draw")
    if game_id == "nyhavn":
        return "guide.nyhavn.take" if "take" in kinds else "guide.nyhavn.build"
    phase = {"profits": "profits", "bid": "bid", "auction": "choose", "sell": "resolve", "place": "place"}
    return "guide.neueheimat." + next(phase[k] for k in phase if k in kinds)


def check_guide(h: Harness, game_id: str) -> str:
    """Check the guide on the player's first decision; return its first step's key."""
    screen = h.app.screen
    assert guide_shown(h)
    steps = screen.guide.steps
    first = steps[0]
    assert first.key == expected_words(game_id, h), (first.key, screen.legal()[:3])
    assert h.find("guide-text").textContent == first.words("en")
    for i, step in enumerate(steps):
        assert h.find("guide-text").textContent == step.words("en")
        for mark in step.marks:
            node = element_of(h, mark)
            assert node is not None and not node.disabled and not node.hidden or mark.startswith("row-"), (step.key, mark)
            if not mark.startswith("#"):
                assert LEGAL_TAP[game_id](h, mark), (step.key, mark)
        assert all(m.startswith("#") for m in step.marks) or any(element_of(h, m) is not None for m in step.marks)
        if i + 1 < len(steps):
            h.click(h.find("guide-next"))
    return first.key


def cases(game_id: str) -> list[tuple[int, int, int]]:
    """(players, the player's seat, seed): every player count, the player in each seat, a few seeds."""
    counts = {"barrio": (1, 2, 3, 4), "nyhavn": (2, 3, 4), "neueheimat": (2, 3, 4, 5)}[game_id]
    return [(n, (seed + n) % n, seed) for n in counts for seed in range(6 if n > 1 else 14)]


def start(monkeypatch: pytest.MonkeyPatch, game_id: str, players: int, seat: int, seed: int) -> Harness:
    h = Harness(monkeypatch)
    options: dict[str, Any] = {"players": players}
    if players > 1:
        options["seats"] = ["human" if i == seat else "bot:weak" for i in range(players)]
    else:
        options["level"] = "A"
    if game_id == "neueheimat":
        options["rounds"] = 1
    new_game(h, game_id, options, seed=seed)
    return h


@pytest.mark.parametrize("game_id", ["barrio", "nyhavn", "neueheimat"])
def test_first_decision_guide_speaks_of_it_and_marks_only_what_can_be_tapped(monkeypatch, game_id):
    seen: set[str] = set()
    for players, seat, seed in cases(game_id):
        h = start(monkeypatch, game_id, players, seat, seed)
        key = check_guide(h, game_id)
        seen |= {step.key for step in h.app.screen.guide.steps}
        if key == "guide.neueheimat.bid":  # another player's auction: said as such, never "your auction"
            view = h.app.screen.view()
            said = h.app.screen.guide.steps[0].words("en")
            assert h.app.screen.names[view["auctioneer"]] in said and "Your auction" not in said
    assert len(seen - {"guide.help", "guide.neueheimat.rounds"}) >= 2, seen  # the seeds reach more than one kind of decision


def test_first_decision_klaus_tie_marks_only_the_tied_houses(monkeypatch):
    import game.barrio as B

    seeds = [s for s in range(300) if B.SPEC.new_game(1, s, solo=True, level="A").phase == "klaus_tie"][:4]
    assert seeds
    for seed in seeds:
        h = start(monkeypatch, "barrio", 1, 0, seed)
        screen = h.app.screen
        assert screen.guide.steps[0].key == "guide.barrio.tie"
        tied = {a["house"] for a in screen.legal()}
        market = screen.view()["house_market"]
        assert set(screen.guide.steps[0].marks) == {f"hm-{market.index(house)}" for house in tied}
        assert not any(m.startswith(("deck-", "wh-")) for m in screen.guide.steps[0].marks)


def test_first_decision_got_it_folds_the_guide_and_the_first_real_move_closes_it(monkeypatch):
    h = start(monkeypatch, "nyhavn", 2, 0, 4)
    screen = h.app.screen
    while h.find("guide-next") is not None:
        h.click(h.find("guide-next"))
    h.click(h.find("guide-done"))  # Got it: folded, not closed
    assert guide_shown(h) and screen.guide.folded
    marks = screen.guide.table_marks()
    assert marks and all(f'data-key="{m}"' in h.find("guide-style").textContent for m in marks if not m.startswith(("act:", "cmd:")))
    assert "guided" not in h.settings
    h.click(h.find("guide-unfold"))  # shown again from its first step
    assert not screen.guide.folded and h.find("guide-title").textContent == t("guide.title", "en", n=1, count=len(screen.guide.steps))
    # a tap that only chooses (a dock) is no move: the guide stays; the take closes it
    take = next(a for a in screen.legal() if a["type"] == "take" and not a["abilities"])
    screen.tapped(f"dock-{take['docks'][0]}")
    assert guide_shown(h)
    screen.tapped(f"dock-{take['docks'][1]}")
    assert len(screen.match.entries) >= 1 and not guide_shown(h)
    assert h.settings["guided"] == ["nyhavn"]
