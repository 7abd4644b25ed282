"""Lint and types guard the code's shape: ruff (rules in pyproject.toml) over the repository's Python, and mypy
over the whole ``game`` package, ``build.py`` and ``lab/``: strict on ``game/core``, the engines and the command line,
a lighter level (every def typed, bodies checked) on ``game/ui``, ``build.py`` and the lab (the levels are per
package in pyproject.toml, so a new game's engine is strict with nothing to add).

Both tools are pinned in requirements-dev.txt and installed by ``python3 build.py test``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.conftest import skip_or_fail

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def _have(module: str) -> bool:
    return _run(module, "--version").returncode == 0


def test_ruff_is_clean() -> None:
    if not _have("ruff"):
        skip_or_fail("ruff is not installed (python3 build.py test installs it)")
    out = _run("ruff", "check", "--no-cache", "game", "tests", "build.py", *(["lab"] if (ROOT / "lab").is_dir() else []))
    assert out.returncode == 0, out.stdout + out.stderr


def test_mypy_is_clean() -> None:
    if not _have("mypy"):
        skip_or_fail("mypy is not installed (python3 build.py test installs it)")
    out = _run("mypy", "--cache-dir", str(ROOT / "build" / "mypy-cache"), "game", "build.py", "lab")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]
