"""Small helpers over the page's DOM, as the Python worker sees it.

Python runs in a Web Worker: :data:`document` and :data:`window` are the
mirror of :mod:`game.ui.remote`, whose changes reach the page in one message
at the end of each Python turn (an event handler, a timer, a message from the
page). Screens use only what is here and in :mod:`game.ui.canvas`; neither
imports the browser, so they also run under CPython in tests.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Generator, Iterable

from .remote import Node, Page, RemoteReadError

#: the one page of this worker (the bridge gives it a host; tests may use their own)
page = Page()
document = page.document
window = page.window

__all__ = ["Node", "RemoteReadError", "Slices", "append", "by_id", "clear", "document", "el", "flush", "guard", "later", "observe",
           "on", "page", "release", "select", "window"]


def el(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
    """Create an element: ``el("button", {"class": "primary", "onclick": fn}, "Start")``.

    ``attrs`` keys starting with ``on`` bind Python callables as listeners;
    ``True``/``False`` set or omit boolean attributes; ``text`` sets textContent.
    Children may be strings, nodes, ``None`` (skipped) or lists of them.
    """
    initial: dict[str, str] = {}
    listeners: list[tuple[str, Callable[[Any], Any]]] = []
    text: str | None = None
    for key, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        if key.startswith("on") and callable(value):
            listeners.append((key[2:], value))
        elif key == "text":
            text = str(value)
        elif value is True:
            initial[key] = ""
        else:
            initial[key] = str(value)
    node = page.create(tag, initial)
    for kind, handler in listeners:
        on(node, kind, handler)
    if text is not None:
        node.textContent = text
    append(node, *children)
    return node


def append(node: Node, *children: Any) -> Node:
    """Append strings, nodes or lists of them to ``node``; return ``node``."""
    for child in children:
        if child is None:
            continue
        if isinstance(child, (list, tuple)):
            append(node, *child)
        else:
            node.appendChild(child)
    return node


def clear(node: Node) -> Node:
    """Remove every child of ``node``."""
    node.replaceChildren()
    return node


def on(node: Node, event: str, handler: Callable[[Any], Any]) -> int:
    """Call ``handler(event)`` for ``event`` on ``node`` until :func:`release`; return the handler id."""
    return page.listen(node, event, handler)


def observe(node: Node, on_resize: Callable[[], Any] | None = None) -> None:
    """Keep ``node.clientWidth``/``getBoundingClientRect()`` current and call ``on_resize()`` when its size changes."""
    page.observe(node, on_resize)


def release() -> None:
    """Forget every handler made by :func:`on` (called when the app switches screens)."""
    page.release()


def guard(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap ``fn`` so an exception is logged on the page's console and shown by the app, not lost."""
    def guarded(*args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:
            page.report(exc)
            return None
    return guarded


#: how long one turn of long work in the worker (a computer's decision, a hint, the insight) runs before the worker
#: answers what the page sent meanwhile: a tap then waits about this long (four times it on a mid-range phone)
#: instead of the whole work (a second or more there)
WORK_SLICE_S = 0.02


def later(ms: float, fn: Callable[[], Any]) -> int:
    """Call ``fn()`` once after ``ms`` milliseconds, as its own turn; return the timer id."""
    return page.later(ms, fn)


class Slices:
    """Long work (a generator: a computer's decision, a hint, the insight) run for :data:`WORK_SLICE_S` at a time,
    each slice its own turn of the worker, so what the page sends meanwhile (a tap) is answered between two.

    ``each(value)`` hears every value the work yields; when it returns, ``done(result)``. Before each slice,
    ``wanted()`` is asked: once it says no (the screen left, the game moved on), the work is dropped and ``dropped()``
    called. ``ended()`` comes first whenever the work ends by itself (finished, failed or dropped); :meth:`stop`
    drops it from outside, quietly.
    """

    def __init__(self, work: Generator[Any, None, Any], done: Callable[[Any], Any], *,
                 each: Callable[[Any], Any] | None = None, wanted: Callable[[], bool] | None = None,
                 ended: Callable[[], Any] | None = None, dropped: Callable[[], Any] | None = None) -> None:
        self.work, self.done, self.each, self.wanted, self.ended, self.dropped = work, done, each, wanted, ended, dropped
        self.running = True
        self.timer: int | None = None  #: the next slice's

    def start(self, now: bool = True) -> Slices:
        """Run the first slice in this turn (``now``) or in a turn of its own."""
        if now:
            self._slice()
        else:
            self.timer = later(0, self._slice)
        return self

    def stop(self) -> None:
        """Drop the work (nothing more is called)."""
        if self.timer is not None:
            window.clearTimeout(self.timer)
            self.timer = None
        if self.running:
            self.running = False
            self.work.close()

    def _end(self) -> None:
        self.running = False
        if self.ended is not None:
            self.ended()

    def _slice(self) -> None:
        self.timer = None
        if not self.running:
            return
        if self.wanted is not None and not self.wanted():
            self.work.close()
            self._end()
            if self.dropped is not None:
                self.dropped()
            return
        until = time.perf_counter() + WORK_SLICE_S
        try:
            while True:
                value = next(self.work)
                if self.each is not None:
                    self.each(value)
                if time.perf_counter() >= until:
                    self.timer = later(0, self._slice)
                    return
        except StopIteration as finished:
            self._end()
            self.done(finished.value)
        except BaseException:
            self._end()
            raise


def flush() -> None:
    """Send the queued changes now (before a long computation, so the page shows them meanwhile)."""
    page.flush()


def by_id(element_id: str) -> Node | None:
    """``document.getElementById`` among the elements Python made (and ``#app``)."""
    return document.getElementById(element_id)


def select(label: str, name: str, options: Iterable[tuple[str, str]], value: str | None, onchange: Callable[[Any], Any] | None = None) -> Node:
    """A labelled ``<select>``: ``options`` are (value, text) pairs."""
    box = el("select", {"name": name, "id": f"f-{name}", "onchange": onchange})
    for val, text in options:
        box.appendChild(el("option", {"value": val, "selected": val == value}, text))
    return el("label", {"class": "field", "for": f"f-{name}"}, el("span", {}, label), box)
