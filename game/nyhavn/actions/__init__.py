"""Nyhavn's actions, one module per action: its checks (refusals) and its effect.

* :mod:`.take` — action A, take cards from the docks (with Any Cards, Additional Card, Both Actions);
* :mod:`.discard` — down to the hand limit;
* :mod:`.build` — action B, place a tile, and ``pay`` for it (Change of Colours, Construction Discount);
* :mod:`.arms` — coat-of-arms actions, and scoring a placed tile (which triggers them);
* :mod:`.turn_end` — ``end_turn`` after Both Actions, refilling the docks, the end-of-game card;
* :mod:`.pass_turn` — pass when nothing else is possible;
* :mod:`.fields` — reading an action's fields, and catalogue words used in refusals.

Each ``do(state, action)`` changes a fresh copy of the state in place or raises
:class:`~game.core.IllegalAction` before changing anything.
:mod:`game.nyhavn.rules` dispatches to them.
"""
