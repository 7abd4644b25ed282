"""The flow of turns: starting one, ending it (top-up, Klaus's turn, refills), the last round and the end."""

from __future__ import annotations

from . import cards as C
from .decks import discard_market, draw_actions, pop_material, refill_face_up
from .klaus import klaus_build
from .market import fits
from .scoring import score_breakdown, scores, winners
from .state import HAND_LIMIT, SOLO_KLAUS_LIMIT, State, event, house_limit, houses_of


def start_turn(s: State, seat: int) -> None:
    """Start ``seat``'s turn: clear the turn's counters and log it."""
    s.seat, s.phase = seat, "start"
    s.draws_left = s.placed = s.klaus_owed = 0
    s.pending, s.resume = None, ""
    s.turn_number += 1
    event(s, "turn", player=seat, turn_number=s.turn_number)


def after_house(s: State) -> None:
    """A house has found its panorama: resume a full grid's turn, end the solo game at 7, or end the turn."""
    s.pending = None
    if s.resume:  # the free build of a full grid: discard the market, go on with the turn
        discard_market(s, "full_grid")
        s.phase, s.resume = s.resume, ""
        return
    if s.solo and houses_of(s, 0) >= SOLO_KLAUS_LIMIT:
        game_over(s)
        return
    end_turn(s)


def end_turn(s: State) -> None:
    """The player's action is done: top-up, then (solo) Klaus, refills and the next turn."""
    p = s.seat
    s.pending = None
    if s.solo:
        if not s.hands[0]:
            dealt = []
            for _ in range(2):
                card = pop_material(s)
                if card is None:
                    break
                dealt.append(card)
            s.hands[0].extend(dealt)
            if dealt:
                event(s, "deal", player=0, cards=dealt, secret=0)
        solo_after_player(s, 0)
        return
    if len(s.hands[p]) < 3 and draw_actions(s, face_up=False):
        s.phase = "topup"
        return
    finish_turn(s)


def finish_turn(s: State) -> None:
    """2-4 players, after the top-up: refills, the last-round mark, the end or stalemate, else the next seat."""
    p = s.seat
    refill_face_up(s)
    event(s, "turn_end", player=p)
    if not s.final_round and houses_of(s, p) >= house_limit(s.players):
        s.final_round = True
        event(s, "last_round", player=p)
    # the last round ends when every seat has played as many turns: with the seat before the first player
    if (s.final_round and (p + 1) % s.players == s.first_player) or stalled(s):
        game_over(s)
        return
    start_turn(s, (p + 1) % s.players)


def stalled(s: State) -> bool:
    """Ruling: no material is left to place (deck, discard, warehouse and hands all without one), so
    nobody can ever build again: the game ends at once (event ``stalemate``)."""
    if s.material_deck or s.material_discard or any(c >= 0 for c in s.warehouse):
        return False
    if any(c < C.NUM_MATERIALS for h in s.hands for c in h):
        return False
    event(s, "stalemate")
    return True


def solo_after_player(s: State, stage: int) -> None:
    """Solo, after the player's turn: overflow (stage 0), Klaus's draws and build (1), refill and next turn (2)."""
    if stage <= 0 and s.market and not fits(s.market, True):
        event(s, "overflow", player=0)
        discard_market(s, "overflow")
        if not klaus_build(s, "overflow", 1):
            return
        if houses_of(s, 1) >= SOLO_KLAUS_LIMIT:
            game_over(s)
            return
    if stage <= 1:
        refill_face_up(s)
        owe = s.klaus_owed
        event(s, "klaus_turn", draws=owe)
        for k in range(owe):
            # a face-up Burruño is always his first card, and only the first: the rest come from the deck
            slot = next((i for i, c in enumerate(s.warehouse) if c >= 0 and C.KIND[c] == C.BURRUNO), -1) if k == 0 else -1
            if slot >= 0:
                card = s.warehouse[slot]
                s.warehouse[slot] = -1
                s.public[card] = 1
                s.klaus_hand.append(card)
                event(s, "klaus_draw", source="warehouse", slot=slot, card=card, hand=len(s.klaus_hand))
            else:
                drawn = pop_material(s)
                if drawn is None:
                    break
                s.klaus_hand.append(drawn)
                event(s, "klaus_draw", source="material_deck", card=drawn, secret=-1, hand=len(s.klaus_hand))
        if len(s.klaus_hand) > HAND_LIMIT:
            if not klaus_build(s, "hand", 2):
                return
            if houses_of(s, 1) >= SOLO_KLAUS_LIMIT:
                game_over(s)
                return
    refill_face_up(s)
    event(s, "turn_end", player=0)
    if stalled(s):
        game_over(s)
        return
    start_turn(s, 0)


def game_over(s: State) -> None:
    """End the game and log the scores, winners and breakdowns."""
    s.phase = "over"
    s.pending = None
    event(s, "game_over", scores=scores(s), winners=winners(s),
        breakdown=[score_breakdown(s, i) for i in range(len(s.panoramas))])
