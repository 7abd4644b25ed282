"""Nyhavn (published in English as *Copenhagen*): build a harbour house facade from coloured tiles.

The engine follows ``shared/spec/nyhavn.md`` under the common engine contract
(``docs/engine-contract.md``); placement checks use the precomputed table
``assets/placements.bin`` (:mod:`game.nyhavn.table`). Rules notes, the
action and JSON formats and the table's binary format are in ``docs/nyhavn.md``.
"""

from __future__ import annotations

from .bots import make_bot
from .engine import (
    State, adjacent_same_colour, apply_action, build_options, current_player, empty_spaces, is_over,
    legal_actions, legal_anchors, new_game, payment_options, placement_problem, scores, tile_orientations,
    undo_barrier, winners,
)
from .state_io import determinize, from_json, to_json, view
from .text import describe_action, describe_event
from .tiles import ABILITIES, COLOURS, KINDS

GAME_ID = "nyhavn"
TITLE = "Nyhavn"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
BOT_NAMES = ("weak", "strong")

__all__ = [
    "GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "BOT_NAMES", "State",
    "new_game", "current_player", "legal_actions", "apply_action", "is_over", "scores", "winners",
    "to_json", "from_json", "view", "describe_action", "describe_event", "undo_barrier", "determinize",
    "make_bot", "placement_problem", "legal_anchors", "tile_orientations", "build_options", "payment_options",
    "adjacent_same_colour", "empty_spaces", "ABILITIES", "COLOURS", "KINDS",
]
