"""Rows and records of the record book for its tests: a solo record, an export of rows."""

from __future__ import annotations

import json

from game.core.record import GameRecord
from game.ui import record_book as R

from .recorded_games import one_human, play_match


def solo_record(seed, level="A", day=0, daily_key=""):
    match = play_match("barrio", 1, seed, one_human(1), **({"level": level}))
    return GameRecord.from_match(match, finished=f"2025-01-{1 + day % 28:02d}T{(day // 28) % 24:02d}:00:00Z", daily=daily_key)


def export_of(rows, games=(), daily_map=None):
    return json.dumps({"format": R.RECORDS_FORMAT, "version": R.RECORDS_VERSION, "games": list(games),
                       "results": rows, "daily": daily_map or {}})
