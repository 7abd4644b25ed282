"""Nyhavn's guided first decision (:attr:`game.ui.catalog.ScreenSpec.guide`): take the cards of two docks, or build,
each step marking only the docks and tiles that can be tapped for it now (pure Python)."""

from __future__ import annotations

from typing import Any

from ..guide import GuideStep, first_taps
from .hint_targets import hint_keys


def guide(view: dict[str, Any], legal: list[dict[str, Any]], names: list[str], lang: str) -> tuple[GuideStep, ...]:
    """The steps for the decision on the table: what it is, what to tap, and help."""
    takes = [a for a in legal if a["type"] == "take" and not a.get("abilities")]  # two neighbouring docks, no ability
    builds = [a for a in legal if a["type"] == "build"]
    steps: list[GuideStep] = []
    if view.get("phase") == "turn" and (takes or builds):
        if takes:  # either dock of a pair may be tapped first
            steps.append(GuideStep("guide.nyhavn.take", tuple(dict.fromkeys(f"dock-{d}" for a in takes for d in a["docks"]))))
        if builds:
            steps.append(GuideStep("guide.nyhavn.build", first_taps(lambda a: hint_keys(view, legal, a), builds)))
    else:  # any other decision (the guide asked for again later): what the table and its bar light up
        steps.append(GuideStep("guide.nyhavn.other", first_taps(lambda a: hint_keys(view, legal, a), legal)))
    steps.append(GuideStep("guide.help", ("#hint",)))
    return tuple(steps)
