"""The hard computer on the page: offered for a computer seat (in the player's language), strong still the
default, "thinking…" shown while it decides, Menu answered while it thinks, and a game against it resumes with the
seat still hard."""

from __future__ import annotations

import json

from game.core import Match, Seat

from .conftest import resume_match, wait_ready


def seat_options(page, seat: int) -> dict[str, str]:
    return dict(page.eval_on_selector_all(f"#f-seat-{seat} option", "os => os.map(o => [o.value, o.textContent])"))


#: records whether the thinking status was ever shown (a fast decision may show and hide it between two polls)
SEEN_THINKING = """
new MutationObserver(() => {
  const mark = document.getElementById("thinking-mark");
  if (mark && !mark.hidden && /thinking/i.test(mark.textContent || ""))  // fixed: no offsetParent
    window.__thinkingRole = mark.getAttribute("role");
}).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
"""


def test_hard_is_offered_played_and_resumed(page, open_app):
    page.add_init_script(SEEN_THINKING)
    open_app(page)
    page.locator("label[for=game-nyhavn]").tap()
    page.locator("#f-players").select_option("2")
    assert page.locator("#f-seat-1").input_value() == "bot:strong"  # adding a level kept the default computer
    assert seat_options(page, 1)["bot:hard"] == "Computer: hard"
    page.select_option("#f-lang", "es")
    assert "difícil" in seat_options(page, 1)["bot:hard"]
    page.select_option("#f-lang", "fr")
    assert "difficile" in seat_options(page, 1)["bot:hard"]
    page.select_option("#f-lang", "en")
    # the hard computer moves first: the page says it is thinking while the worker searches
    page.locator("#f-seat-0").select_option("bot:hard")
    page.locator("#f-seat-1").select_option("human")
    page.locator("#f-seed").fill("7")
    page.locator("#start-game").tap()
    page.locator("header.topbar h1").wait_for(timeout=60_000)
    page.wait_for_function("houseGames.autosave() !== null && JSON.parse(houseGames.autosave()).actions.length > 0",
                           timeout=60_000)
    assert page.evaluate("window.__thinkingRole") == "status"  # shown, and announced, while the computer decided
    saved = json.loads(page.evaluate("houseGames.autosave()"))
    assert saved["seed"] == 7 and [(s["kind"], s["bot"]) for s in saved["seats"]] == [("computer", "hard"), ("human", None)]
    # a new visit resumes the game: the seat is still the hard computer
    page.reload()
    wait_ready(page)
    resume = page.locator("#resume")
    assert "Nyhavn" in resume.inner_text()
    resume.tap()
    page.locator("header.topbar h1").wait_for(timeout=60_000)
    page.wait_for_function("houseGames.idle()", timeout=60_000)
    resumed = json.loads(page.evaluate("houseGames.autosave()"))
    assert [(s["kind"], s["bot"]) for s in resumed["seats"]] == [("computer", "hard"), ("human", None)]
    assert resumed["actions"][: len(saved["actions"])] == saved["actions"]


def test_hard_menu_tapped_while_the_computer_thinks_is_answered_before_it_moves(page, open_app):
    """The computer's search hands the worker back between its slices: Menu, tapped while it thinks (made to think
    for a minute here, ``?think=``, as a slow phone's hard computer would take seconds), shows the start screen at
    once, the "thinking" mark goes, and the game is left as it was, to be resumed."""
    match = Match.new("nyhavn", 2, 7, [Seat("computer", "hard", ""), Seat("human", None, "Ana")])
    resume_match(page, open_app, match, query="?pause=0&think=60000")
    mark = page.locator("#thinking-mark")
    mark.wait_for(state="visible", timeout=60_000)
    page.locator("#menu").tap()
    page.locator("#start-game").wait_for(state="visible", timeout=30_000)  # (half the computer's thinking)
    assert mark.is_hidden() and page.evaluate("document.documentElement.dataset.thinking") is None
    assert json.loads(page.evaluate("houseGames.autosave()"))["actions"] == []  # the computer never moved
    assert page.locator("#resume").is_visible()
