"""Every figure in docs/ comes with the command that reproduces it, and that command still works.

Convention: next to a figure, a line ``Reproduce: `COMMAND` `` (one backticked
command); the command accepts ``-n N`` (number of games). Here each such
command runs with ``-n 2`` (a smoke run: it must exit 0 and print something; ``-n 1`` where one unit is already
more than one game, or a browser report),
and every section of a doc that states a figure — a percentage, or a count of
games/actions/playouts — must hold a Reproduce line. ``docs/benchmarks.md`` is
left out of the figure check: all its figures come from ``python3 build.py bench``,
as its first section says, and the bench is not run here.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
REPRODUCE = re.compile(r"^Reproduce: `([^`]+)`", re.M)
#: what a figure looks like in prose: a percentage, or a count of games, actions or playouts
FIGURE = re.compile(r"\d+(?:\.\d+)?\s?%|\b\d[\d,]*\s+(?:games|actions|playouts)\b")
#: figures known to need a command (issue 18); each must sit in a section with a Reproduce line while it is in the doc
KNOWN = {"barrio.md": ["514,036 actions", "113,977 actions"], "nyhavn.md": ["89.8% of 500"]}
NOT_CHECKED = {"benchmarks.md"}
SMOKE_GAMES = "2"


def sections(text: str) -> list[str]:
    """The doc cut at its headings (each section keeps its heading line)."""
    return re.split(r"(?m)^(?=#{1,6} )", text)


def reproduce_lines() -> list[tuple[str, int, str]]:
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        text = doc.read_text()
        for m in REPRODUCE.finditer(text):
            found.append((doc.name, text.count("\n", 0, m.start()) + 1, m.group(1)))
    return found


def smoke_command(command: str) -> list[str]:
    """The command with ``-n 2`` and this interpreter for ``python``/``python3``."""
    words = shlex.split(command)
    assert "-n" in words, f"`{command}` has no -n N: a figure's command must take the number of games"
    # a browser-driven report (tests.browser.*) measures one game: it shares the machine with the browser tests
    words[words.index("-n") + 1] = "1" if any(w.startswith("tests.browser.") for w in words) else SMOKE_GAMES
    if "lab.hard_duel" in words:  # its -n counts deals, each played in both seat orders: one deal is two games
        words[words.index("-n") + 1] = "1"
    if "lab.league" in words:  # a whole pool at the most players is minutes even at one seed: two players, a light budget
        words[words.index("-n") + 1] = "1"
        words += ["--pool", "weak,strong", "--iterations", "1", "--jobs", "1"]
    if words[0] in ("python", "python3"):
        words[0] = sys.executable
    return words


def test_the_docs_have_reproduce_lines():
    assert len(reproduce_lines()) >= 4


def without_seed(words: list[str]) -> tuple[str, ...]:
    """The smoke command's words without the ``--seed`` value: commands that differ only there run the same code."""
    return tuple(w for i, w in enumerate(words) if not (i and words[i - 1] == "--seed"))


def distinct_reproduce_lines() -> list[tuple[str, int, str]]:
    """:func:`reproduce_lines`, one per smoke command up to its seed (a second seed of a lab duel is another minute
    of the same program)."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for doc, line, command in reproduce_lines():
        key = without_seed(smoke_command(command))
        if key not in seen:
            seen.add(key)
            out.append((doc, line, command))
    return out


@pytest.mark.full_only  # minutes of simulations and browser reports
@pytest.mark.parametrize("doc,line,command", distinct_reproduce_lines(), ids=lambda v: str(v))
def test_reproduce_command_runs_at_small_size(doc, line, command):
    words = smoke_command(command)
    done = subprocess.run(words, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"docs/{doc}:{line}: `{command}` at small size ({shlex.join(words[1:])}) failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    assert done.stdout.strip(), f"docs/{doc}:{line}: `{command}` printed nothing"


@pytest.mark.parametrize("doc", sorted(p.name for p in DOCS.glob("*.md") if p.name not in NOT_CHECKED))
def test_every_figure_has_a_command_next_to_it(doc):
    missing = []
    for section in sections((DOCS / doc).read_text()):
        figures = FIGURE.findall(section)
        if figures and not REPRODUCE.search(section):
            heading = section.splitlines()[0] if section.strip() else "(top)"
            missing.append(f"{heading!r}: {', '.join(f.replace(chr(10), ' ') for f in figures[:4])}")
    assert not missing, f"docs/{doc}: figures without a `Reproduce: \\`COMMAND\\`` line in their section:\n" + "\n".join(missing)


@pytest.mark.parametrize("doc,figure", [(d, f) for d, fs in KNOWN.items() for f in fs])
def test_known_figures_have_a_command(doc, figure):
    text = (DOCS / doc).read_text()
    flat = re.sub(r"\s+", " ", text)
    if figure not in flat:
        return  # the figure was replaced; the general check above covers its successor
    for section in sections(text):
        if figure in re.sub(r"\s+", " ", section):
            assert REPRODUCE.search(section), f"docs/{doc}: {figure!r} has no Reproduce line in its section"
            return
    raise AssertionError(f"docs/{doc}: {figure!r} spans sections?")
