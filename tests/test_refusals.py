"""Every refusal of every game is keyed, has a text in every language, and changes nothing.

Shared convention 1 (``game/core/errors.py``): an engine refuses with
``IllegalAction(key="<game>.<name>", **params)``; the catalogues in
``game/locale/<lang>.json`` hold one text per key. This file plays seeded
random games of every game in :data:`game.GAMES` and, at every step, tries
actions that should be refused:

* legal actions with one field changed (a number moved or out of range, a
  name replaced, a list cut or grown, a field dropped or of the wrong type);
* actions that were legal at other moments of the game (other phases, other
  players' turns);
* wrong types and shapes (unknown ``type``, no ``type``, not an object).

A candidate the engine accepts is fine (it may be a legal action written
another way). A refusal must be an :class:`IllegalAction` with a catalogue
key that is not the generic ``core.illegal``, whose text exists in every
catalogue language and formats with the refusal's parameters; and refusing
must leave the state exactly as it was.
"""

from __future__ import annotations

from .sizes import soak

import copy
import json
from typing import Any

import pytest

from game import PRODUCT_GAMES as GAMES  # the refusal texts ship: the product games
from game.core import IllegalAction, Rng, load_spec
from game.core.locale import catalogue, has_text, languages

#: illegal candidates tried per step (sampled from all the candidates built)
TRIES_PER_STEP = soak(10, 2)
#: actions remembered from earlier steps, offered again later as "other phase / other player" candidates
POOL_SIZE = 60
ODD_VALUES: tuple[Any, ...] = (None, True, -1, 10**6, 2.5, "", "zzz", [], {}, [[1]])


def _changed_values(value: Any, rng: Rng) -> list[Any]:
    """Values that replace one field of a legal action: near misses first, then nonsense."""
    out: list[Any] = []
    if isinstance(value, bool):
        out += [not value, 0, "yes"]
    elif isinstance(value, int):
        out += [value + 1, value - 1, -value - 1, value + 7, 10**9, str(value), float(value)]
    elif isinstance(value, str):
        out += [value + "x", value.upper(), "", 3]
    elif isinstance(value, list):
        out += [value[:-1], value + value[-1:] if value else [0], list(reversed(value)), [value], "x"]
        if value:
            i = rng.randrange(len(value))
            for inner in _changed_values(value[i], rng)[:3]:
                out.append(value[:i] + [inner] + value[i + 1:])
    elif isinstance(value, dict):
        out += [{}, [value], {**value, "zzz": 1}]
        for k, v in value.items():
            out.append({**value, k: (v + 1) if isinstance(v, int) and not isinstance(v, bool) else None})
    out += [v for v in ODD_VALUES if type(v) is not type(value)]
    return out


def _mutations(action: dict[str, Any], rng: Rng) -> list[Any]:
    """Near-miss and malformed variants of one legal action."""
    out: list[Any] = []
    for key, value in action.items():
        if key == "type":
            out += [{**action, "type": value + "_"}, {**action, "type": 1}, {k: v for k, v in action.items() if k != "type"}]
            continue
        out.append({k: v for k, v in action.items() if k != key})
        for changed in _changed_values(value, rng):
            out.append({**action, key: changed})
    return out


SHAPES: tuple[Any, ...] = (
    None, [], "pass", 7, {}, {"type": None}, {"type": ""}, {"type": "no-such-action"},
    {"type": ["take"]}, {"type": {"a": 1}},
)


def _frozen(state_json: dict[str, Any]) -> str:
    return json.dumps(state_json, sort_keys=True)


def _check_refusal(game_id: str, exc: BaseException, action: Any) -> None:
    where = f"{game_id}: refusing {action!r}"
    assert isinstance(exc, IllegalAction), f"{where} raised {type(exc).__name__}: {exc}"
    assert exc.key, f"{where}: refusal without a catalogue key ({exc})"
    assert exc.key != "core.illegal", f"{where}: the generic key says nothing about what is wrong ({exc})"
    for lang in languages():
        assert has_text(exc.key, lang), f"{where}: key {exc.key!r} has no {lang} text"
        template = catalogue(lang)[exc.key]
        try:
            formatted = template.format(**exc.params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError) as err:
            pytest.fail(f"{where}: {lang} text of {exc.key!r} does not format with {exc.params!r}: {err!r}")
        assert formatted.strip(), f"{where}: empty {lang} text for {exc.key!r}"
    assert str(exc).strip(), f"{where}: empty English message"


def _games(spec) -> list[tuple[int, int]]:
    counts = sorted({spec.min_players, spec.max_players})
    return [(players, seed) for players in counts for seed in (1, 2)]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_refusal_is_keyed_translated_and_harmless(game_id):
    spec = load_spec(game_id)
    tried = refused = 0
    for players, seed in _games(spec):
        rng = Rng(seed, stream=31)
        state = spec.new_game(players, seed)
        pool: list[dict[str, Any]] = []
        steps = 0
        while not spec.is_over(state):
            legal = spec.legal_actions(state)
            assert legal, f"{game_id}: a game that is not over must offer an action"
            legal_keys = {_frozen(a) for a in legal}
            candidates: list[Any] = list(SHAPES)
            for a in rng.choice([legal[:3], legal[-3:]]) + [legal[rng.randrange(len(legal))]]:
                candidates += _mutations(a, rng)
            candidates += [a for a in pool if _frozen(a) not in legal_keys]
            before = spec.to_json(state)
            frozen_before = _frozen(before)
            for _ in range(TRIES_PER_STEP):
                action = copy.deepcopy(candidates[rng.randrange(len(candidates))])
                if isinstance(action, dict) and _frozen(action) in legal_keys:
                    continue
                tried += 1
                try:
                    spec.apply_action(state, action)
                except Exception as exc:
                    refused += 1
                    _check_refusal(game_id, exc, action)
                assert _frozen(spec.to_json(state)) == frozen_before, (
                    f"{game_id}: trying {action!r} changed the state")
            choice = legal[rng.randrange(len(legal))]
            if len(pool) < POOL_SIZE:
                pool.append(choice)
            else:
                pool[rng.randrange(POOL_SIZE)] = choice
            state = spec.apply_action(state, choice)
            steps += 1
            assert steps < 5000, f"{game_id}: random game did not end"
        # Nothing is legal once the game is over: every action is refused, with a key.
        for action in pool[:10] + list(SHAPES):
            with pytest.raises(Exception) as err:
                spec.apply_action(state, copy.deepcopy(action))
            _check_refusal(game_id, err.value, action)
    # the candidates must actually have reached the engine's refusals
    assert refused > 0.5 * tried, f"{game_id}: only {refused} of {tried} candidates were refused"


#: each kind of player data, by the error its ``jsonfmt`` readers refuse with (``<subject>.<kind>``)
def _player_data_errors() -> list[type]:
    from game.core import SaveFormatError
    from game.core.record import RecordError
    from game.ui.book_rows import BookImportError
    from game.ui.multidevice import MessageError
    from game.ui.storage import StoredEntryError

    return [SaveFormatError, RecordError, BookImportError, StoredEntryError, MessageError]


#: the readers' refusal kinds and the values each text is given (``game.core.jsonfmt``)
READER_KINDS = {"int": {"low": 0, "high": 5}, "type": {}, "bool": {}, "list": {}, "list_length": {"count": 2},
                "choice": {}, "missing": {}, "unknown": {}}


@pytest.mark.parametrize("error", _player_data_errors(), ids=lambda e: e.subject)
def test_every_refusal_of_player_data_is_keyed_and_translated(error):
    """Saved games, game records, the record book's rows (stored or imported) and other phones' messages are read by
    the same readers: every key they can raise for each kind of data has a text in every language naming the field."""
    for kind, params in READER_KINDS.items():
        exc = error(key=f"{error.subject}.{kind}", field="some.field", **params)
        _check_refusal_text(f"{error.subject} data", exc)
        for lang in languages():
            assert "some.field" in exc.text(lang), (exc.key, lang)


def _check_refusal_text(where: str, exc: Any) -> None:
    """Like :func:`_check_refusal`'s text checks, for a refusal of data rather than of a move."""
    assert exc.key and exc.key != exc.default_key, f"{where}: {exc.key!r}"
    for lang in languages():
        assert has_text(exc.key, lang), f"{where}: key {exc.key!r} has no {lang} text"
        assert catalogue(lang)[exc.key].format(**exc.params).strip(), f"{where}: empty {lang} text for {exc.key!r}"
