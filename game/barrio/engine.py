"""The Barrio rules: state, legal actions and their effects, for 2-4 players and solo against Klaus.

A :class:`State` is a compact bag of lists and ints. :func:`apply_action`
copies it (cheaply), checks the action against :func:`legal_actions` and
plays it, running every automatic step (refills, reshuffles, Klaus's whole
turn) and appending fine-grained events to ``state.log``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from ..core import IllegalAction, MalformedAction, Rng
from . import cards as C

Action = dict[str, Any]
Cell = tuple[int, int]

HAND_LIMIT = 7
PHASES = ("keep", "start", "placed1", "placed2", "drawing", "topup", "full_grid", "gap", "panorama", "combo",
          "klaus_tie", "over")
SOLO_KLAUS_LIMIT = 7
_N4 = ((1, 0), (-1, 0), (0, 1), (0, -1))


class State:
    """A whole game position. Compare with ``==``; never mutate one you did not copy."""

    __slots__ = (
        "n", "card", "rng", "mdeck", "mdisc", "hdeck", "hdisc", "wh", "hm", "hands", "pub",
        "market", "rubble", "pans", "combo", "seat", "phase", "draws_left", "placed", "owe",
        "pend", "resume", "final_round", "kh", "kept", "turn_no", "log",
    )

    def copy(self) -> "State":
        """A copy sharing nothing mutable with this one (events are never mutated, so shared)."""
        s = State.__new__(State)
        s.n, s.card, s.seat, s.phase = self.n, self.card, self.seat, self.phase
        s.draws_left, s.placed, s.owe, s.resume = self.draws_left, self.placed, self.owe, self.resume
        s.final_round, s.turn_no, s.pend = self.final_round, self.turn_no, self.pend
        s.rng = self.rng.copy()
        s.mdeck, s.mdisc, s.hdeck, s.hdisc = self.mdeck[:], self.mdisc[:], self.hdeck[:], self.hdisc[:]
        s.wh, s.hm, s.kh, s.kept = self.wh[:], self.hm[:], self.kh[:], self.kept[:]
        s.hands = [h[:] for h in self.hands]
        s.rubble = [r[:] for r in self.rubble]
        s.pans = [[p[:] for p in ps] for ps in self.pans]
        s.combo = self.combo[:]
        s.pub = bytearray(self.pub)
        s.market = dict(self.market)
        s.log = self.log[:]
        return s

    def _key(self) -> tuple:
        return tuple(getattr(self, k) for k in State.__slots__)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __repr__(self) -> str:
        return f"<Barrio State n={self.n} card={self.card} seat={self.seat} phase={self.phase} turn={self.turn_no}>"

    @property
    def solo(self) -> bool:
        return self.n == 1


# ---------------------------------------------------------------- helpers

def _ev(s: State, kind: str, **fields: Any) -> None:
    fields["type"] = kind
    s.log.append(fields)


def house_limit(n: int) -> int:
    """Houses that end the game: 7 with 1-2 players (solo: either side's 7th), 6 with 3-4."""
    return 7 if n <= 2 else 6


def houses_of(s: State, seat: int) -> int:
    """Number of houses built by ``seat`` (solo: 1 is Klaus)."""
    return sum(len(p) for p in s.pans[seat])


def market_box(market: dict[Cell, int]) -> tuple[int, int, int, int] | None:
    """``(min_row, min_col, max_row, max_col)`` of the market, or None when empty."""
    if not market:
        return None
    rows = [r for r, _ in market]
    cols = [c for _, c in market]
    return min(rows), min(cols), max(rows), max(cols)


def _dims(market: dict[Cell, int]) -> tuple[int, int]:
    box = market_box(market)
    if box is None:
        return 0, 0
    return box[2] - box[0] + 1, box[3] - box[1] + 1


def fits(market: dict[Cell, int], solo: bool) -> bool:
    """True when the market fits the end-of-turn bound: 5x5, or 3x5/5x3 in solo."""
    h, w = _dims(market)
    if solo:
        return (h <= 3 and w <= 5) or (h <= 5 and w <= 3)
    return h <= 5 and w <= 5


def _connected(cells) -> bool:
    cells = set(cells)
    if len(cells) <= 1:
        return True
    start = next(iter(cells))
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for dr, dc in _N4:
            q = (r + dr, c + dc)
            if q in cells and q not in seen:
                seen.add(q)
                stack.append(q)
    return len(seen) == len(cells)


def _components(cells) -> list[list[Cell]]:
    cells = set(cells)
    out = []
    while cells:
        start = min(cells)
        comp = [start]
        cells.discard(start)
        stack = [start]
        while stack:
            r, c = stack.pop()
            for dr, dc in _N4:
                q = (r + dr, c + dc)
                if q in cells:
                    cells.discard(q)
                    comp.append(q)
                    stack.append(q)
        out.append(sorted(comp))
    out.sort(key=lambda comp: (-len(comp), comp[0]))
    return out


def placement_cells(market: dict[Cell, int]) -> list[Cell]:
    """Empty cells touching a market card along a side ((0, 0) for an empty market)."""
    if not market:
        return [(0, 0)]
    out = set()
    for r, c in market:
        for dr, dc in _N4:
            q = (r + dr, c + dc)
            if q not in market:
                out.add(q)
    return sorted(out)


def line_cells(market: dict[Cell, int], axis: str, index: int) -> list[Cell]:
    """Cells of a whole row (``axis="row"``) or column of the market."""
    k = 0 if axis == "row" else 1
    return sorted(p for p in market if p[k] == index)


def lines(market: dict[Cell, int]) -> list[tuple[str, int]]:
    """Every non-empty row and column, as ``(axis, index)``."""
    rows = sorted({r for r, _ in market})
    cols = sorted({c for _, c in market})
    return [("row", r) for r in rows] + [("col", c) for c in cols]


def payments(house: int, line_cards: list[int]) -> list[tuple[dict[str, str], list[int]]]:
    """Every way ``line_cards`` pay ``house``: ``(use, paid_cards)``.

    ``use`` maps each double that pays (id as a string) to the material it
    counts as; only doubles that are needed are used, so the choices are
    really different. Burruños never pay.
    """
    cost = C.COST[house]
    plain: list[list[int]] = [[], [], [], [], []]
    doubles = []
    for card in line_cards:
        if card >= C.NUM_MATERIALS:
            continue
        k = C.KIND[card]
        if k < 5:
            plain[k].append(card)
        elif k != C.BURRUNO:
            doubles.append(card)
    short = [max(0, cost[k] - len(plain[k])) for k in range(5)]
    need = sum(short)
    if need > len(doubles):
        return []
    out = []
    # Each double either stays unused or counts as one of its two materials.
    for assign in _double_assignments(doubles):
        got = [0] * 5
        for card, k in assign:
            got[k] += 1
        if any(got[k] != short[k] for k in range(5)):
            continue  # must cover the shortfall exactly: extra doubles stay unused
        use = {str(card): C.MATERIALS[k] for card, k in assign}
        paid = [card for card, _ in assign]
        for k in range(5):
            paid.extend(sorted(plain[k])[: cost[k] - got[k]])
        out.append((use, sorted(paid)))
    return out


def _double_assignments(doubles: list[int]):
    if not doubles:
        yield []
        return
    first, rest = doubles[0], doubles[1:]
    for tail in _double_assignments(rest):
        yield tail
        for k in C.DOUBLE_OF[C.KIND[first]]:
            yield [(first, k)] + tail


def pan_options(pans: list[list[int]], house: int) -> list[Action]:
    """Where ``house`` may go among the panoramas ``pans`` (action dicts of type "panorama")."""
    left, right = C.LEFT[house], C.RIGHT[house]
    out: list[Action] = [{"type": "panorama", "choice": "new"}]
    for i, p in enumerate(pans):
        if C.RIGHT[p[-1]] == left:
            out.append({"type": "panorama", "choice": "right", "panorama": i})
        if C.LEFT[p[0]] == right:
            out.append({"type": "panorama", "choice": "left", "panorama": i})
    for i, p in enumerate(pans):
        if C.RIGHT[p[-1]] != left:
            continue
        for j, q in enumerate(pans):
            if i != j and C.LEFT[q[0]] == right:
                out.append({"type": "panorama", "choice": "join", "left": i, "right": j})
    return out


def _pan_apply(pans: list[list[int]], house: int, opt: Action) -> tuple[int, int]:
    """Put ``house`` into ``pans`` per ``opt``; return (panorama index, position of the house)."""
    ch = opt["choice"]
    if ch == "new":
        pans.append([house])
        return len(pans) - 1, 0
    if ch == "right":
        i = opt["panorama"]
        pans[i].append(house)
        return i, len(pans[i]) - 1
    if ch == "left":
        i = opt["panorama"]
        pans[i].insert(0, house)
        return i, 0
    i, j = opt["left"], opt["right"]
    pos = len(pans[i])
    merged = pans[i] + [house] + pans[j]
    pans[i] = merged
    del pans[j]
    if j < i:
        i -= 1
    return i, pos


def pans_points(pans: list[list[int]]) -> int:
    """Panorama points of a set of panoramas."""
    return sum(C.panorama_points(len(p)) for p in pans)


def _combo_triggered(pan: list[int], pos: int) -> bool:
    for start in range(pos - 2, pos + 1):
        if start < 0 or start + 3 > len(pan):
            continue
        icons = {C.ICON[h] for h in pan[start:start + 3]}
        if len(icons) in (1, 3):
            return True
    return False


# ---------------------------------------------------------------- decks

def _reveal_warehouse_fresh(s: State) -> None:
    """Fill all four warehouse slots, redealing while it shows >1 Burruño or 4 alike (set-up rule)."""
    for _ in range(12):
        for i in range(4):
            if s.wh[i] < 0:
                card = _pop_material(s, allow_reset=False)
                if card is None:
                    return
                s.wh[i] = card
                _ev(s, "reveal", where="warehouse", slot=i, card=card)
        kinds = [C.KIND[c] for c in s.wh]
        bad = kinds.count(C.BURRUNO) > 1 or (len(set(kinds)) == 1)
        if not bad or len(s.mdeck) + len(s.mdisc) < 8:
            return
        _ev(s, "warehouse_redeal", discarded=s.wh[:])
        s.mdisc.extend(s.wh)
        s.wh = [-1, -1, -1, -1]


def _pop_material(s: State, allow_reset: bool = True) -> int | None:
    """Top of the material deck, rebuilding it when empty (solo: the full reset)."""
    if not s.mdeck:
        if s.solo and allow_reset:
            _solo_reset(s)
        elif s.mdisc:
            s.mdeck = s.mdisc
            s.mdisc = []
            s.rng.shuffle(s.mdeck)
            _ev(s, "reshuffle", deck="material", cards=len(s.mdeck))
    return s.mdeck.pop() if s.mdeck else None


def _pop_house(s: State) -> int | None:
    if not s.hdeck and s.hdisc:
        s.hdeck = s.hdisc
        s.hdisc = []
        s.rng.shuffle(s.hdeck)
        _ev(s, "reshuffle", deck="house", cards=len(s.hdeck))
    return s.hdeck.pop() if s.hdeck else None


def _solo_reset(s: State) -> None:
    """Solo: the material deck ran out. Both face-up rows go, the discard becomes the deck, 4 + 4 revealed."""
    wh = [c for c in s.wh if c >= 0]
    hm = [c for c in s.hm if c >= 0]
    s.mdisc.extend(wh)
    s.hdisc.extend(hm)
    s.wh = [-1, -1, -1, -1]
    s.hm = [-1, -1, -1, -1]
    _ev(s, "solo_reset", warehouse=wh, house_market=hm)
    s.mdeck = s.mdisc
    s.mdisc = []
    s.rng.shuffle(s.mdeck)
    _ev(s, "reshuffle", deck="material", cards=len(s.mdeck))
    _reveal_warehouse_fresh(s)
    _refill_houses(s)


def _refill_houses(s: State) -> None:
    for i in range(4):
        if s.hm[i] < 0:
            card = _pop_house(s)
            if card is None:
                return
            s.hm[i] = card
            _ev(s, "reveal", where="house_market", slot=i, card=card)


def _refill(s: State) -> None:
    """End of turn: fill every empty face-up slot."""
    for i in range(4):
        if s.wh[i] < 0:
            card = _pop_material(s)
            if card is None:
                break
            if s.wh[i] < 0:  # a solo reset may have filled it meanwhile
                s.wh[i] = card
                _ev(s, "reveal", where="warehouse", slot=i, card=card)
            else:
                s.mdeck.append(card)
    _refill_houses(s)


# ---------------------------------------------------------------- set-up

def new_game(num_players: int, seed: int, **options: Any) -> State:
    """Start a game: ``new_game(1, seed, level="A"|"B"|"C")`` or ``new_game(2..4, seed, scoring_card="A".."F")``."""
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
    if options:
        raise IllegalAction(key="barrio.unknown_options", options=", ".join(sorted(map(str, options))))
    s = State.__new__(State)
    s.n, s.card, s.rng = num_players, card, rng
    s.mdeck = list(range(C.NUM_MATERIALS))
    s.hdeck = list(range(C.NUM_MATERIALS, C.NUM_CARDS))
    rng.shuffle(s.mdeck)
    rng.shuffle(s.hdeck)
    s.mdisc, s.hdisc = [], []
    s.wh, s.hm = [-1] * 4, [-1] * 4
    seats = 2 if solo else num_players
    s.hands = [[] for _ in range(num_players)]
    s.pub = bytearray(C.NUM_CARDS)
    s.market = {}
    s.rubble = [[] for _ in range(num_players)]
    s.pans = [[] for _ in range(seats)]
    s.combo = [False] * num_players
    s.seat, s.draws_left, s.placed, s.owe = 0, 0, 0, 0
    s.pend, s.resume, s.final_round = None, "", False
    s.kh, s.kept = [], []
    s.turn_no = 0
    s.log = []
    _ev(s, "setup", players=num_players, scoring_card=card, solo=solo)
    if solo:
        _refill_houses(s)
        _reveal_warehouse_fresh(s)
        dealt = [s.mdeck.pop() for _ in range(3)]
        s.hands[0].extend(dealt)
        _ev(s, "deal", player=0, cards=dealt, secret=0)
        best = max(C.POINTS[h] for h in s.hm)
        tied = [h for h in s.hm if C.POINTS[h] == best]
        if len(tied) > 1:
            s.phase = "klaus_tie"
            s.pend = {"options": tied, "reason": "setup"}
            _ev(s, "klaus_tie", options=tied)
        else:
            _klaus_take(s, tied[0], "setup")
            _after_klaus_setup(s)
    else:
        for p in range(num_players):
            dealt = [s.hdeck.pop() for _ in range(5)]
            s.hands[p] = dealt
            _ev(s, "deal", player=p, cards=dealt, secret=p)
        s.phase = "keep"
    return s


def _after_klaus_setup(s: State) -> None:
    _refill_houses(s)
    _start_turn(s, 0)


def _finish_keep(s: State) -> None:
    s.rng.shuffle(s.hdeck)
    _refill_houses(s)
    for p in range(s.n):
        need = max(0, 5 - len(s.hands[p]))
        dealt = [s.mdeck.pop() for _ in range(need)]
        s.hands[p].extend(dealt)
        if dealt:
            _ev(s, "deal", player=p, cards=dealt, secret=p)
    _reveal_warehouse_fresh(s)
    _start_turn(s, 0)


def _start_turn(s: State, seat: int) -> None:
    s.seat, s.phase = seat, "start"
    s.draws_left = s.placed = s.owe = 0
    s.pend, s.resume = None, ""
    s.turn_no += 1
    _ev(s, "turn", player=seat, turn_number=s.turn_no)


# ---------------------------------------------------------------- the contract

def current_player(s: State) -> int | None:
    """The seat deciding now (solo: always 0, Klaus's ties included); None once over."""
    return None if s.phase == "over" else s.seat


def is_over(s: State) -> bool:
    """True once the game has ended."""
    return s.phase == "over"


def _can_draw_material(s: State) -> bool:
    return bool(s.mdeck or s.mdisc)


def _draw_actions(s: State, face_up: bool = True) -> list[Action]:
    if len(s.hands[s.seat]) >= HAND_LIMIT:
        return []
    out: list[Action] = []
    if face_up:
        out += [{"type": "draw", "source": "warehouse", "card": c} for c in s.wh if c >= 0]
        if not s.solo:
            out += [{"type": "draw", "source": "house_market", "card": c} for c in s.hm if c >= 0]
    if s.mdeck or s.mdisc or (s.solo and any(c >= 0 for c in s.wh)):
        out.append({"type": "draw", "source": "material_deck"})
    if not s.solo and (s.hdeck or s.hdisc):
        out.append({"type": "draw", "source": "house_deck"})
    return out


def _place_actions(s: State) -> list[Action]:
    hand = s.hands[s.seat]
    mats = [c for c in hand if c < C.NUM_MATERIALS]
    if not mats:
        return []
    cells = placement_cells(s.market)
    if s.solo:  # the solo market is never refused a card: beyond 3x5 is the overflow penalty
        return [{"type": "place", "card": m, "row": r, "col": c} for m in mats for r, c in cells]
    out = []
    box = market_box(s.market)
    for r, c in cells:
        if box is None:
            h = w = 1
        else:
            h = max(box[2], r) - min(box[0], r) + 1
            w = max(box[3], c) - min(box[1], c) + 1
        if h <= 5 and w <= 5:
            out += [{"type": "place", "card": m, "row": r, "col": c} for m in mats]
            continue
        # Beyond 5x5 only to build at once: legal when a build (after the second material, if this is
        # the first) can bring the market back within 5x5. The result depends on the kind, not the card.
        by_kind: dict[int, bool] = {}
        for m in mats:
            k = C.KIND[m]
            if k not in by_kind:
                grown = s.market.copy()
                grown[(r, c)] = m
                rest = hand[:]
                rest.remove(m)
                by_kind[k] = _stretch_can_build(s, grown, rest, second_to_come=s.placed == 0)
            if by_kind[k]:
                out.append({"type": "place", "card": m, "row": r, "col": c})
    return out


def _stretch_can_build(s: State, market: dict[Cell, int], hand: list[int], second_to_come: bool) -> bool:
    """True when a market stretched beyond 5x5 can still end the turn within it by a build from ``hand``
    (with ``second_to_come``, after some placement of a second material from ``hand`` first)."""
    houses = [c for c in hand if c >= C.NUM_MATERIALS]
    if not houses:
        return False
    if not second_to_come:
        return bool(_build_actions_for(s, market, hand, need_fit=True, any_only=True))
    kinds = {C.KIND[m] for m in hand if m < C.NUM_MATERIALS}
    if not kinds:
        return False
    counts: dict[Cell, list[int]] = {}  # (0, row) / (1, col) -> cards per kind in that line
    for (r, c), card in market.items():
        k = C.KIND[card]
        counts.setdefault((0, r), [0] * 8)[k] += 1
        counts.setdefault((1, c), [0] * 8)[k] += 1
    paying = {line for line, kc in counts.items() if _pays_any(kc, houses)}
    shape = frozenset(market)
    for r, c in placement_cells(market):
        grown = shape | {(r, c)}
        for line in paying:  # lines the second card does not touch pay as they are
            if line != (0, r) and line != (1, c) and _removal_fits(grown, "row" if line[0] == 0 else "col", line[1], False):
                return True
        for k in kinds:
            for line in ((0, r), (1, c)):
                kc = counts.get(line, [0] * 8)[:]
                kc[k] += 1
                if _pays_any(kc, houses) and _removal_fits(grown, "row" if line[0] == 0 else "col", line[1], False):
                    return True
    return False


def _pays_any(kind_counts: list[int], houses: list[int]) -> bool:
    """True when a line holding ``kind_counts`` cards of each kind pays one of ``houses``
    (a wood/brick double covers one wood or brick, a stone/concrete one stone or concrete)."""
    for house in houses:
        cost = C.COST[house]
        short = [max(0, cost[k] - kind_counts[k]) for k in range(5)]
        if short[4] == 0 and short[0] + short[1] <= kind_counts[5] and short[2] + short[3] <= kind_counts[6]:
            return True
    return False


def _build_actions_for(s: State, market: dict[Cell, int], hand: list[int], need_fit: bool,
                       any_only: bool = False) -> list[Action]:
    houses = [c for c in s.hm if c >= 0] if s.solo else [c for c in hand if c >= C.NUM_MATERIALS]
    if not houses or not market:
        return []
    out: list[Action] = []
    for axis, index in lines(market):
        cells = line_cells(market, axis, index)
        line_cards = [market[p] for p in cells]
        have = [0, 0, 0, 0, 0]
        doubles = 0
        for c in line_cards:
            k = C.KIND[c]
            if k < 5:
                have[k] += 1
            elif k != C.BURRUNO:
                doubles += 1
        fit_ok = None
        for house in houses:
            cost = C.COST[house]
            short = 0
            for k in range(5):
                if cost[k] > have[k]:
                    short += cost[k] - have[k]
            if short > doubles:
                continue  # quick refusal before enumerating payments
            pays = payments(house, line_cards)
            if not pays:
                continue
            if need_fit:
                if fit_ok is None:
                    fit_ok = _removal_fits(frozenset(market), axis, index, s.solo)
                if not fit_ok:
                    continue
            for use, _paid in pays:
                out.append({"type": "build", "house": house, "line": {"axis": axis, "index": index}, "use": use})
                if any_only:
                    return out
    return out


@lru_cache(maxsize=4096)
def _removal_fits(cells: frozenset[Cell], axis: str, index: int, solo: bool) -> bool:
    """True when taking the line ``(axis, index)`` out of a market on ``cells`` can leave it within its bound.
    Gap closing moves cells by their positions alone, so the answer depends on the shape, not the cards
    (hence the cache: the stretch checks ask about the same shapes for every kind of material)."""
    return bool(_gap_options(dict.fromkeys(cells, 0), axis, index, solo, need_fit=True)[0])


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to move (empty once the game is over)."""
    ph = s.phase
    if ph == "over":
        return []
    out: list[Action]
    if ph == "start":
        out = _draw_actions(s) + _place_actions(s)
        if not s.solo:
            houses = [c for c in s.hands[s.seat] if c >= C.NUM_MATERIALS]
            for k in range(1, len(houses) + 1):
                out += [{"type": "discard_houses", "cards": list(sub)} for sub in combinations(houses, k)]
    elif ph == "placed1":
        # a first material that stretched the market beyond 5x5 must be followed by a second and a build
        oversized = not fits(s.market, False) if not s.solo else False
        out = _place_actions(s) + ([] if oversized else _draw_actions(s))
    elif ph == "placed2":
        oversized = not fits(s.market, False) if not s.solo else False
        out = [] if oversized else _draw_actions(s)
        out += _build_actions_for(s, s.market, s.hands[s.seat], need_fit=oversized)
    elif ph == "drawing":
        out = _draw_actions(s)
    elif ph == "topup":
        out = _draw_actions(s, face_up=False)
    elif ph == "keep":
        hand = s.hands[s.seat]
        out = [{"type": "keep_houses", "cards": list(sub)} for k in range(len(hand) + 1) for sub in combinations(hand, k)]
    elif ph == "klaus_tie":
        out = [{"type": "klaus_tie", "house": h} for h in s.pend["options"]]
    elif ph == "gap":
        out = [{"type": "close_gap", "option": k} for k in range(len(s.pend["options"]))]
    elif ph == "panorama":
        out = list(s.pend["options"])
    elif ph == "combo":
        out = [{"type": "combo", "house": h, "end": e} for h, e in s.pend["options"]] + [{"type": "skip"}]
    elif ph == "full_grid":
        out = [{"type": "full_grid_build", "house": h} for h in s.hands[s.seat] if h >= C.NUM_MATERIALS] + [{"type": "skip"}]
    else:  # pragma: no cover - every phase is listed above
        raise AssertionError(ph)
    return out or [{"type": "pass"}]


def _normalize(action: Any) -> Action:
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise MalformedAction()
    a = dict(action)
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
    legal = legal_actions(s)
    if a["type"] in ("keep_houses", "discard_houses"):
        legal = [dict(x, cards=sorted(x["cards"])) if "cards" in x else x for x in legal]
    if a not in legal:
        key, params = why_illegal(s, a)
        raise IllegalAction(key=key, **params)
    return apply_unchecked(s, a)


def apply_unchecked(s: State, a: Action) -> State:
    """Apply an action known to be legal (bots and search use this; no validation)."""
    t = s.copy()
    _DO[a["type"]](t, a)
    return t


# ---------------------------------------------------------------- refusals

def why_illegal(s: State, a: Action) -> tuple[str, dict[str, Any]]:
    """Why ``a`` is not legal now (assumes it is not): a catalogue key and its parameters."""
    kind, ph = a["type"], s.phase
    if ph == "over":
        return "barrio.game_over", {}
    hand = s.hands[s.seat] if s.hands else []
    if kind not in _DO:
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
        if src == "warehouse" and a.get("card") not in s.wh:
            return "barrio.not_in_warehouse", {}
        if src == "house_market" and a.get("card") not in s.hm:
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
        if s.solo and house not in s.hm:
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


# ---------------------------------------------------------------- doing actions

def _do_keep(s: State, a: Action) -> None:
    p = s.seat
    kept = [c for c in s.hands[p] if c in a["cards"]]
    returned = [c for c in s.hands[p] if c not in a["cards"]]
    s.hands[p] = kept
    s.hdeck.extend(returned)
    _ev(s, "keep_houses", player=p, kept=len(kept), returned=len(returned))
    if p + 1 < s.n:
        s.seat = p + 1
    else:
        _finish_keep(s)


def _do_draw(s: State, a: Action) -> None:
    p = s.seat
    if s.phase in ("start", "placed1", "placed2"):
        s.draws_left = {"start": 1, "placed1": 2, "placed2": 3}[s.phase]
        s.owe = 0  # counts the cards really drawn: Klaus draws as many (the hand limit may cut them)
        s.phase = "drawing"
    src = a["source"]
    hand = s.hands[p]
    if src == "warehouse":
        slot = s.wh.index(a["card"])
        card = s.wh[slot]
        s.wh[slot] = -1
        s.pub[card] = 1
        _ev(s, "draw", player=p, source=src, card=card, slot=slot)
    elif src == "house_market":
        slot = s.hm.index(a["card"])
        card = s.hm[slot]
        s.hm[slot] = -1
        s.pub[card] = 1
        _ev(s, "draw", player=p, source=src, card=card, slot=slot)
    else:
        card = _pop_material(s) if src == "material_deck" else _pop_house(s)
        if card is None:  # pragma: no cover - only offered when a card exists
            card = -1
        else:
            _ev(s, "draw", player=p, source=src, card=card, secret=p)
    if card >= 0:
        hand.append(card)
        if s.phase != "topup":
            s.owe += 1
    if s.phase == "topup":
        if len(hand) >= 3 or not _draw_actions(s, face_up=False):
            _finish_turn(s)
        return
    s.draws_left -= 1
    if s.draws_left > 0 and len(hand) >= HAND_LIMIT:
        _ev(s, "hand_limit", player=p, forfeited=s.draws_left)
        s.draws_left = 0
    if s.draws_left > 0 and not _draw_actions(s):
        s.draws_left = 0
    if s.draws_left == 0:
        _end_turn(s)


def _do_discard_houses(s: State, a: Action) -> None:
    p = s.seat
    for c in a["cards"]:
        s.hands[p].remove(c)
        s.pub[c] = 0
    s.hdisc.extend(a["cards"])
    _ev(s, "discard_houses", player=p, cards=list(a["cards"]))
    s.draws_left, s.owe = len(a["cards"]), 0
    s.phase = "drawing"


def _do_place(s: State, a: Action) -> None:
    p = s.seat
    card = a["card"]
    s.hands[p].remove(card)
    s.pub[card] = 0
    s.market[(a["row"], a["col"])] = card
    s.placed += 1
    s.phase = "placed1" if s.placed == 1 else "placed2"
    _ev(s, "place", player=p, card=card, row=a["row"], col=a["col"])
    if not s.solo and len(s.market) == 25 and _dims(s.market) == (5, 5):
        _ev(s, "full_grid", player=p)
        s.resume = s.phase
        if any(c >= C.NUM_MATERIALS for c in s.hands[p]):
            s.phase = "full_grid"
        else:
            _discard_market(s, "full_grid")
            s.phase, s.resume = s.resume, ""


def _discard_market(s: State, reason: str) -> None:
    cards = [s.market[k] for k in sorted(s.market)]
    s.mdisc.extend(cards)
    s.market = {}
    _ev(s, "market_discarded", cards=cards, reason=reason)


def _gap_options(market: dict[Cell, int], axis: str, index: int, solo: bool, need_fit: bool = False) -> tuple[list[dict[Cell, int]], list[Cell]]:
    """Arrangements after removing a line: (options, removed cells). One option = no choice."""
    k = 0 if axis == "row" else 1
    removed = [p for p in market if p[k] == index]
    near: dict[Cell, int] = {}
    far: dict[Cell, int] = {}
    for p, card in market.items():
        if p[k] < index:
            near[p] = card
        elif p[k] > index:
            q = (p[0] - 1, p[1]) if k == 0 else (p[0], p[1] - 1)
            far[q] = card
    plain = {**near, **far}
    if _connected(plain):
        ok = fits(plain, solo) or not need_fit
        return ([plain] if ok else []), removed
    options = []
    if near and far and _connected(near) and _connected(far):
        for d in range(-5, 6):
            moved = {((r, c + d) if k == 0 else (r + d, c)): card for (r, c), card in far.items()}
            cand = {**near, **moved}
            if len(cand) == len(plain) and _connected(cand):
                options.append(cand)
        fitting = [o for o in options if fits(o, solo)]
        if fitting or need_fit:
            options = fitting
    if not options and not need_fit:
        options = [_gather(plain, k, solo)]
    elif not options and need_fit:
        g = _gather(plain, k, solo)
        options = [g] if fits(g, solo) else []
    return options, removed


def _gather(market: dict[Cell, int], k: int, solo: bool = False) -> dict[Cell, int]:
    """Deterministic fallback: slide each loose group onto the biggest one, shortest move first
    (along the removed line first), keeping within the market's bound when any such move exists."""
    comps = _components(market)
    group = {p: market[p] for p in comps[0]}
    for comp in comps[1:]:
        touching = []
        for dist in range(1, 12):
            for dr in range(-dist, dist + 1):
                dc_abs = dist - abs(dr)
                for dc in sorted({dc_abs, -dc_abs}):
                    a, b = (dr, dc) if k == 1 else (dc, dr)  # prefer moving along the removed line
                    cells = [(r + a, c + b) for r, c in comp]
                    if any(q in group for q in cells):
                        continue
                    if any((r + x, c + y) in group for r, c in cells for x, y in _N4):
                        touching.append((a, b))
        best = touching[0] if touching else (0, 0)
        for a, b in touching:
            trial = dict(group)
            for r, c in comp:
                trial[(r + a, c + b)] = 0
            if fits(trial, solo):
                best = (a, b)
                break
        a, b = best
        for r, c in comp:
            group[(r + a, c + b)] = market[(r, c)]
    return group


def _do_build(s: State, a: Action) -> None:
    p = s.seat
    house = a["house"]
    axis, index = a["line"]["axis"], a["line"]["index"]
    cells = line_cells(s.market, axis, index)
    line_cards = [s.market[q] for q in cells]
    paid = next(pd for use, pd in payments(house, line_cards) if use == a["use"])
    rub = [c for c in line_cards if c not in paid]
    oversized = not s.solo and not fits(s.market, False)
    options, _ = _gap_options(s.market, axis, index, s.solo, need_fit=oversized)
    if s.solo:
        s.hm[s.hm.index(house)] = -1
    else:
        s.hands[p].remove(house)
        s.pub[house] = 0
    s.mdisc.extend(paid)
    s.rubble[p].extend(rub)
    for q in cells:
        del s.market[q]
    s.owe = 2
    _ev(s, "build", player=p, house=house, line={"axis": axis, "index": index}, paid=paid, rubble=rub,
        **{"from": "house_market" if s.solo else "hand"})
    if len(options) == 1:
        _set_market(s, options[0])
        _start_panorama(s, house, False)
    else:
        s.phase = "gap"
        s.pend = {"house": house, "options": [[[r, c, v] for (r, c), v in sorted(o.items())] for o in options]}


def _set_market(s: State, new: dict[Cell, int]) -> None:
    where = {card: pos for pos, card in s.market.items()}
    moves = [[card, where[card][0], where[card][1], r, c] for (r, c), card in sorted(new.items()) if where[card] != (r, c)]
    s.market = dict(new)
    if moves:
        _ev(s, "close_gap", moves=moves)


def _do_close_gap(s: State, a: Action) -> None:
    opt = s.pend["options"][a["option"]]
    house = s.pend["house"]
    _set_market(s, {(r, c): v for r, c, v in opt})
    _start_panorama(s, house, False)


def _start_panorama(s: State, house: int, combo_house: bool) -> None:
    opts = pan_options(s.pans[s.seat], house)
    if len(opts) == 1:
        _place_house(s, house, opts[0], combo_house)
    else:
        s.phase = "panorama"
        s.pend = {"house": house, "options": opts, "combo_house": combo_house}


def _do_panorama(s: State, a: Action) -> None:
    _place_house(s, s.pend["house"], a, s.pend["combo_house"])


def _place_house(s: State, house: int, opt: Action, combo_house: bool) -> None:
    p = s.seat
    pans = s.pans[p]
    i, pos = _pan_apply(pans, house, opt)
    _ev(s, "panorama", player=p, house=house, choice=opt["choice"], panoramas=[q[:] for q in pans])
    if not combo_house and not s.combo[p] and _combo_triggered(pans[i], pos):
        pool = [h for h in s.hm if h >= 0] if s.solo else [h for h in s.hands[p] if h >= C.NUM_MATERIALS]
        pan = pans[i]
        options = []
        for h in pool:
            if C.LEFT[h] == C.RIGHT[pan[-1]]:
                options.append([h, "right"])
            if C.RIGHT[h] == C.LEFT[pan[0]]:
                options.append([h, "left"])
        if options:
            _ev(s, "combo_ready", player=p, panorama=i)
            s.phase = "combo"
            s.pend = {"panorama": i, "options": options}
            return
    _after_house(s)


def _do_combo(s: State, a: Action) -> None:
    p = s.seat
    i = s.pend["panorama"]
    house, end = a["house"], a["end"]
    if s.solo:
        s.hm[s.hm.index(house)] = -1
    else:
        s.hands[p].remove(house)
        s.pub[house] = 0
    s.combo[p] = True
    if end == "right":
        s.pans[p][i].append(house)
    else:
        s.pans[p][i].insert(0, house)
    _ev(s, "combo", player=p, house=house, end=end, panorama=i)
    _ev(s, "panorama", player=p, house=house, choice=end, panoramas=[q[:] for q in s.pans[p]])
    _after_house(s)


def _do_skip(s: State, a: Action) -> None:
    if s.phase == "combo":
        _after_house(s)
    else:  # full grid: no free build; the market goes anyway
        _discard_market(s, "full_grid")
        s.phase, s.resume, s.pend = s.resume, "", None


def _do_full_grid_build(s: State, a: Action) -> None:
    p = s.seat
    house = a["house"]
    s.hands[p].remove(house)
    s.pub[house] = 0
    _ev(s, "free_build", player=p, house=house)
    _start_panorama(s, house, False)


def _after_house(s: State) -> None:
    s.pend = None
    if s.resume:  # the free build of a full grid: discard the market, go on with the turn
        _discard_market(s, "full_grid")
        s.phase, s.resume = s.resume, ""
        return
    if s.solo and houses_of(s, 0) >= SOLO_KLAUS_LIMIT:
        _game_over(s)
        return
    _end_turn(s)


def _do_pass(s: State, a: Action) -> None:
    _ev(s, "pass", player=s.seat)
    if s.phase == "topup":
        _finish_turn(s)
    else:
        _end_turn(s)


def _end_turn(s: State) -> None:
    """The player's action is done: top-up, then (solo) Klaus, refills and the next turn."""
    p = s.seat
    s.pend = None
    if s.solo:
        if not s.hands[0]:
            dealt = []
            for _ in range(2):
                card = _pop_material(s)
                if card is None:
                    break
                dealt.append(card)
            s.hands[0].extend(dealt)
            if dealt:
                _ev(s, "deal", player=0, cards=dealt, secret=0)
        _solo_after_player(s, 0)
        return
    if len(s.hands[p]) < 3 and _draw_actions(s, face_up=False):
        s.phase = "topup"
        return
    _finish_turn(s)


def _finish_turn(s: State) -> None:
    p = s.seat
    _refill(s)
    _ev(s, "turn_end", player=p)
    if not s.final_round and houses_of(s, p) >= house_limit(s.n):
        s.final_round = True
        _ev(s, "last_round", player=p)
    if (s.final_round and p == s.n - 1) or _stalled(s):
        _game_over(s)
        return
    _start_turn(s, (p + 1) % s.n)


def _stalled(s: State) -> bool:
    """Ruling: no material is left to place (deck, discard, warehouse and hands all without one), so
    nobody can ever build again: the game ends at once (event ``stalemate``)."""
    if s.mdeck or s.mdisc or any(c >= 0 for c in s.wh):
        return False
    if any(c < C.NUM_MATERIALS for h in s.hands for c in h):
        return False
    _ev(s, "stalemate")
    return True


# ---------------------------------------------------------------- Klaus

def klaus_candidates(s: State) -> list[int]:
    """The market houses Klaus would build now, by his priority (several = the player breaks the tie)."""
    market = [h for h in s.hm if h >= 0]
    if not market:
        return []
    pans = s.pans[1]
    base = pans_points(pans)
    value = {}
    longest_hit = {}
    longest = max((len(p) for p in pans), default=0)
    for h in market:
        best, hit = -1, False
        for opt in pan_options(pans, h):
            trial = [q[:] for q in pans]
            i, _ = _pan_apply(trial, h, opt)
            gain = C.POINTS[h] + pans_points(trial) - base
            touches = opt["choice"] != "new" and _continues_longest(pans, opt, longest)
            if gain > best or (gain == best and touches):
                best, hit = gain, touches
        value[h] = best
        longest_hit[h] = hit
    top = max(value.values())
    tied = [h for h in market if value[h] == top]
    if len(tied) > 1:
        on_longest = [h for h in tied if longest_hit[h]]
        if on_longest:
            tied = on_longest
    return sorted(set(tied))


def _continues_longest(pans: list[list[int]], opt: Action, longest: int) -> bool:
    idx = [opt["panorama"]] if "panorama" in opt else [opt["left"], opt["right"]]
    return any(len(pans[i]) == longest for i in idx)


def _klaus_best_option(pans: list[list[int]], h: int) -> Action:
    base = pans_points(pans)
    longest = max((len(p) for p in pans), default=0)
    best, best_key = None, None
    for opt in pan_options(pans, h):
        trial = [q[:] for q in pans]
        _pan_apply(trial, h, opt)
        key = (pans_points(trial) - base, opt["choice"] != "new" and _continues_longest(pans, opt, longest))
        if best_key is None or key > best_key:
            best, best_key = opt, key
    return best


def _klaus_take(s: State, house: int, reason: str) -> None:
    """Klaus builds ``house`` from the market into his best panorama spot."""
    s.hm[s.hm.index(house)] = -1
    pans = s.pans[1]
    before = pans_points(pans)
    opt = _klaus_best_option(pans, house)
    _pan_apply(pans, house, opt)
    gain = C.POINTS[house] + pans_points(pans) - before
    _ev(s, "klaus_build", house=house, points=C.POINTS[house], gain=gain, reason=reason, choice=opt["choice"],
        panoramas=[q[:] for q in pans])
    if reason == "hand":
        keep = [c for c in s.kh if C.KIND[c] == C.BURRUNO]
        drop = [c for c in s.kh if C.KIND[c] != C.BURRUNO]
        s.mdisc.extend(drop)
        s.kept.extend(keep)
        for c in s.kh:
            s.pub[c] = 0
        s.kh = []
        _ev(s, "klaus_discard", cards=drop, kept=keep)


def _klaus_build(s: State, reason: str, resume: int) -> bool:
    """Klaus builds by his priority; False when a tie waits for the player's choice."""
    cands = klaus_candidates(s)
    if not cands:
        return True
    if len(cands) > 1:
        s.phase = "klaus_tie"
        s.pend = {"options": cands, "reason": reason, "resume": resume}
        _ev(s, "klaus_tie", options=cands)
        return False
    _klaus_take(s, cands[0], reason)
    return True


def _do_klaus_tie(s: State, a: Action) -> None:
    reason = s.pend["reason"]
    resume = s.pend.get("resume", 0)
    s.pend = None
    _klaus_take(s, a["house"], reason)
    if reason == "setup":
        _after_klaus_setup(s)
        return
    if houses_of(s, 1) >= SOLO_KLAUS_LIMIT:
        _game_over(s)
        return
    _solo_after_player(s, resume)


def _solo_after_player(s: State, stage: int) -> None:
    """Solo, after the player's turn: overflow (stage 0), Klaus's draws and build (1), refill and next turn (2)."""
    if stage <= 0 and s.market and not fits(s.market, True):
        _ev(s, "overflow", player=0)
        _discard_market(s, "overflow")
        if not _klaus_build(s, "overflow", 1):
            return
        if houses_of(s, 1) >= SOLO_KLAUS_LIMIT:
            _game_over(s)
            return
    if stage <= 1:
        _refill(s)
        owe = s.owe
        _ev(s, "klaus_turn", draws=owe)
        for _ in range(owe):
            slot = next((i for i, c in enumerate(s.wh) if c >= 0 and C.KIND[c] == C.BURRUNO), -1)
            if slot >= 0:
                card = s.wh[slot]
                s.wh[slot] = -1
                s.pub[card] = 1
                s.kh.append(card)
                _ev(s, "klaus_draw", source="warehouse", slot=slot, card=card, hand=len(s.kh))
            else:
                card = _pop_material(s)
                if card is None:
                    break
                s.kh.append(card)
                _ev(s, "klaus_draw", source="material_deck", card=card, secret=-1, hand=len(s.kh))
        if len(s.kh) > HAND_LIMIT:
            if not _klaus_build(s, "hand", 2):
                return
            if houses_of(s, 1) >= SOLO_KLAUS_LIMIT:
                _game_over(s)
                return
    _refill(s)
    _ev(s, "turn_end", player=0)
    if _stalled(s):
        _game_over(s)
        return
    _start_turn(s, 0)


# ---------------------------------------------------------------- scoring

def score_breakdown(s: State, seat: int, visible_only: bool = False) -> dict[str, int]:
    """The parts of a seat's score (solo: seat 1 is Klaus).

    ``visible_only`` counts only Klaus's Burruños the player can see (kept, or
    taken face up), for views during the game; at the end all count.
    """
    sc = C.SCORING[s.card]
    houses = sum(C.POINTS[h] for p in s.pans[seat] for h in p)
    pan = pans_points(s.pans[seat])
    if s.solo and seat == 1:
        hand = [c for c in s.kh if s.pub[c]] if visible_only else s.kh
        burr = sum(1 for c in hand + s.kept if C.KIND[c] == C.BURRUNO)
        return {"houses": houses, "panoramas": pan, "rubble": 0, "burrunos": burr * sc["burruno"], "hand": 0,
                "total": houses + pan + burr * sc["burruno"]}
    rub = s.rubble[seat]
    burr = sum(1 for c in rub if c < C.NUM_MATERIALS and C.KIND[c] == C.BURRUNO)
    rubble = (len(rub) - burr) * sc["rubble"]
    hand = -sum(1 for c in s.hands[seat] if c < C.NUM_MATERIALS) if s.solo else 0
    total = houses + pan + rubble + burr * sc["burruno"] + hand
    return {"houses": houses, "panoramas": pan, "rubble": rubble, "burrunos": burr * sc["burruno"], "hand": hand,
            "total": total}


def scores(s: State) -> list[int]:
    """Score of each seat now (solo: [player, Klaus])."""
    return [score_breakdown(s, i)["total"] for i in range(len(s.pans))]


def winners(s: State) -> list[int]:
    """Winning seats once over (solo: [0] or [1] for Klaus, who wins ties); empty before."""
    if s.phase != "over":
        return []
    sc = scores(s)
    if s.solo:
        return [0] if sc[0] > sc[1] else [1]
    key = [(sc[i], -houses_of(s, i), -len(s.rubble[i])) for i in range(s.n)]
    best = max(key)
    return [i for i in range(s.n) if key[i] == best]


def _game_over(s: State) -> None:
    s.phase = "over"
    s.pend = None
    _ev(s, "game_over", scores=scores(s), winners=winners(s),
        breakdown=[score_breakdown(s, i) for i in range(len(s.pans))])


_DO = {
    "keep_houses": _do_keep, "draw": _do_draw, "discard_houses": _do_discard_houses, "place": _do_place,
    "build": _do_build, "close_gap": _do_close_gap, "panorama": _do_panorama, "combo": _do_combo,
    "skip": _do_skip, "full_grid_build": _do_full_grid_build, "klaus_tie": _do_klaus_tie, "pass": _do_pass,
}
