"""Nyhavn's pure table under CPython: every move a bot makes can be made by taps, drags and the bar's buttons.

These tests drive :class:`game.ui.nyhavn.table.Table` through whole games: for
each action a bot chooses, the inputs that make it must be offered (an
enabled target in the painted frame, or a shown and enabled button of the
bar), and feeding them to ``tap`` / ``command`` / ``pointer`` must give back
exactly that action.
"""

from __future__ import annotations

import pytest

import game.nyhavn as N
from game.ui.nyhavn.drawing import Seen
from game.ui.nyhavn.layout import anchor_for, build_spots, grip, layout, zoom_layout
from game.ui.canvas import Frame, Outcome
from game.ui.nyhavn.table import Table, shape_for
from .nyhavn_inputs import orient_path

NAMES = ["Ana", "Bo", "Cy", "Di"]


def seen_of(state: N.State, lang: str = "en") -> Seen:
    me = N.SPEC.current_player(state)
    return Seen(N.SPEC.view(state, me), N.SPEC.legal_actions(state), True, state, me)


def turn_with_builds(players: int = 2, seed: int = 5) -> N.State:
    """The first position of a bot game where the seat to move starts a turn and may build."""
    state = N.SPEC.new_game(players, seed)
    bot = N.SPEC.make_bot("weak", seed)
    while not N.SPEC.is_over(state):
        legal = N.SPEC.legal_actions(state)
        if state.phase == "turn" and any(a["type"] == "build" for a in legal):
            return state
        state = N.SPEC.apply_action(state, bot.choose(N.SPEC.view(state, N.SPEC.current_player(state)), legal))
    raise AssertionError("no build in the whole game")


def make_table(players: int, lang: str = "en") -> Table:
    return Table(lang, NAMES[:players], players, lambda a: N.SPEC.describe_action(a, lang))


def enabled_keys(table: Table, seen: Seen) -> set[str]:
    return {tg.key for tg in table.paint(seen).targets if tg.enabled}


def tapped(table: Table, key: str, seen: Seen) -> Outcome:
    assert key in enabled_keys(table, seen), f"{key} not offered in phase {seen.view['phase']}"
    return table.tap(key, seen)


def pressed(table: Table, cmd: str, seen: Seen) -> Outcome:
    _, _, specs = table.bar(seen, "")
    shown = {dict(attrs)["data-cmd"]: dict(attrs) for attrs, _ in specs}
    assert cmd in shown, f"no {cmd} button in phase {seen.view['phase']}: {sorted(shown)}"
    assert not shown[cmd]["disabled"], f"{cmd} is disabled"
    out = table.command(cmd, seen)
    assert out is not None
    return out


def make_by_inputs(table: Table, action: dict, seen: Seen) -> dict | None:
    """Feed the table the inputs a player would use for ``action``; the action they produce."""
    kind = action["type"]
    if kind == "take":
        if ("both_actions" in action["abilities"]) != table.pick.both:
            out = pressed(table, "both", seen)
            if out.action is not None:
                return out.action
        made = None
        for d in action["docks"]:
            out = tapped(table, f"dock-{d}", seen)
            made = out.action or made
        return made or pressed(table, "take", seen).action
    if kind == "build":
        tile, goal = action["tile"], action["orient"]
        tapped(table, f"stack-{tile}", seen)
        for how in orient_path(tile, table.pick.orient, goal):
            pressed(table, how, seen)
        assert table.pick.orient == goal
        gx, gy = grip(tile, goal)
        tapped(table, f"cell-{action['col'] + gx}-{action['row'] + gy}", seen)
        assert table.message[0] == "good", table.message
        return pressed(table, "place", seen).action
    if kind == "pay":
        return pressed(table, f"pay-{seen.legal.index(action)}", seen).action
    if kind == "arms":
        if action["choice"] == "white":
            return tapped(table, f"cell-{action['col']}-{action['row']}", seen).action
        if action["choice"] == "ability":
            return pressed(table, f"ability-{action['ability']}", seen).action
        return pressed(table, "refresh", seen).action
    if kind == "discard":
        return tapped(table, f"hand-{action['colour']}", seen).action
    if kind == "end_turn":
        return pressed(table, "end", seen).action
    if kind == "pass":
        return pressed(table, "pass", seen).action
    raise AssertionError(action)


def play_through_inputs(players: int, seed: int, lang: str = "en") -> dict[str, int]:
    state = N.SPEC.new_game(players, seed)
    bots = [N.SPEC.make_bot("weak", seed * 10 + p) for p in range(players)]
    table = make_table(players, lang)
    made_kinds: dict[str, int] = {}
    for _ in range(3000):
        if N.SPEC.is_over(state):
            break
        seen = seen_of(state, lang)
        action = bots[seen.viewer].choose(seen.view, seen.legal)
        made = make_by_inputs(table, action, seen)
        assert made == action, (made, action)
        table.clear()  # as the screen does once an action is applied
        made_kinds[action["type"]] = made_kinds.get(action["type"], 0) + 1
        state = N.SPEC.apply_action(state, made)
    assert N.SPEC.is_over(state)
    return made_kinds


@pytest.mark.parametrize("players,seed,lang", [(2, 3, "en"), (3, 7, "es")])
def test_whole_games_are_playable_by_taps_and_buttons(players, seed, lang):
    made = play_through_inputs(players, seed, lang)
    assert made["take"] > 5 and made["build"] > 3


@pytest.mark.parametrize("mode", ["narrow", "side", "landscape", "wide", "zoom"])
def test_the_painted_frame_has_the_layouts_size_and_names_the_parts_its_buttons_lie_in(mode):
    """``Table.paint`` answers in the canvas's Frame: the layout's size, and each dock, house cell, tile stack, hand
    card and ability button inside the place of that name (what the screen sizes the board by, and tools read)."""
    seen = seen_of(turn_with_builds())
    table = make_table(2)
    table.lay = zoom_layout("narrow", 2, 320) if mode == "zoom" else layout(mode, 2)
    if mode == "zoom":  # the zoomed house shows the tile in hand beside it
        table.tap(f"stack-{sorted({a['tile'] for a in seen.legal if a['type'] == 'build'})[0]}", seen)
    frame = table.paint(seen)
    assert type(frame) is Frame and (frame.width, frame.height) == (table.lay.width, table.lay.height)
    assert {"house", "supply", "hand", "abilities", "others"} <= set(frame.places)
    assert ("held" in frame.places) == (mode == "zoom") and ("track" in frame.places) == (table.lay.track is not None)
    part = {"cell": "house", "stack": "supply", "hand": "hand", "ability": "abilities"}
    checked = 0
    for t in frame.targets:
        kind = t.key.split("-")[0]
        name = t.key if kind == "dock" else part.get(kind)
        if name is None or (mode == "zoom" and kind != "cell"):  # the zoomed house covers the rest of the table
            continue
        x, y, w, h = frame.places[name]
        assert x - 0.01 <= t.x and t.x + t.w <= x + w + 0.01 and y - 0.01 <= t.y and t.y + t.h <= y + h + 0.01, (t, name)
        checked += 1
    assert checked >= 45  # the 45 house cells at least


def test_fits_marks_exactly_the_cells_where_the_tile_goes():
    seen = seen_of(turn_with_builds())
    table = make_table(2)
    tile = sorted({a["tile"] for a in seen.legal if a["type"] == "build"})[0]
    table.tap(f"stack-{tile}", seen)
    pressed(table, "fits", seen)
    lit = {tg.key for tg in table.paint(seen).targets if tg.key.startswith("cell-") and tg.highlight}
    gx, gy = grip(tile, table.pick.orient)
    spots = {f"cell-{c + gx}-{r + gy}" for o, c, r in build_spots(seen.legal, tile) if o == table.pick.orient}
    assert lit == spots and spots


def test_refusals_are_explained_in_the_prompt():
    seen = seen_of(turn_with_builds())
    table = make_table(2)
    # a tile that cannot be built (no cards for it): the prompt says why, nothing is chosen
    buildable = {a["tile"] for a in seen.legal if a["type"] == "build"}
    tile = next(f"{c}{s}" for c in ("blue", "yellow", "red", "green", "purple") for s in (5, 4, 3, 2) if f"{c}{s}" not in buildable)
    out = table.tap(f"stack-{tile}", seen)
    assert out.render and out.action is None and table.pick.tile is None
    kind, text = table.message
    assert kind == "bad" and text
    # a placement where the tile does not fit: the prompt turns red and the place button is disabled
    tile = sorted(buildable)[0]
    table.tap(f"stack-{tile}", seen)
    fits = {(c, r) for o, c, r in build_spots(seen.legal, tile) if o == table.pick.orient}
    gx, gy = grip(tile, table.pick.orient)
    bad = next((c, r) for c in range(5) for r in range(9) if anchor_for(tile, table.pick.orient, c, r) not in fits)
    table.tap(f"cell-{bad[0]}-{bad[1]}", seen)
    assert table.message[0] == "bad"
    _, _, specs = table.bar(seen, "")
    place = next(dict(a) for a, _ in specs if dict(a)["data-cmd"] == "place")
    assert place["disabled"] is True


def test_a_drag_places_the_ghost_and_the_click_that_ends_it_is_no_tap():
    seen = seen_of(turn_with_builds())
    table = make_table(2)
    tile = sorted({a["tile"] for a in seen.legal if a["type"] == "build"})[0]
    table.tap(f"stack-{tile}", seen)
    house, s = table.lay.house, table.lay.cell
    x, y = house.x + 2.5 * s, house.y + house.h - 0.5 * s  # the middle of column 3, bottom row
    assert table.pointer("pointerdown", x, y, seen).capture
    move = table.pointer("pointermove", x, y, seen)
    assert move.render and move.prevent
    assert table.pick.anchor == anchor_for(tile, table.pick.orient, 2, 0)
    assert table.pointer("pointerup", x, y, seen).ended
    assert table.tap("cell-0-8", seen) == Outcome()  # the click that ends the drag
    assert table.pick.anchor == anchor_for(tile, table.pick.orient, 2, 0)
    table.drag_moved = False  # the screen clears it right after the drag
    table.tap("cell-0-8", seen)
    assert table.pick.anchor == anchor_for(tile, table.pick.orient, 0, 8)


def test_another_seats_turn_offers_nothing_but_looking():
    state = N.SPEC.new_game(3, 2)
    me = (N.SPEC.current_player(state) + 1) % 3
    seen = Seen(N.SPEC.view(state, me), N.SPEC.legal_actions(state), False, state, me)
    table = make_table(3)
    assert {k.split("-")[0] for k in enabled_keys(table, seen)} == {"ability", "player"}  # looking, not playing
    assert table.bar(seen, "Bo is playing")[0] == "Bo is playing"
    assert table.tap("dock-0", seen) == Outcome()
    other = (me + 1) % 3
    assert table.tap(f"player-{other}", seen).render and table.inspect == other
    out = table.tap("ability-any_cards", seen)
    assert out.message and out.action is None


@pytest.mark.parametrize("size,mode", [((360, 360, 740, True), "narrow"), ((1000, 1000, 800, False), "wide"),
                                       ((820, 932, 430, True), "landscape"), ((700, 844, 390, True), "side"),
                                       ((700, 844, 390, False), "landscape"),
                                       ((640, 640, 560, False), "side")])
def test_the_shape_follows_the_window(size, mode):
    assert shape_for(*size) == mode
