"""Placing a house just built into the panoramas (phase ``panorama`` when it fits more than one way), and
the combo it may trigger."""

from __future__ import annotations

from ...core.actions import Refusal
from .. import cards as C
from ..panoramas import add_to_panorama, combo_triggered, panorama_options
from ..state import Action, State, event
from ..turns import after_house
from .fields import canonical

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """The places the house may go (phase ``panorama``), as ``pending["options"]`` lists them."""
    if s.phase != "panorama":
        return []
    return list(s.pending["options"])


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    return None if a in options(s, s.seat) else ("barrio.panorama_no_fit", {})


def wrong_phase(s: State) -> Refusal:
    """A house joins the panoramas right after it is built."""
    return "barrio.panorama_no_fit", {}


def start_panorama(s: State, house: int, combo_house: bool) -> None:
    """Place a house just built: at once when it fits only one way, else ask (phase ``panorama``)."""
    opts = panorama_options(s.panoramas[s.seat], house)
    if len(opts) == 1:
        place_house(s, house, opts[0], combo_house)
    else:
        s.phase = "panorama"
        s.pending = {"house": house, "options": opts, "combo_house": combo_house}


def do(s: State, a: Action) -> None:
    """One of ``pending["options"]``: ``{"type": "panorama", "choice": ...}``."""
    place_house(s, s.pending["house"], a, s.pending["combo_house"])


def place_house(s: State, house: int, opt: Action, combo_house: bool) -> None:
    """Add ``house`` where ``opt`` says; a house that completes a combo (and is not itself the combo's house)
    offers the combo (phase ``combo``) when a house could continue it, else the turn goes on."""
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
