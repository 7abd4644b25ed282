"""Reading an action's fields: the engine's own spelling of an action, before it is checked.

An action is legal when it equals one of the options, and ``==`` takes
``67.0`` and ``True`` for the whole numbers ``67`` and ``1``; ``do`` needs real
ints (they index lists and go into the state and its JSON), so every action
but a placement (whose fields must be ints, :func:`game.barrio.actions.place.normalize`)
has its numbers spelled as the options spell them first.
"""

from __future__ import annotations

from typing import Any

from ..state import Action


def canonical(a: Action) -> Action:
    """``a`` (a copy the caller owns) with whole floats and bools, nested ones too, as the ints they equal."""
    for key, value in a.items():
        kind = type(value)
        if kind is not int and kind is not str:
            a[key] = _spelled(value)
    return a


def _spelled(value: Any) -> Any:
    """``value`` with its whole numbers as ints: new lists and dicts, the caller's are never changed."""
    kind = type(value)
    if kind is bool:
        return int(value)
    if kind is float:
        return int(value) if value.is_integer() else value
    if kind is list:
        return [_spelled(v) for v in value]
    if kind is dict:
        return {k: _spelled(v) for k, v in value.items()}
    return value


def sort_cards(a: Action) -> Action:
    """:func:`canonical`, and ``a["cards"]`` in id order, the order the options list them (non-numbers last,
    left for the refusal)."""
    canonical(a)
    cards = a.get("cards")
    if isinstance(cards, list):
        a["cards"] = sorted(cards, key=lambda c: (not isinstance(c, int), c if isinstance(c, int) else 0))
    return a
