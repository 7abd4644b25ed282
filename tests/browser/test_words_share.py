"""Sharing through the device's share sheet, and the words of Past games and Statistics on a phone (issue 36).

- A phone whose browser has the Web Share API (``navigator.share``, here a fake one defined before the page's
  scripts run, which records its calls): *Share link* opens the share sheet with the game's link, and says so; the
  statistics export goes to the share sheet as a JSON file where the browser can share files
  (``navigator.canShare({files})``), and nothing is downloaded.
- A browser without it: the link is copied to the clipboard, and the toast says it was copied; the export is
  downloaded.
- Past games and Statistics after a finished game, in English, Spanish and French on the narrowest phones: every
  text fits (no word broken across lines in Klaus's record, nothing clipped), each score is named, the date is in
  the language's one style.
"""

from __future__ import annotations

import re

import pytest

from game.core.locale import text

from .conftest import wait_ready
from .fit import fit_problems, measure_fit
from .replay_helpers import QUICK, finish_solo_game
from .words_script import lang_script

#: a share sheet that records what it was given (files read as text) and can share links and files
FAKE_SHARE = """
window.__shared = [];
Object.defineProperty(Navigator.prototype, "share", {configurable: true, value: async function (data) {
  const files = await Promise.all([...(data.files || [])].map(async (f) => ({name: f.name, type: f.type, text: await f.text()})));
  window.__shared.push({url: data.url, title: data.title, files});
}});
Object.defineProperty(Navigator.prototype, "canShare", {configurable: true, value: function (data) { return true; }});
"""

#: a browser with no share sheet (desktop Chromium on Linux has none; said here so the test does not depend on it)
NO_SHARE = """
delete Navigator.prototype.share;
delete Navigator.prototype.canShare;
"""


def open_screen(page, name: str, ident: str) -> None:
    page.get_by_role("button", name=name).tap()
    page.locator(ident).wait_for()


def test_share_sheet_where_the_browser_has_one(make_context, open_app, site_url, shot):
    context = make_context()
    context.add_init_script(FAKE_SHARE)
    page = context.new_page()
    finish_solo_game(page, open_app)
    page.locator("#end-share").tap()
    page.wait_for_function("document.getElementById('share-panel')?.dataset.how !== undefined")
    link = page.locator("#share-panel").get_attribute("data-link")
    assert page.locator("#share-panel").get_attribute("data-how") == "shared"
    calls = page.evaluate("window.__shared")
    assert calls == [{"url": link, "title": text("app.title", "en"), "files": []}], calls
    assert link.startswith(site_url + "#replay=")
    assert text("sharing.shared", "en") in page.locator("#toasts").inner_text()
    shot(page, "share-sheet")

    open_app(page, query=QUICK)  # a new document: the fake share sheet starts again with no calls
    open_screen(page, text("start.stats", "en"), "#stats")
    page.locator("#stats-export").tap()
    page.wait_for_function("window.__shared.length === 1")
    shared = page.evaluate("window.__shared[0]")
    (file,) = shared["files"]
    assert re.fullmatch(r"house-games-\d{4}-\d\d-\d\d\.json", file["name"]) and file["type"] == "application/json"
    assert '"house-games-records"' in file["text"] and shared.get("url") is None
    page.wait_for_function("document.getElementById('toasts').textContent.includes(%r)"
                           % text("stats.export_shared", "en", name=file["name"]))


def test_copied_link_and_downloaded_export_without_a_share_sheet(make_context, open_app, site_url, tmp_path):
    context = make_context()
    context.add_init_script(NO_SHARE)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    finish_solo_game(page, open_app)
    assert page.evaluate("typeof navigator.share") == "undefined"
    page.locator("#end-share").tap()
    page.wait_for_function("document.getElementById('share-panel')?.dataset.how !== undefined")
    link = page.locator("#share-panel").get_attribute("data-link")
    assert page.locator("#share-panel").get_attribute("data-how") == "copied"
    assert page.evaluate("navigator.clipboard.readText()") == link
    assert text("sharing.copied", "en") in page.locator("#toasts").inner_text()

    open_app(page, query=QUICK)
    open_screen(page, text("start.stats", "en"), "#stats")
    with page.expect_download() as info:
        page.locator("#stats-export").tap()
    path = tmp_path / "export.json"
    info.value.save_as(path)
    assert '"house-games-records"' in path.read_text()


@pytest.mark.parametrize("lang", ["en", "es", "fr"])
def test_past_games_and_statistics_words_fit_on_small_phones(make_context, open_app, shot, lang):
    context = make_context(viewport={"width": 320, "height": 568}, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.add_init_script(lang_script(lang))
    page = context.new_page()
    finish_solo_game(page, open_app)
    page.reload()
    wait_ready(page)
    assert page.evaluate("document.documentElement.lang") == lang
    open_screen(page, text("start.past", lang), "#past-games")
    game = page.locator(".past-game").first
    lines = game.locator("p").all_inner_texts()
    you, klaus = text("player.you", lang), text("player.klaus", lang)
    assert re.fullmatch(re.escape(text("past.scores", lang, scores="#")).replace("\\#", f"{you} ?: -?\\d+ · {klaus} ?: -?\\d+"),
                        lines[1]), lines[1]
    when = lines[0].split(" · ")[0]
    style = {"en": r"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M", "es": r"\d{1,2} [a-z]{3,4} \d{4}, \d{1,2}:\d\d",
             "fr": r"\d{1,2} [a-zéû.]{3,5} \d{4} à \d{1,2}:\d\d"}[lang]
    assert re.fullmatch(style, when), when
    for width, height in ((320, 568), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        assert not fit_problems(measure_fit(page)), (width, fit_problems(measure_fit(page)))
    page.get_by_role("button", name=text("past.back", lang)).tap()
    open_screen(page, text("start.stats", lang), "#stats-klaus")
    for width, height in ((320, 568), (360, 640), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
        shot(page, f"stats-{lang}-{width}", full_page=True)
        problems = fit_problems(measure_fit(page))
        assert not problems, (width, problems)
        table = page.locator("#stats-klaus table").bounding_box()
        card = page.locator("#stats-klaus").bounding_box()
        assert table["x"] + table["width"] <= card["x"] + card["width"] + 0.5, (width, table, card)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_start_screen_dates_a_saved_game_as_python_does(make_context, site_url, monkeypatch, lang):
    """The saved game's summary on the start screen (site/start.js, before Python) and Python's own dates share one
    style: the same words for the same moment, in the device's time zone."""
    import json
    import time
    from datetime import datetime, timezone

    from game.ui.record_words import moment_words

    from .replay_helpers import almost_finished

    monkeypatch.setenv("TZ", "Europe/Madrid")
    time.tzset()
    try:
        saved_at = 1_795_791_300_000  # 2026-11-27 14:55 UTC, 15:55 in Madrid
        want = moment_words(datetime.fromtimestamp(saved_at / 1000, timezone.utc), lang)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()
    context = make_context(timezone_id="Europe/Madrid")
    context.add_init_script(lang_script(lang))
    save = {**almost_finished(5).to_json(), "saved_at": saved_at}
    context.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url + "?")})) try {{
        if (!sessionStorage.getItem('seeded')) {{ sessionStorage.setItem('seeded', '1');
          localStorage.setItem('house-games.autosave', {json.dumps(json.dumps(save))}); }}
      }} catch {{ /* a document without storage */ }}""")
    page = context.new_page()
    page.goto(site_url + QUICK)
    wait_ready(page)
    page.locator("#resume small").wait_for()
    assert want in page.locator("#resume small").inner_text(), (want, page.locator("#resume small").inner_text())
    assert want == {"en": "Nov 27, 2026, 3:55 PM", "fr": "27 nov. 2026 à 15:55"}[lang]
