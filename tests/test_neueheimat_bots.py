"""The strong Neue Heimat player's model of weak rivals: who plays by the weak rules, and how it bids against them."""

from __future__ import annotations

from game import neueheimat as nh
from game.neueheimat.bots import StrongBot, _face_value


def _cube(colour: int, pips: int) -> dict:
    return {"kind": "cube", "colour": colour, "pips": pips}


def test_a_seat_is_weak_until_it_bids_or_resolves_otherwise():
    bot = StrongBot(1)
    log = [
        {"type": "auction", "player": 0, "piece": _cube(0, 6)},  # face value 3
        {"type": "bid", "player": 1, "amount": 1},  # one more than the highest bid: weak-like
        {"type": "bid", "player": 2, "amount": 5},  # a jump, and over the face value plus one
        {"type": "buy", "player": 0, "from": 2, "amount": 5},  # a weak auctioneer sells at 5 > 3
    ]
    assert bot._read_rivals({"players": 4, "log": log}) == [False, True, False, True]
    log = [
        {"type": "auction", "player": 3, "piece": {"kind": "mayor"}},  # face value 2
        {"type": "bid", "player": 0, "amount": 1},
        {"type": "sell", "player": 3, "to": 0, "amount": 1, "forced": False},  # a weak auctioneer buys at 1 <= 2
    ]
    assert bot._read_rivals({"players": 4, "log": log}) == [True, True, True, False]
    assert StrongBot(1, rivals="model")._read_rivals({"players": 3, "log": []}) == [False, False, False]


def test_against_a_weak_auctioneer_the_strong_bid_is_paid_or_the_least_that_wins():
    """Every strong bid against weak rivals is either the face value rounded down (the
    weak auctioneer buys and pays it) or the least amount no weak seat can beat."""
    seen = 0
    for seed in range(12):
        state = nh.SPEC.new_game(5, seed)
        weak = [nh.SPEC.make_bot("weak", seed * 10 + k) for k in range(5)]
        strong = StrongBot(seed)
        while not nh.SPEC.is_over(state):
            seat = nh.SPEC.current_player(state)
            legal = nh.SPEC.legal_actions(state)
            view = nh.SPEC.view(state, seat)
            if state.phase == "bid" and len(legal) > 1:
                act = strong.choose(view, legal)
                assert act in legal
                if act["type"] == "bid":
                    seen += 1
                    face = _face_value(view["piece"])
                    amount = act["amount"]
                    if amount <= face:
                        assert amount == int(face)
                    else:
                        later_reach = int(face + 1)
                        assert amount <= max(view["high_bid"] + 1, later_reach + 1)
            state = nh.SPEC.apply_action(state, weak[seat].choose(view, legal))
    assert seen > 50
