"""Every language has every text: UI, rules and guides, log lines, refusals, coach and share texts.

The texts are the catalogue files ``game/locale/<lang>.json`` (one file per language);
a key missing from one of them, or a text whose ``{fields}`` differ from English, fails here.
"""

from __future__ import annotations

import json
import random
import string

import pytest

from game.core import load_spec
from game.core.locale import LOCALE_DIR, catalogue, languages
from game.core.locale import language_names, rule_sections

OTHER = [lang for lang in languages() if lang != "en"]


def fields(text: str, lang: str = "en") -> set[str]:
    """The ``{fields}`` of a text; a term's own language (``{ability[fr]}``) counts as ``[en]``."""
    return {name.replace(f"[{lang}]", "[en]") for _, name, _, _ in string.Formatter().parse(text) if name}


def test_french_and_spanish_are_catalogue_files():
    assert {"en", "es", "fr"} <= set(languages())
    assert language_names()["fr"] == "Français"


@pytest.mark.parametrize("lang", OTHER)
def test_every_key_in_every_language(lang):
    english, own = catalogue("en"), catalogue(lang)
    missing = sorted(set(english) - set(own))
    extra = sorted(set(own) - set(english))
    assert not missing, f"{lang} lacks {len(missing)} keys, e.g. {missing[:10]}"
    assert not extra, f"{lang} has keys English lacks: {extra[:10]}"
    wrong = [k for k in english if fields(own[k], lang) != fields(english[k])]
    assert not wrong, f"{lang}: fields differ from English in {wrong[:10]}"
    assert all(text.strip() for text in own.values())


@pytest.mark.parametrize("lang", languages())
def test_catalogue_files_are_written_sorted(lang):
    path = LOCALE_DIR / f"{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert path.read_text(encoding="utf-8") == json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


@pytest.mark.parametrize("lang", OTHER)
def test_rules_and_guides_have_every_section(lang):
    for game in ("barrio", "nyhavn", "neueheimat"):
        english, own = rule_sections(game, "en"), rule_sections(game, lang)
        assert [len(p) for _, p in own] == [len(p) for _, p in english], game
        assert own != english, f"{game}'s rules are still English in {lang}"


@pytest.mark.parametrize("game_id", ["barrio", "nyhavn", "neueheimat"])
def test_log_lines_use_no_missing_key(game_id):
    """Random games described in every language: no line is a bare key or left in English where the language differs."""
    spec = load_spec(game_id)
    rnd = random.Random(7)
    state = spec.new_game(max(2, spec.min_players), seed=7)
    seen = 0
    for _ in range(400):
        log = spec.view(state, 0)["log"]
        for event in log[seen:]:
            lines = {lang: spec.describe_event(event, lang) for lang in languages()}
            for lang, line in lines.items():
                assert not line.startswith(f"{game_id}."), (lang, line)
            assert lines["fr"] != lines["en"] or event.get("type") in (), (event, lines)
        seen = len(log)
        if spec.is_over(state):
            break
        actions = spec.legal_actions(state)
        for action in actions[:3]:
            texts = {lang: spec.describe_action(state, action, lang) for lang in languages()}
            assert texts["fr"] != texts["en"], texts
        state = spec.apply_action(state, rnd.choice(actions))
