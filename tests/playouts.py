"""Random legal playouts at scale, for the figures in docs/: ``python -m tests.playouts GAME -n N [--seed S]``.

Plays ``N`` random legal games of ``GAME``, spread evenly over its set-ups
(Barrio: solo levels A, B, C and 2, 3, 4 players; the others: every player
count), and checks at every step what the engine contract promises: a game
that is not over offers a legal action, actions are JSON, states survive a
JSON round trip, views are JSON; at the end, winners and scores exist and
replaying the same seed and actions gives the same game. When the game's
property-test module (``tests/test_<game>_props.py``) has a ``check_state(state)``,
it is applied to every state too (for Barrio: every card in exactly one place,
hand limits, the market's shape, panoramas).

Prints the number of games and actions checked; exits non-zero on the first failure.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from typing import Any, Callable

from game.core import Rng, load_spec

SETUPS: dict[str, list[tuple[int, dict[str, Any]]]] = {
    "barrio": [(1, {"level": "A"}), (1, {"level": "B"}), (1, {"level": "C"}), (2, {}), (3, {}), (4, {})],
}


def setups(game_id: str, spec: Any) -> list[tuple[int, dict[str, Any]]]:
    return SETUPS.get(game_id) or [(n, {}) for n in range(spec.min_players, spec.max_players + 1)]


def state_check(game_id: str) -> Callable[[Any], None] | None:
    try:
        props = importlib.import_module(f"tests.test_{game_id}_props")
    except ImportError:
        return None
    return getattr(props, "check_state", None)


def play_one(spec: Any, players: int, seed: int, options: dict[str, Any], check: Callable[[Any], None] | None) -> int:
    """One random legal game with every check; returns its number of actions."""
    rng = Rng(seed, stream=17)
    state = spec.new_game(players, seed, **options)
    actions = []
    while not spec.is_over(state):
        legal = spec.legal_actions(state)
        assert legal, f"seed {seed}: a game that is not over offers no action"
        action = legal[rng.randrange(len(legal))]
        assert json.loads(json.dumps(action)) == action
        state = spec.apply_action(state, action)
        actions.append(action)
        if check is not None:
            check(state)
        if len(actions) % 25 == 0:
            assert spec.from_json(json.loads(json.dumps(spec.to_json(state)))) == state, f"seed {seed}: JSON round trip"
            player = spec.current_player(state)
            if player is not None:
                json.dumps(spec.view(state, player))
        assert len(actions) < 5000, f"seed {seed}: the game does not end"
    assert spec.winners(state) and spec.legal_actions(state) == []
    assert len(spec.scores(state)) >= players  # solo Barrio also scores Klaus
    again = spec.new_game(players, seed, **options)
    for action in actions:
        again = spec.apply_action(again, action)
    assert again == state, f"seed {seed}: replaying the same actions gives another game"
    return len(actions)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", type=int, default=600, help="number of games (spread over the set-ups)")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    args = parser.parse_args(argv)
    spec = load_spec(args.game)
    check = state_check(args.game)
    configs = setups(args.game, spec)
    t0 = time.perf_counter()
    total = 0
    for i in range(args.n):
        players, options = configs[i % len(configs)]
        total += play_one(spec, players, args.seed + i, options, check)
    print(f"{args.game}: {args.n} random games ({len(configs)} set-ups), {total:,} actions, every check passed "
          f"({'with' if check else 'without'} the game's own state check) in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
