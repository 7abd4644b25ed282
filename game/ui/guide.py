"""A guided first turn: a few short steps over the table about the decision actually on it (issue 25, *First steps*;
issue 36: Klaus's tie, a bid on another player's auction, whatever comes first).

Each game's screen package declares a function in its :class:`~game.ui.catalog.ScreenSpec` (``guide``) that reads
the decision on the table (the viewer's view and the legal actions) and returns its :class:`GuideStep` s: the words,
and the marks of what can be tapped for it now, taken from the legal actions (the coach's hint keys), never fixed
regions. So this module names no game. :class:`FirstTurnGuide` is the panel the :class:`~game.ui.screen.GameScreen`
shows above the table at the player's first decision of a title they were never guided through: *Next* walks the
steps, *Got it* on the last folds it to one line that keeps the marks, *Skip the guide* closes it; it closes by
itself once the player's first real move is made. A title is guided once: its id is kept in the settings
(``guided``), and *Guide me through a turn* under the scores shows it again at the player's next decision. The marks
are one style rule (as the coach's hint's), so they survive every redraw of the table. Pure Python but for the
elements it makes: tested under CPython.
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class GuideStep:
    """One step of the guide: its words and what it marks."""

    key: str  #: the catalogue key of its words
    #: what it marks, each tappable now: a table target's key, ``act:KEY`` / ``cmd:KEY`` for a button with that
    #: ``data-act`` / ``data-cmd`` (as the coach's hint marks), or ``#id`` for one of the page's controls
    marks: tuple[str, ...] = ()
    #: the words' fields, already in the player's language (a piece, a player's name)
    values: tuple[tuple[str, Any], ...] = ()

    def words(self, lang: str) -> str:
        return text(self.key, lang, **dict(self.values))


def first_taps(keys_of: Callable[[dict[str, Any]], list[str]], actions: list[dict[str, Any]], every: bool = False) -> tuple[str, ...]:
    """The marks of ``actions``: the first tap of each (``every``: each of its taps, for a game whose first tap depends
    on the table's size, such as a row opened large before its lot), each once, in order."""
    out: list[str] = []
    for action in actions:
        keys = keys_of(action)
        for key in keys if every else keys[:1]:
            if key not in out:
                out.append(key)
    return tuple(out)


def mark_selector(mark: str) -> str:
    """The CSS selector of one mark (see :attr:`GuideStep.marks`)."""
    if mark.startswith("#"):
        return mark
    quoted = mark.split(":", 1)[-1].replace("\\", "\\\\").replace('"', '\\"')
    if mark.startswith("act:"):
        return f'[data-act="{quoted}"]'
    if mark.startswith("cmd:"):
        return f'[data-cmd="{quoted}"]'
    return f'.board .target[data-key="{quoted}"]'


def mark_css(marks: tuple[str, ...]) -> str:
    """The style rule that marks ``marks`` (empty: nothing marked)."""
    if not marks:
        return ""
    selector = ", ".join(mark_selector(m) for m in marks)
    return (f"{selector} {{ outline: 4px solid var(--hint, #c77800); outline-offset: -2px; border-radius: 6px;"
            f" box-shadow: 0 0 0 4px rgba(199,120,0,.35); }}\n")


class FirstTurnGuide:
    """The panel of a guided decision: a step's words, *Next*/*Skip* (*Got it* on the last step), and its marks.

    *Got it* folds the panel to one line (the decision's words and *Show the guide*), its table marks kept: only the
    player's first real move (:meth:`close`, called by the screen) or *Skip the guide* closes it.
    """

    def __init__(self, lang: str, on_close: Callable[[], None]) -> None:
        self.lang = lang
        self.on_close = on_close  #: called when the guide closes (the screen remembers the title)
        self.steps: tuple[GuideStep, ...] = ()  #: the steps of the decision shown
        self.step: int | None = None  #: the step shown, ``None`` while closed
        self.folded = False  #: folded to one line by *Got it*
        self.root = el("aside", {"class": "guide", "id": "guide", "aria-labelledby": "guide-title", "hidden": True})
        self.style = el("style", {"id": "guide-style"}, BASE_CSS)

    @property
    def open(self) -> bool:
        """Whether the guide is on screen (folded or not)."""
        return self.step is not None

    def start(self, steps: tuple[GuideStep, ...]) -> None:
        """Show the first of ``steps``."""
        self.steps = steps
        if steps:
            self.step = 0
            self.folded = False
            self._show()

    def next(self, *_: Any) -> None:
        """The next step, or fold after the last."""
        if self.step is None:
            return
        if self.step + 1 >= len(self.steps):
            self.fold()
            return
        self.step += 1
        self._show()

    def fold(self, *_: Any) -> None:
        """*Got it*: one line left, the table's marks kept, until the first real move."""
        if self.step is not None:
            self.folded = True
            self._show()

    def unfold(self, *_: Any) -> None:
        """*Show the guide*: its steps again from the first."""
        if self.step is not None:
            self.step = 0
            self.folded = False
            self._show()

    def close(self, *_: Any) -> None:
        """Hide the guide and its marks, and say so (the title is guided)."""
        was_open = self.step is not None
        self.step = None
        self.folded = False
        self.root.hidden = True
        self.style.textContent = BASE_CSS
        if was_open:
            self.on_close()

    def table_marks(self) -> tuple[str, ...]:
        """What the folded guide keeps marked: every step's marks on the table (the page's controls left alone)."""
        return tuple(dict.fromkeys(m for step in self.steps for m in step.marks if not m.startswith("#")))

    def _button(self, ident: str, key: str, handler: Callable[..., None], primary: bool = False) -> Any:
        return el("button", {"type": "button", "id": ident, "class": "primary" if primary else None, "onclick": handler},
                  text(key, self.lang))

    def _show(self) -> None:
        assert self.step is not None
        lang = self.lang
        dom.clear(self.root)
        buttons = el("div", {"class": "actions"})
        if self.folded:
            first = self.steps[0]
            buttons.appendChild(self._button("guide-unfold", "guide.unfold", self.unfold))
            dom.append(self.root, el("p", {"id": "guide-text", "class": "guide-folded"}, first.words(lang)), buttons)
            self.root.hidden = False
            self.style.textContent = BASE_CSS + mark_css(self.table_marks())
            return
        step = self.steps[self.step]
        if self.step + 1 == len(self.steps):
            buttons.appendChild(self._button("guide-done", "guide.done", self.fold, primary=True))
        else:
            buttons.appendChild(self._button("guide-next", "guide.next", self.next, primary=True))
        buttons.appendChild(self._button("guide-skip", "guide.skip", self.close))
        dom.append(self.root,
                   el("h2", {"id": "guide-title"}, text("guide.title", lang, n=self.step + 1, count=len(self.steps))),
                   el("p", {"id": "guide-text"}, step.words(lang)),
                   buttons)
        self.root.hidden = False
        self.style.textContent = BASE_CSS + mark_css(step.marks)
