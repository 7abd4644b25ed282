"""Choosing a piece to auction: a floor cube from a display row's end, a roof (turned up first; a blank one ends the turn), the mayor, a permit or the cancel cube."""

from __future__ import annotations

from typing import Any

from ...core import IllegalAction, MalformedAction
from ..rounds import end_turn
from ..state import DISPLAY_ROWS, State, cube_targets, piece_json, pips_of, roof_targets
from .bidding import next_bidder
from .fields import read_int


def auction(s: State, a: dict[str, Any]) -> None:
    p = s.auctioneer
    what = a.get("piece")
    if what == "cube":
        d = read_int(a, "row")
        end = a.get("end")
        if not 0 <= d < DISPLAY_ROWS or end not in ("left", "right"):
            raise MalformedAction(key="neueheimat.cube_where")
        row = s.display[d]
        if not row:
            raise IllegalAction(key="neueheimat.display_row_empty", row=d)
        cube = row[0] if end == "left" else row[-1]
        if not cube_targets(s, cube):
            raise IllegalAction(key="neueheimat.cube_no_place", pips=pips_of(cube))
        if end == "left":
            row.pop(0)
        else:
            row.pop()
        s.piece = ("cube", cube)
        s.log.append({"type": "auction", "player": p, "piece": piece_json(s.piece), "from": [d, end]})
    elif what == "roof":
        if not s.roof_pile:
            raise IllegalAction(key="neueheimat.no_roofs_left")
        if not roof_targets(s):
            raise IllegalAction(key="neueheimat.roof_needs_unroofed_house")
        roof = s.roof_pile.pop()
        s.log.append({"type": "roof_revealed", "player": p, "roof": roof})
        if roof == 0:
            s.roofs_discarded.append(0)
            s.log.append({"type": "roof_discarded", "player": p})
            end_turn(s)
            return
        s.piece = ("roof", roof)
        s.log.append({"type": "auction", "player": p, "piece": piece_json(s.piece)})
    elif what in ("mayor", "cancel", "permit"):
        name = what
        if what == "permit":
            size = read_int(a, "size")
            if size not in (1, 2, 3):
                raise MalformedAction(key="neueheimat.permit_size")
            name = f"permit{size}"
        if name not in s.supply:
            raise IllegalAction(key="neueheimat.piece_gone")
        s.supply.remove(name)
        s.piece = ("permit", int(name[-1])) if what == "permit" else (what, 0)
        s.log.append({"type": "auction", "player": p, "piece": piece_json(s.piece)})
    else:
        raise MalformedAction(key="neueheimat.auction_what")
    s.high_bid, s.high_bidder = 0, -1
    s.bidder = s.auctioneer
    next_bidder(s)

