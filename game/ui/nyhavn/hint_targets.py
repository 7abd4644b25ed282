"""Which of Nyhavn's table targets and bar buttons show the coach's hint (pure: no browser needed)."""

from __future__ import annotations

from typing import Any

from game.nyhavn.text import first_orientation, turns

from .layout import grip, take_choice


def hint_keys(view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """Target keys (``dock-1``…) and bar commands (``cmd:rotate``…) of ``action``: tapped in this order, they make it.

    A take is its docks, first dock first (after the *Both Actions* toggle when it uses that ability), and *Take*
    where a bigger take would also be possible (the table then waits for it); a build is its tile stack, *Flip* and
    *Rotate* as often as it takes to turn the tile from the way the table first shows it to the hinted way (the
    hint's words say the same turns), the house cell under the tile's grip (a tap there puts the tile where the
    hint has it) and *Place*; a coat of arms is the white cell, the ability's button or *Refresh*; a discard is the
    hand card; a payment, the end of a turn and a pass are the bar's buttons (``pay-<i>`` lists the legal payments
    in order).
    """
    kind = action["type"]
    if kind == "take":
        both = "both_actions" in action.get("abilities", ())
        docks = [f"dock-{d}" for d in action["docks"]]
        _, _, more = take_choice(legal, list(action["docks"]), both)
        return (["cmd:both"] if both else []) + docks + (["cmd:take"] if more else [])
    if kind == "build":
        return _build_keys(legal, action)
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


def _build_keys(legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    tile, orient = action["tile"], action["orient"]
    flipped, rotations = turns(tile, first_orientation(tile, legal), orient)
    gx, gy = grip(tile, orient)
    return ([f"stack-{tile}"] + ["cmd:flip"] * flipped + ["cmd:rotate"] * rotations
            + [f"cell-{action['col'] + gx}-{action['row'] + gy}", "cmd:place"])
