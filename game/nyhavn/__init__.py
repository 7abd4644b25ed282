"""Nyhavn (published in English as *Copenhagen*): build a harbour house facade from coloured tiles.

The engine follows ``shared/spec/nyhavn.md`` under the common engine contract
(``docs/engine-contract.md``); placement checks use the precomputed table
``assets/placements.bin`` (:mod:`game.nyhavn.table`). Rules notes, the
action and JSON formats and the table's binary format are in ``docs/nyhavn.md``.

Modules: :mod:`.state` (the model, set-up, house geometry), :mod:`.rules`
(what each phase allows, dispatch), :mod:`.actions` (one module per action:
its checks and effect), :mod:`.view` (what a player sees, determinization),
:mod:`.saves` (JSON), :mod:`.text` (log lines), :mod:`.bots` (computer
players), :mod:`.tiles` and :mod:`.table` (components and the placement table).
"""

from __future__ import annotations

from .actions.build import build_options, payment_options
from .bots import make_bot
from .rules import apply_action, current_player, is_over, legal_actions, scores, undo_barrier, winners
from .saves import from_json, to_json
from .state import (
    State, adjacent_same_colour, empty_spaces, legal_anchors, new_game, placement_problem, placement_refusal,
    tile_orientations,
)
from .text import describe_action, describe_event
from .view import determinize, view
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
    "make_bot", "placement_problem", "placement_refusal", "legal_anchors", "tile_orientations", "build_options", "payment_options",
    "adjacent_same_colour", "empty_spaces", "ABILITIES", "COLOURS", "KINDS",
]
