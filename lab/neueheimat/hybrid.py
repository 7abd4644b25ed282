"""Which kind of decision costs Neue Heimat's strong player its wins (issue 34): one seat plays strong but for the
kinds of decision it takes from another player, against rivals of one kind.

``python3 -m lab.neueheimat.hybrid --from v1 --kinds bid --rivals v1 --players 5 -n 100 --seed 1000`` plays ``n``
deals, the hybrid seat in every position of each (``--kinds -`` takes nothing: plain strong, the baseline on the
same deals), and prints its share of the wins with a 95 % interval and its mean score. Kinds: ``profits``,
``auction`` (the piece put up), ``bid`` (bids and passes), ``resolve`` (sales and buy-backs), ``place`` (every
other decision). Both players decide at every decision, so each reads the whole log as in a game of its own.
Players are :func:`lab.neueheimat.duel.make`'s (``weak``, ``strong``, ``v1``, ``strong:key=value;…``).
"""

from __future__ import annotations

import argparse
from typing import Any

from game.neueheimat import SPEC

from .duel import make, wilson

#: the action types of each kind of decision; every other type is ``place``
KINDS: dict[str, frozenset[str]] = {"profits": frozenset({"profits"}), "auction": frozenset({"auction"}),
                                    "bid": frozenset({"bid", "pass"}), "resolve": frozenset({"sell", "buy"})}


def kind_of(action_type: str) -> str:
    """The kind of decision an action of this type belongs to."""
    return next((kind for kind, types in KINDS.items() if action_type in types), "place")


class Hybrid:
    """Strong's choice, but ``other``'s for the kinds in ``taken``."""

    def __init__(self, seed: int, other: str, taken: set[str]) -> None:
        self.strong, self.other, self.taken = make("strong", seed), make(other, seed), taken

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        if len(legal) == 1:
            return legal[0]
        own, others = self.strong.choose(view, legal), self.other.choose(view, legal)
        return others if kind_of(legal[0]["type"]) in self.taken else own


def run(other: str, taken: set[str], rivals: str, players: int, n: int, seed: int) -> tuple[float, int, float]:
    """(wins, games, mean score) of the hybrid seat over ``n`` deals, in every seat position."""
    wins, games, points = 0.0, 0, 0.0
    for k in range(n):
        for at in range(players):
            state = SPEC.new_game(players, seed + k)
            bot_seed = [(seed + k) * 7919 + 31 * i + 1 for i in range(players)]
            bots = [Hybrid(bot_seed[i], other, taken) if i == at else make(rivals, bot_seed[i]) for i in range(players)]
            while not SPEC.is_over(state):
                seat = SPEC.current_player(state)
                assert seat is not None  # the game is not over
                state = SPEC.apply_action(state, bots[seat].choose(SPEC.view(state, seat), SPEC.legal_actions(state)))
            won = SPEC.winners(state)
            wins += 1 / len(won) if at in won else 0.0
            games += 1
            points += SPEC.scores(state)[at]
    return wins, games, points / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--from", dest="other", default="v1", help="the player the kinds are taken from")
    parser.add_argument("--kinds", default="-", help=f"comma-separated, of {', '.join([*KINDS, 'place'])}; - for none")
    parser.add_argument("--rivals", default="v1")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("-n", type=int, default=100, help="deals (each played with the hybrid in every seat)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    taken = set() if args.kinds == "-" else set(args.kinds.split(","))
    unknown = taken - {*KINDS, "place"}
    if unknown:
        parser.error(f"unknown kinds: {', '.join(sorted(unknown))}")
    wins, games, mean = run(args.other, taken, args.rivals, args.players, args.n, args.seed)
    low, high = wilson(wins, games)
    print(f"strong with {args.other}'s {', '.join(sorted(taken)) or 'nothing'}, against {args.players - 1} {args.rivals}: "
          f"{wins / games:.1%} of {games} (95 % {low:.1%}-{high:.1%}), fair {1 / args.players:.1%}, mean score {mean:+.2f}")


if __name__ == "__main__":
    main()
