"""Issue 40: a 3-player round of Neue Heimat by keyboard, through its round scoring, as a screen-reader user plays it.

As ``test_keyboard.py`` does for Barrio: every decision by key presses only (Tab, Shift+Tab, arrows, Enter; the
start screen is set up by the test), the "brain" a weak computer player choosing from the autosave, the page found
by the focused control's accessible name (a table target's key, a panel button's ``data-act``).

It asserts the key budget (median ≤ 8 per decision), that focus never falls to the page's body after an action,
that the status names the decision asked (bid, sell or buy, place…), and that it, each computer move (the log's
words) and the winner were announced.
"""

from __future__ import annotations

import statistics

import game.neueheimat as NH
from game.ui.neueheimat.offers import bid_offered, stepper_start

from .conftest import end_log, settle
from .keyboard_steps import DESKTOP, FOCUSED, HEAR, Keys
from .neueheimat_steps import saved_match, start_game

#: the status's words for each decision (English), as a sighted player reads them above the table
ASKED = {"profits": "cash box", "choose": "choose a piece", "bid": "bid or pass", "resolve": "sell or buy", "place": "place"}


def control_for(action: dict, view: dict) -> list[str]:
    """The controls to press, in order, for ``action``: table targets by key, panel buttons by ``data-act``."""
    kind = action["type"]
    if kind == "auction":
        piece = action["piece"]
        return [{"cube": f"cube-{action.get('row')}-{action.get('end')}", "roof": "roofs",
                 "permit": f"permit-{action.get('size')}"}.get(piece, piece)]
    if kind == "place":
        return [f"lot-{action['row']}-{action['lot']}"]
    if kind == "mayor":
        return [f"mayor-{action['row']}"]
    if kind in ("permit", "cancel"):
        return [f"{kind}-{action['row']}-{action['change']}"]
    if kind == "profits":
        return ["profits-take" if action["take"] else "profits-keep"]
    if kind == "bid":
        amount = action["amount"]
        if bid_offered(view, amount) == "quick":
            return [f"bid-{amount}"]
        start = stepper_start(view["high_bid"], view["money"][view["current"]])
        assert start is not None
        step = "bid-more" if amount > start else "bid-less"
        return [step] * abs(amount - start) + ["bid-any"]
    return [kind]  # pass, sell, buy, discard


def test_keyboard_three_player_neueheimat_round(make_context, open_app):
    context = make_context(**DESKTOP)
    context.add_init_script(HEAR)
    page = context.new_page()
    start_game(page, open_app, ["human", "bot:weak", "bot:weak"], seed=2024, rounds=1)
    settle(page)
    assert page.evaluate(FOCUSED) is not None, "the new game left focus on the body"
    keys = Keys(page)
    brain = NH.SPEC.make_bot("weak", 5)
    per_decision: list[int] = []
    statuses: set[str] = set()
    while True:
        page.wait_for_function("""() => {
            if (document.getElementById('end-screen')) return true;
            const scoring = document.getElementById('nh-scoring');
            if (scoring && !scoring.hidden) return true;
            const raw = houseGames.autosave();
            return !!raw && document.querySelector('section.table') !== null &&
              (document.querySelector('#nh-controls button[data-act]') !== null || document.querySelector('.board button.target[data-legal]') !== null);
        }""", timeout=60_000)
        if page.locator("#nh-scoring").is_visible() or page.locator("#end-screen").count():
            break
        match = saved_match(page)
        assert match is not None
        if match.current_player() != 0 or match.is_computer_turn():
            page.wait_for_timeout(50)
            continue
        settle(page)
        view, legal = NH.SPEC.view(match.state, 0), NH.SPEC.legal_actions(match.state)
        action = brain.choose(view, legal)
        status = page.locator("#status").text_content() or ""
        assert status.startswith("Your turn: ") and ASKED[view["phase"]] in status, (view["phase"], status)
        statuses.add(status)
        used, before = keys.count, len(match.entries)
        for want in control_for(action, view):
            keys.walk_to(want)
            keys.press("Enter")
            settle(page)
            assert page.evaluate(FOCUSED) is not None, f"focus fell to the body after {want} ({action})"
        page.wait_for_function(f"() => !houseGames.autosave() || JSON.parse(houseGames.autosave()).actions.length > {before}")
        after = saved_match(page)
        if after is not None:  # the keys made the move the brain chose
            assert after.entries[before].action == action, (after.entries[before].action, action)
        per_decision.append(keys.count - used)
    # the round's scoring: its panel stays while focused; Final scores by keys
    page.locator("#nh-scoring-close").wait_for()
    settle(page)
    used = keys.count
    skipped = False
    if page.locator("#nh-scoring-skip").count():
        try:
            keys.walk_to("nh-scoring-skip")
            skipped = True
        except AssertionError:  # the lines ran out on their own meanwhile: Show all goes once every line is shown
            assert not page.locator("#nh-scoring-skip").count(), "Show all stayed but could not be reached by keys"
    if skipped:
        keys.press("Enter")
        settle(page)
        assert page.evaluate(FOCUSED) == "nh-scoring-close", "Show all left focus elsewhere than on the next button"
    keys.walk_to("nh-scoring-close")
    keys.press("Enter")
    per_decision.append(keys.count - used)
    page.locator("#end-screen").wait_for()
    settle(page)
    assert page.evaluate(FOCUSED) is not None, "the end screen left focus on the body"
    heard = page.evaluate("window.__heard")
    verdict = page.locator("#end-screen p.status").text_content()
    assert any(verdict in h for h in heard), f"the winner was never announced: {heard[-5:]}"
    log = end_log(page)
    theirs = [line for line in log if line.startswith(("Player 2", "Player 3"))]
    missing = [line for line in theirs if not any(line in h for h in heard)]
    assert theirs and not missing, f"the computers' moves never announced: {missing[:5]}"
    assert all(any(s in h for h in heard) for s in statuses), f"a decision was never announced: {statuses}"
    median = statistics.median(per_decision)
    print(f"keyboard Neue Heimat: {keys.count} keys, {len(per_decision)} decisions, median {median}: {per_decision}")
    assert median <= 8, f"median {median} keys a decision: {per_decision}"
