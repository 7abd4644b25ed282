"""No game replaced without asking (issue 37): a New game, a Daily deal or Play again while an unfinished game is
saved asks first. "Keep it and start another" keeps both (each in its own slot), and the kept game resumes at its
move count after a reload, from the list of every unfinished game; "Replace it" deletes it."""

from __future__ import annotations

import pytest

from .conftest import wait_ready
from .replay_helpers import almost_finished
from .storage_steps import MOVES, UNFINISHED, open_with_saves, saved_slots, unfinished


def answer(page, keep: bool, title: str = "Barrio") -> None:
    """The question is on screen, names the unfinished game and its moves: answer it."""
    question = page.locator("#keep-unfinished")
    question.wait_for()
    said = page.locator("#keep-unfinished-text").inner_text()
    assert title in said and f"{MOVES} moves" in said and "not finished" in said
    assert page.locator("#keep-it").inner_text() == "Keep it and start another"
    assert page.locator("#replace-it").inner_text() == "Replace it"
    page.locator("#keep-it" if keep else "#replace-it").tap()
    page.locator("#legal-actions button").first.wait_for()  # the new game is open
    page.wait_for_function("houseGames.idle()")  # and stored


def check_after_reload(page, keep: bool, shot=None) -> None:
    """After a reload the database holds the new game, and the unfinished one only if it was kept; a kept game
    resumes from the list of unfinished games at its move count."""
    page.wait_for_function("houseGames.idle()")
    page.reload()
    wait_ready(page)
    games = saved_slots(page)
    kept = [save for save in games.values() if len(save["actions"]) == MOVES and save["seed"] == 11]
    assert len(kept) == (1 if keep else 0), games
    assert len(games) == (2 if keep else 1), games
    if not keep:
        assert page.locator("#resume-all").count() == 0
        return
    listing = page.locator("#resume-all")
    assert listing.inner_text() == "All unfinished games (2)"
    listing.tap()
    rows = page.locator("#saved-games .resume-game")
    assert rows.count() == 2
    if shot is not None:
        shot(page, "saved-games-list")
    texts = rows.all_inner_texts()
    assert any("Barrio" in t and f"{MOVES} moves" in t and "1 player" in t and "saved" in t for t in texts), texts
    page.locator(f"#saved-games .resume-game[data-moves='{MOVES}']").tap()
    page.locator("#legal-actions button").first.wait_for()
    assert page.evaluate("JSON.parse(houseGames.autosave()).actions.length") == MOVES
    assert page.evaluate("JSON.parse(houseGames.autosave()).seed") == 11


@pytest.mark.parametrize("keep", [True, False], ids=["keep", "replace"])
def test_new_game_over_an_unfinished_game_asks_first(page, site_url, shot, keep):
    open_with_saves(page, site_url, {UNFINISHED: unfinished()})
    assert f"{MOVES} moves" in page.locator("#resume").inner_text()
    page.locator("#start-game").tap()
    page.locator("#keep-unfinished").wait_for()
    shot(page, "keep-unfinished-question")
    answer(page, keep)
    assert UNFINISHED in saved_slots(page) if keep else UNFINISHED not in saved_slots(page)
    check_after_reload(page, keep, shot)


@pytest.mark.parametrize("keep", [True, False], ids=["keep", "replace"])
def test_daily_deal_over_the_game_just_resumed_asks_first(page, site_url, keep):
    """The player resumes Barrio (5 moves), goes back to the menu and plays the daily deal: the 5 moves stay unless
    they say "Replace it"."""
    open_with_saves(page, site_url, {UNFINISHED: unfinished()})
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.wait_for()
    page.locator("#menu").tap()
    page.get_by_role("button", name="Daily deal").tap()
    page.locator(".daily-deal[data-challenge='barrio-A'] .daily-play").tap()
    answer(page, keep)
    check_after_reload(page, keep)


@pytest.mark.parametrize("keep", [True, False], ids=["keep", "replace"])
def test_play_again_beside_an_unfinished_game_asks_first(page, site_url, keep):
    """A game finished while another is saved unfinished: Play again asks about that one."""
    open_with_saves(page, site_url, {UNFINISHED: unfinished(), "house-games.game.ending": almost_finished(5)})
    page.locator("#resume").tap()  # the newest: the game one move from its end
    page.locator("#legal-actions button").first.tap()
    page.locator("#end-screen").wait_for()
    page.get_by_role("button", name="Play again").tap()
    answer(page, keep)
    check_after_reload(page, keep)


def test_back_starts_nothing_and_a_game_nobody_played_in_is_not_asked_about(page, site_url):
    open_with_saves(page, site_url, {UNFINISHED: unfinished()})
    page.locator("#start-game").tap()
    page.locator("#keep-back").tap()
    assert page.locator("#start-screen").is_visible()
    assert list(saved_slots(page)) == [UNFINISHED]
    page.locator("#start-game").tap()
    page.locator("#keep-it").tap()
    page.locator("#legal-actions button").first.wait_for()
    untouched = page.evaluate("window.houseGamesSlot")
    page.locator("#menu").tap()  # asked again about the game of 5 moves; the new game nobody played in just goes
    page.locator("#start-game").tap()
    answer(page, keep=True)
    games = saved_slots(page)
    assert len(games) == 2 and UNFINISHED in games and untouched not in games


def test_the_question_in_spanish_and_french(page, site_url):
    open_with_saves(page, site_url, {UNFINISHED: unfinished()})
    for lang, words in (("es", ("no ha terminado", "Conservarla y empezar otra", "Sustituirla", "5 jugadas")),
                        ("fr", ("n’est pas finie", "La garder et en commencer une autre", "La remplacer", "5 coups"))):
        page.locator("#f-lang").select_option(lang)
        page.locator("#start-game").tap()
        page.locator("#keep-unfinished").wait_for()
        shown = page.locator("#keep-unfinished").inner_text()
        assert all(w in shown for w in words), (lang, shown)
        page.locator("#keep-back").tap()
