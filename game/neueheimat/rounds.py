"""Neue Heimat: setting up, passing the turn and ending a round or the game.

A turn is a chain of explicit decisions (see ``docs/neueheimat.md``):
``profits`` → ``choose`` → ``bid`` (one seat after another) → ``resolve`` →
``place``. This module starts a turn, moves an auction on between the
decisions (the next bidder, automatic passes and sales), checks the end of the
round after each turn, scores a round and sets up the next one.
"""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, Rng
from .state import (
    ALL_ROOFS, DISPLAY_LEN, DISPLAY_ROWS, MAX_PLAYERS, MAX_ROUNDS, MIN_PLAYERS, ROWS, SPECIALS, START_MONEY,
    State, can_auction, colour_of, complete_rows, display_json, house_value, piece_json, roof_targets, round_score,
    table_json,
)


def new_game(num_players: int, seed: int, rounds: int = 1, **options: Any) -> State:
    """A new game for 2–5 players; ``rounds`` (1–9) rounds, money carried over between them."""
    if options:
        raise IllegalAction(key="neueheimat.unknown_option", options=", ".join(sorted(options)), max_rounds=MAX_ROUNDS)
    if isinstance(num_players, bool) or not isinstance(num_players, int) or not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise IllegalAction(key="neueheimat.player_count", min=MIN_PLAYERS, max=MAX_PLAYERS, players=repr(num_players))
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_ROUNDS:
        raise IllegalAction(key="neueheimat.rounds_range", max_rounds=MAX_ROUNDS, rounds=repr(rounds))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise IllegalAction(key="neueheimat.seed_not_int", seed=repr(seed))
    s = State()
    s.players, s.rounds = num_players, rounds
    s.rng = Rng(seed, stream=8)
    s.money = [START_MONEY] * num_players
    s.cash = [0] * num_players
    s.totals = [0] * num_players
    s.round_wins = [0] * num_players
    start = s.rng.randrange(num_players)
    setup_round(s, start)
    return s



def setup_round(s: State, start: int) -> None:
    """Draw the display, shuffle the roofs, put the special pieces back; ``start`` auctions first."""
    cubes = list(range(36))
    s.rng.shuffle(cubes)
    s.display = [cubes[i * DISPLAY_LEN:(i + 1) * DISPLAY_LEN] for i in range(DISPLAY_ROWS)]
    s.out = sorted(cubes[DISPLAY_ROWS * DISPLAY_LEN:])
    s.board = [[], [], []]
    s.permits = [[], [], []]
    s.mayor = -1
    s.supply = list(SPECIALS)
    s.discarded = []
    s.owners = [-1] * 6
    pile = list(ALL_ROOFS)
    s.rng.shuffle(pile)
    s.roof_pile = pile
    s.roofs_discarded = []
    s.piece = None
    s.bidder = s.high_bidder = s.holder = -1
    s.high_bid = 0
    s.log.append({"type": "round_start", "round": s.round_no, "start": start,
                  "display": display_json(s)})
    start_turn(s, start)



def start_turn(s: State, player: int) -> None:
    """``player`` auctions next: the illegal-profits question if they hold money, else the choice of piece."""
    s.auctioneer = player
    s.piece = None
    s.bidder = s.high_bidder = s.holder = -1
    s.high_bid = 0
    if not can_auction(s):
        end_round(s, "no_pieces")
        return
    s.phase = "profits" if s.money[player] > 0 else "choose"



def next_bidder(s: State) -> None:
    """Move to the next seat clockwise that can outbid; others pass automatically.

    After the last bidder: nobody bid, the auctioneer takes the piece free; an
    auctioneer who cannot pay the highest bid sells; else the auctioneer decides.
    """
    while True:
        s.bidder = (s.bidder + 1) % s.players
        if s.bidder == s.auctioneer:
            break
        if s.money[s.bidder] > s.high_bid:
            s.phase = "bid"
            return
        s.log.append({"type": "pass", "player": s.bidder, "forced": True})
    s.bidder = -1
    a = s.auctioneer
    if s.high_bidder < 0:
        s.log.append({"type": "free", "player": a, "piece": piece_json(s.piece)})
        s.holder = a
        s.phase = "place"
    elif s.money[a] < s.high_bid:
        sell_piece(s, forced=True)
    else:
        s.phase = "resolve"



def sell_piece(s: State, forced: bool = False) -> None:
    """The auctioneer sells the piece to the highest bidder, who pays the bid and places it."""
    a, b, amount = s.auctioneer, s.high_bidder, s.high_bid
    s.money[b] -= amount
    s.money[a] += amount
    s.log.append({"type": "sell", "player": a, "to": b, "amount": amount, "forced": forced})
    s.holder = b
    s.phase = "place"



def end_turn(s: State) -> None:
    """Check the end of the round, else pass the auction to the next seat clockwise."""
    s.piece = None
    s.holder = -1
    if len(complete_rows(s)) >= 2:
        end_round(s, "two_rows")
    elif not any(s.roof_pile):
        end_round(s, "no_roofs")
    elif not any(s.display) and not roof_targets(s):
        end_round(s, "all_built")
    else:
        start_turn(s, (s.auctioneer + 1) % s.players)



def end_round(s: State, reason: str) -> None:
    """Score the round, record its winners, and end the game or set up the next round."""
    complete = complete_rows(s)
    # the table as it scores: a later round's set-up clears it, and the walk-through of this round shows it
    s.log.append({"type": "round_end", "round": s.round_no, "reason": reason, "complete": complete, "table": table_json(s)})
    for r in range(ROWS):
        sign = (1 if r in complete else -1) * (2 if s.mayor == r else 1)
        for i, house in enumerate(s.board[r]):
            owner = s.owners[colour_of(house[0][-1])]
            s.log.append({"type": "house_score", "row": r, "lot": i, "owner": owner,
                          "value": house_value(house), "points": sign * house_value(house), "mayor": s.mayor == r})
    for p in range(s.players):
        if s.cash[p]:
            s.log.append({"type": "cash_score", "player": p, "points": s.cash[p]})
    result = round_score(s)
    winners = best_seats(list(range(s.players)), result, s.money)
    for w in winners:
        s.round_wins[w] += 1
    s.round_scores.append(result)
    s.totals = [t + x for t, x in zip(s.totals, result)]
    s.log.append({"type": "round_scores", "round": s.round_no, "scores": result, "winners": winners})
    two = [p for p in range(s.players) if s.round_wins[p] >= 2]
    if two or s.round_no >= s.rounds:
        # The cash boxes stay as they scored; money in hand breaks ties.
        s.winners_ = best_seats(two, s.totals, s.money) if two else best_seats(list(range(s.players)), s.totals, s.money)
        s.phase = "over"
        s.piece = None
        s.bidder = s.high_bidder = s.holder = -1
        s.high_bid = 0
        s.log.append({"type": "game_over", "totals": s.totals[:], "winners": s.winners_[:],
                      "reason": "two_round_wins" if two and s.round_no < s.rounds else "rounds_played"})
        return
    # Cash boxes go back to their owners' hands for the next round.
    for p in range(s.players):
        s.money[p] += s.cash[p]
        s.cash[p] = 0
    s.round_no += 1
    setup_round(s, (s.auctioneer + 1) % s.players)



def best_seats(players: list[int], key: list[int], money: list[int]) -> list[int]:
    """Seats with the best ``key``; ties to more money in hand, still tied shared."""
    top = max(key[p] for p in players)
    tied = [p for p in players if key[p] == top]
    most = max(money[p] for p in tied)
    return [p for p in tied if money[p] == most]

