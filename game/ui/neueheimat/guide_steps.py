"""Neue Heimat's guided first decision (:attr:`game.ui.catalog.ScreenSpec.guide`): the illegal profits, a bid on
another player's auction, an auction of one's own, a sale, a piece to place; each step marking only the buttons and
targets that can be tapped for it now (pure Python)."""

from __future__ import annotations

from typing import Any

from ..guide import GuideStep, first_taps
from .hint_targets import hint_keys
from .labels import piece_words

#: the phases with their own words (others: ``guide.neueheimat.other``)
PHASES = ("profits", "bid", "choose", "resolve", "place")


def guide(view: dict[str, Any], legal: list[dict[str, Any]], names: list[str], lang: str) -> tuple[GuideStep, ...]:
    """The steps for the decision on the table: what it is (whose auction, which piece), what to tap, and help."""
    phase = view.get("phase")
    # a piece is placed row first where the lots are small (the row's button, then its lot): both are marked, the
    # table shows whichever can be tapped
    marks = first_taps(lambda a: hint_keys(view, legal, a), legal, every=phase == "place")
    piece = piece_words(view["piece"], lang) if view.get("piece") else ""

    def name(seat: Any) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""

    values: tuple[tuple[str, Any], ...] = ()
    if phase == "bid":
        values = (("name", name(view.get("auctioneer"))), ("piece", piece))
    elif phase == "resolve":
        values = (("name", name(view.get("high_bidder"))), ("piece", piece), ("amount", view.get("high_bid")))
    elif phase == "place":
        values = (("piece", piece),)
    key = f"guide.neueheimat.{phase}" if phase in PHASES else "guide.neueheimat.other"
    return (GuideStep(key, marks, values), GuideStep("guide.neueheimat.rounds"), GuideStep("guide.help", ("#hint",)))
