"""Issue 40: Neue Heimat's table in words, as a screen reader finds it: the next heading after the table, a region with a
table of the players and a table of the board, equal to the engine's view of the game the page autosaved (English and
French), axe-clean, following the game; and old stored settings' ``patterns: false`` read as not chosen."""

from __future__ import annotations

import json
import random

import pytest

import game.neueheimat as NH
from game.core import Match, Seat
from game.core.locale import text
from game.ui.neueheimat.labels import COLOUR_NAMES

from .axe import axe_violations, explain
from .conftest import replace_unfinished, settle
from .neueheimat_steps import press, resume_seeded, saved_match, start_game, wait_for_turn

SEATS = ["human", "bot:weak", "bot:weak"]
#: the region's words as the accessibility tree has them: cells by table and row, the first heading after the table
READ = """() => {
  const region = document.getElementById('nh-words');
  const rows = (id) => [...document.getElementById(id).querySelectorAll('tbody tr')]
    .map((tr) => [...tr.children].map((c) => c.textContent));
  const all = [...document.querySelectorAll('h1, h2, h3, .board')];
  const after = all.slice(all.indexOf(document.querySelector('.board')) + 1).find((n) => /^H[1-6]$/.test(n.tagName));
  return {players: rows('nh-words-players-table'), board: rows('nh-words-board-table'),
          display: [...document.querySelectorAll('#nh-words-display-list li')].map((li) => li.textContent),
          turn: document.getElementById('nh-words-turn').textContent, live: region.closest('[aria-live]') !== null,
          next_heading: after ? [after.tagName, after.textContent] : null};
}"""


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("−" + str(-n) if n < 0 else "0")


def check_words(page, lang: str) -> None:
    """The region says what the engine holds in the game the page played (its autosave)."""
    read = page.evaluate(READ)
    match = saved_match(page)
    assert match is not None
    state = match.state
    colours = COLOUR_NAMES[lang]
    assert read["next_heading"] == ["H2", text("nh.words.title", lang)]
    assert not read["live"], "the region is no live region: the log and the status speak the moves"
    scores = NH.SPEC.scores(state)
    assert [row[1:3] + row[4:] for row in read["players"]] == [[f"{state.money[p]}M", f"{state.cash[p]}M", signed(scores[p])]
                                                               for p in range(state.players)]
    for r, cells in enumerate(read["board"]):
        assert len(cells) == 11
        for lot, (cubes, _) in enumerate(state.board[r]):
            assert cells[lot + 1].startswith(", ".join(f"{colours[c // 6]} {c % 6 + 1}" for c in cubes) + ";")
        for lot in range(len(state.board[r]), 10):
            assert ";" not in cells[lot + 1]
    assert read["display"][:3] == [text("nh.words.display_row", lang, n=i + 1, cubes=", ".join(
        f"{colours[c // 6]} {c % 6 + 1}" for c in row) or text("nh.empty", lang)) for i, row in enumerate(state.display)]
    assert read["turn"].startswith(text("nh.round_of", lang, n=state.round_no, total=state.rounds))


def play_a_little(page, decisions: int) -> None:
    """The first legal action ``decisions`` times, by the panel's first button or the first highlighted target."""
    for _ in range(decisions):
        match = wait_for_turn(page, 0)
        if match is None or NH.SPEC.is_over(match.state):
            return
        target = page.locator("#nh-controls button[data-act]:not([disabled]), .board button.target[data-legal]").first
        press(page, target)
        settle(page)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_table_in_words_is_the_engines_view(started_page, lang):
    page = started_page
    # the module's started app keeps the language an earlier test chose: each case picks its own
    page.locator("#f-lang").select_option(lang)
    settle(page)
    _start_in(page)
    wait_for_turn(page, 0)
    settle(page)
    check_words(page, lang)
    assert page.get_by_role("region", name=text("nh.words.title", lang)).count() == 1
    assert page.get_by_role("table", name=text("nh.words.players", lang)).count() == 1
    assert page.get_by_role("table", name=text("nh.words.board", lang)).count() == 1
    found = axe_violations(page)
    assert not found, explain(found)
    play_a_little(page, 6)
    wait_for_turn(page, 0)
    settle(page)
    check_words(page, lang)  # kept in step with the game


def _start_in(page) -> None:
    """As ``start_game`` on a started page, the start button by its id (its words are the page's language)."""
    press(page, page.locator("label[for=game-neueheimat]"))
    page.locator("#f-players").select_option(str(len(SEATS)))
    for i, seat in enumerate(SEATS):
        page.locator(f"#f-seat-{i}").select_option(seat)
    page.locator("#f-rounds").select_option("1")
    page.locator("#f-seed").fill("7")
    page.locator("#f-seed").dispatch_event("change")
    press(page, page.locator("#start-game"))
    replace_unfinished(page)
    page.locator("canvas").wait_for()


#: the settings a page kept before "not chosen" existed: every save wrote the old default patterns: false
OLD_SETTINGS = {"_chosen": True, "game": "neueheimat", "lang": "en", "patterns": False, "players": 3, "rounds": 1,
                "seats": SEATS, "seed": ""}
SETTINGS_KEY = "`house-games|${new URL('./', document.baseURI).pathname}|settings`"


def test_old_stored_patterns_off_is_not_a_choice_under_forced_colours(make_context, open_app):
    page = make_context(forced_colors="active").new_page()
    page.add_init_script(f"""if (!sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem({SETTINGS_KEY}, {json.dumps(json.dumps(OLD_SETTINGS))});
    }}""")
    open_app(page, query="?pause=0")
    assert json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY})"))["patterns"] is False
    assert page.locator("#f-patterns").is_checked(), "the old default is no choice: the device's wish decides"
    start_game(page, open_app, SEATS, seed=4)
    assert page.evaluate("houseGames.inspect('patterns')") is True
    # the player unticks the box now: a choice, kept over the device's wish
    page.get_by_role("button", name="Menu").click()
    page.locator("#f-patterns").uncheck()
    stored = json.loads(page.evaluate(f"localStorage.getItem({SETTINGS_KEY})"))
    assert stored["patterns"] is False and stored["own_choices"] == ["patterns"]
    open_app(page, query="?pause=0")
    assert not page.locator("#f-patterns").is_checked()
    start_game(page, open_app, SEATS, seed=4)
    assert page.evaluate("houseGames.inspect('patterns')") is False


def cube_on_two_rows() -> Match:
    """A two-player game against a weak computer where the human must place a cube that may go on two rows or more
    (the human buys back what it auctions, so such a position comes quickly)."""
    for seed in range(100):
        match = Match.new("neueheimat", 2, seed, [Seat(), Seat("computer", "weak")])
        rng = random.Random(seed)
        while not NH.SPEC.is_over(match.state):
            legal = NH.SPEC.legal_actions(match.state)
            mine = match.current_player() == 0
            rows = {a["row"] for a in legal if a["type"] == "place"}
            if mine and len(rows) >= 2 and match.state.piece[0] == "cube":
                return match
            match.apply({"type": "buy"} if mine and {"type": "buy"} in legal else rng.choice(legal))
    raise AssertionError("no cube to place on two rows")


def test_escape_closes_a_row_opened_for_its_lots(make_context, site_url):
    """On a phone the lots are narrower than a finger: Enter on a row opens it large; Escape closes it again, says
    so, and the focus is back on that row's button."""
    page = resume_seeded(make_context(), site_url, cube_on_two_rows(), 0)
    row = page.locator(".board button.target[data-key^='row-']").first
    key = row.get_attribute("data-key")
    row.focus()
    page.keyboard.press("Enter")
    page.locator(".board button.target[data-key='zoom-out']").wait_for()
    settle(page)
    page.keyboard.press("Escape")
    page.wait_for_function("document.querySelector(\".board button.target[data-key='zoom-out']\") === null")
    settle(page)
    assert page.evaluate("document.activeElement.dataset.key") == key
    assert page.locator("#announce").text_content() == "Choice cancelled."
