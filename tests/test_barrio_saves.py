"""Barrio saves: old formats load, and damaged saves are refused with a reason or load as a sound state."""

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import game.barrio as B
from game.core import SaveFormatError

from .sizes import soak

OLD_SAVES = json.loads((Path(__file__).parent / "data" / "barrio_saves_v1.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", OLD_SAVES, ids=[f"{e['players']}p-{e['phase']}" for e in OLD_SAVES])
def test_format_1_saves_from_the_first_engine_still_load_and_play_on(entry):
    """Saves written by the first engine (format 1, generated before the renaming) load in today's format."""
    old = entry["save"]
    s = B.SPEC.from_json(json.loads(json.dumps(old)))
    new = B.SPEC.to_json(s)
    assert new["version"] == 3 and old["version"] == 1
    assert new["klaus_owed"] == old["owe"] and "owe" not in new
    assert new["first_player"] == 0  # before the choice of who starts, seat 0 always began
    assert {k: v for k, v in new.items() if k not in ("version", "klaus_owed", "first_player")} == \
        {k: v for k, v in old.items() if k not in ("version", "owe")}
    assert B.SPEC.from_json(new) == s
    assert s.phase == entry["phase"] and s.players == entry["players"]
    if entry["phase"] == "over":
        assert B.SPEC.legal_actions(s) == [] and B.SPEC.winners(s)
    else:
        t = B.SPEC.apply_action(s, B.SPEC.legal_actions(s)[0])
        assert B.SPEC.from_json(B.SPEC.to_json(t)) == t


def test_a_format_2_save_is_a_game_seat_0_began_and_who_started_round_trips():
    s = B.SPEC.new_game(3, 5, scoring_card="B", first_player=2)
    saved = B.SPEC.to_json(s)
    assert saved["version"] == 3 and saved["first_player"] == 2
    assert B.SPEC.from_json(json.loads(json.dumps(saved))) == s
    old = {k: v for k, v in B.SPEC.to_json(B.SPEC.new_game(3, 5, scoring_card="B")).items() if k != "first_player"}
    old["version"] = 2
    assert B.SPEC.from_json(old).first_player == 0
    with pytest.raises(SaveFormatError):
        B.SPEC.from_json({**saved, "first_player": 3})  # three seats: 0, 1 and 2


# ------------------------------------------------------------------ damaged saves

def _real_saves():
    """Saves of real positions from random playouts: every player count, many phases."""
    import random

    out = []
    for players in (1, 2, 3, 4):
        for seed in range(3):
            rnd = random.Random(seed)
            s = B.SPEC.new_game(players, seed)
            phases = set()
            while not B.SPEC.is_over(s) and s.turn_number < 40:
                if s.phase not in phases or rnd.random() < 0.02:
                    phases.add(s.phase)
                    out.append(B.SPEC.to_json(s))
                s = B.SPEC.apply_action(s, rnd.choice(B.SPEC.legal_actions(s)))
            out.append(B.SPEC.to_json(s))
    return out


SAVES = _real_saves()
TEXT = [json.dumps(save) for save in SAVES]


def _paths(data, prefix=()):
    """Every place in a save one can damage (the log's events only at the top)."""
    yield prefix
    if prefix == ("log",):
        return
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from _paths(value, prefix + (key,))


PATHS = [list(_paths(save)) for save in SAVES]
ODD_VALUES = [None, "garbage", "", 1.5, True, False, -1, 0, 1, 2, 7, 99, 10**9, -10**9, [], {}, [0], [[0, 0, 0]],
              "A", "start", "gap", "placed2", 54, 92, 93, 53]


def _get(data, path):
    for key in path:
        data = data[key]
    return data


def _mutate(save, path, kind, value, other_path):
    """One damage: replace, drop, truncate, duplicate into another list, or swap two values."""
    parent = _get(save, path[:-1]) if path else None
    key = path[-1] if path else None
    here = _get(save, path)
    if kind == "replace" and path:
        parent[key] = value
    elif kind == "drop" and path:
        del parent[key]
    elif kind == "truncate" and isinstance(here, list) and here:
        del here[len(here) // 2:]
    elif kind == "duplicate" and isinstance(here, list):
        there = _get(save, other_path)
        here.append(there if not isinstance(there, (list, dict)) else json.loads(json.dumps(there)))
    elif kind == "swap" and path and other_path and not _related(path, other_path):
        other_parent, other_key = _get(save, other_path[:-1]), other_path[-1]
        parent[key], other_parent[other_key] = other_parent[other_key], parent[key]
    else:
        parent_or_save = parent if path else save
        if isinstance(parent_or_save, dict):
            parent_or_save["extra"] = value
        elif path:
            parent[key] = value


def _related(a, b):
    return a[:len(b)] == b or b[:len(a)] == a


@settings(max_examples=soak(2000, 100), deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_a_damaged_save_is_refused_with_a_reason_or_loads_as_it_was_written(data):
    """Drop keys, change types, swap or duplicate cards, truncate lists, numbers out of range: loading either
    raises SaveFormatError or gives a state whose save is exactly the damaged file (nothing silently changed),
    and that state plays: its legal actions and views can be computed."""
    k = data.draw(st.integers(0, len(SAVES) - 1))
    save = json.loads(TEXT[k])
    path = data.draw(st.sampled_from(PATHS[k]))
    other = data.draw(st.sampled_from(PATHS[k]))
    kind = data.draw(st.sampled_from(["replace", "replace", "drop", "truncate", "duplicate", "swap"]))
    value = data.draw(st.sampled_from(ODD_VALUES))
    _mutate(save, path, kind, value, other)
    written = json.dumps(save, sort_keys=True)
    try:
        s = B.SPEC.from_json(save)
    except SaveFormatError as err:
        assert str(err)
        return
    assert json.dumps(B.SPEC.to_json(s), sort_keys=True) == written, (kind, path)
    legal = B.SPEC.legal_actions(s)
    assert legal or B.SPEC.is_over(s)
    for p in range(s.players):
        B.SPEC.view(s, p)


@pytest.mark.parametrize("field, value, reason", [
    ("final_round", "garbage", "true or false"),  # was read as True: the game would silently end after the round
    ("combo_used", [1, 0], "true or false"),
    ("seat", 7, "seat"),
    ("placed", 3, "materials placed"),
    ("phase", "dancing", "phase"),
    ("pending", {"options": []}, "decision"),
    ("players", True, "number of players"),
    ("public", [999], "public cards"),
])
def test_named_damage_is_refused_with_a_reason(field, value, reason):
    s = B.SPEC.new_game(2, 4, scoring_card="C")
    s = B.SPEC.apply_action(s, {"type": "keep_houses", "cards": []})
    s = B.SPEC.apply_action(s, {"type": "keep_houses", "cards": []})
    save = dict(B.SPEC.to_json(s), **{field: value})
    with pytest.raises(SaveFormatError) as err:
        B.SPEC.from_json(save)
    assert reason in str(err.value)


def test_a_card_in_two_places_or_missing_is_refused():
    save = B.SPEC.to_json(B.SPEC.new_game(3, 9))
    twice = dict(save, material_discard=[save["material_deck"][0]])
    lost = dict(save, material_deck=save["material_deck"][1:])
    for bad in (twice, lost):
        with pytest.raises(SaveFormatError) as err:
            B.SPEC.from_json(bad)
        assert "93 cards" in str(err.value)
