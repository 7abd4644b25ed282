"""Shared core: the engine contract, errors, seeded randomness, JSON and search."""

from .contract import PUBLIC_SEAT, Bot, GameSpec, SteppedBot
from .errors import GameError, IllegalAction, MalformedAction, SaveFormatError
from .jsonfmt import envelope, guarded, open_envelope
from .match import GAME_MODULES, Match, Seat, load_spec
from .rng import Rng
from .search import RandomBot, SearchReport, action_key, flat_monte_carlo, ismcts, search_reports

__all__ = [
    "Bot", "GameSpec", "PUBLIC_SEAT", "SteppedBot",
    "GameError", "IllegalAction", "MalformedAction", "SaveFormatError",
    "envelope", "guarded", "open_envelope",
    "GAME_MODULES", "Match", "Seat", "load_spec",
    "Rng", "RandomBot", "SearchReport", "action_key", "flat_monte_carlo", "ismcts", "search_reports",
]
