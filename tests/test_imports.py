"""The package's import structure: no module imports one that imports it back, and only the bridge touches the browser.

Read from the source with ``ast`` (nothing is imported), so a cycle hidden in a
function body or behind ``TYPE_CHECKING`` counts too. An import of a package
counts as an import of its ``__init__``; the implicit import of a parent
package does not (a package that re-exports its modules is not a cycle).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
#: the only modules allowed to import the browser's or the runtime's modules
BRIDGE_MODULES = {"game.ui.bridge"}
BROWSER_MODULES = {"js", "pyodide", "polyscript", "pyscript", "_pyscript"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(GAME.rglob("*.py")) if "__pycache__" not in p.parts}


def imports_of(name: str, path: Path, known: set[str]) -> list[tuple[str, int]]:
    """(imported module, line) for every import statement in the file, resolved to modules of ``known`` or to top-level names."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                found.append((alias.name, node.lineno))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[:len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts + ([node.module] if node.module else []))
            else:
                base = node.module or ""
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                found.append((sub if sub in known else base, node.lineno))
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        for target, _ in imports_of(name, path, known):
            if target in known and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_relative_imports_resolve_to_modules() -> None:
    edges = graph()
    assert "game.ui.dom" in edges["game.ui.screen"]
    assert "game.ui.screen" in edges["game.ui.app"]
    assert "game.core" in edges["game.ui.app"]


def test_no_import_cycles_in_game() -> None:
    found = cycles(graph())
    assert not found, "import cycles (each list imports itself back): " + "; ".join(" ↔ ".join(c) for c in found)


def test_screens_do_not_import_the_app() -> None:
    edges = graph()
    assert "game.ui.app" not in edges["game.ui.screen"]


def test_only_the_bridge_imports_the_browser() -> None:
    mods = modules()
    known = set(mods)
    offenders = []
    for name, path in mods.items():
        if name in BRIDGE_MODULES:
            continue
        for target, line in imports_of(name, path, known):
            if target.split(".")[0] in BROWSER_MODULES:
                offenders.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert not offenders, "only " + ", ".join(sorted(BRIDGE_MODULES)) + " may import the browser: " + "; ".join(offenders)


def test_the_bridge_exists_and_is_the_one_that_imports_js() -> None:
    mods = modules()
    for name in BRIDGE_MODULES:
        targets = {t for t, _ in imports_of(name, mods[name], set(mods))}
        assert "js" in targets
