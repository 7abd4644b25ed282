"""The Barrio card set: 54 materials and 39 houses with fixed ids, and the 6 scoring cards.

The data lives in ``cards.json`` (the one place the project's design is kept);
this module loads it once and exposes compact tables the engine indexes by id.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

MATERIALS = ("wood", "brick", "stone", "concrete", "vegetal")
#: material kind codes of the 54 material cards: 0-4 plain, 5 wood/brick, 6 stone/concrete, 7 Burruño
KIND_NAMES = ("wood", "brick", "stone", "concrete", "vegetal", "wood/brick", "stone/concrete", "burruno")
DOUBLE_OF = {5: (0, 1), 6: (2, 3)}
BURRUNO = 7
NUM_MATERIALS = 54
NUM_CARDS = 93

DATA: dict[str, Any] = json.loads(resources.files(__package__).joinpath("cards.json").read_text(encoding="utf-8"))
LANDSCAPES: tuple[str, ...] = tuple(DATA["landscapes"])
ICONS: tuple[str, ...] = tuple(DATA["icons"])
SCORING: dict[str, dict[str, int]] = DATA["scoring_cards"]
PANORAMA_POINTS: tuple[int, ...] = tuple(DATA["panorama_points"])
PANORAMA_BEYOND_8: int = DATA["panorama_beyond_8"]

KIND: list[int] = []  #: KIND[id] for material ids
for _code, _entry in enumerate(DATA["materials"]):
    assert _entry["first_id"] == len(KIND) and KIND_NAMES[_code] == _entry["kind"]
    KIND.extend([_code] * _entry["count"])
assert len(KIND) == NUM_MATERIALS

HOUSES: dict[int, dict[str, Any]] = {h["id"]: h for h in DATA["houses"]}
assert sorted(HOUSES) == list(range(NUM_MATERIALS, NUM_CARDS))
POINTS = [0] * NUM_CARDS
COST = [(0, 0, 0, 0, 0)] * NUM_CARDS  #: counts per plain material
COST_SIZE = [0] * NUM_CARDS
ICON = [0] * NUM_CARDS
LEFT = [0] * NUM_CARDS
RIGHT = [0] * NUM_CARDS
for _id, _h in HOUSES.items():
    POINTS[_id] = _h["points"]
    COST[_id] = tuple(_h["cost"].count(m) for m in MATERIALS)
    COST_SIZE[_id] = len(_h["cost"])
    ICON[_id] = ICONS.index(_h["icon"])
    LEFT[_id] = LANDSCAPES.index(_h["left"])
    RIGHT[_id] = LANDSCAPES.index(_h["right"])


def is_house(card: int) -> bool:
    """True for the 39 house cards (ids 54-92)."""
    return card >= NUM_MATERIALS


def panorama_points(length: int) -> int:
    """Points of a panorama of ``length`` houses (each house beyond 8 adds 5)."""
    if length <= 8:
        return PANORAMA_POINTS[length]
    return PANORAMA_POINTS[8] + PANORAMA_BEYOND_8 * (length - 8)


def card_info(card: int) -> dict[str, Any]:
    """A JSON-able description of any card, for the UI."""
    if not isinstance(card, int) or not 0 <= card < NUM_CARDS:
        raise ValueError(f"no card with id {card!r}")
    if card < NUM_MATERIALS:
        return {"id": card, "kind": "material", "material": KIND_NAMES[KIND[card]]}
    return {"kind": "house", **HOUSES[card]}
