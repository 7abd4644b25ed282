"""A fourth game added as ``docs/new-game.md`` says: two folders and one registry line, nothing else.

The toy game's template (``tests/toygame/engine`` and ``tests/toygame/screen``) is copied into a copy of the
product as ``game/toy/`` and ``game/ui/toy/``, its id is appended to the registry's ``PRODUCT_GAMES`` line, and
the copy is built with the ordinary ``build.py build``. The test checks that nothing else changed, then
plays the game in the browser from the start screen: its start option (``turns``, declared in its
``GameSpec``) is drawn there from the spec, chosen, and reaches the engine; the game is played to the end by
taps on its canvas against the computer, and the end screen shows the engine's own scores.
"""

from __future__ import annotations

import difflib
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterator

import pytest

from game.core import Match

from ..toygame import engine as toygame
from .conftest import ROOT, Server, wait_ready

GAME_ID = toygame.SPEC.game_id
REGISTRY = "game/__init__.py"


def product_files() -> list[str]:
    """The product's files as git sees them (tracked and new, not ignored), without the tests."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                            capture_output=True).stdout.decode().split("\0")
    return [f for f in listed if f and not f.startswith("tests/") and (ROOT / f).is_file()]


def add_to_registry(text: str, game_id: str) -> str:
    """The registry with ``game_id`` appended to ``PRODUCT_GAMES``: the one line a new game changes there."""
    lines = text.splitlines(keepends=True)
    (i,) = [i for i, line in enumerate(lines) if line.startswith("PRODUCT_GAMES")]
    lines[i] = re.sub(r"\)(\s*)$", f', "{game_id}")\\1', lines[i], count=1)
    return "".join(lines)


def changed_files(before: Path, after: Path) -> dict[str, list[str]]:
    """Files that differ between two trees: path → the changed lines (``+``/``-``), or ``["new"]``."""
    def listing(root: Path) -> set[str]:
        return {p.relative_to(root).as_posix() for p in root.rglob("*")
                if p.is_file() and not p.is_symlink() and "__pycache__" not in p.parts and p.relative_to(root).parts[0] not in ("build", "node_modules")}

    out: dict[str, list[str]] = {}
    for rel in sorted(listing(before) | listing(after)):
        a, b = before / rel, after / rel
        if not a.exists() or not b.exists():
            out[rel] = ["new" if b.exists() else "gone"]
        elif a.read_bytes() != b.read_bytes():
            out[rel] = [line for line in difflib.unified_diff(a.read_text().splitlines(), b.read_text().splitlines(),
                                                              lineterm="", n=0)
                        if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    return out


@pytest.fixture(scope="module")
def new_game_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, list[str]], Path]]:
    """A copy of the product with the toy game added from its template, built and served on 127.0.0.1;
    with what differs from the product and the built site's directory."""
    base = tmp_path_factory.mktemp("newgame")
    product, copy, out = base / "product", base / "copy", base / "site"
    for rel in product_files():
        for tree in (product, copy):
            (tree / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, tree / rel)
    # the shared downloads (npm packages, pinned wheels): the build reads them, nothing here writes them
    (copy / "build").mkdir()
    (copy / "build" / "cache").symlink_to((ROOT / "build" / "cache").resolve(), target_is_directory=True)
    (copy / "node_modules").symlink_to((ROOT / "node_modules").resolve(), target_is_directory=True)
    # the new game: its two folders from the template, and one line in the registry
    template = ROOT / "tests" / "toygame"
    shutil.copytree(template / "engine", copy / "game" / GAME_ID, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(template / "screen", copy / "game" / "ui" / GAME_ID, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / REGISTRY).write_text(add_to_registry((copy / REGISTRY).read_text(), GAME_ID))
    changes = changed_files(product, copy)
    env = {k: v for k, v in os.environ.items() if k not in ("HOUSE_GAMES_EXTRA", "PYTHONPATH")}
    built = subprocess.run([sys.executable, "build.py", "build", "--out", str(out)], cwd=copy, env=env,
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-4000:]
    server = Server(out)
    yield server, changes, out
    server.stop()


def test_a_new_game_touches_only_its_two_folders_and_one_registry_line(new_game_site):
    _, changes, out = new_game_site
    elsewhere = {path: lines for path, lines in changes.items()
                 if not path.startswith((f"game/{GAME_ID}/", f"game/ui/{GAME_ID}/")) and path != REGISTRY}
    assert elsewhere == {}
    assert changes[REGISTRY] == ['-PRODUCT_GAMES: tuple[str, ...] = ("barrio", "nyhavn", "neueheimat")',
                                 f'+PRODUCT_GAMES: tuple[str, ...] = ("barrio", "nyhavn", "neueheimat", "{GAME_ID}")']
    assert {f"game/{GAME_ID}/__init__.py", f"game/ui/{GAME_ID}/__init__.py"} <= set(changes)
    # and the build took it everywhere: the wheel, the rules, the start page (with its option's words)
    (wheel,) = out.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert {f"game/{GAME_ID}/__init__.py", f"game/ui/{GAME_ID}/__init__.py"} <= set(zf.namelist())
    assert GAME_ID in json.loads((out / "rules.json").read_text())["en"]
    page = (out / "index.html").read_text()
    data = json.loads(page.split('id="start-data">')[1].split("</script>")[0])
    toy = next(g for g in data["games"] if g["id"] == GAME_ID)
    assert toy["available"] and toy["options"][0]["name"] == "turns"
    assert data["texts"]["es"]["toy.turns"] == "Turnos"


def test_the_new_game_plays_from_the_start_screen_with_its_own_option(make_context, new_game_site, shot):
    server, _, _ = new_game_site
    page = make_context().new_page()
    page.goto(server.url + "?pause=0")
    wait_ready(page)
    turns = page.locator("#field-turns")
    assert turns.is_hidden(), "the toy game's option shows only when the toy game is chosen"
    choice = page.locator(f'label[for="game-{GAME_ID}"]')
    assert choice.get_attribute("data-available") == "true"
    choice.tap()
    # the option, drawn from the spec: its label's text, its choices, its default
    assert turns.is_visible() and page.locator("#options-box").is_visible()
    assert turns.locator("span").inner_text() == "Turns"
    assert page.locator("#f-turns option").all_inner_texts() == ["4", "6", "8"]
    assert page.locator("#f-turns").input_value() == "6"
    assert page.locator("#field-level").is_hidden() and page.locator("#field-rounds").is_hidden()
    page.locator("#f-turns").select_option("4")
    page.locator("#f-seed").fill("7")
    page.get_by_role("button", name="Start new game").tap()
    page.wait_for_selector("header.topbar h1:has-text('Toy')")
    table = page.get_by_role("group", name="Toy table")
    assert table.locator("canvas").count() == 1, "the toy screen draws on a canvas (not the generic list)"
    bump, end = page.get_by_role("button", name="Bump by 2"), page.get_by_role("button", name="End the turn")
    for _ in range(2):  # four turns: the human moves on turns 1 and 3, the computer on the others
        page.wait_for_function("() => { const b = document.querySelector('.targets button[data-key=\"bump-2\"]');"
                               " return b && !b.disabled; }")
        assert end.is_disabled(), "ending the turn is not legal before a move"
        bump.tap()
        page.wait_for_function("() => !document.querySelector('.targets button[data-key=\"end-\"]').disabled")
        assert bump.is_disabled() and table.locator("button[data-legal=true]").count() == 1
        end.tap()
    page.wait_for_selector("#end-screen")
    shot(page, "newgame-end")
    shown = [int(x) for x in page.locator("#final-scores tbody td.num").all_inner_texts()]
    saved = json.loads(page.evaluate("houseGames.autosave()"))
    match = Match.from_json(saved)  # this process knows the toy game from its template (tests/conftest.py)
    assert match.options == {"turns": 4} and match.state.length == 4, "the start screen's choice reached the engine"
    assert toygame.SPEC.is_over(match.state) and shown == toygame.SPEC.scores(match.state)
    assert match.state.counters[0] == 4, "two bumps by 2, both from the taps"
    assert [e.action for e in match.entries if e.player == 0] == [{"type": "bump", "by": 2}, {"type": "end"}] * 2


def test_the_product_has_no_toy_game(dist: Path):
    page = (dist / "index.html").read_text()
    assert 'id="game-barrio"' in page and f"game-{GAME_ID}" not in page
    assert GAME_ID not in json.loads((dist / "rules.json").read_text())["en"]
    assert "HOUSE_GAMES_EXTRA" not in (dist / "main.py").read_text()
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as zf:
        assert not [n for n in zf.namelist() if n.startswith("tests/") or f"/{GAME_ID}/" in n]
