"""A new game on the fake page, and whether its first-turn guide shows (the guide tests)."""

from __future__ import annotations

from .ui_harness import Harness


def new_game(h: Harness, game_id: str, options: dict, seed: int = 4) -> None:
    h.request(type="new", settings={"game": game_id, "lang": "en", "seed": str(seed), **options})
    if h.find("keep-unfinished") is not None:  # a game with moves is saved unfinished: start another beside it
        h.click(h.find("keep-it"))
    for _ in range(50):  # the computer seats play until it is the player's turn
        h.host.run_timers(limit=50)
        if h.app.screen.is_my_turn():
            return
    raise AssertionError("the player never got a turn")


def guide_shown(h: Harness) -> bool:
    box = h.find("guide")
    return box is not None and not box.hidden
