"""axe-core in a real page: the accessibility violations it finds, of any impact (test_quality, test_a11y_axe, test_barrio_ui)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: every impact axe reports fails the test: a moderate finding (no main landmark, headings out of order) is a real
#: barrier to someone finding their way by a screen reader's landmarks and headings
BLOCKING = ("critical", "serious", "moderate", "minor")


def axe_violations(page) -> list[dict]:
    """The axe-core violations of any impact on the page as it is now (WCAG 2.x A/AA and best practices)."""
    if not AXE.exists():
        pytest.fail("node_modules/axe-core is missing: run npm ci (python3 build.py test does)")
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ["violations"]});
        return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                                       nodes: v.nodes.slice(0, 5).map(n => n.target.join(" "))}));
    }""")
    return [v for v in result if v["impact"] in BLOCKING or v["impact"] is None]


def explain(violations: list[dict]) -> str:
    return json.dumps(violations, indent=1)
