"""Neue Heimat (The Estates): auctions, building, permits, the mayor, several rounds.

The engine contract of ``docs/engine-contract.md``; the rules notes, the view,
the actions and the JSON format are in ``docs/neueheimat.md``.
"""

from .bots import BOT_NAMES, make_bot, simulation_summary
from .rules import (
    GAME_ID, MAX_PLAYERS, MIN_PLAYERS, TITLE, State, apply_action, current_player, is_over,
    legal_actions, new_game, scores, undo_barrier, winners,
)
from .saves import determinize, from_json, to_json, view
from .text import describe_action, describe_event

__all__ = [
    "GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "BOT_NAMES", "State",
    "new_game", "current_player", "legal_actions", "apply_action", "is_over", "scores", "winners",
    "to_json", "from_json", "view", "describe_action", "describe_event", "undo_barrier",
    "determinize", "make_bot", "simulation_summary",
]
