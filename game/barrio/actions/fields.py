"""Reading an action's fields, shared by the actions that name several cards."""

from __future__ import annotations

from ..state import Action


def sort_cards(a: Action) -> None:
    """Put ``a["cards"]`` in id order, the order the options list them (non-numbers last, left for the refusal)."""
    cards = a.get("cards")
    if isinstance(cards, list):
        a["cards"] = sorted(cards, key=lambda c: (not isinstance(c, int), c if isinstance(c, int) else 0))
