"""Klaus's tie (phase ``klaus_tie``, solo): the player chooses which of the tied houses Klaus takes."""

from __future__ import annotations

from ...core.actions import Refusal
from ..klaus import klaus_take
from ..setup import after_klaus_setup
from ..state import SOLO_KLAUS_LIMIT, Action, State, houses_of
from ..turns import game_over, solo_after_player
from .fields import canonical

normalize = canonical


def options(s: State, seat: int) -> list[Action]:
    """One action per tied house (phase ``klaus_tie``)."""
    if s.phase != "klaus_tie":
        return []
    return [{"type": "klaus_tie", "house": h} for h in s.pending["options"]]


def refusal(s: State, a: Action) -> Refusal | None:
    """``None`` for one of the options, else why not."""
    return None if a in options(s, s.seat) else ("barrio.klaus_tie_option", {})


def wrong_phase(s: State) -> Refusal:
    """Klaus's ties are settled when he builds."""
    return "barrio.klaus_tie_option", {}


def do(s: State, a: Action) -> None:
    """``{"type": "klaus_tie", "house": id}``; the game goes on where the tie stopped it (setup or a turn)."""
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
