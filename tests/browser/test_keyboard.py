"""Issue 40: a whole solo Barrio game by keyboard, as a screen-reader user plays it.

Every move is made with key presses only (Tab, Shift+Tab, arrows, Enter; the start screen is set up by the test),
and the player finds their way by the focused control's accessible name: the test knows which control it wants
(the move a weak player chooses, from the app's autosave: the "brain" of the player, not what the page shows) and
walks to it with the fewest keys the page's focus order allows, then checks by name that focus landed on it. What a
screen reader would have said is read from the page's live regions (the log, the prompt, ``#announce``).

It asserts that focus never falls to the page's body after an action, that the decision asked (the prompt), each
of Klaus's moves (the log's words) and the winner were announced, and the key budget per turn.
"""

from __future__ import annotations

import statistics

import game.barrio as B
from game.ui.barrio.table import taps_for

from .conftest import end_log, settle
from .barrio_steps import human_turn, read_match
from .keyboard_steps import DESKTOP, FOCUSED, HEAR, Keys

#: a desktop window with a keyboard, no touch
def start_solo(page, open_app, seed: int) -> None:
    open_app(page, query="?pause=0")
    page.locator("label[for=game-barrio]").click()
    page.locator("#f-players").select_option("1")
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name="Start new game").click()
    page.locator("#barrio-board canvas").wait_for()
    settle(page)


def test_keyboard_whole_solo_barrio_game(make_context, open_app):
    context = make_context(**DESKTOP)
    context.add_init_script(HEAR)
    page = context.new_page()
    start_solo(page, open_app, seed=11)
    assert page.evaluate(FOCUSED) is not None, "the new game left focus on the body"
    keys = Keys(page)
    bot = B.SPEC.make_bot("weak", 5)
    by_turn: dict[int, int] = {}  #: keys pressed in each of the player's turns
    used = 0
    match = read_match(page)
    prompts: set[str] = set()
    while True:
        view, legal = B.SPEC.view(match.state, 0), B.SPEC.legal_actions(match.state)
        action = bot.choose(view, legal)
        prompts.add(page.locator("#barrio-prompt").text_content() or "")
        for key in taps_for(action, view, legal):
            keys.walk_to(key)
            keys.press("Enter")
            settle(page)
            if page.locator("#end-screen").count():
                break
            assert page.evaluate(FOCUSED) is not None, f"focus fell to the body after {key} ({action})"
        by_turn[match.state.turn_number] = by_turn.get(match.state.turn_number, 0) + keys.count - used
        used = keys.count
        after = human_turn(page)  # Klaus's moves (if the turn ended) are played
        if after is None:
            break
        settle(page)
        assert page.evaluate(FOCUSED) is not None, "focus fell to the body during Klaus's turn"
        match = after
    page.locator("#end-screen").wait_for()
    settle(page)
    heard = page.evaluate("window.__heard")
    verdict = page.locator("#end-screen p.status").text_content()
    assert any(verdict in h for h in heard), f"the winner was never announced: {heard[-5:]}"
    log = end_log(page)
    klaus = [line for line in log if line.startswith("Klaus")]
    missing = [line for line in klaus if not any(line in h for h in heard)]
    assert klaus and not missing, f"Klaus's moves never announced: {missing[:5]}"
    assert prompts - {""} and all(any(p in h for h in heard) for p in prompts - {""}), "a decision was never announced"
    per_turn = list(by_turn.values())
    median = statistics.median(per_turn)
    print(f"keyboard Barrio: {keys.count} keys, {len(per_turn)} turns, median {median} a turn: {per_turn}")
    assert median <= 12, f"median {median} keys a turn: {per_turn}"
