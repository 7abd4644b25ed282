"""The app's own words, read from the catalogue files ``game/locale/<lang>.json``.

Every screen's text is a key there (``start.new``, ``ny.harbour``, ``rules.barrio.01.head``…);
a language is one file, so adding one needs no code. :func:`register` still accepts
texts written in code (``{"en": {key: text}, …}``) as a fallback behind the files.
"""

from __future__ import annotations

from ..core.locale import catalogue, fill, languages, template

#: language code → its own name, one per catalogue file (``game/locale/<code>.json``: key ``language.name``)
LANGUAGES: dict[str, str] = {code: catalogue(code).get("language.name", code) for code in languages()}

#: texts added in code by :func:`register` (a fallback: the catalogue files come first)
STRINGS: dict[str, dict[str, str]] = {}


def register(strings: dict[str, dict[str, str]]) -> None:
    """Add a game screen's strings: ``{"en": {key: text}, "es": {key: text}}``."""
    for lang, table in strings.items():
        STRINGS.setdefault(lang, {}).update(table)


def t(key: str, lang: str = "en", **values: object) -> str:
    """The text for ``key`` in ``lang`` (falling back to English, then the key), formatted with ``values``.

    Plural and ``@you`` variants are chosen as :func:`game.core.locale.text` does (one rule for the whole app).
    """
    found = template(key, lang, values, catalogue(lang), STRINGS.get(lang, {}), catalogue("en"), STRINGS.get("en", {}))
    if found is None:
        return key
    return fill(found, lang, values) if values else found


def has(key: str, lang: str) -> bool:
    """True when ``lang`` itself has a text for ``key`` (no English fallback)."""
    return key in catalogue(lang) or key in STRINGS.get(lang, {})


def keys(prefix: str, lang: str = "en") -> list[str]:
    """Every key of ``lang`` starting with ``prefix``, sorted (the rules' sections and paragraphs)."""
    found = set(k for k in catalogue(lang) if k.startswith(prefix)) | set(k for k in STRINGS.get(lang, {}) if k.startswith(prefix))
    return sorted(found)


def rule_sections(game: str, lang: str) -> list[tuple[str, list[str]]]:
    """A game's in-app rules as (heading, paragraphs) from keys ``rules.<game>.<NN>.head`` / ``.p<N>``.

    In ``lang`` when that language has them, else in English.
    """
    prefix = f"rules.{game}."
    lang = lang if any(k.startswith(prefix) for k in catalogue(lang)) else "en"
    sections: dict[int, dict[str, str]] = {}
    for key, text in catalogue(lang).items():
        if key.startswith(prefix):
            number, part = key[len(prefix):].split(".", 1)
            sections.setdefault(int(number), {})[part] = text
    return [(parts.get("head", ""), [parts[p] for p in sorted((p for p in parts if p != "head"), key=lambda p: int(p[1:]))])
            for _, parts in sorted(sections.items())]
