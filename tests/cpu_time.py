"""CPU seconds each test cost, as a pytest plugin (``-p tests.cpu_time``): for a suite bound by CPU, the figure that
says where its minutes go (a test that waits on a timer costs its wall time on its worker only, while the other
worker runs on).

Each test gets the user property ``cpu_s`` in ``--junitxml``: the CPU of its worker process and of everything the
worker started (Chromium and its renderers, the Playwright driver, build subprocesses) between the test's start and
its end, setup and teardown included. ``python3 tests/cpu_time.py report.xml`` sums it by file.

A process's CPU is read from ``/proc`` while it lives: a thread samples the worker's tree every
:data:`SAMPLE_S`, and a process that has exited keeps the figure of its last sample. Reading the tree only at a
test's ends (with the children's CPU a parent reaped) lost whatever the closed contexts' renderers spent, since
their CPU is not added to a live ancestor's once they exit: a full run's report summed 1,008 CPU s where the
machine was busy 2,354 s (2026-12-07), and a test that closed a browser came out negative."""

from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path
from typing import Generator

import pytest
from pluggy import Result

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


#: how often the worker's process tree is read (a process that exits loses at most this much of its CPU)
SAMPLE_S = 0.5


def _own_cpu(tree: dict[int, list[int]], root: int) -> dict[tuple[int, str], float]:
    """CPU seconds of ``root`` and each live descendant, its own only, by ``(pid, start time)`` (pids are reused)."""
    out: dict[tuple[int, str], float] = {}
    todo = [root]
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[(pid, fields[19])] = (int(fields[11]) + int(fields[12])) / TICK  # utime, stime; starttime
        todo.extend(tree.get(pid, []))
    return out


class _Sampler:
    """Every process of the worker's tree seen so far with its CPU at its last reading."""

    def __init__(self, root: int) -> None:
        self.root = root
        self.seen: dict[tuple[int, str], float] = {}
        self.lock = threading.Lock()

    def read(self) -> dict[tuple[int, str], float]:
        now = _own_cpu(_children(), self.root)
        with self.lock:
            self.seen.update(now)
            return dict(self.seen)

    def run(self) -> None:
        while True:
            time.sleep(SAMPLE_S)
            self.read()


_SAMPLER: _Sampler | None = None


def _sampler() -> _Sampler:
    global _SAMPLER
    if _SAMPLER is None:
        _SAMPLER = _Sampler(os.getpid())
        threading.Thread(target=_SAMPLER.run, daemon=True, name="cpu_time").start()
    return _SAMPLER


_START = pytest.StashKey[dict[tuple[int, str], float]]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    item.stash[_START] = _sampler().read()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, Result[pytest.TestReport], None]:
    outcome = yield
    if call.when == "teardown" and _START in item.stash:  # junitxml writes the properties of the teardown's report
        before, after = item.stash[_START], _sampler().read()
        spent = sum(cpu - before.get(key, 0.0) for key, cpu in after.items())
        outcome.get_result().user_properties.append(("cpu_s", round(spent, 2)))


def report(path: str, top: int = 40) -> None:
    """CPU and wall seconds by test file of a ``--junitxml`` report made with this plugin."""
    import collections
    import xml.etree.ElementTree as ET

    cpu: collections.defaultdict[str, float] = collections.defaultdict(float)
    wall: collections.defaultdict[str, float] = collections.defaultdict(float)
    for case in ET.parse(path).getroot().iter("testcase"):
        name = case.get("classname", "")
        wall[name] += float(case.get("time", 0))
        cpu[name] += sum(float(p.get("value", 0)) for p in case.iter("property") if p.get("name") == "cpu_s")
    print(f"total cpu {sum(cpu.values()):.0f} s, wall {sum(wall.values()):.0f} s of the workers")
    for name, seconds in sorted(cpu.items(), key=lambda item: -item[1])[:top]:
        print(f"{seconds:8.1f} {wall[name]:8.1f}  {name}")


if __name__ == "__main__":
    report(sys.argv[1], *(int(a) for a in sys.argv[2:3]))
