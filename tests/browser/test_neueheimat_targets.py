"""Neue Heimat's table buttons in every kind of decision, by touch, from the narrowest phone to a tablet (issue 14).

The layout tests open the game at its first decision (the cash-box choice, panel buttons) and the next (choosing a
piece to auction on the table). Here a saved game is opened where a road piece is to be placed: the mayor, a
permit or the cancel cube, whose choices are made on the table's rows (up to three on one row); and a cube to
place, whose lots are narrower than a finger at every touch size: a row first, then a lot of that row shown large.
At each touch size every enabled button, the canvas's transparent ones included, is at least 44×44 CSS px, no
text is under 12 CSS px, nothing scrolls sideways and the prompt is on screen.
"""

from __future__ import annotations

import collections
import json
import random

import game.neueheimat as nh
from game.core import Match
from game.core.match import Seat
from game.ui.neueheimat.table import action_for_key

from .conftest import settle
from .layout import NARROW, SIZES, TEXT_PROBE, measure, problems
from .layout_games import GAMES

SHAPE = GAMES["neueheimat"]
TOUCH = [NARROW] + [s for s in SIZES if s[3]]
ROAD = ("mayor", "permit", "cancel")


def position(kind: str, options_on_a_row: int = 1, rows: int = 1, lot_at_least: int = 0) -> Match:
    """A two-player game (the human against a computer) played on at random until the human must take a ``kind``
    decision with at least ``options_on_a_row`` choices on one board row, choices on ``rows`` rows and one on a lot
    numbered ``lot_at_least`` or more, counted from 0 (kind ``auction``: the first choice of a piece to auction). The human bids for road pieces and buys them back, so such
    positions come quickly."""
    for seed in range(200):
        match = Match.new("neueheimat", 2, seed, [Seat(), Seat("computer", "weak")])
        rng = random.Random(seed)
        for _ in range(400):
            state = match.state
            if nh.SPEC.is_over(state):
                break
            legal = nh.SPEC.legal_actions(state)
            mine = match.current_player() == 0
            found = collections.Counter(a.get("row", 0) for a in legal if a["type"] == kind)
            far = any(a.get("lot", 0) >= lot_at_least for a in legal if a["type"] == kind)
            if mine and len(found) >= rows and max(found.values(), default=0) >= options_on_a_row and far:
                if kind != "place" or state.piece[0] == "cube":
                    return match
            road = [a for a in legal if a["type"] == "auction" and a["piece"] in ROAD]
            if mine and road:
                action = rng.choice(road)
            elif mine and {"type": "buy"} in legal:
                action = {"type": "buy"}
            else:
                action = rng.choice(legal)
            match.apply(action)
    raise AssertionError(f"no position with a {kind} decision found")


CASES = {  # the decision, the least choices on one row, the least rows and the least lot (from 0), the table
    # buttons that must be there
    "mayor": ("mayor", 1, 1, 0, "mayor-"),
    "permit": ("permit", 2, 1, 0, "permit-"),
    "cancel": ("cancel", 2, 1, 0, "cancel-"),
    "cube": ("place", 1, 2, 5, "row-"),  # a lot of the zoomed row's second line (lots 6 to 10)
}


def test_road_choices_fit_a_finger(make_context, site_url, shot):
    """One page, one start of the app: the first saved game is in storage before the app starts; each next one is
    put there by a second tab of the same site (the app hears of it as of any other tab's change) and opened with
    Menu, then Resume."""
    name, width, height, _ = TOUCH[0]
    context = make_context(viewport={"width": width, "height": height}, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.add_init_script(TEXT_PROBE)
    matches = {case: position(kind, per_row, rows, lot) for case, (kind, per_row, rows, lot, _) in CASES.items()}
    saves = [json.dumps(m.to_json()) for m in matches.values()]
    # only the site's own page may touch its storage (other documents, about:blank first, are refused)
    context.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url + "?")}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('house-games.autosave', {json.dumps(saves[0])});
    }}""")
    page = context.new_page()
    page.goto(site_url + "?pause=3600000")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    context.route("**/favicon.ico", lambda route: route.fulfill(status=204))  # the second tab's browser asks for one
    other = context.new_page()
    other.goto(site_url + "manifest.webmanifest")  # the same origin, without starting a second app
    page.bring_to_front()  # a tab in the background gets no animation frames
    for i, (case, (kind, _, _, _, prefix)) in enumerate(CASES.items()):
        if i:
            # stamped now, as the app stamps its own saves: newer than the game the last case's tap saved
            save = other.evaluate("""(save) => {
                const text = JSON.stringify({...JSON.parse(save), saved_at: Date.now()});
                localStorage.setItem('house-games.autosave', text);
                return text;
            }""", saves[i])
            page.wait_for_function("(save) => (houseGames.savedGame() || {}).text === save", arg=save)  # the save written last
            page.locator("#menu").tap()
        page.locator("#resume").tap()
        page.wait_for_function("(p) => document.querySelector(`.board button.target[data-key^='${p}']`) !== null", arg=prefix,
                               timeout=60_000)
        if kind == "place":
            check_lot_choices(page, shot, matches[case])
        else:
            check_road_choices(page, shot, case, matches[case], kind, prefix)


def check_road_choices(page, shot, case, match, kind, prefix):
    """At every touch size: one button per legal place, each a finger wide, the page's checks; then a tap on one."""
    legal = [a for a in nh.SPEC.legal_actions(match.state) if a["type"] == kind]
    for name, width, height, _ in TOUCH:
        m = measure(page, SHAPE, width, height)
        if name in ("320x568", "390x844"):
            shot(page, f"neueheimat-targets-{case}-{name}")
        buttons = enabled_targets(page)
        keys = {b["key"] for b in buttons if b["key"].startswith(prefix)}
        assert len(keys) == len(legal), (case, name, keys, legal)
        assert [b for b in buttons if min(b["w"], b["h"]) < 43.5] == [], (case, name)
        assert problems(m) == [], (case, name, problems(m))
        assert m["canvas_text"] is not None and m["canvas_text"]["px"] >= 11.95, (case, name, m["canvas_text"])
    tap_records(page, match, sorted(keys)[0], legal)  # and a tap on one takes that decision


def enabled_targets(page) -> list[dict]:
    """The table's enabled buttons: key and CSS size."""
    return page.evaluate("""() => [...document.querySelectorAll('.board button.target')].filter((b) => !b.disabled)
        .map((b) => { const r = b.getBoundingClientRect(); return {key: b.dataset.key, w: r.width, h: r.height}; })""")


def check_lot_choices(page, shot, match):
    """A cube to place, at every touch size: the lots are narrower than a finger, so the whole board offers its rows
    (one button each, where the cube may go); a tap on a row shows that row large in the board's place, where every
    legal lot is a button a finger wide; the row stays open through a resize; a tap on a lot places the cube."""
    legal = [a for a in nh.SPEC.legal_actions(match.state) if a["type"] == "place"]
    rows = sorted({a["row"] for a in legal})
    assert len(rows) >= 2
    row = next(a["row"] for a in legal if a["lot"] >= 5)  # the row opened: one with a lot on its second line
    for k, (name, width, height, _) in enumerate(TOUCH):
        m = measure(page, SHAPE, width, height)
        buttons = enabled_targets(page)
        if k:  # the row opened at the last size stays open after the resize
            assert {b["key"] for b in buttons} == {"zoom-out"} | {f"lot-{a['row']}-{a['lot']}" for a in legal if a["row"] == row}, name
            page.locator(".board button.target[data-key='zoom-out']").tap()
            page.wait_for_function("document.querySelector(\".board button.target[data-key='zoom-out']\") === null")
            m = measure(page, SHAPE, width, height)
            buttons = enabled_targets(page)
        assert {b["key"] for b in buttons} == {f"row-{r}" for r in rows}, (name, buttons)  # no lot a finger can miss
        assert [b for b in buttons if min(b["w"], b["h"]) < 43.5] == [], name
        assert problems(m) == [], (name, problems(m))
        page.locator(f".board button.target[data-key='row-{row}']").tap()
        page.wait_for_function("document.querySelector(\".board button.target[data-key='zoom-out']\") !== null")
        settle(page)
        # where the page was: every lot shows a finger-sized part on screen, above the prompt at the window's foot
        # (the row opened scrolls into view when it has to)
        seen = page.evaluate("""() => {
            const foot = document.getElementById('nh-controls').getBoundingClientRect().top;
            const limit = Math.min(innerHeight, foot > 0 ? foot : innerHeight);
            return [...document.querySelectorAll(".board button.target[data-key^='lot-']")].map((b) => {
                const r = b.getBoundingClientRect();
                return {key: b.dataset.key, w: r.width, h: Math.min(r.bottom, limit) - Math.max(r.top, 0)}; });
        }""")
        if name in ("320x568", "390x844", "844x390"):
            shot(page, f"neueheimat-targets-cube-{name}", full_page=False)
        assert [s for s in seen if min(s["w"], s["h"]) < 43.5] == [], (name, seen)
        m = measure(page, SHAPE, width, height)
        buttons = enabled_targets(page)
        lots = {b["key"] for b in buttons if b["key"].startswith("lot-")}
        assert lots == {f"lot-{a['row']}-{a['lot']}" for a in legal if a["row"] == row}, name
        assert [b for b in buttons if min(b["w"], b["h"]) < 43.5] == [], (name, buttons)
        assert problems(m) == [], (name, problems(m))
        assert m["canvas_text"] is not None and m["canvas_text"]["px"] >= 11.95, (name, m["canvas_text"])
    tap_records(page, match, sorted(lots)[0], legal)  # and a tap on a lot places the cube there


def tap_records(page, match, key: str, legal: list[dict]) -> None:
    """Tap the table's button ``key``: the autosave records the legal action it stands for, next after ``match``'s."""
    count = len(match.entries)
    page.locator(f".board button.target[data-key='{key}']").tap()
    page.wait_for_function("(n) => JSON.parse(houseGames.autosave()).actions.length > n", arg=count,
                           timeout=30_000)
    saved = json.loads(page.evaluate("houseGames.autosave()"))
    assert saved["actions"][count]["action"] == action_for_key(key, legal)
