"""CPU seconds each test cost, as a pytest plugin (``-p tests.cpu_time``): for a suite bound by CPU, the figure that
says where its minutes go (a test that waits on a timer costs its wall time on its worker only, while the other
worker runs on).

Each test gets the user property ``cpu_s`` in ``--junitxml``: the CPU of its worker process and of everything the
worker started (Chromium, the Playwright driver, build subprocesses) between the test's start and its end, setup
and teardown included. ``python3 tests/cpu_time.py report.xml`` sums it by file."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterator

import pytest

TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):  # gone meanwhile
                continue
            tree.setdefault(parent, []).append(int(entry.name))
    return tree


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root`` and its descendants: each live one's own and that of its children it has reaped
    (a closed browser context's renderer is counted by the browser process that waited for it)."""
    tree, total, todo = _children(), 0, [root]
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        todo.extend(tree.get(pid, []))
    return total / TICK


_START = pytest.StashKey[float]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_START] = tree_cpu(os.getpid())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    if call.when == "teardown" and _START in item.stash:  # junitxml writes the properties of the teardown's report
        outcome.get_result().user_properties.append(("cpu_s", round(tree_cpu(os.getpid()) - item.stash[_START], 2)))


def report(path: str, top: int = 40) -> None:
    """CPU and wall seconds by test file of a ``--junitxml`` report made with this plugin."""
    import collections
    import xml.etree.ElementTree as ET

    cpu: collections.Counter[str] = collections.Counter()
    wall: collections.Counter[str] = collections.Counter()
    for case in ET.parse(path).getroot().iter("testcase"):
        name = case.get("classname", "")
        wall[name] += float(case.get("time", 0))
        cpu[name] += sum(float(p.get("value", 0)) for p in case.iter("property") if p.get("name") == "cpu_s")
    print(f"total cpu {sum(cpu.values()):.0f} s, wall {sum(wall.values()):.0f} s of the workers")
    for name, seconds in cpu.most_common(top):
        print(f"{seconds:8.1f} {wall[name]:8.1f}  {name}")


if __name__ == "__main__":
    report(sys.argv[1], *(int(a) for a in sys.argv[2:3]))
