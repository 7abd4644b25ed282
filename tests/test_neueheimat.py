"""Neue Heimat rules, one by one, refusals included (message given, state unchanged)."""

import json

import pytest

from game import neueheimat as nh
from game.core import IllegalAction, Match
from game.core.locale import has_text, languages
from game.neueheimat.state import complete_rows, row_length
from lab.neueheimat.scenario import cube, scenario

NO = {"type": "profits", "take": False}
YES = {"type": "profits", "take": True}


def play(state, *actions):
    for a in actions:
        state = nh.SPEC.apply_action(state, a)
    return state


def refused(state, action, words):
    """The action is refused with a message containing ``words`` and the state is untouched.

    The refusal carries a catalogue key with a text in every language, all its fields filled.
    """
    before = json.dumps(nh.SPEC.to_json(state), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        nh.SPEC.apply_action(state, action)
    assert words.lower() in str(err.value).lower(), str(err.value)
    assert err.value.key.startswith("neueheimat."), err.value.key
    for lang in languages():
        assert has_text(err.value.key, lang), (err.value.key, lang)
        assert "{" not in err.value.text(lang), err.value.text(lang)  # every field filled
    assert json.dumps(nh.SPEC.to_json(state), sort_keys=True) == before
    return str(err.value)


def auction_cube(state, row=0, end="left"):
    return play(state, {"type": "auction", "piece": "cube", "row": row, "end": end})


def everyone_passes(state):
    while state.phase == "bid":
        state = play(state, {"type": "pass"})
    return state


# --------------------------------------------------------------------------- set-up and options

@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    s = nh.SPEC.new_game(players, 7)
    assert [len(r) for r in s.display] == [8, 8, 8]
    shown = [c for r in s.display for c in r]
    assert len(set(shown)) == 24 and len(s.out) == 12 and set(shown) | set(s.out) == set(range(36))
    assert sorted(s.roof_pile) == [0] * 5 + [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]
    assert s.supply == ["mayor", "permit1", "permit2", "permit3", "cancel"]
    assert s.money == [12] * players and s.cash == [0] * players
    assert [row_length(s, r) for r in range(3)] == [4, 4, 4]
    assert nh.SPEC.legal_actions(s) == [YES, NO]
    assert s.log[0]["type"] == "round_start"


@pytest.mark.parametrize("players, options, words", [
    (1, {}, "2 to 5"), (6, {}, "2 to 5"), (3, {"rounds": 0}, "rounds"), (3, {"rounds": "3"}, "rounds"),
    (3, {"rounds": 10}, "rounds"), (3, {"hidden_money": True}, "no option"),
])
def test_bad_options_are_refused(players, options, words):
    with pytest.raises(IllegalAction, match=words) as err:
        nh.SPEC.new_game(players, 1, **options)
    assert all(has_text(err.value.key, lang) for lang in languages())


@pytest.mark.parametrize("rounds", range(1, 10))
def test_the_players_may_agree_any_number_of_rounds_from_1_to_9(rounds):
    """Rulebook: the players agree on a number of rounds (spec: 1 to 9); the start screen offers each of them."""
    option = nh.SPEC.start_option("rounds")
    assert option is not None and rounds in option.offered(3)
    assert nh.SPEC.new_game_options(3, {"rounds": str(rounds)}, 0) == {"rounds": rounds}
    assert nh.SPEC.new_game(3, 1, **nh.SPEC.new_game_options(3, {"rounds": rounds}, 0)).rounds == rounds


def test_the_terminal_plays_five_rounds_and_refuses_ten_with_a_keyed_error(monkeypatch, capsys):
    import io

    from game.cli import main

    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    assert main(["play", "neueheimat", "--players", "3", "--rounds", "5"]) == 0
    assert '"rounds": 5' in capsys.readouterr().out
    with pytest.raises(IllegalAction) as err:
        nh.SPEC.new_game(3, 1, rounds=10)
    assert err.value.key == "neueheimat.rounds_range"
    assert main(["play", "neueheimat", "--rounds", "10"]) == 2
    assert "choose one of 1, 2, 3, 4, 5, 6, 7, 8, 9" in capsys.readouterr().err


def test_same_seed_same_setup_and_different_seed_differs():
    assert nh.SPEC.new_game(3, 5) == nh.SPEC.new_game(3, 5)
    assert nh.SPEC.new_game(3, 5).display != nh.SPEC.new_game(3, 6).display


# --------------------------------------------------------------------------- illegal profits

def test_illegal_profits_once_at_turn_start_and_never_spendable():
    s = scenario(3, money=[1, 12, 23], cash=[0, 0, 0])
    s = play(s, YES)
    assert s.money[0] == 0 and s.cash[0] == 1 and s.phase == "choose"
    assert s.log[-1] == {"type": "illegal_profit", "player": 0, "cash": 1}
    refused(s, YES, "auctioneer must first choose")
    # The next seat auctions; seat 0 holds no money in hand, so cannot bid although its cash box has a million.
    s = play(s, {"type": "auction", "piece": "mayor"}, {"type": "pass"}, {"type": "pass"}, {"type": "discard"})
    s = play(s, NO, {"type": "auction", "piece": "cancel"})
    assert nh.SPEC.current_player(s) == 2
    s = play(s, {"type": "pass"})
    # Seat 0 is passed over: it has nothing in hand to bid with.
    assert {"type": "pass", "player": 0, "forced": True} in s.log[-3:]
    assert s.phase == "place" and s.holder == 1


def test_no_profits_question_without_money():
    s = scenario(2, money=[0, 24])
    assert s.phase == "choose"
    refused(s, YES, "choose a piece")


# --------------------------------------------------------------------------- choosing what to auction

def test_only_display_row_ends_are_offered():
    s = play(scenario(3), NO)
    cubes = [a for a in nh.SPEC.legal_actions(s) if a["piece"] == "cube"]
    assert len(cubes) == 6
    first = s.display[1][-1]
    s2 = auction_cube(s, 1, "right")
    assert s2.piece == ("cube", first) and s2.display[1] == s.display[1][:-1]
    refused(s, {"type": "auction", "piece": "cube", "row": 1, "end": "middle"}, "end left or right")


def test_roof_only_while_a_house_lacks_one():
    s = play(scenario(3), NO)
    assert {"type": "auction", "piece": "roof"} not in nh.SPEC.legal_actions(s)
    refused(s, {"type": "auction", "piece": "roof"}, "some house has no roof")
    s = play(scenario(3, board=[["r5:2"], [], []]), NO)
    refused(s, {"type": "auction", "piece": "roof"}, "some house has no roof")
    s = play(scenario(3, board=[["r5"], [], []]), NO)
    assert {"type": "auction", "piece": "roof"} in nh.SPEC.legal_actions(s)


def test_numbered_roof_is_turned_up_then_auctioned_and_is_an_undo_barrier():
    s = play(scenario(3, board=[["r5"], [], []], pile=[0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]), NO)
    after = play(s, {"type": "auction", "piece": "roof"})
    assert after.piece == ("roof", 6) and after.phase == "bid"
    assert after.log[-2] == {"type": "roof_revealed", "player": 0, "roof": 6}
    assert nh.SPEC.undo_barrier(s, {"type": "auction", "piece": "roof"}, after)
    assert not nh.SPEC.undo_barrier(s, NO, play(scenario(3, board=[["r5"], [], []]), NO))


def test_blank_roof_is_discarded_and_ends_the_turn():
    s = play(scenario(3, board=[["r5"], [], []], pile=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 0, 0, 0, 0, 0]), NO)
    after = play(s, {"type": "auction", "piece": "roof"})
    assert after.roofs_discarded == [0] and len(after.roof_pile) == 16
    assert after.auctioneer == 1 and after.phase == "profits" and after.piece is None
    assert [e["type"] for e in after.log[-2:]] == ["roof_revealed", "roof_discarded"]
    assert nh.SPEC.undo_barrier(s, {"type": "auction", "piece": "roof"}, after)


def test_a_cube_with_no_place_cannot_be_chosen():
    # Every row full and roofed but for a green 5 on the top row's second lot: a 6 cannot go anywhere, a 1 can.
    board = [["y2:1", "g5", "w3:1", "r4:2"], ["y1:2", "y3:3", "r2:3", "w2:4"], ["k1:4", "k2:5", "k3:5", "k4:6"]]
    s = play(scenario(3, board=board, display=[["b6", "b1"], [], []], supply=[]), NO)
    assert nh.SPEC.legal_actions(s) == [{"type": "auction", "piece": "cube", "row": 0, "end": "right"},
                                   {"type": "auction", "piece": "roof"}]
    refused(s, {"type": "auction", "piece": "cube", "row": 0, "end": "left"}, "no legal place")


def test_special_pieces_leave_the_supply_when_auctioned():
    s = play(scenario(3), NO)
    for piece in ({"piece": "mayor"}, {"piece": "cancel"}, {"piece": "permit", "size": 2}):
        assert {"type": "auction", **piece} in nh.SPEC.legal_actions(s)
    s = play(s, {"type": "auction", "piece": "permit", "size": 2})
    s = everyone_passes(s)
    s = play(s, {"type": "discard"})
    assert "permit2" not in s.supply and s.discarded == ["permit2"]
    s = play(s, NO)
    refused(s, {"type": "auction", "piece": "permit", "size": 2}, "no longer beside the board")


# --------------------------------------------------------------------------- bidding and resolution

def test_bidding_goes_clockwise_from_the_auctioneers_left_once_each():
    s = play(scenario(4, auctioneer=2), NO)
    s = auction_cube(s)
    order = []
    while s.phase == "bid":
        order.append(nh.SPEC.current_player(s))
        s = play(s, {"type": "pass"})
    assert order == [3, 0, 1]


def test_refusals_speak_the_players_language():
    s = scenario(3, money=[12, 5, 19])
    s = auction_cube(play(s, NO))
    with pytest.raises(IllegalAction) as err:
        nh.SPEC.apply_action(s, {"type": "bid", "amount": 6})
    assert err.value.key == "neueheimat.bid_over_money" and err.value.params == {"money": 5}
    assert err.value.text("es") == "Solo tienes 5 millones en mano: puja como mucho eso, o pasa."
    assert str(err.value) == err.value.text("en") == "You have only 5 million in hand: bid at most that, or pass."


def test_bids_must_be_higher_and_within_money_in_hand():
    s = auction_cube(play(scenario(3, money=[12, 5, 19]), NO))
    assert nh.SPEC.legal_actions(s)[:1] == [{"type": "bid", "amount": 1}] and len(nh.SPEC.legal_actions(s)) == 6
    refused(s, {"type": "bid", "amount": 6}, "only 5 million")
    refused(s, {"type": "bid", "amount": 0}, "at least 1")
    s = play(s, {"type": "bid", "amount": 3})
    refused(s, {"type": "bid", "amount": 3}, "higher than 3")
    refused(s, {"type": "sell"}, "bid more")
    assert nh.SPEC.legal_actions(s)[0] == {"type": "bid", "amount": 4}


def test_sell_pays_the_auctioneer_and_buy_pays_the_bidder():
    s = auction_cube(play(scenario(3), NO))
    s = play(s, {"type": "bid", "amount": 3}, {"type": "bid", "amount": 5})
    assert s.phase == "resolve" and nh.SPEC.current_player(s) == 0
    assert nh.SPEC.legal_actions(s) == [{"type": "sell"}, {"type": "buy"}]
    sold = play(s, {"type": "sell"})
    assert sold.money == [17, 12, 7] and sold.holder == 2 and nh.SPEC.current_player(sold) == 2
    bought = play(s, {"type": "buy"})
    assert bought.money == [7, 12, 17] and bought.holder == 0
    assert bought.log[-1] == {"type": "buy", "player": 0, "from": 2, "amount": 5}


def test_auctioneer_who_cannot_pay_must_sell():
    s = auction_cube(play(scenario(3, money=[2, 12, 22]), NO))
    s = play(s, {"type": "pass"}, {"type": "bid", "amount": 4})
    assert s.phase == "place" and s.holder == 2 and s.money == [6, 12, 18]
    assert s.log[-1]["type"] == "sell" and s.log[-1]["forced"]
    # A buy at that moment is refused by the engine too (built by hand: auction resolving with too little money).
    s2 = auction_cube(play(scenario(3, money=[4, 12, 20]), NO))
    s2 = play(s2, {"type": "pass"}, {"type": "bid", "amount": 4})
    s2.money[0] = 3
    s2.money[1] = 13
    refused(s2, {"type": "buy"}, "must sell")


def test_nobody_bids_then_the_auctioneer_takes_it_free():
    s = everyone_passes(auction_cube(play(scenario(3), NO)))
    assert s.phase == "place" and s.holder == 0 and s.money == [12, 12, 12]
    assert s.log[-1]["type"] == "free"


# --------------------------------------------------------------------------- floor cubes

def _holding(piece_text, players=3, **kw):
    """A state where seat 0 has just taken ``piece_text`` (a cube) for free and must place it."""
    kw.setdefault("display", [[piece_text], [], []])
    s = play(scenario(players, **kw), NO)
    return everyone_passes(auction_cube(s))


def test_new_houses_from_the_road_without_gaps_within_the_length():
    s = _holding("r3", board=[["g1"], [], ["w1", "w2", "w3", "w4"]])
    targets = nh.SPEC.legal_actions(s)
    assert {"type": "place", "row": 0, "lot": 1} in targets and {"type": "place", "row": 1, "lot": 0} in targets
    refused(s, {"type": "place", "row": 0, "lot": 2}, "without gaps")
    refused(s, {"type": "place", "row": 1, "lot": 1}, "without gaps")
    refused(s, {"type": "place", "row": 2, "lot": 4}, "only be 4 lots")
    refused(s, {"type": "discard"}, "must be placed")


def test_stacking_only_on_more_pips_never_on_a_roof_nor_a_fenced_lot():
    # Top row: lot 1 is fenced. Middle row: lot 1 (a 5), lot 2 (a 3), lot 3 fenced (a 6), lot 4 roofed 6.
    s = _holding("r3", board=[["g6"], ["y5", "y3", "b6", "k6:2"], []])
    targets = nh.SPEC.legal_actions(s)
    assert {"type": "place", "row": 1, "lot": 0} in targets
    refused(s, {"type": "place", "row": 1, "lot": 1}, "more pips")
    refused(s, {"type": "place", "row": 1, "lot": 2}, "single cube")
    refused(s, {"type": "place", "row": 1, "lot": 3}, "roof")
    refused(s, {"type": "place", "row": 0, "lot": 0}, "single cube")
    s = play(s, {"type": "place", "row": 1, "lot": 0})
    assert s.board[1][0] == ((cube("y5"), cube("r3")), 0)


def test_the_first_cube_of_a_colour_takes_its_marker():
    s = _holding("r3", board=[[], [], []], owners={})
    s = play(s, {"type": "place", "row": 0, "lot": 0})
    assert s.owners[0] == 0 and s.log[-2]["type"] == "place" and {"type": "marker", "player": 0, "colour": 0} in s.log
    # Seat 1 takes the red 2 and places it: the marker stays with seat 0.
    s = scenario(3, board=[["r3"], [], []], owners={"r": 0}, display=[["r2"], [], []], auctioneer=1)
    s = everyone_passes(auction_cube(play(s, NO)))
    s = play(s, {"type": "place", "row": 0, "lot": 1})
    assert s.owners[0] == 0 and not any(e["type"] == "marker" for e in s.log)


def test_roofs_go_on_any_unroofed_house():
    s = scenario(3, board=[["r5", "y3:2"], ["g4"], []], owners={"r": 1, "g": 2}, pile=[1, 1, 2, 3, 3, 4, 4, 5, 5, 6, 0, 0, 0, 0, 0, 6])
    s = everyone_passes(play(s, NO, {"type": "auction", "piece": "roof"}))
    assert nh.SPEC.legal_actions(s) == [{"type": "place", "row": 0, "lot": 0}, {"type": "place", "row": 1, "lot": 0}]
    refused(s, {"type": "place", "row": 0, "lot": 1}, "already has a roof")
    refused(s, {"type": "place", "row": 2, "lot": 0}, "lot is empty")
    s = play(s, {"type": "place", "row": 1, "lot": 0})
    assert s.board[1][0][1] == 6


# --------------------------------------------------------------------------- the mayor, permits and the cancel cube

def _special(piece, players=3, **kw):
    s = play(scenario(players, **kw), NO, {"type": "auction", **piece})
    return everyone_passes(s)


def test_mayor_in_front_of_a_row_or_discarded():
    s = _special({"piece": "mayor"})
    assert nh.SPEC.legal_actions(s) == [{"type": "mayor", "row": r} for r in range(3)] + [{"type": "discard"}]
    refused(s, {"type": "permit", "row": 0, "change": 1}, "not a building permit")
    assert play(s, {"type": "mayor", "row": 2}).mayor == 2
    gone = play(s, {"type": "discard"})
    assert gone.mayor == -1 and "mayor" in gone.discarded and "mayor" not in gone.supply


def test_permits_lengthen_or_shorten_but_never_below_what_is_built():
    s = _special({"piece": "permit", "size": 2}, board=[["r5", "r4", "r3"], [], []])
    legal = nh.SPEC.legal_actions(s)
    assert {"type": "permit", "row": 0, "change": 2} in legal and {"type": "permit", "row": 0, "change": -2} not in legal
    refused(s, {"type": "permit", "row": 0, "change": -2}, "cannot be shortened to 2")
    refused(s, {"type": "permit", "row": 0, "change": 3}, "+2 or -2")
    s = play(s, {"type": "permit", "row": 1, "change": -2})
    assert row_length(s, 1) == 2 and row_length(s, 0) == 4


def test_lengthening_a_complete_row_reopens_it():
    s = _special({"piece": "permit", "size": 1}, board=[["r5:1", "r4:1", "r3:2", "r2:2"], [], []])
    assert complete_rows(s) == [0]
    s = play(s, {"type": "permit", "row": 0, "change": 1})
    assert complete_rows(s) == [] and row_length(s, 0) == 5


def test_row_length_stays_between_1_and_9():
    s = _special({"piece": "permit", "size": 3}, permits=[[2, 1], [], []])
    assert {"type": "permit", "row": 0, "change": 3} not in nh.SPEC.legal_actions(s)
    refused(s, {"type": "permit", "row": 0, "change": 3}, "between 1 and 9")
    assert {"type": "permit", "row": 1, "change": -3} in nh.SPEC.legal_actions(s)
    s = _special({"piece": "permit", "size": 3}, permits=[[-2], [-1], []])
    refused(s, {"type": "permit", "row": 0, "change": -3}, "between 1 and 9")
    refused(s, {"type": "permit", "row": 1, "change": -3}, "between 1 and 9")


def test_cancel_removes_a_permit_unless_the_row_would_be_shorter_than_built():
    board = [["r5", "r4", "r3", "r2", "r1"], [], []]
    s = _special({"piece": "cancel"}, board=board, permits=[[1], [-2], []])
    assert nh.SPEC.legal_actions(s) == [{"type": "cancel", "row": 1, "change": -2}, {"type": "discard"}]
    refused(s, {"type": "cancel", "row": 0, "change": 1}, "shorter (4) than its 5 houses")
    refused(s, {"type": "cancel", "row": 2, "change": 3}, "no such permit")
    s = play(s, {"type": "cancel", "row": 1, "change": -2})
    assert s.permits[1] == [] and row_length(s, 1) == 4
    assert "permit2" in s.discarded and "cancel" in s.discarded


# --------------------------------------------------------------------------- end of a round and scoring

def _roof_auction_for_seat0(s):
    return everyone_passes(play(s, NO, {"type": "auction", "piece": "roof"}))


def test_round_ends_when_two_rows_are_complete_and_scores():
    # Top row complete; middle row lacks one roof; bottom row incomplete. Seat 0 owns red, 1 yellow, 2 green.
    board = [["r5:1", "r4:1", "r3:2", "r2:2"], ["y6:3", "y5:3", "y4:4", "y3"], ["g6b1:5"]]
    s = scenario(3, board=board, owners={"r": 0, "y": 1, "g": 2, "b": 1}, cash=[2, 0, 1], money=[10, 12, 11],
                 pile=[6, 5, 4])
    s = _roof_auction_for_seat0(s)
    assert s.piece == ("roof", 4)
    s = play(s, {"type": "place", "row": 1, "lot": 3})
    assert nh.SPEC.is_over(s) and s.phase == "over"
    end = next(e for e in s.log if e["type"] == "round_end")
    assert end["reason"] == "two_rows" and end["complete"] == [0, 1]
    # Seat 0: 6+5+5+4 (+2 cash) = 22; seat 1: 9+8+8+7 = 32, and the blue 1 on top of the bottom house: -(6+1+5) = -12.
    assert nh.SPEC.scores(s) == [22, 20, 1]
    assert nh.SPEC.winners(s) == [0]


def test_a_round_end_records_the_table_it_scored_before_the_next_round_clears_it():
    board = [["r5:1", "r4:1", "r3:2", "r2:2"], ["y6:3", "y5:3", "y4:4", "y3"], ["g6b1:5"]]
    s = scenario(3, board=board, owners={"r": 0, "y": 1, "g": 2, "b": 1}, cash=[2, 0, 1], money=[10, 12, 11],
                 pile=[6, 5, 4])
    s.rounds = 2
    s = play(_roof_auction_for_seat0(s), {"type": "place", "row": 1, "lot": 3})
    assert s.round_no == 2 and s.board == [[], [], []]  # the next round is set up
    end = next(e for e in s.log if e["type"] == "round_end")
    table = end["table"]
    assert [len(row) for row in table["board"]] == [4, 4, 1]
    assert table["board"][1][3] == {"cubes": [[1, 3]], "roof": 4}  # the roof just placed is in it
    assert table["board"][2][0] == {"cubes": [[2, 6], [3, 1]], "roof": 5}
    assert table["complete"] == [0, 1] and table["cash"] == [2, 0, 1]
    assert table["owners"][:4] == [0, 1, 2, 1]
    # the houses scored are the ones recorded
    houses = [e for e in s.log if e["type"] == "house_score"]
    assert [(e["row"], e["lot"]) for e in houses] == [(r, i) for r, row in enumerate(table["board"]) for i in range(len(row))]


def test_round_ends_when_every_numbered_roof_is_used():
    s = scenario(2, board=[["r5"], ["y5"], []], pile=[6])
    s = _roof_auction_for_seat0(s)
    s = play(s, {"type": "place", "row": 0, "lot": 0})
    assert nh.SPEC.is_over(s)
    assert next(e for e in s.log if e["type"] == "round_end")["reason"] == "no_roofs"
    assert nh.SPEC.scores(s) == [-11 - 5, 0]


def test_round_ends_when_no_piece_can_be_auctioned():
    # Ruling: no piece left that could be auctioned ends the round too (a 6 that fits nowhere, no roof wanted).
    board = [["y2:1", "g5:1", "w3:2", "r4:2"], ["y1:3", "y3:3", "r2:4", "w2:4"], ["k1:5"]]
    s = scenario(3, board=board, permits=[[], [], [-3]], display=[["b6"], [], []], supply=[])
    assert nh.SPEC.is_over(s) and s.log[0]["type"] == "round_end" and s.log[0]["reason"] == "no_pieces"


def test_mayor_doubles_negative_rows_too():
    s = scenario(2, board=[["r5:3"], ["y2"], []], owners={"r": 0, "y": 1}, mayor=1, pile=[6])
    assert nh.SPEC.scores(s) == [-8, -4]


def _tied_round(money):
    """Top row (length 2) and middle row (length 1) complete; seat 0 and seat 1 both score 9."""
    board = [["r5:1", "y5:4"], ["r1:2"], []]
    s = scenario(2, board=board, permits=[[-2], [-3], []], owners={"r": 0, "y": 1}, money=money,
                 supply=["mayor"], pile=[1, 3])
    return play(s, NO, {"type": "auction", "piece": "mayor"}, {"type": "pass"}, {"type": "discard"})


def test_ties_go_to_more_money_in_hand_then_are_shared():
    s = _tied_round([11, 13])
    assert nh.SPEC.is_over(s) and nh.SPEC.scores(s) == [9, 9] and nh.SPEC.winners(s) == [1]
    s = _tied_round([12, 12])
    assert nh.SPEC.scores(s) == [9, 9] and nh.SPEC.winners(s) == [0, 1]
    assert s.log[-2]["winners"] == [0, 1]


# --------------------------------------------------------------------------- the rulebook's example

def test_rulebook_example_position():
    """Top and middle rows complete, the mayor doubling the top row; top shortened by two,
    middle lengthened by one, bottom by three; a 9-point house for blue, doubled by the mayor."""
    board = [
        ["r6:2", "g4b2:3"],                               # top: length 2, lot 1 fenced; blue's 9-point house
        ["y5:4", "w6y3:5", "k4:1", "r3g1:6", "b5:2"],     # middle: length 5
        ["w5k2", "g6:3", "y6"],                           # bottom: length 7, incomplete
    ]
    s = scenario(4, board=board, permits=[[-2], [1], [3]], mayor=0,
                 owners={"r": 0, "g": 1, "b": 2, "y": 3, "w": 0, "k": 1}, pile=[6, 5, 4])
    assert [row_length(s, r) for r in range(3)] == [2, 5, 7]
    assert complete_rows(s) == [0, 1]
    # The round ends with the next turn: the cancel cube is auctioned and discarded.
    s = play(s, NO, {"type": "auction", "piece": "cancel"})
    s = everyone_passes(s)
    s = play(s, {"type": "discard"})
    assert nh.SPEC.is_over(s)
    houses = {(e["row"], e["lot"]): e for e in s.log if e["type"] == "house_score"}
    assert houses[(0, 1)]["owner"] == 2 and houses[(0, 1)]["value"] == 9 and houses[(0, 1)]["points"] == 18
    assert houses[(0, 0)]["points"] == 16 and houses[(2, 0)]["points"] == -7 and houses[(2, 0)]["owner"] == 1
    # red 16 (top, doubled) + 3+1+6 → green's top... seat by seat:
    expected = [0] * 4
    expected[0] += 16          # red 6 + roof 2, doubled
    expected[2] += 18          # blue: 4 + 2 + 3, doubled
    expected[3] += 9 + 14      # yellow 5 + 4; white 6, yellow 3, roof 5
    expected[1] += 5           # black 4 + roof 1
    expected[1] += 3 + 1 + 6   # green 1 on top of the red 3, roof 6
    expected[2] += 5 + 2       # blue 5 + roof 2
    expected[1] += -7          # bottom: black 2 on white 5, no roof
    expected[1] += -9          # green 6 + roof 3
    expected[3] += -6          # yellow 6
    assert nh.SPEC.scores(s) == expected


# --------------------------------------------------------------------------- several rounds

def test_rounds_carry_money_empty_cash_boxes_and_reset_the_board():
    s = scenario(2, board=[["r5"], ["y5"], []], owners={"r": 0, "y": 1}, money=[9, 12], cash=[3, 0], pile=[6], rounds=3)
    s = _roof_auction_for_seat0(s)
    s = play(s, {"type": "place", "row": 0, "lot": 0})
    assert not nh.SPEC.is_over(s) and s.round_no == 2
    assert s.round_scores == [[-11 + 3, -5]] and s.round_wins == [0, 1]
    assert s.money == [12, 12] and s.cash == [0, 0]
    assert s.board == [[], [], []] and s.permits == [[], [], []] and s.mayor == -1 and s.owners == [-1] * 6
    assert sorted(s.roof_pile) == sorted(nh.state.ALL_ROOFS) and s.supply == list(nh.state.SPECIALS)
    assert sum(len(r) for r in s.display) == 24
    assert nh.SPEC.scores(s) == [-8, -5]
    assert s.log[-1]["type"] == "round_start" or s.log[-2]["type"] == "round_start"


def test_two_round_wins_end_the_game_at_once():
    s = scenario(2, board=[["r5"], ["y5"], []], owners={"r": 0, "y": 1}, pile=[6], rounds=3)
    s.round_wins = [0, 1]
    s.round_no = 2
    s = _roof_auction_for_seat0(s)
    s = play(s, {"type": "place", "row": 0, "lot": 0})
    assert nh.SPEC.is_over(s) and nh.SPEC.winners(s) == [1]
    assert s.log[-1] == {"type": "game_over", "totals": s.totals, "winners": [1], "reason": "two_round_wins"}


def test_best_total_wins_after_the_last_round():
    s = scenario(2, board=[["r5"], ["y5"], []], owners={"r": 0, "y": 1}, pile=[6], rounds=2)
    s.round_no = 2
    s.round_wins = [1, 0]
    s.totals = [40, 0]
    s = _roof_auction_for_seat0(s)
    s = play(s, {"type": "place", "row": 0, "lot": 0})
    assert nh.SPEC.is_over(s) and s.totals == [40 - 11, -5] and nh.SPEC.winners(s) == [0]


# --------------------------------------------------------------------------- view, log, words, undo

def test_view_hides_only_the_roof_order():
    s = nh.SPEC.new_game(3, 4)
    t = s.copy()
    t.roof_pile = list(reversed(t.roof_pile))
    assert t != s and nh.SPEC.view(s, 1) == nh.SPEC.view(t, 1)
    v = nh.SPEC.view(s, 1)
    assert v["roofs_unseen"] == sorted(s.roof_pile) and "roof_pile" not in v and "rng" not in v
    assert json.loads(json.dumps(v)) == v


def test_every_event_and_action_has_words_in_both_languages():
    seen = set()
    for seed in range(6):
        s = nh.SPEC.new_game(3, seed, rounds=2)
        bots = [nh.SPEC.make_bot("strong", seed + i) for i in range(3)]
        while not nh.SPEC.is_over(s):
            p = nh.SPEC.current_player(s)
            legal = nh.SPEC.legal_actions(s)
            for a in legal[:3]:
                en, es = nh.SPEC.describe_action(s, a, "en"), nh.SPEC.describe_action(s, a, "es")
                assert en and es and en != es
            s = nh.SPEC.apply_action(s, bots[p].choose(nh.SPEC.view(s, p), legal))
        for e in s.log:
            en, es = nh.SPEC.describe_event(e, "en"), nh.SPEC.describe_event(e, "es")
            assert en != e["type"] and es != e["type"] and en != es
            seen.add(e["type"])
    assert {"round_start", "auction", "bid", "pass", "place", "marker", "round_end", "house_score",
            "round_scores", "game_over", "roof_revealed"} <= seen


def test_match_cannot_undo_past_a_turned_up_roof():
    m = Match.new("neueheimat", 3, 2)
    s = scenario(3, board=[["r5"], [], []], pile=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 0, 0, 0, 0, 0])
    m.states = [s]
    m.apply(NO)
    assert m.can_undo()
    m.apply({"type": "auction", "piece": "roof"})
    assert not m.can_undo()


# --------------------------------------------------------------------------- issue 18 holes: round ends, seats, ties

def test_round_ends_when_every_cube_is_built_and_roofed():
    # Rulebook, end of the game: «si se usan los 24 cubos de piso y tienen techo». Display empty and the
    # last house roofed ends the round although numbered roofs remain face down and no two rows are complete.
    s = scenario(2, board=[["r5:1", "y5"], [], []], owners={"r": 0, "y": 1}, display=[[], [], []], pile=[2, 6])
    s = _roof_auction_for_seat0(s)
    assert s.piece == ("roof", 6) and s.roof_pile == [2]
    s = play(s, {"type": "place", "row": 0, "lot": 1})
    end = next(e for e in s.log if e["type"] == "round_end")
    assert end["reason"] == "all_built" and end["complete"] == []
    assert nh.SPEC.is_over(s) and nh.SPEC.scores(s) == [-6, -11]


def test_next_round_starts_with_the_seat_after_the_last_auctioneer():
    # Rulebook: the turn passes clockwise; the spec's Ruling carries that over the round break.
    s = scenario(3, board=[["r5"], ["y5"], []], owners={"r": 0, "y": 1}, pile=[6], rounds=2, auctioneer=2)
    s = play(s, NO, {"type": "auction", "piece": "roof"})
    s = everyone_passes(s)
    s = play(s, {"type": "place", "row": 0, "lot": 0})
    assert s.round_no == 2 and s.auctioneer == 0 and nh.SPEC.current_player(s) == 0
    start = [e for e in s.log if e["type"] == "round_start"][-1]
    assert start == {**start, "round": 2, "start": 0}


def test_two_players_reaching_two_round_wins_together_go_to_the_better_total_then_money():
    # Rulebook: two round wins win at once; the spec's Ruling: a shared round win counts for each, and when
    # two reach it together the better total wins (then money in hand, equal here by the shared round).
    def finish(totals, money):
        s = scenario(3, board=[["k1"], [], []], owners={"k": 2}, pile=[0], rounds=4, money=money)
        s.round_no, s.round_wins, s.totals = 3, [1, 1, 0], totals
        s = play(s, NO, {"type": "auction", "piece": "roof"})  # a blank roof: the last one, the round ends
        assert next(e for e in s.log if e["type"] == "round_end")["reason"] == "no_roofs"
        assert s.round_scores[-1] == [0, 0, -1] and s.round_wins == [2, 2, 0]
        return s
    s = finish([4, 9, 20], [12, 12, 12])
    assert nh.SPEC.is_over(s) and nh.SPEC.winners(s) == [1]  # seat 2 has the best total but not two round wins
    assert s.log[-1]["reason"] == "two_round_wins"
    # A shared round win needs equal money in hand, so with equal totals the game is shared too.
    s = finish([5, 5, 0], [13, 13, 10])
    assert nh.SPEC.winners(s) == [0, 1]


def test_the_first_start_player_is_drawn_from_the_seed():
    # Rulebook and spec: «Choose a start player»; the engine draws it from the seed, the same on every machine.
    starts = {}
    for seed in range(40):
        s = nh.SPEC.new_game(5, seed)
        assert s.log[0]["type"] == "round_start" and s.log[0]["start"] == s.auctioneer == nh.SPEC.current_player(s)
        assert nh.SPEC.new_game(5, seed).auctioneer == s.auctioneer
        starts[seed] = s.auctioneer
    assert set(starts.values()) == {0, 1, 2, 3, 4}
