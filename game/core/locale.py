"""The app's one translator, :func:`text`, and its catalogues: one JSON file per language in ``game/locale/``.

Each file maps a dotted key (``"barrio.market_too_big"``) to a text with
``{name}`` fields (:meth:`str.format`). Adding a language is adding one file;
a key missing from it falls back to English. A game's own folders may add texts in code
(:func:`add_texts`: a new game's screen needs no edit outside its folders); the files come first.
Engines, the app's screens and the build all ask :func:`text` (it lives in ``core`` because
``core`` and the engines may not import ``ui``).

Two kinds of variant keys let one call say the right words (:func:`template`):

- **plurals**: ``key#one`` / ``key#many`` beside ``key`` (the ``other`` form), chosen by the
  ``count`` field (else ``n``) through :func:`plural_category`, the CLDR rule of each language
  (en: one/other; es: one/many/other; fr: one/many/other, 0 and 1 being *one*);
- **you**: ``key@you`` (and ``key@you#one``…), chosen when the sentence's subject (field ``who``,
  ``name`` or ``names``) is a :class:`YouName`, the seat played on this device. Elsewhere in a
  sentence a :class:`YouName` reads as ``player.you.obj`` ("you", "ti", "vous"), or as itself
  ("You", "Tú", "Vous") where the text starts with it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
FALLBACK = "en"


def languages() -> tuple[str, ...]:
    """The languages with a catalogue file, English first."""
    found = sorted(p.stem for p in LOCALE_DIR.glob("*.json"))
    return tuple(sorted(found, key=lambda code: code != FALLBACK))


@lru_cache(maxsize=None)
def language_names() -> dict[str, str]:
    """Language code → the language's own name (key ``language.name`` of its file), English first."""
    return {code: catalogue(code).get("language.name", code) for code in languages()}


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """Every key → text of ``lang`` (empty for a language with no file)."""
    path = LOCALE_DIR / f"{lang}.json"
    if not path.is_file():
        return {}
    texts: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return texts


#: texts added in code by :func:`add_texts`, per language (behind the catalogue files)
_ADDED: dict[str, dict[str, str]] = {}


def add_texts(strings: dict[str, dict[str, str]]) -> None:
    """Add texts written in code, ``{"en": {key: text}, "es": {key: text}}``: a fallback behind the catalogue files."""
    for lang, table in strings.items():
        _ADDED.setdefault(lang, {}).update(table)
    varied_keys.cache_clear()
    _cached_text.cache_clear()


def has_text(key: str, lang: str) -> bool:
    """True when ``lang`` itself has a text for ``key`` (its catalogue or texts added in code; no English fallback)."""
    return key in catalogue(lang) or key in _ADDED.get(lang, {})


def keys_starting(prefix: str, lang: str = FALLBACK) -> list[str]:
    """Every key of ``lang`` (catalogue and added texts) starting with ``prefix``, sorted."""
    return sorted({k for k in catalogue(lang) if k.startswith(prefix)} | {k for k in _ADDED.get(lang, {}) if k.startswith(prefix)})


class YouName(str):
    """A seat's name when that seat is played on this device: "You" / "Tú" / "Vous".

    Passed as a text's field, it picks the text's ``@you`` variant (see the module's docstring).
    """

    __slots__ = ()


#: fields naming a sentence's subject: a :class:`YouName` there picks the ``@you`` variant
SUBJECT_FIELDS = ("who", "name", "names")
#: the field a plural variant agrees with: the first of these a text has (the coach's ``points`` and ``loss`` too, so
#: "about 1 point better" agrees as every count does)
COUNT_FIELDS = ("count", "n", "amount", "points", "loss")
#: a number as the texts print it: "3", "1.5", "1,5" (a decimal comma where the language writes one)
_NUMBER_TEXT = re.compile(r"-?\d+(?:[.,]\d+)?")


def _count_value(value: Any) -> float | None:
    """The number a count field holds, whether given as a number or as the number already in words ("1,5")."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str) and _NUMBER_TEXT.fullmatch(value):
        return float(value.replace(",", "."))
    return None


def plural_category(n: Any, lang: str) -> str:
    """The CLDR plural category of the number ``n`` in ``lang``: ``one``, ``many`` or ``other``.

    English: *one* for 1. Spanish: *one* for 1, *many* for a non-zero multiple of a million.
    French: *one* for 0 and 1 (and 1.5: any integer part 0 or 1), *many* for a non-zero multiple of a million.
    A number that is not a whole number is *other* (English and Spanish) as CLDR says for visible decimals.
    """
    try:
        value = float(n)
    except (TypeError, ValueError):
        return "other"
    whole = value == int(value)
    i = abs(int(value))
    code = lang.split("-")[0]
    if code == "fr":
        if i in (0, 1):
            return "one"
        return "many" if whole and i % 1_000_000 == 0 else "other"
    if code == "es":
        if whole and i == 1:
            return "one"
        return "many" if whole and i != 0 and i % 1_000_000 == 0 else "other"
    return "one" if whole and i == 1 else "other"


@lru_cache(maxsize=None)
def varied_keys() -> frozenset[str]:
    """The keys that have a plural or ``@you`` variant in some catalogue (only these need a choice)."""
    tables = [catalogue(lang) for lang in languages()] + list(_ADDED.values())
    return frozenset(k.split("#", 1)[0].split("@", 1)[0] for table in tables for k in table if "#" in k or "@" in k)


def variant_keys(key: str, lang: str, params: dict[str, Any]) -> tuple[str, ...]:
    """The keys to try for ``key`` with ``params``, most specific first (``key@you#one`` … ``key``)."""
    if not params or key not in varied_keys():  # the common case, kept fast: a frame asks for hundreds of texts
        return (key,)
    you = any(isinstance(params.get(f), YouName) for f in SUBJECT_FIELDS)
    category = "other"
    for f in COUNT_FIELDS:
        if f in params:
            value = _count_value(params[f])
            if value is not None:
                category = plural_category(value, lang)
            break
    out = []
    for base in ((f"{key}@you", key) if you else (key,)):
        if category != "other":
            out.append(f"{base}#{category}")
        out.append(base)
    return tuple(out)


def template(key: str, lang: str, params: dict[str, Any], *tables: dict[str, str]) -> str | None:
    """The template for ``key`` in ``lang`` given its ``params``: its ``@you``/plural variant when it has one.

    ``tables`` are the catalogues to search in order (a variant is looked for in each before the next:
    Spanish's plain text comes before English's variant). ``None`` when no table has the key.
    """
    keys = variant_keys(key, lang, params)
    for table in tables:
        for k in keys:
            found = table.get(k)
            if found:
                return found
    return None


def fill(template_text: str, lang: str, params: dict[str, Any]) -> str:
    """``template_text`` formatted with ``params``; a :class:`YouName` not at the start reads as ``player.you.obj``."""
    if params and any(v.__class__ is YouName for v in params.values()):
        obj = catalogue(lang).get("player.you.obj") or catalogue(FALLBACK).get("player.you.obj") or "you"
        params = {k: (v if not isinstance(v, YouName) or template_text.startswith("{" + k + "}") else obj)
                  for k, v in params.items()}
    try:
        return template_text.format(**params)
    except (KeyError, IndexError, ValueError):
        return template_text


def _translate(key: str, lang: str, params: dict[str, Any]) -> str:
    found = template(key, lang, params, catalogue(lang), _ADDED.get(lang, {}), catalogue(FALLBACK), _ADDED.get(FALLBACK, {}))
    if found is None:
        return key
    return fill(found, lang, params)


@lru_cache(maxsize=4096)
def _cached_text(key: str, lang: str, fields: tuple[tuple[str, Any, type], ...]) -> str:
    return _translate(key, lang, {name: value for name, value, _ in fields})


def text(key: str, lang: str = FALLBACK, **params: Any) -> str:
    """The text of ``key`` in ``lang`` with ``params`` filled in (English if missing there).

    Picks the key's plural and ``@you`` variants (see the module's docstring).
    An unknown key gives the key itself, so a gap shows rather than crashing the page.
    Remembered: a frame asks for the same few hundred labels again and again. Each value's
    type is part of what is remembered, as a :class:`YouName` (or ``1.0``) reads otherwise than
    the equal ``str`` (or ``1``).
    """
    try:  # most labels have no parameter or one: nothing to sort (a frame asks for some 160)
        fields = tuple((name, value, type(value)) for name, value in params.items())
        return _cached_text(key, lang, fields if len(fields) < 2 else tuple(sorted(fields)))
    except TypeError:  # a value that cannot be remembered (a list, a dict): translate it afresh
        return _translate(key, lang, params)


def rule_sections(game: str, lang: str) -> list[tuple[str, list[str]]]:
    """A game's in-app rules as (heading, paragraphs) from keys ``rules.<game>.<NN>.head`` / ``.p<N>``.

    In ``lang`` when that language has them, else in English.
    """
    prefix = f"rules.{game}."
    lang = lang if any(k.startswith(prefix) for k in catalogue(lang)) else FALLBACK
    sections: dict[int, dict[str, str]] = {}
    for key, words in catalogue(lang).items():
        if key.startswith(prefix):
            number, part = key[len(prefix):].split(".", 1)
            sections.setdefault(int(number), {})[part] = words
    return [(parts.get("head", ""), [parts[p] for p in sorted((p for p in parts if p != "head"), key=lambda p: int(p[1:]))])
            for _, parts in sorted(sections.items())]
