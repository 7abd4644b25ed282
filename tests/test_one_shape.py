"""Each idea written once: a game is its ``SPEC``, and the framework reads nothing else of an engine package.

* No engine package exports a contract name beside ``SPEC`` (no second copy to keep equal): its public
  attributes named like a ``GameSpec`` field or an old contract constant are its own submodules at most.
* The framework (``game/`` but the engines and screens, ``build.py``) reads an engine package only for its
  ``SPEC``: every ``import_module`` of a registered engine is read with ``getattr(..., "SPEC")`` or ``.SPEC``.
* One action contract (``game.core.actions``): every engine's ``rules.RULES`` is the shared ``Rules`` table, each
  action module has ``options``, ``refusal`` and ``do``, and listing and refusing agree on random positions.
* One table protocol (``game.ui.canvas``): no game's screen package defines its own ``fit_text``, ``least_font``,
  ``MIN_FONT``, ``Frame`` or ``Outcome``, or builds a rules panel by hand; what each of the three painters returns and
  a tap returns are the canvas's ``Frame`` and ``Outcome``.
"""

from __future__ import annotations

import ast
import dataclasses
import importlib
import json
import types
from pathlib import Path
from typing import Any

import pytest

from game import GAMES
from game.core import GameSpec, MalformedAction, Rng, load_spec
from game.core.actions import Action, Rules
from game.core.match import GAME_MODULES

from .framework_files import framework_python

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


# --------------------------------------------------------------------------- one action contract

PRODUCT_ENGINES = ("barrio", "nyhavn", "neueheimat")


def _rules(game_id: str) -> Rules[Any]:
    rules = importlib.import_module(f"game.{game_id}.rules").RULES
    assert isinstance(rules, Rules), f"{game_id}'s rules.RULES is not the shared game.core.actions.Rules"
    return rules


@pytest.mark.parametrize("game_id", PRODUCT_ENGINES)
def test_every_action_module_has_options_refusal_and_do(game_id):
    rules = _rules(game_id)
    for kind, module in rules.actions.items():
        for name in ("options", "refusal", "do"):
            assert callable(getattr(module, name, None)), f"{game_id}: the action {kind!r} has no {name}"
    listed = {kind for kinds in rules.phases.values() for kind in kinds}
    assert listed == set(rules.actions), f"{game_id}: phases name {listed ^ set(rules.actions)} that are not both listed and actions"


def _near_misses(action: Action, kinds: list[str]) -> list[Action]:
    """Actions a player might send instead: one whole-number field moved by one, or another type."""
    out = []
    for key, value in action.items():
        if isinstance(value, int) and not isinstance(value, bool):
            out += [{**action, key: value + 1}, {**action, key: value - 1}]
    out += [{**action, "type": kind} for kind in kinds if kind != action["type"]][:3]
    return out


def _judged(rules: Rules[Any], state: Any, action: Action) -> bool:
    """Whether ``rules.refusal`` lets ``action`` through (a malformed one is refused too)."""
    try:
        return rules.refusal(state, action) is None
    except MalformedAction:
        return False


@pytest.mark.parametrize("game_id", PRODUCT_ENGINES)
def test_listed_exactly_when_not_refused_on_random_positions(game_id):
    """``action in legal_actions`` exactly when ``refusal`` is ``None``, for every listed action and its near misses,
    on positions of random games at 2 players and the most."""
    spec, rules = load_spec(game_id), _rules(game_id)
    kinds = list(rules.actions)
    checked = 0
    for players in sorted({max(spec.min_players, 2), spec.max_players}):
        for seed in (3, 11):
            rng = Rng(seed, stream=5)
            state = spec.new_game(players, seed)
            step = 0
            while not spec.is_over(state) and step < 400:
                legal = spec.legal_actions(state)
                if step % 7 == 0:
                    spelled = {json.dumps(a, sort_keys=True) for a in legal}
                    for action in legal:
                        assert rules.refusal(state, action) is None, f"{game_id}: listed {action} is refused"
                        for miss in _near_misses(action, kinds):
                            listed = json.dumps(miss, sort_keys=True) in spelled
                            assert listed == _judged(rules, state, miss), f"{game_id} {state.phase}: {miss} listed={listed}"
                            checked += 1
                state = spec.apply_action(state, legal[rng.randrange(len(legal))])
                step += 1
    assert checked > 100


# ---------------------------------------------------------------------------- one table protocol
#: the names that live once beside the canvas (``game/ui/canvas.py``) and no screen package defines again
TABLE_PROTOCOL = ("fit_text", "least_font", "Frame", "Outcome", "MIN_FONT")
SCREEN_PACKAGES = sorted((ROOT / "game" / "ui").glob("*/__init__.py"))


def _defined_names(tree: ast.AST) -> set[str]:
    """Every function, class and module-level name a module defines (imports are not definitions)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def _hand_built_rules_panels(tree: ast.AST) -> list[int]:
    """Lines that make a ``<details>`` element and walk the rules' sections into it (what ``rules_panel`` does)."""
    lines = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "el" and node.args
                and isinstance(node.args[0], ast.Constant) and node.args[0].value == "details"
                and any("rules" in str(getattr(k, "value", "")) or "rules" in str(getattr(v, "value", ""))
                        for k, v in zip(getattr(node.args[1], "keys", []), getattr(node.args[1], "values", [])))):
            lines.append(node.lineno)
    return lines


def test_the_table_protocol_lives_once_beside_the_canvas():
    import game.ui.canvas as canvas
    assert all(callable(getattr(canvas, name)) for name in ("fit_text", "least_font", "Frame", "Outcome"))
    packages = [p.parent for p in SCREEN_PACKAGES]
    assert {p.name for p in packages} >= {"barrio", "nyhavn", "neueheimat"}
    for package in packages:
        for module in sorted(package.glob("*.py")):
            tree = ast.parse(module.read_text(encoding="utf-8"))
            again = _defined_names(tree) & set(TABLE_PROTOCOL)
            assert not again, f"{module.relative_to(ROOT)} defines {sorted(again)} again (game/ui/canvas.py has them)"
            assert not _hand_built_rules_panels(tree), f"{module.relative_to(ROOT)} builds a rules panel by hand"


def test_the_protocol_check_sees_a_second_copy():
    tree = ast.parse("def fit_text(t, px, w):\n    return t\nclass Outcome:\n    pass\n"
                     "panel = el('details', {'id': 'x-rules'}, el('summary', {}, 'Rules'))\n")
    assert _defined_names(tree) & set(TABLE_PROTOCOL) == {"fit_text", "Outcome"}
    assert _hand_built_rules_panels(tree) == [5]
    assert not _defined_names(ast.parse("from game.ui.canvas import Frame, fit_text\n")) & set(TABLE_PROTOCOL)


def test_the_three_tables_answer_in_the_one_protocol():
    """Barrio's painter returns the canvas's Frame; Barrio's and Nyhavn's taps return its Outcome."""
    from game.ui.canvas import Frame, Outcome
    from game.ui.barrio.table import Pick, paint, tap
    import game.barrio as B

    state = B.SPEC.new_game(2, 7)
    view, legal = B.SPEC.view(state, 0), B.SPEC.legal_actions(state)
    frame = paint(view, legal, Pick(), "en", ["A", "B"], True)
    assert type(frame) is Frame and frame.targets and frame.width > 0
    key = next(t.key for t in frame.targets if t.enabled)
    assert type(tap(key, view, legal, Pick(), "en")) is Outcome
    assert tap(key, view, legal, Pick(), "en", my_turn=False) == Outcome.refused("It is not your turn.")


def test_neue_heimat_and_nyhavn_answer_in_the_one_protocol_too():
    """Neue Heimat's painter (``draw_table``, given its ``Scene``) and Nyhavn's (``Table.paint``, given its ``Seen``)
    return the canvas's Frame with the table's size; a tap on either returns its Outcome, the enabled target's action
    being a legal one."""
    from game.ui.canvas import Frame, Outcome
    from game.ui.neueheimat.table import Scene, draw_table, table_size, tap
    from game.ui.nyhavn.drawing import Seen
    from game.ui.nyhavn.table import Table
    import game.neueheimat as NH
    import game.nyhavn as NY

    state = NH.SPEC.new_game(3, 7)
    while NH.SPEC.legal_actions(state)[0]["type"] == "profits":  # on to a choice made on the table
        state = NH.SPEC.apply_action(state, NH.SPEC.legal_actions(state)[0])
    seat = NH.SPEC.current_player(state)
    scene = Scene(names=["A", "B", "C"], viewer=seat, my_turn=True, legal=NH.SPEC.legal_actions(state))
    frame = draw_table(NH.SPEC.view(state, seat), scene)
    assert type(frame) is Frame and (frame.width, frame.height) == table_size(3, False) and frame.targets
    outcome = tap(frame.targets[0].key, scene)
    assert type(outcome) is Outcome and outcome.action in scene.legal

    state = NY.SPEC.new_game(2, 7)
    seat = NY.SPEC.current_player(state)
    seen = Seen(NY.SPEC.view(state, seat), NY.SPEC.legal_actions(state), True, state, seat)
    table = Table("en", ["A", "B"], 2, lambda a: "")
    frame = table.paint(seen)
    assert type(frame) is Frame and (frame.width, frame.height) == (table.lay.width, table.lay.height) and frame.targets
    dock = next(t.key for t in frame.targets if t.key.startswith("dock-") and t.enabled)
    assert type(table.tap(dock, seen)) is Outcome
