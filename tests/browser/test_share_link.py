"""A finished game's link: shared from the end screen, opened offline in a fresh browser context on the same
final position; a tampered link refused with a message, the autosave and the past games untouched (issue 15)."""

from __future__ import annotations

import re

from game.core import share
from game.core.locale import text

from .conftest import wait_ready
from .replay_helpers import finish_solo_game, storage, table_scores


def test_a_link_opens_offline_elsewhere_and_a_tampered_one_loses_nothing(make_context, open_app, site_url, shot):
    first = make_context()
    first.grant_permissions(["clipboard-read", "clipboard-write"])
    page = first.new_page()
    match = finish_solo_game(page, open_app)
    page.locator("#end-share").tap()
    panel = page.locator("#share-panel")
    panel.wait_for()
    page.wait_for_function("document.getElementById('share-panel').dataset.how !== undefined")
    link = panel.get_attribute("data-link")
    how = panel.get_attribute("data-how")
    assert link.startswith(site_url + "#replay=")
    if how == "copied":  # clipboard available in this browser: the confirmation is visible and the text is the link
        assert page.evaluate("navigator.clipboard.readText()") == link
        assert text("sharing.copied", "en") in page.locator("#toasts").inner_text()
    assert page.locator("#share-link").input_value() == link
    assert share.decode(link).actions == [e.action for e in match.entries]
    page.locator("#end-replay").tap()
    page.locator("#replay-last").tap()
    page.wait_for_function("document.getElementById('replay').dataset.step === document.getElementById('replay').dataset.steps")
    here_scores, here_log = table_scores(page), page.locator("#game-log li").all_inner_texts()

    # a fresh context that has visited the site once (installed), now offline
    other = make_context()
    visit = other.new_page()
    open_app(visit)
    visit.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    other.set_offline(True)
    there = other.new_page()
    there.goto(link)
    wait_ready(there)
    there.locator("#replay").wait_for()
    there.locator("#replay-last").tap()
    there.wait_for_function("document.getElementById('replay').dataset.step === document.getElementById('replay').dataset.steps")
    assert table_scores(there) == here_scores == list(match.spec.scores(match.state))
    # a friend's link: the same log, but the sender's seat is "Player 1", never "You" (issue 36, item 5)
    there_log = there.locator("#game-log li").all_inner_texts()
    assert len(there_log) == len(here_log) and there_log != here_log
    said = " ".join(there_log + [there.locator("#status").inner_text(), there.locator("#replay").inner_text(),
                                 there.locator("#scores").inner_text()])
    assert not re.search(r"\b(you|your)\b", said, re.IGNORECASE), said
    assert text("player.n", "en", n=1) in there.locator("#scores").inner_text()
    assert storage(there) == {}  # opening a link stores nothing
    shot(there, "share-link-offline")
    # closing the replay leaves the link behind: the address loses its fragment, and a reload opens the start screen
    there.locator("#replay-close").tap()
    there.locator("#start-screen").wait_for()
    assert there.url == site_url
    there.reload()
    wait_ready(there)
    assert there.locator("#start-screen").is_visible() and not there.locator("#replay").count()

    # a tampered link in the first context: a clear message; the autosave and the past games as they were
    before = storage(page)
    # the book's rows; the finished game is a past game, so no autosave is left to offer as "Resume"
    assert before["results"] and before["games"] and not before.get("kv")
    code = link.split("#replay=")[1]
    i = len(code) // 2
    tampered = link.split("#")[0] + "#replay=" + code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
    for bad in (tampered, link[:-7]):
        again = first.new_page()
        again.goto(bad)
        wait_ready(again)
        notice = again.locator("#start-notice")
        notice.wait_for()
        assert "damaged or incomplete" in notice.inner_text()
        assert again.locator("#start-screen").is_visible()
        assert "#" not in again.url  # refused once: a reload does not say it again
        assert storage(again) == before
        again.close()
    shot(page, "share-link-tampered")
