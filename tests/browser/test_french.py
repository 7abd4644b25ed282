"""The app in French: a whole solo Barrio game and a whole Nyhavn game played at 360 px with French chosen on the
start screen, and no English left on screen.

After every move the page is scanned: each visible text of the DOM and every ``aria-label`` (the canvas tables'
overlay buttons are read by screen readers through them) is compared with the English catalogue
(``game/locale/en.json``). A string equal to an English text (its ``{fields}`` matching anything) whose French
differs fails, and so does one containing such an English phrase. Any button, label or summary whose text
overflows its box at 360 px (``scrollWidth > clientWidth + 1``) fails too. The rules panel and the end screen's
log are opened and scanned as well.
"""

from __future__ import annotations

import re
import string

import game.barrio as B
from game.core.locale import catalogue

from .barrio_steps import play_move, read_match
from .conftest import end_log
from .nyhavn_steps import play_one_turn, wait_my_turn

SMALL = {"viewport": {"width": 360, "height": 640}, "locale": "en-US"}  # an English browser: French is chosen by hand

SCAN = """() => {
  const texts = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.replace(/\\s+/g, " ").trim();
    const el = node.parentElement;
    if (!text || !el || el.closest("script, style, noscript, template")) continue;
    // a select's options are seen when it opens: they count when the select is visible
    const shown = el.tagName === "OPTION" ? el.closest("select") : el;
    if (!shown || !shown.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    texts.push(text);
  }
  const labels = [...document.querySelectorAll("[aria-label]")]
    .filter((el) => !el.closest("[hidden]")).map((el) => el.getAttribute("aria-label"));
  const overflowing = [...document.querySelectorAll("button, label, summary, legend, th, td, .tag")]
    .filter((el) => el.checkVisibility() && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${el.tagName.toLowerCase()}#${el.id}: ${el.textContent.trim().slice(0, 60)} (${el.scrollWidth} > ${el.clientWidth})`);
  return {texts, labels, overflowing};
}"""


def _english_patterns() -> tuple[list[tuple[str, re.Pattern[str]]], list[tuple[str, str]]]:
    """(key, whole-string pattern) for every English text whose French differs, and (key, phrase) for the
    field-free ones of two words or more (searched inside longer strings)."""
    english, french = catalogue("en"), catalogue("fr")
    whole, phrases = [], []
    for key, text in english.items():
        if key == "language.name" or french.get(key) == text:  # each language is named in its own words
            continue
        parts = list(string.Formatter().parse(text))
        literal = "".join(lit for lit, _, _, _ in parts)
        if not re.search(r"[A-Za-z]{2,}", literal):  # "{name}: {points}" says nothing in any language
            continue
        regex = "".join(re.escape(lit) + ("(.+?)" if name is not None else "") for lit, name, _, _ in parts)
        whole.append((key, re.compile(regex)))
        if not any(name is not None for _, name, _, _ in parts) and " " in text.strip() and len(text) >= 8:
            phrases.append((key, text.strip()))
    return whole, phrases


WHOLE, PHRASES = _english_patterns()


def english_in(strings: list[str]) -> list[str]:
    """The strings that are English: equal to an English text, or holding an English phrase."""
    found = []
    for s in set(strings):
        for key, pattern in WHOLE:
            if pattern.fullmatch(s):
                found.append(f"{s!r} = en {key}")
                break
        else:
            for key, phrase in PHRASES:
                if phrase in s:
                    found.append(f"{s!r} holds en {key}")
                    break
    return sorted(found)


class Scanner:
    """Scans the page after each step and keeps what it found, so a failure lists every English text at once."""

    def __init__(self, page) -> None:
        self.page = page
        self.english: dict[str, str] = {}  # what → where it was first seen
        self.overflowing: dict[str, str] = {}
        self.scans = 0

    def __call__(self, where: str) -> None:
        seen = self.page.evaluate(SCAN)
        self.scans += 1
        for found in english_in(seen["texts"] + seen["labels"]):
            self.english.setdefault(found, where)
        for box in seen["overflowing"]:
            self.overflowing.setdefault(box, where)

    def check(self) -> None:
        assert not self.english, "English on the French screen:\n" + "\n".join(f"{w}: {e}" for e, w in self.english.items())
        assert not self.overflowing, "text overflowing its box at 360 px:\n" + "\n".join(
            f"{w}: {b}" for b, w in self.overflowing.items())


def start_in_french(page, open_app, game: str, players: int, seed: int, seats: list[str] = ()) -> Scanner:
    """Open the app in an English browser, choose French on the start screen, then start ``game``."""
    open_app(page, query="?pause=0")
    page.locator("#f-lang").select_option("fr")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.locator(f"label[for=game-{game}]").tap()
    page.locator("#f-players").select_option(str(players))
    for i, seat in enumerate(seats):
        page.locator(f"#f-seat-{i}").select_option(seat)
    page.locator("#f-seed").fill(str(seed))
    page.locator("#f-seed").dispatch_event("change")
    scan = Scanner(page)
    scan("start screen")
    assert page.locator("#start-game").inner_text() == catalogue("fr")["start.new"]
    page.locator("#start-game").tap()
    return scan


def scan_end_screen(page, scan: Scanner) -> None:
    page.locator("#end-screen").wait_for(timeout=60_000)
    assert len(end_log(page)) > 10
    page.evaluate("() => document.querySelectorAll('#end-screen details').forEach((d) => { d.open = true; })")
    scan("end screen with its log")
    text = page.locator("#end-screen").inner_text()
    assert catalogue("fr")["game.again"] in text


def test_solo_barrio_game_in_french(make_context, open_app, shot):
    page = make_context(**SMALL).new_page()
    scan = start_in_french(page, open_app, "barrio", 1, seed=11)
    page.locator("#barrio-board canvas").wait_for()
    page.locator("#barrio-rules summary").tap()
    assert page.locator("#barrio-rules h2").count() >= 5
    scan("Barrio with its rules open")
    page.locator("#barrio-rules summary").tap()
    shot(page, "french-barrio-360x640")
    bot = B.SPEC.make_bot("weak", 5)
    match = read_match(page)
    moves = 0
    while not B.SPEC.is_over(match.state):
        match = play_move(page, match, bot)
        moves += 1
        if not B.SPEC.is_over(match.state):
            scan(f"Barrio move {moves}")
        assert moves < 400
    scan_end_screen(page, scan)
    shot(page, "french-barrio-end-360x640")
    scan.check()


def test_nyhavn_game_in_french(make_context, open_app, shot):
    page = make_context(**SMALL).new_page()
    scan = start_in_french(page, open_app, "nyhavn", 2, seed=4242, seats=["human", "bot:weak"])
    wait_my_turn(page)
    page.locator("#nyhavn-rules summary").tap()
    scan("Nyhavn with its rules open")
    page.locator("#nyhavn-rules summary").tap()
    shot(page, "french-nyhavn-360x640")
    turns = 0
    while wait_my_turn(page) != "over" and turns < 400:
        before = page.evaluate("houseGames.autosave()")
        play_one_turn(page)
        turns += 1
        page.wait_for_function(
            "(prev) => document.getElementById('end-screen') !== null || houseGames.autosave() !== prev",
            arg=before, timeout=60_000)
        if not page.locator("#end-screen").count():
            scan(f"Nyhavn step {turns}")
    scan_end_screen(page, scan)
    shot(page, "french-nyhavn-end-360x640")
    scan.check()


def test_the_scan_tells_english_from_french():
    """The scan itself: English texts (whole, filled in, or inside a longer string) are found; French ones are not."""
    french = catalogue("fr")
    assert english_in(["Your hand"]) and english_in(["Waiting for Klaus…"]) and english_in(["(Your panoramas)"])
    assert not english_in([french["barrio.hand"], french["barrio.wait"].format(name="Klaus"), "Klaus", "Barrio", "12"])
