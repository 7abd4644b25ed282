"""``python -m game``: simulate, benchmark and play any of the games in a terminal."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any, Sequence

from . import GAMES
from .core import IllegalAction, Match, Rng, Seat, load_spec
from .core.contract import GameSpec, StartOption
from .core.locale import text
from .core.play import play_bots


def _default_players(spec: GameSpec, options: dict[str, Any]) -> int:
    """The player count when none is given: the fewest (at least two) for which every given option is offered,
    so a solo-only option (a solo level) means one player."""
    counts = [n for n in range(spec.min_players, spec.max_players + 1)
              if all(o.applies(n) for o in spec.options if o.name in options)]
    if not counts:
        return max(spec.min_players, 2)
    restricted = any(o.players for o in spec.options if o.name in options)
    return counts[0] if restricted else next((n for n in counts if n >= 2), counts[0])


def _declared_options() -> dict[str, StartOption]:
    """Every game's start options (``GameSpec.options``), each name once: the terminal's ``--<name>`` flags."""
    found: dict[str, StartOption] = {}
    for game_id in GAMES:
        try:
            spec = load_spec(game_id)
        except Exception:  # an engine in progress offers no flags
            continue
        for option in spec.options:
            found.setdefault(option.name, option)
    return found


def _parse_options(args: argparse.Namespace) -> dict[str, Any]:
    """``new_game`` options from the ``--<option>`` flags (checked against the chosen game's declaration) and ``--option``."""
    options: dict[str, Any] = {}
    spec = load_spec(args.game)
    for name in _declared_options():
        chosen = getattr(args, name, None)
        if chosen is None:
            continue
        option = spec.start_option(name)
        if option is None:
            raise IllegalAction(key="cli.no_option", game=args.game, option=f"--{name.replace('_', '-')}")
        value = next((c for c in option.choices if str(c) == chosen), None)
        if value is None:
            raise IllegalAction(key="cli.option_choice", option=f"--{name.replace('_', '-')}", value=chosen,
                                choices=", ".join(map(str, option.choices)))
        options[name] = value
    for item in getattr(args, "option", None) or []:
        key, _, value = item.partition("=")
        try:
            options[key] = json.loads(value)
        except json.JSONDecodeError:
            options[key] = value
    return options


def cmd_simulate(args: argparse.Namespace) -> int:
    spec = load_spec(args.game)
    options = _parse_options(args)
    players = args.players or _default_players(spec, options)
    bots = args.bots.split(",") if args.bots else [spec.default_bot] * players
    if len(bots) != players:
        print(f"--bots names {len(bots)} seats but the game has {players}", file=sys.stderr)
        return 2
    wins = [0.0] * players
    totals = [0.0] * players
    decision: list[float] = []
    t0 = time.perf_counter()
    for i in range(args.n):
        result = play_bots(spec, players, args.seed + i, bots, iterations=args.iterations, **options)
        while len(totals) < len(result.scores):  # a solo game scores the automa too, as index 1
            wins.append(0.0)
            totals.append(0.0)
        for w in result.winners:
            wins[w] += 1 / len(result.winners)
        for s, v in enumerate(result.scores):
            totals[s] += v
        for ms in result.decision_ms.values():
            decision.extend(ms)
    elapsed = time.perf_counter() - t0
    report = {
        "game": args.game,
        "players": players,
        "options": options,
        "bots": bots,
        "games": args.n,
        "seed": args.seed,
        "iterations": args.iterations,
        "win_rate": [round(w / args.n, 4) for w in wins],
        "mean_score": [round(t / args.n, 2) for t in totals],
        "decision_ms_median": round(statistics.median(decision), 3) if decision else None,
        "seconds": round(elapsed, 2),
    }
    extra = spec.simulation_summary
    if extra is not None:
        report.update(extra(report))
    print(json.dumps(report, indent=2))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    games = [args.game] if args.game else list(GAMES)
    report: dict[str, Any] = {}
    for gid in games:
        try:
            spec = load_spec(gid)
        except ImportError:
            report[gid] = None
            continue
        report[gid] = {"playouts_per_s": playout_rate(spec)}
    print(json.dumps(report, indent=2))
    return 0


def playout_rate(spec: GameSpec, seconds: float = 2.0, seed: int = 1) -> float:
    """Random legal playouts per second in this interpreter (a whole game each)."""
    rng = Rng(seed)
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds or games == 0:
        n = spec.min_players if spec.min_players > 1 else 2
        state = spec.new_game(n, rng.next_u32())
        while not spec.is_over(state):
            acts = spec.legal_actions(state)
            state = spec.apply_action(state, acts[rng.randrange(len(acts))])
        games += 1
    return round(games / (time.perf_counter() - t0), 2)


def cmd_play(args: argparse.Namespace) -> int:
    """A plain terminal game: numbered legal actions, the computer plays the other seats."""
    options = _parse_options(args)
    spec = load_spec(args.game)
    players = args.players or _default_players(spec, options)
    seats = [Seat("human")] + [Seat("computer", args.bot or spec.bot_names[0]) for _ in range(players - 1)]
    match = Match.new(args.game, players, args.seed, seats, **options)
    bots = {i: spec.make_bot(s.bot, args.seed + i) for i, s in enumerate(seats) if s.kind == "computer"}
    while not spec.is_over(match.state):
        state = match.state
        seat = spec.current_player(state)
        assert seat is not None  # the game is not over
        legal = spec.legal_actions(state)
        if seat in bots:
            action = bots[seat].choose(spec.view(state, seat), legal)
            print(f"[seat {seat + 1}] {spec.describe_action(state, action)}")
            match.apply(action)
            continue
        print()
        print(json.dumps(spec.view(state, seat), indent=None)[:2000])
        print(f"Scores: {spec.scores(state)}")
        for i, a in enumerate(legal):
            print(f"  {i:3d}. {spec.describe_action(state, a)}")
        line = input("Choose a number (u = undo, q = quit): ").strip()
        if line == "q":
            return 0
        if line == "u":
            try:
                match.undo()
            except IllegalAction as exc:
                print(exc)
            continue
        try:
            match.apply(legal[int(line)])
        except (ValueError, IndexError):
            print("Type one of the numbers shown.")
    print(f"Game over. Scores: {spec.scores(match.state)}; winners: {[w + 1 for w in spec.winners(match.state)]}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--players", type=int)
        p.add_argument("--seed", type=int, default=1)
        for name, option in _declared_options().items():  # each game's start options (GameSpec.options)
            p.add_argument(f"--{name.replace('_', '-')}", dest=name, metavar=name.upper(),
                           help=f"{text(option.label, 'en')}: {', '.join(map(str, option.choices))}")
        p.add_argument("--option", action="append", help="any other engine option, key=value")

    p = sub.add_parser("simulate", help="play computer players against each other and print win rates")
    p.add_argument("game", choices=GAMES)
    game_options(p)
    p.add_argument("--bots", help="comma-separated strengths, one per seat")
    p.add_argument("-n", type=int, default=100, help="number of games")
    p.add_argument("--iterations", type=int, metavar="N",
                   help="fixed search budget of every strong seat instead of the clock (reproducible results)")
    p.set_defaults(func=cmd_simulate)

    p = sub.add_parser("bench", help="engine speed figures")
    p.add_argument("game", nargs="?", choices=GAMES)
    p.set_defaults(func=cmd_bench)

    p = sub.add_parser("play", help="play in the terminal against the computer")
    p.add_argument("game", choices=GAMES)
    game_options(p)
    p.add_argument("--bot", help="strength of the computer seats")
    p.set_defaults(func=cmd_play)

    args = parser.parse_args(argv)
    try:
        code: int = args.func(args)  # each command's exit status
        return code
    except IllegalAction as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
