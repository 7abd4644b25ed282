"""Panoramas: where a house may join, adding it, their points, and the combo's trigger."""

from __future__ import annotations

from . import cards as C
from .state import Action


def panorama_options(pans: list[list[int]], house: int) -> list[Action]:
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


def add_to_panorama(pans: list[list[int]], house: int, opt: Action) -> tuple[int, int]:
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


def panoramas_points(pans: list[list[int]]) -> int:
    """Panorama points of a set of panoramas."""
    return sum(C.panorama_points(len(p)) for p in pans)


def combo_triggered(pan: list[int], pos: int) -> bool:
    """True when the house at ``pos`` of ``pan`` completes three consecutive equal or all-different icons."""
    for start in range(pos - 2, pos + 1):
        if start < 0 or start + 3 > len(pan):
            continue
        icons = {C.ICON[h] for h in pan[start:start + 3]}
        if len(icons) in (1, 3):
            return True
    return False
