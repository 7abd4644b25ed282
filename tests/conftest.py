"""Suite-wide rules.

- ``--update-pixels`` (or ``UPDATE_PIXELS=1``): the pixel tests write their
  reference images instead of comparing (``python3 build.py test -k pixel --update-pixels``).
- **No silent skips in CI**: when the environment variable ``CI`` is set, a
  skipped test fails, unless its reason starts with ``platform:`` (a test that
  cannot run on this operating system, with the reason given). A missing
  browser, engine or tool is a failure there, not a skip.
- **Test games**: the toy game (``tests/toygame/``: ``engine/`` and ``screen/``, the new-game template)
  is registered for this process as a fourth game (``HOUSE_GAMES_EXTRA``, see
  ``game/__init__.py``), so every test over :data:`game.GAMES` (the contract
  tests) covers it; tests of what ships use :data:`game.PRODUCT_GAMES`.
  Subprocesses do not inherit it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

PLATFORM_PREFIX = "platform:"
#: the test games: the toy game's two folders (``tests/browser/test_newgame.py`` installs them in a copy of the product)
TEST_GAMES = "toy=tests.toygame.engine:tests.toygame.screen"


def _register_test_games() -> None:
    """Import ``game`` with the test games registered, without passing the variable to subprocesses."""
    before = os.environ.get("HOUSE_GAMES_EXTRA")
    os.environ["HOUSE_GAMES_EXTRA"] = TEST_GAMES if before is None else f"{before},{TEST_GAMES}"
    try:
        import game
    finally:
        if before is None:
            del os.environ["HOUSE_GAMES_EXTRA"]
        else:
            os.environ["HOUSE_GAMES_EXTRA"] = before
    # under pytest the contract tests must cover the toy game; a script that imports the browser fixtures' helpers
    # after ``game`` (the bench: tests/bench/browser.py) measures the shipped games only
    if os.environ.get("PYTEST_VERSION"):
        assert "toy" in game.GAMES, "tests/conftest.py must run before anything imports game"


_register_test_games()

# the helper modules the tests share (tests/ui_harness.py, tests/browser/barrio_steps.py …) assert as test modules do:
# pytest rewrites their asserts too, so a failing check inside a shared step says what differed
_TESTS = Path(__file__).resolve().parent
pytest.register_assert_rewrite(*sorted(
    ".".join(path.relative_to(_TESTS.parent).with_suffix("").parts)
    for path in [*_TESTS.glob("*.py"), *(_TESTS / "browser").glob("*.py")]
    if not path.name.startswith(("test_", "conftest", "__init__"))))


def in_ci() -> bool:
    """True when running in continuous integration (``CI`` set to anything but empty/0/false)."""
    return os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")


def skip_or_fail(reason: str) -> None:
    """Skip with ``reason`` on a developer machine; fail in CI, where everything must be there."""
    if in_ci():
        pytest.fail(f"CI: {reason}", pytrace=False)
    pytest.skip(reason)


def pytest_configure(config: pytest.Config) -> None:
    # pytest-xdist registers its mark; without the plugin (``-p no:xdist``) the grouped files still run, unwarned
    config.addinivalue_line("markers", "xdist_group(name): the tests of a group run on one xdist worker")


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-pixels", action="store_true", default=False,
                     help="write the pixel tests' reference images (tests/browser/pixels/) instead of comparing")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    if report.skipped and in_ci() and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        if not reason.removeprefix("Skipped: ").startswith(PLATFORM_PREFIX):
            report.outcome = "failed"
            report.longrepr = f"skipped in CI, which must run everything: {reason}"
    return report


@pytest.fixture(scope="session")
def built_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's wheel as ``build.build_wheel`` writes it, built once per test process (a few seconds each) for the
    tests that read it; none may change the file."""
    import build

    return build.build_wheel(tmp_path_factory.mktemp("wheel"))
