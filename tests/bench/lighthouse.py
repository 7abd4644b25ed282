"""Lighthouse (the pinned npm CLI) on the start page, with Debian's Chromium.

Lighthouse's default mobile settings are kept (simulated slow 4G and a
mid-range phone CPU), so its performance score is comparable with other
sites' but says little about a second visit, which the service worker serves.
"""

from __future__ import annotations

import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from tests.browser.conftest import CHROMIUM, ROOT

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CATEGORIES = ("performance", "accessibility", "best-practices")
#: Metrics copied from the Lighthouse report next to the scores (audit id → report key).
METRICS = {"first-contentful-paint": "fcp_ms", "largest-contentful-paint": "lcp_ms", "total-blocking-time": "tbt_ms",
           "speed-index": "speed_index_ms", "total-byte-weight": "total_bytes", "cumulative-layout-shift": "cls",
           "interactive": "tti_ms", "max-potential-fid": "max_potential_fid_ms"}


def run_lighthouse(url: str, timeout_s: float = 300, attempts: int = 2) -> dict[str, Any]:
    """Scores (0-100) of ``url`` per category, a few metrics and the failed accessibility audits.

    A loaded machine sometimes makes Lighthouse's own DevTools calls time out
    (e.g. ``Network.getResponseBody`` of the big runtime files): tried again then.
    """
    result: dict[str, Any] = {}
    for attempt in range(attempts):
        result = _run_once(url, timeout_s)
        if "error" not in result:
            result["attempts"] = attempt + 1
            return result
    return result


def _run_once(url: str, timeout_s: float) -> dict[str, Any]:
    if not LIGHTHOUSE.exists():
        return {"error": "node_modules/.bin/lighthouse missing: run npm ci"}
    with tempfile.TemporaryDirectory(prefix="bench-lighthouse-") as tmp:
        out = Path(tmp) / "report.json"
        cmd = [str(LIGHTHOUSE), url, "--quiet", "--output=json", f"--output-path={out}",
               "--only-categories=" + ",".join(CATEGORIES), "--max-wait-for-load=90000",
               "--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking "
               f"--disable-component-update --disable-sync --disable-default-apps --disable-extensions --user-data-dir={tmp}/profile"]
        env = dict(os.environ, CHROME_PATH=CHROMIUM)
        try:
            done = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired:
            return {"error": f"lighthouse did not finish within {timeout_s:.0f} s"}
        if done.returncode != 0 or not out.exists():
            return {"error": f"lighthouse exited {done.returncode}: {done.stderr.strip()[-500:]}"}
        report = json.loads(out.read_text())
    scores: dict[str, Any] = {}
    for cat in CATEGORIES:
        score = report["categories"][cat]["score"]
        scores[cat] = None if score is None else round(score * 100)
    audits = report["audits"]
    for audit, key in METRICS.items():
        value = audits.get(audit, {}).get("numericValue")
        scores[key] = None if value is None else (round(value, 3) if key == "cls" else round(value))
    refs = report["categories"]["accessibility"]["auditRefs"]
    scores["failed_accessibility_audits"] = sorted(
        r["id"] for r in refs if r.get("weight") and audits.get(r["id"], {}).get("score") not in (None, 1))
    for cat in ("performance", "best-practices"):  # what keeps a score down: every failed audit that weighs
        refs = report["categories"][cat]["auditRefs"]
        scores[f"failed_{cat.replace('-', '_')}_audits"] = sorted(
            r["id"] for r in refs if audits.get(r["id"], {}).get("score") not in (None, 1)
            and audits.get(r["id"], {}).get("scoreDisplayMode") in ("binary", "numeric", "metricSavings"))
    scores["lighthouse"] = report.get("lighthouseVersion")
    scores["runtime_error"] = (report.get("runtimeError") or {}).get("code")
    return scores
