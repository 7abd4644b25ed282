"""Each idea written once: a game is its ``SPEC``, and the framework reads nothing else of an engine package.

* No engine package exports a contract name beside ``SPEC`` (no second copy to keep equal): its public
  attributes named like a ``GameSpec`` field or an old contract constant are its own submodules at most.
* The framework (``game/`` but the engines and screens, ``build.py``) reads an engine package only for its
  ``SPEC``: every ``import_module`` of a registered engine is read with ``getattr(..., "SPEC")`` or ``.SPEC``.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import types
from pathlib import Path

import pytest

from game import GAMES
from game.core import GameSpec
from game.core.match import GAME_MODULES

from .test_game_ids import framework_python

ROOT = Path(__file__).resolve().parents[1]
#: the names a second copy of the declaration would use: every GameSpec field, and the old module constants
CONTRACT_NAMES = {f.name for f in dataclasses.fields(GameSpec)} | {"GAME_ID", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "BOT_NAMES"}


@pytest.mark.parametrize("game_id", GAMES)
def test_an_engine_package_exports_its_spec_and_no_second_copy(game_id):
    package = importlib.import_module(GAME_MODULES[game_id])
    assert isinstance(package.SPEC, GameSpec) and package.SPEC.game_id == game_id
    assert "SPEC" in package.__all__ and not CONTRACT_NAMES & set(package.__all__)
    copies = [name for name in CONTRACT_NAMES if name in vars(package)
              and not isinstance(vars(package)[name], types.ModuleType)]  # ``view`` may be the module ``view.py``
    assert copies == [], f"{game_id} exports {copies} beside SPEC"


def _engine_imports(tree: ast.AST) -> list[ast.Call]:
    """The ``import_module(...)`` calls whose argument reads the engine registry."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "import_module":
            names = {n.id for n in ast.walk(node.args[0]) if isinstance(n, ast.Name)} if node.args else set()
            if names & {"GAME_MODULES", "ENGINE_MODULES"}:
                found.append(node)
    return found


def _reads(tree: ast.AST, call: ast.Call) -> list[str]:
    """What is read of the imported engine: ``SPEC`` for ``getattr(call, "SPEC")``/``call.SPEC``; for
    ``x = call``, every attribute of ``x`` read in the same function (``getattr(x, "…")`` too)."""
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    parent = parents[call]
    if isinstance(parent, ast.Attribute):
        return [parent.attr]
    if isinstance(parent, ast.Call) and getattr(parent.func, "id", None) == "getattr" and len(parent.args) >= 2:
        return [getattr(parent.args[1], "value", "?")]
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
        name = parent.targets[0].id
        scope = parent
        while not isinstance(scope, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Module)):
            scope = parents[scope]
        reads = []
        for node in ast.walk(scope):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name:
                reads.append(node.attr)
            elif (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "getattr" and node.args
                  and isinstance(node.args[0], ast.Name) and node.args[0].id == name):
                reads.append(getattr(node.args[1], "value", "?") if len(node.args) > 1 else "?")
        return reads
    return ["<the module itself>"]


def test_the_framework_reads_an_engine_package_only_for_its_spec():
    seen = 0
    for path in framework_python():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in _engine_imports(tree):
            seen += 1
            reads = _reads(tree, call)
            assert reads and set(reads) == {"SPEC"}, f"{path.relative_to(ROOT)}:{call.lineno} reads {reads} of an engine"
    assert seen >= 2  # the loader (game.core.match) and the start screen's probe (game.ui.catalog)


def test_the_check_sees_a_second_reading():
    bad = ast.parse("import importlib\ndef f(g):\n    m = importlib.import_module(GAME_MODULES[g])\n    return m.legal_actions\n")
    [call] = _engine_imports(bad)
    assert _reads(bad, call) == ["legal_actions"]
