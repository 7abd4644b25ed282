"""A damaged save is refused with ``SaveFormatError`` or loads as exactly what it says.

Shared convention 4: ``from_json`` validates types, ranges, card and piece
conservation and phase consistency. Here Hypothesis takes real saves from
seeded random playouts of every game in :data:`game.GAMES` and damages them
the way a hand edit, a truncated file or a bug would: keys dropped, values of
the wrong type, numbers out of range, cards swapped or duplicated, lists cut
short. Each damaged save must either raise :class:`SaveFormatError` or load
into a state that saves back to exactly the damaged JSON (so nothing was
silently guessed, defaulted or coerced) and that still answers
``legal_actions``. At least 2,000 damaged saves per game per run.
"""

from __future__ import annotations

from .sizes import soak

import copy
import json
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import PRODUCT_GAMES as GAMES  # saves that ship: the product games
from game.core import Rng, SaveFormatError, load_spec

MUTATIONS_PER_GAME = soak(2000, 100)
#: saves kept per playout (spread over the game, the finished state included)
SAVES_PER_GAME = 6
WRONG_TYPES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, 10**9, "", "garbage", [], {}, [None], {"x": 1})


def _plain(data: Any) -> Any:
    return json.loads(json.dumps(data))


@lru_cache(maxsize=None)
def _saves(game_id: str) -> tuple[str, ...]:
    """JSON texts of real saves along seeded random games (fewest and most players)."""
    spec = load_spec(game_id)
    out: list[str] = []
    for players, seed in ((spec.min_players, 5), (spec.max_players, 6), (spec.min_players + 1, 7)):
        players = min(players, spec.max_players)
        rng = Rng(seed, stream=77)
        state = spec.new_game(players, seed)
        states = [state]
        while not spec.is_over(state):
            legal = spec.legal_actions(state)
            state = spec.apply_action(state, legal[rng.randrange(len(legal))])
            states.append(state)
        step = max(1, len(states) // (SAVES_PER_GAME - 1))
        picked = states[::step][: SAVES_PER_GAME - 1] + [states[-1]]
        out += [json.dumps(spec.to_json(s)) for s in picked]
    return tuple(out)


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node)
    if isinstance(node, list):
        return list(range(len(node)))
    return []


@st.composite
def _damage(draw: st.DrawFn, data: Any) -> tuple[Any, list[str]]:
    """Damage ``data`` in place at one spot (chosen by a walk from the top); return it and what was done."""
    parent: Any = None
    where: Any = None
    node = data
    path: list[Any] = []
    # pick a top-level field uniformly, then walk down, stopping at each level with some chance
    while _children(node) and (parent is None or draw(st.integers(0, 2)) > 0):
        keys = _children(node)
        where = keys[draw(st.integers(0, len(keys) - 1))]
        parent, node = node, node[where]
        path.append(where)
    ops = ["retype"]
    if parent is not None:
        ops.append("drop")
    if isinstance(node, bool):
        ops.append("flip")
    elif isinstance(node, int):
        ops += ["nudge", "nudge", "far"]
    elif isinstance(node, list) and node:
        ops += ["truncate", "duplicate", "swap", "swap"]
    elif isinstance(node, dict) and node:
        ops += ["drop_inner", "swap_values", "extra_key"]
    if parent is not None and len(_children(parent)) > 1:
        ops.append("copy_sibling")
    op = draw(st.sampled_from(ops))
    done = [f"{op} at {path}"]
    new: Any = node
    if op == "retype":
        # a copy: a later damage of the same save may change it in place, and WRONG_TYPES must stay as it is
        new = copy.deepcopy(draw(st.sampled_from([v for v in WRONG_TYPES if type(v) is not type(node)])))
    elif op == "drop":
        del parent[where]
        return data, done
    elif op == "flip":
        new = not node
    elif op == "nudge":
        new = node + draw(st.sampled_from([-1, 1, -2, 2]))
    elif op == "far":
        new = draw(st.sampled_from([-(10**6), -node - 1, node + 100, 2**62]))
    elif op == "truncate":
        new = node[: draw(st.integers(0, len(node) - 1))]
    elif op == "duplicate":
        i = draw(st.integers(0, len(node) - 1))
        j = draw(st.integers(0, len(node)))
        new = node[:j] + [copy.deepcopy(node[i])] + node[j:]
        if draw(st.booleans()) and len(node) > 1:  # overwrite instead of insert: same length, one card twice
            new = node[:]
            new[j % len(node)] = copy.deepcopy(node[i])
    elif op == "swap":
        i = draw(st.integers(0, len(node) - 1))
        j = draw(st.integers(0, len(node) - 1))
        new = node[:]
        new[i], new[j] = new[j], new[i]
    elif op == "drop_inner":
        keys = list(node)
        new = dict(node)
        del new[keys[draw(st.integers(0, len(keys) - 1))]]
    elif op == "swap_values":
        keys = list(node)
        a, b = keys[draw(st.integers(0, len(keys) - 1))], keys[draw(st.integers(0, len(keys) - 1))]
        new = dict(node)
        new[a], new[b] = node[b], node[a]
    elif op == "extra_key":
        new = {**node, "unexpected": copy.deepcopy(draw(st.sampled_from(WRONG_TYPES)))}
    elif op == "copy_sibling":
        keys = _children(parent)
        other = keys[draw(st.integers(0, len(keys) - 1))]
        new = copy.deepcopy(parent[other])
    if parent is None:
        return new, done
    parent[where] = new
    return data, done


class Damaged:
    """A damaged save, shown in failure reports by what was done to which save (not the whole JSON)."""

    def __init__(self, data: Any, save: int, done: list[str]) -> None:
        self.data, self.save, self.done = data, save, done

    def __repr__(self) -> str:
        return f"<save #{self.save} damaged: {'; '.join(self.done)}>"


@st.composite
def _damaged_save(draw: st.DrawFn, game_id: str) -> Damaged:
    saves = _saves(game_id)
    index = draw(st.integers(0, len(saves) - 1))
    data = json.loads(saves[index])
    done: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        data, more = draw(_damage(data))
        done += more
    return Damaged(data, index, done)


@pytest.mark.parametrize("game_id", GAMES)
def test_damaged_saves_are_refused_or_load_as_written(game_id):
    spec = load_spec(game_id)
    for text in _saves(game_id):  # the undamaged saves load and re-save as they are
        assert _plain(spec.to_json(spec.from_json(json.loads(text)))) == json.loads(text)

    @settings(max_examples=MUTATIONS_PER_GAME, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(_damaged_save(game_id))
    def check(damaged: Damaged) -> None:
        data, done = damaged.data, damaged.done
        written = copy.deepcopy(data)
        try:
            state = spec.from_json(data)
        except SaveFormatError as exc:
            assert str(exc), f"{game_id}: SaveFormatError without a reason after {done}"
            return
        except Exception as exc:
            pytest.fail(f"{game_id}: {done} made from_json raise {type(exc).__name__}: {exc}")
        assert data == written, f"{game_id}: from_json changed its input after {done}"
        resaved = _plain(spec.to_json(state))
        assert resaved == written, f"{game_id}: after {done} the save loaded but re-saves differently"
        try:
            spec.legal_actions(state)
        except Exception as exc:
            pytest.fail(f"{game_id}: {done} loaded, then legal_actions raised {type(exc).__name__}: {exc}")

    check()
