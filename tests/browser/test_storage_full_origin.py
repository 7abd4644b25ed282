"""A first visit to an origin whose storage is already full (issue 37): on GitHub Pages every project of one account
shares the origin's quota, so the app's first download can find no room. The start screen says so in the player's
words (what is full, why it may be, what to do), not the browser's "Quota exceeded", in EN/ES/FR."""

from __future__ import annotations

import pytest

from game.core.locale import text


@pytest.mark.first_visit
@pytest.mark.expect_errors(r"(?i)quota")
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_first_visit_to_a_full_origin_says_in_words_that_there_is_no_room(make_context, site_url, tmp_path, lang):
    context = make_context(user_data_dir=tmp_path / "profile", compiled=False, locale={"en": "en-US", "fr": "fr-FR"}[lang])
    page = context.pages[0] if context.pages else context.new_page()
    # the origin's quota: far below the runtime the first visit keeps in the cache (as a full origin leaves it)
    context.new_cdp_session(page).send("Storage.overrideQuotaForOrigin",
                                       {"origin": site_url.rstrip("/"), "quotaSize": 300_000})
    page.goto(site_url)
    page.wait_for_function("document.documentElement.dataset.appState === 'error'", timeout=90_000)
    said = page.locator("#error-message").inner_text()
    assert said == text("start.error.full", lang), said
    assert "GitHub Pages" in said and "Quota" not in said and "quota" not in said
