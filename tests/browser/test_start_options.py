"""The start screen's game options in a real browser: who starts (Barrio 2-4 players, Nyhavn), Neue Heimat's
rounds 1-9, and Barrio's scoring cards with their rubble and Burruño values (issue 36 items 7, 9 and 10)."""

from __future__ import annotations

import json

from game.barrio.cards import SCORING
from game.core import Match

from .conftest import replace_unfinished


def press(page, locator) -> None:
    locator.tap() if page.evaluate("navigator.maxTouchPoints > 0") else locator.click()


def choose_game(page, game_id: str, players: int) -> None:
    press(page, page.locator(f"label[for=game-{game_id}]"))
    page.locator("#f-players").select_option(str(players))


def option_texts(page, name: str) -> list[str]:
    return page.locator(f"#f-{name} option").all_inner_texts()


def started_match(page) -> Match:
    press(page, page.locator("#start-game"))
    replace_unfinished(page)  # (a started page: an earlier test's unfinished game)
    page.locator("header.topbar h1").wait_for()
    page.wait_for_function("houseGames.autosave() !== null")
    return Match.from_json(json.loads(page.evaluate("houseGames.autosave()")))


def test_who_starts_offers_the_tables_seats_and_seat_2_moves_first(started_page, shot):
    page = started_page
    choose_game(page, "nyhavn", 4)
    assert page.locator("#field-first_player").is_visible()
    assert option_texts(page, "first_player") == ["Seat 1", "Seat 2", "Seat 3", "Seat 4", "Random"]
    page.locator("#f-players").select_option("2")
    assert option_texts(page, "first_player") == ["Seat 1", "Seat 2", "Random"]  # only this table's seats
    page.select_option("#f-lang", "es")
    assert option_texts(page, "first_player") == ["Asiento 1", "Asiento 2", "Al azar"]
    page.select_option("#f-lang", "en")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option("human")
    page.locator("#f-first_player").select_option(label="Seat 2")
    page.locator("#f-seed").fill("17")
    page.locator("#f-seed").dispatch_event("change")
    shot(page, "start-who-starts")
    match = started_match(page)
    assert match.options["first_player"] == 1 and match.current_player() == 1
    # two people share the device: it is handed to seat 2 first
    page.get_by_role("heading", name="Pass the device to Player 2").wait_for()
    # solo Barrio has no choice of who starts: you do
    page.locator("#menu").click()
    choose_game(page, "barrio", 1)
    assert page.locator("#field-first_player").is_hidden()


def test_random_who_starts_is_drawn_from_the_seed(started_page):
    page = started_page
    choose_game(page, "barrio", 3)
    page.locator("#f-first_player").select_option("random")
    page.locator("#f-seed").fill("123")
    page.locator("#f-seed").dispatch_event("change")
    match = started_match(page)
    first = match.options["first_player"]
    assert first in (0, 1, 2)
    assert match.spec.new_game_options(3, {"first_player": "random"}, 123)["first_player"] == first


def test_neueheimat_offers_1_to_9_rounds_and_5_gives_5(started_page):
    page = started_page
    choose_game(page, "neueheimat", 3)
    assert option_texts(page, "rounds") == [str(n) for n in range(1, 10)]
    page.locator("#f-rounds").select_option("5")
    match = started_match(page)
    assert match.options["rounds"] == 5 and match.state.rounds == 5


def test_barrio_scoring_cards_show_their_rubble_and_burruno_values(started_page):
    page = started_page
    choose_game(page, "barrio", 2)

    def signed(v: int) -> str:
        return f"{v:+d}".replace("-", "−") if v else "0"

    assert option_texts(page, "scoring_card") == [
        f"{card} · rubble {signed(v['rubble'])} · Burruño {signed(v['burruno'])}" for card, v in SCORING.items()
    ] + ["Random"]
    page.select_option("#f-lang", "fr")
    assert option_texts(page, "scoring_card")[2] == "C · gravat −2 · Burruño +2"
