"""A guided first turn: a few short steps over the table, each marking what it speaks of (issue 25, *First steps*).

Each game's screen package declares its steps in its :class:`~game.ui.catalog.ScreenSpec` (``guide``: pairs of a
catalogue key and a CSS selector of the things to mark), so this module names no game. :class:`FirstTurnGuide` is
the panel the :class:`~game.ui.screen.GameScreen` shows above the table at the player's first turn of a title they
were never guided through: *Next* walks the steps, *Skip* (or *Got it* on the last) closes it; it also closes when
the turn is over. A title is guided once: its id is kept in the settings (``guided``), and *Guide me through a turn*
under the scores shows it again at the player's next turn. The marks are one style rule (as the coach's hint's), so
they survive every redraw of the table. Pure Python but for the elements it makes: tested under CPython.
"""

from __future__ import annotations

from typing import Any, Callable

from . import dom
from .dom import el
from ..core.locale import text

#: the settings key listing the titles already guided
GUIDED = "guided"


def guided(settings: dict[str, Any], game_id: str) -> bool:
    """Whether the player was already guided through a turn of ``game_id`` (kept in the settings)."""
    done = settings.get(GUIDED)
    return isinstance(done, list) and game_id in done


def remember_guided(settings: dict[str, Any], game_id: str) -> None:
    """Keep ``game_id`` as guided in ``settings`` (the caller saves them)."""
    done = settings.get(GUIDED)
    done = [g for g in done if isinstance(g, str)] if isinstance(done, list) else []
    if game_id not in done:
        done.append(game_id)
    settings[GUIDED] = done


def forget_guided(settings: dict[str, Any], game_id: str) -> None:
    """Ask for the guide of ``game_id`` again."""
    done = settings.get(GUIDED)
    if isinstance(done, list):
        settings[GUIDED] = [g for g in done if g != game_id]


#: the panel's look (kept with the guide: the page's stylesheet knows nothing of it)
BASE_CSS = (".guide { flex: 1 1 100%; margin: 4px 0; padding: 6px 10px; border-left: 4px solid #c77800; background: #fff6e5;"
            " border-radius: 4px; }\n.guide h2 { font-size: 1rem; margin: 0 0 2px; }\n.guide p { margin: 0 0 6px; }\n"
            ".guide .actions { gap: 6px; }\n")


def mark_css(selector: str) -> str:
    """The style rule that marks the elements of ``selector`` (empty: nothing marked)."""
    if not selector:
        return ""
    return (f"{selector} {{ outline: 4px solid var(--hint, #c77800); outline-offset: -2px; border-radius: 6px;"
            f" box-shadow: 0 0 0 4px rgba(199,120,0,.35); }}\n")


class FirstTurnGuide:
    """The panel of a guided turn: a step's words, *Next*/*Skip* (*Got it* on the last step), and its marks."""

    def __init__(self, steps: tuple[tuple[str, str], ...], lang: str, on_close: Callable[[], None]) -> None:
        self.steps = steps
        self.lang = lang
        self.on_close = on_close  #: called when the player skips or finishes (the screen remembers the title)
        self.step: int | None = None  #: the step shown, ``None`` while closed
        self.root = el("aside", {"class": "guide", "id": "guide", "aria-labelledby": "guide-title", "hidden": True})
        self.style = el("style", {"id": "guide-style"}, BASE_CSS)

    @property
    def open(self) -> bool:
        """Whether the guide is on screen."""
        return self.step is not None

    def start(self) -> None:
        """Show the first step."""
        if self.steps:
            self.step = 0
            self._show()

    def next(self, *_: Any) -> None:
        """The next step, or close after the last."""
        if self.step is None:
            return
        if self.step + 1 >= len(self.steps):
            self.close()
            return
        self.step += 1
        self._show()

    def close(self, *_: Any) -> None:
        """Hide the guide and its marks, and say so (the title is guided)."""
        was_open = self.step is not None
        self.step = None
        self.root.hidden = True
        self.style.textContent = BASE_CSS
        if was_open:
            self.on_close()

    def _show(self) -> None:
        assert self.step is not None
        key, selector = self.steps[self.step]
        lang = self.lang
        last = self.step + 1 == len(self.steps)
        dom.clear(self.root)
        buttons = el("div", {"class": "actions"})
        if last:
            buttons.appendChild(el("button", {"type": "button", "id": "guide-done", "class": "primary", "onclick": self.close},
                                   text("guide.done", lang)))
        else:
            buttons.appendChild(el("button", {"type": "button", "id": "guide-next", "class": "primary", "onclick": self.next},
                                   text("guide.next", lang)))
            buttons.appendChild(el("button", {"type": "button", "id": "guide-skip", "onclick": self.close}, text("guide.skip", lang)))
        dom.append(self.root,
                   el("h2", {"id": "guide-title"}, text("guide.title", lang, n=self.step + 1, count=len(self.steps))),
                   el("p", {"id": "guide-text"}, text(key, lang)),
                   buttons)
        self.root.hidden = False
        self.style.textContent = BASE_CSS + mark_css(selector)
