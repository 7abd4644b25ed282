"""Undo on each game's own table: a move taken back returns exactly what the player saw before it —
the same canvas pixels, the same buttons (targets with their labels and legal marks) and the same log."""

from __future__ import annotations

import game.neueheimat as nh
from game.core import Match

from .barrio_steps import read_match, saved, start as start_barrio, tap_key, wait_for
from .neueheimat_steps import human_policy, saved_match, start_game as start_neueheimat, tap_action, wait_for_turn
from .nyhavn_steps import autosave, wait_my_turn
from .pixel_steps import stable_capture


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


def test_barrio_undo_returns_the_table_as_it_was(started_page):
    page = started_page
    start_barrio(page, None, players=1, seed=8)
    assert page.locator("#undo").is_disabled()
    before = what_the_player_sees(page)
    card = read_match(page).spec.view(read_match(page).state, 0)["hand"][0]
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


def nyhavn_position_with_an_undoable_build() -> tuple[Match, dict]:
    """A 2-player game (human against weak) played on by random cards-taking until the human can build a tile
    that covers a coat of arms: the turn goes on (the arms action), so Undo may take the build back."""
    import random

    import game.nyhavn as ny
    from game.core.match import Seat

    for seed in range(40):
        match = Match.new("nyhavn", 2, seed, [Seat(), Seat("computer", "weak")])
        rng = random.Random(seed)
        for _ in range(200):
            if ny.SPEC.is_over(match.state):
                break
            legal = ny.SPEC.legal_actions(match.state)
            if match.current_player() == 0 and match.state.phase == "turn":
                builds = [a for a in legal if a["type"] == "build"]
                for tile in sorted({a["tile"] for a in builds}):
                    first = min(a["orient"] for a in builds if a["tile"] == tile)  # the way round a picked tile shows
                    for action in (a for a in builds if a["tile"] == tile and a["orient"] == first):
                        trial = Match.from_json(match.to_json())
                        trial.apply(action)
                        if trial.can_undo() and not trial.undo_is_takeback():  # this turn's undo, not a takeback
                            return match, action
            match.apply(rng.choice([a for a in legal if a["type"] != "build"] or legal))
    raise AssertionError("no position with an undoable build found")


def test_nyhavn_undo_takes_a_built_tile_back(page, open_app):
    import json

    from game.ui.nyhavn.layout import grip

    match, action = nyhavn_position_with_an_undoable_build()
    open_app(page, query="?pause=0")
    page.evaluate(f"localStorage.setItem('house-games.autosave', {json.dumps(json.dumps(match.to_json()))})")
    page.reload()
    open_app(page, query="?pause=0")
    page.locator("#resume").tap()
    wait_my_turn(page)
    count = len(match.entries)
    # against a computer, Undo already offers a takeback of the previous turn (issue 25); this test is this turn's undo
    assert page.locator("#undo").get_attribute("aria-disabled") == ("false" if match.can_undo() else "true")
    before = what_the_player_sees(page)
    tile = action["tile"]
    page.get_by_role("button", name=f"{tile[:-1]} tile of {tile[-1]}", exact=False).tap()
    gx, gy = grip(tile, action["orient"])
    page.locator(f".board button[data-key='cell-{action['col'] + gx}-{action['row'] + gy}']").tap()
    page.locator("#nyhavn-info", has_text="Fits here").wait_for()
    page.locator("#ny-place").tap()
    wait_for(page, lambda: actions_saved(page) == count + 1, what="the build")
    wait_my_turn(page)
    assert autosave(page)["actions"][-1]["action"] == action
    built = what_the_player_sees(page)
    assert built[0] != before[0] and built[2] != before[2], "the build changed nothing on the table or in the log"
    undo_and_wait(page, count)
    wait_my_turn(page)
    assert_same_view(before, what_the_player_sees(page))


def test_neueheimat_undo_returns_the_table_as_it_was(started_page):
    page = started_page
    start_neueheimat(page, None, ["human", "bot:weak", "bot:weak"], seed=77)
    for _ in range(60):  # play plainly until the human's next move is one Undo may take back
        match = wait_for_turn(page, 0)
        assert match is not None and not nh.SPEC.is_over(match.state)
        action = human_policy(match.state, nh.SPEC.legal_actions(match.state))
        trial = Match.from_json(match.to_json())
        trial.apply(action)
        count = len(match.entries)
        if trial.can_undo() and not trial.undo_is_takeback():  # this turn's undo, not a takeback
            break
        tap_action(page, action)
        page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length > {count}")
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
