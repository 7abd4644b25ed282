"""The damage the fuzz tests do to real player data (``tests/test_fuzz_saves.py``: autosaves and engine saves;
``tests/test_fuzz_records.py``: share links and statistics exports), and what they share: the case count, the
batches Hypothesis draws, the check that a refusal is keyed in every language, and seeded games to take data from.

Structure-aware: a value at a random path is dropped, retyped, nudged or pushed far out of range, a list cut,
swapped, reversed or given a duplicate, a mapping given an extra key or two values swapped, a sibling copied over
it. :func:`edit` returns a copy sharing every untouched branch, so a test can check that loading never wrote into
its input.
"""

from __future__ import annotations

import copy
import json
import os
import random
from typing import Any, Callable

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from game.core import Match, Rng, SaveFormatError, Seat, load_spec
from game.core.locale import catalogue, has_text, languages

from .sizes import soak

#: cases per format (the issue asks for at least 10,000)
CASES = int(os.environ.get("HOUSE_GAMES_FUZZ_CASES", str(soak(10000, 300))))
WRONG_TYPES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, 10**9, 2**62, "", "x", "weak", [], {}, [None], ["weak"], {"x": 1})

#: cases per Hypothesis example: each example is a batch, since Hypothesis's own cost per example
#: (about 1.5 ms here) would otherwise outweigh most of the loads it tests
BATCH = 10
FUZZ_SETTINGS = settings(max_examples=-(-CASES // BATCH), deadline=None, derandomize=True, database=None,
                         suppress_health_check=list(HealthCheck))


def batches(sources: int) -> st.SearchStrategy[list[tuple[int, int]]]:
    """:data:`BATCH` cases, each a source (which real save or link) and a seed for its damage."""
    case = st.tuples(st.integers(0, sources - 1), st.integers(0, 2**32 - 1))
    return st.lists(case, min_size=BATCH, max_size=BATCH)


def canonical(data: Any) -> str:
    """Equal for equal JSON values, types included (``1``, ``1.0`` and ``true`` differ)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def assert_keyed(exc: SaveFormatError) -> None:
    """A refusal the player can read: a catalogue key with a text in every language that fills in."""
    assert exc.key, f"refusal without a key: {exc}"
    for lang in languages():
        assert has_text(exc.key, lang), f"{exc.key} has no {lang} text"
        catalogue(lang)[exc.key].format(**exc.params)  # every field the text names is given


def playout(game_id: str, players: int, seed: int, options: dict[str, Any], seats: list[Seat]) -> Match:
    spec = load_spec(game_id)
    match = Match.new(game_id, players, seed, seats, **options)
    rng = Rng(seed, stream=99)
    while not spec.is_over(match.state):
        legal = spec.legal_actions(match.state)
        match.apply(legal[rng.randrange(len(legal))])
    match.hints = [i % 2 for i in range(players)]
    return match


def children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


def edit(root: Any, path: list[Any], change: Callable[[Any, Any], None]) -> Any:
    """A copy of ``root`` with ``change(parent, key)`` done at the end of ``path``, sharing every untouched branch."""
    if not path:
        holder = [root]
        change(holder, 0)
        return holder[0] if holder else None
    top = copy.copy(root)
    node = top
    for key in path[:-1]:
        node[key] = copy.copy(node[key])
        node = node[key]
    change(node, path[-1])
    return top


def node_at(root: Any, path: list[Any]) -> Any:
    for key in path:
        root = root[key]
    return root


def random_path(rnd: random.Random, data: Any, start: list[Any] | None = None) -> list[Any]:
    """A walk from ``start`` (the top) that stops at each level with some chance."""
    path = list(start or [])
    node = node_at(data, path)
    while children(node) and (not path or rnd.randint(0, 2) > 0):
        keys = children(node)
        key = keys[rnd.randint(0, len(keys) - 1)]
        path.append(key)
        node = node[key]
    return path


def damage_at(rnd: random.Random, data: Any, path: list[Any]) -> tuple[Any, str]:
    """One structure-aware change of the value at ``path``."""
    node = node_at(data, path)
    parent = node_at(data, path[:-1]) if path else None
    siblings = [k for k in children(parent) if k != path[-1]] if path else []
    ops = ["retype"]
    if path:
        ops.append("drop")
    if siblings:
        ops += ["copy_sibling", "swap_siblings"]
    if isinstance(node, bool):
        ops.append("flip")
    elif isinstance(node, int):
        ops += ["nudge", "nudge", "far"]
    elif isinstance(node, str):
        ops += ["restring"]
    elif isinstance(node, list) and node:
        ops += ["truncate", "duplicate", "swap", "reverse"]
    elif isinstance(node, dict) and node:
        ops += ["drop_inner", "swap_values", "extra_key"]
    op = rnd.choice(ops)
    where = "/".join(map(str, path))

    def put(value: Any) -> Callable[[Any, Any], None]:
        def change(container: Any, key: Any) -> None:
            container[key] = value
        return change

    if op == "drop":
        def drop(container: Any, key: Any) -> None:
            del container[key]
        return edit(data, path, drop), f"drop {where}"
    if op == "swap_siblings":
        other = siblings[rnd.randint(0, len(siblings) - 1)]

        def swap(container: Any, key: Any) -> None:
            container[key], container[other] = container[other], container[key]
        return edit(data, path, swap), f"swap {where} with {other}"
    if op == "copy_sibling":
        other = siblings[rnd.randint(0, len(siblings) - 1)]
        return edit(data, path, put(copy.deepcopy(parent[other]))), f"copy {other} over {where}"
    if op == "retype":
        new = rnd.choice([v for v in WRONG_TYPES if type(v) is not type(node) or v != node])
    elif op == "flip":
        new = not node
    elif op == "nudge":
        new = node + rnd.choice([-1, 1, -2, 2])
    elif op == "far":
        new = rnd.choice([-(10**6), -node - 1, node + 100, 10**6, 2**62, -(2**63) - 1])
    elif op == "restring":
        new = rnd.choice(["", node + "x", node.upper(), "human", "computer", "weak", "strong", "take",
                                    "over", "A", "Z", "7"])
    elif op == "truncate":
        new = node[:rnd.randint(0, len(node) - 1)]
    elif op == "duplicate":
        i, j = rnd.randint(0, len(node) - 1), rnd.randint(0, len(node))
        new = node[:j] + [copy.deepcopy(node[i])] + node[j:]
        if rnd.random() < 0.5 and len(node) > 1:  # overwrite instead of insert: same length, one item twice
            new = node[:]
            new[j % len(node)] = copy.deepcopy(node[i])
    elif op == "swap":
        i, j = rnd.randint(0, len(node) - 1), rnd.randint(0, len(node) - 1)
        new = node[:]
        new[i], new[j] = new[j], new[i]
    elif op == "reverse":
        new = node[::-1]
    elif op == "drop_inner":
        keys = list(node)
        new = dict(node)
        del new[keys[rnd.randint(0, len(keys) - 1)]]
    elif op == "swap_values":
        keys = list(node)
        a, b = keys[rnd.randint(0, len(keys) - 1)], keys[rnd.randint(0, len(keys) - 1)]
        new = dict(node)
        new[a], new[b] = node[b], node[a]
    else:  # extra_key
        new = {**node, "unexpected": rnd.choice(WRONG_TYPES)}
    return edit(data, path, put(new)), f"{op} {where}"
