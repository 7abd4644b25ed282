"""Takebacks in the browser (issue 25, item 3): against a computer, Undo takes the player's last decision back across
the computer's reveal, in every game; between people on one device Undo is off after a reveal, and its accessible
name and a tap say why; a finished game with takebacks says so on the end screen, in past games and in statistics."""

from __future__ import annotations

import json
import random

import pytest

from game.core import Match

from ..takeback_positions import GAMES, at_turn_after_a_computer_reveal, finished_with_takebacks
from .conftest import settle
from .barrio_steps import wait_for


def saved(page) -> dict:
    return json.loads(page.evaluate("houseGames.autosave()"))


def resume(page, open_app, match: Match, query: str = "?pause=3600000", wait_undo: bool = True) -> None:
    """Open the app on ``match`` as its autosave (what a reload after playing to this point shows): the save is put
    in place before the page's first script, once, so the app boots only once."""
    text = json.dumps(json.dumps(match.to_json()))
    page.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
      localStorage.setItem("house-games.autosave", {text}); sessionStorage.setItem("seeded", "1"); }}""")
    open_app(page, query=query)
    page.locator("#resume").tap()
    if wait_undo:
        page.locator("#undo").wait_for()
        settle(page)


@pytest.mark.parametrize("game_id,n,options", GAMES, ids=[g[0] for g in GAMES])
def test_against_a_computer_undo_takes_back_across_its_reveal(page, open_app, game_id, n, options):
    match = at_turn_after_a_computer_reveal(game_id, n, options)
    last_mine = max(i for i, e in enumerate(match.entries) if e.player == 0)
    resume(page, open_app, match)
    undo = page.locator("#undo")
    assert undo.get_attribute("aria-disabled") == "false" and undo.get_attribute("aria-label") == "Undo"
    undo.tap()
    wait_for(page, lambda: len(saved(page)["actions"]) == last_mine, what="the takeback to reach the autosave")
    back = Match.from_json(saved(page))
    assert back.state == match.states[last_mine], "the table is back where the player made their last decision"
    assert back.takebacks_used(0) == 1
    assert page.locator("#toasts").get_by_text("with takebacks").is_visible()
    assert page.locator("#status").inner_text() != ""
    # the table is the player's again: their decision can be made anew
    assert back.current_player() == 0 and not back.is_computer_turn()


def hot_seat_after_a_reveal() -> Match:
    """Barrio between two people, the player to move having just turned something hidden up."""
    match, rng = Match.new("barrio", 2, 6), random.Random(6)
    while True:
        match.apply(rng.choice(match.spec.legal_actions(match.state)))
        last = match.entries[-1]
        if last.barrier and last.player == match.current_player():
            return match


def test_between_people_undo_is_off_after_a_reveal_and_says_why(page, open_app):
    match = hot_seat_after_a_reveal()
    resume(page, open_app, match, query="?pause=0")
    page.locator("#pass-ready").tap()  # the player to move takes the device
    settle(page)
    undo = page.locator("#undo")
    name = undo.get_attribute("aria-label")
    assert undo.get_attribute("aria-disabled") == "true"
    assert name.startswith("Undo") and "something hidden was revealed" in name
    assert page.get_by_role("button", name=name).count() == 1  # that is its accessible name
    undo.tap(force=True)  # a tap on the dimmed button: the reason shows
    toast = page.locator("#toasts .toast", has_text="something hidden was revealed")
    toast.wait_for()
    assert toast.is_visible()
    assert len(saved(page)["actions"]) == len(match.entries), "nothing was taken back"


def test_a_game_with_takebacks_is_marked_on_the_end_screen_in_past_games_and_statistics(page, open_app):
    finished = finished_with_takebacks()
    # the same game just before the computer's last move: resumed, the computer finishes it
    cut = max(i for i, e in enumerate(finished.entries) if e.player == 0) + 1
    match = Match.from_json(finished.to_json())
    del match.entries[cut:], match.states[cut + 1:]
    assert match.is_computer_turn() and match.takebacks_used(0) > 0
    taken = match.takebacks_used(0)
    resume(page, open_app, match, query="?pause=0", wait_undo=False)
    end = page.locator("#end-takebacks")
    end.wait_for(timeout=60_000)
    assert "with takebacks" in end.inner_text() and f"({taken} move" in end.inner_text()  # "(6 moves taken back)"
    page.get_by_role("button", name="Back to start").tap()  # the game is kept
    page.get_by_role("button", name="Past games").tap()
    game = page.locator(".past-game").first
    game.wait_for()
    assert "with takebacks" in game.inner_text()
    page.locator("#past-back").tap()
    page.get_by_role("button", name="Statistics").tap()
    row = page.locator(".stats-group[data-group='nyhavn/computer/weak'] tr[data-stat=takebacks]")
    row.wait_for()
    assert row.locator("td").inner_text() == "1" and "With takebacks" in row.inner_text()
