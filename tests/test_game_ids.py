"""The framework never names a game: no game id outside the games' own folders and the registry.

A game is declared once (``GameSpec`` in ``game/<id>/``, ``ScreenSpec`` in ``game/ui/<id>/``) and listed
once (``game/__init__.py``). Everything else, the core, the app, the terminal, the page's scripts and
``build.py``, reads the games through those; so a fourth game touches nothing else (``docs/new-game.md``).
This test reads the code itself: Python with ``ast`` (string literals, names, attributes and imports;
docstrings and comments may mention a game), JavaScript without its comments.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from game import PRODUCT_GAMES
from .framework_files import GAME_IDS, ROOT, framework_python

WORD = re.compile(r"\b(" + "|".join(map(re.escape, GAME_IDS)) + r")\b")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.add(id(first.value))
    return found


def python_mentions(source: str) -> list[tuple[int, str]]:
    """(line, text) of each string literal, name, attribute or imported module naming a game (docstrings aside)."""
    tree = ast.parse(source)
    docstrings = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        words: list[str] = []
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words = [node.value]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            words = [node.name]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""] + [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            words = [a.name for a in node.names]
        found += [(getattr(node, "lineno", 0), w) for w in words if WORD.search(w.replace("_", " "))]
    return found


def without_js_comments(source: str) -> str:
    """JavaScript with its comments blanked (strings kept, so a ``//`` inside one stays)."""
    out, i, n = [], 0, len(source)
    while i < n:
        c = source[i]
        if c in "\"'`":
            j = i + 1
            while j < n and source[j] != c:
                j += 2 if source[j] == "\\" else 1
            out.append(source[i:j + 1])
            i = j + 1
        elif source.startswith("//", i):
            i = source.find("\n", i) if "\n" in source[i:] else n
        elif source.startswith("/*", i):
            i = source.find("*/", i) + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


@pytest.mark.parametrize("path", framework_python(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_the_framework_python_names_no_game(path: Path):
    assert python_mentions(path.read_text()) == [], f"{path.relative_to(ROOT)} names a game (read it from its SPEC)"


@pytest.mark.parametrize("path", sorted((ROOT / "site").iterdir()), ids=lambda p: p.name)
def test_the_page_names_no_game(path: Path):
    source = path.read_text()
    if path.suffix == ".py":
        assert python_mentions(source) == []
    else:
        code = without_js_comments(source) if path.suffix == ".js" else re.sub(r"/\*.*?\*/", "", source, flags=re.S)
        assert [m.group(0) for m in WORD.finditer(code)] == [], f"site/{path.name} names a game"


def test_the_checks_see_a_game_named_in_code():
    """The readers above catch each way of naming a game, and let prose about one pass."""
    named = ['x = "barrio"', "if info.game_id == 'nyhavn': pass", "from game.neueheimat import view",
             "import game.toy.rules", "barrio = 1", "f(SPEC.barrio_level)", 'key = f"{x}.toy"']
    for line in named:
        assert python_mentions(line), line
    assert python_mentions('"""About Barrio\'s Klaus and the barrio: prose."""\n# barrio\nx = 1\n') == []
    assert WORD.search(without_js_comments('const a = info.id === "barrio";'))
    assert not WORD.search(without_js_comments('// barrio\nconst url = "http://x/y"; /* nyhavn */ const b = 1;'))


def test_the_registry_is_the_one_place_listing_the_games():
    """Each game's id appears once in the registry's code: its line in ``PRODUCT_GAMES``."""
    tree = ast.parse((ROOT / "game" / "__init__.py").read_text())
    docstrings = _docstrings(tree)
    literals = [n.value for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docstrings]
    for gid in PRODUCT_GAMES:
        assert literals.count(gid) == 1, gid


def test_the_terminal_takes_each_games_options_from_its_spec(capsys):
    """``python -m game`` offers every declared start option as a flag; a solo-only option means one player."""
    import json as json_

    from game.cli import main

    assert main(["simulate", "barrio", "--level", "B", "-n", "1", "--iterations", "1"]) == 0
    report = json_.loads(capsys.readouterr().out)
    assert report["players"] == 1 and report["options"] == {"level": "B"} and len(report["mean_score"]) == 2
    assert main(["simulate", "nyhavn", "--rounds", "2", "-n", "1"]) == 2
    assert "no option --rounds" in capsys.readouterr().err
    assert main(["simulate", "neueheimat", "--rounds", "10", "-n", "1"]) == 2
    assert "--rounds 10: choose one of 1, 2, 3, 4, 5, 6, 7, 8, 9." in capsys.readouterr().err  # keyed: cli.option_choice
