"""Barrio solo against Klaus: levels, his pick, his draws, his builds and ties, overflow, resets, the end."""

import pytest

import game.barrio as B
from game.barrio import cards as C
from game.barrio import klaus as K, market as M, state as model
from lab.barrio.scenario import material, scenario
from game.barrio.saves import all_cards
from game.core import IllegalAction

from .barrio_positions import BRICK, BURR, DECK, STONE, WOOD, events, place, play, refuse, sound


def solo(**kw):
    kw.setdefault("hands", [[WOOD, BRICK, STONE]])
    kw.setdefault("house_market", [80, 81, 82, 83])
    kw.setdefault("warehouse", [WOOD + 10, BRICK + 10, STONE + 10, WOOD + 11])
    return scenario(1, kw.pop("card", "A"), **kw)


@pytest.mark.parametrize("level", "ABC")
def test_each_level_plays_with_its_scoring_card(level):
    s = B.SPEC.new_game(1, 3, level=level)
    assert s.scoring_card == level and B.SPEC.view(s, 0)["scoring"] == C.SCORING[level]
    assert len(s.hands[0]) == 3 and all(c < 54 for c in s.hands[0])
    assert B.SPEC.current_player(s) == 0 and len(B.SPEC.scores(s)) == 2


def _first_market(s):
    return [e["card"] for e in s.log if e["type"] == "reveal" and e["where"] == "house_market"][:4]


def test_klaus_first_takes_the_market_house_with_most_points():
    for seed in range(200):
        s = B.SPEC.new_game(1, seed, level="A")
        first = _first_market(s)
        best = max(C.POINTS[h] for h in first)
        if [C.POINTS[h] for h in first].count(best) == 1:
            assert s.panoramas[1] == [[next(h for h in first if C.POINTS[h] == best)]]
            assert s.phase == "start" and all(h >= 0 for h in s.house_market)
            return
    pytest.fail("no untied opening found")


def test_a_tie_in_klaus_first_pick_is_the_players_choice():
    for seed in range(200):
        s = B.SPEC.new_game(1, seed, level="A")
        if s.phase == "klaus_tie":
            break
    else:
        pytest.fail("no tied opening found")
    first = _first_market(s)
    best = max(C.POINTS[h] for h in first)
    assert sorted(s.pending["options"]) == sorted(h for h in first if C.POINTS[h] == best)
    assert B.SPEC.current_player(s) == 0
    assert all(a["type"] == "klaus_tie" for a in B.SPEC.legal_actions(s))
    refuse(s, DECK, "tied house")
    pick = s.pending["options"][-1]
    t = play(s, {"type": "klaus_tie", "house": pick})
    assert t.panoramas[1] == [[pick]] and t.phase == "start" and all(h >= 0 for h in t.house_market)
    sound(t)


def _klaus_draws(before, after):
    turn = events(before, after, "klaus_turn")
    return turn[0]["draws"] if turn else None


@pytest.mark.parametrize("actions, owed", [
    ([DECK], 1),
    ([place(WOOD, 0, 0), DECK, DECK], 2),
    ([place(WOOD, 0, 0), place(BRICK, 0, 1), DECK, DECK, DECK], 3),
])
def test_klaus_draws_as_many_as_the_player_drew(actions, owed):
    s = solo()
    t = play(s, *actions)
    assert _klaus_draws(s, t) == owed
    assert len(t.klaus_hand) == owed and len(events(s, t, "klaus_draw")) == owed
    assert t.phase == "start" and t.turn_number == s.turn_number + 1


@pytest.mark.parametrize("actions, owed", [
    ([place(WOOD, 0, 0), DECK], 1),  # place 1 and draw 2, cut to 1 by the hand limit
    ([place(WOOD, 0, 0), place(BRICK, 0, 1), DECK, DECK], 2),  # place 2 and draw 3, cut to 2
])
def test_klaus_draws_as_many_cards_as_the_hand_limit_let_the_player_draw(actions, owed):
    """Rulebook (Klaus's turn): «El número de cartas de materiales boca abajo que robará, dependerá de lo que tú
    hiciste en turno: Si robaste 1 carta, Klaus roba 1 carta. Si robaste 2 cartas, Klaus roba 2 cartas.» It counts
    the cards the player drew, so a draw cut short by the 7-card hand limit («Si tienes que robar y vas a superar
    el límite de cartas, no puedes seguir robando») makes Klaus draw fewer."""
    seven = [WOOD, BRICK, STONE, WOOD + 1, BRICK + 1, STONE + 1, WOOD + 2]
    s = solo(hands=[seven])
    t = play(s, *actions)
    assert events(s, t, "hand_limit")[0]["forfeited"] == 1
    assert len(t.hands[0]) == 7
    assert _klaus_draws(s, t) == owed and len(t.klaus_hand) == owed
    assert t.phase == "start"


def test_klaus_draws_two_after_the_player_builds():
    s = solo(hands=[[WOOD, STONE, BRICK + 5]], market={(0, 0): BRICK, (1, 0): STONE + 1})
    s = play(s, place(WOOD, 0, 1), place(STONE, 1, 1))
    build = {"type": "build", "house": 80, "line": {"axis": "col", "index": 0}, "use": {}}  # Bakery: brick + stone
    t = play(s, build)
    assert t.panoramas[0] == [[80]] and _klaus_draws(s, t) == 2
    assert t.house_market[0] >= 0 and t.house_market[0] != 80  # replaced before Klaus played


def test_a_face_up_burruno_is_always_klaus_first_card():
    s = solo(warehouse=[WOOD + 10, BURR, STONE + 10, WOOD + 11])
    t = play(s, DECK)  # Klaus owes one: he takes the face-up Burruño
    draws = events(s, t, "klaus_draw")
    assert [d["source"] for d in draws] == ["warehouse"] and draws[0]["card"] == BURR and t.klaus_hand == [BURR]
    assert BURR not in t.warehouse and t.warehouse[1] >= 0  # his slot is refilled afterwards
    assert t.public[BURR] == 1  # taken face up: the player saw it go


def test_klaus_takes_only_one_face_up_burruno_and_the_rest_face_down_from_the_deck():
    """Rulebook (Klaus's turn): «Si cuando Klaus roba hay alguna carta de Burruño boca arriba en "el Almacén" será
    siempre la primera que roba. [...] Si tiene que robar más, será siempre boca abajo del mazo de materiales.»
    Ruling (2026-11-27): with two face-up Burruños he takes the first in warehouse order, and every further card
    he owes comes face down from the deck; the other Burruño stays in the warehouse."""
    s = solo(warehouse=[WOOD + 10, BURR, STONE + 10, BURR + 1],
             deck_top=[WOOD + 5, STONE + 5, BRICK + 5, STONE + 6, WOOD + 6])
    t = play(s, place(WOOD, 0, 0), place(BRICK, 0, 1), DECK, DECK, DECK)  # the player draws 3: Klaus owes 3
    draws = events(s, t, "klaus_draw")
    assert [d["source"] for d in draws] == ["warehouse", "material_deck", "material_deck"]
    assert draws[0]["card"] == BURR and draws[0]["slot"] == 1
    assert all(d.get("secret") == -1 for d in draws[1:])  # face down: the player never sees them
    assert t.klaus_hand == [BURR, STONE + 6, WOOD + 6]  # the player drew the first 3 of the deck
    assert t.warehouse[3] == BURR + 1 and BURR + 1 not in t.klaus_hand
    assert [t.public[c] for c in t.klaus_hand] == [1, 0, 0]
    sound(t)


def test_klaus_first_card_is_the_first_face_up_burruno_in_warehouse_order():
    s = solo(warehouse=[BURR + 2, WOOD + 10, STONE + 10, BURR], deck_top=[WOOD + 5, STONE + 5, BRICK + 5])
    t = play(s, place(WOOD, 0, 0), DECK, DECK)  # the player draws 2: Klaus owes 2
    draws = events(s, t, "klaus_draw")
    assert [(d["source"], d.get("card")) for d in draws] == [("warehouse", BURR + 2), ("material_deck", BRICK + 5)]
    assert t.warehouse[3] == BURR and t.klaus_hand == [BURR + 2, BRICK + 5]


def test_a_burruno_revealed_by_the_refill_before_klaus_plays_is_his_first_card():
    """«Face-up cards taken or built are replaced at the end of the player's turn, before Klaus plays»: a Burruño
    the refill turns up is face up in the warehouse when Klaus draws, so he takes it."""
    s = solo(deck_top=[BURR + 3, WOOD + 5])
    t = play(s, {"type": "draw", "source": "warehouse", "card": WOOD + 10})  # the refill turns up the Burruño
    draws = events(s, t, "klaus_draw")
    assert [(d["source"], d.get("card")) for d in draws] == [("warehouse", BURR + 3)]
    assert t.klaus_hand == [BURR + 3] and t.warehouse[0] == WOOD + 5


def test_a_burruno_on_top_of_the_deck_stays_face_down_for_klaus():
    s = solo(deck_top=[WOOD + 5, BURR])
    t = play(s, DECK)  # the player draws the wood; Klaus draws the Burruño face down, unseen
    draws = events(s, t, "klaus_draw")
    assert [d["source"] for d in draws] == ["material_deck"] and draws[0]["secret"] == -1
    assert t.klaus_hand == [BURR] and t.public[BURR] == 0
    assert B.SPEC.view(t, 0)["klaus"]["hand"] == [None]


def test_klaus_draws_two_reaches_eight_builds_and_keeps_his_burruno():
    """Rulebook example: after the player's build Klaus draws 2, holds 8, builds and keeps his Burruño."""
    klaus = [WOOD + 2, WOOD + 3, BRICK + 2, BRICK + 3, STONE + 2, BURR]
    s = solo(hands=[[WOOD, STONE, BRICK + 5]], market={(0, 0): BRICK, (1, 0): STONE + 1}, klaus_hand=klaus,
             deck_top=[STONE + 3, WOOD + 4], panoramas=[[], [[82]]], house_market=[80, 85, 86, 91])
    s = play(s, place(WOOD, 0, 1), place(STONE, 1, 1))
    t = play(s, {"type": "build", "house": 80, "line": {"axis": "col", "index": 0}, "use": {}})
    kinds = [e["type"] for e in events(s, t) if e["type"].startswith("klaus")]
    assert kinds == ["klaus_turn", "klaus_draw", "klaus_draw", "klaus_build", "klaus_discard"]
    build = events(s, t, "klaus_build")[0]
    # 91 Roof terrace (5 points, city>city) on his Grocery: 5 + 3 panorama points
    assert build["house"] == 91 and build["gain"] == 8 and build["reason"] == "hand"
    discard = events(s, t, "klaus_discard")[0]
    assert discard["kept"] == [BURR] and len(discard["cards"]) == 7
    assert t.klaus_kept == [BURR] and t.klaus_hand == [] and t.panoramas[1] == [[82, 91]]
    assert set(discard["cards"]) <= set(t.material_discard)
    sound(t)


def test_klaus_builds_the_most_points_counting_his_panorama():
    s = solo(panoramas=[[], [[54]]], house_market=[63, 80, 65, 67])
    assert K.klaus_candidates(s) == [65]  # 5 + 3 beats 4 + 3


def test_klaus_starts_a_new_panorama_with_the_best_card_when_nothing_connects():
    s = solo(panoramas=[[], [[67]]], house_market=[54, 60, 80, 92])
    assert K.klaus_candidates(s) == [92]


def test_klaus_prefers_continuing_his_longest_panorama_on_equal_points():
    s = solo(panoramas=[[], [[54, 56], [67]]], house_market=[63, 70, 80, 82])
    assert K.klaus_candidates(s) == [63]  # 4 + 1 equals 2 + 3, but 63 continues the panorama of 2


def test_klaus_ties_are_surfaced_as_the_players_decision():
    klaus = [WOOD + 2, WOOD + 3, BRICK + 2, BRICK + 3, STONE + 2, STONE + 3, STONE + 4]
    s = solo(klaus_hand=klaus, house_market=[65, 66, 91, 92])
    t = play(s, DECK)
    assert t.phase == "klaus_tie" and B.SPEC.current_player(t) == 0
    assert sorted(t.pending["options"]) == [65, 66, 91, 92]
    assert B.SPEC.legal_actions(t) == [{"type": "klaus_tie", "house": h} for h in t.pending["options"]]
    refuse(t, {"type": "klaus_tie", "house": 80}, "tied")
    u = play(t, {"type": "klaus_tie", "house": 91})
    assert u.panoramas[1] == [[91]] and u.klaus_hand == [] and u.phase == "start" and u.turn_number == s.turn_number + 1
    assert all(h >= 0 for h in u.house_market)
    sound(u)


def test_overflowing_three_by_five_lets_klaus_build_free_and_discards_the_market():
    market = {(r, c): material("wood", 3 * r + c) for r in range(4) for c in range(3)}  # 4x3 fits 5x3
    klaus = [BRICK + 2, BRICK + 3]
    s = solo(hands=[[STONE, BRICK]], market=market, klaus_hand=klaus, house_market=[80, 81, 92, 83],
             warehouse=[STONE + 10, BRICK + 10, STONE + 11, BRICK + 11])
    assert M.fits(s.market, True)
    t = play(s, place(STONE, 0, 3), DECK, DECK)
    new = events(s, t)
    kinds = [e["type"] for e in new]
    assert kinds.index("overflow") < kinds.index("market_discarded") < kinds.index("klaus_build")
    assert events(s, t, "klaus_build")[0]["reason"] == "overflow" and t.panoramas[1] == [[92]]
    assert t.market == {} and all(c in t.material_discard for c in market.values())
    assert set(klaus) <= set(t.klaus_hand) and len(t.klaus_hand) == 4  # kept his cards, then drew his 2
    sound(t)


def test_material_deck_running_out_resets_both_face_up_rows():
    s = solo(empty_material_deck=True)
    old_wh, old_hm = s.warehouse[:], s.house_market[:]
    t = play(s, place(WOOD, 0, 0), DECK)
    reset = events(s, t, "solo_reset")[0]
    assert reset["warehouse"] == old_wh and reset["house_market"] == old_hm
    assert all(h in t.house_discard for h in old_hm)
    assert all(c >= 0 for c in t.warehouse) and all(h >= 0 for h in t.house_market) and not set(t.house_market) & set(old_hm)
    assert t.phase == "drawing" and len(t.hands[0]) == 3
    sound(t)


def test_reset_happens_during_klaus_draws_too():
    s = solo(empty_material_deck=True, deck_top=[STONE + 5])
    t = play(s, {"type": "draw", "source": "warehouse", "card": WOOD + 10})  # the refill takes the last card
    kinds = [e["type"] for e in events(s, t)]
    assert kinds.index("klaus_turn") < kinds.index("solo_reset") < kinds.index("turn_end")
    assert len(t.klaus_hand) == 1
    sound(t)


def test_the_game_ends_at_once_when_the_player_builds_a_seventh_house():
    six = [[54, 56, 57, 58, 60, 62]]
    s = solo(hands=[[WOOD, STONE, BRICK + 5]], market={(0, 0): BRICK, (1, 0): STONE + 1}, panoramas=[six, [[67]]])
    s = play(s, place(WOOD, 0, 1), place(STONE, 1, 1))
    t = play(s, {"type": "build", "house": 80, "line": {"axis": "col", "index": 0}, "use": {}})
    assert B.SPEC.is_over(t) and not events(s, t, "klaus_turn")
    assert B.SPEC.current_player(t) is None and B.SPEC.legal_actions(t) == []


def test_the_game_ends_when_klaus_builds_his_seventh():
    klaus = [WOOD + 2, WOOD + 3, BRICK + 2, BRICK + 3, STONE + 2, STONE + 3, STONE + 4]
    s = solo(klaus_hand=klaus, panoramas=[[], [[67, 69, 70, 71, 73, 75]]], house_market=[80, 81, 82, 76])
    t = play(s, DECK)
    assert B.SPEC.is_over(t) and model.houses_of(t, 1) == 7 and B.SPEC.winners(t) == [1]


def test_solo_scoring_hand_penalty_and_klaus_wins_ties():
    s = solo(hands=[[WOOD, BURR]], panoramas=[[[65]], [[66]]], rubble=[[BRICK]], klaus_kept=[BURR + 1], card="A")
    p, k = B.SPEC.score_breakdown(s, 0), B.SPEC.score_breakdown(s, 1)
    assert p["hand"] == -2 and p["rubble"] == -1 and p["total"] == 5 - 1 - 2
    assert k["burrunos"] == C.SCORING["A"]["burruno"] and k["total"] == 5 + 1
    tie = solo(hands=[[]], panoramas=[[[65]], [[66]]])
    tie.phase = "over"
    assert B.SPEC.scores(tie) == [5, 5] and B.SPEC.winners(tie) == [1]
    win = solo(hands=[[]], panoramas=[[[65, 62]], [[66]]])
    win.phase = "over"
    assert B.SPEC.winners(win) == [0]


def test_klaus_hidden_burrunos_do_not_show_in_the_players_view_until_the_end():
    s = solo(klaus_hand=[BURR, WOOD + 5], card="C")
    assert B.SPEC.view(s, 0)["scores"][1] == 0 and B.SPEC.scores(s)[1] == C.SCORING["C"]["burruno"]
    assert B.SPEC.view(s, 0)["klaus"]["hand"] == [None, None]


def test_an_empty_hand_draws_two_at_the_end_of_the_turn():
    s = solo(hands=[[WOOD, STONE]], market={(0, 0): BRICK, (1, 0): STONE + 1})
    s = play(s, place(WOOD, 0, 1), place(STONE, 1, 1))
    t = play(s, {"type": "build", "house": 80, "line": {"axis": "col", "index": 0}, "use": {}})
    assert len(t.hands[0]) == 2 and events(s, t, "deal")[0]["player"] == 0


def test_solo_combo_takes_the_free_house_from_the_house_market():
    # panorama sun 54, moon 55 (sea>mountain); build the star Hayloft 71, then the Refuge 67 from the market
    s = solo(hands=[[WOOD, BRICK, STONE + 5]], market={(0, 0): STONE}, panoramas=[[[54, 55]], [[92]]],
             house_market=[71, 67, 80, 81])
    s = play(s, place(WOOD, 0, 1), place(BRICK, 0, 2),
             {"type": "build", "house": 71, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert s.phase == "combo" and {"type": "combo", "house": 67, "end": "right"} in B.SPEC.legal_actions(s)
    t = play(s, {"type": "combo", "house": 67, "end": "right"})
    assert t.panoramas[0] == [[54, 55, 71, 67]] and t.combo_used[0] and 67 not in t.house_market


def test_solo_refusals():
    s = solo()
    refuse(s, {"type": "draw", "source": "house_deck"}, "only materials")
    refuse(s, {"type": "discard_houses", "cards": [80]}, "solo")
    s = solo(hands=[[WOOD, STONE, BRICK + 5]], market={(0, 0): BRICK, (1, 0): STONE + 1})
    s = play(s, place(WOOD, 0, 1), place(STONE, 1, 1))
    refuse(s, {"type": "build", "house": 54, "line": {"axis": "col", "index": 0}, "use": {}}, "house market")
    with pytest.raises(IllegalAction):
        B.SPEC.new_game(1, 1, scoring_card="E")
    assert sorted(all_cards(s)) == list(range(93))
