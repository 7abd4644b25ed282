"""Hint latency: the figure of ``docs/coach.md`` and the bench's ``hint_ms`` and ``insight_s`` (lab code, not
shipped in the site).

``python3 -m lab.hint_latency -n 30`` prints the table; :func:`measure` is also what ``tests/bench`` runs
in the browser's Python (it sends this file's source to the worker), so it imports only ``game`` and modules
the app ships (no ``statistics``).
"""

from __future__ import annotations

import time
from typing import Any

from game.core.coaching import hint
from game.core.match import load_spec
from game.core.rng import Rng


def _median(xs: list[float]) -> float:
    xs = sorted(xs)
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2


def sample_positions(game_id: str, n: int, seed: int = 1) -> list[tuple[Any, int]]:
    """``n`` positions of real play (weak players, a fixed seed) with a choice to make, spread over games."""
    spec = load_spec(game_id)
    rng = Rng(seed, stream=21)
    players = {"barrio": 2, "nyhavn": 2, "neueheimat": 3}.get(game_id, spec.min_players)
    out: list[tuple[Any, int]] = []
    game_no = 0
    while len(out) < n:
        state = spec.new_game(players, seed * 100 + game_no)
        bots = [spec.make_bot("weak", seed + i) for i in range(players)]
        game_no += 1
        steps = 0
        while not spec.is_over(state) and len(out) < n:
            p = spec.current_player(state)
            assert p is not None  # the game is not over
            legal = spec.legal_actions(state)
            if len(legal) > 1 and rng.randrange(6) == 0:
                out.append((state, p))
            state = spec.apply_action(state, bots[p].choose(spec.view(state, p), legal))
            steps += 1
    return out


def measure(game_id: str, n: int = 20, iterations: int | None = None, seed: int = 1,
            cpu: bool = False) -> dict[str, float]:
    """Hint latency in milliseconds over ``n`` real positions: ``{"median", "p95", "max", "n"}``.

    Without ``iterations`` the coach's own fixed budget applies, as at the
    table (``game.core.coaching.coach_iterations``). For the benchmark report (``hint_ms.<game>``).
    ``cpu`` times the process's CPU instead of the wall clock: on a shared machine the wall clock
    counts other jobs' time too.
    """
    clock = time.process_time if cpu else time.perf_counter
    spec = load_spec(game_id)
    times = []
    for i, (state, p) in enumerate(sample_positions(game_id, n, seed)):
        view = spec.view(state, p)
        legal = spec.legal_actions(state)
        t0 = clock()
        hint(spec, view, p, seed + i, iterations, legal)
        times.append((clock() - t0) * 1000.0)
    times.sort()
    p95 = times[min(len(times) - 1, max(0, int(round(0.95 * len(times))) - 1))]
    return {"median": round(_median(times), 1), "p95": round(p95, 1), "max": round(times[-1], 1),
            "n": len(times)}


def insight_seconds(game_id: str, seed: int = 1, cpu: bool = False) -> dict[str, float]:
    """Seconds of the end screen's insight on one whole game of weak players (2; Neue Heimat 3), seat 0 judged at
    the coach's budget as the app asks it: ``{"seconds", "decisions"}`` (the seat's decisions with a choice).
    For the benchmark report (``insight_s.<game>``): what a player waits after tapping the insight."""
    from game.core.coaching import insight
    from game.core.match import Match, Seat
    from game.core.record import GameRecord

    clock = time.process_time if cpu else time.perf_counter
    spec = load_spec(game_id)
    players = {"neueheimat": 3}.get(game_id, 2)
    match = Match.new(game_id, players, seed, [Seat("human") for _ in range(players)])
    bots = [spec.make_bot("weak", seed + i) for i in range(players)]
    decisions = 0
    while not spec.is_over(match.state):
        p = spec.current_player(match.state)
        assert p is not None  # the game is not over
        legal = spec.legal_actions(match.state)
        decisions += p == 0 and len(legal) > 1
        match.apply(bots[p].choose(spec.view(match.state, p), legal))
    record = GameRecord.from_match(match)
    t0 = clock()
    insight(record, 0)
    return {"seconds": round(clock() - t0, 2), "decisions": decisions}


def main(argv: list[str] | None = None) -> None:
    """``python3 -m lab.hint_latency -n 30``: hint latency per game at the coach's budget (or ``--iterations N``)."""
    import argparse

    from game import PRODUCT_GAMES

    parser = argparse.ArgumentParser(prog="python3 -m lab.hint_latency", description=main.__doc__)
    parser.add_argument("-n", type=int, default=30, help="positions per game")
    parser.add_argument("--iterations", type=int, default=None, help="another fixed search budget than the coach's")
    parser.add_argument("--cpu", action="store_true", help="time the process's CPU, not the wall clock")
    parser.add_argument("--games", default=",".join(PRODUCT_GAMES))
    args = parser.parse_args(argv)
    print("| game | positions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for game_id in args.games.split(","):
        m = measure(game_id, args.n, args.iterations, cpu=args.cpu)
        print(f"| {game_id} | {m['n']} | {m['median']} | {m['p95']} | {m['max']} |")


if __name__ == "__main__":
    main()
