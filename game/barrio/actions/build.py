"""Building a house (phase ``placed2``, after placing two materials): a whole row or column of the market
pays it, the doubles used one way or the other; the rest of the line is the builder's rubble and the market
closes the gap (:mod:`.close_gap`), then the house joins the panoramas (:mod:`.panorama`)."""

from __future__ import annotations

from ...core.actions import Refusal
from .. import cards as C
from ..market import fits, gap_options, line_cells, market_box, payments, removal_fits
from ..state import Action, Cell, State, event
from .close_gap import set_market
from .fields import canonical
from .panorama import start_panorama


def options(s: State, seat: int) -> list[Action]:
    """Every legal build now (for ``seat``, the seat to move; phase ``placed2``). A market stretched beyond
    5x5 allows only the builds that bring it back."""
    if s.phase != "placed2":
        return []
    oversized = not fits(s.market, False) if not s.solo else False
    return _options_for(s, s.market, s.hands[seat], need_fit=oversized)


def _options_for(s: State, market: dict[Cell, int], hand: list[int], need_fit: bool) -> list[Action]:
    """Every build from ``market``: each house (solo: from the house market) on each line that pays it, once per
    way to use the doubles; with ``need_fit`` only the lines whose removal brings the market back within 5x5."""
    houses = [c for c in s.house_market if c >= 0] if s.solo else [c for c in hand if c >= C.NUM_MATERIALS]
    if not houses or not market:
        return []
    rows: dict[int, list[Cell]] = {}
    cols: dict[int, list[Cell]] = {}
    for p in market:  # every line's cells in one pass
        rows.setdefault(p[0], []).append(p)
        cols.setdefault(p[1], []).append(p)
    out: list[Action] = []
    shape = None
    kind_of, cost_of, burruno = C.KIND, C.COST, C.BURRUNO
    for axis, by_index in (("row", rows), ("col", cols)):
        for index in sorted(by_index):
            line_cards = [market[p] for p in sorted(by_index[index])]
            h0 = h1 = h2 = h3 = h4 = doubles = 0
            for c in line_cards:
                k = kind_of[c]
                if k == 0:
                    h0 += 1
                elif k == 1:
                    h1 += 1
                elif k == 2:
                    h2 += 1
                elif k == 3:
                    h3 += 1
                elif k == 4:
                    h4 += 1
                elif k != burruno:
                    doubles += 1
            fit_ok = None
            for house in houses:
                c0, c1, c2, c3, c4 = cost_of[house]
                short = (c0 - h0 if c0 > h0 else 0) + (c1 - h1 if c1 > h1 else 0) + (c2 - h2 if c2 > h2 else 0) + \
                    (c3 - h3 if c3 > h3 else 0) + (c4 - h4 if c4 > h4 else 0)
                if short > doubles:
                    continue  # quick refusal before enumerating payments
                pays = payments(house, line_cards)
                if not pays:
                    continue
                if need_fit:
                    if fit_ok is None:
                        if shape is None:
                            shape = frozenset(market)
                        fit_ok = removal_fits(shape, axis, index, s.solo)
                    if not fit_ok:
                        continue
                for use, _paid in pays:
                    out.append({"type": "build", "house": house, "line": {"axis": axis, "index": index}, "use": use})
    return out



def normalize(a: Action) -> Action:
    """:func:`~.fields.canonical`; no ``use`` means no double used; its keys are read as strings (card ids from
    JSON)."""
    canonical(a)
    a.setdefault("use", {})
    if isinstance(a.get("use"), dict):
        a["use"] = {str(k): v for k, v in a["use"].items()}
    return a


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    if a in options(s, s.seat):
        return None
    hand = s.hands[s.seat] if s.hands else []
    house = a.get("house")
    if s.solo and house not in s.house_market:
        return "barrio.solo_build_from_market", {}
    if not s.solo and house not in hand:
        return "barrio.house_not_in_hand", {}
    assert isinstance(house, int)  # it is in a hand or the house market, which hold cards
    line = a.get("line")
    if not isinstance(line, dict) or line.get("axis") not in ("row", "col") or not isinstance(line.get("index"), int):
        return "barrio.choose_line", {}
    cells = line_cells(s.market, line["axis"], line["index"])
    if not cells:
        return "barrio.empty_line", {}
    pays = payments(house, [s.market[p] for p in cells])
    if not pays:
        return "barrio.line_cannot_pay", {}
    if not any(use == a.get("use") for use, _ in pays):
        return "barrio.double_choice", {}
    return "barrio.build_too_big", {}


def wrong_phase(s: State) -> Refusal:
    """A house is built after placing two materials."""
    return "barrio.build_after_two", {}


def do(s: State, a: Action) -> None:
    """``{"type": "build", "house": id, "line": {"axis": "row"|"col", "index": i}, "use": {...}}``."""
    p = s.seat
    house = a["house"]
    axis, index = a["line"]["axis"], a["line"]["index"]
    cells = line_cells(s.market, axis, index)
    box = market_box(s.market)  # the log numbers the line as the table showed the market before the build
    line_cards = [s.market[q] for q in cells]
    paid = next(pd for use, pd in payments(house, line_cards) if use == a["use"])
    rub = [c for c in line_cards if c not in paid]
    oversized = not s.solo and not fits(s.market, False)
    gaps, _ = gap_options(s.market, axis, index, s.solo, need_fit=oversized)
    if s.solo:
        s.house_market[s.house_market.index(house)] = -1
    else:
        s.hands[p].remove(house)
        s.public[house] = 0
    s.material_discard.extend(paid)
    s.rubble[p].extend(rub)
    for q in cells:
        del s.market[q]
    s.klaus_owed = 2
    event(s, "build", player=p, house=house, line={"axis": axis, "index": index}, paid=paid, rubble=rub,
        box=list(box) if box else None, **{"from": "house_market" if s.solo else "hand"})
    if len(gaps) == 1:
        set_market(s, gaps[0])
        start_panorama(s, house, False)
    else:
        s.phase = "gap"
        s.pending = {"house": house, "options": [[[r, c, v] for (r, c), v in sorted(o.items())] for o in gaps]}
