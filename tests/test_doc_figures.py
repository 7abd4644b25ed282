"""Every figure in docs/ comes with the command that reproduces it, and that command still works.

Convention: next to a figure, a line ``Reproduce: `COMMAND` `` (one backticked
command); the command accepts ``-n N`` (number of games). Here each such
command runs with ``-n 1`` (a smoke run: it must exit 0 and print something; one game, deal, seed or position:
the smallest size each program takes, and the least search budget: a round, or a league's candidate at two players),
once per program and options up to the seed and the seat order (a second seed or seating of the same command is the
same code again), and a browser report once with every option its lines use,
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

from lab import league

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
REPRODUCE = re.compile(r"^Reproduce: `([^`]+)`", re.M)
#: what a figure looks like in prose: a percentage, or a count of games, actions or playouts
FIGURE = re.compile(r"\d+(?:\.\d+)?\s?%|\b\d[\d,]*\s+(?:games|actions|playouts)\b")
#: figures known to need a command (issue 18); each must sit in a section with a Reproduce line while it is in the doc
KNOWN = {"barrio.md": ["514,036 actions", "113,977 actions"], "nyhavn.md": ["89.8% of 500"]}
NOT_CHECKED = {"benchmarks.md"}
SMOKE_GAMES = "1"


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
    """The command with ``-n 1`` and this interpreter for ``python``/``python3``."""
    words = shlex.split(command)
    assert "-n" in words, f"`{command}` has no -n N: a figure's command must take the number of games"
    # one game, deal (lab.hard_duel: one deal is played in both seat orders) or seed per command
    words[words.index("-n") + 1] = SMOKE_GAMES
    if "lab.barrio.balance" in words:  # a search's rounds, or seconds: the least runs the same code
        for budget, least in (("--iterations", "1"), ("--v1-iterations", "1"), ("--budget", "0.001")):
            if budget in words:
                words[words.index(budget) + 1] = least
    if "lab.league" in words:  # a whole pool at the most players is minutes even at one seed: two players, a light budget
        # --section names the doc's markers (--write-doc only); the budget and jobs are set below
        words = without_option(words, "--pool", "--section", "--iterations", "--jobs")
        # a line's candidates (``[label=]module:function[:name]``) play against weak: their code is what the line adds
        labels = [league.candidate(w, None).label for w in words if ":" in w and not w.startswith("-")]
        if labels and "--players" in words and int(words[words.index("--players") + 1]) > 2:
            # at two players: the lines without candidates run the league's code at the most players
            words[words.index("--players") + 1] = "2"
        words += ["--pool", ",".join(["weak", *labels]) if labels else "weak,strong", "--iterations", "1", "--jobs", "1"]
    if "lab.hard_duel" in words:  # two whole games of searches: the least budget of each player runs the same code
        words = without_option(words, "--strong-rounds", "--hard-rounds") + ["--strong-rounds", "1", "--hard-rounds", "1"]
    if words[0] in ("python", "python3"):
        words[0] = sys.executable
    return words


def without_option(words: list[str], *names: str) -> list[str]:
    """``words`` without the options ``names`` and their values."""
    return [w for i, w in enumerate(words) if w not in names and not (i and words[i - 1] in names)]


def test_the_docs_have_reproduce_lines():
    assert len(reproduce_lines()) >= 4


def same_code(words: list[str]) -> tuple[str, ...]:
    """The smoke command's words up to what only changes the deal: the ``--seed`` value, and the seat order of
    ``game simulate``'s ``--bots`` (the same players in another order run the same code)."""
    words = list(words)
    if "simulate" in words and "--bots" in words:
        at = words.index("--bots") + 1
        words[at] = ",".join(sorted(words[at].split(",")))
    return tuple(without_option(words, "--seed")[1:])


def is_browser_report(words: list[str]) -> bool:
    """A report driven in the browser (``tests.browser.*``): each start is a build check, a browser and a page."""
    return any(w.startswith("tests.browser.") for w in words)


def smoke_runs() -> list[tuple[str, str, list[str]]]:
    """The runs that prove every Reproduce line works: ``(where, the doc's commands, the words run)``.

    One run per command up to its seed and seat order (:func:`same_code`); a browser report's lines run once, with
    every option any of them uses (``layout_report --frames`` and ``--extra`` in one browser)."""
    runs: dict[tuple[str, ...], tuple[list[str], list[str], list[str]]] = {}
    for doc, line, command in reproduce_lines():
        words = smoke_command(command)
        browser = is_browser_report(words)
        key = tuple(words[:3]) if browser else same_code(words)
        where, commands, run = runs.setdefault(key, ([], [], words))
        where.append(f"docs/{doc}:{line}")
        commands.append(command)
        if browser:
            run += [w for w in words if w.startswith("--") and w not in run]
    return [(" ".join(where), " | ".join(commands), run) for where, commands, run in runs.values()]


@pytest.mark.full_only  # minutes of simulations and a browser report
@pytest.mark.parametrize("where,commands,words", [pytest.param(*run, id=shlex.join(run[2][1:])) for run in smoke_runs()])
def test_reproduce_command_runs_at_small_size(where, commands, words):
    done = subprocess.run(words, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{where}: `{commands}` at small size ({shlex.join(words[1:])}) failed:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    assert done.stdout.strip(), f"{where}: `{commands}` printed nothing"


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
