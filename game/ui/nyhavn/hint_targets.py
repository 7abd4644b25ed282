"""Which of Nyhavn's table targets and bar buttons show the coach's hint (pure: no browser needed)."""

from __future__ import annotations

from typing import Any

from .layout import tile_cells


def hint_keys(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """Target keys (``dock-1``…) and bar commands (``cmd:ability-…``) of ``action``, the first step first.

    A take is its docks, first dock first (after the *Both Actions* toggle when
    it uses that ability); a build is its tile stack, then the house cells the
    tile covers; a coat of arms is the white cell, the ability's button or
    *Refresh*; a discard is the hand card; a payment, the end of a turn and a
    pass are the bar's buttons (``pay-<i>`` lists the legal payments in order).
    """
    kind = action["type"]
    if kind == "take":
        docks = [f"dock-{d}" for d in action["docks"]]
        return (["cmd:both"] if "both_actions" in action.get("abilities", ()) else []) + docks
    if kind == "build":
        cells = tile_cells(action["tile"], action["orient"], (action["col"], action["row"]))
        return [f"stack-{action['tile']}"] + [f"cell-{c}-{r}" for c, r, _ in cells]
    if kind == "arms":
        if action.get("choice") == "white":
            return [f"cell-{action['col']}-{action['row']}"]
        if action.get("choice") == "refresh":
            return ["cmd:refresh"]
        return [f"cmd:ability-{action['ability']}"]
    if kind == "discard":
        return [f"hand-{action['colour']}"]
    if kind == "pay" and action in legal:
        return [f"cmd:pay-{legal.index(action)}"]
    if kind == "end_turn":
        return ["cmd:end"]
    if kind == "pass":
        return ["cmd:pass"]
    return []
