"""A replay's table comes from the step shown, never a cached earlier one (issue 36, item 2), in Chromium.

The issue's own steps, with the animations a player sees (no ``?pause=0`` in the replay): Past games → Replay → ›
six times 200 ms apart → » at once. Before the fix Klaus's panel and its label stayed at an old step ("5 pts, houses
1/7") under a flash "Klaus draws a card face down" while the scores said the end. Here the table after that, after
the slider during a step's animation, and after autoplay stopped by », is the table of a fresh open of the replay at
that step: the canvas's pixels, its buttons' names, the prompt, the status line and the scores. No live-game words on
the way ("Your turn", "Waiting for you…"), and Klaus's steps are not the player's ("You: Klaus builds …").
"""

from __future__ import annotations

from typing import Any

from game.core.locale import text

from .conftest import settle
from .replay_helpers import finish_solo_game

#: what a player reads of the table (the canvas's pixels are compared apart)
TABLE = """() => ({
  status: document.getElementById('status').textContent,
  prompt: document.getElementById('barrio-prompt').textContent,
  scores: [...document.querySelectorAll('#scores td')].map((td) => td.textContent),
  targets: [...document.querySelectorAll('#barrio-board .target')].map((b) => [b.dataset.key, b.getAttribute('aria-label'), b.disabled]),
  step: document.getElementById('replay').dataset.step,
})"""

LIVE_WORDS = [text("game.turn@you", "en"), "Waiting for you"]


def open_replay(page: Any, open_app: Any) -> int:
    """Past games → Replay of the one game kept, animations on; the number of steps."""
    open_app(page)  # no ?pause=0: Klaus's steps are animated as a player sees them
    page.get_by_role("button", name="Past games").tap()
    page.locator("#past-list .past-game").first.get_by_role("button", name="Replay").tap()
    page.locator("#barrio-board canvas").wait_for()
    settle(page)
    return int(page.locator("#replay").get_attribute("data-steps"))


def table(page: Any) -> dict[str, Any]:
    """The table as shown now: words, buttons, and the canvas's picture."""
    settle(page)
    shown = page.evaluate(TABLE)
    shown["picture"] = page.locator("#barrio-board canvas").screenshot()
    return shown


def rested(page: Any) -> dict[str, Any]:
    """The table once every animation started so far is over (a step's flashes take 650 ms each)."""
    page.wait_for_timeout(2500)
    return table(page)


def slide(page: Any, k: int) -> None:
    page.evaluate("""(k) => { const s = document.getElementById('replay-slider'); s.value = String(k);
                      s.dispatchEvent(new Event('input', {bubbles: true})); }""", k)


def no_live_words(page: Any) -> None:
    words = page.locator("#app").inner_text() + page.evaluate("document.getElementById('barrio-prompt').textContent")
    assert not [w for w in LIVE_WORDS if w in words], words[:600]
    line = page.locator("#replay-line").inner_text()
    assert not line.startswith(f"{text('player.you', 'en')}: Klaus"), line


def test_replay_state_after_steps_and_a_jump_is_a_fresh_open_at_that_step(make_context, open_app, shot):
    page = make_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True).new_page()
    finish_solo_game(page, open_app, seed=5)
    n = open_replay(page, open_app)
    # what a fresh open shows at the end and halfway (each read at rest)
    page.locator("#replay-last").tap()
    at_end = rested(page)
    assert at_end["step"] == str(n)
    no_live_words(page)
    slide(page, n // 2)
    halfway = rested(page)
    assert halfway["step"] == str(n // 2) and halfway["picture"] != at_end["picture"]
    no_live_words(page)
    # the steps, from a freshly opened replay
    n = open_replay(page, open_app)
    for _ in range(6):
        page.locator("#replay-next").tap()
        page.wait_for_timeout(200)
        no_live_words(page)
    page.locator("#replay-last").tap()
    now = table(page)
    shot(page, "replay-state-after-jump")
    assert now == at_end, "at once after »: " + str({k: v for k, v in now.items() if k != "picture" and v != at_end[k]})
    assert rested(page) == at_end, "after », once the animations had time to run"
    no_live_words(page)
    # a step back and forward (animated), the slider during that step's animation
    page.locator("#replay-back").tap()
    page.locator("#replay-next").tap()
    page.wait_for_timeout(150)
    slide(page, n // 2)
    assert table(page) == halfway, "the slider during a step's animation"
    assert rested(page) == halfway
    # autoplay, stopped by »
    page.locator("#f-replay-speed").select_option("250")
    page.locator("#replay-play").tap()
    page.wait_for_function(f"Number(document.getElementById('replay').dataset.step) >= {n // 2 + 3}", timeout=10_000)
    page.locator("#replay-last").tap()
    assert table(page) == at_end, "autoplay, then »"
    assert rested(page) == at_end
    no_live_words(page)
