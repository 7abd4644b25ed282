"""The toy game's engine: a tiny contract game, and the template of a new game's ``game/<id>/`` folder.

Two players share a face-down deck of numbered cards. On a turn a player
either *peeks-and-takes* the top card (a hidden reveal: it goes to their
face-down hand), or *bumps* their visible counter by 1 or 2, then *ends* the
turn explicitly. After 6 turns (the start option ``turns``: 4, 6 or 8) the
higher counter + hand total wins.

The same file works in two places: here, registered for the tests by
``HOUSE_GAMES_EXTRA`` (``tests/conftest.py``), and copied to ``game/toy/`` by
``tests/browser/test_newgame.py``, which adds the game to a copy of the product
with its screen and one registry line (``docs/new-game.md``).
"""

from __future__ import annotations

from game.core.contract import GameSpec, StartOption

# the package's one export for the framework is SPEC: the functions stay its rules module's own (tests/test_one_shape.py)
from . import rules
from .rules import State

#: the game, declared once (``game.core.contract.GameSpec``): what the start screen, the app and the tools read
SPEC = GameSpec(
    game_id=rules.GAME_ID, title=rules.TITLE, min_players=2, max_players=2, bot_names=rules.BOT_NAMES,
    share_code=None,  # a product game takes the next free number, for good
    new_game=rules.new_game, current_player=rules.current_player, legal_actions=rules.legal_actions,
    apply_action=rules.apply_action, is_over=rules.is_over, scores=rules.scores, winners=rules.winners,
    to_json=rules.to_json, from_json=rules.from_json, view=rules.view, describe_action=rules.describe_action,
    describe_event=rules.describe_event, undo_barrier=rules.undo_barrier, determinize=rules.determinize,
    make_bot=rules.make_bot, default_bot="random",
    options=(StartOption("turns", "toy.turns", rules.TURNS, 6),),  # its label's text is registered by the screen package
)

__all__ = ["SPEC", "State"]
