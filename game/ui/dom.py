"""Small helpers over the browser DOM (through Pyodide's ``js`` module).

The only module besides :mod:`game.ui.canvas` that touches ``js``. Event
handlers are wrapped with ``create_proxy`` and kept alive in :data:`_handlers`
until :func:`release` (called when a screen unmounts), so Pyodide does not
free them while the page still calls them.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

import js
from pyodide.ffi import create_once_callable, create_proxy

document = js.document
window = js.window

Node = Any
_handlers: list[Any] = []
#: called with the exception when an event handler fails (the app shows a toast); the page keeps working
on_error: Callable[[BaseException], Any] | None = None


def el(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
    """Create an element: ``el("button", {"class": "primary", "onclick": fn}, "Start")``.

    ``attrs`` keys starting with ``on`` bind Python callables as listeners;
    ``True``/``False`` set or omit boolean attributes; ``text`` sets textContent.
    Children may be strings, nodes, ``None`` (skipped) or lists of them.
    """
    node = document.createElement(tag)
    for key, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        if key.startswith("on") and callable(value):
            on(node, key[2:], value)
        elif key == "text":
            node.textContent = str(value)
        elif value is True:
            node.setAttribute(key, "")
        else:
            node.setAttribute(key, str(value))
    append(node, *children)
    return node


def append(node: Node, *children: Any) -> Node:
    """Append strings, nodes or lists of them to ``node``; return ``node``."""
    for child in children:
        if child is None:
            continue
        if isinstance(child, (list, tuple)):
            append(node, *child)
        elif isinstance(child, str):
            node.appendChild(document.createTextNode(child))
        else:
            node.appendChild(child)
    return node


def clear(node: Node) -> Node:
    """Remove every child of ``node``."""
    node.replaceChildren()
    return node


def proxy(fn: Callable[..., Any]) -> Any:
    """A JS function calling ``fn``, kept alive until :func:`release`."""
    handle = create_proxy(guard(fn))
    _handlers.append(handle)
    return handle


def on(node: Node, event: str, handler: Callable[[Any], Any]) -> Any:
    """Add an event listener that calls ``handler(event)``; the proxy lives until :func:`release`."""
    handle = proxy(handler)
    node.addEventListener(event, handle)
    return handle


def release() -> None:
    """Free every handler proxy made by :func:`on` (their nodes must be gone from the page)."""
    while _handlers:
        try:
            _handlers.pop().destroy()
        except Exception:  # already destroyed
            pass


def guard(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Wrap ``fn`` so an exception is logged to the console and reported to :data:`on_error`, not lost."""
    def guarded(*args: Any) -> Any:
        try:
            return fn(*args)
        except Exception as exc:
            import traceback

            window.console.error(traceback.format_exc())
            if on_error is not None:
                on_error(exc)
            return None
    return guarded


def later(ms: float, fn: Callable[[], Any]) -> int:
    """Call ``fn()`` once after ``ms`` milliseconds; return the timer id."""
    return int(window.setTimeout(create_once_callable(guard(fn)), ms))


def by_id(element_id: str) -> Node:
    """``document.getElementById``."""
    return document.getElementById(element_id)


def select(label: str, name: str, options: Iterable[tuple[str, str]], value: str | None, onchange: Callable[[Any], Any] | None = None) -> Node:
    """A labelled ``<select>``: ``options`` are (value, text) pairs."""
    box = el("select", {"name": name, "id": f"f-{name}", "onchange": onchange})
    for val, text in options:
        box.appendChild(el("option", {"value": val, "selected": val == value}, text))
    return el("label", {"class": "field", "for": f"f-{name}"}, el("span", {}, label), box)
