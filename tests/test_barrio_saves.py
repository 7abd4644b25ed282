"""Barrio saves: old formats load, and damaged saves are refused with a reason or load as a sound state."""

import json
from pathlib import Path

import pytest

import game.barrio as B

OLD_SAVES = json.loads((Path(__file__).parent / "data" / "barrio_saves_v1.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("entry", OLD_SAVES, ids=[f"{e['players']}p-{e['phase']}" for e in OLD_SAVES])
def test_format_1_saves_from_the_first_engine_still_load_and_play_on(entry):
    """Saves written by the first engine (format 1, generated before the renaming) load in today's format."""
    old = entry["save"]
    s = B.from_json(json.loads(json.dumps(old)))
    new = B.to_json(s)
    assert new["version"] == 2 and old["version"] == 1
    assert new["klaus_owed"] == old["owe"] and "owe" not in new
    assert {k: v for k, v in new.items() if k not in ("version", "klaus_owed")} == \
        {k: v for k, v in old.items() if k not in ("version", "owe")}
    assert B.from_json(new) == s
    assert s.phase == entry["phase"] and s.players == entry["players"]
    if entry["phase"] == "over":
        assert B.legal_actions(s) == [] and B.winners(s)
    else:
        t = B.apply_action(s, B.legal_actions(s)[0])
        assert B.from_json(B.to_json(t)) == t
