"""Words a new player reads (issue 36, item 5): counted phrases from the catalogue's plural forms, one date style per
language, Past games that say whose score is whose and which daily deal, the end screen's takebacks line, the
statistics export handed to the share sheet where the page can share files.

The browser side (the share sheet itself, words at phone sizes) is ``tests/browser/test_words_share.py``.
"""

from __future__ import annotations

import json
import re
import time
from datetime import datetime, timezone

import pytest

from game.core.locale import catalogue, languages, text
from game.ui.past import daily_words, side_names
from game.ui.record_words import day_words, moment_words, when_words

from .ui_harness import Harness, almost_finished, finish_solo

LANGS = ("en", "es", "fr")


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> None:
    """The process's local time zone set to UTC (the words show local time)."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.parametrize("lang", languages())
def test_no_text_leaves_a_plural_to_the_reader(lang):
    """"card(s)", "option(s)", "inconnue(s)": a counted word is chosen by the catalogue's plural forms, never left in
    brackets; "({pts} pts)" with a count that may be 1 neither."""
    texts = catalogue(lang)
    found = {k: v for k, v in texts.items() if re.search(r"\w\((?:s|es|e|x|n)\)", v)
             or (re.search(r"\{\w+\} pts?\b", v) and "#" not in k and f"{k}#one" not in texts)}
    assert not found, found


@pytest.mark.parametrize("lang", LANGS)
def test_counted_phrases_agree_with_their_number(lang):
    one, two = (text("barrio.do.drawing", lang, n=k) for k in (1, 2))
    assert "(" not in one + two and one != two.replace("2", "1")
    assert text("barrio.pan.gain", lang, label="X", n=1) == {"en": "X (+1 pt)", "es": "X (+1 pto)", "fr": "X (+1 pt)"}[lang]
    assert text("barrio.pan.gain", lang, label="X", n=3).endswith("3 pts)" if lang != "es" else "3 ptos)")
    assert text("ny.end.rows", lang, count=1) != text("ny.end.rows", lang, count=2).replace("2", "1")
    assert text("game.takebacks_used", lang, count=1) != text("game.takebacks_used", lang, count=2).replace("2", "1")
    assert text("nh.seat_short", lang, n=1) in ({"en": "P1"}.get(lang, "J1"),)  # "Jugador", "Joueur": J1, as French


def test_one_date_style_per_language_in_local_time(utc):
    stamp = "2026-11-27T14:55:09Z"
    assert [when_words(stamp, lang) for lang in LANGS] == ["Nov 27, 2026, 2:55 PM", "27 nov 2026, 14:55", "27 nov. 2026 à 14:55"]
    assert when_words("2026-11-27T00:05:00Z", "en") == "Nov 27, 2026, 12:05 AM"
    assert [day_words("2026-11-27", lang) for lang in LANGS] == ["Nov 27, 2026", "27 nov 2026", "27 nov. 2026"]
    assert when_words("", "en") == "" and day_words("not a day", "en") == "not a day"
    assert all("UTC" not in when_words(stamp, lang) for lang in LANGS)


def test_dates_follow_the_devices_time_zone(monkeypatch):
    monkeypatch.setenv("TZ", "Europe/Madrid")
    time.tzset()
    try:
        assert when_words("2026-11-27T14:55:00Z", "es") == "27 nov 2026, 15:55"
        assert moment_words(datetime(2026, 7, 1, 12, 0, tzinfo=timezone.utc), "fr") == "1 juil. 2026 à 14:00"
    finally:
        monkeypatch.undo()
        time.tzset()


def test_past_games_say_whose_score_and_which_deal(monkeypatch, utc):
    assert daily_words("2026-11-27/barrio-B", "en") == "Daily deal Nov 27, 2026"
    assert daily_words("2026-11-27/barrio-B", "fr") == text("daily.card", "fr", day="27 nov. 2026")
    row = {"game": "barrio", "players": 1, "me": 0, "scores": [33, 30]}
    assert side_names(row, "en") == ["You", "Klaus"] and side_names(row, "es") == ["Tú", "Klaus"]
    assert side_names({"game": "nyhavn", "players": 3, "me": 1, "scores": [1, 2, 3]}, "en") == ["Player 1", "You", "Player 3"]
    h = Harness(monkeypatch)
    match = almost_finished()
    finish_solo(h, match)
    h.request(type="past")
    item = h.page.document.documentElement.querySelector(".past-game")
    lines = [p.textContent for p in item.querySelectorAll("p")]
    scores = h.app.book.past_games()[0]["scores"]
    assert lines[1] == text("past.scores", "en", scores=f"You: {scores[0]} · Klaus: {scores[1]}")
    when = lines[0].split(" · ")[0]
    assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M", when), when
    assert "/" not in item.querySelector("h2").textContent


def test_the_end_screen_says_how_many_moves_were_taken_back(monkeypatch):
    h = Harness(monkeypatch, settings=json.dumps({"lang": "en"}))
    match = almost_finished()
    match.takebacks = [2]
    finish_solo(h, match)
    line = h.find("end-takebacks").textContent
    assert line == "with takebacks (2 moves taken back)", line


def test_the_export_goes_to_the_share_sheet_where_the_page_can_share_files(monkeypatch):
    """With ``share_files`` (the boot message) the export is handed to the page's ``shareFile`` and nothing is
    downloaded; the page's answer is said. Without it, it is downloaded at once (``test_ui_replay``)."""
    h = Harness(monkeypatch)
    finish_solo(h, almost_finished(seed=3))
    h.app.share_files = True
    h.request(type="stats")
    h.ops()
    h.click(h.find("stats-export"))
    ops = h.ops()
    calls = [op for op in ops if op[0] == "host" and op[1] == "shareFile"]
    assert len(calls) == 1 and not [op for op in ops if op[0] == "new" and op[2] == "a" and "download" in op[3]]
    name, content, mime, _title = calls[0][2]
    assert name.startswith("house-games-") and mime == "application/json" and '"house-games-records"' in content
    h.page.receive(json.dumps({"kind": "shared", "what": "file", "how": "shared", "name": name}))
    assert text("stats.export_shared", "en", name=name) in h.find("toasts").textContent
    h.page.receive(json.dumps({"kind": "shared", "how": "shared", "url": "x"}))
    assert text("sharing.shared", "en") in h.find("toasts").textContent


@pytest.mark.parametrize("lang", LANGS)
def test_a_seat_is_never_a_bare_number_on_the_board(lang):
    """The owner's mark under a Neue Heimat house is the language's player letter and number."""
    from game.ui.neueheimat.table import short

    assert short(0, lang) == text("nh.seat_short", lang, n=1) and short(0, lang)[0] == text("player.n", lang, n=1)[0]


def test_one_plural_mechanism_everywhere_python_counts():
    """No code picks a text by "== 1" (an English rule: French says "0 point", Spanish "1 millón" but "0 millones"):
    a counted phrase is one key whose ``#one``/``#many`` forms the translator chooses."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent / "game"
    calls = re.compile(r"\b(?:text|Phrase|say|_w|w|_text)\(\s*f?[\"'][^\"']*[\"']?[^)\n]*?\bif\b[^)\n]*== 1 else")
    found = [f"{path.relative_to(root)}:{n}" for path in root.rglob("*.py")
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if calls.search(line)
             or re.search(r"""["'](?:_one|_1)["'] if \w+ == 1""", line)]
    assert not found, found
