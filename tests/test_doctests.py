"""Every docstring example in the package runs, and says what it shows (python-chess's way: an example that is
never run is a comment that can lie)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import game

#: modules that only import inside the browser (they reach for its objects at import); `__main__` modules run at import
BROWSER_ONLY = {"game.ui.bridge"}


def _modules() -> list[str]:
    return sorted(m.name for m in pkgutil.walk_packages(game.__path__, "game.") if m.name not in BROWSER_ONLY and not m.name.endswith(".__main__"))


def _with_examples() -> list[str]:
    finder = doctest.DocTestFinder()
    return [name for name in _modules() if any(t.examples for t in finder.find(importlib.import_module(name)))]


def test_examples_are_found() -> None:
    """The finder sees the package's examples (a change that hid them all would pass every test below)."""
    assert {"game.ui.canvas", "game.neueheimat.row_facts"} <= set(_with_examples())


@pytest.mark.parametrize("name", _with_examples())
def test_docstring_examples_run(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed (run: python3 -m pytest {__file__} -k {name})"
