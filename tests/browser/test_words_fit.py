"""Every label fits its box at the six layout sizes, in English, Spanish and French (issue 25).

Per language one game is opened (the three languages share out the three games, so each game is seen in one
language at all six sizes, and the start screen in all three) and measured with :mod:`tests.browser.fit`: no
DOM text clipped, cut, overlapping or sticking out of its box, no canvas text cut with an ellipsis or drawn
over another; the game's header (title, Undo, Hint, Menu) on one line; on phones the start screen's Start
button in view without scrolling; at 1920×1080 the prompt's text at least 16 px and the buttons at least 44 px.
"""

from __future__ import annotations

import pytest

from game.core.locale import text

from .fit import FRAME_PROBE, fit_problems, measure_fit
from .layout import SIZES, TEXT_PROBE
from .layout import settle as settle_layout
from .words_script import START_IN_VIEW, lang_script

#: (language, game) pairs: every language and every game once
PAIRS = [("es", "nyhavn"), ("fr", "neueheimat"), ("en", "barrio")]
READY = {
    "barrio": "document.querySelector('#barrio-board button[data-key^=\"hand-\"]:not([disabled])') !== null",
    "nyhavn": "document.querySelector('section.table[data-mine=true]') !== null",
    "neueheimat": "document.querySelector('#nh-controls button[data-act], .board button.target[data-legal]') !== null",
}
#: the prompt of each game as the page shows it (Barrio's is drawn: the table's status line stands for it)
PROMPT = {"barrio": "#status", "nyhavn": "#nyhavn-info", "neueheimat": "#nh-controls"}


HEADER_LINES = """
() => {
  const bar = document.querySelector("#app .topbar");
  if (!bar) return null;
  const boxes = [...bar.children].filter((e) => e.offsetParent !== null).map((e) => e.getBoundingClientRect());
  const h1 = bar.querySelector("h1"), r = h1.getBoundingClientRect();
  const lineHeight = parseFloat(getComputedStyle(h1).lineHeight) || parseFloat(getComputedStyle(h1).fontSize) * 1.2;
  // one row: every item level with the first (their vertical extents overlap)
  const first = boxes[0];
  const level = boxes.every((b) => Math.min(b.bottom, first.bottom) - Math.max(b.top, first.top) > 0);
  return {rows: level ? 1 : 2, titleLines: Math.round(r.height / lineHeight)};
}
"""

CHROME = """
(prompt) => {
  const p = document.querySelector(prompt);
  const sizes = [];
  if (p) {
    const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n.textContent.trim()) sizes.push(parseFloat(getComputedStyle(n.parentElement).fontSize));
  }
  const buttons = [...document.querySelectorAll("#app .topbar button, #nh-controls button, #nyhavn-bar button")]
    .filter((b) => b.offsetParent !== null).map((b) => Math.min(b.getBoundingClientRect().width, b.getBoundingClientRect().height));
  return {prompt: sizes.length ? Math.min(...sizes) : null, button: buttons.length ? Math.min(...buttons) : null};
}
"""


def start_in_view(page) -> dict:
    page.evaluate("window.scrollTo(0, 0)")
    return page.evaluate(START_IN_VIEW)


@pytest.mark.parametrize("lang,game_id", PAIRS, ids=[f"{g}-{lang}" for lang, g in PAIRS])
def test_every_label_fits_at_every_size(make_context, site_url, shot, lang, game_id):
    name, width, height, _ = SIZES[0]
    context = make_context(viewport={"width": width, "height": height}, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.add_init_script(lang_script(lang))
    context.add_init_script(TEXT_PROBE)
    context.add_init_script(FRAME_PROBE)
    page = context.new_page()
    page.goto(site_url + "?pause=3600000")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    assert page.evaluate("document.documentElement.lang") == lang
    # the start screen: Start in view on phones, nothing clipped, in this language
    page.locator(f"label[for=game-{game_id}]").tap()
    for size, w, h in (("360x640", 360, 640), ("390x844", 390, 844)):
        page.set_viewport_size({"width": w, "height": h})
        settle_layout(page)
        where = start_in_view(page)
        assert where["bottom"] <= where["vh"] + 0.5 and where["top"] >= 0 and where["reached"], (size, where)
        assert not fit_problems(measure_fit(page)), (size, fit_problems(measure_fit(page)))
    page.locator("#f-seed").fill("11")
    page.locator("#f-seed").dispatch_event("change")
    page.get_by_role("button", name=text("start.new", lang)).tap()
    page.wait_for_function(READY[game_id], timeout=60_000)
    bad = {}
    for size, w, h, _touch in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        settle_layout(page)
        page.evaluate("window.scrollTo(0, 0)")
        settle_layout(page)
        shot(page, f"words-{game_id}-{lang}-{size}", full_page=False)
        found = fit_problems(measure_fit(page))
        header = page.evaluate(HEADER_LINES)
        if header and (header["rows"] > 1 or header["titleLines"] > 1):
            found.append(f"header on {header['rows']} rows, title on {header['titleLines']} lines")
        if size == "1920x1080":
            chrome = page.evaluate(CHROME, PROMPT[game_id])
            if chrome["prompt"] is not None and chrome["prompt"] < 16:
                found.append(f"prompt text {chrome['prompt']} px")
            if chrome["button"] is not None and chrome["button"] < 44:
                found.append(f"buttons {chrome['button']} px")
        if found:
            bad[size] = found
    assert not bad, bad
