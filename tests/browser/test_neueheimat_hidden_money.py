"""Neue Heimat hot-seat with hidden money: the table really hides the other players' money.

The money is drawn on the canvas, so the test reads what is drawn: the page
asks to see every frame (``window.houseGamesFrameProbe``, see site/bridge.js)
and keeps the last frame's commands; the texts drawn are what the player sees. With money hidden, the
player in front of the device sees their own money and a "?" for everyone
else's money and cash box; switching the option off shows the others' figures.
"""

from __future__ import annotations

import json
import re

from .neueheimat_steps import human_policy, saved_match, start_game, tap_action

import game.neueheimat as nh

KEEP_FRAMES = "window.houseGamesFrameProbe = (canvas, json) => { window.__houseGamesLastFrame = json; };"
MONEY = re.compile(r"^\d+M$")


def drawn_texts(page) -> list[str]:
    frame = page.evaluate("window.__houseGamesLastFrame")
    if isinstance(frame, str):  # JSON text or (parsed by the bridge) the command list
        frame = json.loads(frame)
    return [c[3] for c in frame if c[0] == "text"]


def test_neueheimat_hidden_money_is_not_drawn_for_the_other_players(page, open_app):
    page.add_init_script(KEEP_FRAMES)
    start_game(page, open_app, ["human", "human", "bot:weak"], seed=9)
    page.locator("#nh-hide-money").check()
    for _ in range(40):  # play on until a pass-the-device screen comes between the two humans
        if page.locator("#pass-ready").is_visible():
            break
        page.wait_for_function("document.querySelector('#nh-controls button[data-act]') || "
                               "document.querySelector('.board button.target[data-legal]') || "
                               "(document.getElementById('pass-ready') && document.getElementById('pass-ready').offsetParent)")
        if page.locator("#pass-ready").is_visible():
            break
        match = saved_match(page)
        before = len(match.entries)
        tap_action(page, human_policy(match.state, nh.SPEC.legal_actions(match.state)))
        page.wait_for_function(f"JSON.parse(houseGames.autosave()).actions.length > {before}")
    else:
        raise AssertionError("the pass screen never came")
    assert page.locator("section.table").is_hidden()
    page.evaluate("window.__houseGamesLastFrame = null")
    page.locator("#pass-ready").tap()
    page.locator("section.table").wait_for(state="visible")
    page.wait_for_function("window.__houseGamesLastFrame !== null")  # the table drawn for the player now in front
    state = saved_match(page).state
    viewer = saved_match(page).current_player()
    players = len(state.money)
    hidden = drawn_texts(page)
    assert f"{state.money[viewer]}M" in hidden, "the player's own money is shown"
    assert hidden.count("?") >= 2 * (players - 1), f"the others' money and cash are not hidden: {hidden}"
    # the same table with money shown: exactly the others' money figures appear in place of the question marks
    page.evaluate("window.__houseGamesLastFrame = null")
    page.locator("#nh-hide-money").uncheck()
    page.wait_for_function("window.__houseGamesLastFrame !== null")  # drawn again with the option off
    shown = drawn_texts(page)
    assert shown.count("?") == hidden.count("?") - 2 * (players - 1)
    assert len([t for t in shown if MONEY.match(t)]) == len([t for t in hidden if MONEY.match(t)]) + players - 1
    for p in range(players):
        assert f"{state.money[p]}M" in shown and str(state.cash[p]) in shown
