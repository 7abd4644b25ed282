"""The link-length figure of ``docs/replay-links.md`` (a terminal command: not shipped in the site's wheel)."""

from __future__ import annotations

from game.core.record import GameRecord
from game.core.share import link


def main(argv: list[str] | None = None) -> int:
    """Print link lengths of games played by computers: ``python3 -m lab.link_lengths -n 20``.

    The figure of ``docs/replay-links.md``: for each setting, the longest and
    mean link (with a 40-character site address) over ``-n`` games whose seats
    are all weak computers, and over as many where they move at random (longer games).
    """
    import argparse

    from game.core.match import Match, Seat
    from game.core.search import RandomBot

    parser = argparse.ArgumentParser(prog="python3 -m lab.link_lengths", description=main.__doc__)
    parser.add_argument("-n", type=int, default=20, help="games per setting and player kind")
    args = parser.parse_args(argv)
    base = "https://someone.github.io/house-games/"  # 38 characters, a typical Pages address
    settings: list[tuple[str, int, dict[str, object]]] = [("barrio", 1, {"level": "C"}), ("barrio", 4, {}), ("nyhavn", 4, {}),
                ("neueheimat", 4, {"rounds": 3}), ("neueheimat", 5, {"rounds": 3})]
    print(f"{'game':<11}{'players':>8}{'options':>16}{'seats':>8}{'moves':>7}{'mean':>7}{'max':>6}")
    for game_id, players, options in settings:
        for kind in ("weak", "random"):
            lengths, moves = [], []
            for seed in range(1, args.n + 1):
                match = Match.new(game_id, players, seed, [Seat("computer", "weak", "") for _ in range(players)], **options)
                spec = match.spec
                bots = [RandomBot(seed * 31 + i) if kind == "random" else spec.make_bot("weak", seed * 97 + i)
                        for i in range(players)]
                while not spec.is_over(match.state):
                    p = match.current_player()
                    assert p is not None  # the game is not over
                    match.apply(bots[p].choose(spec.view(match.state, p), spec.legal_actions(match.state)))
                lengths.append(len(link(GameRecord.from_match(match), base)))
                moves.append(len(match.entries))
            print(f"{game_id:<11}{players:>8}{str(options or '-'):>16}{kind:>8}{sum(moves) // len(moves):>7}"
                  f"{sum(lengths) // len(lengths):>7}{max(lengths):>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
