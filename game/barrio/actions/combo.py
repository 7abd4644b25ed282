"""The combo (phase ``combo``): once per game, a house that continues the panorama just completed joins it
for free (solo: from the house market). :mod:`.skip` declines it."""

from __future__ import annotations

from ...core.actions import Refusal
from ..state import Action, State, event
from ..turns import after_house
from .fields import canonical

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """The houses and ends ``pending["options"]`` offers (phase ``combo``)."""
    if s.phase != "combo":
        return []
    return [{"type": "combo", "house": h, "end": e} for h, e in s.pending["options"]]


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    return None if a in options(s, s.seat) else ("barrio.combo_must_continue", {})


def wrong_phase(s: State) -> Refusal:
    """The combo is offered right after a house completes one."""
    return "barrio.combo_must_continue", {}


def do(s: State, a: Action) -> None:
    """``{"type": "combo", "house": id, "end": "left"|"right"}``."""
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
