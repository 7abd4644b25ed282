"""Two tabs of the app at once (issue 26): each game has its own save, one tab writes a game at a time (Web Locks in
the page, revisions checked on every write), results written in one tab reach the other, and a daily deal
finished in both counts once."""

from __future__ import annotations

import json

from game.core import Match, Seat, daily

from .conftest import wait_ready
from .replay_helpers import almost_finished

QUICK = "?pause=0&ui=list"


def stats_games(page) -> str:
    """The "Games" count of solo Barrio level A on the statistics screen."""
    page.locator("#start-more button[data-request='stats']").tap()
    cell = page.locator(".stats-group[data-group='barrio/solo/A'] tr[data-stat='games'] td")
    cell.wait_for()
    return cell.inner_text()


def open_with_save(page, site_url, match: Match) -> None:
    """Open the app in ``page`` with ``match`` saved as a version before the database saved it (the app moves it
    in when it starts; a save already there stays beside it)."""
    page.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url)}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('house-games.autosave', {json.dumps(json.dumps(match.to_json()))});
    }}""")
    page.goto(site_url + QUICK)
    wait_ready(page)


def test_two_tabs_finishing_two_games_keep_both_records(make_context, site_url):
    context = make_context()
    first, second = context.new_page(), context.new_page()
    open_with_save(first, site_url, almost_finished(5))
    first.locator("#resume").tap()
    first.locator("#legal-actions button").first.wait_for()
    second.bring_to_front()
    open_with_save(second, site_url, almost_finished(7))  # a second save beside the first: both kept
    second.locator("#resume").tap()  # the newest save: the game of seed 7, which no other tab plays
    second.locator("#legal-actions button").first.tap()
    second.locator("#end-screen").wait_for()
    first.bring_to_front()
    first.locator("#legal-actions button").first.tap()  # the game of seed 5 ends in the first tab
    first.locator("#end-screen").wait_for()
    tables = first.evaluate("houseGames.dump()")
    assert len(tables["results"]) == 2 and len(tables["games"]) == 2
    first.get_by_role("button", name="Back to start").tap()
    assert stats_games(first) == "2"
    second.bring_to_front()
    second.get_by_role("button", name="Back to start").tap()
    assert stats_games(second) == "2"  # the other tab's result reached this one (BroadcastChannel)


def test_two_tabs_on_one_game_lose_no_move_and_the_second_tab_says_so(make_context, site_url):
    match = Match.new("barrio", 1, 11, [Seat("human")], level="A")
    for _ in range(4):
        match.apply(match.spec.legal_actions(match.state)[0])
    context = make_context()
    first, second = context.new_page(), context.new_page()
    open_with_save(first, site_url, match)
    first.locator("#resume").tap()
    first.locator("#legal-actions button").first.tap()
    first.wait_for_function("(n) => JSON.parse(houseGames.autosave()).actions.length === n", arg=5)
    second.bring_to_front()
    second.goto(site_url + QUICK)
    wait_ready(second)
    second.locator("#resume").tap()
    notice = second.locator("#other-tab-text")
    notice.wait_for()
    assert "open in another tab" in notice.inner_text()
    assert second.locator("#legal-actions").count() == 0  # not opened twice
    second.locator("#take-over").tap()
    second.locator("#legal-actions button").first.wait_for()
    # the first tab's move is in the game the second tab took over
    assert second.evaluate("JSON.parse(houseGames.autosave()).actions.length") == 5
    second.locator("#legal-actions button").first.tap()
    second.wait_for_function("(n) => JSON.parse(houseGames.autosave()).actions.length === n", arg=6)
    first.bring_to_front()
    taken = first.locator("#taken-over")
    taken.wait_for()
    assert "another tab" in taken.inner_text() and first.locator("#legal-actions").count() == 0
    # a fresh tab resumes the game with every move of both tabs, in order
    second.close()
    third = context.new_page()
    third.goto(site_url + QUICK)
    wait_ready(third)
    saved = json.loads(third.evaluate("houseGames.autosave()"))
    replayed = Match.new("barrio", 1, 11, [Seat("human")], level="A")
    for _ in range(6):
        replayed.apply(replayed.spec.legal_actions(replayed.state)[0])
    assert [e["action"] for e in saved["actions"]] == [e.action for e in replayed.entries]
    third.locator("#resume").tap()  # the second tab is closed: its lock is free
    third.locator("#legal-actions button").first.wait_for()


def test_one_daily_deal_finished_in_two_tabs_at_once_counts_once(make_context, site_url):
    """Two tabs finish today's deal while neither has heard of the other's result (the second tab's store channel
    is cut, as when the message is still on its way): the deal counts the game finished first, once."""
    deal = daily.deal("barrio-A")

    def one_move_left(opening: int) -> Match:
        """Today's deal played to its last move: the ``opening``-th legal first move, then the first legal ones."""
        match = deal.new_match()
        spec = match.spec
        match.apply(spec.legal_actions(match.state)[opening])
        while not spec.is_over(spec.apply_action(match.state, spec.legal_actions(match.state)[0])):
            match.apply(spec.legal_actions(match.state)[0])
        return match

    match, other = one_move_left(0), one_move_left(1)  # two games of the deal
    context = make_context()
    first, second = context.new_page(), context.new_page()
    open_with_save(first, site_url, match)
    first.locator("#resume").tap()
    first.locator("#legal-actions button").first.wait_for()
    second.bring_to_front()
    # the store's channel renamed: this tab neither hears the first tab's results nor tells it its own
    second.add_init_script("""(() => { const Channel = window.BroadcastChannel;
        window.BroadcastChannel = class extends Channel {
          constructor(name) { super(String(name).startsWith("house-games|") ? name + "|deaf" : name); } }; })();""")
    open_with_save(second, site_url, other)  # the newest save: resumed in this tab
    second.locator("#resume").tap()
    second.locator("#legal-actions button").first.wait_for()
    first.bring_to_front()
    first.locator("#legal-actions button").first.tap()
    first.locator("#end-screen").wait_for()
    first.wait_for_function("houseGames.idle()")
    first_id = first.evaluate("houseGames.dump()")["daily"][deal.key]  # the game finished first
    second.bring_to_front()
    second.locator("#legal-actions button").first.tap()  # its mirror has no daily entry yet: it thinks it counts
    second.locator("#end-screen").wait_for()
    second.wait_for_function("houseGames.dump().then((d) => d.results.length === 2)")
    second.wait_for_function("houseGames.idle()")
    assert second.evaluate("houseGames.dump()")["daily"] == {deal.key: first_id}  # not the second game's
    # the first finished game counts; the second is practice, in the database too
    second.wait_for_function("(id) => houseGames.dump().then((d) => d.results.every((r) => r.counted === (r.id === id)))",
                             arg=first_id)
    third = context.new_page()
    third.goto(site_url + QUICK)
    wait_ready(third)
    third.locator("#start-more button[data-request='stats']").tap()
    cell = third.locator(".stats-group[data-group='barrio/daily/A'] tr[data-stat='games'] td")
    assert cell.inner_text() == "1"
