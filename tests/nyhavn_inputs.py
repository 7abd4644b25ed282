"""Nyhavn's tile paths as a player turns a tile on the table (the table tests and the guest phone's taps)."""

from __future__ import annotations

from game.ui.nyhavn.layout import turned


def orient_path(tile: str, start: int, goal: int) -> list[str]:
    """The rotate/flip presses that turn ``tile`` from ``start`` to ``goal``."""
    paths = {start: []}
    todo = [start]
    while todo:
        o = todo.pop(0)
        for how in ("rotate", "flip"):
            m = turned(tile, o, how)
            if m not in paths:
                paths[m] = paths[o] + [how]
                todo.append(m)
    return paths[goal]
