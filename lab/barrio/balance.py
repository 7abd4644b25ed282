"""Reproduce the figures of docs/barrio.md: ``python -m lab.barrio.balance duel|v1|solo -n N --iterations K``.

``duel``: the strong player against weak ones (``-p`` players, the strong seat
rotating game by game, seeds 5000+); ``v1``: the strong player against its
former self (``strong-v1``, :mod:`lab.barrio.bots_v1`, budget ``--v1-iterations``) in 2-player
games, seats alternating (seeds 6000+); ``solo``: a bot against Klaus at each
level (seeds 7000+); ``speed``: CPU actions/s of random play over ``-n`` games and
the strong player's playouts/s; ``rounds``: the rounds the strong player completes per decision on a
clock (``--budget``, default its former 40 ms, counted in CPU time), strong against weak (``-p``). ``--iterations`` sets the strong player's rounds per
decision (default the app's, ``game.barrio.bots.STRONG_ROUNDS``), so the same command gives the same games on any
machine; ``--budget`` puts the strong players on a clock instead (not reproducible). Slow: run with ``nice``.
Decision times are CPU milliseconds of this process (``time.process_time``), so
other jobs on the machine do not inflate them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any, Sequence
from unittest import mock

from game.core import Rng


def _bot(name: str, seed: int, iterations: int | None) -> Any:
    """The app's players by name, and ``strong-v1``: the frozen former strong player (:mod:`lab.barrio.bots_v1`)."""
    from game.barrio.bots import make_bot
    if name == "strong-v1":
        from . import bots_v1
        return bots_v1.StrongBot(seed, iterations=iterations)
    if iterations is not None and name.startswith("strong"):
        return make_bot(name, seed, iterations=iterations)
    return make_bot(name, seed)


def play(players: int, seed: int, seats: list[str], budgets: dict[str, int | None], **options: Any) -> tuple[list[int], list[int], dict[int, list[float]]]:
    """One game, seat ``i`` played by ``seats[i]``: (scores, winners, CPU ms per decision by seat)."""
    import game.barrio as B
    rng = Rng(seed, stream=7)
    state = B.SPEC.new_game(players, seed, **options)
    bots = [_bot(name, rng.next_u32(), budgets.get(name)) for name in seats]
    ms: dict[int, list[float]] = {i: [] for i in range(len(bots))}
    while not B.SPEC.is_over(state):
        seat = B.SPEC.current_player(state)
        assert seat is not None  # the game is not over
        legal = B.SPEC.legal_actions(state)
        t0 = time.process_time()
        action = bots[seat].choose(B.SPEC.view(state, seat), legal)
        ms[seat].append((time.process_time() - t0) * 1000)
        state = B.SPEC.apply_action(state, action)
    return B.SPEC.scores(state), B.SPEC.winners(state), ms


def _time_budget(seconds: float) -> None:
    """Give every strong player made from now on this search time per decision (the old figures' ``--budget``),
    on the clock: no fixed rounds."""
    from game.barrio import bots
    from . import bots_v1
    for cls in (bots.StrongBot, bots_v1.StrongBot):
        defaults = cls.__init__.__defaults__
        assert defaults is not None  # seed, time_limit_s, width, iterations: all with defaults
        cls.__init__.__defaults__ = (0, seconds) + defaults[2:-1] + (None,)


def _median(xs: list[float]) -> float:
    return round(statistics.median(xs), 2) if xs else 0.0


def match(hero: str, other: str, players: int, games: int, first_seed: int, budgets: dict[str, int | None],
          progress: bool = False) -> dict[str, Any]:
    """``hero`` in one seat (rotating), ``other`` in the rest: the hero's win rate (ties shared) and decision times."""
    won = 0.0
    hero_ms: list[float] = []
    other_ms: list[float] = []
    margin = 0
    for g in range(games):
        seat = g % players
        seats = [hero if i == seat else other for i in range(players)]
        scores, winners, ms = play(players, first_seed + g, seats, budgets)
        if seat in winners:
            won += 1 / len(winners)
        margin += scores[seat] - max(s for i, s in enumerate(scores) if i != seat)
        hero_ms += ms[seat]
        other_ms += [x for i in range(players) if i != seat for x in ms[i]]
        if progress:
            print(f"{g + 1} games: {hero} won {won:g} ({won / (g + 1):.3f})", file=sys.stderr, flush=True)
    return {"games": games, "players": players, "hero": hero, "other": other, "hero_win_rate": round(won / games, 4),
            "mean_margin": round(margin / games, 2), "hero_decision_ms_median": _median(hero_ms),
            "hero_decision_ms_mean": round(statistics.mean(hero_ms), 2) if hero_ms else 0.0,
            "other_decision_ms_median": _median(other_ms),
            "other_decision_ms_mean": round(statistics.mean(other_ms), 2) if other_ms else 0.0,
            "budgets": {k: v for k, v in budgets.items() if v is not None}}


def solo(games: int, bot: str, budgets: dict[str, int | None], levels: str = "BAC", first_seed: int = 7000) -> dict[str, Any]:
    """The given bot against Klaus at each level: win rate and mean scores."""
    out: dict[str, Any] = {}
    for level in levels:
        won, pts, klaus = 0, 0, 0
        ms: list[float] = []
        for g in range(games):
            scores, winners, times = play(1, first_seed + g, [bot], budgets, level=level)
            won += 0 in winners
            pts += scores[0]
            klaus += scores[1]
            ms += times[0]
        out[level] = {"games": games, "win_rate": round(won / games, 4), "mean_player": round(pts / games, 1),
                      "mean_klaus": round(klaus / games, 1), "decision_ms_median": _median(ms)}
    return out


def speed(games: int, iterations: int = 10, decisions: int = 20) -> dict[str, Any]:
    """CPU speed: random 2-player play (seeds from Rng(1)) and the strong player's playouts at spread positions."""
    import game.barrio as B
    from game.barrio import bots
    rng = Rng(1)
    actions = 0
    t0 = time.process_time()
    for _ in range(games):
        state = B.SPEC.new_game(2, rng.next_u32())
        while not B.SPEC.is_over(state):
            legal = B.SPEC.legal_actions(state)
            state = B.SPEC.apply_action(state, legal[rng.randrange(len(legal))])
            actions += 1
    random_s = time.process_time() - t0
    state, weak, seen = B.SPEC.new_game(2, 11), B.SPEC.make_bot("weak", 11), []
    while not B.SPEC.is_over(state):
        seen.append(state)
        seat = B.SPEC.current_player(state)
        assert seat is not None  # the game is not over
        state = B.SPEC.apply_action(state, weak.choose(B.SPEC.view(state, seat), B.SPEC.legal_actions(state)))
    positions = seen[::max(1, len(seen) // decisions)][:decisions]
    calls = [0]
    from game.core.search import flat_monte_carlo_steps as original  # the search bots.flat_search calls by that name

    def counting(cands: Any, deal: Any, play_out: Any, *rest: Any, **kw: Any) -> Any:
        def counted(*a: Any) -> Any:
            calls[0] += 1
            return play_out(*a)
        return original(cands, deal, counted, *rest, **kw)
    counting_playouts = mock.patch.object(bots, "flat_monte_carlo_steps", counting)
    counting_playouts.start()
    try:
        t0 = time.process_time()
        for i, state in enumerate(positions):
            seat = B.SPEC.current_player(state)
            assert seat is not None  # a position before the end
            B.SPEC.make_bot("strong", 11 + i, iterations=iterations).choose(B.SPEC.view(state, seat), B.SPEC.legal_actions(state))
        search_s = time.process_time() - t0
    finally:
        counting_playouts.stop()
    return {"random_games": games, "random_actions": actions, "random_actions_per_s": round(actions / random_s, 1),
            "random_games_per_s": round(games / random_s, 3), "strong_playouts": calls[0],
            "strong_playouts_per_s": round(calls[0] / search_s, 1)}


def rounds(games: int, players: int, budget_s: float, first_seed: int = 300) -> dict[str, Any]:
    """Rounds (deals) the strong player completes per decision on a clock budget (``budget_s``), the search clock
    switched to CPU time so other jobs on the machine do not count: strong against weak, seats rotating."""
    import game.barrio as B
    from game.barrio.bots import StrongBot
    from game.core import search
    # the search reads time.perf_counter at each call: CPU time in its place for this measurement
    cpu_clock = mock.patch.object(time, "perf_counter", time.process_time)
    cpu_clock.start()
    done: list[int] = []
    ms: list[float] = []
    try:
        for g in range(games):
            hero = g % players
            state = B.SPEC.new_game(players, first_seed + g)
            bots = [B.SPEC.make_bot("strong" if i == hero else "weak", g * 10 + i) for i in range(players)]
            hero_bot = bots[hero] if hero < len(bots) else None
            if isinstance(hero_bot, StrongBot):  # make_bot("strong"): its budget is not part of the Bot protocol
                hero_bot.time_limit_s, hero_bot.iterations = budget_s, None
            while not B.SPEC.is_over(state):
                seat = B.SPEC.current_player(state)
                assert seat is not None  # the game is not over
                legal = B.SPEC.legal_actions(state)
                if seat != hero:
                    state = B.SPEC.apply_action(state, bots[seat].choose(B.SPEC.view(state, seat), legal))
                    continue
                with search.search_reports() as found:
                    t0 = time.process_time()
                    action = bots[seat].choose(B.SPEC.view(state, seat), legal)
                    ms.append((time.process_time() - t0) * 1000)
                done += [max(r.counts) for r in found]
                state = B.SPEC.apply_action(state, action)
    finally:
        cpu_clock.stop()
    return {"games": games, "players": players, "budget_ms": round(budget_s * 1000, 1), "searches": len(done),
            "rounds_median": statistics.median(done) if done else 0, "rounds_mean": round(statistics.mean(done), 1) if done else 0,
            "decision_ms_median": _median(ms)}


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    p = argparse.ArgumentParser(prog="python -m lab.barrio.balance", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("what", choices=["duel", "v1", "solo", "speed", "rounds"])
    p.add_argument("-n", type=int, default=100, help="number of games (per level in solo)")
    p.add_argument("-p", "--players", type=int, default=2, help="duel: players (2-4)")
    p.add_argument("--bot", default="strong", help="solo: the player's bot")
    p.add_argument("--iterations", type=int, default=None, help="the strong player's rounds per decision")
    p.add_argument("--v1-iterations", type=int, default=None, help="v1: the former strong player's rounds per decision")
    p.add_argument("--seed", type=int, default=None, help="first seed (default 5000 duel, 6000 v1, 7000 solo)")
    p.add_argument("--levels", default="BAC", help="solo: levels to play")
    p.add_argument("--progress", action="store_true", help="a line per game on stderr")
    p.add_argument("--budget", type=float, default=None,
                   help="the strong players' search time per decision in seconds instead of --iterations (not reproducible)")
    args = p.parse_args(argv)
    budgets = {"strong": args.iterations, "strong-v1": args.v1_iterations}
    if args.budget is not None:
        _time_budget(args.budget)
    if args.what == "duel":
        out = match("strong", "weak", args.players, args.n, 5000 if args.seed is None else args.seed, budgets, args.progress)
    elif args.what == "v1":
        out = match("strong", "strong-v1", 2, args.n, 6000 if args.seed is None else args.seed, budgets, args.progress)
    elif args.what == "speed":
        out = speed(args.n, args.iterations or 10)
    elif args.what == "rounds":
        out = rounds(args.n, args.players, 0.04 if args.budget is None else args.budget)
    else:
        out = solo(args.n, args.bot, budgets, args.levels, 7000 if args.seed is None else args.seed)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
