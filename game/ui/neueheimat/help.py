"""Neue Heimat's in-app help: the rules (keys ``rules.neueheimat.*``), the project's own summary of the rules."""

from __future__ import annotations

from ...core.locale import rule_sections


class _Rules:
    """The in-app rules as (heading, paragraph) pairs per language: ``RULES.get(lang, RULES["en"])``."""

    def get(self, lang: str, default: object = None) -> list[tuple[str, str]]:
        return self[lang]

    def __getitem__(self, lang: str) -> list[tuple[str, str]]:
        return [(head, " ".join(paras)) for head, paras in rule_sections("neueheimat", lang)]


#: The in-app rules: our own words (keys ``rules.neueheimat.*``).
RULES = _Rules()


def rules(lang: str) -> list[tuple[str, list[str]]]:
    """The in-app rules as (heading, paragraphs), in ``lang`` (English when there is no translation)."""
    return [(head, [paragraph]) for head, paragraph in RULES.get(lang, RULES["en"])]
