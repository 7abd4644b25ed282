"""Neue Heimat's table drawing and hit logic under CPython: every legal place on the table has a button, every button is legal."""

from __future__ import annotations

from typing import Any

import pytest

import game.neueheimat as nh
from lab.neueheimat.scenario import scenario
from game.ui.neueheimat.table import (
    Scene, action_for_key, bid_steps, draw_table, house_points, panel_actions, round_points, table_size, tap,
)
from game.ui.canvas import Outcome
from .random_play import random_states

ON_TABLE = {"auction", "place", "mayor", "permit", "cancel"}  # chosen by tapping the canvas; the rest are panel buttons


def play(seed: int, players: int, steps: int = 400):
    """Random legal play, every state on the way."""
    return random_states(nh.SPEC, players, seed, steps)


def scene_for(state, **extra) -> Scene:
    p = nh.SPEC.current_player(state)
    legal = nh.SPEC.legal_actions(state) if p is not None else []
    return Scene(names=[f"Seat {i + 1}" for i in range(state.players)], viewer=p, my_turn=p is not None, legal=legal, **extra)


@pytest.mark.parametrize("players,wide", [(3, False), (5, False), (2, True), (4, True)])
def test_buttons_are_exactly_the_legal_table_moves(players, wide):
    width, height = table_size(players, wide)
    seen_kinds = set()
    for seed in range(4):
        for state in play(seed * 7 + players, players):
            scene = scene_for(state)
            frame = draw_table(nh.SPEC.view(state, scene.viewer or 0), scene, wide)
            assert (frame.width, frame.height) == (width, height)
            # the places the layout tools check a panel leaves in sight (data-auction-box, data-own-box)
            assert set(frame.places) == ({"auction", "own"} if scene.viewer is not None else {"auction"})
            targets = frame.targets
            keys = [t.key for t in targets]
            assert len(keys) == len(set(keys)), "target keys are unique"
            mapped = []
            for t in targets:
                assert 0 <= t.x and t.x + t.w <= width + 0.01 and 0 <= t.y and t.y + t.h <= height + 0.01, t
                assert t.w >= 26 and t.h >= 32, f"{t.key} too small to tap"
                action = tap(t.key, scene).action
                assert action is not None, f"{t.key} is not a legal action"
                mapped.append(action)
                assert t.label and t.highlight
            table_moves = [a for a in scene.legal if a["type"] in ON_TABLE]
            assert sorted(map(repr, mapped)) == sorted(map(repr, table_moves))
            rest = [a for a in scene.legal if a["type"] not in ON_TABLE]
            panel = panel_actions(nh.SPEC.view(state, 0), rest)
            if state.phase == "bid":  # quick steps: the lowest raise, all-in and the pass are always there
                assert {"type": "pass"} in panel and rest[0] in panel and rest[-2] in panel
            else:
                assert sorted(map(repr, panel)) == sorted(map(repr, rest))
            seen_kinds |= {a["type"] for a in mapped}
            assert frame.draw.to_json()
    assert {"auction", "place"} <= seen_kinds


def test_targets_not_shown_when_it_is_not_the_viewers_turn():
    state = nh.SPEC.new_game(3, 11)
    state = nh.SPEC.apply_action(state, {"type": "profits", "take": False})
    scene = scene_for(state)
    scene.my_turn = False
    targets = draw_table(nh.SPEC.view(state, 0), scene).targets
    assert targets == []
    scene.my_turn = True
    key = next(t.key for t in draw_table(nh.SPEC.view(state, 0), scene).targets)
    assert tap(key, scene).action is not None
    scene.my_turn = False  # a tap that reaches the table out of turn asks nothing
    assert tap(key, scene) == Outcome()


def test_house_points_and_projection_agree_with_engine_scores():
    for seed in range(6):
        for state in play(seed, 3):
            view = nh.SPEC.view(state, 0)
            if view["phase"] == "over":
                break
            # the engine's running score = earlier rounds + this round as it stands
            assert [t + r for t, r in zip(view["totals"], round_points(view))] == nh.SPEC.scores(state)
            for r, row in enumerate(view["board"]):
                for i, house in enumerate(row):
                    owner, pts = house_points(view, r, i)
                    value = sum(p for _, p in house["cubes"]) + house["roof"]
                    assert abs(pts) in (value, 2 * value)
                    assert (pts > 0) == (r in view["complete"])


def test_bid_steps_never_exceed_money_and_always_beat_the_high_bid():
    for high in range(0, 13):
        for money in range(0, 13):
            steps = bid_steps(high, money)
            assert all(high < a <= money for a in steps)
            if money > high:
                assert high + 1 in steps and money in steps
            else:
                assert steps == []


def test_permit_buttons_show_the_lengths_they_would_give():
    state = scenario(3, board=(("r5:2", "y3"), (), ()), supply=["permit2"])
    state = nh.SPEC.apply_action(state, {"type": "profits", "take": False})
    state = nh.SPEC.apply_action(state, {"type": "auction", "piece": "permit", "size": 2})
    for _ in range(2):
        state = nh.SPEC.apply_action(state, {"type": "pass"})
    assert state.phase == "place" and state.holder == 0
    scene = scene_for(state)
    targets = draw_table(nh.SPEC.view(state, 0), scene).targets
    labels = {t.key: t.label for t in targets}
    # top row holds two houses: 4+2 = 6 allowed, 4−2 = 2 allowed (not below the two houses); other rows 6 or 2
    assert "length 4 becomes 6" in labels["permit-0-2"] and "length 4 becomes 2" in labels["permit-0--2"]
    assert set(labels) == {f"permit-{r}-{c}" for r in range(3) for c in (2, -2)}
    assert action_for_key("permit-1--2", scene.legal) == {"type": "permit", "row": 1, "change": -2}
    assert {"type": "discard"} in panel_actions(nh.SPEC.view(state, 0), scene.legal)


def cancel_to_place(permits: tuple) -> Any:
    """A three-player table whose top row has five houses, with ``permits`` placed: seat 0 auctioned the cancel
    cube, nobody bid, and now places it."""
    state = scenario(3, board=(("r5:2", "y3", "g2", "b1", "w6"), (), ()), permits=permits, supply=["cancel"])
    state = nh.SPEC.apply_action(state, {"type": "profits", "take": False})
    state = nh.SPEC.apply_action(state, {"type": "auction", "piece": "cancel"})
    for _ in range(2):
        state = nh.SPEC.apply_action(state, {"type": "pass"})
    return state


def test_cancel_buttons_name_the_permit_and_refuse_what_would_cut_houses():
    state = cancel_to_place(((1,), (-3,), ()))
    scene = scene_for(state)
    targets = draw_table(nh.SPEC.view(state, 0), scene).targets
    labels = {t.key: t.label for t in targets}
    # removing +I from the top row would leave 4 lots under 5 houses: not offered; the middle row goes from 1 back to 4
    assert set(labels) == {"cancel-1--3"}
    assert "length 1 becomes 4" in labels["cancel-1--3"]


def test_mayor_and_single_lot_targets():
    state = scenario(3, board=(("r5",), ("y6", "g4"), ()), supply=["mayor"], display=(("b3", "w2"), ("k6",), ()))
    state = nh.SPEC.apply_action(state, {"type": "profits", "take": False})
    scene = scene_for(state)
    targets = draw_table(nh.SPEC.view(state, 0), scene).targets
    keys = {t.key for t in targets}
    assert {"cube-0-left", "cube-0-right", "cube-1-left", "mayor"} <= keys and "cube-1-right" not in keys
    state = nh.SPEC.apply_action(state, {"type": "auction", "piece": "cube", "row": 0, "end": "left"})  # the blue 3
    for _ in range(2):
        state = nh.SPEC.apply_action(state, {"type": "pass"})
    scene = scene_for(state)
    targets = draw_table(nh.SPEC.view(state, 0), scene).targets
    keys = {t.key for t in targets}
    # top lot 1 is a single-cube lot: no stacking there; middle lot 1 (a 6) takes it, middle lot 2 (a 4) too
    assert "lot-0-0" not in keys and "lot-0-1" in keys
    assert {"lot-1-0", "lot-1-1", "lot-1-2", "lot-2-0"} <= keys


@pytest.mark.parametrize("players,lang", [(2, "en"), (5, "es"), (3, "fr")])
def test_no_text_under_the_least_size_in_any_frame(players, lang):
    """Issue 14: every text of every table drawn through random games (upright and wide) is at least MIN_FONT units
    (12 CSS px on the smallest phone), and none is so long its ``max_width`` would squeeze it."""
    from game.ui.neueheimat.table import MIN_FONT, text_width

    drawn = 0
    for seed in range(3):
        for state in play(seed * 5 + players, players, steps=300):
            for wide in (False, True):
                d = draw_table(nh.SPEC.view(state, 0), scene_for(state, lang=lang, patterns=True), wide).draw
                drawn += 1
                for c in d.commands:
                    if c[0] != "text" or not str(c[3]).strip():
                        continue
                    px = float(c[4].split("px")[0].split()[-1])
                    assert px >= MIN_FONT, c
                    if c[8] is not None:
                        assert text_width(str(c[3]), px, c[4].startswith("bold")) <= c[8] + 0.5, c
    assert drawn > 300


def test_least_font_reaches_12_css_px_at_any_scale():
    from game.ui.canvas import MIN_FONT, least_font

    assert least_font(0) == MIN_FONT and least_font(1.0) == MIN_FONT  # a 360-px phone and wider: 13 units
    assert least_font(312 / 360) == 14  # a 320-px phone less its margins
    for k in range(40, 200):
        scale = k / 100
        assert least_font(scale) >= MIN_FONT and least_font(scale) * scale >= 12


def test_a_larger_least_size_reaches_every_text():
    """On a narrow phone the table draws every text at the frame's least size or larger (12 CSS px there)."""
    drawn = 0
    for state in play(4, 3, steps=200):
        for wide in (False, True):
            d = draw_table(nh.SPEC.view(state, 0), scene_for(state, least=14.5), wide).draw
            sizes = [float(c[4].split("px")[0].split()[-1]) for c in d.commands if c[0] == "text" and str(c[3]).strip()]
            assert sizes and min(sizes) >= 14.5
            drawn += 1
    assert drawn > 100


def test_table_buttons_are_a_finger_wide_on_the_narrowest_phone():
    """Every button but a lot's is at least 51 units each way: 44 CSS px at a 320-px phone's scale (312 px for 360
    units). The road pieces' choices split their row, the display's end cubes reach out to the row's edge."""
    least = 44 / (312 / 360)
    seen = set()
    for seed in range(6):
        for state in play(seed, 2 + seed % 3):
            scene = scene_for(state)
            targets = draw_table(nh.SPEC.view(state, scene.viewer or 0), scene, False).targets
            for t in targets:
                kind = t.key.split("-")[0]
                seen.add(kind)
                if kind != "lot":
                    assert min(t.w, t.h) >= least, t
    assert {"cube", "roofs", "mayor", "permit"} <= seen


def test_road_choices_split_the_row_one_per_place():
    state = cancel_to_place(((1, 2), (), ()))
    scene = scene_for(state)
    targets = draw_table(nh.SPEC.view(state, 0), scene).targets
    road = [t for t in targets if t.key.startswith("cancel-")]
    assert len(road) == 2
    assert {t.key for t in road} == {f"cancel-{a['row']}-{a['change']}" for a in scene.legal if a["type"] == "cancel"}
    for row in {t.key.split("-")[1] for t in road}:  # side by side across the row, none over another
        mine = sorted((t for t in road if t.key.split("-")[1] == row), key=lambda t: t.x)
        assert all(a.x + a.w <= b.x for a, b in zip(mine, mine[1:]))


@pytest.mark.parametrize("wide", [False, True])
def test_small_lots_are_placed_row_first_then_on_the_row_shown_large(wide):
    """Issue 14: where a lot is narrower than a finger, placing a cube or roof takes two taps, each on a button a
    finger wide on the narrowest phone (51 units: 44 CSS px at 312 px for 360 units): a row holding a legal lot, then
    a lot of that row drawn large in the board's place. Every legal place is reachable this way and no other."""
    least = 44 / (312 / 360)
    width, height = table_size(3, wide)
    checked = 0
    for seed in range(5):
        for state in play(seed + 40, 3):
            scene = scene_for(state, small_lots=True)
            places = [a for a in scene.legal if a["type"] == "place"]
            if not places:
                continue
            view = nh.SPEC.view(state, scene.viewer)
            targets = draw_table(view, scene, wide).targets
            keys = {t.key for t in targets}
            rows = {a["row"] for a in places}
            assert keys == {f"row-{r}" for r in rows}, keys  # the whole board: rows, no lot
            assert all(min(t.w, t.h) >= least for t in targets)
            assert all(action_for_key(k, scene.legal) is None for k in keys)  # opening a row is not a move
            reached = []
            for r in rows:
                frame = draw_table(view, scene_for(state, small_lots=True, zoom_row=r), wide)
                d, targets = frame.draw, frame.targets
                lots = [t for t in targets if t.key.startswith("lot-")]
                assert {t.key for t in targets} == {"zoom-out"} | {t.key for t in lots}
                for t in targets:
                    assert min(t.w, t.h) >= least, t
                    assert 0 <= t.x and t.x + t.w <= width + 0.01 and 0 <= t.y and t.y + t.h <= height + 0.01, t
                boxes = sorted((t.x, t.y, t.x + t.w, t.y + t.h) for t in targets)
                for a, b in zip(boxes, boxes[1:]):  # no button over another
                    assert a[2] <= b[0] + 0.01 or a[3] <= b[1] + 0.01 or b[3] <= a[1] + 0.01, (a, b)
                reached += [action_for_key(t.key, scene.legal) for t in lots]
                assert any(c[0] == "transform" for c in d.commands)  # the row's lots are drawn magnified
            assert sorted(map(repr, reached)) == sorted(map(repr, places))
            checked += 1
    assert checked > 20


def test_a_hinted_placement_is_marked_on_small_and_large_tables():
    """The coach's marks for a piece to place (row, then lot) name buttons the table shows: on a table whose lots are
    too small, the row's button and then, with the row shown large, the lot's; on a larger table, the lot's."""
    from game.ui.neueheimat.hint_targets import hint_keys

    checked = 0
    for state in play(8, 3):
        scene = scene_for(state)
        places = [a for a in scene.legal if a["type"] == "place"]
        if not places:
            continue
        view = nh.SPEC.view(state, scene.viewer)
        action = places[-1]
        row_key, lot_key = hint_keys(view, scene.legal, action)
        large = {t.key for t in draw_table(view, scene).targets}
        small = {t.key for t in draw_table(view, scene_for(state, small_lots=True)).targets}
        zoomed = {t.key for t in draw_table(view, scene_for(state, small_lots=True, zoom_row=action["row"])).targets}
        assert lot_key in large and row_key not in large
        assert row_key in small and lot_key in zoomed
        checked += 1
    assert checked > 5
