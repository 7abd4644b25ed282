"""Barrio: build houses from a shared market of materials and line them up into panoramas.

The engine for 2-4 players and the solo game against the automa Klaus, with
the contract of ``docs/engine-contract.md``; formats in ``docs/barrio.md``.
"""

from __future__ import annotations

from typing import Any

from ..core.contract import Automa, DailyChallenge, GameCoach, GameSpec, StartOption
from .bots import BOT_NAMES, make_bot
from .cards import card_info
from .rules import apply_action, current_player, is_over, legal_actions
from .saves import as_saved, from_json, to_json
from .scoring import score_breakdown, scores, winners
from .setup import new_game
from .state import State
from .text import describe_action, describe_event
from .view import determinize, undo_barrier, view

GAME_ID = "barrio"
TITLE = "Barrio"
MIN_PLAYERS = 1
MAX_PLAYERS = 4


def simulation_summary(report: dict[str, Any]) -> dict[str, Any]:
    """Extra lines for ``python -m game simulate barrio``: name the seats in solo."""
    if report.get("players") == 1:
        return {"seats": ["player (bot)", "Klaus"], "player_win_rate": report["win_rate"][0],
                "klaus_win_rate": report["win_rate"][1] if len(report["win_rate"]) > 1 else None}
    return {}


def _coach() -> GameCoach:
    from . import coach
    return coach


SOLO_LEVELS = ("A", "B", "C")

SPEC = GameSpec(
    game_id=GAME_ID, title=TITLE, min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, bot_names=BOT_NAMES, share_code=0,
    new_game=new_game, current_player=current_player, legal_actions=legal_actions, apply_action=apply_action,
    is_over=is_over, scores=scores, winners=winners, to_json=to_json, from_json=from_json, view=view,
    describe_action=describe_action, describe_event=describe_event, undo_barrier=undo_barrier, determinize=determinize,
    make_bot=make_bot,
    options=(
        StartOption("level", "start.level", SOLO_LEVELS, "A", choice_text="start.level.", players=(1, 1), beside_seats=True),
        StartOption("scoring_card", "start.scoring_card", ("A", "B", "C", "D", "E", "F"), "A", players=(2, 4), random=True),
    ),
    daily=tuple(DailyChallenge(f"barrio-{level}", 1, {"level": level}) for level in SOLO_LEVELS),
    coach=_coach, score_breakdown=score_breakdown, automa=Automa("klaus", "level", SOLO_LEVELS),
    simulation_summary=simulation_summary, as_saved=as_saved,
)

__all__ = [
    "GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "BOT_NAMES", "State",
    "new_game", "current_player", "legal_actions", "apply_action", "is_over", "scores", "winners",
    "to_json", "from_json", "view", "describe_action", "describe_event", "undo_barrier", "determinize",
    "make_bot", "card_info", "score_breakdown", "simulation_summary", "as_saved", "SPEC",
]
