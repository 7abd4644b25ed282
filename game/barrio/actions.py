"""Each action's effect, one function per action type (``EFFECTS``), applied to a copy already checked legal."""

from __future__ import annotations

from . import cards as C
from .decks import discard_market, draw_actions, pop_house, pop_material
from .klaus import klaus_take
from .market import fits, gap_options, line_cells, market_size, payments
from .panoramas import add_to_panorama, combo_triggered, panorama_options
from .setup import after_klaus_setup, finish_keep
from .state import HAND_LIMIT, SOLO_KLAUS_LIMIT, Action, Cell, State, event, houses_of
from .turns import after_house, end_turn, finish_turn, game_over, solo_after_player


def _do_keep(s: State, a: Action) -> None:
    p = s.seat
    kept = [c for c in s.hands[p] if c in a["cards"]]
    returned = [c for c in s.hands[p] if c not in a["cards"]]
    s.hands[p] = kept
    s.house_deck.extend(returned)
    event(s, "keep_houses", player=p, kept=len(kept), returned=len(returned))
    if p + 1 < s.players:
        s.seat = p + 1
    else:
        finish_keep(s)


def _do_draw(s: State, a: Action) -> None:
    p = s.seat
    if s.phase in ("start", "placed1", "placed2"):
        s.draws_left = {"start": 1, "placed1": 2, "placed2": 3}[s.phase]
        s.klaus_owed = 0  # counts the cards really drawn: Klaus draws as many (the hand limit may cut them)
        s.phase = "drawing"
    src = a["source"]
    hand = s.hands[p]
    if src == "warehouse":
        slot = s.warehouse.index(a["card"])
        card = s.warehouse[slot]
        s.warehouse[slot] = -1
        s.public[card] = 1
        event(s, "draw", player=p, source=src, card=card, slot=slot)
    elif src == "house_market":
        slot = s.house_market.index(a["card"])
        card = s.house_market[slot]
        s.house_market[slot] = -1
        s.public[card] = 1
        event(s, "draw", player=p, source=src, card=card, slot=slot)
    else:
        card = pop_material(s) if src == "material_deck" else pop_house(s)
        if card is None:  # pragma: no cover - only offered when a card exists
            card = -1
        else:
            event(s, "draw", player=p, source=src, card=card, secret=p)
    if card >= 0:
        hand.append(card)
        if s.phase != "topup":
            s.klaus_owed += 1
    if s.phase == "topup":
        if len(hand) >= 3 or not draw_actions(s, face_up=False):
            finish_turn(s)
        return
    s.draws_left -= 1
    if s.draws_left > 0 and len(hand) >= HAND_LIMIT:
        event(s, "hand_limit", player=p, forfeited=s.draws_left)
        s.draws_left = 0
    if s.draws_left > 0 and not draw_actions(s):
        s.draws_left = 0
    if s.draws_left == 0:
        end_turn(s)


def _do_discard_houses(s: State, a: Action) -> None:
    p = s.seat
    for c in a["cards"]:
        s.hands[p].remove(c)
        s.public[c] = 0
    s.house_discard.extend(a["cards"])
    event(s, "discard_houses", player=p, cards=list(a["cards"]))
    s.draws_left, s.klaus_owed = len(a["cards"]), 0
    s.phase = "drawing"


def _do_place(s: State, a: Action) -> None:
    p = s.seat
    card = a["card"]
    s.hands[p].remove(card)
    s.public[card] = 0
    s.market[(a["row"], a["col"])] = card
    s.placed += 1
    s.phase = "placed1" if s.placed == 1 else "placed2"
    event(s, "place", player=p, card=card, row=a["row"], col=a["col"])
    if not s.solo and len(s.market) == 25 and market_size(s.market) == (5, 5):
        event(s, "full_grid", player=p)
        s.resume = s.phase
        if any(c >= C.NUM_MATERIALS for c in s.hands[p]):
            s.phase = "full_grid"
        else:
            discard_market(s, "full_grid")
            s.phase, s.resume = s.resume, ""


def _do_build(s: State, a: Action) -> None:
    p = s.seat
    house = a["house"]
    axis, index = a["line"]["axis"], a["line"]["index"]
    cells = line_cells(s.market, axis, index)
    line_cards = [s.market[q] for q in cells]
    paid = next(pd for use, pd in payments(house, line_cards) if use == a["use"])
    rub = [c for c in line_cards if c not in paid]
    oversized = not s.solo and not fits(s.market, False)
    options, _ = gap_options(s.market, axis, index, s.solo, need_fit=oversized)
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
        **{"from": "house_market" if s.solo else "hand"})
    if len(options) == 1:
        _set_market(s, options[0])
        start_panorama(s, house, False)
    else:
        s.phase = "gap"
        s.pending = {"house": house, "options": [[[r, c, v] for (r, c), v in sorted(o.items())] for o in options]}


def _set_market(s: State, new: dict[Cell, int]) -> None:
    where = {card: pos for pos, card in s.market.items()}
    moves = [[card, where[card][0], where[card][1], r, c] for (r, c), card in sorted(new.items()) if where[card] != (r, c)]
    s.market = dict(new)
    if moves:
        event(s, "close_gap", moves=moves)


def _do_close_gap(s: State, a: Action) -> None:
    opt = s.pending["options"][a["option"]]
    house = s.pending["house"]
    _set_market(s, {(r, c): v for r, c, v in opt})
    start_panorama(s, house, False)


def start_panorama(s: State, house: int, combo_house: bool) -> None:
    """Place a house just built: at once when it fits only one way, else ask (phase ``panorama``)."""
    opts = panorama_options(s.panoramas[s.seat], house)
    if len(opts) == 1:
        _place_house(s, house, opts[0], combo_house)
    else:
        s.phase = "panorama"
        s.pending = {"house": house, "options": opts, "combo_house": combo_house}


def _do_panorama(s: State, a: Action) -> None:
    _place_house(s, s.pending["house"], a, s.pending["combo_house"])


def _place_house(s: State, house: int, opt: Action, combo_house: bool) -> None:
    p = s.seat
    pans = s.panoramas[p]
    i, pos = add_to_panorama(pans, house, opt)
    event(s, "panorama", player=p, house=house, choice=opt["choice"], panoramas=[q[:] for q in pans])
    if not combo_house and not s.combo_used[p] and combo_triggered(pans[i], pos):
        pool = [h for h in s.house_market if h >= 0] if s.solo else [h for h in s.hands[p] if h >= C.NUM_MATERIALS]
        pan = pans[i]
        options = []
        for h in pool:
            if C.LEFT[h] == C.RIGHT[pan[-1]]:
                options.append([h, "right"])
            if C.RIGHT[h] == C.LEFT[pan[0]]:
                options.append([h, "left"])
        if options:
            event(s, "combo_ready", player=p, panorama=i)
            s.phase = "combo"
            s.pending = {"panorama": i, "options": options}
            return
    after_house(s)


def _do_combo(s: State, a: Action) -> None:
    p = s.seat
    i = s.pending["panorama"]
    house, end = a["house"], a["end"]
    if s.solo:
        s.house_market[s.house_market.index(house)] = -1
    else:
        s.hands[p].remove(house)
        s.public[house] = 0
    s.combo_used[p] = True
    if end == "right":
        s.panoramas[p][i].append(house)
    else:
        s.panoramas[p][i].insert(0, house)
    event(s, "combo", player=p, house=house, end=end, panorama=i)
    event(s, "panorama", player=p, house=house, choice=end, panoramas=[q[:] for q in s.panoramas[p]])
    after_house(s)


def _do_skip(s: State, a: Action) -> None:
    if s.phase == "combo":
        after_house(s)
    else:  # full grid: no free build; the market goes anyway
        discard_market(s, "full_grid")
        s.phase, s.resume, s.pending = s.resume, "", None


def _do_full_grid_build(s: State, a: Action) -> None:
    p = s.seat
    house = a["house"]
    s.hands[p].remove(house)
    s.public[house] = 0
    event(s, "free_build", player=p, house=house)
    start_panorama(s, house, False)


def _do_pass(s: State, a: Action) -> None:
    event(s, "pass", player=s.seat)
    if s.phase == "topup":
        finish_turn(s)
    else:
        end_turn(s)


def _do_klaus_tie(s: State, a: Action) -> None:
    reason = s.pending["reason"]
    resume = s.pending.get("resume", 0)
    s.pending = None
    klaus_take(s, a["house"], reason)
    if reason == "setup":
        after_klaus_setup(s)
        return
    if houses_of(s, 1) >= SOLO_KLAUS_LIMIT:
        game_over(s)
        return
    solo_after_player(s, resume)


EFFECTS = {
    "keep_houses": _do_keep, "draw": _do_draw, "discard_houses": _do_discard_houses, "place": _do_place,
    "build": _do_build, "close_gap": _do_close_gap, "panorama": _do_panorama, "combo": _do_combo,
    "skip": _do_skip, "full_grid_build": _do_full_grid_build, "klaus_tie": _do_klaus_tie, "pass": _do_pass,
}
