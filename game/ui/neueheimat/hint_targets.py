"""Which of Neue Heimat's table targets and decision buttons show the coach's hint (pure: no browser needed)."""

from __future__ import annotations

from typing import Any

from .offers import bid_offered


def hint_keys(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """Target keys (``cube-0-left``…) and decision buttons (``act:pass``…) of ``action``: one tap each.

    A bid the quick-bid buttons do not offer is made with the bid stepper: its Bid button (``act:bid-any``), which the
    screen sets to the hinted amount when it shows the hint (:meth:`NeueHeimatScreen.show_hint`). A piece to place
    names its row and its lot: a table whose lots are too small for a finger shows the row's button first, and the
    lot's once that row is shown large; a larger table shows only the lot's.
    """
    kind = action["type"]
    if kind == "auction":
        piece = action["piece"]
        if piece == "cube":
            return [f"cube-{action['row']}-{action['end']}"]
        if piece == "roof":
            return ["roofs"]
        if piece == "permit":
            return [f"permit-{action['size']}"]
        return [piece]
    if kind == "place":  # where the lots are too small for a finger the row is tapped first, then its lot shown large
        return [f"row-{action['row']}", f"lot-{action['row']}-{action['lot']}"]
    if kind == "mayor":
        return [f"mayor-{action['row']}"]
    if kind in ("permit", "cancel"):
        return [f"{kind}-{action['row']}-{action['change']}"]
    if kind == "profits":
        return ["act:profits-take" if action["take"] else "act:profits-keep"]
    if kind == "bid":
        if bid_offered(view, action["amount"]) == "stepper":
            return ["act:bid-any"]
        return [f"act:bid-{action['amount']}"]
    if kind in ("pass", "sell", "buy", "discard"):
        return [f"act:{kind}"]
    return []
