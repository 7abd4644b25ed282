"""Neue Heimat: what a player sees, and a full state dealt from it.

What is open and what is hidden (see ``docs/neueheimat.md``): everything is
open except the **order** of the face-down roofs. Which roofs are still face
down is known (all 17 minus those seen), and the 12 floor cubes out of the
round are known too, because every cube is unique and 24 are on show.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng
from .rules import current_player, scores
from .state import GAME_ID, SINGLE_LOTS, State, cube_of, display_json, piece_json, table_json


def unseen_roofs(state: State) -> list[int]:
    """The roofs still face down, in sorted order (what a player can work out; the order is hidden)."""
    return sorted(state.roof_pile)


def view(state: State, player: int) -> dict[str, Any]:
    """What ``player`` sees: everything but the order of the face-down roofs.

    Cubes are ``[colour, pips]``; houses ``{"cubes": [...], "roof": n}`` (roof 0: none yet).
    """
    s = state
    return {
        "game": GAME_ID, "phase": s.phase, "current": current_player(s),
        "totals": s.totals[:], "scores": scores(s),
        "round_scores": [r[:] for r in s.round_scores], "round_wins": s.round_wins[:],
        "single_lots": [sorted(x) for x in SINGLE_LOTS],
        "bidder": s.bidder, "holder": s.holder, "winners": s.winners_[:],
        **decision_view(s, player),
    }


def decision_view(state: State, player: int) -> dict[str, Any]:
    """The part of :func:`view` a computer player decides from (``bots.StrongBot``): the table, the money, the piece
    and its auction, the unseen roofs and the log, without the scores and the rounds' history a screen shows."""
    return {**table_json(state), **playout_view(state, player)}


def playout_view(state: State, player: int) -> dict[str, Any]:
    """:func:`decision_view` without the table but the rows' permits and the display: what a strong player in the hard
    player's playouts reads of the view, at every step of every seat (the rest of the table it reads from the state
    itself, ``ModelPosition.of_state``)."""
    s = state
    return {
        "player": player, "players": s.players, "rounds": s.rounds, "round": s.round_no,
        "auctioneer": s.auctioneer, "money": s.money[:], "permits": [r[:] for r in s.permits],
        "display": display_json(s),  # (the auction's cubes)
        "roofs_unseen": unseen_roofs(s),
        "piece": piece_json(s.piece), "high_bid": s.high_bid, "high_bidder": s.high_bidder,
        "log": s.log[:],
    }


def determinize(view: dict[str, Any], player: int, seed: int) -> State:
    """A full state agreeing with ``view``: the face-down roofs shuffled at random, a fresh generator."""
    v = view
    s = State()
    s.players, s.rounds, s.round_no = v["players"], v["rounds"], v["round"]
    rng = Rng(seed, stream=31)
    s.money, s.cash, s.totals = v["money"][:], v["cash"][:], v["totals"][:]
    s.round_scores = [r[:] for r in v["round_scores"]]
    s.round_wins = v["round_wins"][:]
    s.display = [[cube_of(c) for c in row] for row in v["display"]]
    s.out = [cube_of(c) for c in v["out"]]
    s.board = [[(tuple(cube_of(c) for c in h["cubes"]), h["roof"]) for h in row] for row in v["board"]]
    s.permits = [r[:] for r in v["permits"]]
    s.mayor = -1 if v["mayor"] is None else v["mayor"]
    s.supply, s.discarded, s.owners = v["supply"][:], v["discarded"][:], v["owners"][:]
    pile = list(v["roofs_unseen"])
    rng.shuffle(pile)
    s.roof_pile = pile
    s.roofs_discarded = v["roofs_discarded"][:]
    s.auctioneer, s.phase = v["auctioneer"], v["phase"]
    p = v["piece"]
    if p is None:
        s.piece = None
    elif p["kind"] == "cube":
        s.piece = ("cube", cube_of([p["colour"], p["pips"]]))
    elif p["kind"] == "roof":
        s.piece = ("roof", p["value"])
    elif p["kind"] == "permit":
        s.piece = ("permit", p["size"])
    else:
        s.piece = (p["kind"], 0)
    s.bidder, s.high_bid, s.high_bidder, s.holder = v["bidder"], v["high_bid"], v["high_bidder"], v["holder"]
    s.winners_ = v["winners"][:]
    s.log = v["log"][:]
    s.rng = rng.fork()
    return s
