"""The page's elements as the Python worker mirrors them: attributes, children, styles, classes and sizes.

A :class:`Node` answers reads from the mirror and queues every change as an
operation with its :class:`Owner` (the :class:`game.ui.remote.Page`), which
sends them to the page; ``site/bridge.js`` applies them to the real elements.
Selectors are the simple ones the worker can match (tag, ``#id``, ``.class``,
``[attr]``, ``[attr=value]``). Pure Python.
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Protocol

#: ids of the page elements that exist before Python starts (``site/bridge.js`` knows them too)
ROOT_IDS = {"html": 1, "head": 2, "body": 3, "app": 4}
#: properties mirrored as attributes (so selectors and reads agree with the page)
REFLECTED = {"id": "id", "title": "title", "className": "class", "lang": "lang", "type": "type", "name": "name",
             "htmlFor": "for", "role": "role", "tabIndex": "tabindex"}
BOOLEAN_REFLECTED = {"hidden", "disabled", "open", "required", "multiple", "selected"}
_SELECTOR = re.compile(r"""([a-zA-Z][a-zA-Z0-9-]*|\*)?((?:\#[\w-]+|\.[\w-]+|\[[\w-]+(?:=(?:"[^"]*"|'[^']*'|[\w-]+))?\])*)$""")
_PART = re.compile(r"""\#([\w-]+)|\.([\w-]+)|\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([\w-]+)))?\]""")


class Owner(Protocol):
    """What an element needs from its page (:class:`game.ui.remote.Page`)."""

    dropped: list[int]  #: ids of elements Python forgot, for the page to forget too

    def op(self, operation: list[Any]) -> None:
        """Queue one operation for the page."""

    def listen(self, node: "Node", kind: str, handler: Callable[[Any], Any]) -> int:
        """Forward the page's ``kind`` events on ``node`` to ``handler``; the handler's id."""

    def observe(self, node: "Node", on_resize: Callable[[], Any] | None = None) -> None:
        """Have the page report ``node``'s size (and call ``on_resize`` when it changes)."""


class RemoteReadError(AttributeError):
    """A property only the page can compute (layout, scroll sizes) was read in the worker."""


@dataclass
class Rect:
    """An element's box as last measured by the page, in CSS pixels (``getBoundingClientRect``)."""

    left: float = 0.0
    top: float = 0.0
    width: float = 0.0
    height: float = 0.0

    @property
    def x(self) -> float:
        return self.left

    @property
    def y(self) -> float:
        return self.top

    @property
    def right(self) -> float:
        return self.left + self.width

    @property
    def bottom(self) -> float:
        return self.top + self.height


class Text:
    """A text child (created with the element's other children; never addressed on its own)."""

    __slots__ = ("data", "__weakref__")

    def __init__(self, data: str) -> None:
        self.data = data

    @property
    def textContent(self) -> str:
        return self.data


def _camel_to_kebab(name: str) -> str:
    return re.sub(r"[A-Z]", lambda m: "-" + m.group(0).lower(), name)


class Style:
    """``node.style``: writes become operations; reads give what Python set (made on each access: no cycle to the node)."""

    _node: Node
    _values: dict[str, str]  # the node's own styles

    def __init__(self, node: "Node") -> None:
        object.__setattr__(self, "_node", node)
        object.__setattr__(self, "_values", node._styles)

    def __setattr__(self, name: str, value: Any) -> None:
        text = "" if value is None else str(value)
        if self._values.get(name) == text:
            return
        self._values[name] = text
        self._node._page.op(["style", self._node.nid, name, text])

    def __getattr__(self, name: str) -> str:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._values.get(name, "")

    def setProperty(self, name: str, value: Any) -> None:
        self.__setattr__(name, value)

    def removeProperty(self, name: str) -> None:
        self.__setattr__(name, "")


class Dataset:
    """``node.dataset``: ``data-*`` attributes by camelCase name."""

    _node: Node

    def __init__(self, node: "Node") -> None:
        object.__setattr__(self, "_node", node)

    def __setattr__(self, name: str, value: Any) -> None:
        self._node.setAttribute("data-" + _camel_to_kebab(name), value)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return self._node.getAttribute("data-" + _camel_to_kebab(name))

    def __delattr__(self, name: str) -> None:
        self._node.removeAttribute("data-" + _camel_to_kebab(name))


class ClassList:
    """``node.classList``: kept as the ``class`` attribute."""

    def __init__(self, node: "Node") -> None:
        self._node = node

    def _names(self) -> list[str]:
        return (self._node.getAttribute("class") or "").split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, *names: str) -> None:
        current = self._names()
        extra = [n for n in names if n not in current]
        if extra:
            self._node.setAttribute("class", " ".join(current + extra))

    def remove(self, *names: str) -> None:
        current = self._names()
        kept = [n for n in current if n not in names]
        if kept != current:
            self._node.setAttribute("class", " ".join(kept))

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = (not self.contains(name)) if force is None else bool(force)
        (self.add if on else self.remove)(name)
        return on


class Node:
    """One element of the page, mirrored: attributes, children, properties Python set, last measured size.

    Mutations are queued as operations for the page. Unknown properties
    assigned (``canvas.width = 300``) are set on the real element too; reading
    a property the page computes (``scrollHeight``, ``offsetWidth``) raises
    :class:`RemoteReadError`, because the worker cannot ask synchronously.
    Sizes (``clientWidth``, :meth:`getBoundingClientRect`) come from the
    page's measurements: the first read starts measuring and answers 0.
    """

    __slots__ = ("_page", "nid", "tagName", "_attrs", "_children", "_parent", "_props", "_styles", "_rect", "_observed",
                 "__weakref__")
    _INTERNAL = frozenset(__slots__) | {"style", "dataset", "classList"}

    def __init__(self, page: "Owner", nid: int, tag: str, attrs: dict[str, str] | None = None) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "_page", page)
        setattr_(self, "nid", nid)
        setattr_(self, "tagName", tag.upper())
        setattr_(self, "_attrs", dict(attrs or {}))
        setattr_(self, "_children", [])
        setattr_(self, "_parent", None)
        setattr_(self, "_props", {})
        setattr_(self, "_styles", {})
        setattr_(self, "_rect", None)
        setattr_(self, "_observed", False)

    def __repr__(self) -> str:
        ident = self._attrs.get("id")
        return f"<Node {self.nid} {self.tagName.lower()}{'#' + ident if ident else ''}>"

    def __del__(self) -> None:  # the page may forget the element too (it is detached: nothing in Python holds it)
        try:
            self._page.dropped.append(self.nid)
        except Exception:  # interpreter shutting down
            pass

    # ------------------------------------------------------------------ attributes and properties
    @property
    def style(self) -> Style:
        return Style(self)

    @property
    def dataset(self) -> Dataset:
        return Dataset(self)

    @property
    def classList(self) -> ClassList:
        return ClassList(self)

    def getAttribute(self, name: str) -> str | None:
        return self._attrs.get(name)

    def hasAttribute(self, name: str) -> bool:
        return name in self._attrs

    def setAttribute(self, name: str, value: Any) -> None:
        text = str(value)
        if self._attrs.get(name) == text:  # unchanged: nothing to send
            return
        self._attrs[name] = text
        self._page.op(["attr", self.nid, name, text])

    def removeAttribute(self, name: str) -> None:
        if self._attrs.pop(name, None) is not None:
            self._page.op(["attr", self.nid, name, None])

    def __setattr__(self, name: str, value: Any) -> None:
        if name in REFLECTED:
            self.setAttribute(REFLECTED[name], value)
        elif name in BOOLEAN_REFLECTED:
            if value:
                self.setAttribute(name, "")
            else:
                self.removeAttribute(name)
        elif name == "textContent":
            self._set_text(value)
        elif name in self._INTERNAL:
            raise AttributeError(f"{name} cannot be set")
        else:  # a plain property of the real element (value, checked, width, scrollTop, …)
            if isinstance(value, (Node, Text)) or callable(value):
                raise TypeError(f"cannot send {type(value).__name__} to the page as property {name!r}")
            self._props[name] = value
            self._page.op(["prop", self.nid, name, value])

    def __getattr__(self, name: str) -> Any:  # only called when normal lookup fails
        if name in REFLECTED:
            return self._attrs.get(REFLECTED[name], "")
        if name in BOOLEAN_REFLECTED:
            return name in self._attrs
        props = object.__getattribute__(self, "_props")
        if name in props:
            return props[name]
        if name == "value":
            return self._attrs.get("value", "")
        if name == "checked":
            return "checked" in self._attrs
        if name.startswith("__"):
            raise AttributeError(name)
        raise RemoteReadError(f"{self!r}.{name} is not known in the worker (only the page could compute it); "
                              f"keep it in Python or add it to the bridge (game/ui/README.md)")

    # ------------------------------------------------------------------ tree
    @property
    def parentElement(self) -> "Node | None":
        return self._parent() if self._parent is not None else None

    parentNode = parentElement

    @property
    def children(self) -> list["Node"]:
        return [c for c in self._children if isinstance(c, Node)]

    @property
    def childNodes(self) -> list["Node | Text"]:
        return list(self._children)

    @property
    def firstElementChild(self) -> "Node | None":
        return next(iter(self.children), None)

    @property
    def isConnected(self) -> bool:
        node: Node | None = self
        while node is not None:
            if node.nid in ROOT_IDS.values():
                return True
            node = node.parentElement
        return False

    @property
    def textContent(self) -> str:
        return "".join(c.textContent for c in self._children)

    @textContent.setter
    def textContent(self, value: Any) -> None:  # assignments reach it through __setattr__, as in the DOM
        self._set_text(value)

    def _set_text(self, value: Any) -> None:
        text = "" if value is None else str(value)
        self._detach_children()
        if text:
            self._children.append(Text(text))
        self._page.op(["prop", self.nid, "textContent", text])

    def _detach_children(self) -> None:
        for child in self._children:
            if isinstance(child, Node):
                object.__setattr__(child, "_parent", None)
        self._children.clear()

    def _adopt(self, child: "Node") -> None:
        old = child.parentElement
        if old is not None:
            old._children.remove(child)
        object.__setattr__(child, "_parent", weakref.ref(self))
        self._children.append(child)

    def appendChild(self, child: "Node | str") -> "Node | str":
        if isinstance(child, str):
            self._children.append(Text(child))
            self._page.op(["text", self.nid, child])
            return child
        if not isinstance(child, Node):
            raise TypeError(f"cannot append {type(child).__name__} to the page")
        node: Node | None = self
        while node is not None:
            if node is child:
                raise ValueError("cannot append an element inside itself")
            node = node.parentElement
        self._adopt(child)
        self._page.op(["append", self.nid, child.nid])
        return child

    def append(self, *children: "Node | str") -> None:
        for child in children:
            self.appendChild(child)

    def insertBefore(self, child: "Node", before: "Node | None") -> "Node":
        if before is None:
            self.appendChild(child)
            return child
        if before.parentElement is not self:
            raise ValueError("insertBefore: the reference node is not a child of this node")
        if child is before:
            return child
        self._adopt(child)
        self._children.remove(child)
        self._children.insert(self._children.index(before), child)
        self._page.op(["before", self.nid, child.nid, before.nid])
        return child

    def replaceChildren(self, *children: "Node | str") -> None:
        self._detach_children()
        self._page.op(["clear", self.nid])
        self.append(*children)

    def remove(self) -> None:
        parent = self.parentElement
        if parent is not None:
            parent._children.remove(self)
            object.__setattr__(self, "_parent", None)
        self._page.op(["remove", self.nid])

    def contains(self, other: "Node | None") -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = node.parentElement
        return False

    def descendants(self) -> Iterator["Node"]:
        """Every element below this one, in document order."""
        for child in self._children:
            if isinstance(child, Node):
                yield child
                yield from child.descendants()

    # ------------------------------------------------------------------ selectors (simple compound selectors, comma lists)
    def matches(self, selector: str) -> bool:
        return any(_match_compound(self, part.strip()) for part in selector.split(","))

    def closest(self, selector: str) -> "Node | None":
        node: Node | None = self
        while node is not None:
            if node.matches(selector):
                return node
            node = node.parentElement
        return None

    def querySelector(self, selector: str) -> "Node | None":
        return next((n for n in self.descendants() if n.matches(selector)), None)

    def querySelectorAll(self, selector: str) -> list["Node"]:
        return [n for n in self.descendants() if n.matches(selector)]

    # ------------------------------------------------------------------ things only the page can do
    def call(self, method: str, *args: Any) -> None:
        """Call a method of the real element later, in order with the other operations (``focus``…)."""
        self._page.op(["call", self.nid, method, list(args)])

    def focus(self, *_: Any) -> None:
        self.call("focus")

    def blur(self) -> None:
        self.call("blur")

    def click(self) -> None:
        self.call("click")

    def scrollIntoView(self, *args: Any) -> None:
        self.call("scrollIntoView", *args)

    def setPointerCapture(self, pointer_id: Any) -> None:
        self.call("setPointerCapture", pointer_id)

    def releasePointerCapture(self, pointer_id: Any) -> None:
        self.call("releasePointerCapture", pointer_id)

    def scroll_to_end(self) -> None:
        """Scroll this element to its bottom (a log that keeps its newest line in view)."""
        self._page.op(["scrollEnd", self.nid])

    def addEventListener(self, kind: str, handler: Callable[[Any], Any], *_: Any) -> int:
        return self._page.listen(self, kind, handler)

    # ------------------------------------------------------------------ sizes
    def _measured(self) -> Rect:
        if not self._observed:
            self._page.observe(self)
        return self._rect or Rect()

    @property
    def clientWidth(self) -> float:
        return self._measured().width

    @property
    def clientHeight(self) -> float:
        return self._measured().height

    def getBoundingClientRect(self) -> Rect:
        return self._measured()


def _match_compound(node: Node, selector: str) -> bool:
    found = _SELECTOR.match(selector)
    if not found or not selector:
        raise ValueError(f"selector {selector!r} is not supported in the worker (use tag, #id, .class, [attr], [attr=value])")
    tag, rest = found.group(1), found.group(2)
    if tag and tag != "*" and node.tagName != tag.upper():
        return False
    for part in _PART.finditer(rest):
        ident, cls, attr = part.group(1), part.group(2), part.group(3)
        if ident and node._attrs.get("id") != ident:
            return False
        if cls and cls not in (node._attrs.get("class") or "").split():
            return False
        if attr:
            actual = node._attrs.get(attr)
            if actual is None:
                return False
            if "=" in part.group(0):
                wanted = next(v for v in part.group(4, 5, 6) if v is not None)
                if actual != wanted:
                    return False
    return True
