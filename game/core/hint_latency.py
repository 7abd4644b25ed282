"""The hint-latency figure of ``docs/coach.md`` (a terminal command: not shipped in the site's wheel)."""

from __future__ import annotations

from .coach import measure


def main(argv: list[str] | None = None) -> None:
    """``python3 -m game.core.hint_latency -n 30``: hint latency per game at the app's budget (or ``--iterations N``)."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("-n", type=int, default=30, help="positions per game")
    parser.add_argument("--iterations", type=int, default=None, help="a fixed search budget instead of the clock")
    parser.add_argument("--games", default="barrio,nyhavn,neueheimat")
    args = parser.parse_args(argv)
    print("| game | positions | median ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    for game_id in args.games.split(","):
        m = measure(game_id, args.n, args.iterations)
        print(f"| {game_id} | {m['n']} | {m['median']} | {m['p95']} | {m['max']} |")


if __name__ == "__main__":
    main()
