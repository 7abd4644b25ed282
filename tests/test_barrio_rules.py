"""Barrio, rule by rule: 2-4 players, the common market, building, panoramas, the end, and refusals.

Positions are built with ``lab.barrio.scenario`` so each test shows the
cards a player would see on the table.
"""

import json

import pytest

import game.barrio as B
from game.barrio import cards as C
from game.barrio import decks as D, market as M, panoramas as P
from lab.barrio.scenario import material, materials, scenario
from game.core import IllegalAction
from game.core.locale import has_text, languages
from .barrio_positions import BRICK, BURR, CONCRETE, DECK, STONE, WOOD, _six_houses, events, place, play, refuse, sound

WB, SC = material("wood/brick"), material("stone/concrete")


HDECK = {"type": "draw", "source": "house_deck"}


# ------------------------------------------------------------------ set-up and options

@pytest.mark.parametrize("n, opts, words", [
    (0, {}, "1 to 4"), (5, {}, "1 to 4"), (2, {"level": "A"}, "solo"), (2, {"scoring_card": "G"}, "scoring card"),
    (1, {"level": "D"}, "level"), (2, {"colour": "red"}, "unknown option"), (1, {"solo": False}, "solo"),
    (2, {"first_player": 2}, "who starts"), (3, {"first_player": -1}, "who starts"),
    (2, {"first_player": "1"}, "who starts"), (1, {"first_player": 1}, "who starts"),
])
def test_bad_options_are_refused(n, opts, words):
    with pytest.raises(IllegalAction) as err:
        B.SPEC.new_game(n, 1, **opts)
    assert words in str(err.value).lower()
    assert err.value.key.startswith("barrio.") and all(has_text(err.value.key, lang) for lang in languages())


def test_scoring_card_is_random_when_omitted_and_kept_when_given():
    assert {B.SPEC.new_game(2, seed).scoring_card for seed in range(40)} == set("ABCDEF")
    assert B.SPEC.new_game(3, 1, scoring_card="D").scoring_card == "D"


def test_two_player_setup_deals_five_houses_then_materials_up_to_five():
    s = B.SPEC.new_game(2, 7, scoring_card="A")
    assert s.phase == "keep" and B.SPEC.current_player(s) == 0
    assert all(len(h) == 5 and all(c >= 54 for c in h) for h in s.hands)
    assert len(B.SPEC.legal_actions(s)) == 32  # any subset of the five, none included
    keep = sorted(s.hands[0][:2])
    s = play(s, {"type": "keep_houses", "cards": keep}, {"type": "keep_houses", "cards": []})
    assert s.phase == "start" and B.SPEC.current_player(s) == 0
    assert sorted(c for c in s.hands[0] if c >= 54) == keep and len(s.hands[0]) == 5
    assert len(s.hands[1]) == 5 and all(c < 54 for c in s.hands[1])
    assert all(c >= 0 for c in s.warehouse) and all(c >= 54 for c in s.house_market)
    sound(s)


def test_warehouse_redeal_at_setup_discards_two_burrunos():
    s = scenario(2, deck_top=[BURR, BURR + 1, WOOD, BRICK, STONE, WOOD + 1, BRICK + 1, STONE + 1])
    s.warehouse = [-1] * 4
    D.reveal_warehouse(s)
    redeal = [e for e in s.log if e["type"] == "warehouse_redeal"]
    assert redeal and sorted(redeal[0]["discarded"]) == sorted([BURR, BURR + 1, WOOD, BRICK])
    assert sum(1 for c in s.warehouse if C.KIND[c] == C.BURRUNO) <= 1
    assert BURR in s.material_discard


def test_warehouse_redeal_at_setup_when_four_are_alike():
    s = scenario(2, deck_top=[WOOD, WOOD + 1, WOOD + 2, WOOD + 3, STONE, BRICK, STONE + 1, BRICK + 1])
    s.warehouse = [-1] * 4
    D.reveal_warehouse(s)
    assert [e["discarded"] for e in s.log if e["type"] == "warehouse_redeal"] == [[WOOD, WOOD + 1, WOOD + 2, WOOD + 3]]
    assert s.warehouse == [STONE, BRICK, STONE + 1, BRICK + 1]


# ------------------------------------------------------------------ drawing

def _mp(hand0, hand1=None, **kw):
    return scenario(2, hands=[hand0, hand1 if hand1 is not None else [WOOD + 13, BRICK + 12, STONE + 12]], **kw)


def test_draw_one_card_ends_the_turn_and_the_face_up_slot_is_refilled_after():
    s = _mp(materials("wood", "brick", "stone"), warehouse=materials("stone", "stone", "wood", "brick")[:0] + [STONE + 5, STONE + 6, WOOD + 5, BRICK + 5],
            house_market=[60, 70, 80, 90])
    t = play(s, {"type": "draw", "source": "warehouse", "card": STONE + 5})
    assert STONE + 5 in t.hands[0]
    assert B.SPEC.current_player(t) == 1 and t.phase == "start"
    assert t.warehouse[0] >= 0 and t.warehouse[0] != STONE + 5  # refilled at the end of the turn
    assert events(s, t, "reveal")[0]["slot"] == 0


def test_face_up_cards_are_replaced_only_at_the_end_of_the_turn():
    s = _mp(materials("wood", "brick", "stone"), warehouse=[STONE + 5, STONE + 6, WOOD + 5, BRICK + 5], house_market=[60, 70, 80, 90])
    s = play(s, place(WOOD, 0, 0), {"type": "draw", "source": "house_market", "card": 70})
    assert s.phase == "drawing" and s.draws_left == 1 and s.house_market[1] == -1
    assert {"type": "draw", "source": "house_market", "card": 70} not in B.SPEC.legal_actions(s)
    assert B.SPEC.view(s, 0)["house_market"][1] is None
    s = play(s, DECK)
    assert s.house_market[1] >= 0 and B.SPEC.current_player(s) == 1


@pytest.mark.parametrize("placements, draws", [(0, 1), (1, 2), (2, 3)])
def test_draws_follow_the_action(placements, draws):
    s = _mp(materials("wood", "brick", "stone"))
    cards = [(WOOD, 0, 0), (BRICK, 0, 1)][:placements]
    s = play(s, *[place(*c) for c in cards], DECK)
    assert s.draws_left == draws - 1
    for _ in range(draws - 1):
        assert B.SPEC.current_player(s) == 0
        s = play(s, DECK)
    assert B.SPEC.current_player(s) == 1
    assert len(s.hands[0]) == 3 - placements + draws


def test_discard_houses_then_draw_as_many_of_any_kind():
    s = _mp([60, 61, WOOD, BRICK])
    s = play(s, {"type": "discard_houses", "cards": [61, 60]})
    assert s.house_discard[-2:] == [60, 61] and s.draws_left == 2
    s = play(s, HDECK, DECK)
    assert len(s.hands[0]) == 4 and B.SPEC.current_player(s) == 1


def test_hand_limit_seven_stops_drawing():
    hand = materials("wood", "wood", "brick", "brick", "stone", "stone", "stone")
    s = _mp(hand)
    assert not any(a["type"] == "draw" for a in B.SPEC.legal_actions(s))
    refuse(s, DECK, "7 cards")
    s = play(s, place(WOOD, 0, 0), DECK)  # place 1 and draw 2: the first draw fills the hand
    assert len(s.hands[0]) == 7 and B.SPEC.current_player(s) == 1
    limit = [e for e in s.log if e["type"] == "hand_limit"]
    assert limit and limit[0]["forfeited"] == 1


def test_end_of_turn_top_up_to_three_face_down():
    s = _mp([60, WOOD])
    s = play(s, {"type": "discard_houses", "cards": [60]}, {"type": "draw", "source": "house_market", "card": s.house_market[0]} if s.house_market[0] >= 0 else HDECK)
    assert s.phase == "topup" and len(s.hands[0]) == 2
    assert all(a["type"] == "draw" and a["source"] in ("material_deck", "house_deck") for a in B.SPEC.legal_actions(s))
    refuse(s, {"type": "draw", "source": "warehouse", "card": s.warehouse[0]}, "face down")
    s = play(s, DECK)
    assert len(s.hands[0]) == 3 and B.SPEC.current_player(s) == 1


def test_empty_deck_is_rebuilt_from_its_discard_pile():
    s = _mp(materials("wood", "brick"), empty_material_deck=True)
    assert not s.material_deck and s.material_discard
    t = play(s, DECK)
    assert events(s, t, "reshuffle")[0]["deck"] == "material"
    assert len(t.hands[0]) == 3
    sound(t)


def test_never_draw_from_a_discard_pile_or_the_common_market():
    s = _mp(materials("wood", "brick"))
    refuse(s, {"type": "draw", "source": "material_discard"}, "draw from")
    refuse(s, {"type": "draw", "source": "market"}, "draw from")


# ------------------------------------------------------------------ the common market

def test_first_card_of_an_empty_market_goes_to_the_origin():
    s = _mp(materials("wood", "brick"))
    cells = {(a["row"], a["col"]) for a in B.SPEC.legal_actions(s) if a["type"] == "place"}
    assert cells == {(0, 0)}
    refuse(s, place(WOOD, 3, 2), "row 0, column 0")


def test_loli_places_her_burruno_only_beside_the_brick():
    """Rulebook: with one brick in the market, Loli's Burruño may go only to its four sides."""
    s = _mp([BURR, WOOD], market={(0, 0): BRICK})
    cells = {(a["row"], a["col"]) for a in B.SPEC.legal_actions(s) if a["type"] == "place" and a["card"] == BURR}
    assert cells == {(-1, 0), (1, 0), (0, -1), (0, 1)}
    refuse(s, place(BURR, 1, 1), "touch", "side")
    refuse(s, place(BURR, 0, 2), "touch")
    s = play(s, place(BURR, 0, 1), DECK)
    assert s.draws_left == 1  # then she draws 2


def test_the_market_stays_within_five_by_five():
    row = {(0, c): m for c, m in enumerate(materials("wood", "wood", "brick", "brick", "stone"))}
    s = _mp([STONE + 1, STONE + 2, WOOD + 2], market=row)
    refuse(s, place(STONE + 1, 0, 5), "5x5")
    refuse(s, place(STONE + 1, 0, -1), "5x5")


EMMA_MARKET = {
    (0, 1): WOOD + 3, (0, 2): WOOD + 4,
    (1, 0): STONE + 3, (1, 1): BRICK + 3, (1, 2): BRICK + 4, (1, 3): CONCRETE, (1, 4): BURR,
    (2, 2): WOOD + 5, (2, 3): STONE + 4,
}


def test_emma_builds_with_the_middle_row_stretched_to_six():
    """Rulebook: Emma adds two stones, stretches the middle row and builds; concrete and Burruño go to rubble."""
    tobacconist = 89
    assert C.HOUSES[tobacconist]["cost"] == ["brick", "brick", "stone", "stone"]
    s = _mp([tobacconist, STONE, STONE + 1, WOOD], market=EMMA_MARKET)
    s = play(s, place(STONE, 0, 3))
    assert place(STONE + 1, 1, 5) in B.SPEC.legal_actions(s)
    s = play(s, place(STONE + 1, 1, 5))
    legal = B.SPEC.legal_actions(s)
    assert not any(a["type"] == "draw" for a in legal), "a stretched market must build"
    refuse(s, DECK, "must build")
    build = {"type": "build", "house": tobacconist, "line": {"axis": "row", "index": 1}, "use": {}}
    assert legal == [build]
    before = s
    s = play(s, build)
    ev = events(before, s, "build")[0]
    assert sorted(ev["paid"]) == sorted([STONE + 3, STONE + 1, BRICK + 3, BRICK + 4])
    assert sorted(ev["rubble"]) == sorted([CONCRETE, BURR])
    assert sorted(s.rubble[0]) == sorted([CONCRETE, BURR])
    assert set(ev["paid"]) <= set(s.material_discard)
    # The gap closes: the bottom row moves up one, keeping its columns.
    assert s.market == {(0, 1): WOOD + 3, (0, 2): WOOD + 4, (0, 3): STONE, (1, 2): WOOD + 5, (1, 3): STONE + 4}
    assert s.panoramas[0] == [[tobacconist]]
    sound(s)


def test_the_first_material_may_stretch_a_line_when_a_build_follows():
    """Rulebook (Mercado común): «Al final de tu turno, el mercado común nunca puede formar una cuadrícula mayor
    de 5x5 incluyendo los huecos vacíos. Puedes superar el límite de 5 cartas en una fila o en una columna para
    construir una de las cartas de casa que tienes en tu mano.» Nothing says which of the two placed materials
    stretches the line: Emma may lay the stretching stone first."""
    tobacconist = 89
    s = _mp([tobacconist, STONE, STONE + 1, WOOD], market=EMMA_MARKET)
    s = play(s, place(STONE + 1, 1, 5))  # the first material makes the middle row six long
    assert s.phase == "placed1" and not M.fits(s.market, False)
    legal = B.SPEC.legal_actions(s)
    assert legal and all(a["type"] == "place" for a in legal), "a stretched market may not end the turn by drawing"
    refuse(s, DECK, "build")
    for second in legal:  # every second placement offered leaves a build that restores 5x5
        after = B.SPEC.legal_actions(B.SPEC.apply_action(s, second))
        assert after and all(a["type"] == "build" for a in after), second
    s = play(s, place(STONE, 0, 3))
    before = s
    s = play(s, {"type": "build", "house": tobacconist, "line": {"axis": "row", "index": 1}, "use": {}})
    ev = events(before, s, "build")[0]
    assert sorted(ev["paid"]) == sorted([STONE + 3, STONE + 1, BRICK + 3, BRICK + 4])
    assert sorted(ev["rubble"]) == sorted([CONCRETE, BURR])
    assert M.fits(s.market, False) and s.panoramas[0] == [[tobacconist]]
    sound(s)


@pytest.mark.parametrize("hand", [
    [70, STONE, STONE + 1, WOOD],  # the Hermitage needs vegetal: no line can pay it, whatever comes second
    [89, STONE + 1],  # the Tobacconist is paid at once, but building needs a second material placed first
    [STONE, STONE + 1, WOOD],  # no house in hand at all
])
def test_a_first_material_may_not_stretch_a_line_without_a_build_to_follow(hand):
    """Rulebook: «Puedes superar el límite de 5 cartas en una fila o en una columna para construir una de las cartas
    de casa que tienes en tu mano.» A stretch with no build possible this turn would leave the market beyond 5x5."""
    s = _mp(hand, market=EMMA_MARKET)
    assert not any(a["type"] == "place" and a["col"] == 5 for a in B.SPEC.legal_actions(s))
    refuse(s, place(STONE + 1, 1, 5), "5x5")


def test_full_grid_gives_a_free_build_then_the_whole_market_is_discarded():
    grid = {}
    pool = [m for m in range(48) if m not in (WOOD, WOOD + 1, WOOD + 13, BRICK + 12, STONE + 12)]
    for r in range(5):
        for c in range(5):
            if (r, c) != (4, 4):
                grid[(r, c)] = pool.pop()
    grid[(0, 0)] = BURR
    s = _mp([WOOD, WOOD + 1, 66], market=grid)
    s = play(s, place(WOOD, 4, 4))
    assert s.phase == "full_grid"
    assert B.SPEC.legal_actions(s) == [{"type": "full_grid_build", "house": 66}, {"type": "skip"}]
    before = s
    s = play(s, {"type": "full_grid_build", "house": 66})
    assert s.panoramas[0] == [[66]] and s.market == {}
    gone = events(before, s, "market_discarded")[0]
    assert len(gone["cards"]) == 25 and BURR in s.material_discard and not s.rubble[0]
    assert s.phase == "placed1"  # the turn goes on: a second material may still be placed
    s = play(s, place(WOOD + 1, 0, 0))
    assert s.market == {(0, 0): WOOD + 1}


def test_full_grid_free_build_may_be_skipped():
    grid = {(r, c): 5 * r + c for r in range(5) for c in range(5) if (r, c) != (2, 2)}
    s = _mp([47, 60], [BRICK + 12], market=grid)
    s = play(s, place(47, 2, 2), {"type": "skip"})
    assert s.market == {} and s.panoramas[0] == [] and 60 in s.hands[0]


# ------------------------------------------------------------------ building

def _build_state(line_cards, hand, house_in_hand=True, **kw):
    market = {(0, c): m for c, m in enumerate(line_cards)}
    return scenario(2, hands=[hand, [WOOD + 13]], market=market, phase="placed2", placed=2, **kw)


def test_a_double_counts_as_one_of_its_two_materials_and_the_builder_chooses():
    s = _build_state([WB, STONE], [54, 55, 58])
    builds = [a for a in B.SPEC.legal_actions(s) if a["type"] == "build" and a["line"]["axis"] == "row"]
    assert {"type": "build", "house": 54, "line": {"axis": "row", "index": 0}, "use": {str(WB): "wood"}} in builds
    assert {"type": "build", "house": 55, "line": {"axis": "row", "index": 0}, "use": {str(WB): "brick"}} in builds
    assert not any(a["house"] == 58 for a in builds)  # wood + brick + stone: the double is only one
    refuse(s, {"type": "build", "house": 58, "line": {"axis": "row", "index": 0}, "use": {}}, "materials")
    refuse(s, {"type": "build", "house": 54, "line": {"axis": "row", "index": 0}, "use": {str(WB): "brick"}}, "double")


def test_doubles_give_a_real_choice_only_when_both_could_pay():
    # wood + double: the plain wood pays and the double goes to rubble; no choice to make.
    s = _build_state([WOOD, WB, STONE], [54])
    builds = [a for a in B.SPEC.legal_actions(s) if a["type"] == "build"]
    assert [a["use"] for a in builds if a["line"]["axis"] == "row"] == [{}]
    t = play(s, next(a for a in builds if a["line"]["axis"] == "row"))
    assert WB in t.rubble[0]


def test_burrunos_never_pay():
    s = _build_state([BURR, STONE, BURR + 1], [54])
    assert not any(a["type"] == "build" for a in B.SPEC.legal_actions(s))


def test_building_needs_two_placed_materials():
    s = scenario(2, hands=[[54, WOOD, STONE], [BRICK]], market={(0, 0): WOOD + 1, (0, 1): STONE + 1})
    refuse(s, {"type": "build", "house": 54, "line": {"axis": "row", "index": 0}, "use": {}}, "two materials")
    s = play(s, place(WOOD, 1, 0))
    refuse(s, {"type": "build", "house": 54, "line": {"axis": "row", "index": 0}, "use": {}}, "two materials")
    s = play(s, place(STONE, 1, 1))
    # the line used need not hold the placed cards
    assert {"type": "build", "house": 54, "line": {"axis": "row", "index": 0}, "use": {}} in B.SPEC.legal_actions(s)
    refuse(s, {"type": "build", "house": 60, "line": {"axis": "row", "index": 0}, "use": {}}, "not in your hand")
    refuse(s, {"type": "build", "house": 54, "line": {"axis": "row", "index": 7}, "use": {}}, "empty")


def test_closing_the_gap_lets_the_builder_choose_when_cards_are_left_apart():
    market = {(0, 0): BRICK, (0, 1): BRICK + 1, (0, 2): BRICK + 2, (1, 2): WOOD, (1, 3): STONE,
              (2, 3): BRICK + 3, (2, 4): BRICK + 4}
    s = scenario(2, hands=[[54], [BRICK + 5]], market=market, phase="placed2", placed=2)
    s = play(s, {"type": "build", "house": 54, "line": {"axis": "row", "index": 1}, "use": {}})
    assert s.phase == "gap"
    options = s.pending["options"]
    assert len(options) == 4  # the lower pair slides under any two of the top row's columns (and one beyond)
    for k, opt in enumerate(options):
        t = play(s, {"type": "close_gap", "option": k})
        assert M.connected(t.market) and M.fits(t.market, False)
        assert {(r, c): v for r, c, v in opt} == t.market
        assert sorted(t.market.values()) == sorted(v for p, v in market.items() if p[0] != 1)
        sound(t)
    refuse(s, {"type": "close_gap", "option": 9}, "listed")


# ------------------------------------------------------------------ panoramas

def test_panorama_points_table_and_beyond_eight():
    assert [C.panorama_points(n) for n in range(1, 9)] == [0, 3, 4, 6, 9, 12, 16, 21]
    assert C.panorama_points(9) == 26 and C.panorama_points(10) == 31


def _alba():
    fish_market = 55  # left: sea, right: mountain
    s = scenario(2, hands=[[fish_market], [WOOD]], market={(0, 0): BRICK, (0, 1): STONE}, phase="placed2", placed=2,
                 panoramas=[[[54, 56, 57], [67]], []])
    return fish_market, s


def test_alba_joins_a_three_and_a_one_into_five():
    """Rulebook: 4 + 0 points become one panorama of 5 worth 9."""
    house, s = _alba()
    assert P.panoramas_points(s.panoramas[0]) == 4
    s = play(s, {"type": "build", "house": house, "line": {"axis": "row", "index": 0}, "use": {}})
    assert s.phase == "panorama"
    opts = B.SPEC.legal_actions(s)
    assert {"type": "panorama", "choice": "join", "left": 0, "right": 1} in opts
    assert {"type": "panorama", "choice": "right", "panorama": 0} in opts
    assert {"type": "panorama", "choice": "left", "panorama": 1} in opts
    assert {"type": "panorama", "choice": "new"} in opts
    # Cards are never turned: its mountain side cannot face the sea end on the left of panorama 0.
    refuse(s, {"type": "panorama", "choice": "left", "panorama": 0}, "does not fit")
    s = play(s, {"type": "panorama", "choice": "join", "left": 0, "right": 1})
    assert s.panoramas[0] == [[54, 56, 57, house, 67]]
    assert B.SPEC.score_breakdown(s, 0)["panoramas"] == 9


@pytest.mark.parametrize("choice, expect", [
    ({"type": "panorama", "choice": "new"}, [[54, 56, 57], [67], [55]]),
    ({"type": "panorama", "choice": "right", "panorama": 0}, [[54, 56, 57, 55], [67]]),
    ({"type": "panorama", "choice": "left", "panorama": 1}, [[54, 56, 57], [55, 67]]),
])
def test_a_house_may_extend_either_end_or_start_a_new_panorama(choice, expect):
    house, s = _alba()
    s = play(s, {"type": "build", "house": house, "line": {"axis": "row", "index": 0}, "use": {}}, choice)
    assert s.panoramas[0] == expect


def _esther(combo_used=False):
    hayloft, refuge = 71, 67  # star mountain>mountain, moon mountain>mountain
    market = {(0, 0): WOOD, (0, 1): BRICK, (0, 2): STONE}
    return hayloft, refuge, scenario(2, hands=[[hayloft, refuge], [WOOD + 1]], market=market, phase="placed2", placed=2,
                                     panoramas=[[[54, 55]], []], combo_used=[combo_used, False])


def test_esther_combo_three_different_icons_gives_a_free_house():
    """Rulebook: sun, moon, star in a row; the next house in hand continues the panorama for free."""
    hayloft, refuge, s = _esther()
    assert [C.ICON[h] for h in (54, 55, hayloft)] == [0, 1, 2]
    s = play(s, {"type": "build", "house": hayloft, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert s.phase == "combo"
    assert B.SPEC.legal_actions(s) == [{"type": "combo", "house": refuge, "end": "right"}, {"type": "skip"}]
    s = play(s, {"type": "combo", "house": refuge, "end": "right"})
    assert s.panoramas[0] == [[54, 55, hayloft, refuge]] and s.combo_used[0]
    assert s.phase in ("topup", "start")


def test_combo_with_three_identical_icons_and_only_once_per_game():
    hayloft, refuge, s = _esther(combo_used=True)
    s = play(s, {"type": "build", "house": hayloft, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert s.phase != "combo" and refuge in s.hands[0]
    # three suns: 54, 57 and 63 are all sun sea>sea houses
    s = scenario(2, hands=[[63, 60], [WOOD + 13]], market={(0, 0): WOOD, (0, 1): WOOD + 1, (0, 2): STONE, (0, 3): STONE + 1},
                 phase="placed2", placed=2, panoramas=[[[54, 57]], []])
    s = play(s, {"type": "build", "house": 63, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert s.phase == "combo" and {"type": "combo", "house": 60, "end": "right"} in B.SPEC.legal_actions(s)


def test_combo_can_be_declined_and_is_then_not_used():
    hayloft, refuge, s = _esther()
    s = play(s, {"type": "build", "house": hayloft, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0}, {"type": "skip"})
    assert not s.combo_used[0] and refuge in s.hands[0]


# ------------------------------------------------------------------ end and scoring


def test_two_players_end_after_the_round_in_which_someone_builds_a_seventh():
    s = scenario(2, hands=[[63, WOOD + 5, WOOD + 6, STONE + 5], materials("brick", "brick", "brick")],
                 market={(0, 0): WOOD, (0, 1): WOOD + 1, (0, 2): STONE, (0, 3): STONE + 1},
                 phase="placed2", placed=2, panoramas=[_six_houses(), []])
    s = play(s, {"type": "build", "house": 63, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert s.final_round and B.SPEC.current_player(s) == 1 and not B.SPEC.is_over(s)
    assert [e for e in s.log if e["type"] == "last_round"]
    s = play(s, DECK)
    assert B.SPEC.is_over(s) and B.SPEC.current_player(s) is None and B.SPEC.legal_actions(s) == []
    assert B.SPEC.winners(s) == [0]


def test_three_players_end_at_six_houses_when_the_last_seat_reaches_it():
    s = scenario(3, hands=[[WOOD + 4], [WOOD + 5], [63, WOOD + 6, STONE + 5, BRICK]], seat=2,
                 market={(0, 0): WOOD, (0, 1): WOOD + 1, (0, 2): STONE, (0, 3): STONE + 1},
                 phase="placed2", placed=2, panoramas=[[], [], [[54, 56, 57, 58, 60]]])
    s = play(s, {"type": "build", "house": 63, "line": {"axis": "row", "index": 0}, "use": {}},
             {"type": "panorama", "choice": "right", "panorama": 0})
    assert B.SPEC.is_over(s) and B.SPEC.winners(s) == [2]


def test_rafa_scores_23():
    """Rulebook: panoramas of 4 (6 points) and 3 (4 points) plus 13 points of houses."""
    s = scenario(2, panoramas=[[[54, 56, 57, 58], [59, 60, 62]], []])
    assert sum(C.POINTS[h] for h in (54, 56, 57, 58, 59, 60, 62)) == 13
    b = B.SPEC.score_breakdown(s, 0)
    assert (b["houses"], b["panoramas"], b["rubble"], b["burrunos"], b["total"]) == (13, 10, 0, 0, 23)


@pytest.mark.parametrize("card", list("ABCDEF"))
def test_rubble_and_burrunos_score_by_the_scoring_card(card):
    rubble = [WOOD, BRICK, BURR, BURR + 1]
    s = scenario(2, card, panoramas=[[[54]], []], rubble=[rubble, []])
    sc = C.SCORING[card]
    b = B.SPEC.score_breakdown(s, 0)
    # a Burruño in the rubble scores only as a Burruño
    assert b["rubble"] == 2 * sc["rubble"] and b["burrunos"] == 2 * sc["burruno"]
    assert b["total"] == 1 + 2 * sc["rubble"] + 2 * sc["burruno"]


def test_tie_breaks_fewer_houses_then_less_rubble_then_shared():
    # 54+56 (1+1, panorama 3) = 5 vs one house worth 5 (0 panorama): tie on 5 points, fewer houses wins
    s = scenario(2, "A", panoramas=[[[54, 56]], [[65]]])
    s.phase = "over"
    assert B.SPEC.scores(s) == [5, 5] and B.SPEC.winners(s) == [1]
    s = scenario(2, "F", panoramas=[[[65]], [[66]]], rubble=[[WOOD], []])  # F: rubble costs 0
    s.phase = "over"
    assert B.SPEC.scores(s) == [5, 5] and B.SPEC.winners(s) == [1]
    s = scenario(2, "F", panoramas=[[[65]], [[66]]])
    s.phase = "over"
    assert B.SPEC.winners(s) == [0, 1]


@pytest.mark.parametrize("card, p0_rubble, p1_rubble", [
    # B (rubble -1, Burruño -1): 5-2-1 = 5-1-2 = 2; three cards in each pile, but 1 rubble against 2
    ("B", [BURR, BURR + 1, WOOD], [BURR + 2, WOOD + 1, BRICK]),
    # E (rubble -2, Burruño -1): 5-2-2 = 5-4 = 1; three cards against two, but 1 rubble against 2
    ("E", [BURR, BURR + 1, WOOD], [WOOD + 1, BRICK]),
])
def test_the_rubble_tie_break_counts_rubble_as_scoring_does(card, p0_rubble, p1_rubble):
    """Rulebook: «En caso de empate gana la que tenga la puntuación más alta con menos casas. Si el empate
    continúa, la persona con menos escombros.» Ruling (2026-11-27): rubble is counted as in scoring, so a Burruño
    in the rubble pile (which scores only as a Burruño) is not rubble for the tie-break either."""
    s = scenario(2, card, panoramas=[[[65]], [[66]]], rubble=[p0_rubble, p1_rubble])
    s.phase = "over"
    b0, b1 = B.SPEC.score_breakdown(s, 0), B.SPEC.score_breakdown(s, 1)
    assert b0["total"] == b1["total"] and b0["rubble"] > b1["rubble"]  # tied, and seat 0 lost fewer points to rubble
    assert B.SPEC.winners(s) == [0]


# ------------------------------------------------------------------ refusals in general

def test_malformed_and_out_of_turn_actions_are_refused_with_reasons():
    s = _mp([60, WOOD, BRICK], market={(0, 0): STONE})
    refuse(s, {"type": "teleport"}, "unknown")
    refuse(s, {"no": "type"}, "type")
    refuse(s, place(STONE + 3, 0, 1), "not in your hand")
    refuse(s, place(60, 0, 1), "only materials")
    refuse(s, place(WOOD, 0, 0), "already taken")
    refuse(s, {"type": "draw", "source": "warehouse", "card": 999}, "not in the warehouse")
    refuse(s, {"type": "discard_houses", "cards": [WOOD]}, "only houses")
    refuse(s, {"type": "keep_houses", "cards": [60]}, "keep")
    refuse(s, {"type": "panorama", "choice": "new"}, "does not fit")
    refuse(s, {"type": "skip"}, "nothing to skip")
    refuse(s, {"type": "pass"}, "passing")
    over = scenario(2)
    over.phase = "over"
    refuse(over, DECK, "over")


ODD_ACTIONS = [
    {"type": "teleport"}, {"type": "pass"}, {"type": "skip"}, DECK, HDECK,
    {"type": "draw", "source": "warehouse", "card": 999}, {"type": "draw", "source": "house_market", "card": 0},
    {"type": "place", "card": 92, "row": 0, "col": 0}, {"type": "place", "card": 0, "row": 40, "col": 40},
    {"type": "build", "house": 54, "line": {"axis": "row", "index": 0}, "use": {}},
    {"type": "build", "house": 54, "line": "row"}, {"type": "discard_houses", "cards": []},
    {"type": "keep_houses", "cards": [0]}, {"type": "close_gap", "option": 7}, {"type": "panorama", "choice": "join"},
    {"type": "combo", "house": 54, "end": "left"}, {"type": "full_grid_build", "house": 0},
    {"type": "klaus_tie", "house": 0}, [], "draw",
]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_refusal_in_random_games_is_keyed_in_every_language(players):
    """At every step of random games, odd actions and legal actions of other cards are refused with a key
    that has a text in every language, and the state is untouched."""
    import random

    rnd = random.Random(players)
    for seed in range(1):
        s = B.SPEC.new_game(players, seed)
        while not B.SPEC.is_over(s):
            legal = B.SPEC.legal_actions(s)
            tries = [a for a in ODD_ACTIONS if a not in legal]
            if legal[0].get("card") is not None:
                other = dict(legal[0], card=(legal[0]["card"] + 1) % 93)
                if other not in legal:
                    tries.append(other)
            for a in rnd.sample(tries, 2):
                refuse(s, a)
            s = B.SPEC.apply_action(s, rnd.choice(legal))
        refuse(s, DECK, "over")


# ------------------------------------------------------------------ saves

def test_hand_edited_saves_are_refused_with_a_message():
    from game.core import SaveFormatError
    s = B.SPEC.new_game(2, 3, scoring_card="B")
    good = B.SPEC.to_json(s)
    assert B.SPEC.from_json(json.loads(json.dumps(good))) == s
    dup = json.loads(json.dumps(good))
    dup["hands"][0].append(dup["material_deck"][0])  # a card in two places
    bad_phase = dict(good, phase="gap", pending=None)
    for data in (dup, bad_phase, dict(good, game="nyhavn"), dict(good, version=99), dict(good, scoring_card="Z")):
        with pytest.raises(SaveFormatError) as err:
            B.SPEC.from_json(data)
        assert str(err.value)


def test_loose_groups_are_gathered_within_five_by_five():
    # Removing row -1 leaves the far side itself in two pieces: the lone card slides back within the bound.
    cells = [(-3, -3), (-3, -2), (-3, -1), (-2, -2), (-1, -3), (-1, -2), (-1, -1), (-1, 0), (-1, 1),
             (0, -3), (0, -1), (0, 0), (0, 1), (1, 0), (1, 1)]
    line = {(-1, -3): WOOD, (-1, -2): STONE}
    fill = iter(range(BRICK, BRICK + 13))
    market = {p: line.get(p) if p in line else next(fill) for p in cells}
    s = scenario(2, hands=[[54], [WOOD + 13]], market=market, phase="placed2", placed=2)
    s = play(s, {"type": "build", "house": 54, "line": {"axis": "row", "index": -1}, "use": {}})
    if s.phase == "gap":
        s = play(s, {"type": "close_gap", "option": 0})
    assert M.connected(s.market) and M.fits(s.market, False) and len(s.market) == 10


# ------------------------------------------------------------------ stalemate and pass (the engine's rulings)

ALL_HOUSES = list(range(54, 93))


def _dry(hands, market=None, rubble_split=None):
    """2 players; every material not in ``hands`` or ``market`` lies in the rubble piles, every house in a
    panorama of its own: decks, discards, warehouse and house market are empty."""
    held = {c for h in hands for c in h} | set((market or {}).values())
    loose = [m for m in range(54) if m not in held]
    half = len(loose) // 2 if rubble_split is None else rubble_split
    houses = [h for h in ALL_HOUSES if h not in held]
    return scenario(2, hands=hands, market=market or {}, rubble=[loose[:half], loose[half:]],
                    panoramas=[[[h] for h in houses[:20]], [[h] for h in houses[20:]]])


def test_pass_is_the_only_action_when_nothing_is_possible_and_the_game_goes_on():
    """docs/barrio.md: «If nothing else is legal (a pathological deadlock: no cards anywhere), the only action
    is {"type": "pass"}.» Seat 0 holds nothing and no pile has a card to draw; seat 1 still holds a material."""
    s = _dry(hands=[[], [WOOD]])
    assert B.SPEC.legal_actions(s) == [{"type": "pass"}]
    t = play(s, {"type": "pass"})
    assert [e["type"] for e in events(s, t)][:2] == ["pass", "turn_end"]
    assert B.SPEC.current_player(t) == 1 and t.phase == "start" and not B.SPEC.is_over(t)
    assert not events(s, t, "stalemate")
    assert B.SPEC.legal_actions(t) == [place(WOOD, 0, 0)]  # seat 1 can still play its material
    sound(t)


def test_stalemate_ends_the_game_when_no_material_is_left_to_place():
    """docs/barrio.md (Ruling, Stalemate): «when no material is left in the deck, the discard, the warehouse or
    any hand, nobody can ever build again and the game ends at the end of that turn (event stalemate), scored
    as usual.» Seat 0 places the last free material and draws what is left (nothing): the game ends."""
    s = _dry(hands=[[WOOD, 60], []])
    assert {"type": "pass"} not in B.SPEC.legal_actions(s)
    t = play(s, place(WOOD, 0, 0))
    assert t.phase == "placed1" and B.SPEC.legal_actions(t) == [{"type": "pass"}]  # nothing left to draw
    u = play(t, {"type": "pass"})
    assert events(t, u, "stalemate") and B.SPEC.is_over(u) and B.SPEC.legal_actions(u) == []
    over = events(t, u, "game_over")[0]
    assert over["scores"] == B.SPEC.scores(u) == [B.SPEC.score_breakdown(u, p)["total"] for p in (0, 1)]
    assert over["winners"] == B.SPEC.winners(u) and B.SPEC.winners(u)
    sound(u)


def test_no_stalemate_while_a_hand_still_holds_a_material():
    s = _dry(hands=[[WOOD], [BRICK]])
    t = play(s, place(WOOD, 0, 0), {"type": "pass"})
    assert not events(s, t, "stalemate") and not B.SPEC.is_over(t) and B.SPEC.current_player(t) == 1
