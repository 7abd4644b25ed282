"""Which of Nyhavn's table targets and bar buttons show the coach's hint (pure: no browser needed)."""

from __future__ import annotations

from typing import Any

from .layout import tile_cells


def hint_keys(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """Target keys (``dock-1``…) and bar commands (``cmd:ability-…``) of ``action``, the first step first.

    A take is its docks, first dock first; a build is its tile stack, then the
    house cells the tile covers; a coat of arms is the white cell or the
    ability's button; a discard is the hand card.
    """
    kind = action["type"]
    if kind == "take":
        return [f"dock-{d}" for d in action["docks"]]
    if kind == "build":
        cells = tile_cells(action["tile"], action["orient"], (action["col"], action["row"]))
        return [f"stack-{action['tile']}"] + [f"cell-{c}-{r}" for c, r, _ in cells]
    if kind == "arms":
        if action.get("choice") == "white":
            return [f"cell-{action['col']}-{action['row']}"]
        return [f"cmd:ability-{action['ability']}"]
    if kind == "discard":
        return [f"hand-{action['colour']}"]
    return []
