#!/usr/bin/env python3
"""The benchmark report: ``python3 build.py bench`` (or ``python3 tests/bench/run.py [--dist DIR]``).

Prints one JSON report and writes it to ``build/bench.json``. Every figure is
measured in this run beside its baseline (site vs bare PyScript floor,
placement table vs plain checker, Pyodide vs CPython on the same games), so
the ratios stay meaningful on a noisy, shared machine. A figure that cannot be
measured (game not built, no canvas table yet, tool missing) is ``null`` and
``notes`` says why. Nothing here asserts timings.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from game import GAMES  # noqa: E402
from tests.bench import workload  # noqa: E402

NOTES: list[str] = []


def log(message: str) -> None:
    """Progress on stderr (stdout carries only the JSON report)."""
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def guarded(name: str, fn: Callable[[], Any]) -> Any:
    """``fn()``, or None with a note when it fails (one broken figure must not lose the others)."""
    log(name)
    t0 = time.perf_counter()
    try:
        return fn()
    except Exception as exc:
        NOTES.append(f"{name}: failed: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}")
        traceback.print_exc(file=sys.stderr)
        return None
    finally:
        log(f"{name}: {time.perf_counter() - t0:.1f} s")


def machine() -> dict[str, Any]:
    """What this run ran on (figures from different machines are not comparable)."""
    model = ""
    try:
        model = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                     if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    node = subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip() if shutil.which("node") else None
    return {"host": platform.node(), "cpu": model, "cores": os.cpu_count(), "os": platform.platform(),
            "python": platform.python_version(), "node": node, "load_avg_start": [round(x, 2) for x in os.getloadavg()]}


def nyhavn_placements() -> dict[str, Any] | None:
    """Nyhavn's figures from its own bench (table vs plain checker on a mid-game board)."""
    from lab.nyhavn import bench

    figures = bench.run()
    return {k: figures[k] for k in ("table_us", "naive_us", "ratio", "placements", "cells_built") if k in figures}


def combine_playouts(cpython: dict[str, Any], browser: dict[str, Any] | None) -> dict[str, Any]:
    """Per game: games/s ``cpython_per_s``, ``pyodide_per_s`` and their ``ratio`` (CPython / Pyodide); applied actions/s
    ``actions_per_s`` (CPython) and ``pyodide_actions_per_s``."""
    out: dict[str, Any] = {}
    for gid in GAMES:
        c = (cpython or {}).get(gid)
        b = (browser or {}).get(gid)
        if c is None:
            out[gid] = None
            continue
        row = {"cpython_per_s": c["per_s"], "pyodide_per_s": b["per_s"] if b else None, "games": c["games"],
               "actions_per_s": c.get("actions_per_s"), "pyodide_actions_per_s": b.get("actions_per_s") if b else None}
        row["ratio"] = round(c["per_s"] / b["per_s"], 2) if b else None
        out[gid] = row
    return out


def main(argv: list[str] | None = None) -> int:
    """Measure everything, print the report, write it to ``--out``."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dist", type=Path, default=Path(os.environ.get("HOUSE_GAMES_DIST") or build.DIST),
                        help="the built site (default: $HOUSE_GAMES_DIST or dist/)")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "bench.json")
    parser.add_argument("--reps", type=int, default=2, help="interleaved cold/warm/offline runs of site and floor")
    parser.add_argument("--decisions", type=int, default=30, help="positions per computer strength")
    parser.add_argument("--budget", type=float, default=4.0, help="seconds per strength before stopping early")
    parser.add_argument("--no-lighthouse", action="store_true")
    parser.add_argument("--no-browser", action="store_true", help="CPython figures only")
    parser.add_argument("-n", type=int, default=None, metavar="N",
                        help="a smaller run: N start reps (at most --reps) and N positions per computer strength")
    args = parser.parse_args(argv)
    if args.n is not None:
        args.reps = max(1, min(args.reps, args.n))
        args.decisions = max(1, args.n)
    dist = args.dist.resolve()
    if not (dist / "sw.js").exists():
        sys.exit(f"bench: {dist} is not a built site (python3 build.py build)")
    games = list(GAMES)
    t_run = time.perf_counter()
    report: dict[str, Any] = {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "machine": machine(),
        "dist": {"path": str(dist), "build": json.loads((dist / "version.json").read_text())["build"]},
    }
    report["nyhavn_placements"] = guarded("nyhavn placements (CPython)", nyhavn_placements)
    cpython_playouts = guarded("playouts (CPython)", lambda: workload.playout_table(games))
    report["decisions_ms_cpython"] = guarded(
        "decisions (CPython)", lambda: workload.decision_table(games, args.decisions, args.budget))
    browser_figures: dict[str, Any] = {}
    if args.no_browser:
        NOTES.append("browser figures skipped (--no-browser)")
    else:
        browser_figures = guarded("browser", lambda: browser_part(dist, games, args)) or {}
    report["start"] = browser_figures.get("start")
    report["main_thread"] = browser_figures.get("main_thread")
    python = browser_figures.get("python") or {}
    report["playouts"] = combine_playouts(cpython_playouts or {}, python.get("playouts"))
    report["decisions_ms"] = python.get("decisions") or {gid: None for gid in games}
    frames = browser_figures.get("frame_ms") or {gid: None for gid in games}
    for gid in games:
        if frames.get(gid) is None and browser_figures.get("frame_ms") is not None:
            NOTES.append(f"frame_ms.{gid}: null: the game has no canvas table yet (game/ui/{gid}.py with SCREEN), "
                         "only the list of legal actions")
    report["frame_ms"] = frames
    report["frame_ms_large"] = browser_figures.get("frame_ms_large") or {gid: None for gid in games}
    report["hint_ms"] = browser_figures.get("hint_ms") or {gid: None for gid in games}
    report["insight_s"] = browser_figures.get("insight_s") or {gid: None for gid in games}
    report["nyhavn_placements_browser"] = browser_figures.get("nyhavn_placements")
    report["memory_mb"] = browser_figures.get("memory_mb") or {gid: None for gid in games}
    report["input_to_frame_ms"] = browser_figures.get("input_to_frame_ms") or {gid: None for gid in games}
    report["input_to_frame_ms_cpu4"] = browser_figures.get("input_to_frame_ms_cpu4") or {gid: None for gid in games}
    report["input_to_frame_parts_ms"] = browser_figures.get("input_to_frame_parts_ms") or {gid: None for gid in games}
    report["outside_requests"] = browser_figures.get("outside_requests")
    report["multidevice"] = None if args.no_browser else guarded("multidevice (two browsers, loopback only)", lambda: multidevice_part(dist))
    if args.no_lighthouse or args.no_browser:
        report["lighthouse"] = None
        NOTES.append("lighthouse skipped")
    else:
        report["lighthouse"] = guarded("lighthouse", lambda: lighthouse_part(dist))
    report["machine"]["load_avg_end"] = [round(x, 2) for x in os.getloadavg()]
    report["seconds"] = round(time.perf_counter() - t_run, 1)
    report["notes"] = NOTES
    text = json.dumps(report, indent=1)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")
    print(text)
    log(f"written to {args.out}")
    print(summary(report), file=sys.stderr)
    return 0


def summary(report: dict[str, Any]) -> str:
    """The issue's goals, one line each, from a report (printed after the JSON, on stderr)."""
    s = report.get("start") or {}
    m = report.get("main_thread") or {}
    lh = report.get("lighthouse") or {}
    md = report.get("multidevice") or {}
    shell = s.get("shell_s") or {}
    fp = s.get("first_playable_s") or {}
    lines = [
        f"start.first_visit_bytes {s.get('first_visit_bytes')}  wire {s.get('first_visit_wire_bytes')} (goal <= 4000000)"
        f"  stack floor {s.get('stack_floor_wire_bytes')}",
        f"start.shell_s cold {shell.get('cold')} (goal <= 1.0)  offline {shell.get('offline')} (goal <= 0.3)",
        f"start.ratio {s.get('ratio')} (goal <= 0.5)  without precompiling {s.get('ratio_without_precompile')}",
        f"start.first_playable_s site {fp.get('site_first_visit')} s, floor ready {fp.get('floor_first_visit')} s:"
        f" slow4g_ratio {fp.get('slow4g_ratio')} (goal <= 1.0); offline {fp.get('site_offline')} vs {fp.get('floor_offline')}",
        f"main_thread.longest_task_ms {m.get('longest_task_ms')} (goal <= 50)  blocking_ms {m.get('blocking_ms')}",
        "lighthouse " + ", ".join(f"{k} {lh.get(k)}" for k in ("performance", "best-practices", "accessibility", "lcp_ms", "tbt_ms", "cls")),
        f"multidevice.pair_ms {md.get('pair_ms')}  action_rtt_ms {(md.get('action_rtt_ms') or {}).get('median')} (goal <= 100)"
        f"  bytes_per_move {md.get('bytes_per_move')}  burst_host_busy_ms {md.get('burst_host_busy_ms')} (goal <= 2000)",
    ]
    return "\n".join(lines)


def browser_part(dist: Path, games: list[str], args: argparse.Namespace) -> dict[str, Any]:
    """Everything measured in Chromium: start, main-thread long tasks, Python in the app's worker, frames, memory."""
    from tests.bench.browser import DESKTOP, CountingServer, with_browser
    from tests.bench.floor import build_floor
    from tests.bench.input_frame import input_to_frame
    from tests.bench.probe import instrumented_copy

    with tempfile.TemporaryDirectory(prefix="bench-floor-") as tmp:
        floor_dir = build_floor(dist, Path(tmp) / "floor")
        probe_dir = instrumented_copy(dist, Path(tmp) / "probe")  # the app plus an exec hook in its worker
        site, floor, probe = CountingServer(dist), CountingServer(floor_dir), CountingServer(probe_dir)
        try:
            def measure(bench: Any) -> dict[str, Any]:
                out: dict[str, Any] = {"chromium": bench.browser.version}
                out["start"] = guarded("start: site vs floor", lambda: bench.start(site, floor, args.reps))
                if out["start"]:
                    out["start"].update(stack_floor(dist, out["start"]))
                    out["start"]["first_playable_s"] = guarded(
                        "start: first playable table, throttled like Lighthouse's phone (site vs floor)",
                        lambda: bench.first_playable(site, floor))
                game = guarded("main thread: a Barrio game against the strong computer", lambda: bench.barrio_game(site.url))
                out["main_thread"] = main_thread(out["start"], game)
                out["python"] = guarded("playouts and decisions (browser)",
                                        lambda: bench.python_figures(probe.url, games, args.decisions, args.budget))
                out["frame_ms"] = guarded("frames (browser)", lambda: bench.frames(probe.url, games))
                out["frame_ms_large"] = guarded("frames at 1920x1080 (browser)", lambda: bench.frames(probe.url, games, **DESKTOP))
                out["hint_ms"] = guarded("coach hints (browser)", lambda: bench.hints(probe.url, games))
                out["insight_s"] = guarded("the insight of a whole game (browser)", lambda: bench.insight(probe.url, games))
                out["nyhavn_placements"] = guarded("nyhavn placements (browser)", lambda: bench.nyhavn_placements(probe.url))
                out["memory_mb"] = guarded("memory after a full game (browser)", lambda: bench.memory(probe.url, games))
                # on the instrumented copy: its worker times (and, for the twin, slows) each turn's parts
                taps = guarded("input to frame (browser)", lambda: input_to_frame(bench, probe.url, games))
                slow = guarded("input to frame, CPU 4x (browser)", lambda: input_to_frame(bench, probe.url, games, rate=4))
                out["input_to_frame_ms"] = {g: f and {k: v for k, v in f.items() if k != "parts"} for g, f in (taps or {}).items()} or None
                out["input_to_frame_ms_cpu4"] = {g: f and {k: v for k, v in f.items() if k != "parts"} for g, f in (slow or {}).items()} or None
                out["input_to_frame_parts_ms"] = {g: {"cpu1": ((taps or {}).get(g) or {}).get("parts"),
                                                      "cpu4": ((slow or {}).get(g) or {}).get("parts")} for g in games}
                out["outside_requests"] = sorted(set(bench.outside))
                NOTES.extend(bench.problems)
                return out

            return with_browser(measure)
        finally:
            site.stop()
            floor.stop()
            probe.stop()


def loopback_run(module: str, dist: Path, what: str) -> dict[str, Any] | None:
    """``python3 -m <module> <dist> <out> <what>`` inside a network namespace with only loopback (``unshare -n``):
    the JSON it writes, or None (said in the notes) when the run fails."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run.json"
        proc = subprocess.run(
            ["unshare", "-n", "sh", "-c", f'ip link set lo up && exec "$0" -m {module} "$1" "$2" {what}',
             sys.executable, str(dist), str(out)], cwd=ROOT, capture_output=True, text=True, timeout=600,
            env={**os.environ, "PYTHONPATH": str(ROOT)})
        if proc.returncode != 0 or not out.exists():
            NOTES.append(f"{module} {what}: the run failed: {(proc.stderr or proc.stdout)[-300:]}")
            return None
        result: dict[str, Any] = json.loads(out.read_text())
        return result


def multidevice_part(dist: Path) -> dict[str, Any] | None:
    """Two browsers paired over WebRTC play a whole 2-player Barrio game (``tests/browser/multidevice_run.py``),
    loopback only: ``pair_ms``, ``action_rtt_ms``, ``bytes_per_move`` (see docs/multi-device.md)."""
    from tests.browser.multidevice_run import figures

    result = loopback_run("tests.browser.multidevice_run", dist, "play")
    if result is None:
        return None
    if any(result["offsite"].values()):
        NOTES.append(f"multidevice: requests off the origin: {result['offsite']}")
    return {**figures(result), "burst_host_busy_ms": multidevice_burst(dist)}


def multidevice_burst(dist: Path) -> float | None:
    """``multidevice.burst_host_busy_ms``: a paired guest sends 5,000 illegal moves at once down its channel
    (``tests/browser/hostile_guest_run.py burst``, loopback only); from the first sent until the host's page has had
    every one and its worker is idle again. Goal: <= 2,000 ms. Alone: ``python3 -c "from pathlib import Path;
    from tests.bench.run import multidevice_burst; print(multidevice_burst(Path('dist')))"``."""
    result = loopback_run("tests.browser.hostile_guest_run", dist, "burst")
    if result is None:
        return None
    burst = result["burst"]
    if burst["states"]:
        NOTES.append(f"multidevice burst: {burst['states']} positions were sent for refused messages")
    return float(burst["busy_ms"])


def stack_floor(dist: Path, start: dict[str, Any]) -> dict[str, Any]:
    """What no site on this runtime and PyScript can send less of: ``runtime_stdlib_wire_bytes`` is the stdlib
    zip (trimmed and slimmed as ``build.py`` ships ours) holding only the modules the floor's bare worker had
    imported when it first answered; ``stack_floor_wire_bytes`` adds the runtime's and PyScript's files."""
    import zipfile

    modules = start.get("floor_imported_modules")
    if not modules:
        return {"runtime_stdlib_wire_bytes": None, "stack_floor_wire_bytes": None}
    full = (build.NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes()
    in_zip = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in zipfile.ZipFile(io.BytesIO(full)).namelist()
              if n.endswith(".py")}
    builtins = build.builtin_modules((dist / "vendor" / "pyodide" / "pyodide.asm.wasm").read_bytes())
    stdlib, kept = build.trimmed_stdlib(full, {}, builtins, [m for m in modules if m in in_zip])
    parts = start.get("first_visit_wire_parts") or {}
    return {"runtime_stdlib_modules": len(kept), "runtime_stdlib_wire_bytes": len(stdlib),
            "stack_floor_wire_bytes": parts.get("runtime", 0) + parts.get("pyscript", 0) + len(stdlib)}


def main_thread(start: dict[str, Any] | None, game: dict[str, Any] | None) -> dict[str, Any]:
    """``main_thread``: the longest long task and the blocking time of the offline start (first paint to ready) and
    of the Barrio game; ``longest_task_ms`` is the worse of the two (goal ≤ 50 ms: no long task at all)."""
    offline = (start or {}).get("long_tasks_offline")
    parts = [p for p in (offline, game) if p and p.get("longest_task_ms") is not None]
    return {"longest_task_ms": max((p["longest_task_ms"] for p in parts), default=None),
            "blocking_ms": round(sum(p["blocking_ms"] for p in parts), 1) if parts else None,
            "start_offline": offline, "barrio_game": game}


def lighthouse_part(dist: Path) -> dict[str, Any] | None:
    """Lighthouse scores of the start page, served like the bench serves it."""
    from tests.bench.browser import CountingServer
    from tests.bench.lighthouse import run_lighthouse

    server = CountingServer(dist)
    try:
        return run_lighthouse(server.url)
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
