"""How much each soak test plays: the full sizes in the README's test command, small ones in the quick loop.

``python3 build.py test --quick`` sets ``HOUSE_GAMES_QUICK=1`` and runs every test that needs no browser, each
property and fuzz test with a few examples instead of hundreds, and a few whole-game checks on fewer games or at the
coach's test budget (each reads :data:`QUICK` or :func:`soak` where it does): the same code paths in about two
minutes, for the edit-test loop. The full run (CI) keeps the full sizes, so nothing is covered less there.
"""

from __future__ import annotations

import os

#: the quick loop's small sizes are in force
QUICK = os.environ.get("HOUSE_GAMES_QUICK", "").strip().lower() not in ("", "0", "false", "no")


def soak(full: int, quick: int) -> int:
    """``full`` examples (games, cases, seeds) in the full run, ``quick`` in the quick loop."""
    return quick if QUICK else full
