"""The toy game: the template of a new game's two folders (``docs/new-game.md``).

``engine/`` is what goes to ``game/<id>/`` (the engine contract and its ``SPEC``), ``screen/`` what goes to
``game/ui/<id>/`` (its table and ``ScreenSpec``). Under pytest they are registered from here
(``HOUSE_GAMES_EXTRA=toy=tests.toygame.engine:tests.toygame.screen``, ``tests/conftest.py``) so every test over
``game.GAMES`` covers a fourth game; ``tests/browser/test_newgame.py`` installs them into a copy of the product.
"""
