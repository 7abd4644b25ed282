"""With ``CI`` set, a skip fails the run (tests/conftest.py), unless its reason starts with ``platform:``;
without ``CI`` skips stay skips. Checked on a small test file run by pytester with the suite's own conftest."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

CONFTEST = (Path(__file__).resolve().parent / "conftest.py").read_text()
SAMPLE = '''
import pytest
from conftest import skip_or_fail

def test_missing_tool():
    pytest.skip("no browser here")

def test_platform_reason():
    pytest.skip("platform: needs Windows")

@pytest.mark.skipif(True, reason="engine did not import")
def test_skipif():
    pass

def test_helper():
    skip_or_fail("chromium missing")

def test_plain():
    assert True
'''


@pytest.fixture
def sample(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.makeconftest(CONFTEST)
    pytester.makepyfile(test_sample=SAMPLE)
    return pytester


def test_skips_fail_in_ci(sample, monkeypatch):
    monkeypatch.setenv("CI", "true")
    result = sample.runpytest_inprocess("-p", "no:cacheprovider")
    outcomes = result.parseoutcomes()
    assert outcomes.get("passed") == 1 and outcomes.get("skipped") == 1  # test_plain; the platform reason
    assert outcomes.get("failed", 0) + outcomes.get("errors", outcomes.get("error", 0)) == 3
    out = result.stdout.str()
    assert all(reason in out for reason in ("no browser here", "engine did not import", "chromium missing"))


def test_skips_stay_skips_on_a_developer_machine(sample, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    result = sample.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=4)
