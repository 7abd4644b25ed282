"""Setting up a game: options, the deal, the houses kept, and Klaus's first pick in solo."""

from __future__ import annotations

from typing import Any

from ..core import IllegalAction, Rng
from . import cards as C
from .decks import refill_house_market, reveal_warehouse
from .klaus import klaus_take
from .state import State, event
from .turns import start_turn


def new_game(num_players: int, seed: int, **options: Any) -> State:
    """Start a game: ``new_game(1, seed, level="A"|"B"|"C")`` or ``new_game(2..4, seed, scoring_card="A".."F",
    first_player=0..players-1)`` (who plays the first turn; seat 0 when not given)."""
    if isinstance(num_players, bool) or not isinstance(num_players, int) or not 1 <= num_players <= 4:
        raise IllegalAction(key="barrio.players_range", players=num_players)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise IllegalAction(key="barrio.seed_not_integer")
    options = dict(options)
    solo = num_players == 1
    if options.pop("solo", solo) != solo:
        raise IllegalAction(key="barrio.solo_one_player")
    rng = Rng(seed)
    if solo:
        card = options.pop("level", options.pop("scoring_card", "A"))
        if card not in ("A", "B", "C"):
            raise IllegalAction(key="barrio.bad_level", level=card)
    else:
        if "level" in options:
            raise IllegalAction(key="barrio.level_only_solo")
        card = options.pop("scoring_card", None)
        if card is None:
            card = "ABCDEF"[rng.randrange(6)]
        if card not in C.SCORING:
            raise IllegalAction(key="barrio.bad_scoring_card", card=card)
    first = options.pop("first_player", 0)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < num_players:
        raise IllegalAction(key="barrio.first_player_range", last=num_players - 1, first=repr(first))
    if options:
        raise IllegalAction(key="barrio.unknown_options", options=", ".join(sorted(map(str, options))))
    s = State.__new__(State)
    s.players, s.scoring_card, s.rng = num_players, card, rng
    s.material_deck = list(range(C.NUM_MATERIALS))
    s.house_deck = list(range(C.NUM_MATERIALS, C.NUM_CARDS))
    rng.shuffle(s.material_deck)
    rng.shuffle(s.house_deck)
    s.material_discard, s.house_discard = [], []
    s.warehouse, s.house_market = [-1] * 4, [-1] * 4
    seats = 2 if solo else num_players
    s.hands = [[] for _ in range(num_players)]
    s.public = bytearray(C.NUM_CARDS)
    s.market = {}
    s.rubble = [[] for _ in range(num_players)]
    s.panoramas = [[] for _ in range(seats)]
    s.combo_used = [False] * num_players
    s.seat, s.draws_left, s.placed, s.klaus_owed = 0, 0, 0, 0
    s.pending, s.resume, s.final_round, s.first_player = None, "", False, first
    s.klaus_hand, s.klaus_kept = [], []
    s.turn_number = 0
    s.log = []
    event(s, "setup", players=num_players, scoring_card=card, solo=solo)
    if solo:
        refill_house_market(s)
        reveal_warehouse(s)
        dealt = [s.material_deck.pop() for _ in range(3)]
        s.hands[0].extend(dealt)
        event(s, "deal", player=0, cards=dealt, secret=0)
        best = max(C.POINTS[h] for h in s.house_market)
        tied = [h for h in s.house_market if C.POINTS[h] == best]
        if len(tied) > 1:
            s.phase = "klaus_tie"
            s.pending = {"options": tied, "reason": "setup"}
            event(s, "klaus_tie", options=tied)
        else:
            klaus_take(s, tied[0], "setup")
            after_klaus_setup(s)
    else:
        for p in range(num_players):
            dealt = [s.house_deck.pop() for _ in range(5)]
            s.hands[p] = dealt
            event(s, "deal", player=p, cards=dealt, secret=p)
        s.phase = "keep"
    return s


def after_klaus_setup(s: State) -> None:
    """Solo set-up after Klaus's first pick: refill the house market and start the first turn."""
    refill_house_market(s)
    start_turn(s, 0)


def finish_keep(s: State) -> None:
    """2-4 players: once every seat kept its houses, reshuffle, reveal, deal materials up to 5 and start."""
    s.rng.shuffle(s.house_deck)
    refill_house_market(s)
    for p in range(s.players):
        need = max(0, 5 - len(s.hands[p]))
        dealt = [s.material_deck.pop() for _ in range(need)]
        s.hands[p].extend(dealt)
        if dealt:
            event(s, "deal", player=p, cards=dealt, secret=p)
    reveal_warehouse(s)
    start_turn(s, s.first_player)
