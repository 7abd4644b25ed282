"""Barrio's actions, one module per action type: its legal options now, its refusals and its effect.

* :mod:`.keep_houses` — keep dealt houses before the first turn;
* :mod:`.draw` — draw a card (the turn's draws, the top-up to three);
* :mod:`.discard_houses` — discard houses at the start of a turn and draw as many;
* :mod:`.place` — place a material into the common market (and the 5x5 stretch rule);
* :mod:`.build` — build a house from a line of the market;
* :mod:`.close_gap` — choose how the market closes the gap a build left;
* :mod:`.panorama` — choose where a house joins the panoramas (``start_panorama`` places it when only one way fits);
* :mod:`.combo` — the combo's extra house, and :mod:`.skip` to decline it (or a full grid's free build);
* :mod:`.full_grid_build` — the free build of a full 5x5 market;
* :mod:`.klaus_tie` — choose Klaus's house on a tie (solo);
* :mod:`.pass_turn` — pass, only when nothing else is legal (a :class:`~.pass_turn.Pass` made by the rules);
* :mod:`.fields` — reading an action's fields in the engine's spelling.

Each module has the contract of :mod:`game.core.actions`: ``options(state,
seat)`` (its legal actions now, empty outside the phases that allow it),
``refusal(state, action)`` (``None`` exactly for one of those options, else
why not: a catalogue key and parameters) and ``do(state, action)`` (its
effect on a copy already found legal); and Barrio's ``normalize(action)`` (the
engine's spelling, :mod:`.fields`) and ``wrong_phase(state)`` (why it is
refused in a phase of a turn that does not allow it).
:data:`game.barrio.rules.RULES` says which actions each phase allows.
"""
