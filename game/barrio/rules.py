"""What is legal now, per phase, and applying an action: the engine contract's entry points and refusals."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..core import IllegalAction, MalformedAction
from . import cards as C
from .actions import EFFECTS
from .decks import draw_actions
from .market import NEIGHBOURS, fits, line_cells, market_box, payments, placement_cells, removal_fits
from .state import HAND_LIMIT, Action, Cell, State


def current_player(s: State) -> int | None:
    """The seat deciding now (solo: always 0, Klaus's ties included); None once over."""
    return None if s.phase == "over" else s.seat


def is_over(s: State) -> bool:
    """True once the game has ended."""
    return s.phase == "over"


def place_options(s: State) -> list[tuple[int, int, list[int]]]:
    """Where the seat to move may place a material now (phases ``start`` and ``placed1``): ``(row, col,
    the hand's materials allowed there)`` per cell, cells in order (the placements without action dicts)."""
    hand = s.hands[s.seat]
    mats = [c for c in hand if c < C.NUM_MATERIALS]
    if not mats:
        return []
    cells = placement_cells(s.market)
    if s.solo:  # the solo market is never refused a card: beyond 3x5 is the overflow penalty
        return [(r, c, mats) for r, c in cells]
    out = []
    box = market_box(s.market)
    stretch = _Stretch(s)
    for r, c in cells:
        if box is None or (max(box[2], r) - min(box[0], r) < 5 and max(box[3], c) - min(box[1], c) < 5):
            out.append((r, c, mats))
            continue
        by_kind: dict[int, bool] = {}  # the result depends on the kind, not the card
        allowed = []
        for m in mats:
            k = C.KIND[m]
            if k not in by_kind:
                by_kind[k] = stretch.allows(r, c, m)
            if by_kind[k]:
                allowed.append(m)
        if allowed:
            out.append((r, c, allowed))
    return out


def _place_actions(s: State) -> list[Action]:
    opts = place_options(s)
    if s.solo:  # listed material by material
        return [{"type": "place", "card": m, "row": r, "col": c} for m in (opts[0][2] if opts else ()) for r, c, _ in opts]
    return [{"type": "place", "card": m, "row": r, "col": c} for r, c, mats in opts for m in mats]


def draws_now(s: State) -> list[Action]:
    """The draws among the legal actions now (the phases where a turn draws), in their listed order."""
    ph = s.phase
    if ph in ("start", "drawing"):
        return draw_actions(s)
    if ph in ("placed1", "placed2"):
        return draw_actions(s) if s.solo or fits(s.market, False) else []
    if ph == "topup":
        return draw_actions(s, face_up=False)
    return []


class _Stretch:
    """Beyond 5x5 only to build at once: a material may stretch the market when a build (after the second
    material, if this is the first) can bring it back within 5x5. Work shared by the cells of one position."""

    def __init__(self, s: State) -> None:
        self.s = s
        self.first: _FirstStretch | None = None

    def allows(self, r: int, c: int, m: int) -> bool:
        """May material ``m`` go at ``(r, c)``, a cell that stretches the market beyond 5x5?"""
        s = self.s
        hand = s.hands[s.seat]
        rest = hand[:]
        rest.remove(m)
        if self.first is None:
            self.first = _FirstStretch(s.market, hand)
        if s.placed == 0:
            return self.first.can_build(r, c, C.KIND[m], {C.KIND[x] for x in rest if x < C.NUM_MATERIALS})
        return self.first.second_can_build(r, c, C.KIND[m])


def _place_is_legal(s: State, m: int, r: int, c: int) -> bool:
    """``{"type": "place", "card": m, "row": r, "col": c} in legal_actions(s)``, without listing every placement."""
    if s.phase not in ("start", "placed1") or m >= C.NUM_MATERIALS or m not in s.hands[s.seat]:
        return False
    market = s.market
    if not market:
        return (r, c) == (0, 0)
    if (r, c) in market or not any((r + dr, c + dc) in market for dr, dc in NEIGHBOURS):
        return False
    if s.solo:
        return True
    r0, c0, r1, c1 = market_box(market)
    if max(r1, r) - min(r0, r) < 5 and max(c1, c) - min(c0, c) < 5:
        return True
    return _Stretch(s).allows(r, c, m)


class _FirstStretch:
    """Whether a first material placed beyond 5x5 can be followed by a second placement and a build that
    end the turn within 5x5. Line counts and placement cells of the market are worked out once for all the
    cells and kinds ``_place_actions`` asks about."""

    def __init__(self, market: dict[Cell, int], hand: list[int]) -> None:
        self.houses = [c for c in hand if c >= C.NUM_MATERIALS]
        counts: dict[Cell, list[int]] = {}  # (0, row) / (1, col) -> cards per kind in that line
        for (r, c), card in market.items():
            k = C.KIND[card]
            counts.setdefault((0, r), [0] * 8)[k] += 1
            counts.setdefault((1, c), [0] * 8)[k] += 1
        self.counts = counts
        self.market = market
        self.shape = frozenset(market)
        self._pays: dict[tuple, bool] = {}
        self._paying: list[Cell] | None = None
        self.cells: set[Cell] | None = None  # placement cells, worked out when a first material asks

    def paying(self) -> list[Cell]:
        """The market's lines that pay one of the houses as they are."""
        if self._paying is None:
            self._paying = [line for line in self.counts if self.pays(line, ())]
        return self._paying

    def pays(self, line: Cell, extra: tuple[int, ...]) -> bool:
        """Does ``line`` pay one of the houses once cards of the kinds ``extra`` join it?"""
        key = (line, extra)
        got = self._pays.get(key)
        if got is None:
            kc = self.counts.get(line)
            kc = kc[:] if kc is not None else [0] * 8
            for k in extra:
                kc[k] += 1
            got = self._pays[key] = _pays_any(kc, self.houses)
        return got

    def second_can_build(self, r: int, c: int, k: int) -> bool:
        """After a second material of kind ``k`` at ``(r, c)`` stretched the market: can a build from the
        hand's houses end the turn within 5x5?"""
        if not self.houses:
            return False
        shape = self.shape | {(r, c)}
        mine = ((0, r), (1, c))
        for line in self.paying():  # lines the card does not touch pay as they are
            if line not in mine and removal_fits(shape, "row" if line[0] == 0 else "col", line[1], False):
                return True
        for line in mine:
            if self.pays(line, (k,)) and removal_fits(shape, "row" if line[0] == 0 else "col", line[1], False):
                return True
        return False

    def can_build(self, r0: int, c0: int, k0: int, kinds: set[int]) -> bool:
        """After a first material of kind ``k0`` at ``(r0, c0)``, with materials of ``kinds`` left in hand."""
        if not self.houses or not kinds:
            return False
        first = ((0, r0), (1, c0))
        grown = self.shape | {(r0, c0)}
        paying = [line for line in self.paying() if line not in first] + [line for line in first if self.pays(line, (k0,))]
        if self.cells is None:
            self.cells = set(placement_cells(self.market))
        seconds = self.cells - {(r0, c0)}
        for dr, dc in NEIGHBOURS:
            q = (r0 + dr, c0 + dc)
            if q not in grown:
                seconds.add(q)
        with_second: dict[Cell, bool] = {}  # does the line pay once a second material of ``kinds`` joins it?
        for r, c in seconds:
            shape = None
            for line in paying:  # lines the second card does not touch pay as they are
                if line != (0, r) and line != (1, c):
                    if shape is None:
                        shape = grown | {(r, c)}
                    if removal_fits(shape, "row" if line[0] == 0 else "col", line[1], False):
                        return True
            for line in ((0, r), (1, c)):
                ok = with_second.get(line)
                if ok is None:
                    base = (k0,) if line in first else ()
                    ok = with_second[line] = any(self.pays(line, tuple(sorted(base + (k,)))) for k in kinds)
                if ok:
                    if shape is None:
                        shape = grown | {(r, c)}
                    if removal_fits(shape, "row" if line[0] == 0 else "col", line[1], False):
                        return True
        return False


def _pays_any(kind_counts: list[int], houses: list[int]) -> bool:
    """True when a line holding ``kind_counts`` cards of each kind pays one of ``houses``
    (a wood/brick double covers one wood or brick, a stone/concrete one stone or concrete)."""
    w, b, st, co, v, wb, sc = kind_counts[:7]
    for house in houses:
        cw, cb, cs, cc, cv = C.COST[house]
        if cv > v:
            continue
        short_wb = (cw - w if cw > w else 0) + (cb - b if cb > b else 0)
        if short_wb > wb:
            continue
        if (cs - st if cs > st else 0) + (cc - co if cc > co else 0) <= sc:
            return True
    return False


def _build_actions_for(s: State, market: dict[Cell, int], hand: list[int], need_fit: bool) -> list[Action]:
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


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to move (empty once the game is over)."""
    ph = s.phase
    if ph == "over":
        return []
    out: list[Action]
    if ph == "start":
        out = draw_actions(s) + _place_actions(s)
        if not s.solo:
            # cards listed in id order, the order apply_action normalizes to, so applying a listed action
            # checked or unchecked (bots, replays) gives the same discard pile
            houses = sorted(c for c in s.hands[s.seat] if c >= C.NUM_MATERIALS)
            for k in range(1, len(houses) + 1):
                out += [{"type": "discard_houses", "cards": list(sub)} for sub in combinations(houses, k)]
    elif ph == "placed1":
        # a first material that stretched the market beyond 5x5 must be followed by a second and a build
        oversized = not fits(s.market, False) if not s.solo else False
        out = _place_actions(s) + ([] if oversized else draw_actions(s))
    elif ph == "placed2":
        oversized = not fits(s.market, False) if not s.solo else False
        out = [] if oversized else draw_actions(s)
        out += _build_actions_for(s, s.market, s.hands[s.seat], need_fit=oversized)
    elif ph == "drawing":
        out = draw_actions(s)
    elif ph == "topup":
        out = draw_actions(s, face_up=False)
    elif ph == "keep":
        hand = sorted(s.hands[s.seat])
        out = [{"type": "keep_houses", "cards": list(sub)} for k in range(len(hand) + 1) for sub in combinations(hand, k)]
    elif ph == "klaus_tie":
        out = [{"type": "klaus_tie", "house": h} for h in s.pending["options"]]
    elif ph == "gap":
        out = [{"type": "close_gap", "option": k} for k in range(len(s.pending["options"]))]
    elif ph == "panorama":
        out = list(s.pending["options"])
    elif ph == "combo":
        out = [{"type": "combo", "house": h, "end": e} for h, e in s.pending["options"]] + [{"type": "skip"}]
    elif ph == "full_grid":
        out = [{"type": "full_grid_build", "house": h} for h in s.hands[s.seat] if h >= C.NUM_MATERIALS] + [{"type": "skip"}]
    else:  # pragma: no cover - every phase is listed above
        raise AssertionError(ph)
    return out or [{"type": "pass"}]


def _normalize(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction()
    a = dict(action)
    if a["type"] == "place" and not all(type(a.get(f)) is int for f in ("card", "row", "col")):
        raise MalformedAction()  # a card and a cell are whole numbers (a list would not even compare)
    if a["type"] == "build":
        a.setdefault("use", {})
        if isinstance(a.get("use"), dict):
            a["use"] = {str(k): v for k, v in a["use"].items()}
    if a["type"] in ("keep_houses", "discard_houses") and isinstance(a.get("cards"), list):
        cards = a["cards"]
        a["cards"] = sorted(cards, key=lambda c: (not isinstance(c, int), c if isinstance(c, int) else 0))
    return a


def apply_action(s: State, action: Action) -> State:
    """The state after ``action``; ``s`` is unchanged. Raises ``IllegalAction`` with a reason."""
    a = _normalize(action)
    legal = _legal_like(s, a)
    if a["type"] in ("keep_houses", "discard_houses"):
        legal = [dict(x, cards=sorted(x["cards"])) if "cards" in x else x for x in legal]
    if a not in legal:
        try:
            key, params = why_illegal(s, a)
        except (TypeError, KeyError, ValueError, AttributeError, IndexError):
            raise MalformedAction() from None  # fields of the wrong type (a float card, a list for a row): not an action
        raise IllegalAction(key=key, **params)
    if a["type"] not in ("keep_houses", "discard_houses"):
        a = legal[legal.index(a)]  # the engine's own spelling: 67.0 equals house 67 but cannot index a list
    return apply_unchecked(s, a)


_PLACE_FIELDS = frozenset(("type", "card", "row", "col"))


def _legal_like(s: State, a: Action) -> list[Action]:
    """The legal actions that may equal ``a`` (every one that does is in the list): a placement or a draw
    is checked without listing every placement (the costly part of ``legal_actions``)."""
    kind, ph = a["type"], s.phase
    if kind == "place" and a.keys() == _PLACE_FIELDS:
        return [a] if _place_is_legal(s, a["card"], a["row"], a["col"]) else []
    if kind == "draw" and ph in ("start", "placed1", "placed2", "drawing", "topup"):
        return draws_now(s)
    return legal_actions(s)


def apply_unchecked(s: State, a: Action) -> State:
    """Apply an action known to be legal (bots and search use this; no validation)."""
    t = s.copy()
    EFFECTS[a["type"]](t, a)
    return t


def why_illegal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why ``a`` is not legal now (assumes it is not): a catalogue key and its parameters."""
    kind, ph = a["type"], s.phase
    if ph == "over":
        return "barrio.game_over", {}
    hand = s.hands[s.seat] if s.hands else []
    if kind not in EFFECTS:
        return "barrio.unknown_action", {"action": kind}
    wanted = {"keep": ("keep_houses",), "klaus_tie": ("klaus_tie",), "gap": ("close_gap",), "panorama": ("panorama",),
              "combo": ("combo", "skip"), "full_grid": ("full_grid_build", "skip"), "topup": ("draw",)}
    if ph in wanted and kind not in wanted[ph] and kind != "pass":
        return f"barrio.first_{ph}", {}
    if kind == "draw":
        if ph in ("placed1", "placed2") and not s.solo and not fits(s.market, False):
            return ("barrio.stretched_place_second" if ph == "placed1" else "barrio.stretched_must_build"), {}
        if len(hand) >= HAND_LIMIT:
            return "barrio.hand_full", {"limit": HAND_LIMIT}
        src = a.get("source")
        if src not in ("warehouse", "house_market", "material_deck", "house_deck"):
            return "barrio.draw_source", {}
        if s.solo and src in ("house_market", "house_deck"):
            return "barrio.solo_draws_materials", {}
        if ph == "topup" and src in ("warehouse", "house_market"):
            return "barrio.topup_face_down", {}
        if src == "warehouse" and a.get("card") not in s.warehouse:
            return "barrio.not_in_warehouse", {}
        if src == "house_market" and a.get("card") not in s.house_market:
            return "barrio.not_in_house_market", {}
        if ph not in ("start", "placed1", "placed2", "drawing", "topup"):
            return "barrio.cannot_draw_now", {}
        return "barrio.deck_empty", {}
    if kind == "place":
        if ph not in ("start", "placed1"):
            return ("barrio.two_placed" if ph == "placed2" else "barrio.cannot_place_now"), {}
        card = a.get("card")
        if card not in hand:
            return "barrio.not_in_hand", {}
        if not isinstance(card, int) or card >= C.NUM_MATERIALS:
            return "barrio.only_materials_placed", {}
        cell = (a.get("row"), a.get("col"))
        if cell in s.market:
            return "barrio.cell_taken", {}
        if s.market and cell not in placement_cells(s.market):
            return "barrio.must_touch", {}
        if not s.market:
            return "barrio.first_at_origin", {}
        return "barrio.stretch_without_build", {}
    if kind == "build":
        if ph != "placed2":
            return "barrio.build_after_two", {}
        house = a.get("house")
        if s.solo and house not in s.house_market:
            return "barrio.solo_build_from_market", {}
        if not s.solo and house not in hand:
            return "barrio.house_not_in_hand", {}
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
    if kind == "discard_houses":
        if s.solo:
            return "barrio.solo_no_houses", {}
        if ph != "start":
            return "barrio.discard_at_start", {}
        if not a.get("cards"):
            return "barrio.discard_at_least_one", {}
        return "barrio.discard_only_houses", {}
    if kind == "pass":
        return "barrio.pass_not_allowed", {}
    return {"keep_houses": "barrio.keep_only_dealt", "klaus_tie": "barrio.klaus_tie_option",
            "close_gap": "barrio.gap_option", "panorama": "barrio.panorama_no_fit",
            "combo": "barrio.combo_must_continue", "full_grid_build": "barrio.full_grid_from_hand",
            "skip": "barrio.nothing_to_skip"}.get(kind, "barrio.not_possible"), {}
