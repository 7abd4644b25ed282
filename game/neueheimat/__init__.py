"""Neue Heimat (The Estates): auctions, building, permits, the mayor, several rounds.

The engine contract of ``docs/engine-contract.md``; the rules notes, the view,
the actions and the JSON format are in ``docs/neueheimat.md``. Files:
``state.py`` (the model and facts about a position), ``rounds.py`` (set-up,
turns, round ends, scoring), ``rules.py`` (what is legal now, per phase, and
the contract), ``actions/`` (one module per action: checks and effect),
``view.py`` (what a player sees, determinize), ``saves.py`` (JSON),
``text.py`` (words), ``bots.py`` (computer players; ``log_reading.py`` and
``row_facts.py`` what the strong one reads); ``SPEC`` declares the game
(positions built by hand for tests are in ``lab/neueheimat/scenario.py``).
"""

# The package's one export for the framework is SPEC (tests/test_one_shape.py).
from ..core.contract import GameCoach, GameSpec, StartOption
from . import bots, rounds, rules, saves, state, text
from . import view as views
from .state import State


def _coach() -> GameCoach:
    from . import coach
    return coach


SPEC = GameSpec(
    game_id=state.GAME_ID, title=state.TITLE, min_players=state.MIN_PLAYERS, max_players=state.MAX_PLAYERS,
    bot_names=bots.BOT_NAMES, share_code=2,
    new_game=rounds.new_game, current_player=rules.current_player, legal_actions=rules.legal_actions,
    apply_action=rules.apply_action, is_over=rules.is_over, scores=rules.scores, winners=rules.winners,
    to_json=saves.to_json, from_json=saves.from_json, view=views.view, describe_action=text.describe_action,
    describe_event=text.describe_event, undo_barrier=rules.undo_barrier, determinize=views.determinize,
    make_bot=bots.make_bot,
    # the players agree on any number of rounds (rulebook); the engine takes 1 to MAX_ROUNDS
    options=(StartOption("rounds", "start.rounds", tuple(range(1, state.MAX_ROUNDS + 1)), 1),),
    coach=_coach, simulation_summary=bots.simulation_summary,
)

__all__ = ["SPEC", "State"]
