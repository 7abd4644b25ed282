"""Fuzzing the formats a game is kept in: the app's autosave of each game and each engine's own save.

Hypothesis takes real data from seeded games (autosaves at several points of Barrio with 2–4 players, solo
Barrio, Nyhavn and Neue Heimat, finished games included; engine saves spread over random games of every product
game, fewest and most players) and damages it the way a hand edit, a bug or a bad copy would
(``tests/fuzz_damage.py``), plus aimed damage for autosaves: a seat's computer named ``7`` or ``["weak"]``, a move
dropped, swapped or reassigned, a log event edited, two players' lists swapped. Each case must end in one of two
ways:

* **refused** with :class:`SaveFormatError` whose catalogue key has a text in every language; any other exception
  is a crash;
* **accepted unchanged and playable**: saving it again gives the same data (nothing silently guessed, defaulted or
  coerced), loading did not write into its input, and the game goes on (an autosave: legal actions, a few moves —
  computer seats' players built from their saved names — the views, a save and a reload; an engine save: its
  legal actions).

The share links and statistics exports are fuzzed by ``tests/test_fuzz_records.py``. Derandomized, so CI runs the
same cases every time; ``HOUSE_GAMES_FUZZ_CASES`` raises or lowers the autosave count for a local hunt.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import given, settings

from game import PRODUCT_GAMES
from game.core import Match, Rng, SaveFormatError, Seat, load_spec
from game.core.match import check_header

from .fuzz_damage import BATCH, CASES, FUZZ_SETTINGS, assert_keyed, batches, canonical, damage_at, playout, random_path
from .sizes import soak

#: moves played on after an accepted autosave loads
PLAY_ON = 3
#: after playing on, a save of at most this many moves is reloaded whole (longer ones: all but the replay)
RELOAD_MOVES = 40

# ---------------------------------------------------------------------- real data

#: autosave formats: (game, [(players, seed, options, seats)])
GAMES_OF_FORMAT: dict[str, tuple[str, list[tuple[int, int, dict[str, Any], list[Seat]]]]] = {
    "barrio": ("barrio", [
        (2, 21, {"scoring_card": "B"}, [Seat("human", None, "Ana"), Seat("computer", "weak")]),
        (3, 22, {"scoring_card": "E"}, [Seat("human"), Seat("computer", "strong"), Seat("human", None, "Bo")]),
        (4, 23, {"scoring_card": "A"}, [Seat("computer", "weak"), Seat("human"), Seat("computer", None), Seat("human")]),
    ]),
    "barrio-solo": ("barrio", [
        (1, 31, {"level": "A"}, [Seat("human", None, "Ana")]),
        (1, 32, {"level": "C"}, [Seat("human")]),
    ]),
    "nyhavn": ("nyhavn", [
        (2, 41, {}, [Seat("human"), Seat("computer", "strong")]),
        (3, 42, {}, [Seat("human", None, "Cy"), Seat("computer", "weak"), Seat("human")]),
        (4, 43, {}, [Seat("computer", "weak"), Seat("human"), Seat("computer", "strong"), Seat("human")]),
    ]),
    "neueheimat": ("neueheimat", [
        (2, 51, {"rounds": 2}, [Seat("human"), Seat("computer", "weak")]),
        (4, 52, {}, [Seat("human"), Seat("computer", "strong"), Seat("human"), Seat("computer", "weak")]),
        (5, 53, {}, [Seat("human"), Seat("human"), Seat("computer", "weak"), Seat("human"), Seat("human")]),
    ]),
}
#: after how many moves autosaves are taken (short of the end), and whether the first game of each format is
#: also saved finished (its autosave stays until a new game replaces it): mostly early, since loading replays
#: every move (a finished four-player Barrio is 300 moves and some 50 ms)
SAVE_STEPS = (0, 3, 10, 25, 50, 90)


def _prefix(match: Match, steps: int) -> Match:
    """``match`` as it stood after its first ``steps`` moves."""
    return Match(match.game_id, match.num_players, match.seed, dict(match.options), match.seats,
                 match.states[:steps + 1], match.entries[:steps], list(match.hints))


@lru_cache(maxsize=None)
def _autosaves(fmt: str) -> tuple[dict[str, Any], ...]:
    """Autosaves (as the store writes them, ``saved_at`` included) along real games of a format."""
    game_id, games = GAMES_OF_FORMAT[fmt]
    out = []
    for players, seed, options, seats in games:
        match = playout(game_id, players, seed, options, seats)
        steps = [k for k in SAVE_STEPS if k < len(match.entries)] + ([len(match.entries)] if not out else [])
        for k in steps:
            data = _prefix(match, k).to_json()
            out.append(json.loads(json.dumps({**data, "saved_at": 1_764_000_000_000 + seed})))
    return tuple(out)


@lru_cache(maxsize=None)
def _autosave_texts(fmt: str) -> tuple[str, ...]:
    """The real autosaves as text, taken before any fuzzing."""
    return tuple(canonical(d) for d in _autosaves(fmt))


def _lists_of_players(state: dict[str, Any], players: int) -> list[str]:
    """Fields of a saved position that hold one entry per player (the ones a swap of players damages)."""
    return [k for k, v in state.items() if isinstance(v, list) and len(v) == players and players > 1]


def _damaged_autosave(fmt: str, index: int, seed: int) -> tuple[Any, str]:
    """Real autosave ``index`` of ``fmt`` with one to three changes, generic or aimed at what players' saves
    break on; ``seed`` picks them (Hypothesis draws the save and the seed: one choice per case keeps its own
    cost per case small beside the loading it tests)."""
    rnd = random.Random(seed)
    data: Any = _autosaves(fmt)[index]
    done = [f"save #{index}"]
    for _ in range(rnd.randint(1, 3)):
        if not isinstance(data, dict):
            break
        aim = rnd.choice(["any", "any", "any", "seat", "move", "state", "log", "players"])
        seats, actions, state = data.get("seats"), data.get("actions"), data.get("state")
        if aim == "seat" and isinstance(seats, list) and seats and all(isinstance(s, dict) for s in seats):
            i = rnd.randint(0, len(seats) - 1)
            field = rnd.choice(["bot", "bot", "kind", "name"])
            value = rnd.choice([7, ["weak"], "weak", "strong", "Strong", None, "human", "computer", "", 1.5])
            new_seats = list(seats)
            new_seats[i] = {**seats[i], field: value}
            data = {**data, "seats": new_seats}
            done.append(f"seat {i} {field}={value!r}")
        elif aim == "move" and isinstance(actions, list) and actions:
            path = random_path(rnd, data, ["actions", rnd.randint(0, len(actions) - 1)])
            data, what = damage_at(rnd, data, path)
            done.append(what)
        elif aim == "state" and isinstance(state, dict) and state:
            data, what = damage_at(rnd, data, random_path(rnd, data, ["state"]))
            done.append(what)
        elif aim == "log" and isinstance(state, dict) and isinstance(state.get("log"), list) and state["log"]:
            log = state["log"]
            path = random_path(rnd, data, ["state", "log", rnd.randint(0, len(log) - 1)])
            data, what = damage_at(rnd, data, path)
            done.append(what)
        elif aim == "players" and isinstance(state, dict):
            fields = _lists_of_players(state, data.get("num_players") if isinstance(data.get("num_players"), int) else 0)
            if not fields:
                continue
            field = rnd.choice(fields)
            i, j = rnd.randint(0, len(state[field]) - 1), rnd.randint(0, len(state[field]) - 1)

            data = {**data, "state": {**state, field: _swapped(state[field], i, j)}}
            done.append(f"swap players {i},{j} in state/{field}")
        else:
            data, what = damage_at(rnd, data, random_path(rnd, data))
            done.append(what)
    return data, "; ".join(done)


def _swapped(items: list[Any], i: int, j: int) -> list[Any]:
    out = items[:]
    out[i], out[j] = out[j], out[i]
    return out


# ---------------------------------------------------------------------- autosaves

def _expected_resave(data: dict[str, Any]) -> dict[str, Any]:
    """What the match of an accepted autosave must save as: the same, bar the store's stamp and the documented
    defaults of hints and takebacks (a save from before they were counted has none asked or taken)."""
    out = {k: v for k, v in data.items() if k not in ("saved_at", "rev")}
    out.setdefault("hints", [0] * len(data["seats"]))
    out.setdefault("takebacks", [0] * len(data["seats"]))
    out.setdefault("takeback_floor", None)
    state = out.get("state")
    if out.get("game") == "barrio" and isinstance(state, dict) and state.get("version") == 2:
        # Barrio's state format 3 (who starts, docs/barrio.md): a format 2 state is a game seat 0 began
        out["state"] = {**state, "version": 3, "first_player": 0}
    return out


def _play_on(match: Match, seed: int) -> None:
    """The game goes on: each seat's view, the computer players built from their saved names, a few moves,
    a save and a reload."""
    spec = match.spec
    for seat_index, seat in enumerate(match.seats):
        spec.view(match.state, seat_index)
        if seat.kind == "computer":
            spec.make_bot(seat.bot or spec.bot_names[0], seed)
    rng = Rng(seed, stream=5)
    for _ in range(PLAY_ON):
        if spec.is_over(match.state):
            spec.scores(match.state)
            spec.winners(match.state)
            break
        legal = spec.legal_actions(match.state)
        assert legal, "a game that is not over offers no move"
        match.apply(legal[rng.randrange(len(legal))])
        for event in spec.view(match.state, 0)["log"][-3:]:
            spec.describe_event(event, "en")
    data = json.loads(json.dumps(match.to_json()))
    if len(match.entries) <= RELOAD_MOVES:
        again = Match.from_json(data)
        assert canonical(again.to_json()) == canonical(data)
    else:  # the checks that can fail after a legal move, without the long replay that cannot
        check_header(data)
        assert canonical(spec.to_json(spec.from_json(data["state"]))) == canonical(data["state"])


def _check_autosave(data: Any, done: str, upgraded: bool = False) -> str:
    """``upgraded``: a save of an older version, which saves again with what today's engine adds (its
    ``SPEC.as_saved`` takes that away again), and otherwise the same."""
    try:
        match = Match.from_json(data)
    except SaveFormatError as exc:
        assert_keyed(exc)
        return "refused"
    except Exception as exc:
        pytest.fail(f"{done}: Match.from_json raised {type(exc).__name__}: {exc}")
    resaved = match.to_json()
    as_saved = load_spec(data["game"]).as_saved
    if upgraded and as_saved is not None:
        resaved = {**resaved, "state": as_saved(resaved["state"], data["state"])}
    assert canonical(resaved) == canonical(_expected_resave(data)), f"{done}: accepted but saves differently"
    try:
        _play_on(match, seed=len(done))
    except Exception as exc:
        pytest.fail(f"{done}: accepted, then failed while playing on: {type(exc).__name__}: {exc}")
    return "accepted"


@pytest.mark.parametrize("fmt", list(GAMES_OF_FORMAT))
def test_fuzzed_autosaves_are_refused_with_a_key_or_load_unchanged_and_play_on(fmt):
    saves = _autosaves(fmt)
    _autosave_texts(fmt)
    for data in saves:  # the real saves load, save back as they are, and play on
        assert _check_autosave(data, f"real {fmt} save") == "accepted"
    seen = {"refused": 0, "accepted": 0}

    @FUZZ_SETTINGS
    @given(batches(len(saves)))
    def check(batch: list[tuple[int, int]]) -> None:
        for index, seed in batch:
            seen[_check_autosave(*_damaged_autosave(fmt, index, seed))] += 1

    check()
    assert sum(seen.values()) >= CASES, seen
    assert seen["refused"] > CASES // 2, seen  # the mutations do damage: most must be refused
    # the damaged saves share their untouched parts with the real ones: loading never wrote into them
    assert [canonical(d) for d in _autosaves(fmt)] == list(_autosave_texts(fmt)), "loading changed its input"


def test_the_probes_of_issue_26_are_refused_on_load():
    """The damage found by probing: a seat's computer named ``7`` or ``["weak"]``, Barrio's turn number at 10⁶,
    two players' lists swapped, a counter out of range, an edited log event; each refused with a key."""
    save = _autosaves("barrio")[4]
    state = save["state"]
    log = state["log"]
    event = dict(log[-1])
    event["type"] = event["type"] + "x"
    probes = {
        "bot 7": {**save, "seats": [save["seats"][0], {**save["seats"][1], "bot": 7}]},
        "bot list": {**save, "seats": [save["seats"][0], {**save["seats"][1], "bot": ["weak"]}]},
        "turn 10**6": {**save, "state": {**state, "turn_number": 10**6}},
        "hands swapped": {**save, "state": {**state, "hands": state["hands"][::-1]}},
        "rubble swapped": {**save, "state": {**state, "rubble": state["rubble"][::-1]}},
        "draws out of range": {**save, "state": {**state, "draws_left": 99}},
        "log edited": {**save, "state": {**state, "log": log[:-1] + [event]}},
        "log dropped": {**save, "state": {**state, "log": log[:-1]}},
        "seats for another count": {**save, "seats": save["seats"] + [save["seats"][0]]},
        "player count": {**save, "num_players": 3},
    }
    assert state["hands"][0] != state["hands"][1]  # the swaps change something
    if state["rubble"][0] == state["rubble"][1]:
        del probes["rubble swapped"]
    for name, data in probes.items():
        with pytest.raises(SaveFormatError) as err:
            Match.from_json(data)
            pytest.fail(f"{name}: loaded")
        assert_keyed(err.value)
        assert err.value.key != "save.damaged", name  # a named reason, not the catch-all


def test_autosaves_written_before_the_full_checks_still_load_and_play_on():
    """Autosaves written by the app before loading checked everything (``tests/data``: solo and 3-player
    Barrio, Nyhavn mid-game and finished, Neue Heimat over two rounds, one from before hints were counted)."""
    from pathlib import Path

    saves = json.loads((Path(__file__).parent / "data" / "autosaves_before_full_checks.json").read_text(encoding="utf-8"))
    assert {s["game"] for s in saves} == {"barrio", "nyhavn", "neueheimat"} and any("hints" not in s for s in saves)
    for data in saves:
        assert _check_autosave(data, f"old {data['game']} save", upgraded=True) == "accepted"


def test_the_player_count_has_one_name_and_old_saves_still_give_it():
    """Every engine's state calls its player count ``players`` (Nyhavn and Neue Heimat called it ``n`` until the
    names were made one); the saved field was ``players`` in every game before and after, so autosaves written
    before the change (``tests/data``) load with the same count, which their view reports under the same name."""
    from pathlib import Path

    saves = json.loads((Path(__file__).parent / "data" / "autosaves_before_full_checks.json").read_text(encoding="utf-8"))
    for data in saves:
        spec = load_spec(data["game"])
        state = spec.from_json(data["state"])
        assert not hasattr(state, "n"), data["game"]
        assert state.players == data["num_players"] == data["state"]["players"], data["game"]
        assert spec.view(state, 0)["players"] == data["num_players"], data["game"]
        assert spec.new_game(data["num_players"], 1).players == data["num_players"], data["game"]


# ---------------------------------------------------------------------- engine saves

#: damaged engine saves per game (the engines' ``from_json`` alone is cheap)
ENGINE_CASES = soak(2000, 100)
#: engine saves kept per playout (spread over the game, the finished position included)
ENGINE_SAVES_PER_GAME = 6
ENGINE_FUZZ_SETTINGS = settings(FUZZ_SETTINGS, max_examples=-(-ENGINE_CASES // BATCH))


@lru_cache(maxsize=None)
def _engine_saves(game_id: str) -> tuple[dict[str, Any], ...]:
    """Engine saves (``SPEC.to_json``) along seeded random games: fewest, most and one more than fewest players."""
    spec = load_spec(game_id)
    out: list[dict[str, Any]] = []
    for players, seed in ((spec.min_players, 5), (spec.max_players, 6), (spec.min_players + 1, 7)):
        players = min(players, spec.max_players)
        rng = Rng(seed, stream=77)
        state = spec.new_game(players, seed)
        states = [state]
        while not spec.is_over(state):
            legal = spec.legal_actions(state)
            state = spec.apply_action(state, legal[rng.randrange(len(legal))])
            states.append(state)
        step = max(1, len(states) // (ENGINE_SAVES_PER_GAME - 1))
        picked = states[::step][: ENGINE_SAVES_PER_GAME - 1] + [states[-1]]
        out += [json.loads(json.dumps(spec.to_json(s))) for s in picked]
    return tuple(out)


def _check_engine_save(game_id: str, data: Any, done: str) -> str:
    spec = load_spec(game_id)
    written = canonical(data)
    try:
        state = spec.from_json(data)
    except SaveFormatError as exc:
        assert_keyed(exc)
        return "refused"
    except Exception as exc:
        pytest.fail(f"{game_id}: {done} made from_json raise {type(exc).__name__}: {exc}")
    assert canonical(data) == written, f"{game_id}: from_json changed its input after {done}"
    assert canonical(spec.to_json(state)) == written, f"{game_id}: after {done} the save loaded but re-saves differently"
    try:
        spec.legal_actions(state)
    except Exception as exc:
        pytest.fail(f"{game_id}: {done} loaded, then legal_actions raised {type(exc).__name__}: {exc}")
    return "accepted"


@pytest.mark.parametrize("game_id", PRODUCT_GAMES)
def test_fuzzed_engine_saves_are_refused_with_a_key_or_load_as_written(game_id):
    saves = _engine_saves(game_id)
    texts = [canonical(d) for d in saves]
    for data in saves:  # the undamaged saves load and re-save as they are
        assert _check_engine_save(game_id, data, "no damage") == "accepted"
    seen = {"refused": 0, "accepted": 0}

    @ENGINE_FUZZ_SETTINGS
    @given(batches(len(saves)))
    def check(batch: list[tuple[int, int]]) -> None:
        for index, seed in batch:
            rnd = random.Random(seed)
            data: Any = saves[index]
            done = [f"save #{index}"]
            for _ in range(rnd.randint(1, 3)):
                data, what = damage_at(rnd, data, random_path(rnd, data))
                done.append(what)
            seen[_check_engine_save(game_id, data, "; ".join(done))] += 1

    check()
    assert sum(seen.values()) >= ENGINE_CASES, seen
    assert seen["refused"] > ENGINE_CASES // 2, seen  # the mutations do damage: most must be refused
    assert [canonical(d) for d in saves] == texts, "loading changed its input"
