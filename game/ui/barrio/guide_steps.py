"""Barrio's guided first decision (:attr:`game.ui.catalog.ScreenSpec.guide`): Klaus's tie at set-up, the houses to
keep, or placing and drawing, each step marking only the targets that can be tapped for it now (pure Python)."""

from __future__ import annotations

from typing import Any

from ...barrio import cards as C
from ..guide import GuideStep, first_taps
from .hint_targets import hint_keys

#: the plain turn's decisions, each with its step's words
TURN_STEPS = (("place", "guide.barrio.place"), ("draw", "guide.barrio.draw"), ("build", "guide.barrio.build"))


def guide(view: dict[str, Any], legal: list[dict[str, Any]], names: list[str], lang: str) -> tuple[GuideStep, ...]:
    """The steps for the decision on the table: what it is, what to tap (the legal actions' first taps), and help."""
    def taps(kind: str) -> tuple[str, ...]:
        return first_taps(lambda a: hint_keys(view, legal, a), [a for a in legal if a["type"] == kind])

    kinds = {a["type"] for a in legal}
    steps: list[GuideStep] = []
    if "klaus_tie" in kinds:  # only the tied houses can be tapped
        steps.append(GuideStep("guide.barrio.tie", taps("klaus_tie")))
    elif "keep_houses" in kinds:  # each house in hand marks or unmarks; Keep keeps the marked ones
        houses = sorted({c for a in legal if a["type"] == "keep_houses" for c in a["cards"]} |
                        {c for c in view["hand"] if isinstance(c, int) and c >= C.NUM_MATERIALS})
        steps.append(GuideStep("guide.barrio.keep", tuple(f"hand-{c}" for c in houses) + ("keep",)))
    elif kinds & {kind for kind, _ in TURN_STEPS}:
        steps += [GuideStep(key, taps(kind)) for kind, key in TURN_STEPS if kind in kinds]
    else:  # any other decision (the guide asked for again later): the lit things, as the prompt explains them
        steps.append(GuideStep("guide.barrio.other", first_taps(lambda a: hint_keys(view, legal, a), legal)))
    steps.append(GuideStep("guide.help", ("#hint",)))
    return tuple(steps)
