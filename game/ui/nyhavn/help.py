"""Nyhavn's in-app help: what each ability does and the rules, written for this app.

The texts are keys of the catalogue files (``ny.*``, ``rules.nyhavn.*`` in
``game/locale/<lang>.json``); :mod:`.screen` shows :func:`rules_sections` in a collapsible panel.
"""

from __future__ import annotations

from ...core.locale import rule_sections, text

#: two-letter marks of the ability tiles on small badges
ABILITY_SHORT = {"any_cards": "AC", "additional_card": "+1", "construction_discount": "−1", "change_of_colours": "CC",
                 "both_actions": "A+B"}


def ability_help(name: str, lang: str) -> str:
    """One line on what an ability tile does, shown when its tile is tapped."""
    return text(f"ny.ability_help.{name}", lang)


def rules_sections(lang: str) -> list[tuple[str, list[str]]]:
    """The rules as (heading, paragraphs), in ``lang`` (English when there is no translation)."""
    return rule_sections("nyhavn", lang)


__all__ = ["ABILITY_SHORT", "ability_help", "rules_sections"]
