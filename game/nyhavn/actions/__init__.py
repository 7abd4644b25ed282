"""Nyhavn's actions, one module per action type, each with the same three functions.

* ``options(state, seat)``: every legal action of the type now (empty in a phase that does not allow it);
* ``refusal(state, action)``: ``None`` when the action is legal now, else its catalogue key and parameters
  (``MalformedAction`` when a field cannot be read), checked with the same helpers ``options`` lists with;
* ``do(state, action)``: its effect, on a copy already found legal;

plus ``normalize(action)`` (the one spelling ``options`` lists: docks sorted, defaults filled, unknown
fields dropped) and ``not_now(state)`` (the refusal outside its phases). The modules:

* :mod:`.take` — action A, take cards from the docks (with Any Cards, Additional Card, Both Actions);
* :mod:`.discard` — down to the hand limit;
* :mod:`.build` — action B, place a tile (and the payment rules: Change of Colours, Construction Discount);
* :mod:`.pay` — choose how to pay for the placed tile;
* :mod:`.arms` — coat-of-arms actions, and scoring a placed tile (which triggers them);
* :mod:`.turn_end` — ``end_turn`` after Both Actions, refilling the docks, the end-of-game card;
* :mod:`.pass_turn` — pass when nothing else is possible;
* :mod:`.fields` — reading an action's fields, and catalogue words used in refusals.

:data:`PHASE_ACTIONS` is the one table of which types each phase allows;
:data:`game.nyhavn.rules.RULES` is built from it and these modules.
"""

from __future__ import annotations

from ..state import State

#: the action types each phase (``State.phase``) allows, in the order ``legal_actions`` lists them;
#: ``pass`` is listed only when nothing else is legal (``Rules.fallback``); ``over`` allows nothing
PHASE_ACTIONS: dict[str, tuple[str, ...]] = {
    "turn": ("take", "build", "pass"),
    "discard": ("discard",),
    "build": ("build", "end_turn"),
    "pay": ("pay",),
    "arms": ("arms",),
}


def allows(state: State, kind: str) -> bool:
    """True when the current phase of ``state`` allows actions of type ``kind``."""
    return kind in PHASE_ACTIONS.get(state.phase, ())
