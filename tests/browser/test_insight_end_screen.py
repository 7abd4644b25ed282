"""The end screen's coach: hints used, and the post-game insight, computed only when asked and equal to
``coaching.insight`` of the same game under CPython (the three turns the player's choice cost the most)."""

from __future__ import annotations

import json

from game.core import Match, Seat, coaching
from game.core.record import GameRecord, Replay

from .conftest import resume_match, seed_storage


def finished(game_id: str, players: int, seed: int, **options) -> Match:
    """A finished match: the human in seat 0 and weak computers, every seat played by a weak player under CPython."""
    seats = [Seat("human")] + [Seat("computer", "weak") for _ in range(players - 1)]
    match = Match.new(game_id, players, seed, seats, **options)
    spec = match.spec
    bots = [spec.make_bot("weak", seed + i) for i in range(players)]
    while not spec.is_over(match.state):
        p = spec.current_player(match.state)
        match.apply(bots[p].choose(spec.view(match.state, p), spec.legal_actions(match.state)))
    return match


def test_the_insight_of_a_finished_game_lists_the_costliest_turns(page, open_app):
    match = finished("neueheimat", 3, 7, rounds=1)
    match.hints = [2, 0, 0]  # the player asked for two hints during the game
    resume_match(page, open_app, match, "?pause=0")
    page.locator("#end-screen").wait_for()
    assert page.locator("#end-hints").inner_text() == "Hints used: 2"
    # nothing is computed before the player asks: the end screen shows at once, the list is empty
    assert page.locator("#insight-result").inner_text() == ""
    page.locator("#insight-show-0").tap()
    page.locator("#insight-moments, #insight-none").wait_for(timeout=120_000)
    moments = coaching.insight(GameRecord.from_match(match), 0)
    assert len(moments) == 3  # this game has three lessons
    shown = page.locator("#insight-moments li")
    assert shown.all_inner_texts() == [m.text("en") for m in moments]
    assert [int(s) for s in shown.evaluate_all("els => els.map(e => e.dataset.step)")] == [m.step for m in moments]
    # each says what was chosen and what the coach suggests
    for text, m in zip(shown.all_inner_texts(), moments):
        assert m.chosen_what.text("en") in text and m.suggested_what.text("en") in text


def test_a_game_without_hints_says_none_were_used_in_spanish(page, open_app):
    match = finished("neueheimat", 3, 7, rounds=1)
    seed_storage(page, {"house-games.autosave": json.dumps(match.to_json()), "house-games.settings": json.dumps({"lang": "es"})})
    open_app(page, query="?pause=0")
    page.locator("#resume").tap()
    page.locator("#end-screen").wait_for()
    assert page.locator("#end-hints").inner_text() == "Pistas usadas: 0"
    assert page.locator("#insight-show-0").inner_text() == "Ver el análisis"


#: what the page's "thinking" mark shows, in order, from the moment the observer is installed: per change, the text in
#: sight, the sentence its live region holds (what a screen reader hears) and its progress bar (value, max, valuetext)
WATCH_THINKING = """() => {
  window.thinkingSeen = [];
  new MutationObserver(() => {
    const mark = document.getElementById("thinking-mark");
    if (!mark || mark.hidden) {
      if (window.thinkingSeen.length && window.thinkingSeen[window.thinkingSeen.length - 1] !== null) window.thinkingSeen.push(null);
      return;
    }
    const said = mark.querySelector(".thinking-said"), count = mark.querySelector(".thinking-count");
    const bar = mark.querySelector("progress");
    const seen = {
      shown: count.hidden ? said.textContent : count.textContent,
      heard: said.textContent, countHidden: count.getAttribute("aria-hidden"),
      bar: bar.hidden ? null : [bar.value, bar.max, bar.getAttribute("aria-valuetext"), bar.getAttribute("aria-label")],
    };
    const last = window.thinkingSeen[window.thinkingSeen.length - 1];
    if (!last || JSON.stringify(last) !== JSON.stringify(seen)) window.thinkingSeen.push(seen);
  }).observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
}"""


def test_the_page_shows_which_turn_the_coach_is_going_over(page, open_app):
    """A Barrio insight judges every decision with the coach's search: seconds on a phone, so the mark counts turns."""
    match = finished("barrio", 1, 12, level="A")
    resume_match(page, open_app, match, "?pause=0&hint_iterations=1")
    page.locator("#end-screen").wait_for()
    page.evaluate(WATCH_THINKING)
    page.locator("#insight-show-0").tap()
    page.locator("#insight-moments, #insight-none").wait_for(timeout=120_000)
    changes = [c for c in page.evaluate("window.thinkingSeen") if c]
    seen = [c["shown"] for c in changes]
    replay = Replay(GameRecord.from_match(match))
    turns = coaching.log_turns(replay)
    last = max(turns[k] for k in range(len(replay)) if replay.players[k] == 0)
    assert seen[0] == "The coach is going over the game…"
    counted = [s for s in seen if s.startswith("The coach is at turn ")]
    assert counted and counted[-1] == f"The coach is at turn {last} of {last}…", seen
    assert len(counted) >= 2, seen  # the page showed the count moving while Python worked
    # a screen reader hears the sentence once: the live region keeps it while the count moves out of its hearing, on
    # a progress bar it can ask about
    assert {c["heard"] for c in changes} == {"The coach is going over the game…"}, changes
    assert all(c["countHidden"] == "true" for c in changes)
    bars = [c["bar"] for c in changes if c["shown"] in counted]
    assert all(bar and bar[2] == shown and bar[3] == "The coach is going over the game…" for bar, shown in
               zip(bars, [c["shown"] for c in changes if c["shown"] in counted])), changes
    assert bars[-1][:2] == [last, last], bars[-1]
    assert page.locator("#thinking-mark").is_hidden()
    moments = coaching.insight(GameRecord.from_match(match), 0, iterations=1)
    assert page.locator("#insight-moments li").all_inner_texts() == [m.text("en") for m in moments]


def test_back_to_start_during_the_insight_is_answered_and_ends_it(page, open_app):
    """The insight judges one decision per turn of the worker: Back to start, tapped while it goes over the game, shows
    the start screen before the coach has reached the game's last turn, and the coach's mark goes for good."""
    match = finished("barrio", 1, 12, level="A")
    resume_match(page, open_app, match, "?pause=0")
    page.locator("#end-screen").wait_for()
    page.evaluate(WATCH_THINKING)
    page.locator("#insight-show-0").tap()
    page.wait_for_function("window.thinkingSeen.some((c) => c && c.bar && c.bar[0] >= 2)")
    page.get_by_role("button", name="Back to start", exact=True).tap()
    page.locator("#start-game").wait_for()
    page.wait_for_timeout(1500)  # a judgement still under way, or one more, would show the mark again meanwhile
    replay = Replay(GameRecord.from_match(match))
    turns = coaching.log_turns(replay)
    last = max(turns[k] for k in range(len(replay)) if replay.players[k] == 0)
    reached = max(c["bar"][0] for c in page.evaluate("window.thinkingSeen") if c and c["bar"])
    assert reached < last - 5, (reached, last)
    assert page.locator("#thinking-mark").is_hidden() and page.evaluate("window.thinkingSeen")[-1] is None
