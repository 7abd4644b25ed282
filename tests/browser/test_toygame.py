"""A fourth game through the generic machinery only: the toy game of ``tests/toygame.py`` with its
screen ``tests/toygame_ui.py``, shipped by the test-only build (``build.py build --with-test-games``).

It is chosen on the static start screen, played to the end by taps on its canvas targets against a
computer seat, and its end screen shows the engine's own scores. The normal site never has it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterator

import pytest

import build
from game.core import Match
from game.core import match as match_mod

from .. import toygame
from .conftest import ROOT, Server, wait_ready


@pytest.fixture(scope="session")
def toy_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The test-only site, built once per session into a temporary directory and served on 127.0.0.1."""
    out = tmp_path_factory.mktemp("toy-dist")
    env = {k: v for k, v in os.environ.items() if k != "HOUSE_GAMES_EXTRA"}  # build.py sets it itself
    subprocess.run([sys.executable, str(ROOT / "build.py"), "build", "--with-test-games", "--out", str(out)],
                   cwd=ROOT, env=env, check=True, capture_output=True)
    server = Server(out)
    yield server
    server.stop()


@pytest.fixture
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """This process reads the browser's autosave of the toy game."""
    sys.modules.setdefault("tests.toygame", toygame)
    monkeypatch.setitem(match_mod.GAME_MODULES, "toy", "tests.toygame")


def test_toy_game_plays_to_the_end_by_taps_on_its_table(make_context, toy_site, toy_registered, shot):
    page = make_context().new_page()
    page.goto(toy_site.url + "?pause=0")
    wait_ready(page)
    choice = page.locator('label[for="game-toy"]')
    assert choice.get_attribute("data-available") == "true", "the test-only build lists the toy game as playable"
    choice.tap()
    page.locator("#f-seed").fill("7")
    page.get_by_role("button", name="Start new game").tap()
    page.wait_for_selector("header.topbar h1:has-text('Toy')")
    table = page.get_by_role("group", name="Toy table")
    assert table.locator("canvas").count() == 1, "the toy screen draws on a canvas (not the generic list)"
    bump, end = page.get_by_role("button", name="Bump by 2"), page.get_by_role("button", name="End the turn")
    for turn in range(3):  # the human moves on turns 1, 3 and 5; the computer on the others
        page.wait_for_function("() => { const b = document.querySelector('.targets button[data-key=\"bump-2\"]');"
                               " return b && !b.disabled; }")
        assert end.is_disabled(), "ending the turn is not legal before a move"
        bump.tap()
        page.wait_for_function("() => !document.querySelector('.targets button[data-key=\"end-\"]').disabled")
        assert bump.is_disabled() and table.locator("button[data-legal=true]").count() == 1
        end.tap()
    page.wait_for_selector("#end-screen")
    shot(page, "toygame-end")
    shown = [int(x) for x in page.locator("#final-scores tbody td.num").all_inner_texts()]
    saved = json.loads(page.evaluate("houseGames.autosave()"))
    match = Match.from_json(saved)
    assert toygame.is_over(match.state)
    assert shown == toygame.scores(match.state)
    assert match.state.counters[0] == 6, "three bumps by 2, all from the taps"
    assert [e.action for e in match.entries if e.player == 0] == [{"type": "bump", "by": 2}, {"type": "end"}] * 3


def test_the_normal_site_has_no_toy_game(dist: Path):
    page = (dist / "index.html").read_text()
    assert 'id="game-barrio"' in page and "game-toy" not in page
    assert "toy" not in json.loads((dist / "rules.json").read_text())["en"]
    assert "HOUSE_GAMES_EXTRA" not in (dist / "main.py").read_text()
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert not [n for n in zf.namelist() if n.startswith("tests/") or "toygame" in n]
    assert build.TEST_GAMES.keys() == {"toy"}
