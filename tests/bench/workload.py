"""The Python side of the benchmarks: the same code runs in CPython and in Pyodide.

``run.py`` imports this module under CPython and sends its source into the
browser page, where it is executed in the app's own Pyodide interpreter
(``exec`` with a fresh namespace), so both interpreters do *exactly* the same
work: the same games from the same seeds, the same positions to decide.
Standard library and the ``game`` package only, and only the parts the app itself imports (the site's
``python_stdlib.zip`` is cut to those: no ``statistics`` here).
"""

from __future__ import annotations

import time
from typing import Any

#: Random playouts per game for the speed comparison: about half a second of CPython each.
PLAYOUT_GAMES = {"barrio": 6, "nyhavn": 100, "neueheimat": 100}
#: Players in the playouts and decision positions (every game allows 2).
PLAYERS = 2


def _spec(game_id: str) -> Any:
    from game.core import load_spec

    return load_spec(game_id)


def summary(ms: list[float]) -> dict[str, float] | None:
    """``{"median", "p95", "n"}`` of a list of milliseconds (None when empty)."""
    if not ms:
        return None
    ordered = sorted(ms)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    mid = len(ordered) // 2
    median = ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
    return {"median": round(median, 3), "p95": round(p95, 3), "n": len(ordered)}


def playouts(game_id: str, games: int | None = None, seed: int = 1) -> dict[str, Any]:
    """Play ``games`` whole random 2-player games (uniform over legal actions); games and applied actions per second."""
    from game.core import Rng

    spec = _spec(game_id)
    games = games or PLAYOUT_GAMES.get(game_id, 20)
    rng = Rng(seed)
    actions = 0
    t0 = time.perf_counter()
    for _ in range(games):
        state = spec.new_game(PLAYERS, rng.next_u32())
        while not spec.is_over(state):
            legal = spec.legal_actions(state)
            state = spec.apply_action(state, legal[rng.randrange(len(legal))])
            actions += 1
    seconds = time.perf_counter() - t0
    return {"games": games, "actions": actions, "seconds": round(seconds, 4), "per_s": round(games / seconds, 3),
            "actions_per_s": round(actions / seconds, 1)}


def positions(game_id: str, count: int, seed: int = 11, players: int | None = None, **options: Any) -> list[Any]:
    """``count`` states spread evenly over one game of ``players`` (default 2; 1 with a solo ``level``) played by
    the weakest bot (decision points only)."""
    spec = _spec(game_id)
    if players is None:
        players = 1 if options.get("level") else PLAYERS
    state = spec.new_game(players, seed, **options)
    bot = spec.make_bot(spec.bot_names[0], seed)
    seen = []
    while not spec.is_over(state):
        seen.append(state)
        seat = spec.current_player(state)
        state = spec.apply_action(state, bot.choose(spec.view(state, seat), spec.legal_actions(state)))
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def decisions(game_id: str, strength: str, count: int = 30, budget_s: float = 4.0, seed: int = 11,
              players: int | None = None) -> dict[str, Any] | None:
    """Milliseconds for ``make_bot(strength).choose(view, legal)`` at up to ``count`` spread positions of a game of
    ``players`` (default 2), every third one first (so an early stop still covers the opening, middle and end).

    Stops early after ``budget_s`` seconds (at least 5 decisions), so a slow
    searching bot bounds the run time; ``n`` says how many were timed.
    """
    spec = _spec(game_id)
    ms: list[float] = []
    t_start = time.perf_counter()
    spread = positions(game_id, count, seed, players)
    # every third position first, then the ones between: a budget that stops early still samples the whole game
    # (in order, a slow player was timed on the opening only: Barrio's hard level is cheapest there)
    order = [i for start in range(3) for i in range(start, len(spread), 3)]
    for i in order:
        state = spread[i]
        seat = spec.current_player(state)
        bot = spec.make_bot(strength, seed + i)  # a fresh bot: no state carried between positions
        view, legal = spec.view(state, seat), spec.legal_actions(state)
        t0 = time.perf_counter()
        bot.choose(view, legal)
        ms.append((time.perf_counter() - t0) * 1000)
        if len(ms) >= 5 and time.perf_counter() - t_start > budget_s:
            break
    return summary(ms)


def klaus_turns(count: int = 30, seed: int = 11, level: str = "A") -> dict[str, Any] | None:
    """Milliseconds of Klaus's turn in solo Barrio.

    Klaus has no decision call: the engine plays his whole turn inside the
    ``apply_action`` that ends the player's turn. So this times every
    ``apply_action`` of a solo game (player: the weak bot) whose new log
    events include Klaus's, which is what the player waits for.
    """
    spec = _spec("barrio")
    bot = spec.make_bot(spec.bot_names[0], seed)
    ms: list[float] = []
    for game in range(3):  # a solo game has only a dozen or so of Klaus's turns
        state = spec.new_game(1, seed + game, level=level)
        while not spec.is_over(state) and len(ms) < count:
            action = bot.choose(spec.view(state, 0), spec.legal_actions(state))
            before = len(state.log)
            t0 = time.perf_counter()
            after = spec.apply_action(state, action)
            elapsed = (time.perf_counter() - t0) * 1000
            if any(str(e.get("type", "")).startswith("klaus") for e in after.log[before:]):
                ms.append(elapsed)
            state = after
    return summary(ms)


def decision_table(games: list[str], count: int = 30, budget_s: float = 4.0) -> dict[str, Any]:
    """``{game: {strength: summary}}`` for every bot strength of every game at 2 players, plus Barrio's ``klaus``,
    and ``strong@<n>p``/``hard@<n>p``: the searching levels at the game's most players, where a search plays out
    every rival's turns (the hard goal holds at every table size; Barrio's strong compares more moves there)."""
    out: dict[str, Any] = {}
    for game_id in games:
        try:
            spec = _spec(game_id)
        except Exception:  # an engine not built yet
            out[game_id] = None
            continue
        row: dict[str, Any] = {}
        if game_id == "barrio":
            row["klaus"] = klaus_turns(count)
        for strength in spec.bot_names:
            row[strength] = decisions(game_id, strength, count, budget_s)
        for strength in ("strong", "hard"):
            if strength in spec.bot_names and spec.max_players > PLAYERS:
                row[f"{strength}@{spec.max_players}p"] = decisions(game_id, strength, count, budget_s,
                                                                   players=spec.max_players)
        out[game_id] = row
    return out


def playout_table(games: list[str]) -> dict[str, Any]:
    """``{game: playouts(game)}`` (None for a game that does not import)."""
    out: dict[str, Any] = {}
    for game_id in games:
        try:
            out[game_id] = playouts(game_id)
        except ImportError:
            out[game_id] = None
    return out
