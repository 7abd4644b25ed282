"""Shared steps of the replay, share, daily and statistics browser tests.

``finish_solo_game`` puts a Barrio solo game one move from its end into the
page's autosave (played under CPython by the first legal action each step),
resumes it in the list screen (``?ui=list``) and makes the last move, so the
app itself finishes the game: the end screen, the record book and the link
all come from the app.
"""

from __future__ import annotations

from typing import Any

from game.core import Match, Seat

from .conftest import resume_match

QUICK = "?pause=0"


def almost_finished(seed: int = 5, level: str = "A") -> Match:
    """A Barrio solo match played by the first legal action until one move is left."""
    match = Match.new("barrio", 1, seed, [Seat("human")], level=level)
    spec = match.spec
    while True:
        legal = spec.legal_actions(match.state)
        if spec.is_over(spec.apply_action(match.state, legal[0])):
            return match
        match.apply(legal[0])


def finished(seed: int = 5, level: str = "A") -> Match:
    """The game ``finish_solo_game`` ends up with."""
    match = almost_finished(seed, level)
    match.apply(match.spec.legal_actions(match.state)[0])
    return match


def finish_solo_game(page: Any, open_app: Any, seed: int = 5) -> Match:
    """Finish the game of ``seed`` in the app (last move tapped); return the engine's copy of it."""
    resume_match(page, open_app, almost_finished(seed), QUICK + "&ui=list")
    page.locator("#legal-actions button").first.tap()  # legal_actions(...)[0], as above
    page.locator("#end-screen").wait_for()
    return finished(seed)


def table_scores(page: Any, table: str = "#scores") -> list[int]:
    """The numbers in a scores table."""
    return [int(x) for x in page.locator(f"{table} td.num").all_inner_texts()]


def storage(page: Any) -> dict[str, str]:
    """This app's stored data (its database's tables, as stored; the settings excepted): every non-empty table."""
    data = page.evaluate("houseGames.dump()")
    return {name: rows for name, rows in data.items() if rows}
