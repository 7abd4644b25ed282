"""The three games as the layout tests open them: default options from the start screen, a fixed seed, and
what must be on screen for the player's first decision (see :mod:`tests.browser.layout`)."""

from __future__ import annotations

from typing import Any

from .layout import GameShape

SEED = 11


def _press(page: Any, locator: Any) -> None:
    if page.evaluate("navigator.maxTouchPoints > 0"):
        locator.tap()
    else:
        locator.click()


def _start(page: Any, game_id: str, ready: str) -> None:
    """From the ready start screen: pick ``game_id`` with its default options and seed :data:`SEED`, start, wait for ``ready``."""
    _press(page, page.locator(f"label[for=game-{game_id}]"))
    page.locator("#f-seed").fill(str(SEED))
    page.locator("#f-seed").dispatch_event("change")
    _press(page, page.get_by_role("button", name="Start new game"))
    page.wait_for_function(ready, timeout=60_000)


def start_barrio(page: Any) -> None:
    _start(page, "barrio", "document.querySelector('#barrio-board button[data-key^=\"hand-\"]:not([disabled])') !== null")


def start_nyhavn(page: Any) -> None:
    _start(page, "nyhavn", "document.querySelector('section.table[data-mine=true]') !== null")


def start_neueheimat(page: Any) -> None:
    _start(page, "neueheimat", "document.querySelector('#nh-controls button[data-act], .board button.target[data-legal]') !== null")


GAMES = {
    "barrio": GameShape("barrio", start_barrio, [
        ("prompt", "box:#barrio-board"),
        ("hand", "#barrio-board button[data-key^='hand-']"),
    ]),
    "nyhavn": GameShape("nyhavn", start_nyhavn, [
        ("prompt", "#nyhavn-info"),
        ("house", ".board button[data-key^='cell-']"),
        ("hand", ".board button[data-key^='hand-']"),
    ]),
    "neueheimat": GameShape("neueheimat", start_neueheimat, [
        ("prompt", "#nh-controls"),
        # the decision's place on the table and the player's own row (money, cash box, score) beside the panel
        ("auction", "box:.board|auction"),
        ("own", "box:.board|own"),
    ]),
}
