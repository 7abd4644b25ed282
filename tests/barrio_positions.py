"""Barrio positions and moves for the rule tests: cards by material, plays, a refusal checked in every language."""

from __future__ import annotations

import json

import pytest

import game.barrio as B
from lab.barrio.scenario import material
from game.barrio.saves import all_cards
from game.core import IllegalAction
from game.core.locale import has_text, languages

WOOD, BRICK, STONE, CONCRETE, VEGETAL = (material(k) for k in ("wood", "brick", "stone", "concrete", "vegetal"))

BURR = material("burruno")


def refuse(state, action, *words):
    """The action is refused with a sentence containing ``words``, and the state is untouched."""
    before = json.dumps(B.SPEC.to_json(state), sort_keys=True)
    with pytest.raises(IllegalAction) as err:
        B.SPEC.apply_action(state, action)
    message = str(err.value).lower()
    # every refusal is keyed, with a text in each language
    assert err.value.key.startswith(("barrio.", "core.")), err.value.key
    for lang in languages():
        assert has_text(err.value.key, lang), (err.value.key, lang)
        assert "{" not in err.value.text(lang)
    for w in words:
        assert w.lower() in message, message
    assert json.dumps(B.SPEC.to_json(state), sort_keys=True) == before
    return message


def events(before, after, kind=None):
    new = after.log[len(before.log):]
    return [e for e in new if kind is None or e["type"] == kind]


def play(state, *actions):
    for a in actions:
        state = B.SPEC.apply_action(state, a)
    return state


def sound(state):
    assert sorted(all_cards(state)) == list(range(93))


def place(card, r, c):
    return {"type": "place", "card": card, "row": r, "col": c}


DECK = {"type": "draw", "source": "material_deck"}


def _six_houses():
    return [[54, 56, 57, 58, 60, 62]]
