"""A newcomer's whole game of each title at 390×844 by touch, using only what the screen shows (issue 25).

The player taps what the screen offers, found by role and accessible name: the table's highlighted targets
(the legal moves it lights up), then the buttons beside it; no test hook chooses a move, no save is read.
Against one computer seat, with the quickest options (solo Barrio, two-player Nyhavn, one round of Neue
Heimat) and ``?pause=0``. On the way it checks what a newcomer meets:

- Start is on screen without scrolling, on a first visit, in the game's language;
- every status line and the end line say "you", never the player's own seat as "Player 1";
- no text clipped, cut, overlapping or out of its box (:mod:`tests.browser.fit`), in English, Spanish and French
  (each game in one of them), at the start, along the game and on the end screen.

- after each tap, the table's picture and its buttons (the overlay targets, the bar, the prompt) change in the same
  animation frame (the watch of :mod:`tests.browser.test_frame_sync`; a tap's frames are read at the next tap,
  so the check costs no waiting);
- the guided first turn opens with the first table (inside the fit checks), is left alone, closes once the first turn
  is played, and is remembered for the title;
- a takeback, once: after the computer has answered, Undo takes the player's last decision back (the toast says so)
  and the end screen marks the game "with takebacks".

``NEWCOMER_TRACE=1`` prints each tap and the status line after it (``-s``), to see where a game stalls.
"""

from __future__ import annotations

import os
import random
import re

import pytest

from game.core.locale import text

from .conftest import SETTINGS_KEY_JS, settle
from .fit import FRAME_PROBE, fit_problems, measure_fit
from .frames import FRAME_WATCH, first_changes, frames_since
from .words_script import START_IN_VIEW, lang_script

#: (game, language, start-screen choices, the most taps a whole game may take)
GAMES = [
    ("barrio", "en", {"f-players": "1"}, 900),
    ("nyhavn", "es", {"f-players": "2", "f-seat-0": "human", "f-seat-1": "bot:weak"}, 1500),
    ("neueheimat", "fr", {"f-players": "2", "f-seat-0": "human", "f-seat-1": "bot:weak", "f-rounds": "1"}, 900),
]

#: what a newcomer may tap: the table's lit targets and main buttons first, then the game's other buttons (not the header's Undo,
#: Hint and Menu, the log, the rules or the statistics of the end screen)
OFFERED = """
() => {
  const shown = (b) => { const r = b.getBoundingClientRect(); return r.width > 1 && r.height > 1 && b.offsetParent !== null && !b.disabled; };
  // its accessible name: the label, or the button's first line of text (a button may explain itself below it)
  const name = (b) => b.getAttribute("aria-label") || b.innerText.split("\\n")[0].trim();
  const all = [...document.querySelectorAll("#app .table button, #app .table [role=button]")].filter(shown);
  const lit = all.filter((b) => b.dataset.legal === "true");
  const plain = all.filter((b) => !b.classList.contains("target"));
  const primary = plain.filter((b) => b.classList.contains("primary"));
  return {lit: lit.map(name), primary: primary.map(name), plain: plain.map(name), all: all.map(name)};
}
"""


def status_line(page) -> str:
    return page.evaluate("(document.getElementById('status') || {}).textContent || ''")


@pytest.mark.parametrize("game_id,lang,choices,most", GAMES, ids=[f"{g}-{lang}" for g, lang, _, _ in GAMES])
def test_a_newcomer_plays_a_whole_game_by_touch(make_context, site_url, page_problems, shot, game_id, lang, choices, most):
    context = make_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True, has_touch=True,
                           guided=False)
    context.add_init_script(lang_script(lang))
    context.add_init_script(FRAME_PROBE)
    context.add_init_script(FRAME_WATCH)
    page = context.new_page()
    page.goto(site_url + "?pause=0")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    # the start screen: Start in view, in the player's language
    where = page.evaluate(START_IN_VIEW)
    assert where["bottom"] <= where["vh"] and where["top"] >= 0 and where["reached"], where
    page.locator(f"label[for=game-{game_id}]").tap()
    for field, value in choices.items():
        page.locator(f"#{field}").select_option(value)
    assert not fit_problems(measure_fit(page)), fit_problems(measure_fit(page))
    start = page.get_by_role("button", name=text("start.new", lang))
    assert page.evaluate(START_IN_VIEW)["reached"]
    start.tap()
    page.locator("#app .table").wait_for()
    settle(page)
    page.wait_for_function("document.querySelector('#guide:not([hidden])') !== null || document.getElementById('end-screen')")
    assert page.locator("#guide-title").is_visible()  # a newcomer's first turn is guided

    own_default = re.compile(re.escape(text("player.n", lang, n=1)) + r"(?!\d)")
    you = text("player.you", lang)
    rng = random.Random(5)
    statuses: set[str] = set()
    misfits: list[str] = []
    taps = idle = 0
    last_tap = None  # (name, the last frame record before it, its time): checked once its frames are over
    in_step = 0
    apart_taps: list[tuple[str, int, int]] = []
    took_back = False
    undo_tries = 0  # Undo within the player's own turn is a plain undo: try again at a later turn, a few times at most

    def check_frames() -> None:
        nonlocal last_tap, in_step
        if last_tap is None:
            return
        name, before, t0 = last_tap
        last_tap = None
        frames = frames_since(page, t0)
        if any(f[2] == "none" for f in frames):  # the table left the screen (the end screen): nothing to compare
            return
        canvas_at, dom_at = first_changes(before, frames)
        if canvas_at is not None and dom_at is not None:
            in_step += 1
            # the picture never lags the buttons: the frame where the buttons changed changed the picture too. (A
            # picture changing first is no lag: a flash still running from the computer's move, or a tap that only
            # changes the picture, followed by the computer's answer changing the buttons a few frames later.)
            at = next(i for i, f in enumerate(frames) if f[0] == dom_at)
            previous = frames[at - 1] if at else before
            if canvas_at > dom_at and frames[at][2] == previous[2]:
                apart_taps.append((name, canvas_at, dom_at))

    while not page.locator("#end-screen").count() and taps < most:
        settle(page)
        check_frames()
        if page.locator("#end-screen").count():
            break
        statuses.add(status_line(page))
        undo = page.locator("#undo")
        offered = page.evaluate(OFFERED)
        if (not took_back and undo_tries < 6 and taps >= 6 + 5 * undo_tries and undo.get_attribute("aria-disabled") == "false"
                and (offered["lit"] or offered["primary"])):
            # the player's turn again, after the computer's answer: take the last decision back, once
            before = len(page.locator("#game-log li").all_inner_texts())
            undo.tap()
            undo_tries += 1
            settle(page)
            said = [" ".join(s.split()) for s in page.locator(".toast").all_inner_texts()]
            if os.environ.get("NEWCOMER_TRACE"):
                print(f"undo at {taps}: {said}", flush=True)
            if " ".join(text("game.takenback", lang).split()) in said:
                took_back = True
                assert len(page.locator("#game-log li").all_inner_texts()) < before, "the takeback left the log as it was"
            continue
        # what the screen lights up and its main button (Place tile, Take, Pass…), else any of its buttons
        names = (offered["lit"] + offered["primary"]) or offered["plain"] or offered["all"]
        if idle > 300:
            shot(page, f"newcomer-{game_id}-{lang}-stuck", full_page=True)
            raise AssertionError(f"nothing to tap after {taps} taps: {status_line(page)!r}, offered {offered}")
        if not names:  # the computer is playing: wait for the table to offer something
            idle += 1
            page.wait_for_timeout(50)
            continue
        name = rng.choice(names)
        # the button of that name the player can see (a hidden one may share it, e.g. behind a closed panel)
        button = next((b for b in page.get_by_role("button", name=name).all() if b.is_visible() and b.is_enabled()), None)
        if button is None:
            idle += 1
            page.wait_for_timeout(20)
            continue
        watched = page.evaluate("[window.__frames[window.__frames.length - 1], performance.now()]")
        button.tap()
        last_tap = (name, watched[0], watched[1])
        taps += 1
        idle = 0
        if os.environ.get("NEWCOMER_TRACE"):
            print(f"{taps}: {name!r} | {status_line(page)!r}", flush=True)
        if taps % 60 == 1:
            page.wait_for_timeout(700)  # the table at rest: a money change floats over the scores for 650 ms
            misfits += [f"tap {taps}: {p}" for p in fit_problems(measure_fit(page))]
    page.locator("#end-screen").wait_for(timeout=60_000)
    assert took_back, "no takeback was offered after the computer's answer"
    saved = page.evaluate(f"JSON.parse(localStorage.getItem({SETTINGS_KEY_JS}))")
    assert game_id in saved.get("guided", []), saved  # the first turn was played: the title is guided
    assert page.locator("#end-takebacks").count() == 1  # the game is marked "with takebacks"
    assert in_step >= 10, f"only {in_step} taps changed both the table and its buttons"
    assert not apart_taps, f"taps whose table and buttons changed in different frames (name, canvas, DOM): {apart_taps[:6]}"
    shot(page, f"newcomer-{game_id}-{lang}-end", full_page=False)
    misfits += [f"end: {p}" for p in fit_problems(measure_fit(page))]
    # refusals of random taps are the engine's reasons, shown as toasts: expected, they are not failures
    page_problems.expect(*(re.escape(said) for kind, said in page_problems.problems if kind == "error toast"))

    assert not [s for s in statuses if own_default.search(s)], statuses
    assert any(text("game.turn@you", lang) in s or s.startswith(you) for s in statuses), statuses
    verdict = page.locator("#end-screen .status").inner_text()
    assert not own_default.search(verdict), verdict
    first_row = page.locator("#final-scores tr[data-seat='0'] td").first.inner_text()
    assert first_row.startswith(you), first_row
    won = "winner" in (page.locator("#final-scores tr[data-seat='0']").get_attribute("class") or "")
    assert (verdict == text("game.winner@you", lang)) == (won and page.locator("#final-scores tr.winner").count() == 1), verdict
    assert not misfits, misfits
    # a finished game is a past game: the start screen offers no "Resume" of it
    page.get_by_role("button", name=text("game.home", lang)).tap()
    settle(page)
    assert page.locator("#resume").count() == 0
    # the statistics screen counts it, every row inside its box (Klaus's too, after solo Barrio)
    page.get_by_role("button", name=text("start.stats", lang)).tap()
    page.locator(".stats-group").first.wait_for()
    settle(page)
    assert not fit_problems(measure_fit(page)), fit_problems(measure_fit(page))
