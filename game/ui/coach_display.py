"""The coach at the table: the Hint control's figures and marks, and the post-game insight panel.

Runs in the worker with the rest of the UI. :func:`compute_hint` asks
:func:`game.core.coaching.hint` from the seat's **view** only (the table runs the same work as
:func:`hint_steps`, in slices of the worker's time); :func:`hint_keys` turns the suggested action into the
things to mark on the table, through each game's
``game.ui.<id>.hint_targets.hint_keys(view, legal, action)`` (target keys of
the table's buttons, ``act:KEY`` for a button with ``data-act=KEY``,
``cmd:KEY`` for one with ``data-cmd=KEY``); :func:`hint_css` writes them as one
style rule, so the mark survives every redraw of the table without the
screens knowing about it. :class:`InsightPanel` is the end screen's
"Show insight" section. Texts: ``coach.ui_*`` keys of ``game/locale/<lang>.json``.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..core import coaching
from ..core.contract import GameSpec
from ..core.search import Steps
from ..core.locale import text
from . import dom
from .catalog import screen_spec
from .dom import el


def hint_seed(match: Any, seat: int) -> int:
    """The coach's seed for a hint: derived from the position ``seat`` sees (:func:`game.core.coaching.position_seed`),
    as the post-game insight derives it, so a hint and the insight judge the same position the same way."""
    return coaching.position_seed(match.spec.view(match.state, seat), seat)


def compute_hint(spec: GameSpec, state: Any, seat: int, seed: int, iterations: int | None) -> coaching.Hint:
    """The coach's hint for ``seat`` in ``state``: only ``spec.view(state, seat)`` and the seat's legal actions are passed.

    ``iterations`` ``None`` is the coach's fixed budget (:func:`game.core.coaching.coach_iterations`), never the clock:
    the insight judges the position with the same budget and seed.
    """
    return coaching.hint(spec, spec.view(state, seat), seat, seed, iterations, spec.legal_actions(state))


def hint_steps(spec: GameSpec, state: Any, seat: int, seed: int, iterations: int | None) -> Steps[coaching.Hint]:
    """:func:`compute_hint` as steps (``game.core.coaching.hint_steps``), for the table to run in slices."""
    return coaching.hint_steps(spec, spec.view(state, seat), seat, seed, iterations, spec.legal_actions(state))


def hint_keys(game_id: str, view: dict[str, Any], legal: list[dict[str, Any]], action: dict[str, Any]) -> list[str]:
    """The marks of ``action`` on ``game_id``'s table, the first step first (``[]`` for a game without a mapping:
    its :class:`~game.ui.catalog.ScreenSpec` has no ``hint_keys``)."""
    try:
        spec = screen_spec(game_id)
    except ImportError:
        return []
    return list(spec.hint_keys(view, legal, action)) if spec and spec.hint_keys else []


def _selector(key: str) -> str:
    quoted = key.split(":", 1)[-1].replace("\\", "\\\\").replace('"', '\\"')
    if key.startswith("act:"):
        return f'[data-act="{quoted}"]'
    if key.startswith("cmd:"):
        return f'[data-cmd="{quoted}"]'
    return f'.board .target[data-key="{quoted}"]'


def hint_css(keys: list[str]) -> str:
    """One style rule marking every hinted thing, the first step more strongly (empty without keys)."""
    if not keys:
        return ""
    rest = ", ".join(_selector(k) for k in keys)
    return (f"{rest} {{ outline: 3px dashed var(--hint, #c77800); outline-offset: -2px; border-radius: 6px; }}\n"
            f"{_selector(keys[0])} {{ outline: 4px solid var(--hint, #c77800); box-shadow: 0 0 0 4px rgba(199,120,0,.35);"
            f" animation: hint-pulse 1.2s ease-in-out 3; }}\n")


class Thinking(Protocol):
    """The app's thinking mark (:meth:`game.ui.app.App.thinking`): a sentence, and a count of steps while it lasts."""

    def __call__(self, text: str | None, shown: str | None = None, now: int = 0, total: int = 0) -> None: ...


class InsightPanel:
    """The end screen's post-game insight: computed only when asked (in the worker), never before the end screen shows."""

    def __init__(self, record: Any, seats: list[tuple[int, str]], lang: str, thinking: Thinking,
                 iterations: int | None = None) -> None:
        self.record = record
        self.lang = lang
        self.thinking = thinking
        self.iterations = iterations
        self._running = False  #: a seat's insight is being worked out (its buttons do nothing meanwhile)
        self.root = el("section", {"class": "insight stack", "id": "insight", "aria-labelledby": "insight-title"},
                       el("h2", {"id": "insight-title"}, text("coach.ui_insight_title", lang)))
        self.result = el("div", {"id": "insight-result", "role": "status"})
        self.buttons = buttons = el("div", {"class": "actions"})
        for seat, name in seats:
            label = text("coach.ui_insight_show", lang) if len(seats) == 1 else text("coach.ui_insight_show_for", lang, name=name)
            buttons.appendChild(el("button", {"type": "button", "id": f"insight-show-{seat}", "class": "insight-show",
                                              "onclick": lambda e, s=seat: self.show(s)}, label))
        dom.append(self.root, el("p", {"class": "muted"}, text("coach.ui_insight_about", lang)), buttons, self.result)

    def show(self, seat: int) -> None:
        """Work out the turns that cost ``seat`` the most and list them, for ``dom.WORK_SLICE_S`` per turn of the
        worker (seconds in all on a phone), so a tap meanwhile is answered within a slice, not after the whole game's
        judgements; a screen left meanwhile (Back to start, Play again) ends the work."""
        if self._running:
            return
        lang = self.lang
        said = text("coach.ui_insight_thinking", lang)
        steps = coaching.insight_steps(self.record, seat, iterations=self.iterations)
        shown = -1
        self._running = True
        for button in self.buttons.children:  # aria-disabled: the tapped button keeps the focus (disabled would drop it)
            button.setAttribute("aria-disabled", "true")
        self.thinking(said)

        def reached(progress: tuple[int, int]) -> None:
            nonlocal shown
            turn, last = progress
            if turn != shown and turn:  # the page shows each turn as it is reached (none before the first); a
                # screen reader hears the sentence once and finds the count on the mark's progress bar
                self.thinking(said, text("coach.ui_insight_thinking_turn", lang, turn=turn, last=last), turn, last)
            shown = turn

        # not wanted once the player has left the end screen
        dom.Slices(steps, lambda moments: self._list(seat, moments), each=reached,
                   wanted=lambda: bool(self.root.isConnected), ended=self._stop).start(now=False)

    def _stop(self) -> None:
        self._running = False
        for button in self.buttons.children:
            button.removeAttribute("aria-disabled")
        self.thinking(None)

    def _list(self, seat: int, moments: list[coaching.Moment]) -> None:
        lang = self.lang
        dom.clear(self.result)
        self.result.dataset.seat = str(seat)
        if not moments:
            self.result.appendChild(el("p", {"id": "insight-none"}, text("coach.ui_insight_none", lang)))
            return
        self.result.appendChild(el("ol", {"id": "insight-moments"},
                                   [el("li", {"data-step": m.step, "data-turn": m.turn}, m.text(lang)) for m in moments]))
