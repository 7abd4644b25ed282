"""Barrio's table logic under CPython: every move a bot makes can be made by tapping, and the frame offers it.

These tests drive :mod:`game.ui.barrio.table` (pure Python) through whole games:
for each action a bot chooses, the taps that make it (``taps_for``) must exist as
enabled buttons in the painted frame of the moment, and feeding them to ``tap``
must give back exactly that action.
"""

from __future__ import annotations


import pytest

import game.barrio as B
from game.barrio import cards as C
from game.core import IllegalAction
from game.ui.barrio.table import Pick, flashes, line_split, overflow_cell, paint, score_rows, tap, taps_for

NAMES = ["Ana", "Bo", "Cy", "Di"]


def play_through_taps(players: int, seed: int, wide: bool = False, lang: str = "en") -> tuple[B.State, dict[str, int]]:
    state = B.SPEC.new_game(players, seed)
    bots = [B.SPEC.make_bot("weak", seed * 10 + p) for p in range(max(1, players))]
    seen: dict[str, int] = {}
    for _ in range(2000):
        if B.SPEC.is_over(state):
            break
        me = B.SPEC.current_player(state)
        view = B.SPEC.view(state, me)
        legal = B.SPEC.legal_actions(state)
        action = bots[me].choose(view, legal)
        pick = Pick()
        made = None
        for key in taps_for(action, view, legal):
            frame = paint(view, legal, pick, lang, NAMES, True, wide=wide)
            enabled = {tg.key for tg in frame.targets if tg.enabled}
            assert key in enabled, f"{key} not offered for {action} in phase {view['phase']}"
            assert frame.width in (360, 720) and 300 < frame.height < 2000
            out = tap(key, view, legal, pick, lang)
            assert out.message is None, out.message
            if out.action is not None:
                made = out.action
        assert made == action
        seen[action["type"]] = seen.get(action["type"], 0) + 1
        state = B.SPEC.apply_action(state, made)
    assert B.SPEC.is_over(state)
    return state, seen


def test_solo_game_is_playable_by_taps():
    _, seen = play_through_taps(1, 11)
    assert seen["place"] > 5 and seen["draw"] > 5 and seen["build"] >= 1 and seen["panorama"] >= 1


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8)])
def test_multiplayer_games_are_playable_by_taps(players, seed):
    _, seen = play_through_taps(players, seed, wide=players == 4, lang="es")
    assert seen["keep_houses"] == players and seen["build"] >= 1


def test_selected_material_lights_exactly_its_legal_cells():
    state = B.SPEC.new_game(1, 4)
    state = B.SPEC.apply_action(state, {"type": "place", "card": B.SPEC.view(state, 0)["hand"][0], "row": 0, "col": 0})
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    card = view["hand"][0]
    pick = Pick()
    assert tap(f"hand-{card}", view, legal, pick, "en").action is None and pick.card == card
    frame = paint(view, legal, pick, "en", NAMES, True)
    lit = {tg.key for tg in frame.targets if tg.highlight and tg.key.startswith("cell-")}
    assert lit == {f"cell-{a['row']}_{a['col']}" for a in legal if a["type"] == "place" and a["card"] == card}
    assert lit == {"cell--1_0", "cell-1_0", "cell-0_-1", "cell-0_1"}


def test_a_picked_material_names_each_market_place_by_whether_it_can_go_there():
    """Issue 40: the green places are said too: every place's name ends with whether the picked card can go there."""
    state = B.SPEC.new_game(1, 4)
    state = B.SPEC.apply_action(state, {"type": "place", "card": B.SPEC.view(state, 0)["hand"][0], "row": 0, "col": 0})
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    card = view["hand"][0]
    pick = Pick()
    tap(f"hand-{card}", view, legal, pick, "en")
    legal_places = {f"cell-{a['row']}_{a['col']}" for a in legal if a["type"] == "place" and a["card"] == card}
    for lang, can, cannot in (("en", "the card can go here", "the card cannot go here"),
                              ("fr", "la carte peut aller ici", "la carte ne peut pas aller ici")):
        cells = [tg for tg in paint(view, legal, pick, lang, NAMES, True).targets
                 if tg.key.startswith("cell-") and tg.key != "cell-0_0"]
        assert {tg.key for tg in cells} > legal_places
        for tg in cells:
            assert tg.label.endswith(can if tg.key in legal_places else cannot), (tg.key, tg.label)


def test_klaus_tied_houses_are_named_as_tied():
    """Issue 40: the houses ringed for Klaus's tie say so in their names; the others do not."""
    state = next(s for s in (B.SPEC.new_game(1, seed, level="A") for seed in range(200)) if s.phase == "klaus_tie")
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    tied = {a["house"] for a in legal}
    names = {tg.key: tg.label for tg in paint(view, legal, Pick(), "en", NAMES, True).targets if tg.key.startswith("hm-")}
    market = view["house_market"]
    assert tied and names
    for key, label in names.items():
        assert label.endswith(", tied: Klaus builds the one you choose") == (market[int(key[3:])] in tied), (key, label)


def test_refusals_are_explained_not_silent():
    state = B.SPEC.new_game(1, 4)
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    out = tap("hm-0", view, legal, Pick(), "en")  # building before placing two materials
    assert out.action is None and "after placing two" in out.message
    out = tap("cell-0_0", view, legal, Pick(), "es")
    assert out.message and "material" in out.message
    assert tap("deck-m", view, legal, Pick(), "en", my_turn=False).message == "It is not your turn."


def test_build_preview_splits_paid_and_rubble():
    # find a solo position with a build on offer and check the preview against the engine's result
    state = B.SPEC.new_game(1, 21)
    bot = B.SPEC.make_bot("weak", 1)
    while not B.SPEC.is_over(state):
        legal = B.SPEC.legal_actions(state)
        builds = [a for a in legal if a["type"] == "build"]
        if builds:
            a = builds[0]
            view = B.SPEC.view(state, 0)
            paid, rubble = line_split(view, a)
            after = B.SPEC.apply_action(state, a)
            assert sorted(B.SPEC.view(after, 0)["rubble"][0]) == sorted(view["rubble"][0] + rubble)
            assert set(paid) <= set(B.SPEC.view(after, 0)["material_discard"])
            return
        state = B.SPEC.apply_action(state, bot.choose(B.SPEC.view(state, 0), legal))
    pytest.fail("no build offered in a whole game")


def test_overflow_cells_follow_the_solo_bound():
    view = {"solo": True, "market_box": [0, 0, 2, 3]}
    assert not overflow_cell(view, 0, 4) and overflow_cell(view, 0, 5) and overflow_cell(view, 3, 0)
    view = {"solo": False, "market_box": [0, 0, 4, 3]}
    assert not overflow_cell(view, 0, 4) and overflow_cell(view, 5, 0)


def test_klaus_steps_become_animation_steps_with_words():
    state = B.SPEC.new_game(1, 2)
    bot = B.SPEC.make_bot("weak", 2)
    before = len(B.SPEC.view(state, 0)["log"])
    state = B.SPEC.apply_action(state, bot.choose(B.SPEC.view(state, 0), B.SPEC.legal_actions(state)))
    while B.SPEC.view(state, 0)["phase"] not in ("start",):
        state = B.SPEC.apply_action(state, bot.choose(B.SPEC.view(state, 0), B.SPEC.legal_actions(state)))
    events = B.SPEC.view(state, 0)["log"][before:]
    steps = flashes(events, 0, lambda e: B.SPEC.describe_event(e, "en"))
    assert any("Klaus" in s.text for s in steps)
    assert all(s.text for s in steps)


def test_end_rows_words_match_engine_breakdown():
    state, _ = play_through_taps(1, 5)
    b = B.SPEC.score_breakdown(state, 0)
    rows = score_rows(b, "en")
    assert sum(rows.values()) == b["total"] == B.SPEC.scores(state)[0]
    assert list(rows) == ["Houses", "Panoramas", "Burruños", "Rubble", "Cards left in hand"]


def test_cards_carry_more_than_colour():
    # every material and landscape has its own pattern/letter/glyph, so colour is never the only cue
    from game.ui.barrio import look

    patterns = [v[1] for k, v in look.MATERIAL_LOOK.items() if k != "burruno"]
    letters = [v[2] for k, v in look.MATERIAL_LOOK.items() if k != "burruno"]
    assert len(set(patterns)) == 5 and len(set(letters)) == 5
    label = look.card_label(54, "en")
    h = C.HOUSES[54]
    assert str(h["points"]) in label and h["icon"] in label and h["left"] in label


def test_klaus_tie_is_asked_on_the_tied_houses_only():
    state = B.SPEC.new_game(1, 0)  # seed 0: Klaus's set-up pick is tied
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    assert view["phase"] == "klaus_tie"
    frame = paint(view, legal, Pick(), "en", NAMES, True)
    assert "Klaus is tied" in frame.prompt
    tied = {a["house"] for a in legal}
    lit = {view["house_market"][int(tg.key[3:])] for tg in frame.targets if tg.highlight and tg.key.startswith("hm-")}
    assert lit == tied
    slot = view["house_market"].index(legal[1]["house"])
    assert tap(f"hm-{slot}", view, legal, Pick(), "en").action == legal[1]


def test_engine_refusals_are_worded_in_spanish():
    state = B.SPEC.new_game(1, 4)
    card = B.SPEC.view(state, 0)["hand"][0]
    state = B.SPEC.apply_action(state, {"type": "place", "card": card, "row": 0, "col": 0})
    other = B.SPEC.view(state, 0)["hand"][0]
    with pytest.raises(IllegalAction) as exc:
        B.SPEC.apply_action(state, {"type": "place", "card": other, "row": 2, "col": 2})
    assert exc.value.key == "barrio.must_touch"
    assert exc.value.text("es").startswith("Un material debe tocar")
    assert exc.value.text("en") == str(exc.value)


def test_klaus_area_changes_step_by_step_during_his_turn():
    from game.ui.barrio.table import klaus_before, with_klaus

    state = B.SPEC.new_game(1, 11)
    bot = B.SPEC.make_bot("weak", 5)
    for _ in range(200):
        before = state
        state = B.SPEC.apply_action(state, bot.choose(B.SPEC.view(state, 0), B.SPEC.legal_actions(state)))
        old, new = B.SPEC.view(before, 0), B.SPEC.view(state, 0)
        events = new["log"][len(old["log"]):]
        kinds = {e["type"] for e in events}
        if {"klaus_draw", "klaus_build"} <= kinds:
            break
    else:
        pytest.fail("Klaus never built")
    steps = [s for s in flashes(events, 0, lambda e: B.SPEC.describe_event(e, "en"), klaus_before(old)) if s.klaus]
    hands = [s.klaus["hand"] for s in steps]
    houses = [sum(len(p) for p in s.klaus["pans"]) for s in steps]
    assert hands[0] == len(old["klaus"]["hand"]) and max(hands) > hands[0]  # the pile grows draw by draw
    assert houses[0] == old["klaus"]["houses"] and houses[-1] == new["klaus"]["houses"] == houses[0] + 1
    assert steps[-1].klaus["hand"] == len(new["klaus"]["hand"]) and steps[-1].klaus["kept"] == len(new["klaus"]["kept"])
    # and the painted frame of the first step shows Klaus as he was
    frame = paint(new, [], Pick(), "en", NAMES, False, flash=steps[0])
    label = next(tg.label for tg in frame.targets if tg.key == "klaus-info")
    assert f"{hands[0]} materials face down" in label
    assert with_klaus(new, steps[-1].klaus)["klaus"]["houses"] == new["klaus"]["houses"]
    # his score too: as before his build at the first step, as now at the last
    assert with_klaus(new, steps[-1].klaus)["scores"] == new["scores"]
    assert with_klaus(new, steps[0].klaus)["scores"][1] == old["scores"][1]


def test_full_grid_offer_and_house_discard_by_taps():
    from lab.barrio.scenario import material, scenario

    kinds = ["wood"] * 9 + ["brick"] * 8 + ["stone"] * 7
    counts: dict[str, int] = {}
    cells = [(r, c) for r in range(5) for c in range(5) if (r, c) != (4, 4)]
    market = {}
    for cell, kind in zip(cells, kinds):
        market[cell] = material(kind, counts.get(kind, 0))
        counts[kind] = counts.get(kind, 0) + 1
    last = material("stone", 10)
    house = 54
    state = scenario(2, hands=[[last, house], []], market=market, phase="placed1", placed=1)
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    pick = Pick()
    tap(f"hand-{last}", view, legal, pick, "en")
    action = tap("cell-4_4", view, legal, pick, "en").action
    state = B.SPEC.apply_action(state, action)
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    assert view["phase"] == "full_grid"
    frame = paint(view, legal, Pick(), "en", NAMES, True)
    keys = {tg.key: tg for tg in frame.targets}
    assert keys[f"hand-{house}"].highlight and "skip" in keys and "5×5" in frame.prompt
    assert tap(f"hand-{house}", view, legal, Pick(), "en").action == {"type": "full_grid_build", "house": house}
    # discarding houses: a mode, marks, then the button
    state = scenario(2, hands=[[material("wood"), 55, 56], []])
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    pick = Pick()
    for key in ("discard-mode", "hand-55", "hand-56"):
        assert tap(key, view, legal, pick, "en").action is None
    frame = paint(view, legal, pick, "en", NAMES, True)
    assert any(tg.key == "discard" and tg.label == "Discard 2" for tg in frame.targets)
    action = tap("discard", view, legal, pick, "en").action
    assert action == {"type": "discard_houses", "cards": [55, 56]} and action in legal


def _font_px(font: str) -> float:
    return float(font.split("px")[0].split()[-1])


@pytest.mark.parametrize("players,lang", [(1, "en"), (2, "es"), (4, "fr")])
def test_no_text_under_the_least_size_in_any_frame(players, lang):
    """Issue 14: every text of every frame of a whole game (narrow and wide, any pick, the narrower table of a
    320-px phone and the narrowest wide table) is at least MIN_FONT units (12 CSS px on the smallest phone), and none is so long its
    ``max_width`` would squeeze it."""
    from game.ui.barrio.look import MIN_FONT, text_width
    from game.ui.barrio.table import LEAST_WIDE, NARROW, WIDE, narrow_width

    state = B.SPEC.new_game(players, 21 + players)
    bots = [B.SPEC.make_bot("weak", 7 + p) for p in range(players)]
    frames = 0
    for _ in range(2000):
        if B.SPEC.is_over(state):
            break
        me = B.SPEC.current_player(state)
        view, legal = B.SPEC.view(state, me), B.SPEC.legal_actions(state)
        action = bots[me].choose(view, legal)
        picks = [Pick()]
        if action["type"] == "build":  # the house and its line chosen: handles, paid and rubble marks, build buttons
            pick = Pick(house=action["house"], line=(action["line"]["axis"], action["line"]["index"]))
            picks.append(pick)
        for pick in picks:
            # 312: a 320-px phone's board; LEAST_WIDE: the wide table on a small phone on its side
            for wide, narrow, wide_units in ((False, NARROW, WIDE), (False, narrow_width(312), WIDE), (True, NARROW, WIDE),
                                             (True, NARROW, LEAST_WIDE)):
                frame = paint(view, legal, pick, lang, NAMES, True, wide=wide, narrow=narrow, wide_units=wide_units)
                frames += 1
                for c in frame.draw.commands:
                    if c[0] != "text" or not str(c[3]).strip():
                        continue
                    assert _font_px(c[4]) >= MIN_FONT, (c, view["phase"])
                    if c[8] is not None:
                        assert text_width(str(c[3]), _font_px(c[4]), c[4].startswith("bold")) <= c[8] + 0.5, c
        state = B.SPEC.apply_action(state, action)
    assert B.SPEC.is_over(state) and frames > 100


def test_card_names_only_where_the_table_is_shown_large_enough():
    """Small print appears when the screen says the table is big (a desktop), and never under 12 CSS px."""
    from game.barrio.text import house_name
    from game.ui.barrio.look import text_width

    state = B.SPEC.new_game(1, 11)
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    names = {house_name(c, "en") for c in view["house_market"] if c is not None}
    assert names

    def texts(scale):
        frame = paint(view, legal, Pick(), "en", NAMES, True, wide=True, scale=scale)
        return [c for c in frame.draw.commands if c[0] == "text"]

    phone = {c[3] for c in texts(0.97)}
    assert not names & phone  # a phone's market cards show no names
    big = texts(2.4)
    shown = [c for c in big if c[3] in names]
    assert {c[3] for c in shown} == names
    for c in shown:  # at that scale each name is seen at 12 CSS px or more, even squeezed into its card
        px = _font_px(c[4])
        seen = px * min(1.0, c[8] / text_width(c[3], px, True)) * 2.4
        assert seen >= 12


def test_the_narrowest_phones_get_a_narrower_table_not_smaller_print():
    from game.ui.barrio.table import LEAST_SCALE, NARROW, narrow_width

    assert narrow_width(None) == narrow_width(352) == narrow_width(900) == NARROW  # a 360-px phone and wider: 360 units
    for css in range(250, 352):
        units = narrow_width(css)
        assert units <= NARROW and (css / units >= LEAST_SCALE or units == 280)
    assert narrow_width(312) == 321


def test_phones_on_their_side_get_a_wide_table_with_fewer_units_not_smaller_buttons():
    """A 600–700-px board draws the wide table with fewer units (never under LEAST_SCALE CSS px per unit), down to
    LEAST_WIDE; the screen switches to it from there on a phone on its side."""
    from game.ui.barrio.screen import WIDE_FROM_LANDSCAPE_PX
    from game.ui.barrio.table import LEAST_SCALE, LEAST_WIDE, WIDE, wide_width

    assert wide_width(None) == wide_width(699) == wide_width(1400) == WIDE
    for css in range(500, 699):
        units = wide_width(css)
        assert LEAST_WIDE <= units <= WIDE and (css / units >= LEAST_SCALE or units == LEAST_WIDE)
    assert wide_width(WIDE_FROM_LANDSCAPE_PX) == LEAST_WIDE and WIDE_FROM_LANDSCAPE_PX / LEAST_WIDE >= LEAST_SCALE
    assert wide_width(624) == 643  # a 640x360 phone's board


@pytest.mark.parametrize("players", [1, 2, 4])
def test_hand_cards_stay_a_finger_wide_on_every_table(players):
    """Over a whole game, on the upright table (360 units, and 321 on a 320-px phone) and the wide one (720, and the
    least, LEAST_WIDE), every card of the hand is at least FINGER_UNITS on its shorter side, inside the table, and
    no two overlap: a full hand wraps to a second row rather than shrink."""
    from game.ui.barrio.table import FINGER_UNITS, LEAST_WIDE, NARROW, WIDE, narrow_width

    state = B.SPEC.new_game(players, 60 + players)
    bots = [B.SPEC.make_bot("weak", 9 + p) for p in range(players)]
    tables = [(False, NARROW, WIDE), (False, narrow_width(312), WIDE), (True, NARROW, WIDE), (True, NARROW, LEAST_WIDE)]
    longest = 0
    while not B.SPEC.is_over(state):
        me = B.SPEC.current_player(state)
        view, legal = B.SPEC.view(state, me), B.SPEC.legal_actions(state)
        longest = max(longest, len(view["hand"]))
        for wide, narrow, wide_units in tables:
            frame = paint(view, legal, Pick(), "en", NAMES, True, wide=wide, narrow=narrow, wide_units=wide_units)
            hand = [t for t in frame.targets if t.key.startswith("hand-")]
            assert len(hand) == len(view["hand"])
            for t in hand:
                assert min(t.w, t.h) >= FINGER_UNITS - 1e-6, (wide, narrow, wide_units, t)
                assert 0 <= t.x and t.x + t.w <= frame.width + 1e-6
            for i, a in enumerate(hand):
                for b in hand[i + 1:]:
                    assert a.x + a.w <= b.x + 1e-6 or b.x + b.w <= a.x + 1e-6 or a.y + a.h <= b.y + 1e-6 or b.y + b.h <= a.y + 1e-6
        state = B.SPEC.apply_action(state, bots[me].choose(view, legal))
    if players > 1:
        assert longest >= 6  # the game reached hands that would not fit one row on the narrowest tables
