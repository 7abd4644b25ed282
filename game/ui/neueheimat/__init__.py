"""Neue Heimat's table screen (``SCREEN``), with its pure-Python drawing in :mod:`.table` and words in :mod:`.words`.

Under CPython (tests) there is no browser: ``SCREEN`` is then absent and only
:mod:`.table` and :mod:`.words` are used.
"""

from __future__ import annotations

try:
    from .screen import NeueHeimatScreen as SCREEN
except ModuleNotFoundError as exc:  # no browser (CPython): the pure modules still import
    if exc.name not in ("js", "pyodide", "pyodide.ffi"):
        raise

__all__ = ["SCREEN"]
