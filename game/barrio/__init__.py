"""Barrio: build houses from a shared market of materials and line them up into panoramas.

The engine for 2-4 players and the solo game against the automa Klaus, with
the contract of ``docs/engine-contract.md``; formats in ``docs/barrio.md``.
"""

from __future__ import annotations

from typing import Any

# The package's one export for the framework is SPEC: the functions are imported as their modules' attributes, so
# no second copy of the contract's names lives here (tests/test_one_shape.py).
from ..core.contract import Automa, DailyChallenge, GameCoach, GameSpec, StartOption
from . import bots, rules, saves, scoring, setup, text
from . import view as views
from .cards import SCORING, card_info
from .state import State


def _simulation_summary(report: dict[str, Any]) -> dict[str, Any]:
    """Extra lines for ``python -m game simulate barrio``: name the seats in solo."""
    if report.get("players") == 1:
        return {"seats": ["player (bot)", "Klaus"], "player_win_rate": report["win_rate"][0],
                "klaus_win_rate": report["win_rate"][1] if len(report["win_rate"]) > 1 else None}
    return {}


def _coach() -> GameCoach:
    from . import coach
    return coach


SOLO_LEVELS = ("A", "B", "C")


def _points(value: int) -> str:
    """A scoring card's value as the card prints it: "+1", "−2", "0"."""
    return f"{value:+d}".replace("-", "−") if value else "0"


#: each scoring card with its rubble and Burruño values, from the card data (start screen: "A · rubble −1 · …")
_SCORING_CARD = StartOption(
    "scoring_card", "start.scoring_card", tuple(SCORING), "A", players=(2, 4), random=True,
    choice_format="start.scoring_card.choice",
    choice_values=tuple({"card": card, "rubble": _points(v["rubble"]), "burruno": _points(v["burruno"])}
                        for card, v in SCORING.items()))
#: who plays the first turn (the rulebook: whoever used a pencil last); old games without it began with seat 0
_FIRST_PLAYER = StartOption("first_player", "start.first_player", (0, 1, 2, 3), 0, players=(2, 4), random=True,
                           seat_choices=True, choice_format="start.seat",
                           choice_values=tuple({"n": seat + 1} for seat in range(4)))

SPEC = GameSpec(
    game_id="barrio", title="Barrio", min_players=1, max_players=4, bot_names=bots.BOT_NAMES, share_code=0,
    new_game=setup.new_game, current_player=rules.current_player, legal_actions=rules.legal_actions,
    apply_action=rules.apply_action, is_over=rules.is_over, scores=scoring.scores, winners=scoring.winners,
    to_json=saves.to_json, from_json=saves.from_json, view=views.view, describe_action=text.describe_action,
    describe_event=text.describe_event, undo_barrier=views.undo_barrier, determinize=views.determinize,
    make_bot=bots.make_bot,
    options=(
        StartOption("level", "start.level", SOLO_LEVELS, "A", choice_text="start.level.", players=(1, 1), beside_seats=True),
        _SCORING_CARD,
        _FIRST_PLAYER,
    ),
    daily=tuple(DailyChallenge(f"barrio-{level}", 1, {"level": level}) for level in SOLO_LEVELS),
    coach=_coach, score_breakdown=scoring.score_breakdown, automa=Automa("klaus", "level", SOLO_LEVELS),
    simulation_summary=_simulation_summary, as_saved=saves.as_saved,
)

__all__ = ["SPEC", "State", "card_info"]
