"""Neue Heimat's table in words (issue 40): every number and piece the canvas shows, said from the engine's view, in
English and Spanish; the region on the page follows the game without taking the focus; Escape drops a half-made choice."""

from __future__ import annotations

from typing import Any

import pytest

import game.neueheimat as nh
from game.core.locale import text
from game.neueheimat.state import LOTS, ROWS
from game.ui.neueheimat.labels import COLOUR_NAMES, ROW_NAMES
from game.ui.neueheimat.words import table_words
from .random_play import random_states

from .guide_steps import new_game
from .ui_harness import Harness

NAMES = ["Ana", "Bo", "Cy"]


def positions(seed: int, players: int = 3, steps: int = 300):
    """Random legal play, every state on the way."""
    return random_states(nh.SPEC, players, seed, steps)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_words_say_what_the_engine_holds(lang: str) -> None:
    colours = COLOUR_NAMES[lang]
    seen_houses = seen_roofs = 0
    for seed in range(3):
        for k, state in enumerate(positions(seed)):
            if k % 7:
                continue
            view = nh.SPEC.view(state, 0)
            words = table_words(view, NAMES, lang)
            scores = nh.SPEC.scores(state)
            for p, row in enumerate(words.players):
                assert row[0].startswith(f"{text('nh.seat_short', lang, n=p + 1)} {NAMES[p]}")
                assert row[1] == f"{state.money[p]}M" and row[2] == f"{state.cash[p]}M"
                owned = [colours[c] for c in range(6) if state.owners[c] == p]
                assert row[3] == (", ".join(owned) or text("nh.words.none", lang))
                assert row[4] == signed(scores[p])
                assert (text("nh.words.to_play", lang) in row[0]) == (nh.SPEC.current_player(state) == p)
            assert len(words.board) == ROWS and all(len(cells) == LOTS + 1 for cells in words.board)
            for r, cells in enumerate(words.board):
                assert cells[0].lower().startswith(ROW_NAMES[lang][r])
                houses = state.board[r]
                for lot in range(LOTS):
                    cell = cells[lot + 1]
                    if lot < len(houses):
                        cubes, roof = houses[lot]
                        assert cell.startswith(", ".join(f"{colours[c // 6]} {c % 6 + 1}" for c in cubes) + ";"), cell
                        assert (text("nh.words.roof", lang, value=roof) in cell) if roof else text("nh.words.no_roof", lang) in cell
                        seen_houses += 1
                        seen_roofs += bool(roof)
                    else:
                        assert cell in (text("nh.words.free", lang), text("nh.words.free_single", lang),
                                        text("nh.words.beyond", lang))
            for i, row in enumerate(state.display):
                assert words.display[i].endswith(", ".join(f"{colours[c // 6]} {c % 6 + 1}" for c in row) or text("nh.empty", lang))
            assert str(len(state.roof_pile)) in words.supply[0]
            assert words.turn.startswith(text("nh.round_of", lang, n=state.round_no, total=state.rounds))
    assert seen_houses > 20 and seen_roofs > 2


def test_hidden_money_stays_hidden_in_words() -> None:
    view = nh.SPEC.view(nh.SPEC.new_game(3, 2), 0)
    words = table_words(view, NAMES, "en", hidden=frozenset({1, 2}))
    assert words.players[0][1] == f"{view['money'][0]}M"
    assert words.players[1][1] == words.players[2][2] == "hidden"


def start(monkeypatch: pytest.MonkeyPatch, seed: int = 4) -> Harness:
    h = Harness(monkeypatch)
    new_game(h, "neueheimat", {"players": 3, "rounds": 1, "seats": ["human", "bot:weak", "bot:weak"]}, seed=seed)
    return h


def region_texts(h: Harness) -> list[str]:
    """Every cell and line of the region on the page, in reading order."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if node.tagName.lower() in ("p", "th", "td", "li"):
            out.append(node.textContent)
            return
        for child in node.children:
            walk(child)
    walk(h.find("nh-words"))
    return out


def expected_texts(h: Harness) -> list[str]:
    screen = h.app.screen
    words = table_words(screen.shown_view(), screen.names, "en")
    return [words.turn, *words.players_head, *(c for row in words.players for c in row), words.unowned,
            *words.board_head, *(c for row in words.board for c in row), *words.display, *words.supply]


def test_the_region_follows_the_game_and_never_takes_the_focus(monkeypatch: pytest.MonkeyPatch) -> None:
    h = start(monkeypatch)
    region = h.find("nh-words")
    assert region is not None and region.getAttribute("aria-live") is None and h.find("nh-words-title").tagName.lower() == "h2"
    assert region_texts(h) == expected_texts(h)
    assert "Your turn" in h.find("nh-words-turn").textContent
    screen = h.app.screen
    for _ in range(12):  # a few decisions: the words follow each one
        screen.act(screen.legal()[0])
        for _ in range(20):
            h.host.run_timers(limit=50)
            if screen.is_my_turn() or nh.SPEC.is_over(screen.match.state):
                break
        assert region_texts(h) == expected_texts(h)
    ops = h.ops()
    ids = {n.nid for n in region.querySelectorAll("*")} | {region.nid}
    assert not [op for op in ops if op[0] == "call" and op[1] in ids], "the region never takes the focus"


def test_escape_puts_the_bid_stepper_back_and_the_focus_on_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(4, 30):
        h = start(monkeypatch, seed)
        screen = h.app.screen
        for _ in range(40):
            view = screen.view()
            if view["phase"] == "bid" and screen._stepper is not None:
                break
            screen.act(screen.legal()[-1] if view["phase"] != "bid" else {"type": "pass"})
            for _ in range(20):
                h.host.run_timers(limit=50)
                if screen.is_my_turn() or nh.SPEC.is_over(screen.match.state):
                    break
            if nh.SPEC.is_over(screen.match.state):
                break
        else:
            continue
        if screen._stepper is None or screen.view()["phase"] != "bid":
            continue
        first = screen.bid_amount
        h.click(screen._stepper[2])  # one million more
        assert screen.bid_amount == first + 1
        h.ops()
        h.fire(screen.table, "keydown", key="Escape")
        assert screen.bid_amount == first and screen._stepper[3].dataset.amount == str(first)
        focused = [op[1] for op in h.ops() if op[0] == "call" and op[2] == "focus"]
        assert focused == [screen._panel_buttons[0].nid]
        assert h.find("announce").textContent == "Choice cancelled."
        h.fire(screen.table, "keydown", key="Escape")  # nothing half-made now: nothing happens
        assert not [op for op in h.ops() if op[0] == "call"]
        return
    pytest.fail("no seed reached a bid with the stepper")
