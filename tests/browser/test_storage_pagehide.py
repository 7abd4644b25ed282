"""Nothing lost when the page goes right after a tap (issue 37, "pagehide"): a move tapped and then, at once, a
reload or the tab closed is there after Resume, in each game. The page journals every write the worker asks for in
localStorage as it arrives (``site/journal.js``) and drops it once the database confirmed it; the next start writes
what the database lacks, under the revision guard.

Three ways to go: the tap and the reload in the same task of the page (the worker may not even have the tap yet
when the page unloads), a tap and Playwright's reload, and a tap then the tab closed. And one made certain: the
database's transaction held open (never finishing) when the page reloads, so only the journal can keep the move."""

from __future__ import annotations

import json
import re

import pytest

from game.core import Match, Seat

from .conftest import wait_ready
from .storage_steps import QUICK, moves_on_table

SLOT = "house-games.game.pagehide"


def opening(game: str) -> Match:
    if game == "barrio":
        return Match.new("barrio", 1, 11, [Seat("human")], level="A")
    return Match.new(game, 2, 5, [Seat("human"), Seat("computer", "weak")])


def seed(context, site_url, match: Match) -> None:
    """The game in the slot :data:`SLOT` at the first start of this context (moved into the database then)."""
    context.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !localStorage.getItem('seeded')) {{
        localStorage.setItem('seeded', '1');
        localStorage.setItem({json.dumps(SLOT)}, {json.dumps(json.dumps(match.to_json()))});
    }}""")


def stored(page) -> dict | None:
    text = page.evaluate(f"houseGames.dump().then((d) => d && d.kv[{json.dumps(SLOT)}] || null)")
    return json.loads(text) if text else None


def resume(page) -> list:
    """Resume the game and wait until it waits for the player: the stored save's actions then."""
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.wait_for()
    page.wait_for_function("houseGames.idle()")
    save = stored(page)
    assert save is not None
    return save["actions"]


def expected_next(actions: list, game: str) -> dict:
    """The action the first button plays after ``actions`` (the list shows the legal actions in the engine's order)."""
    match = opening(game)
    for entry in actions:
        match.apply(entry["action"])
    return match.spec.legal_actions(match.state)[0]


def after_restart(page, before: list, game: str) -> None:
    """The move tapped before the page went is there once the player resumes the game, stored after every move
    before it; the start screen's words about the saved game are the database's."""
    wait_ready(page)
    page.wait_for_function(f"houseGames.stored({json.dumps(SLOT)}) !== null")
    said = page.locator("#resume").inner_text()
    assert re.search(rf"\b{len(stored(page)['actions'])} moves?\b", said), said  # the Resume summary is the stored game
    page.locator("#resume").tap()
    page.locator("#legal-actions button").first.wait_for()
    page.wait_for_function("houseGames.idle()")
    page.wait_for_function(f"(n) => JSON.parse(houseGames.stored({json.dumps(SLOT)})).actions.length > n", arg=len(before))
    page.wait_for_function("houseGames.idle()")
    actions = stored(page)["actions"]
    assert actions[:len(before)] == before
    assert actions[len(before)]["action"] == expected_next(before, game)
    assert moves_on_table(page) == len(actions)
    assert page.locator("#storage-alert").is_hidden()


TAP_AND_RELOAD = "document.querySelector('#legal-actions button').click(); location.reload();"


@pytest.mark.parametrize("game", ["barrio", "nyhavn", "neueheimat"])
def test_a_move_tapped_then_an_immediate_reload_is_there_after_resume(make_context, site_url, game):
    context = make_context()
    seed(context, site_url, opening(game))
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    before = resume(page)
    for _ in range(3):
        # the tap and the reload in one task: the page unloads before the worker's answer can be applied
        with page.expect_navigation():
            page.evaluate(TAP_AND_RELOAD)
        after_restart(page, before, game)
        before = stored(page)["actions"]
        # a tap, then the reload asked for from outside the page as soon as the tap is dispatched
        page.locator("#legal-actions button").first.tap()
        page.reload()
        after_restart(page, before, game)
        before = stored(page)["actions"]
    assert len(before) >= 6


def test_a_move_tapped_then_the_tab_closed_is_there_in_the_next_tab(make_context, site_url):
    context = make_context()
    seed(context, site_url, opening("nyhavn"))
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    before = resume(page)
    for _ in range(3):
        page.evaluate("document.querySelector('#legal-actions button').click()")
        page.close(run_before_unload=True)
        page = context.new_page()
        page.goto(site_url + QUICK)
        after_restart(page, before, "nyhavn")
        before = stored(page)["actions"]


#: Holds every transaction that writes a game's slot open (it never finishes) once ``window.holdWrites`` is set: a
#: write in flight when the page goes, as on a slow phone.
HOLD_WRITES = """(() => {
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (value, key) {
    const request = put.call(this, value, key);
    if (window.holdWrites && typeof key === "string" && key.startsWith("house-games.game.")) {
      const store = this;
      const spin = () => { store.get("spin").onsuccess = spin; };  // keeps the transaction busy, for ever
      spin();
    }
    return request;
  };
})();"""


def test_a_move_whose_write_is_still_in_flight_when_the_page_reloads_is_written_at_the_next_start(make_context, site_url):
    context = make_context()
    context.add_init_script(HOLD_WRITES)
    seed(context, site_url, opening("barrio"))
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    before = resume(page)
    page.evaluate("window.holdWrites = true")
    page.evaluate("document.querySelector('#legal-actions button').click()")  # (the page never goes idle again)
    # the worker applied the move and asked for its write; the database has not confirmed it, and never will
    page.wait_for_function("JSON.stringify(houseGames.journal()).includes('house-games.game.pagehide')")
    page.wait_for_timeout(300)
    # (the committed copy: a read of the database would wait behind the transaction held open)
    assert json.loads(page.evaluate(f"houseGames.stored({json.dumps(SLOT)})"))["actions"] == before
    page.reload()
    after_restart(page, before, "barrio")
    # the journal is done with once written: nothing is replayed twice
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.includes('|journal|')).length") == 0


#: Keeps every event from the worker once ``window.holdTaps`` is set: a tap the worker never had time to apply.
HOLD_TAPS = """(() => {
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (window.holdTaps && typeof message === "string" && message.includes('"kind":"event"')) return undefined;
    return post.call(this, message, ...rest);
  };
})();"""


def test_a_tap_the_worker_never_applied_is_played_once_when_the_game_is_resumed(make_context, site_url):
    context = make_context()
    context.add_init_script(HOLD_TAPS)
    seed(context, site_url, opening("neueheimat"))
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    before = resume(page)
    page.evaluate("window.holdTaps = true")
    page.evaluate("document.querySelector('#legal-actions button').click()")
    assert [tap["selector"] for tap in page.evaluate("houseGames.journal().taps")] == [
        '#legal-actions button[data-index="0"]']
    page.wait_for_timeout(300)
    assert stored(page)["actions"] == before  # the worker never had it: only the tap itself is journaled
    page.reload()
    after_restart(page, before, "neueheimat")
    played = stored(page)["actions"]
    # played once: the journal holds no tap any more, and another reload and resume adds nothing
    assert page.evaluate("houseGames.journal().taps") == []
    page.reload()
    wait_ready(page)
    resume(page)
    page.wait_for_timeout(500)
    assert stored(page)["actions"] == played
