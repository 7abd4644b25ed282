"""Nyhavn rules, one by one, refusals included (the reason is in the message and the state is unchanged)."""

from __future__ import annotations

import json

import pytest

from game import nyhavn as N
from game.core import IllegalAction, MalformedAction, SaveFormatError
from game.nyhavn import state as E
from game.nyhavn import tiles as T
from game.nyhavn.tiles import ABILITIES, COLOURS, KIND_COLOUR, KIND_INDEX


# ----------------------------------------------------------------- helpers

def hand(**counts: int) -> list[int]:
    return [counts.get(c, 0) for c in COLOURS]


def placement(tile: str, cells: set[tuple[int, int]]) -> tuple[int, int, int]:
    """The (orient, col, row) of ``tile`` covering exactly ``cells``."""
    for o, pattern in enumerate(N.tile_orientations(tile)):
        for row in range(9):
            for col in range(5):
                if {(col + dx, row + dy) for dx, dy, _ in pattern} == cells:
                    return o, col, row
    raise AssertionError(f"{tile} cannot cover {sorted(cells)}")


def put(s: E.State, p: int, tile: str, cells: set[tuple[int, int]]) -> None:
    """Put a tile in a house directly (set-up for a test, not a rules action)."""
    o, col, row = placement(tile, cells)
    kind = KIND_INDEX[tile]
    rec = E.placement_record(kind, o, col, row)
    h = s.houses[p]
    h[0] |= rec[2]
    h[1] |= rec[3]
    h[2 + KIND_COLOUR[kind]] |= rec[2]


def build(tile: str, cells: set[tuple[int, int]]) -> dict:
    o, col, row = placement(tile, cells)
    return {"type": "build", "tile": tile, "orient": o, "col": col, "row": row}


def refused(s: E.State, action: dict, words: str) -> None:
    before = N.SPEC.to_json(s)
    with pytest.raises(IllegalAction, match=words):
        N.SPEC.apply_action(s, action)
    assert N.SPEC.to_json(s) == before


def game(n: int = 2, seed: int = 1) -> E.State:
    return N.SPEC.new_game(n, seed)


def row_cells(r: int, cols=range(5)) -> set[tuple[int, int]]:
    return {(c, r) for c in cols}


# ----------------------------------------------------------------- set-up

@pytest.mark.parametrize("n,tiles,cards", [(2, 7 * 5 + 12, 70), (3, 8 * 5 + 12, 60), (4, 10 * 5 + 12, 70)])
def test_setup_by_player_count(n, tiles, cards):
    s = game(n)
    assert sum(s.stacks) == tiles and s.stacks[KIND_INDEX["white"]] == 12
    assert [s.stacks[KIND_INDEX[f"red{k}"]] for k in (2, 3, 4, 5)] == {2: [2, 2, 2, 1], 3: [2, 3, 2, 1], 4: [3, 3, 3, 1]}[n]
    in_play = sum(map(sum, s.hands)) + sum(1 for d in s.docks if d >= 0) + sum(1 for c in s.supply if c < 5)
    assert in_play == cards and sum(s.box) == 70 - cards
    assert [sum(h) for h in s.hands] == [2, 3, 3, 4][:n]
    assert all(d >= 0 for d in s.docks)
    assert s.ability_supply == [0] + [n] * 4
    assert all(a == [E.ACTIVE, 0, 0, 0, 0] for a in s.abilities)
    if n == 2:
        assert s.end_card == E.END_IN_SUPPLY and E.END_CARD in s.supply[:10]
    else:
        assert s.end_card == E.END_BESIDE and E.END_CARD not in s.supply


def test_bad_player_counts_and_options_are_refused():
    for n in (1, 5, "2"):
        with pytest.raises(IllegalAction, match="2 to 4"):
            N.SPEC.new_game(n, 1)
    with pytest.raises(IllegalAction, match="option"):
        N.SPEC.new_game(2, 1, rounds=3)


@pytest.mark.parametrize("n, first", [(2, 1), (3, 2), (4, 1), (4, 3)])
def test_the_chosen_seat_starts_and_hands_follow_turn_order_from_it(n, first):
    """Rulebooks: the first player is chosen (the eldest, say), and the starting hands go «en el orden de turno»:
    2, 3, 3, 4 cards from the first player on."""
    s = N.SPEC.new_game(n, 7, first_player=first)
    assert N.SPEC.current_player(s) == first and s.log[-1] == {"type": "turn", "player": first}
    assert [sum(s.hands[(first + k) % n]) for k in range(n)] == [2, 3, 3, 4][:n]
    default = N.SPEC.new_game(n, 7)
    assert N.SPEC.current_player(default) == 0 and s.docks == default.docks  # same seed, same docks
    taken = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": []})
    assert N.SPEC.current_player(taken) == (first + 1) % n  # then play goes on clockwise


def test_who_starts_must_be_a_seat_of_the_game():
    for first in (2, -1, "1", True):
        with pytest.raises(IllegalAction, match="Who starts") as err:
            N.SPEC.new_game(2, 1, first_player=first)
        assert err.value.key == "nyhavn.first_player_range"


# ----------------------------------------------------------------- taking cards

def test_take_two_adjacent_docks_and_refill_at_end_of_turn_in_dock_order():
    s = game()
    taken = [s.docks[2], s.docks[3]]
    top = s.supply[-2:][::-1]
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [2, 3], "abilities": []})
    for c in taken:
        assert t.hands[0][c] == s.hands[0][c] + taken.count(c)
    assert t.docks[2:4] == top and t.seat == 1
    assert N.SPEC.undo_barrier(s, {"type": "take", "docks": [2, 3]}, t)


def test_take_refusals_one_card_non_adjacent_ends_do_not_wrap():
    s = game()
    refused(s, {"type": "take", "docks": [3]}, "two different docks")
    refused(s, {"type": "take", "docks": [1, 4], "abilities": []}, "next to each other")
    refused(s, {"type": "take", "docks": [0, 6], "abilities": []}, "does not wrap")
    refused(s, {"type": "take", "docks": [2, 2], "abilities": []}, "two different")
    with pytest.raises(MalformedAction):
        N.SPEC.apply_action(s, {"type": "take"})
    s.docks[4] = -1
    refused(s, {"type": "take", "docks": [3, 4], "abilities": []}, "Dock 5 is empty")


def test_any_cards_takes_two_docks_anywhere_and_is_flipped():
    s = game()
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 6], "abilities": ["any_cards"]})
    assert t.abilities[0][0] == E.USED
    refused(s, {"type": "take", "docks": [0, 1], "abilities": ["any_cards"]}, "do not need Any Cards")
    # used: no longer available on the next turn of that player
    t.seat = 0
    refused(t, {"type": "take", "docks": [0, 6], "abilities": ["any_cards"]}, "no active Any Cards")


def test_additional_card_takes_a_third_card_from_any_dock():
    s = game()
    refused(s, {"type": "take", "docks": [0, 1, 5], "abilities": []}, "Additional Card")
    s.abilities[0][1] = E.ACTIVE
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1, 5], "abilities": ["additional_card"]})
    assert sum(t.hands[0]) == sum(s.hands[0]) + 3 and t.abilities[0][1] == E.USED
    acts = N.SPEC.legal_actions(s)
    assert {"type": "take", "docks": [0, 1, 5], "abilities": ["additional_card"]} in acts
    assert {"type": "take", "docks": [0, 3, 5], "abilities": ["any_cards", "additional_card"]} in acts


def test_hand_limit_the_player_chooses_the_discards():
    s = game()
    s.hands[0] = hand(red=4, blue=2)
    s.docks[0], s.docks[1] = 0, 0  # two blue cards
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": []})
    assert t.phase == "discard" and t.seat == 0 and sum(t.hands[0]) == 8
    assert t.docks[0] == -1  # refilled only after the discard, at the end of the turn
    assert {a["colour"] for a in N.SPEC.legal_actions(t)} == {"red", "blue"}
    refused(t, {"type": "discard", "colour": "green"}, "no green card")
    u = N.SPEC.apply_action(t, {"type": "discard", "colour": "red"})
    assert u.hands[0] == hand(red=3, blue=4) and u.discard[COLOURS.index("red")] == 1 and u.seat == 1
    assert u.docks[0] >= 0


# ----------------------------------------------------------------- building

def test_placement_pictures_bottom_row_above_a_tile_both_neither_beside():
    s = game()
    s.hands[0] = hand(green=5, purple=5)
    put(s, 0, "red2", {(0, 0), (1, 0)})
    # on the bottom row
    N.SPEC.apply_action(s, build("green3", row_cells(0, (2, 3, 4))))
    # above a tile
    N.SPEC.apply_action(s, build("green3", row_cells(1, (1, 2, 3))))
    # both: one cell on the bottom row, one above the red tile (a vertical purple 2 next to... an L)
    s.hands[0] = hand(blue=3)
    N.SPEC.apply_action(s, build("blue3", {(1, 1), (2, 1), (2, 0)}))
    # neither
    refused(s, build("green3", row_cells(3, (0, 1, 2))), "must rest on the bottom row or on a tile")
    # beside a tile but not above one
    s.hands[0] = hand(green=5, purple=5)
    put(s, 0, "purple2", {(0, 1), (0, 2)})
    refused(s, build("green2", {(1, 2), (2, 2)}), "must rest on the bottom row or on a tile")
    # overhangs are allowed: one supported cell is enough
    assert N.placement_problem(s, *_args(build("purple3", row_cells(3, (0, 1, 2))))) is None


def _args(a):
    return a["tile"], a["orient"], a["col"], a["row"]


def test_placement_problem_says_why_in_english_and_spanish():
    s = game()
    put(s, 0, "red2", {(0, 0), (1, 0)})
    assert N.placement_problem(s, "purple5", 0, 1, 0) == "The tile would stick out of the house."
    assert N.placement_problem(s, "purple2", 0, 1, 0) == "The tile would overlap a tile already built."
    assert "fila de abajo" in N.placement_problem(s, "purple2", 0, 0, 4, "es")
    assert N.placement_problem(s, "purple2", 0, 2, 0) is None
    assert (2, 0) in N.legal_anchors(s, "purple2", 0) and (0, 4) not in N.legal_anchors(s, "purple2", 0)


def test_cost_size_3_green_beside_green_costs_2_not_beside_3_discount_one_less():
    s = game()
    s.hands[0] = hand(green=3)
    put(s, 0, "green2", {(0, 0), (1, 0)})
    beside = N.SPEC.apply_action(s, build("green3", row_cells(0, (2, 3, 4))))
    assert beside.hands[0] == hand(green=1)
    assert any(e["type"] == "build" and e["paid"] == {"green": 2} and e["adjacent"] for e in beside.log)
    s2 = game()
    s2.hands[0] = hand(green=3)
    put(s2, 0, "red2", {(0, 0), (1, 0)})
    apart = N.SPEC.apply_action(s2, build("green3", row_cells(0, (2, 3, 4))))
    assert apart.hands[0] == hand(green=0)
    s2.abilities[0][T.CONSTRUCTION_DISCOUNT] = E.ACTIVE
    t = N.SPEC.apply_action(s2, build("green3", row_cells(0, (2, 3, 4))))
    assert t.phase == "pay"
    assert N.SPEC.legal_actions(t) == [{"type": "pay", "cards": {"green": 3}, "discount": False},
                                  {"type": "pay", "cards": {"green": 2}, "discount": True}]
    u = N.SPEC.apply_action(t, {"type": "pay", "cards": {"green": 2}, "discount": True})
    assert u.hands[0] == hand(green=1) and u.abilities[0][T.CONSTRUCTION_DISCOUNT] == E.USED


def test_size_2_beside_same_colour_with_construction_discount_costs_nothing():
    s = game()
    s.hands[0] = hand()
    s.abilities[0][T.CONSTRUCTION_DISCOUNT] = E.ACTIVE
    put(s, 0, "red2", {(0, 0), (1, 0)})
    a = build("red2", {(2, 0), (3, 0)})
    assert a in N.SPEC.legal_actions(s)
    t = N.SPEC.apply_action(s, a)  # only one way to pay: auto
    assert t.seat == 1 and any(e["type"] == "build" and e["paid"] == {} and e["abilities"] == ["construction_discount"] for e in t.log)


def test_not_enough_cards_is_refused_with_the_price():
    s = game()
    s.hands[0] = hand(green=2)
    refused(s, build("green3", row_cells(0, (0, 1, 2))), "costs 3 green cards and you have 2")


def test_change_of_colours_four_green_and_a_purple_buy_a_size_5_of_either():
    s = game()
    s.hands[0] = hand(green=4, purple=1)
    refused(s, build("purple5", row_cells(0)), "costs 5 purple")
    s.abilities[0][T.CHANGE_OF_COLOURS] = E.ACTIVE
    plus = {(0, 1), (1, 1), (2, 1), (1, 0), (1, 2)}
    for tile, cells, pay in (("green5", plus, {"green": 4, "purple": 1}), ("purple5", row_cells(0), {"purple": 1, "green": 4})):
        t = N.SPEC.apply_action(s, build(tile, cells))  # the only way to pay: done at once
        assert t.hands[0] == hand() and t.abilities[0][T.CHANGE_OF_COLOURS] == E.USED and t.seat == 1
        assert [e["paid"] for e in t.log if e["type"] == "build"] == [pay]
    # with a choice of mixes, each is an explicit payment
    s.hands[0] = hand(green=2, purple=2)
    t = N.SPEC.apply_action(s, build("green3", row_cells(0, (0, 1, 2))))
    assert [a["cards"] for a in N.SPEC.legal_actions(t)] == [{"green": 2, "purple": 1}, {"green": 1, "purple": 2}]


def test_change_of_colours_turns_one_other_colour_only():
    # Spec: "with action B, treat all your cards of one colour as cards of one other colour".
    s = game()
    s.abilities[0][T.CHANGE_OF_COLOURS] = E.ACTIVE
    s.hands[0] = hand(green=1, purple=1, red=1)  # three cards, but of three colours
    assert not any(a.get("tile") == "green3" for a in N.SPEC.legal_actions(s))
    with pytest.raises(IllegalAction) as err:
        N.SPEC.apply_action(s, build("green3", row_cells(0, (0, 1, 2))))
    assert err.value.key == "nyhavn.cannot_pay_not_touching"
    s.hands[0] = hand(green=2, purple=2, red=2)
    t = N.SPEC.apply_action(s, build("green3", row_cells(0, (0, 1, 2))))
    assert t.phase == "pay"
    payments = [a["cards"] for a in N.SPEC.legal_actions(t)]
    assert {"green": 2, "purple": 1} in payments and {"green": 1, "red": 2} in payments
    assert all(len(cards) <= 2 and (len(cards) == 1 or "green" in cards) for cards in payments)
    refused(t, {"type": "pay", "cards": {"green": 1, "purple": 1, "red": 1}, "discount": False}, "one other colour only")
    refused(t, {"type": "pay", "cards": {"purple": 2, "red": 1}, "discount": False}, "one other colour only")


def test_payment_refusals():
    s = game()
    s.hands[0] = hand(green=3, red=3)
    s.abilities[0][T.CONSTRUCTION_DISCOUNT] = E.ACTIVE
    t = N.SPEC.apply_action(s, build("green3", row_cells(0, (0, 1, 2))))
    refused(t, {"type": "pay", "cards": {"red": 3}, "discount": False}, "unless you use Change of Colours")
    refused(t, {"type": "pay", "cards": {"green": 1}, "discount": False}, "not the price")
    refused(t, {"type": "pay", "cards": {"green": 4}, "discount": False}, "do not have 4 green")


def test_one_tile_per_turn_and_empty_stacks():
    s = game()
    s.hands[0] = hand(red=7)
    t = N.SPEC.apply_action(s, build("red2", row_cells(0, (0, 1))))
    assert t.seat == 1  # the turn is over after one tile
    s.stacks[KIND_INDEX["red2"]] = 0
    refused(s, build("red2", row_cells(0, (0, 1))), "No red size-2 tiles are left")
    assert not any(a.get("tile") == "red2" for a in N.SPEC.legal_actions(s))
    refused(s, {"type": "build", "tile": "white", "orient": 0, "col": 0, "row": 0}, "coat-of-arms")


# ----------------------------------------------------------------- scoring and coats of arms

def test_rows_score_1_or_2_with_all_windows_columns_2_or_4():
    s = game()
    s.hands[0] = hand(purple=7)
    put(s, 0, "purple2", {(3, 0), (4, 0)})
    t = N.SPEC.apply_action(s, build("purple3", row_cells(0, (0, 1, 2))))
    assert t.scores[0] == 1  # two bricks in row 1
    s2 = game()
    s2.hands[0] = hand(purple=7)
    for r in range(8):
        put(s2, 0, "white", {(0, r)})
    t2 = N.SPEC.apply_action(s2, build("purple2", {(0, 8), (1, 8)}))  # brick on top of column 1
    assert t2.scores[0] == 2
    assert not any(e["type"] == "score" and e["windows"] for e in t2.log)  # the brick is in column 1
    s4 = game()
    s4.hands[0] = hand(purple=7)
    for r in range(8):
        put(s4, 0, "white", {(0, r)})
    window_left = next(a for a in N.SPEC.legal_actions(s4) if a["type"] == "build" and a["tile"] == "purple2"
                       and a["row"] == 8 and a["col"] == 0
                       and all(w for dx, dy, w in N.tile_orientations("purple2")[a["orient"]] if dx == 0))
    t4 = N.SPEC.apply_action(s4, window_left)
    assert t4.scores[0] == 4 and any(e["type"] == "score" and e["line"] == "column" and e["windows"] for e in t4.log)


def test_all_window_row_scores_2():
    s = game()
    s.hands[0] = hand()
    for c in range(4):
        put(s, 0, "white", {(c, 0)})
    s.arms = 0
    s.stacks[KIND_INDEX["white"]] = 1
    s.phase, s.arms = "arms", 1
    t = N.SPEC.apply_action(s, {"type": "arms", "choice": "white", "col": 4, "row": 0})
    assert t.scores[0] == 2


def test_covering_a_coat_of_arms_gives_an_action_with_only_useful_choices():
    s = game()
    s.hands[0] = hand(purple=5)
    put(s, 0, "purple5", row_cells(0))
    put(s, 0, "purple5", row_cells(1))
    t = N.SPEC.apply_action(s, build("purple3", row_cells(2, (0, 1, 2))))  # covers (2, 2)
    assert t.phase == "arms" and t.seat == 0 and t.arms == 1
    acts = N.SPEC.legal_actions(t)
    assert {a["ability"] for a in acts if a["choice"] == "ability"} == set(ABILITIES) - {"any_cards"}
    assert not any(a["choice"] == "refresh" for a in acts)  # nothing used: flipping would change nothing
    assert {"type": "arms", "choice": "white", "col": 3, "row": 2} in acts
    refused(t, {"type": "arms", "choice": "ability", "ability": "any_cards"}, "already have")
    refused(t, {"type": "arms", "choice": "refresh"}, "nothing to turn back")
    u = N.SPEC.apply_action(t, {"type": "arms", "choice": "ability", "ability": "both_actions"})
    assert u.abilities[0][T.BOTH_ACTIONS] == E.ACTIVE and u.ability_supply[T.BOTH_ACTIONS] == 1 and u.seat == 1


def test_completing_a_coat_of_arms_row_and_white_tile_chains():
    s = game()
    s.hands[0] = hand(purple=5)
    put(s, 0, "purple5", row_cells(0))
    put(s, 0, "purple4", row_cells(1, (0, 1, 2, 3)))
    put(s, 0, "purple2", {(0, 2), (1, 2)})
    put(s, 0, "purple2", {(3, 2), (4, 2)})
    # complete row 2 (a coat-of-arms row) with the last cell by a white tile: that white gives a further action
    s.phase, s.arms = "arms", 1
    s.stacks[KIND_INDEX["white"]] = 5
    t = N.SPEC.apply_action(s, {"type": "arms", "choice": "white", "col": 4, "row": 1})
    assert t.phase == "arms" and t.arms == 1 and t.scores[0] == 1
    # the chained white covers the coat of arms at column 3, row 3
    u = N.SPEC.apply_action(t, {"type": "arms", "choice": "white", "col": 2, "row": 2})
    assert u.phase == "arms" and u.arms == 1 and u.scores[0] == 2  # row 3 complete too
    assert [e["type"] for e in u.log].count("arms") == 2


def test_a_trigger_with_no_possible_action_is_skipped():
    s = game()
    s.hands[0] = hand(purple=5)
    put(s, 0, "purple5", row_cells(0))
    put(s, 0, "purple5", row_cells(1))
    s.stacks[KIND_INDEX["white"]] = 0
    s.ability_supply = [0] * 5
    t = N.SPEC.apply_action(s, build("purple3", row_cells(2, (0, 1, 2))))
    assert t.seat == 1 and t.arms == 0 and any(e["type"] == "arms_skipped" for e in t.log)


def test_refresh_flips_used_ability_tiles_back():
    s = game()
    s.abilities[0] = [E.USED, E.USED, 0, E.ACTIVE, 0]
    s.ability_supply = [0] * 5
    s.stacks[KIND_INDEX["white"]] = 0
    s.phase, s.arms = "arms", 1
    assert N.SPEC.legal_actions(s) == [{"type": "arms", "choice": "refresh"}]
    t = N.SPEC.apply_action(s, {"type": "arms", "choice": "refresh"})
    assert t.abilities[0] == [E.ACTIVE, E.ACTIVE, 0, E.ACTIVE, 0]


def test_twelve_points_win_at_once_and_pending_actions_are_skipped():
    s = game()
    s.scores[0] = 11
    s.hands[0] = hand(purple=5)
    put(s, 0, "purple5", row_cells(0))
    put(s, 0, "purple5", row_cells(1))
    put(s, 0, "purple2", {(3, 2), (4, 2)})
    t = N.SPEC.apply_action(s, build("purple3", row_cells(2, (0, 1, 2))))  # covers a coat and completes row 3
    assert N.SPEC.is_over(t) and N.SPEC.winners(t) == [0] and t.arms == 0 and N.SPEC.current_player(t) is None
    assert N.SPEC.legal_actions(t) == []
    refused(t, {"type": "pass"}, "over")


# ----------------------------------------------------------------- Both Actions

def test_both_actions_take_cut_to_seven_build_then_refill():
    s = game()
    s.abilities[0][T.BOTH_ACTIONS] = E.ACTIVE
    s.hands[0] = hand(red=7)
    s.docks[0], s.docks[1] = 2, 2
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": ["both_actions"]})
    assert t.phase == "discard" and t.abilities[0][T.BOTH_ACTIONS] == E.USED
    t = N.SPEC.apply_action(t, {"type": "discard", "colour": "red"})
    t = N.SPEC.apply_action(t, {"type": "discard", "colour": "red"})
    assert t.phase == "build" and t.seat == 0 and t.docks[0] == -1 and sum(t.hands[0]) == 7
    assert {"type": "end_turn"} in N.SPEC.legal_actions(t)
    refused(t, {"type": "take", "docks": [2, 3], "abilities": []}, "start of your turn")
    u = N.SPEC.apply_action(t, build("red4", {(0, 0), (1, 0), (0, 1), (1, 1)}))
    assert u.seat == 1 and u.docks[0] >= 0 and u.hands[0] == hand(red=3)


def test_end_turn_only_after_both_actions():
    refused(game(), {"type": "end_turn"}, "Both Actions")


# ----------------------------------------------------------------- the end

def test_three_players_supply_runs_out_end_card_goes_in_bottom_ten():
    s = game(3)
    moved = s.supply[:]
    s.supply = []
    for c in moved:
        s.discard[c] += 1
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": []})
    assert t.end_card == E.END_IN_SUPPLY and E.END_CARD in t.supply[:10] and sum(t.discard) == 0
    assert any(e["type"] == "reshuffle" for e in t.log) and any(e["type"] == "end_card_shuffled" for e in t.log)


def test_revealing_the_end_card_ends_the_game_tie_break_fewest_empty_spaces_then_shared():
    s = game()
    s.supply = [c for c in s.supply if c != E.END_CARD] + [E.END_CARD]  # next to be drawn
    s.scores = [3, 3]
    put(s, 1, "white", {(0, 0)})
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": []})
    assert N.SPEC.is_over(t) and N.SPEC.winners(t) == [1] and t.log[-1]["reason"] == "end_card"
    s.houses[1] = [0] * 8
    t = N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": []})
    assert N.SPEC.winners(t) == [0, 1]
    s.scores = [4, 3]
    assert N.SPEC.winners(N.SPEC.apply_action(s, {"type": "take", "docks": [0, 1], "abilities": []})) == [0]


def test_supply_and_discard_both_empty_docks_stay_empty_and_pass_when_stuck():
    s = game()
    s.supply = []
    s.end_card = E.END_REVEALED  # a made-up position: no end card left to find, nothing to draw
    s.docks = [0, -1, -1, -1, -1, -1, -1]
    s.hands[0] = hand()
    assert N.SPEC.legal_actions(s) == [{"type": "pass"}]
    t = N.SPEC.apply_action(s, {"type": "pass"})
    assert t.docks == [0, -1, -1, -1, -1, -1, -1] and t.seat == 1
    refused(game(), {"type": "pass"}, "only when")


# ----------------------------------------------------------------- formats, views, words

def test_json_round_trip_and_damaged_saves():
    s = game(3, 7)
    for _ in range(15):
        s = N.SPEC.apply_action(s, N.SPEC.legal_actions(s)[0])
    data = json.loads(json.dumps(N.SPEC.to_json(s)))
    assert N.SPEC.from_json(data) == s
    for key, bad in (("hands", "x"), ("supply", [9]), ("phase", "lunch"), ("players", 9)):
        broken = dict(data)
        broken[key] = bad
        with pytest.raises(SaveFormatError):
            N.SPEC.from_json(broken)
    broken = dict(data)
    broken["discard"] = [d + 1 for d in data["discard"]]
    with pytest.raises(SaveFormatError, match="add up"):
        N.SPEC.from_json(broken)
    with pytest.raises(SaveFormatError):
        N.SPEC.from_json({"format": "house-games", "game": "barrio", "version": 1})


def test_saves_that_no_game_could_reach_are_refused_with_the_reason():
    s = game(2, 3)
    put(s, 0, "green2", {(0, 0), (1, 0)})  # hand-built position: the stacks must follow
    s.stacks[KIND_INDEX["green2"]] -= 1
    good = json.loads(json.dumps(N.SPEC.to_json(s)))
    assert N.SPEC.to_json(N.SPEC.from_json(good)) == good

    def damaged(**changes):
        data = json.loads(json.dumps(good))
        data.update(changes)
        return data

    cases = [
        (damaged(scores=[1, 0]), "score is not the points of their completed lines"),
        (damaged(stacks={**good["stacks"], "green2": good["stacks"]["green2"] + 1}), "tiles"),
        (damaged(ability_supply=[0, 2, 2, 2, 1]), "ability tiles"),
        (damaged(arms=1), "coat-of-arms"),
        (damaged(phase="over"), "winners"),
        (damaged(winners=[0]), "winners"),
        (damaged(both=True), "Both Actions"),
        (damaged(phase="pay"), "pending tile does not match its phase"),
        (damaged(phase="discard"), "discard"),
        (damaged(end_card=0), "end-of-game card"),
        (damaged(box=[2, 2, 2, 2, 2]), "add up"),
        (damaged(extra=1), "unknown field"),
    ]
    for data, reason in cases:
        with pytest.raises(SaveFormatError, match=reason):
            N.SPEC.from_json(data)


def test_view_hides_other_hands_and_the_supply():
    s = game(3, 5)
    v = N.SPEC.view(s, 1)
    assert v["hand"] == dict(zip(COLOURS, s.hands[1])) and v["hand_sizes"] == [2, 3, 3]
    assert v["supply"] == len(s.supply) and "supply_cards" not in v
    deals = [e for e in v["log"] if e["type"] == "deal"]
    assert [("cards" in e) for e in deals] == [False, True, False]
    text = json.dumps(v)
    assert json.loads(text) == v
    assert v["houses"][0]["grid"][0] == [None] * 5


def test_determinize_is_consistent_with_the_view():
    s = game(4, 9)
    while N.SPEC.current_player(s) != 2:  # seat 3 to move, so its legal actions can be compared
        s = N.SPEC.apply_action(s, N.SPEC.legal_actions(s)[0])
    v = N.SPEC.view(s, 2)
    d = N.SPEC.determinize(v, 2, 123)
    assert d.hands[2] == s.hands[2] and [sum(h) for h in d.hands] == [sum(h) for h in s.hands]
    assert d.docks == s.docks and len(d.supply) == len(s.supply) and N.SPEC.view(d, 2)["hand"] == v["hand"]
    assert N.SPEC.current_player(d) == 2 and N.SPEC.legal_actions(d) == N.SPEC.legal_actions(s)
    assert N.SPEC.view(d, 2) == v


def test_describe_every_event_and_action_in_english_and_spanish():
    s = game(2, 3)
    seen = set()
    for _ in range(200):
        if N.SPEC.is_over(s):
            break
        for a in N.SPEC.legal_actions(s)[:5]:
            for lang in ("en", "es"):
                assert N.SPEC.describe_action(s, a, lang)
        a = N.SPEC.legal_actions(s)[-1]
        s = N.SPEC.apply_action(s, a)
    for e in s.log:
        en, es = N.SPEC.describe_event(e, "en"), N.SPEC.describe_event(e, "es")
        assert en and es and en != es and en != e["type"]
        seen.add(e["type"])
    assert {"setup", "deal", "take", "refill", "turn"} <= seen


def test_undo_barrier_only_on_reveals():
    s = game()
    s.hands[0] = hand(red=3)
    s.abilities[0][T.CONSTRUCTION_DISCOUNT] = E.ACTIVE
    a = build("red3", {(0, 0), (0, 1), (1, 1)})
    t = N.SPEC.apply_action(s, a)
    assert t.phase == "pay" and not N.SPEC.undo_barrier(s, a, t)
    p = N.SPEC.legal_actions(t)[0]
    u = N.SPEC.apply_action(t, p)
    assert not N.SPEC.undo_barrier(t, p, u)  # building reveals nothing: the docks were full


def test_unknown_and_malformed_actions():
    s = game()
    for bad in ("take", {"type": 3}, {"type": "fly"}, {"type": "build", "tile": "red2"},
                {"type": "build", "tile": "red2", "orient": True, "col": 0, "row": 0}):
        with pytest.raises(IllegalAction):
            N.SPEC.apply_action(s, bad)
