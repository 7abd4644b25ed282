"""Klaus, the solo automa: which market house he builds and what happens to his cards."""

from __future__ import annotations

from . import cards as C
from .panoramas import add_to_panorama, panorama_options, panoramas_points
from .state import Action, State, event


def klaus_candidates(s: State) -> list[int]:
    """The market houses Klaus would build now, by his priority (several = the player breaks the tie)."""
    market = [h for h in s.house_market if h >= 0]
    if not market:
        return []
    pans = s.panoramas[1]
    base = panoramas_points(pans)
    value = {}
    longest_hit = {}
    longest = max((len(p) for p in pans), default=0)
    for h in market:
        best, hit = -1, False
        for opt in panorama_options(pans, h):
            trial = [q[:] for q in pans]
            i, _ = add_to_panorama(trial, h, opt)
            gain = C.POINTS[h] + panoramas_points(trial) - base
            touches = opt["choice"] != "new" and continues_longest(pans, opt, longest)
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


def continues_longest(pans: list[list[int]], opt: Action, longest: int) -> bool:
    """True when the panorama choice ``opt`` extends one of Klaus's longest panoramas."""
    idx = [opt["panorama"]] if "panorama" in opt else [opt["left"], opt["right"]]
    return any(len(pans[i]) == longest for i in idx)


def klaus_best_spot(pans: list[list[int]], h: int) -> Action:
    """Where Klaus puts house ``h``: the spot adding most panorama points, his longest panorama on a tie."""
    base = panoramas_points(pans)
    longest = max((len(p) for p in pans), default=0)
    best, best_key = None, None
    for opt in panorama_options(pans, h):
        trial = [q[:] for q in pans]
        add_to_panorama(trial, h, opt)
        key = (panoramas_points(trial) - base, opt["choice"] != "new" and continues_longest(pans, opt, longest))
        if best_key is None or key > best_key:
            best, best_key = opt, key
    assert best is not None  # a house always has a spot: a new panorama at least
    return best


def klaus_take(s: State, house: int, reason: str) -> None:
    """Klaus builds ``house`` from the market into his best panorama spot."""
    s.house_market[s.house_market.index(house)] = -1
    pans = s.panoramas[1]
    before = panoramas_points(pans)
    opt = klaus_best_spot(pans, house)
    add_to_panorama(pans, house, opt)
    gain = C.POINTS[house] + panoramas_points(pans) - before
    event(s, "klaus_build", house=house, points=C.POINTS[house], gain=gain, reason=reason, choice=opt["choice"],
        panoramas=[q[:] for q in pans])
    if reason == "hand":
        keep = [c for c in s.klaus_hand if C.KIND[c] == C.BURRUNO]
        drop = [c for c in s.klaus_hand if C.KIND[c] != C.BURRUNO]
        s.material_discard.extend(drop)
        s.klaus_kept.extend(keep)
        for c in s.klaus_hand:
            s.public[c] = 0
        s.klaus_hand = []
        event(s, "klaus_discard", cards=drop, kept=keep)


def klaus_build(s: State, reason: str, resume: int) -> bool:
    """Klaus builds by his priority; False when a tie waits for the player's choice."""
    cands = klaus_candidates(s)
    if not cands:
        return True
    if len(cands) > 1:
        s.phase = "klaus_tie"
        s.pending = {"options": cands, "reason": reason, "resume": resume}
        event(s, "klaus_tie", options=cands)
        return False
    klaus_take(s, cands[0], reason)
    return True
