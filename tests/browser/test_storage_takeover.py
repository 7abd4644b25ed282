""""Saved" is always true across a take-over (issue 37, F1 and F3): the tab taking a game over (*Play it here*)
first collects the moves the other tab had not stored yet, and that tab never claims they were saved.

F1: the storage is really full (as in test_storage_quota: a profile on disk, the origin's quota just above its
usage, then filled); tab A plays on unsaved; tab B takes the game over and goes on from A's last move, not from the
stored position; A's "Not saved" alert goes; once space returns B stores every move.
F3: one tab taps a move while the other taps *Play it here*, 0 to 300 ms apart, over and over: no move is lost
unless the tab that made it says so."""

from __future__ import annotations

import json
import time

from game.core import Match, Seat

from .conftest import wait_ready
from .storage_steps import EMPTY, FILL, SETTLED_USAGE, moves_on_table

QUICK = "?pause=0&ui=list"
SLOT = "house-games.game.taken"


def opening(moves: int, seed: int = 13) -> Match:
    match = Match.new("barrio", 1, seed, [Seat("human")], level="A")
    for _ in range(moves):
        match.apply(match.spec.legal_actions(match.state)[0])
    return match


def seed_save(page, site_url, match: Match) -> None:
    """Store ``match`` in the slot :data:`SLOT` (written where the versions before kept saves: moved in at start)."""
    page.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem({json.dumps(SLOT)}, {json.dumps(json.dumps(match.to_json()))});
    }}""")


def stored_moves(page) -> int:
    text = page.evaluate(f"houseGames.stored({json.dumps(SLOT)})")
    return len(json.loads(text)["actions"]) if text else 0


def test_a_take_over_with_the_storage_full_goes_on_from_the_other_tabs_unsaved_moves(make_context, site_url, tmp_path):
    context = make_context(user_data_dir=tmp_path / "profile")
    first = context.pages[0] if context.pages else context.new_page()
    seed_save(first, site_url, opening(2))
    first.goto(site_url + QUICK)
    wait_ready(first)
    first.locator("#resume").tap()
    first.locator("#legal-actions button").first.wait_for()
    first.evaluate("navigator.serviceWorker.ready.then(() => true)")
    used = first.evaluate(SETTLED_USAGE)
    context.new_cdp_session(first).send("Storage.overrideQuotaForOrigin",
                                        {"origin": site_url.rstrip("/"), "quotaSize": used + 2_000_000})
    filled = first.evaluate(FILL)
    assert filled["refusal"] == "QuotaExceededError", filled
    for _ in range(3):
        first.locator("#legal-actions button").first.tap()
    alert = first.locator("#storage-alert")
    alert.wait_for()
    assert "Not saved" in alert.inner_text()
    assert stored_moves(first) == 2 and moves_on_table(first) == 5
    # tab B takes the game over
    second = context.new_page()
    second.goto(site_url + QUICK)
    wait_ready(second)
    second.locator("#resume").tap()
    second.locator("#other-tab").wait_for()
    second.locator("#take-over").tap()
    second.locator("#legal-actions button").first.wait_for()
    second.wait_for_function("houseGames.idle()")
    assert moves_on_table(second) == 5  # A's three unsaved moves came along, not the stored position's two
    assert "Not saved" in second.locator("#storage-alert").inner_text()  # still full: B says so, truthfully
    first.bring_to_front()
    taken = first.locator("#taken-over")
    taken.wait_for()
    assert taken.get_attribute("data-handed") == "true" and taken.get_attribute("data-moves") == "5"
    said = taken.inner_text()
    assert "handed to that tab" in said and "until then is saved" not in said
    assert alert.is_hidden()  # nothing of A's waits to be stored any more
    # space returns: B's retry stores all five, and B's alert goes
    second.bring_to_front()
    assert second.evaluate(EMPTY)
    second.wait_for_function(f"JSON.parse(houseGames.stored({json.dumps(SLOT)})).actions.length === 5", timeout=30_000)
    second.locator("#storage-alert").wait_for(state="hidden")
    second.locator("#legal-actions button").first.tap()
    second.wait_for_function(f"JSON.parse(houseGames.stored({json.dumps(SLOT)})).actions.length === 6")
    expected = opening(6)
    saved = json.loads(second.evaluate(f"houseGames.stored({json.dumps(SLOT)})"))
    assert [e["action"] for e in saved["actions"]] == [e.action for e in expected.entries]
    first.wait_for_timeout(500)
    assert alert.is_hidden()  # A's alert stayed away


#: One round of the race: the holder taps a move at ``at`` (ms since 1970), the other page its *Play it here* (or
#: *Take it back*) ``delay`` ms later (or earlier), each by a timer in its page, so neither waits for the test.
TAP_AT = """([selector, at]) => { setTimeout(() => {
  const button = document.querySelector(selector);
  if (button) button.click();
}, Math.max(0, at - Date.now())); }"""


def test_a_move_tapped_while_the_other_tab_takes_the_game_over_is_never_lost_unsaid(make_context, site_url):
    context = make_context()
    holder, thief = context.new_page(), context.new_page()
    seed_save(holder, site_url, opening(1))
    holder.goto(site_url + QUICK)
    wait_ready(holder)
    holder.locator("#resume").tap()
    holder.locator("#legal-actions button").first.wait_for()
    thief.goto(site_url + QUICK)
    wait_ready(thief)
    thief.locator("#resume").tap()
    thief.locator("#other-tab").wait_for()
    outcomes = []
    for round_, delay in enumerate([0, 50, 100, 150, 200, 300, -50, -150, 0, 25, 75, 250]):
        at = int(time.time() * 1000) + 600
        holder.evaluate(TAP_AT, ["#legal-actions button", at])
        thief.evaluate(TAP_AT, ["#take-over, #take-back", at + delay])
        thief.locator("#legal-actions button").first.wait_for()
        thief.wait_for_function("houseGames.idle()")
        taken = holder.locator("#taken-over")
        taken.wait_for()
        holder.wait_for_function("houseGames.idle()")
        made = int(taken.get_attribute("data-moves"))
        went_on = moves_on_table(thief)
        unsaid = taken.get_attribute("data-unsaved") != "true"
        outcomes.append((delay, made, went_on, taken.get_attribute("data-handed")))
        # every move the holder made is in the game the other tab goes on with, unless the holder says otherwise
        assert went_on >= made or not unsaid, (round_, outcomes)
        assert thief.locator(".toast", has_text="did not answer").count() == 0, (round_, outcomes)
        holder, thief = thief, holder  # the tab that lost the game takes it back next round
        holder.bring_to_front()  # a page in the background gets no animation frames
    # the database holds the game of the tab playing it, every move of it, in order
    holder.bring_to_front()
    holder.locator("#legal-actions button").first.tap()
    final = moves_on_table(holder)
    holder.wait_for_function(f"(n) => JSON.parse(houseGames.stored({json.dumps(SLOT)})).actions.length === n", arg=final)
    saved = json.loads(holder.evaluate(f"houseGames.stored({json.dumps(SLOT)})"))
    assert [e["action"] for e in saved["actions"]] == [e.action for e in opening(final).entries]
    assert final > max(made for _, made, _, _ in outcomes), outcomes
