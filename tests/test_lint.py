"""Lint and types guard the code's shape: ruff (rules in pyproject.toml, complexity 15 at most but for the functions
named there) over the repository's Python, and mypy over the whole ``game`` package, ``build.py`` (with ``sitebuild/``) and ``lab/``: strict
on ``game/core``, the engines and the command line, a lighter level (every def typed, bodies checked) on ``game/ui``,
``build.py`` and the lab (the levels are per package in pyproject.toml, so a new game's engine is strict with nothing
to add).

Both tools are pinned in requirements-dev.txt and installed by ``python3 build.py test``. The site's JavaScript is
type-checked too: TypeScript's ``tsc --checkJs`` over ``site/*.js`` with their JSDoc (the page's scripts, the prefetch
worker and the service worker each against their own globals: ``tsconfig*.json``, declarations in ``types/``), pinned
in package.json as a dev dependency, installed by ``python3 build.py test`` with the npm packages, never shipped."""

from __future__ import annotations

import json
import re
import shutil
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
    out = _run("ruff", "check", "--no-cache", "game", "tests", "build.py", "sitebuild", *(["lab"] if (ROOT / "lab").is_dir() else []))
    assert out.returncode == 0, out.stdout + out.stderr


#: a per-file-ignores line of pyproject.toml excusing a file from C901, and the comment naming its functions
_EXCUSED = re.compile(r'^"(?P<path>[^"]+)" = \[[^\]]*"C901"[^\]]*\]\s*#\s*(?P<why>.*)$', re.MULTILINE)
_NAMED = re.compile(r"(\w+) \((\d+)\)")
_TOO_COMPLEX = re.compile(r"`(\w+)` is too complex \((\d+) > \d+\)")


def complexity_exceptions() -> dict[tuple[str, str], int]:
    """``{(file, function): complexity}`` as the C901 per-file-ignores of pyproject.toml name them."""
    named = {}
    for line in _EXCUSED.finditer((ROOT / "pyproject.toml").read_text()):
        functions = _NAMED.findall(line["why"].split(":", 1)[0])
        assert functions, f"the C901 exception for {line['path']} names no function as `name (complexity)`"
        named.update({(line["path"], name): int(figure) for name, figure in functions})
    return named


def test_complexity_exceptions_are_only_the_functions_named() -> None:
    """A file excused from C901 is excused for the functions pyproject.toml names only, none more complex than
    named there, and each still over the limit (else its exception goes): a new function anywhere is held to it."""
    if not _have("ruff"):
        skip_or_fail("ruff is not installed (python3 build.py test installs it)")
    named = complexity_exceptions()
    assert named, "pyproject.toml names no C901 exception (or this test no longer reads its format)"
    files = sorted({path for path, _ in named})
    out = _run("ruff", "check", "--no-cache", "--select", "C901", "--config", "lint.per-file-ignores = {}",
               "--output-format", "json", *files)
    found = {}
    for problem in json.loads(out.stdout or "[]"):
        message = _TOO_COMPLEX.search(problem["message"])
        assert message, problem["message"]
        function, figure = message.groups()
        found[(Path(problem["filename"]).resolve().relative_to(ROOT).as_posix(), function)] = int(figure)
    assert found, out.stderr
    new = {key: figure for key, figure in found.items() if key not in named}
    assert not new, f"functions over the complexity limit that pyproject.toml does not name (split them): {new}"
    gone = sorted(key for key in named if key not in found)
    assert not gone, f"named as C901 exceptions but no longer over the limit (drop them from pyproject.toml): {gone}"
    grown = {key: (named[key], figure) for key, figure in found.items() if figure > named[key]}
    assert not grown, f"C901 exceptions more complex than pyproject.toml records (named, now): {grown}"


def test_mypy_is_clean() -> None:
    if not _have("mypy"):
        skip_or_fail("mypy is not installed (python3 build.py test installs it)")
    out = _run("mypy", "--cache-dir", str(ROOT / "build" / "mypy-cache"), "game", "build.py", "sitebuild", "lab")
    assert out.returncode == 0, out.stdout[-6000:] + out.stderr[-2000:]


#: the TypeScript projects that check site/*.js between them: the page's scripts, those of them held to noImplicitAny and
#: strictNullChecks so far, the prefetch worker, the service worker
TS_PROJECTS = ("tsconfig.json", "tsconfig.strict.json", "tsconfig.worker.json", "tsconfig.sw.json")
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def _tsc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TSC), *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def _need_pinned_tsc() -> None:
    if shutil.which("node") is None or not TSC.exists():
        skip_or_fail("node or the pinned typescript is not installed (python3 build.py test installs the npm packages)")
    pinned = json.loads((ROOT / "package.json").read_text())["devDependencies"]["typescript"]
    version = _tsc("--version").stdout.split()
    assert version[-1:] == [pinned], f"tsc says {version}, package.json pins typescript {pinned}: run npm ci"


def test_site_js_type_checks() -> None:
    """Every project is clean: a wrong element or event type, a misspelt global or property, a call with the wrong
    arguments fails here (the level chosen and why: docs/architecture.md, "Lint and types")."""
    _need_pinned_tsc()
    problems = {project: _tsc("--project", project, "--pretty", "false") for project in TS_PROJECTS}
    failed = {project: out.stdout[-4000:] + out.stderr[-1000:] for project, out in problems.items() if out.returncode}
    assert not failed, "\n".join(f"tsc --project {project}:\n{text}" for project, text in failed.items())


def test_every_site_script_is_type_checked() -> None:
    """A new script in site/ is in one of the projects (each names its files), so it cannot go unchecked."""
    _need_pinned_tsc()
    checked = set()
    for project in TS_PROJECTS:
        listed = _tsc("--project", project, "--listFilesOnly")
        assert listed.returncode == 0, listed.stdout + listed.stderr
        checked |= {Path(line).resolve() for line in listed.stdout.splitlines() if line.strip()}
    scripts = {path.resolve() for path in (ROOT / "site").glob("*.js")}
    assert scripts, "no site/*.js found"
    assert not scripts - checked, f"site scripts no tsconfig*.json checks (add them to one): {sorted(scripts - checked)}"


#: the longest a source file may be: past it, a file holds more than one idea and should be split
MAX_LINES = 700
#: tracked files that are written by a tool or copied from elsewhere, not by us (none today)
GENERATED_OR_VENDORED: frozenset[str] = frozenset()


def test_no_source_file_is_over_700_lines() -> None:
    """Every Python, JavaScript, CSS, HTML and shell file the repository tracks, the tests and the lab included."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True)
    if listed.returncode != 0:
        skip_or_fail("not a git checkout: the tracked files are unknown")
    sources = [name for name in listed.stdout.split("\0")
               if name.endswith((".py", ".js", ".mjs", ".css", ".html", ".sh")) and name not in GENERATED_OR_VENDORED]
    assert len(sources) > 100, sources  # the listing worked
    too_long = {}
    for name in sources:
        path = ROOT / name
        if path.exists():  # a file deleted but not yet staged is no longer the repository's
            lines = path.read_text(encoding="utf-8").count("\n")
            if lines > MAX_LINES:
                too_long[name] = lines
    assert not too_long, f"over {MAX_LINES} lines, split them: {too_long}"
