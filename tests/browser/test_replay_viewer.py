"""A solo game finished in the app, then replayed step by step on Barrio's own table (issue 15)."""

from __future__ import annotations

from .replay_helpers import QUICK, finish_solo_game, table_scores


def test_a_finished_solo_game_replays_step_by_step_with_the_engines_scores(page, open_app, shot):
    match = finish_solo_game(page, open_app)
    spec = match.spec
    engine = list(spec.scores(match.state))
    assert table_scores(page, "#final-scores") == engine
    # later, from the start screen: Past games → Replay, on the real Barrio table this time
    open_app(page, query=QUICK)
    page.get_by_role("button", name="Past games").tap()
    games = page.locator("#past-list .past-game")
    assert games.count() == 1
    games.first.get_by_role("button", name="Replay").tap()
    bar = page.locator("#replay")
    bar.wait_for()
    page.locator("#barrio-board canvas").wait_for()
    n = len(match.entries)
    assert bar.get_attribute("data-steps") == str(n)
    assert page.locator("#replay-line").inner_text().startswith("The setup")
    for k in range(1, n + 1):
        page.locator("#replay-next").tap()
        page.wait_for_function(f"document.getElementById('replay').dataset.step === '{k}'")
        expected = [int(x) for x in spec.view(match.states[k], 0)["scores"]]
        assert table_scores(page) == expected, f"step {k}"
        assert page.locator("#replay-line").inner_text()  # each step says what was done
    assert table_scores(page) == engine
    assert page.locator("#replay-next").is_disabled()
    assert page.locator("#end-screen").count() == 0  # the last step is not a new end of game
    shot(page, "replay-end")
    # back, the slider and autoplay
    page.locator("#replay-first").tap()
    page.wait_for_function("document.getElementById('replay').dataset.step === '0'")
    page.locator("#f-replay-speed").select_option("250")
    page.locator("#replay-play").tap()
    page.wait_for_function("Number(document.getElementById('replay').dataset.step) >= 3", timeout=10_000)
    page.locator("#replay-play").tap()  # pause
    # pin it, close, and the list says so
    page.locator("#replay-pin").tap()
    page.locator("#replay-close").tap()
    page.locator("#past-list .past-game[data-pinned='true']").wait_for()


def test_every_replay_control_is_a_44px_target_at_360x640(make_context, open_app, shot):
    page = make_context(viewport={"width": 360, "height": 640}).new_page()
    finish_solo_game(page, open_app, seed=11)
    page.locator("#end-replay").tap()
    page.locator("#replay").wait_for()
    small = page.evaluate("""() => [...document.querySelectorAll('#replay button, #replay select, #replay input, #end-screen button')]
        .filter((e) => e.offsetParent !== null)
        .map((e) => [e.id || e.textContent, e.getBoundingClientRect().width, e.getBoundingClientRect().height])
        .filter(([, w, h]) => w < 44 || h < 44)""")
    assert small == []
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    shot(page, "replay-360x640")
