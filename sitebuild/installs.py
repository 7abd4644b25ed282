"""Installing what a command needs on a fresh Debian machine: npm packages, pip pins, Chromium."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from sitebuild.common import NODE_MODULES, PYODIDE_VERSION, PYSCRIPT_VERSION, ROOT, ZSTANDARD_PIN, run


def installed_npm_version(name: str) -> str | None:
    try:
        return json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_npm_packages() -> None:
    """``npm ci`` unless node_modules already holds the pinned Pyodide and PyScript and every other
    package.json pin (axe-core and lighthouse: the browser tests' and the bench's tools)."""
    pins = json.loads((ROOT / "package.json").read_text())
    wanted = {**pins.get("dependencies", {}), **pins.get("devDependencies", {})}
    if (installed_npm_version("pyodide") == PYODIDE_VERSION and installed_npm_version("@pyscript/core") == PYSCRIPT_VERSION
            and all(installed_npm_version(name) == version for name, version in wanted.items())):
        return
    if shutil.which("npm") is None:
        sys.exit("build.py: npm is needed (Node 20): apt-get install -y nodejs npm")
    run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"])


def ensure_chromium() -> None:
    """Debian's Chromium (the bench's) and, beside it, its headless shell (the browser tests', which fall back to the
    browser without it; ``.ci/run`` adds it to a machine that has the browser) (apt-get, as root), unless there."""
    if Path("/usr/bin/chromium").exists():
        return
    apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(apt + ["update", "-qq"], env=env)
    run(apt + ["install", "-y", "-qq", "chromium"], env=env)
    if subprocess.run(apt + ["install", "-y", "-qq", "chromium-headless-shell"], env=env).returncode:
        print("no chromium-headless-shell: the browser tests run in /usr/bin/chromium, only slower", file=sys.stderr)


def _requirements(path: Path) -> list[tuple[str, str]]:
    pins = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins.append((name.strip(), version.strip()))
    return pins


def ensure_dev_requirements() -> None:
    """``pip install -r requirements-dev.txt`` unless every pin is already installed."""
    from importlib import metadata

    req = ROOT / "requirements-dev.txt"
    try:
        if all(metadata.version(name) == version for name, version in _requirements(req)):
            return
    except metadata.PackageNotFoundError:
        pass
    run([sys.executable, "-m", "pip", "install", "-q", "-r", str(req)])


def ensure_zstandard() -> ModuleType:
    """The pinned ``zstandard`` module (``pip install`` when it is missing or another version)."""
    from importlib import metadata

    name, version = ZSTANDARD_PIN
    try:
        installed = metadata.version(name)
    except metadata.PackageNotFoundError:
        installed = None
    if installed != version:
        run([sys.executable, "-m", "pip", "install", "-q", f"{name}=={version}"])
        import importlib

        importlib.invalidate_caches()
    import zstandard

    if zstandard.__version__ != version:
        sys.exit(f"build.py: zstandard {zstandard.__version__} is loaded, {version} is pinned; run the build again")
    return zstandard
