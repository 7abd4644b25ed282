"""Choosing a piece to auction: a floor cube from a display row's end, a roof (turned up first; a blank one ends the turn), the mayor, a permit or the cancel cube."""

from __future__ import annotations

from ...core import MalformedAction
from ...core.actions import Action, Refusal
from ..rounds import end_turn, next_bidder
from ..state import (
    DISPLAY_ROWS, State, auctionable, cube_auction_refusal, piece_json, roof_auction_refusal, special_auction_refusal,
)
from .fields import no_other_fields, read_int


#: the fields of an auction of a floor cube, of a permit, of another piece
CUBE_FIELDS: tuple[str, ...] = ("piece", "row", "end")
PERMIT_FIELDS: tuple[str, ...] = ("piece", "size")
PIECE_FIELDS: tuple[str, ...] = ("piece",)


def options(state: State, seat: int) -> list[Action]:
    """Every piece the auctioneer may put up (:func:`~game.neueheimat.state.auctionable`)."""
    return auctionable(state)



def refusal(state: State, action: Action) -> Refusal | None:
    """The piece named must be on offer: the same checks :func:`options` lists by."""
    what = action.get("piece")
    if what == "cube":
        d = read_int(action, "row")
        end = action.get("end")
        if not 0 <= d < DISPLAY_ROWS or end not in ("left", "right"):
            raise MalformedAction(key="neueheimat.cube_where")
        why, fields = cube_auction_refusal(state, d, end), CUBE_FIELDS
    elif what == "roof":
        why, fields = roof_auction_refusal(state), PIECE_FIELDS
    elif what in ("mayor", "cancel"):
        why, fields = special_auction_refusal(state, what), PIECE_FIELDS
    elif what == "permit":
        size = read_int(action, "size")
        if size not in (1, 2, 3):
            raise MalformedAction(key="neueheimat.permit_size")
        why, fields = special_auction_refusal(state, f"permit{size}"), PERMIT_FIELDS
    else:
        raise MalformedAction(key="neueheimat.auction_what")
    if why is None:
        no_other_fields(action, fields)
    return why



def do(state: State, action: Action) -> None:
    p = state.auctioneer
    what = action["piece"]
    if what == "cube":
        d, end = action["row"], action["end"]
        row = state.display[d]
        cube = row.pop(0) if end == "left" else row.pop()
        state.piece = ("cube", cube)
        state.log.append({"type": "auction", "player": p, "piece": piece_json(state.piece), "from": [d, end]})
    elif what == "roof":
        roof = state.roof_pile.pop()
        state.log.append({"type": "roof_revealed", "player": p, "roof": roof})
        if roof == 0:
            state.roofs_discarded.append(0)
            state.log.append({"type": "roof_discarded", "player": p})
            end_turn(state)
            return
        state.piece = ("roof", roof)
        state.log.append({"type": "auction", "player": p, "piece": piece_json(state.piece)})
    else:
        name = f"permit{action['size']}" if what == "permit" else what
        state.supply.remove(name)
        state.piece = ("permit", action["size"]) if what == "permit" else (what, 0)
        state.log.append({"type": "auction", "player": p, "piece": piece_json(state.piece)})
    state.high_bid, state.high_bidder = 0, -1
    state.bidder = state.auctioneer
    next_bidder(state)
