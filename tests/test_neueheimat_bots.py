"""Neue Heimat's strong player: legal moves only, decided from the view, the same game from the same seed, bids it
can justify by its own model, and what it reads from the rivals' past."""

from __future__ import annotations

import json
import math

import pytest

from game.core import Rng
from game.neueheimat import SPEC
from game.neueheimat.bots import StrongBot

from lab.neueheimat import bots_v1


class RandomBot:
    """Any legal move: a rival the strong player has no model of."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed, stream=9)

    def choose(self, view: dict, legal: list[dict]) -> dict:
        return legal[self.rng.randrange(len(legal))]


def _bots(kinds: list[str], seed: int) -> list:
    out = []
    for i, kind in enumerate(kinds):
        if kind == "random":
            out.append(RandomBot(seed + i))
        elif kind == "v1":
            out.append(bots_v1.make_bot("strong", seed + i))
        else:
            out.append(SPEC.make_bot(kind, seed + i))
    return out


def _play(kinds: list[str], seed: int, rounds: int = 1, check=None) -> list[dict]:
    state = SPEC.new_game(len(kinds), seed, rounds=rounds)
    bots = _bots(kinds, seed)
    while not SPEC.is_over(state):
        seat = SPEC.current_player(state)
        legal = SPEC.legal_actions(state)
        view = SPEC.view(state, seat)
        act = bots[seat].choose(view, legal)
        assert act in legal, (kinds[seat], act)
        if check is not None and kinds[seat] == "strong":
            check(state, seat, view, legal, act)
        state = SPEC.apply_action(state, act)
    return SPEC.view(state, 0)["log"]


@pytest.mark.parametrize("kinds", [["strong", "weak"], ["random", "strong", "v1"], ["strong", "strong", "strong"],
                                   ["weak", "strong", "random", "v1", "strong"]])
def test_the_strong_player_only_makes_legal_moves_against_any_rivals(kinds):
    for seed in range(3):
        log = _play(kinds, 40 + seed, rounds=2 if seed == 0 else 1)
        assert log[-1]["type"] == "game_over"


def test_the_same_seeds_play_the_same_game():
    kinds = ["strong", "weak", "strong", "v1"]
    assert _play(kinds, 7) == _play(kinds, 7)


def test_it_decides_from_the_view_alone():
    """Two positions that look the same to the player (the face-down roofs in another order) get the same
    decision, and so does a JSON copy of the view."""
    checked = 0

    def check(state, seat, view, legal, act):
        nonlocal checked
        other = SPEC.determinize(view, seat, 1234 + checked)
        assert SPEC.view(other, seat) == view
        assert StrongBot(5).choose(SPEC.view(other, seat), SPEC.legal_actions(other)) == StrongBot(5).choose(view, legal)
        assert StrongBot(5).choose(json.loads(json.dumps(view)), legal) == StrongBot(5).choose(view, legal)
        checked += 1

    _play(["strong", "weak", "strong"], 3, check=check)
    assert checked > 30


def test_a_bid_is_worth_its_price_or_likely_bought_back():
    """Every bid that stays the highest leaves the player, by its own model, at least as well off as passing: the
    piece less the price if the auctioneer sells, the price received if it buys back, weighed by the chance of a
    sale; and a bid the auctioneer cannot afford to buy back (a sure sale) is worth its price on its own. Where the
    auctioneer's switch is only the model's estimate (not read from its own choices), a bid at which the model expects
    a sale is worth its price on its own too: no gamble on being bought back (four v1 sold to those)."""
    seen = {"sure": 0, "gamble": 0, "unread_sale": 0}

    def check(state, seat, view, legal, act):
        if act["type"] != "bid":
            return
        bot = StrongBot(0)
        pos, lam = bot.prepare(view)
        c = bot.price(lam, pos.players)
        takers = bot._takers(pos, view["piece"], lam)
        a, b = view["auctioneer"], act["amount"]
        later, j = [], (seat + 1) % pos.players
        while j != a:
            later.append(j)
            j = (j + 1) % pos.players
        high, w = bot._bidding(takers, later, a, view["high_bid"], -1 if view["high_bidder"] is None else view["high_bidder"],
                               c, pos.money)
        passing = bot._settle(takers, seat, a, high, w, c, pos.money)
        if bot._bidding(takers, later, a, b, seat, c, pos.money) != (b, seat):
            return  # the model expects a later bidder to outbid it
        sold = takers[seat][seat] - b * c
        bought_back = takers[a][seat] + b * c
        if b > pos.money[a]:
            seen["sure"] += 1
            assert sold >= passing - 1e-9
        else:
            seen["gamble"] += 1
            if not bot.reads_switch(a) and b >= bot._sale_point(takers, a, seat, c):
                seen["unread_sale"] += 1
                assert sold >= passing - 1e-9, "a gamble on an auctioneer whose switch is not read"
            # the logistic as tanh: a bid far below the switch would overflow exp
            chance = 0.5 * (1 + math.tanh((b - bot._sale_point(takers, a, seat, c)) / bot.switch_spread(a) / 2))
            assert chance * sold + (1 - chance) * bought_back >= passing - 1e-9
            assert bot.expects_buy_back(view, b) == (b < bot._sale_point(takers, a, seat, c))

    for seed in range(4):
        _play(["strong", "strong", "weak"], 60 + seed, check=check)
        _play(["v1", "strong", "strong", "weak", "strong"], 70 + seed, check=check)
    assert seen["sure"] > 3 and seen["gamble"] > 20 and seen["unread_sale"] > 3, seen


def test_as_auctioneer_it_keeps_or_sells_whichever_its_model_prefers():
    seen = 0

    def check(state, seat, view, legal, act):
        nonlocal seen
        if legal[0]["type"] not in ("sell", "buy") or len(legal) < 2:
            return
        bot = StrongBot(0)
        pos, lam = bot.prepare(view)
        c = bot.price(lam, pos.players)
        takers = bot._takers(pos, view["piece"], lam)
        keep = takers[seat][seat] - view["high_bid"] * c
        sell = takers[view["high_bidder"]][seat] + view["high_bid"] * c
        assert act["type"] == ("buy" if keep > sell else "sell")
        seen += 1

    for seed in range(4):
        _play(["strong", "weak", "strong", "v1"], 80 + seed, check=check)
    assert seen > 10


def _cube(colour: int, pips: int) -> dict:
    return {"kind": "cube", "colour": colour, "pips": pips}


def test_an_auctioneer_is_read_by_the_ratio_its_choices_fit():
    bot = StrongBot(1)
    log = [
        {"type": "auction", "player": 1, "piece": _cube(0, 6)},
        {"type": "bid", "player": 2, "amount": 2},
        {"type": "buy", "player": 1, "from": 2, "amount": 2},  # bought at 2/6
        {"type": "auction", "player": 1, "piece": _cube(1, 4)},
        {"type": "bid", "player": 2, "amount": 3},
        {"type": "sell", "player": 1, "to": 2, "amount": 3, "forced": False},  # sold at 3/4
        {"type": "auction", "player": 1, "piece": _cube(2, 2)},
        {"type": "bid", "player": 0, "amount": 2},
        {"type": "sell", "player": 1, "to": 0, "amount": 2, "forced": False},  # sold at 2/2
        {"type": "auction", "player": 2, "piece": _cube(3, 6)},
        {"type": "bid", "player": 0, "amount": 5},
        {"type": "buy", "player": 2, "from": 0, "amount": 5},  # bought at 5/6 ...
        {"type": "auction", "player": 2, "piece": _cube(3, 5)},
        {"type": "bid", "player": 0, "amount": 1},
        {"type": "sell", "player": 2, "to": 0, "amount": 1, "forced": False},  # ... but sold at 1/5: no one ratio
        {"type": "auction", "player": 2, "piece": _cube(4, 5)},
        {"type": "bid", "player": 0, "amount": 1},
        {"type": "sell", "player": 2, "to": 0, "amount": 1, "forced": True},  # forced: not a choice
    ]
    ratios = bot._read_auctioneers({"players": 3, "player": 0, "log": log})
    assert ratios[1] == pytest.approx((2 / 6 + 3 / 4) / 2)
    assert ratios[0] is None and ratios[2] is None


def test_a_bidder_is_read_as_raising_by_one_only_when_it_always_has():
    bot = StrongBot(1)
    log = [
        {"type": "auction", "player": 0, "piece": _cube(0, 6)},
        {"type": "bid", "player": 1, "amount": 1},
        {"type": "bid", "player": 2, "amount": 2},
        {"type": "auction", "player": 0, "piece": _cube(1, 4)},
        {"type": "bid", "player": 1, "amount": 1},
        {"type": "bid", "player": 2, "amount": 4},  # a jump
        {"type": "auction", "player": 0, "piece": _cube(2, 6)},
        {"type": "bid", "player": 1, "amount": 1},
        {"type": "bid", "player": 2, "amount": 2},
        {"type": "auction", "player": 0, "piece": _cube(3, 2)},
        {"type": "bid", "player": 2, "amount": 1},
        {"type": "pass", "player": 1, "forced": False},  # would not raise to 2 for a 2: stops below 2/2
    ]
    ratios = bot._read_bidders({"players": 3, "player": 0, "log": log})
    assert ratios[1] == pytest.approx((1 / 4 + 2 / 2) / 2)
    assert ratios[2] is None and ratios[0] is None


def test_hard_the_log_read_as_it_grows_gives_what_a_fresh_read_gives_and_an_undo_is_read_afresh():
    """The strong player reads only the log's new entries on its next decision (game.neueheimat.log_reading); what
    it reads must be what a player reading the whole log at that point reads, also after an undo rewrote the end."""
    state = SPEC.new_game(3, 7)
    bots = [StrongBot(10), SPEC.make_bot("weak", 11), SPEC.make_bot("weak", 12)]  # the weak raise by one: evidence
    reader = StrongBot(99)  # reads seat 0's view at every step, keeping what it read
    steps = 0
    while not SPEC.is_over(state) and steps < 400:
        seat = SPEC.current_player(state)
        view = SPEC.view(state, seat)
        mine = SPEC.view(state, 0)
        fresh = StrongBot(99)
        assert reader._read_auctioneers(mine) == fresh._read_auctioneers(mine)
        assert reader._read_bidders(mine) == fresh._read_bidders(mine)
        state = SPEC.apply_action(state, bots[seat].choose(view, SPEC.legal_actions(state)))
        steps += 1
    assert any(r is not None for r in reader._read_bidders(SPEC.view(state, 0)) + reader._read_auctioneers(SPEC.view(state, 0)))
    log = [
        {"type": "auction", "player": 0, "piece": _cube(0, 6)},
        {"type": "bid", "player": 1, "amount": 1},
        {"type": "bid", "player": 1, "amount": 2},
        {"type": "bid", "player": 1, "amount": 3},
    ]
    rewritten = log[:2] + [{"type": "bid", "player": 1, "amount": 5}, {"type": "bid", "player": 1, "amount": 6}]
    bot = StrongBot(1)
    assert bot._read_bidders({"players": 3, "player": 0, "log": log})[1] == pytest.approx(3 / 6)
    assert bot._read_bidders({"players": 3, "player": 0, "log": rewritten})[1] is None  # a jump: not steady


def test_hard_the_model_values_a_piece_for_each_seat_the_same_from_its_remembered_outcomes():
    """Outcomes are remembered per table (shared by every position of it); a cube of a colour nobody owns is valued
    for the seat that takes it. Each fresh valuation below starts with nothing remembered."""
    import game.neueheimat.bots as neueheimat_bots

    state = SPEC.new_game(3, 3)
    view = SPEC.view(state, 0)
    bot = StrongBot(1)
    pos, lam = bot.prepare(view)
    free = next(c for c in range(6) if pos.owners[c] < 0)
    cube = {"kind": "cube", "colour": free, "pips": 3}
    takers = bot._takers(pos, cube, lam)
    for seat in range(3):
        neueheimat_bots._OUTCOMES.clear()
        fresh_pos, _ = StrongBot(1).prepare(view)
        assert fresh_pos.outcomes is not pos.outcomes
        assert takers[seat] == StrongBot(1)._best_for(fresh_pos, cube, seat, lam)
    assert StrongBot(2).prepare(view)[0].outcomes is StrongBot(3).prepare(view)[0].outcomes  # one table: shared
    assert takers[0] != takers[1]  # the colour goes to whoever places it


def test_a_copied_log_reading_goes_on_as_a_fresh_reading_and_leaves_the_original_as_it_was():
    """The hard player's playouts start from a copy of its reading of the position (``LogReading.copy``): each copy,
    read on, must hold what reading the longer log from the start holds, and the reading copied must not move."""
    from game.neueheimat.log_reading import LogReading

    log = _play(["weak", "strong", "weak", "random"], 71, rounds=2)
    for cut in (0, len(log) // 3, len(log) // 2):
        reading = LogReading(4)
        reading.take(log[:cut])
        before = repr(reading.__dict__)
        copied = reading.copy()
        copied.take(log)
        fresh = LogReading(4)
        fresh.take(log)
        assert repr(copied.__dict__) == repr(fresh.__dict__)
        assert repr(reading.__dict__) == before
        assert cut == 0 or repr(reading.__dict__) != repr(fresh.__dict__)  # (so the comparison can tell them apart)


def test_a_weak_player_is_read_as_plain_to_the_end_and_the_others_are_found_out():
    """The plain reading accepts every choice the weak player's own rules make (its random tie-breaks and luck
    included), over whole games of several rounds, and finds out a player that does not follow them."""
    from game.neueheimat.log_reading import LogReading

    found_out = {"strong": 0, "random": 0, "v1": 0}
    for seed in range(6):
        kinds = ["weak", "strong", "weak", "random", "v1"] if seed % 2 else ["strong", "weak", "random", "weak"]
        log = _play(kinds, 70 + seed, rounds=2)
        reading = LogReading(len(kinds))
        reading.take(log)
        for seat, kind in enumerate(kinds):
            if kind == "weak":
                assert reading.plain[seat] and reading.fits[seat] > 10, (seed, seat, reading.fits[seat])
            else:
                found_out[kind] += not reading.plain[seat]
    assert found_out == {"strong": 6, "random": 6, "v1": 3}, found_out


def test_a_plain_rival_is_expected_to_buy_back_by_the_plain_rule():
    """Once a rival has shown ``plain_after`` choices that fit the plain rules and none that does not, the strong
    player expects it, as auctioneer, to buy back exactly where the weak player's rule does (and not before)."""
    from game.neueheimat.log_reading import weak_buys

    seen = {"plain": 0, "model": 0}

    def check(state, seat, view, legal, act):
        if act["type"] not in ("bid", "pass") or view["auctioneer"] == seat:
            return
        bot = StrongBot(0)
        bot.prepare(view)
        a = view["auctioneer"]
        amounts = range(view["high_bid"] + 1, min(view["money"][seat], view["money"][a]) + 1)
        if bot._plain[a]:
            seen["plain"] += 1
            assert all(bot.expects_buy_back(view, x) == weak_buys(x, view["piece"]) for x in amounts)
        else:
            seen["model"] += 1
            assert bot._reading(view).fits[a] < bot.plain_after or not bot._reading(view).plain[a]

    for seed in range(3):
        _play(["strong", "weak", "weak"], 90 + seed, check=check)
    assert seen["plain"] > 20 and seen["model"] > 0, seen


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_playouts_read_the_table_from_the_state_as_a_decision_reads_it_from_the_view(players):
    """The hard player's playouts ask each strong player's choice with the table read from the state
    (``ModelPosition.of_state``) and a view without it (``playout_view``): at every position of random games, the
    model's facts are the view's, the short view is the decision view's own keys, and the strong player's choice is
    the one it makes from the whole view."""
    from game.neueheimat.model_position import ModelPosition
    from game.neueheimat.view import decision_view, playout_view

    rng = Rng(players, stream=13)
    checked = 0
    for game in range(2):
        state = SPEC.new_game(players, 90 + game)
        while not SPEC.is_over(state):
            seat = SPEC.current_player(state)
            legal = SPEC.legal_actions(state)
            whole, short = decision_view(state, seat), playout_view(state, seat)
            assert ModelPosition.of_state(state).facts() == ModelPosition.of_view(whole).facts()
            assert short == {k: whole[k] for k in short}
            if len(legal) > 1 and rng.randrange(4) == 0:
                assert StrongBot(game).decide(short, legal, state) == StrongBot(game).choose(whole, legal)
                checked += 1
            state = SPEC.apply_action(state, legal[rng.randrange(len(legal))])
    assert checked > 20


def test_the_rivals_score_counts_half_only_where_every_rival_is_read_as_plain():
    """A fifth of the rivals' score counts against the strong player's own (five of it then keep each other's rows),
    but half where every rival is read as plain, as the former player counted it against weak tables (it won more
    there): checked at every decision of tables with and without a rival that is not plain."""
    seen: dict[str, set[float]] = {"all plain": set(), "not all plain": set()}

    def check(state, seat, view, legal, act):
        bot = StrongBot(0)
        bot.prepare(view)
        rivals = [j for j in range(len(view["money"])) if j != seat]
        all_plain = all(bot._plain[j] for j in rivals)
        seen["all plain" if all_plain else "not all plain"].add(bot._rivalry)

    for seed in range(2):
        _play(["strong", "weak", "weak"], 90 + seed, check=check)
        _play(["strong", "strong", "weak", "v1"], 95 + seed, check=check)
    assert seen == {"all plain": {0.5}, "not all plain": {0.2}}, seen
