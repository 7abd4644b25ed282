"""The browser front end (the only code that talks to the page; see ``game/ui/README.md``).

``app`` (shell, start and end screens), ``screen`` (``GameScreen`` base and the
generic ``FallbackScreen``), ``canvas`` (DPR-aware batched canvas with real
buttons over its targets), ``dom`` (DOM helpers), ``storage`` (autosave and
settings), ``catalog`` (which games are available). Every text comes from
:func:`game.core.locale.text`. ``storage``, ``catalog`` and ``canvas.DrawList`` run under
CPython too; the rest imports Pyodide's ``js``.
"""
