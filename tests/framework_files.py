"""The framework's Python files: everything under game/ that is no game's own package."""

from __future__ import annotations

from pathlib import Path

from game import PRODUCT_GAMES

ROOT = Path(__file__).resolve().parents[1]
#: every game id: the product's and the toy game's (tests/toygame, the new-game template)
GAME_IDS = (*PRODUCT_GAMES, "toy")


def framework_python() -> list[Path]:
    """The Python that must not name a game: ``game/`` but the engines and screens, and ``build.py``."""
    own = [ROOT / "game" / gid for gid in GAME_IDS] + [ROOT / "game" / "ui" / gid for gid in GAME_IDS]
    files = [p for p in sorted((ROOT / "game").rglob("*.py"))
             if "__pycache__" not in p.parts and not any(p.is_relative_to(d) for d in own)]
    files.remove(ROOT / "game" / "__init__.py")  # the registry: the one place that lists the games
    return files + [ROOT / "build.py"]
