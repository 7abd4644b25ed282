#!/usr/bin/env python3
"""Build, serve, test and benchmark the house-games site.

    python3 build.py build              # write the deployable site to dist/
    python3 build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N (8000)
    python3 build.py test [pytest args] # install test tools if missing, build, run pytest
    python3 build.py bench              # benchmark report (tests/bench/run.py when present)

Each command installs what it needs on a fresh Debian machine (npm packages
from package-lock.json, the pinned ``zstandard`` compressor, and for ``test``
Chromium and requirements-dev.txt) and skips whatever is already there.

The site in dist/ is fully relative (works under a GitHub Pages sub-path),
loads nothing from another origin, and is byte-for-byte reproducible: the
wheel and every generated file use fixed timestamps and sorted entries, and
the service worker's cache name is a hash of every other file's content.
Only the standard library is imported at start, so this file runs before
anything is installed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

from pathlib import Path

# The steps live in sitebuild/; build.X stays the name the tests, the bench and CI use.
from sitebuild.common import (  # noqa: F401
    COMPRESSED_FILES, DIST, LAZY_ARCHIVES, NODE_MODULES, NOT_PRECACHED, ROOT, RUNTIME_FILES, THEME_COLOUR, ZIP_EPOCH, ZSTD_LEVEL, log, run,
)
from sitebuild.installs import ensure_chromium, ensure_dev_requirements, ensure_npm_packages, ensure_zstandard  # noqa: F401
from sitebuild.wheel import (  # noqa: F401
    _zip_write, build_wheel, lazy_archive_entries, stdlib_roots, wheel_files, write_lazy_archives,
)
from sitebuild.icons import house_icon  # noqa: F401
from sitebuild.stdlib import (  # noqa: F401
    STDLIB_USED, _python_sources, builtin_modules, imports_of, slim_source, slimmed, stdlib_used, strip_source_map,
    trimmed_stdlib,
)
from sitebuild.start_screen import rules_data, start_screen_data, start_screen_html  # noqa: F401
from sitebuild.site import (  # noqa: F401
    build, content_hash, finalize, manifest, patched_lock, site_files, write_compressed,
)
from sitebuild.serve import SiteHandler, make_server, serve  # noqa: F401



# --------------------------------------------------------------------------- test & bench

def test(pytest_args: list[str]) -> int:
    """Install the test tools when missing, build, and run pytest with ``pytest_args``; with ``--quick``, only the
    tests that need no browser and no build, with small soak sizes (``tests/sizes.py``)."""
    if "--quick" in pytest_args:
        ensure_dev_requirements()
        rest = [a for a in pytest_args if a != "--quick"]
        quick = ["--ignore=tests/browser", "-m", "not browser and not full_only"]
        return subprocess.run([sys.executable, "-m", "pytest", *quick, *parallel_args(rest, quick=True), *rest],
                              cwd=ROOT, env=environment_for_tests(HOUSE_GAMES_QUICK="1")).returncode
    ensure_dev_requirements()
    ensure_chromium()
    build()
    return subprocess.run([sys.executable, "-m", "pytest", *parallel_args(pytest_args), *pytest_args],
                          cwd=ROOT, env=environment_for_tests(HOUSE_GAMES_DIST=str(DIST))).returncode


def environment_for_tests(**extra: str) -> dict[str, str]:
    """The tests' environment: this one with ``extra``, and Python's compiled modules kept under
    ``build/pycache`` (``PYTHONPYCACHEPREFIX``) even where ``PYTHONDONTWRITEBYTECODE`` is set, which would make
    every Python process of the run (the workers, the programs the tests start) compile all it imports again
    (the quick loop, two trees in turns: 0.96× the CPU; ``docs/benchmarks.md``). The tree gets no ``__pycache__``."""
    env = dict(os.environ, **extra)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.setdefault("PYTHONPYCACHEPREFIX", str(ROOT / "build" / "pycache"))  # a developer's own prefix kept
    return env


def parallel_args(pytest_args: list[str], quick: bool = False) -> list[str]:
    """pytest-xdist workers unless the caller chose (``-n``, ``-p no:xdist``): each browser test file is one group
    (its tests in order, on one worker), so the cores run browser files, the suite's larger part, and the engine
    tests fill in. The full run has three workers for the two cores: a browser test waits on its page's worker,
    the server and Playwright's messages between bursts of CPU, and a third worker fills those waits (18:13 → 16:34,
    the cores 97 % busy: ``docs/benchmarks.md``); the quick loop, CPU alone, has two. ``--durations`` lists the
    slowest tests for the CI log (the quick loop's 10)."""
    if any(a == "-n" or a.startswith(("-n=", "--numprocesses")) or a == "no:xdist" for a in pytest_args):
        return []
    return ["-n", "2" if quick else "3", "--dist", "loadgroup", "--durations=10" if quick else "--durations=25"]


def bench(args: list[str]) -> int:
    """The benchmark report: tests/bench/run.py when it exists, else the engines' CPython figures."""
    harness = ROOT / "tests" / "bench" / "run.py"
    if harness.exists():
        ensure_dev_requirements()
        ensure_chromium()
        build()
        return subprocess.run([sys.executable, str(harness), *args], cwd=ROOT).returncode
    return subprocess.run([sys.executable, "-m", "game", "bench", *args], cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="write the site to dist/")
    p.add_argument("--out", type=Path, default=DIST, help="where to write the site (default: dist/)")
    p = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="run every test (extra arguments go to pytest); --quick: those that need no browser, small sizes")
    sub.add_parser("bench", help="print the benchmark report")
    args, rest = parser.parse_known_args(argv)
    if args.command == "build":
        if rest:
            parser.error(f"unexpected arguments: {rest}")
        build(args.out.resolve())
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench(rest)


if __name__ == "__main__":
    sys.exit(main())
