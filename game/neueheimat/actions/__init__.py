"""Neue Heimat's actions, one module per action type, each with the shared contract of
:mod:`game.core.actions`: ``options(state, seat)`` (every legal action of the
type now), ``refusal(state, action)`` (why one is not legal, or ``None``) and
``do(state, action)`` (its effect, on a copy already found legal).

``options`` and ``refusal`` ask the same predicate, so they cannot disagree:
the placement rules are the ``*_refusal`` functions of ``state.py``, which the
enumerations there (``cube_targets``, ``auctionable``…) filter by and which a
refusal calls for the one move it is given. A field that cannot be read (a row
that is no number, an end other than left or right) raises ``MalformedAction``
with the engine's own key. Which phase allows which type is the one table
``RULES`` of ``rules.py``.

Modules: ``profits``, ``auction``, ``bid``, ``pass_bid`` (the type ``"pass"``),
``sell``, ``buy``, ``place``, ``mayor``, ``permit``, ``cancel``, ``discard``;
``fields`` reads a whole-number field.
"""
