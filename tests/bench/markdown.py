#!/usr/bin/env python3
"""``python3 tests/bench/markdown.py [build/bench.json]``: a report as a Markdown section for docs/benchmarks.md."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def num(value: int | None) -> str:
    """A byte count with thousands separators (``null`` stays visible as null)."""
    return "null" if value is None else f"{value:,}"


def fmt(value: Any) -> str:
    """A figure for a table cell (``null`` stays visible as null)."""
    return "null" if value is None else str(value)


def shell_cell(s: dict[str, Any], key: str, goal: float | None) -> str:
    """Seconds until the start screen is usable, with its goal."""
    value = (s.get("shell_s") or {}).get(key)
    return fmt(value) + (f" (goal ≤ {goal})" if goal is not None else "")


def mem_cell(m: dict[str, Any] | None) -> str:
    """``js + wasm = total`` MB."""
    return "null" if not m else f"{m['js_heap']} + {m['wasm']} = {m['total']}"


def ms_cell(d: dict[str, Any] | None) -> str:
    """``median / p95 (n)`` ms."""
    return "null" if not d else f"{d['median']} / {d['p95']} ({d['n']})"


def section(r: dict[str, Any]) -> str:
    """The Markdown of one run."""
    m = r["machine"]
    lines = [f"### {r['date']} · {m['host']} · {m['cores']} cores {m['cpu']} · load {m['load_avg_start'][0]}→{m.get('load_avg_end', ['?'])[0]}",
             "", f"Build `{r['dist']['build']}`, Python {m['python']}, Node {m['node']}; run took {r['seconds']} s.", "",
             "Measured by `python3 build.py bench` (a smaller run: `python3 build.py bench -n 2`); not run by the doc-figure smoke test, which would start Lighthouse and the whole browser bench in CI.", ""]
    s = r.get("start")
    if s:
        lines += ["| start (s) | cold | warm | offline |", "|---|---|---|---|",
                  f"| site | {s['site_cold_s']} | {s['site_warm_s']} | {s['site_offline_s']} |",
                  f"| floor | {s['floor_cold_s']} | {s['floor_warm_s']} | {s['floor_offline_s']} |",
                  f"| site / floor | {s['ratio_cold']} | {s['ratio_warm']} | **{s['ratio_offline']}** (goal ≤ 0.5) |",
                  *([f"| site on sources only (`?precompile=0`) | {s['site_sources_cold_s']} | {s['site_sources_warm_s']} | {s['site_sources_offline_s']} |",
                     f"| sources only / floor | {s['ratio_sources_cold']} | {s['ratio_sources_warm']} | {s['ratio_sources_offline']} |"]
                    if s.get("site_sources_offline_s") is not None else []),
                  f"| start screen usable (shell) | {shell_cell(s, 'cold', 1.0)} | {shell_cell(s, 'warm', None)} | {shell_cell(s, 'offline', 0.3)} |", "",
                  *([f"The site's warm and offline starts load the archives its first start compiled (first visits reported: "
                     f"{', '.join(f'`{o}`' for o in s['precompiled'])}); the cold start, and every start on sources only, compile as they import.", ""]
                    if s.get("precompiled") else []),
                  f"First visit: {s['first_visit_bytes']:,} bytes raw, **{fmt(s.get('first_visit_wire_bytes')) if s.get('first_visit_wire_bytes') is None else format(s['first_visit_wire_bytes'], ',')}** "
                  f"on the wire (goal ≤ 4,000,000; {s['first_visit_requests']} responses; floor "
                  f"{s['floor_first_visit_bytes']:,} raw, {s.get('floor_first_visit_wire_bytes', 0):,} wire). Sent twice: "
                  + (", ".join(f"`{k}` {v:,}" for k, v in s["first_visit_repeated_bytes"].items()) or "nothing") + ".", ""]
        parts = s.get("first_visit_wire_parts")
        if parts:
            lines += ["On the wire by part: " + ", ".join(f"{k} {v:,}" for k, v in parts.items()) + ". "
                      f"The runtime's own stdlib (the {s.get('runtime_stdlib_modules')} modules the floor's bare worker had imported "
                      f"when it answered, trimmed and slimmed as ours): {num(s.get('runtime_stdlib_wire_bytes'))}; with the runtime's "
                      f"and PyScript's files, no site on this stack sends less than **{num(s.get('stack_floor_wire_bytes'))}**.", ""]
        fp = s.get("first_playable_s")
        if fp:
            th = fp["throttling"]
            lines += [f"Time to a playable table under Lighthouse's phone throttling ({th['rtt_ms']} ms RTT, {th['down_kbit_s']} kbit/s down, "
                      f"{th['up_kbit_s']} kbit/s up, CPU ÷{th['cpu_slowdown']}, through CDP): first visit, Start tapped at once, first Barrio "
                      f"target answered at **{fp['site_first_visit']} s**; the floor merely ready at {fp['floor_first_visit']} s: "
                      f"`slow4g_ratio` **{fp['slow4g_ratio']}** (goal ≤ 1.0). Offline: {fp['site_offline']} s against {fp['floor_offline']} s "
                      f"(ratio {fp['offline_ratio']}). The wire bytes alone take {fp['site_transfer_s']} s (site) and {fp['floor_transfer_s']} s "
                      f"(floor) at that bandwidth; runtime files `{fp.get('site_runtime_files')}`.", ""]
    else:
        lines += ["start: null", ""]
    mt = r.get("main_thread")
    if mt:
        def tasks(d: dict[str, Any] | None) -> str:
            return "null" if not d else f"longest {d['longest_task_ms']} ms, blocking {d['blocking_ms']} ms, {d['count']} long tasks"
        game = mt.get("barrio_game") or {}
        lines += [f"Main thread (Long Tasks API): longest task **{mt['longest_task_ms']} ms** (goal ≤ 50), blocking {mt['blocking_ms']} ms. "
                  f"Offline start, first paint to ready: {tasks(mt.get('start_offline'))}. Barrio game against the strong "
                  f"computer to its end ({game.get('game_s')} s): {tasks(mt.get('barrio_game'))}.", ""]
    n, nb = r.get("nyhavn_placements"), r.get("nyhavn_placements_browser")
    lines += [f"Nyhavn placements (a full enumeration of a mid-game house, medians of {fmt(n and n.get('samples'))} "
              f"turns each): CPython table {fmt(n and n['table_us'])} µs, plain {fmt(n and n['naive_us'])} µs, ratio "
              f"**{fmt(n and n['ratio'])}** (goal ≥ 20); in the browser's worker table {fmt(nb and nb['table_us'])} µs, "
              f"plain {fmt(nb and nb['naive_us'])} µs, ratio {fmt(nb and nb['ratio'])}.", ""]
    lines += ["| game | playouts/s CPython | playouts/s Pyodide | ratio | frame ms median / p95 | memory MB js heap + wasm |",
              "|---|---|---|---|---|---|"]
    mem = r.get("memory_mb") or {}
    for gid, p in (r.get("playouts") or {}).items():
        f = (r.get("frame_ms") or {}).get(gid)
        mm = mem.get(gid)
        lines.append(f"| {gid} | {fmt(p and p['cpython_per_s'])} | {fmt(p and p['pyodide_per_s'])} | {fmt(p and p['ratio'])} | "
                     f"{'null' if not f else str(f['median']) + ' / ' + str(f['p95'])} | "
                     f"{mem_cell(mm)} |")
    sp = mem.get("start_page")
    if sp:
        lines += ["", f"Memory of the start page just after ready (baseline): {sp['js_heap']} + {sp['wasm']} = {sp['total']} MB."]
    lines += ["", "| decisions ms (median / p95, n) | browser Pyodide | CPython |", "|---|---|---|"]
    cpy = r.get("decisions_ms_cpython") or {}
    for gid, row in (r.get("decisions_ms") or {}).items():
        for strength, d in (row or {}).items():
            c = (cpy.get(gid) or {}).get(strength)
            lines.append(f"| {gid} {strength} | {ms_cell(d)} | {ms_cell(c)} |")
    large = r.get("frame_ms_large") or {}
    if large:
        lines += ["", "Frames at 1920×1080 (`frame_ms_large`, ms median / p95; goal median ≤ 8): " + "; ".join(
            f"{gid} {'null' if not f else str(f['median']) + ' / ' + str(f['p95'])}" for gid, f in large.items()) + "."]
    hints = r.get("hint_ms") or {}
    if hints:
        lines += ["", "Coach hints in the browser (`hint_ms`, ms median / p95 / max; goal median ≤ 300): " + "; ".join(
            f"{gid} {'null' if not h else ' / '.join(str(h.get(k)) for k in ('median', 'p95', 'max'))}"
            for gid, h in hints.items()) + "."]
    insight = r.get("insight_s") or {}
    if insight:
        lines += ["", "The end screen's insight on one whole game in the browser (`insight_s`, seconds / the seat's "
                  "decisions judged): " + "; ".join(
                      f"{gid} {'null' if not i else str(i.get('seconds')) + ' s / ' + str(i.get('decisions'))}"
                      for gid, i in insight.items()) + "."]
    lines += tap_lines(r)
    lh = r.get("lighthouse")
    lines.append("")
    if lh and "error" not in lh:
        lines.append(f"Lighthouse {lh.get('lighthouse')} (mobile, simulated slow 4G): performance **{lh['performance']}**, "
                     f"accessibility **{lh['accessibility']}**, best practices **{lh['best-practices']}**; FCP {lh['fcp_ms']} ms, "
                     f"LCP **{lh['lcp_ms']} ms** (goal ≤ 2500), TBT **{lh['tbt_ms']} ms** (goal ≤ 200), CLS **{lh.get('cls')}** (goal ≤ 0.02), "
                     f"TTI {lh.get('tti_ms')} ms, weight {fmt(lh['total_bytes'])} bytes; audits not at full score: accessibility "
                     f"{', '.join(lh['failed_accessibility_audits']) or 'none'}; performance "
                     f"{', '.join(lh.get('failed_performance_audits') or []) or 'none'}; best practices "
                     f"{', '.join(lh.get('failed_best_practices_audits') or []) or 'none'}.")
    else:
        lines.append(f"Lighthouse: {fmt(lh and lh.get('error'))}.")
    lines += ["", f"Outside requests: {r.get('outside_requests')}."]
    if r.get("notes"):
        lines += ["", "Notes: " + "; ".join(r["notes"]) + "."]
    return "\n".join(lines) + "\n"


def tap_lines(r: dict[str, Any]) -> list[str]:
    """The tap-to-frame figures: at full speed, at 4× slower CPU, and where the time goes."""
    lines: list[str] = []
    taps = r.get("input_to_frame_ms") or {}
    if taps:
        lines += ["", "Tap to frame against a computer seat (`input_to_frame_ms`, ms median / p95; goal ≤ 25 / ≤ 50): " + "; ".join(
            f"{gid} {'null' if not f else str(f['median']) + ' / ' + str(f['p95'])}" for gid, f in taps.items()) + "."]
    slow = r.get("input_to_frame_ms_cpu4") or {}
    if slow:
        lines += ["", "The same at 4× slower CPU, page and worker (`input_to_frame_ms_cpu4`, ms median / p95; goal ≤ 100 / ≤ 200): "
                  + "; ".join(f"{gid} {'null' if not f else str(f['median']) + ' / ' + str(f['p95'])}" for gid, f in slow.items()) + "."]
    parts = r.get("input_to_frame_parts_ms") or {}
    if parts:
        lines += ["", "Where a tap's time goes (`input_to_frame_parts_ms`, medians in ms, messages / Python / painting / frame, "
                  "at 1× and 4×): " + "; ".join(f"{gid} " + " and ".join(
                      "null" if not (p or {}).get(speed) else " / ".join(str(p[speed][k]) for k in ("messages", "python", "painting", "frame"))
                      for speed in ("cpu1", "cpu4")) for gid, p in parts.items()) + "."]
    return lines


if __name__ == "__main__":
    path = Path(sys.argv[1] if len(sys.argv) > 1 else "build/bench.json")
    print(section(json.loads(path.read_text())))
