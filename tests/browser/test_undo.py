"""Undo on each game's own table: a move taken back returns exactly what the player saw before it —
the same canvas pixels, the same buttons (targets with their labels and legal marks) and the same log."""

from __future__ import annotations

import game.neueheimat as nh
from game.core import Match

from .test_barrio_ui import read_match, saved, start as start_barrio, tap_key, wait_for
from .test_neueheimat_ui import human_policy, saved_match, start_game as start_neueheimat, tap_action, wait_for_turn
from .test_nyhavn_ui import autosave, start_nyhavn, wait_my_turn
from .test_pixel import stable_capture


def what_the_player_sees(page) -> tuple[bytes, list, list[str]]:
    """The table's canvas (once it is still), its targets and the log, as the player has them now."""
    canvas = stable_capture(page)
    targets = page.locator(".board button.target").evaluate_all(
        "bs => bs.map(b => [b.dataset.key, b.getAttribute('aria-label'), b.disabled, b.dataset.legal || ''])")
    log = page.locator("#game-log li").all_inner_texts()
    return canvas, targets, log


def assert_same_view(before, after) -> None:
    canvas0, targets0, log0 = before
    canvas1, targets1, log1 = after
    assert log1 == log0, "the log is not back to what it was"
    assert targets1 == targets0, "the table's buttons are not back to what they were"
    assert canvas1 == canvas0, "the canvas does not show the table as it was"


def actions_saved(page) -> int:
    return len(saved(page)["actions"])


def undo_and_wait(page, count: int) -> None:
    undo = page.locator("#undo")
    assert undo.is_enabled(), "Undo is not offered after the player's own move"
    undo.tap()
    wait_for(page, lambda: actions_saved(page) == count, what="the undo to reach the autosave")


def test_barrio_undo_returns_the_table_as_it_was(page, open_app):
    start_barrio(page, open_app, players=1, seed=8)
    assert page.locator("#undo").is_disabled()
    before = what_the_player_sees(page)
    card = read_match(page).module.view(read_match(page).state, 0)["hand"][0]
    tap_key(page, f"hand-{card}")
    tap_key(page, "cell-0_0")
    wait_for(page, lambda: actions_saved(page) == 1, what="the placement")
    placed = what_the_player_sees(page)
    assert placed[0] != before[0] and placed[1] != before[1], "placing a material changed nothing on the table"
    assert f"hand-{card}" not in [key for key, *_ in placed[1]]
    undo_and_wait(page, 0)
    after = what_the_player_sees(page)
    assert f"hand-{card}" in [key for key, *_ in after[1]]
    assert_same_view(before, after)


def test_nyhavn_undo_takes_a_built_tile_back(page, open_app):
    start_nyhavn(page, open_app, seed=3)  # seed 3: a green tile of 2 can be built at once
    assert page.locator("#undo").is_disabled()
    before = what_the_player_sees(page)
    page.get_by_role("button", name="green tile of 2", exact=False).tap()
    page.locator("#ny-fits").tap()
    page.locator(".board button[data-key^=cell-][data-legal=true]").first.tap()
    page.locator("#ny-place").tap()
    page.wait_for_function("JSON.parse(localStorage.getItem('house-games.autosave')).actions.length === 1")
    wait_my_turn(page)
    assert autosave(page)["actions"][0]["action"]["type"] == "build"
    built = page.get_by_role("button", name="green window", exact=False).count() + \
        page.get_by_role("button", name="green brick", exact=False).count()
    assert built >= 2, "the built tile is not in the house"
    undo_and_wait(page, 0)
    wait_my_turn(page)
    assert page.get_by_role("button", name="green window", exact=False).count() + \
        page.get_by_role("button", name="green brick", exact=False).count() == 0
    assert_same_view(before, what_the_player_sees(page))


def test_neueheimat_undo_returns_the_table_as_it_was(page, open_app):
    start_neueheimat(page, open_app, ["human", "bot:weak", "bot:weak"], seed=77)
    for _ in range(60):  # play plainly until the human's next move is one Undo may take back
        match = wait_for_turn(page, 0)
        assert match is not None and not nh.is_over(match.state)
        action = human_policy(match.state, nh.legal_actions(match.state))
        trial = Match.from_json(match.to_json())
        trial.apply(action)
        count = len(match.entries)
        if trial.can_undo():
            break
        tap_action(page, action)
        page.wait_for_function(f"JSON.parse(localStorage.getItem('house-games.autosave')).actions.length > {count}")
    else:
        raise AssertionError("seed 77 never offered the human an undoable move in 60 moves")
    before = what_the_player_sees(page)
    tap_action(page, action)
    wait_for(page, lambda: actions_saved(page) == count + 1, what=f"the app to take {action}")
    wait_for_turn(page, 0)
    assert what_the_player_sees(page)[0] != before[0], f"{action} changed nothing on the table"
    undo_and_wait(page, count)
    wait_for_turn(page, 0)
    assert saved_match(page).state == match.state
    assert_same_view(before, what_the_player_sees(page))
