"""Without Web Locks (older Safari; issue 37, F2): two tabs may open one game, and only the revision guard stands
between them. No tab deletes or overwrites a game another tab advanced: an idle tab replacing the game it played
keeps it when the other tab moved since, and a stale tab's move is refused and said to be unsaved."""

from __future__ import annotations

import json

from game.core import Match

from .conftest import wait_ready
from .storage_steps import MOVES, QUICK, UNFINISHED, open_with_saves, saved_slots, unfinished, moves_on_table

NO_LOCKS = """delete Navigator.prototype.locks;
if (navigator.locks !== undefined) throw new Error("Web Locks still there");"""


def two_tabs_on_one_game(make_context, site_url):
    """Tab A resumes the saved game and makes one move; tab B resumes the same game (no lock stops it) and makes
    three more. Return both pages."""
    context = make_context()
    context.add_init_script(NO_LOCKS)
    first, second = context.new_page(), context.new_page()
    first.bring_to_front()
    open_with_saves(first, site_url, {UNFINISHED: unfinished()})
    assert first.evaluate("navigator.locks") is None
    first.locator("#resume").tap()
    tap_move(first, MOVES + 1)
    second.bring_to_front()
    second.goto(site_url + QUICK)
    wait_ready(second)
    second.locator("#resume").tap()
    second.locator("#legal-actions button").first.wait_for()  # opened here too: nothing stops it without locks
    assert second.locator("#other-tab").count() == 0
    for n in range(MOVES + 2, MOVES + 5):
        tap_move(second, n)
    return first, second


def tap_move(page, moves_after: int) -> None:
    """Tap the first legal action and wait until the database holds the game with ``moves_after`` moves."""
    page.locator("#legal-actions button").first.tap()
    page.wait_for_function(f"(n) => JSON.parse(houseGames.stored({json.dumps(UNFINISHED)})).actions.length === n",
                           arg=moves_after)


def stored_moves(page) -> list:
    return saved_slots(page)[UNFINISHED]["actions"]


def test_an_idle_tab_replacing_its_game_keeps_what_another_tab_played(make_context, site_url):
    first, second = two_tabs_on_one_game(make_context, site_url)
    played = stored_moves(second)
    assert len(played) == MOVES + 4
    # the first tab, idle since its move, starts a new game and answers "Replace it"
    first.bring_to_front()
    first.locator("#menu").tap()
    first.locator("#start-game").tap()
    first.locator("#keep-unfinished").wait_for()
    assert "Barrio" in first.locator("#keep-unfinished-text").inner_text()
    first.locator("#replace-it").tap()
    first.locator("#legal-actions button").first.wait_for()  # the new game opens
    first.locator(".toast", has_text="was played on in another tab meanwhile, so it was kept").wait_for()
    first.wait_for_function("houseGames.idle()")
    assert stored_moves(first) == played  # not deleted: the other tab's moves are all there
    assert len(saved_slots(first)) == 2
    # the other tab plays on, saved
    second.bring_to_front()
    tap_move(second, MOVES + 5)
    # and a fresh tab resumes it with every move
    third = first.context.new_page()
    third.goto(site_url + QUICK)
    wait_ready(third)
    third.locator("#resume-all").tap()
    third.locator(f"#saved-games .resume-game[data-moves='{MOVES + 5}']").wait_for()


def test_a_stale_tabs_move_is_refused_and_said_unsaved(make_context, site_url):
    first, second = two_tabs_on_one_game(make_context, site_url)
    played = stored_moves(second)
    first.bring_to_front()
    first.locator("#legal-actions button").first.tap()  # on the position before the other tab's three moves
    taken = first.locator("#taken-over")
    taken.wait_for()
    said = taken.inner_text()
    assert taken.get_attribute("data-unsaved") == "true"
    assert "were not saved" in said and "until then is saved" not in said
    first.wait_for_function("houseGames.idle()")
    assert stored_moves(first) == played  # the stale move overwrote nothing
    replayed = Match.from_json({k: v for k, v in saved_slots(first)[UNFINISHED].items() if k not in ("saved_at", "rev")})
    assert len(replayed.entries) == MOVES + 4
    # taking it back goes on from the stored game at once: no other tab holds a lock to be asked about its moves
    first.locator("#take-back").tap()
    first.locator("#legal-actions button").first.wait_for()
    assert moves_on_table(first) == MOVES + 4
    assert first.locator(".toast", has_text="did not answer").count() == 0
