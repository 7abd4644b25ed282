"""Neue Heimat's part of the coach (:mod:`game.core.coaching`): reasons, first taps and estimates.

The hint is the hard player's choice (:data:`PLAYER`): the strong player's
expected-score model (each row's chance of being complete, the mayor, the
colours owned, the cash boxes, money in hand) proposes its best few choices,
and each is played out to the end of the round by strong players. Where the
play-outs keep the model's own choice, the reason reads the model's figures
for the player's seat: the suggestion's value in expected points, how much it
beats the next best choice by, and for bids what the piece is worth in
millions. Where they overrule it, the reason says so and names the model's
choice. Only the view is used.
"""

from __future__ import annotations

import math
from typing import Any

from ..core.coaching import Phrase, Term
from ..core.search import SearchReport
from . import bots, text

Action = dict[str, Any]

#: the player whose choice the hint is (``game.core.coaching.coach_strength``): the hard player, whose play-outs
#: beat the strong model it checks (docs/neueheimat.md); the strong player's hints only drew level with it
PLAYER = "hard"
#: the coach's fixed budget (``game.core.coaching.coach_iterations``): the hard player's deals per candidate, as the
#: hard level's own (:data:`~game.neueheimat.bots.HARD_DEALS`)
ITERATIONS = bots.HARD_DEALS


def term(kind: str, value: Any, lang: str) -> str:
    """Neue Heimat words: ``piece`` ("the red 5", "roof 3", "permit II") and ``row`` ("the top row")."""
    if kind == "piece":
        return text._piece(value, lang)
    if kind == "row":
        return text._row(value, lang)
    raise KeyError(kind)


# --------------------------------------------------------------------------- the strong player's figures

def _model(view: dict[str, Any]) -> tuple[Any, Any, float, float]:
    bot = bots.StrongBot(0)
    pos, lam = bot.prepare(view)
    n = view["players"]
    return bot, pos, lam, bot.price(lam, n)


def _auctioned_piece(view: dict[str, Any], action: Action) -> dict[str, Any] | None:
    what = action["piece"]
    if what == "cube":
        row = view["display"][action["row"]]
        pair = row[0] if action["end"] == "left" else row[-1]
        return {"kind": "cube", "colour": pair[0], "pips": pair[1]}
    if what == "permit":
        return {"kind": "permit", "size": action["size"]}
    if what == "roof":
        return None  # face down: valued over the roofs not yet seen
    return {"kind": what}


def values(view: dict[str, Any], player: int, actions: list[Action]) -> list[float]:
    """The strong player's model value of each action for ``player``, in expected points.

    The same figures its ``choose`` compares: placements by the position they
    leave, auctions by the expected sale or purchase, bids by the piece's worth
    less the price, sell or buy by both outcomes, the cash box by a sure point
    against money's worth in hand.
    """
    bot, pos, lam, c = _model(view)
    me = player
    base = bot._utilities(pos, pos.board, pos.lengths, pos.mayor, pos.owners, pos.money, lam)
    piece = view.get("piece")
    outs = None
    out: list[float] = []
    for act in actions:
        t = act["type"]
        if t == "profits":
            out.append(1.0 if act["take"] else lam)
        elif t == "auction":
            p = _auctioned_piece(view, act)
            if p is None:
                unseen = view["roofs_unseen"]
                out.append(sum(bot._auction_value(pos, {"kind": "roof", "value": r}, me, lam, pos.players, base) if r else base[me]
                               for r in unseen) / max(1, len(unseen)))
            else:
                out.append(bot._auction_value(pos, p, me, lam, pos.players, base))
        elif t in ("bid", "pass"):
            if t == "pass":
                out.append(bot._best_for(pos, piece, view["auctioneer"], lam)[me])
            elif bot.expects_buy_back(view, act["amount"]):
                # the auctioneer is expected to buy the piece back, paying the bid to the bidder
                out.append(bot._best_for(pos, piece, view["auctioneer"], lam)[me] + act["amount"] * c)
            else:
                out.append(bot._best_for(pos, piece, me, lam)[me] - act["amount"] * c)
        elif t in ("sell", "buy"):
            b, j = view["high_bid"], view["high_bidder"]
            out.append(bot._best_for(pos, piece, me, lam)[me] - b * c if t == "buy" else bot._best_for(pos, piece, j, lam)[me] + b * c)
        else:
            if outs is None:
                outs = {bots._key(a): u[me] for u, a in bot._outcomes(pos, piece, me, lam) if a is not None}
            out.append(outs.get(bots._key(act), base[me]))
    return out


# --------------------------------------------------------------------------- what and why

def what(view: dict[str, Any], action: Action) -> Phrase:
    """The action in words."""
    t = action["type"]
    if t == "profits":
        return Phrase("coach.neueheimat.profits_take" if action["take"] else "coach.neueheimat.profits_keep")
    if t == "auction":
        p = _auctioned_piece(view, action)
        if p is None:
            return Phrase("coach.neueheimat.auction_roof")
        return Phrase("coach.neueheimat.auction", {"piece": Term("neueheimat", "piece", p)})
    if t == "bid":
        return Phrase("coach.neueheimat.bid", {"amount": action["amount"]})
    if t in ("sell", "buy"):
        amount = view.get("high_bid") or 0
        return Phrase(f"coach.neueheimat.{t}", {"amount": amount})
    if t in ("pass", "discard"):
        return Phrase(f"coach.neueheimat.{t}")
    row = Term("neueheimat", "row", action["row"])
    if t == "place":
        return Phrase("coach.neueheimat.place", {"lot": action["lot"] + 1, "row": row})
    if t == "mayor":
        return Phrase("coach.neueheimat.mayor", {"row": row})
    count = abs(action["change"])
    if t == "permit":
        key = "coach.neueheimat.lengthen" if action["change"] > 0 else "coach.neueheimat.shorten"
        return Phrase(key, {"row": row, "count": count})
    return Phrase("coach.neueheimat.cancel", {"row": row, "count": count})


def reason(view: dict[str, Any], player: int, action: Action, state: Any,
           report: SearchReport | None) -> tuple[Phrase, list[Phrase]]:
    """What ``action`` is and why: in the strong player's model figures, or, where the hard player's play-outs
    (``report``) overruled the model's own choice, that they did and what that choice was."""
    if report is not None and report.best != 0 and report.candidates[0] != action:
        # the model's own choice is the search's first candidate; its figures would argue for that one
        return what(view, action), [Phrase("coach.neueheimat.ahead", {"other": what(view, report.candidates[0])})]
    legal = state_legal(state)
    why: list[Phrase] = []
    t = action["type"]
    _, _, lam, c = _model(view)
    if t == "profits":
        bot = bots.StrongBot(0)
        if not action["take"]:
            why.append(Phrase("coach.neueheimat.money_in_hand", {"points": round(lam, 1)}))
        elif lam < bot.cash_below:
            why.append(Phrase("coach.neueheimat.money_in_box", {"points": round(lam, 1)}))
        else:
            why.append(Phrase("coach.neueheimat.hoard", {"amount": bot.hoard}))
    elif t in ("bid", "pass") and view.get("piece"):
        worth, outbid = _worth(view, player, lam, c)
        amount = action.get("amount", 0)
        if t == "pass" and outbid and view["high_bid"] < worth:
            # worth more than the highest bid, yet passed: the model expects the later bidders to outbid any bid
            why.append(Phrase("coach.neueheimat.outbid", {"amount": worth}))
        elif t == "bid" and amount > worth and _model(view)[0].expects_buy_back(view, amount):
            # a bid above the piece's worth to you: the model expects the auctioneer to buy it back and pay you
            why.append(Phrase("coach.neueheimat.pump", {"amount": amount}))
        elif t == "bid" and amount > worth:
            # above its worth and no buy-back expected: the player weighs the chance of one against the price, and
            # the reason says both figures, never "worth less" alone beside a higher bid
            why.append(Phrase("coach.neueheimat.gamble", {"amount": amount, "worth": worth}))
        else:
            key = "coach.neueheimat.piece_worth_none" if worth == 0 else "coach.neueheimat.piece_worth"
            why.append(Phrase(key, {"amount": worth}))
    if len(legal) > 1 and t not in ("bid", "pass", "profits"):
        others = [a for a in legal if a != action]
        vals = values(view, player, [action] + others)
        lead = vals[0] - max(vals[1:])
        if lead >= 0.05:
            why.append(Phrase("coach.neueheimat.lead", {"points": round(lead, 1)}))
        else:
            why.append(Phrase("coach.neueheimat.close"))
    return what(view, action), why[:3]


def _worth(view: dict[str, Any], player: int, lam: float, c: float) -> tuple[int, bool]:
    """What the piece on offer is worth to ``player`` in whole millions, against what the model expects if it passes
    (the later bidders bid by the model, the auctioneer keeps or sells), and whether those bidders would outbid the
    least bid ``player`` can make."""
    bot, pos, _, _ = _model(view)
    me, a, n = player, view["auctioneer"], pos.players
    takers = bot._takers(pos, view["piece"], lam)
    later, j = [], (me + 1) % n
    while j != a:
        later.append(j)
        j = (j + 1) % n
    high = view["high_bid"]
    w = view["high_bidder"] if view["high_bidder"] is not None else -1
    h, ww = bot._bidding(takers, later, a, high, w, c, pos.money)
    passing = bot._settle(takers, me, a, h, ww, c, pos.money)
    worth = max(0, int((takers[me][me] - passing) / c)) if c > 0 else 0
    least = high + 1
    outbid = least <= pos.money[me] and bot._bidding(takers, later, a, least, me, c, pos.money)[1] != me
    return worth, outbid


def state_legal(state: Any) -> list[Action]:
    """The legal actions in ``state`` (through the package, whatever module holds the rules)."""
    from .rules import legal_actions

    return legal_actions(state)


def first_step(view: dict[str, Any], action: Action) -> dict[str, Any] | None:
    """Neue Heimat's actions are single taps (a bid amount is one button): nothing to tap first."""
    return None


def loss_bound(view: dict[str, Any], player: int, legal: list[Action], chosen: Action) -> tuple[float, str]:
    """The most any suggestion among ``legal`` can lose against ``chosen`` by :func:`compare` (each action's model
    value is its own, whatever the others): the best value less ``chosen``'s. The insight does not ask the hard player
    where this is under its least loss (``game.core.coaching.assess``): about half the decisions of a weak player."""
    vals = values(view, player, legal)
    mine = next((v for a, v in zip(legal, vals) if a == chosen), None)
    return (math.inf if mine is None else max(vals) - mine), "points"


def compare(view: dict[str, Any], player: int, actions: list[Action], seed: int,
            iterations: int) -> tuple[list[float], str]:
    """The strong player's model value of each action, in expected points (no randomness: ``seed`` and ``iterations`` are unused)."""
    return values(view, player, actions), "points"
