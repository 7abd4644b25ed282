"""The generic game screen (legal actions as buttons) with any available game:
moves, autosave and resume, undo, hot-seat hand-over, computer turns."""

from __future__ import annotations

from game.ui.catalog import catalog

from .conftest import replace_unfinished, wait_ready

AVAILABLE = [g for g in catalog() if g.available and g.max_players >= 2]
QUERY = "?ui=list&pause=0"
STARTED_QUERY = QUERY  # the module's started app (started_page) shows the generic screen too


def multiplayer_game():
    assert AVAILABLE, "no game is marked available in game/ui/catalog.py"
    return AVAILABLE[0]


def log_items(page) -> list[str]:
    return page.locator("#game-log li").all_inner_texts()


def choose(page, game, players: int = 2) -> None:
    page.locator(f"label[for=game-{game.game_id}]").tap()
    page.select_option("#f-players", str(players))
    for seat in range(1, players):  # the quickest computer players keep the test short
        page.select_option(f"#f-seat-{seat}", "bot:" + game.bot_names[0])


def play_until(page, predicate, limit: int = 40) -> None:
    """Tap the first legal action until ``predicate()`` holds (passing the device when asked)."""
    for _ in range(limit):
        if predicate():
            return
        if page.locator("#pass-ready").is_visible():
            page.locator("#pass-ready").tap()
            continue
        buttons = page.locator("#legal-actions button")
        buttons.first.wait_for(timeout=20_000)
        buttons.first.tap()
    assert predicate(), "the condition never came true"


def test_moves_autosave_and_resume_the_same_game(page, open_app, shot):
    game = multiplayer_game()
    open_app(page, query=QUERY)
    choose(page, game)
    page.get_by_role("button", name="Start new game").tap()
    page.locator("#legal-actions button").first.wait_for()
    for _ in range(3):
        page.locator("#legal-actions button").first.wait_for()
        page.locator("#legal-actions button").first.tap()
    page.locator("#legal-actions button").first.wait_for()  # back to the human after the computer moved
    before = log_items(page)
    saved_moves = page.evaluate("JSON.parse(houseGames.autosave()).actions.length")
    assert saved_moves >= 3 and len(before) > 0
    shot(page, f"platform-fallback-{game.game_id}")
    page.reload()
    wait_ready(page)
    resume = page.locator("#resume")
    assert game.title in resume.inner_text()
    resume.tap()
    page.locator("#legal-actions button").first.wait_for()
    assert log_items(page) == before


def autosaved_actions(page) -> int:
    return page.evaluate("JSON.parse(houseGames.autosave()).actions.length")


def legal_buttons(page) -> list[str]:
    return page.locator("#legal-actions button").all_inner_texts()


def test_undo_takes_back_the_last_own_move(started_page):
    """Barrio with the generic screen: a material placed (the turn goes on) is taken back, and the player
    gets back the same choices and the same log."""
    page = started_page
    game = next(g for g in AVAILABLE if g.game_id == "barrio")
    choose(page, game)
    page.locator("#f-seed").fill("8")
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name="Start new game").tap()
    replace_unfinished(page)
    undo = page.locator("#undo")
    page.locator("#legal-actions button").first.wait_for()
    # an Undo that can do nothing stays in reach and says why (its accessible name, and a toast on tap)
    assert undo.get_attribute("aria-disabled") == "true" and "not available" in (undo.get_attribute("aria-label") or "")
    page.locator("#legal-actions button", has_text="keep").first.tap()  # the opening choice of houses
    place = page.locator("#legal-actions button", has_text="place")
    place.first.wait_for()  # the computer has kept its houses too: the first real turn
    count = autosaved_actions(page)
    choices, log = legal_buttons(page), log_items(page)
    # against a computer, the previous turn's decision (the opening keep) may be taken back: Undo is on
    assert undo.get_attribute("aria-disabled") != "true"
    place.first.tap()
    page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length === {count + 1}")
    page.locator("#legal-actions button").first.wait_for()
    assert legal_buttons(page) != choices and undo.get_attribute("aria-disabled") != "true"
    undo.tap()
    page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length === {count}")
    assert legal_buttons(page) == choices
    assert log_items(page) == log
    assert undo.get_attribute("aria-disabled") != "true"  # the keep of the previous turn may still be taken back


def test_hot_seat_hides_the_table_between_humans(started_page, shot):
    page = started_page
    game = multiplayer_game()
    choose(page, game)
    page.select_option("#f-seat-0", "human")
    page.select_option("#f-seat-1", "human")
    page.get_by_role("button", name="Start new game").tap()
    replace_unfinished(page)
    ready = page.locator("#pass-ready")
    ready.wait_for()
    assert "Player 1" in ready.inner_text() and page.locator("#legal-actions").is_hidden()
    ready.tap()
    assert page.locator("#legal-actions button").first.is_visible()
    play_until(page, lambda: page.locator("#pass-ready").is_visible() and "Player 2" in page.locator("#pass-ready").inner_text())
    assert page.locator("#legal-actions").is_hidden()
    shot(page, f"platform-pass-device-{game.game_id}")


def test_spanish_start_screen(page, open_app):
    open_app(page)
    page.select_option("#f-lang", "es")
    assert page.get_by_role("button", name="Empezar partida nueva").is_visible()
    assert page.evaluate("document.documentElement.lang") == "es"
    page.reload()
    wait_ready(page)
    assert page.get_by_role("button", name="Empezar partida nueva").is_visible()


def test_menu_from_every_table_returns_to_the_start_screen_cleanly(make_context, open_app):
    """Leaving each game's own table by Menu and starting the next one raises nothing (the page_problems
    fixture fails the test on any error: e.g. a resize observer left calling a freed handler)."""
    from .pixel_steps import SIZES, TABLES, press, start

    page = make_context(**SIZES["390x844"]).new_page()
    open_app(page, query="?pause=0")
    for table in TABLES:
        start(page, table)
        press(page, page.get_by_role("button", name="Menu"))
        page.get_by_role("button", name="Start new game").wait_for()
        page.wait_for_timeout(300)  # a stale observer or timer fires within a frame or two
    assert page.locator("#start-screen").is_visible()
