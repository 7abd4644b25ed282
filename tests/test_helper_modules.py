"""Tests share helpers through helper modules, never through each other (issue 35 item 8).

A test module that imports from another test module ties the two together: a change to one browser test could break
eight. Shared steps live in modules whose names do not start with ``test_`` (``tests/ui_harness.py``,
``tests/browser/barrio_steps.py`` …); this checks every file under ``tests/``, imports inside functions and
scripts in strings included.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: an import of a test module, written in code or in a script a test runs (``from tests.test_x import …``)
IMPORT_TEXT = re.compile(r"^\s*(?:from|import)\s+(?:tests\.(?:browser\.)?|\.)?test_\w+", re.M)


def imported_test_modules(path: Path) -> list[str]:
    """The test modules ``path`` imports (by name as written), in code or in string scripts."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[-1].startswith("test_"):
            found.append(f"{'.' * node.level}{node.module}")
        elif isinstance(node, ast.ImportFrom) and not node.module:  # from . import test_x
            found.extend(a.name for a in node.names if a.name.startswith("test_"))
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.split(".")[-1].startswith("test_"))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.extend(m.strip() for m in IMPORT_TEXT.findall(node.value))
    return found


def test_no_test_module_imports_another():
    offenders = {str(p.relative_to(TESTS)): names for p in sorted(TESTS.rglob("*.py"))
                 if p != Path(__file__).resolve() and (names := imported_test_modules(p))}  # (this file's cases are strings)
    assert not offenders, f"move the shared helpers into a helper module and import them from there: {offenders}"


def test_the_check_sees_each_way_of_importing_a_test_module(tmp_path: Path):
    cases = ["from .test_barrio_ui import start\n", "from tests.browser.test_pixel import SIZES\n",
             "def f():\n    from .test_words import sent_texts\n", "import tests.test_core\n",
             "from . import test_core\n", 'SCRIPT = """\nfrom tests.test_remote_dom import FakeHost\n"""\n']
    for i, source in enumerate(cases):
        path = tmp_path / f"case{i}.py"
        path.write_text(source)
        assert imported_test_modules(path), source
    clean = tmp_path / "clean.py"
    clean.write_text("from .ui_harness import Harness\nfrom tests.browser.barrio_steps import start\n"
                     "from game.core import testing_tools\n")
    assert imported_test_modules(clean) == []
