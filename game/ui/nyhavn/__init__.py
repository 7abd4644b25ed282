"""Nyhavn's table screen (``SCREEN``), with its pure-Python layout in :mod:`.layout` and rules text in :mod:`.rules`.

Under CPython (tests) there is no browser: ``SCREEN`` is then absent and only
:mod:`.layout` and :mod:`.rules` are used.
"""

from __future__ import annotations

try:
    from .screen import NyhavnScreen as SCREEN
except ModuleNotFoundError as exc:  # no browser (CPython): the pure modules still import
    if exc.name not in ("js", "pyodide", "pyodide.ffi"):
        raise

__all__ = ["SCREEN"]
