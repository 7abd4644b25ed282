"""Neue Heimat (The Estates): auctions, building, permits, the mayor, several rounds.

The engine contract of ``docs/engine-contract.md``; the rules notes, the view,
the actions and the JSON format are in ``docs/neueheimat.md``. Files:
``state.py`` (the model and facts about a position), ``rounds.py`` (set-up,
turns, round ends, scoring), ``rules.py`` (what is legal now, per phase, and
the contract), ``actions/`` (one module per action: checks and effect),
``view.py`` (what a player sees, determinize), ``saves.py`` (JSON),
``text.py`` (words), ``bots.py`` (computer players); ``SPEC`` declares the game
(positions built by hand for tests are in ``lab/neueheimat/scenario.py``).
"""

from ..core.contract import GameCoach, GameSpec, StartOption
from .bots import BOT_NAMES, make_bot, simulation_summary
from .rounds import new_game
from .rules import apply_action, current_player, is_over, legal_actions, scores, undo_barrier, winners
from .saves import from_json, to_json
from .state import GAME_ID, MAX_PLAYERS, MIN_PLAYERS, TITLE, State
from .view import determinize, view
from .text import describe_action, describe_event



def _coach() -> GameCoach:
    from . import coach
    return coach


SPEC = GameSpec(
    game_id=GAME_ID, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, bot_names=BOT_NAMES, share_code=2,
    new_game=new_game, current_player=current_player, legal_actions=legal_actions, apply_action=apply_action,
    is_over=is_over, scores=scores, winners=winners, to_json=to_json, from_json=from_json, view=view,
    describe_action=describe_action, describe_event=describe_event, undo_barrier=undo_barrier, determinize=determinize,
    make_bot=make_bot,
    options=(StartOption("rounds", "start.rounds", (1, 2, 3), 1),),
    coach=_coach, simulation_summary=simulation_summary,
)

__all__ = [
    "GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "BOT_NAMES", "State",
    "new_game", "current_player", "legal_actions", "apply_action", "is_over", "scores", "winners",
    "to_json", "from_json", "view", "describe_action", "describe_event", "undo_barrier",
    "determinize", "make_bot", "simulation_summary", "SPEC",
]
