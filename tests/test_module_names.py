"""No two modules under ``game/`` share a name for different jobs.

A module's name is what a reader (and a search) goes by: ``rules.py`` must not be an engine's legality in one
folder and a screen's rules text in another. So a base name may repeat only where the repetition is the design:

- ``__init__.py``: every package has one.
- **Engine files** (``game/<id>/``, :data:`ENGINE_FILES`): every engine has the same file for the same job
  (``docs/architecture.md``, *One game's package*): ``state`` (the model), ``rules`` (what is legal, per phase),
  ``view`` (what a seat sees), ``saves`` (JSON), ``text`` (log lines), ``bots`` (computer players), ``coach``
  (the game's part of the coach, loaded through ``SPEC.coach``).
- **Action modules** (``game/<id>/actions/``, :data:`ACTION_FILES`): each is named after the action it checks
  and applies, so two games with the same action (``build``, ``discard``, ``pass_turn``, ``place``) have one name
  for the same job; ``fields`` reads an action's fields in every game that has it.
- **Screen files** (``game/ui/<id>/``, :data:`SCREEN_FILES`): ``screen`` (wires the table to the page), ``table``
  (the pure table: paint and tap), ``drawing`` and ``look`` (the table's drawing and its colours and fonts),
  ``help`` (the in-app rules text), ``hint_targets`` (which targets show the coach's hint), ``guide_steps`` (the
  guided first turn's steps for the decision on the table).
- **One name across the framework and the screens** (:data:`FRAMEWORK_AND_SCREEN`): ``game/ui/screen.py`` holds
  ``GameScreen``, which each game's ``screen.py`` subclasses: one job at two levels.

An engine file and a screen file never share a name (the lists are disjoint), and a framework module
(``game/*.py``, ``game/core/``, ``game/ui/*.py``) shares its name with nothing else. A new repeated name is a
choice: add it to a list here, with its reason, or give the module a name that says its own job.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

ENGINE_FILES = frozenset({"state", "rules", "view", "saves", "text", "bots", "coach"})
ACTION_FILES = frozenset({"build", "discard", "pass_turn", "place", "fields"})
SCREEN_FILES = frozenset({"screen", "table", "drawing", "look", "help", "hint_targets", "guide_steps"})
FRAMEWORK_AND_SCREEN = frozenset({"screen"})
#: where each kind of per-game module lives, by its path under game/, and the names it may share
KINDS = {"engine": ENGINE_FILES, "action": ACTION_FILES, "screen": SCREEN_FILES}


def kind_of(rel: tuple[str, ...]) -> str:
    """``framework``, ``engine``, ``action`` or ``screen`` for a module's path under ``game/`` (as parts)."""
    if len(rel) == 1 or rel[0] == "core" or (rel[0] == "ui" and len(rel) == 2):
        return "framework"
    if rel[0] == "ui":
        return "screen"
    return "action" if len(rel) >= 3 and rel[1] == "actions" else "engine"


def name_clashes(paths: list[tuple[str, ...]]) -> list[str]:
    """The base names shared against the rules of this module's docstring, each with the modules sharing it."""
    by_name: dict[str, list[tuple[str, ...]]] = defaultdict(list)
    for rel in paths:
        by_name[rel[-1].removesuffix(".py")].append(rel)
    found = []
    for name, rels in sorted(by_name.items()):
        if len(rels) < 2 or name == "__init__":
            continue
        kinds = {kind_of(rel) for rel in rels}
        framework = [rel for rel in rels if kind_of(rel) == "framework"]
        games = kinds - {"framework"}
        allowed = (len(framework) <= 1 and len(games) == 1 and name in KINDS[next(iter(games))]
                   and (not framework or (games == {"screen"} and name in FRAMEWORK_AND_SCREEN)))
        if not allowed:
            found.append(f"{name}.py: " + ", ".join("game/" + "/".join(rel) for rel in rels))
    return found


def modules() -> list[tuple[str, ...]]:
    return [p.relative_to(GAME).parts for p in sorted(GAME.rglob("*.py")) if "__pycache__" not in p.parts]


def test_no_two_modules_share_a_name_for_different_jobs() -> None:
    clashes = name_clashes(modules())
    assert not clashes, "modules sharing a name for different jobs (see tests/test_module_names.py): " + "; ".join(clashes)


def test_the_lists_are_disjoint_and_used() -> None:
    assert not ENGINE_FILES & SCREEN_FILES and not ENGINE_FILES & ACTION_FILES and not ACTION_FILES & SCREEN_FILES
    assert FRAMEWORK_AND_SCREEN <= SCREEN_FILES
    names = {rel[-1].removesuffix(".py") for rel in modules()}
    assert (ENGINE_FILES | ACTION_FILES | SCREEN_FILES) <= names, "a listed name no module has: take it off the list"


def test_the_checker_finds_the_clashes_it_is_for() -> None:
    assert name_clashes([("barrio", "rules.py"), ("ui", "barrio", "rules.py")]) == [
        "rules.py: game/barrio/rules.py, game/ui/barrio/rules.py"]  # an engine file and a screen file
    assert name_clashes([("core", "words.py"), ("ui", "words.py")])  # two framework modules
    assert name_clashes([("core", "coach.py"), ("nyhavn", "coach.py"), ("barrio", "coach.py")])  # framework and engines
    assert name_clashes([("nyhavn", "table.py"), ("ui", "nyhavn", "table.py")])
    assert name_clashes([("barrio", "cards.py"), ("nyhavn", "cards.py")])  # not a listed engine file
    assert name_clashes([("ui", "table.py"), ("ui", "nyhavn", "table.py")])  # only screen.py spans the two levels
    assert not name_clashes([("barrio", "rules.py"), ("nyhavn", "rules.py"), ("ui", "screen.py"), ("ui", "nyhavn", "screen.py"),
                             ("barrio", "actions", "build.py"), ("nyhavn", "actions", "build.py"), ("core", "__init__.py"),
                             ("ui", "__init__.py")])


#: the longest a module under game/ may be (issue 27): past it, a module does more than one job
MOST_LINES = 700


def test_no_module_under_game_is_longer_than_700_lines():
    long = {str(path.relative_to(ROOT)): n for path in sorted((ROOT / "game").rglob("*.py"))
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}, f"split these by job: {long}"
