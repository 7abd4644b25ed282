"""The page as the Python worker sees it: a mirror of the DOM changed through queued operations.

Python runs in a Web Worker, which has no ``document``. Code builds and
changes a tree of lightweight :class:`Node` objects instead; every change is
recorded as an *operation* (a JSON array) and :meth:`Page.flush` sends all of
a Python turn's operations to the page in one message. ``site/bridge.js``
applies them to real elements keyed by node id and sends back what Python
needs to know: events (with the fields handlers read), element sizes,
form values, storage changes. Reads are answered from the mirror, never by
asking the page, so nothing here ever waits for the main thread.

Pure Python: the transport (posting a message, timers, the clock) is a
:class:`Host` given by :mod:`game.ui.bridge` in the worker, or by a test.
The message shapes are documented in ``game/ui/README.md``.
"""

from __future__ import annotations

import json
import re
import traceback
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


class Host(Protocol):
    """What the mirror needs from the place it runs in (the worker's globals, or a test)."""

    def post(self, text: str) -> None:
        """Send one message (a JSON text) to the page."""

    def set_timeout(self, ms: float, fn: Callable[[], Any]) -> int:
        """Call ``fn()`` once after ``ms`` milliseconds; return a timer id."""

    def clear_timeout(self, timer: int) -> None:
        """Cancel a timer made by :meth:`set_timeout`."""

    def now(self) -> float:
        """Milliseconds from a fixed origin (``performance.now()``)."""

    def paint(self, width: int, height: int, scale: float, frame: str) -> Any:
        """Draw ``frame`` on a canvas of the worker's own, ``width`` × ``height`` pixels, and return the picture
        (an ``ImageBitmap``) to send with the turn's operations (only hosts that loaded the renderer are asked,
        see :meth:`Page.start_painting`)."""

    def post_bitmaps(self, text: str, bitmaps: list[Any]) -> None:
        """Send one message of operations (``text``) with the pictures its ``bitmap`` operations show (transferred)."""


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

    def __init__(self, page: "Page", nid: int, tag: str, attrs: dict[str, str] | None = None) -> None:
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


class Event:
    """An event from the page, with the fields handlers read (the real event is gone by now).

    ``preventDefault`` cannot reach the page in time; the bridge applies the
    defaults that matter itself (see ``game/ui/README.md``).
    """

    def __init__(self, page: "Page", data: dict[str, Any]) -> None:
        self.type: str = str(data.get("type", ""))
        self.target: Node | None = page.nodes.get(data.get("target"))  # type: ignore[arg-type]
        self.currentTarget: Node | None = page.nodes.get(data.get("current"))  # type: ignore[arg-type]
        self.key: str = str(data.get("key", ""))
        self.code: str = str(data.get("code", ""))
        self.clientX: float = float(data.get("x", 0))
        self.clientY: float = float(data.get("y", 0))
        self.pointerId: int = int(data.get("pointer", 0))
        self.pointerType: str = str(data.get("pointerType", ""))
        self.button: int = int(data.get("button", 0))
        self.shiftKey: bool = bool(data.get("shift"))
        self.ctrlKey: bool = bool(data.get("ctrl"))
        self.altKey: bool = bool(data.get("alt"))
        self.metaKey: bool = bool(data.get("meta"))
        self.detail: Any = data.get("detail")
        #: a file input's change: the chosen files as (name, text or None when unreadable)
        self.files: list[tuple[str, str | None]] = [
            (str(f[0]), f[1] if isinstance(f[1], str) else None) for f in data.get("files") or []
            if isinstance(f, list) and len(f) == 2]
        self.defaultPrevented = False

    def preventDefault(self) -> None:
        self.defaultPrevented = True

    def stopPropagation(self) -> None:
        pass


class Performance:
    def __init__(self, page: "Page") -> None:
        self._page = page

    def now(self) -> float:
        return self._page.now()


class Location:
    def __init__(self, page: "Page") -> None:
        self._page = page

    @property
    def search(self) -> str:
        return self._page.search

    @property
    def href(self) -> str:
        return self._page.href


class Console:
    def __init__(self, page: "Page") -> None:
        self._page = page

    def _say(self, level: str, *parts: Any) -> None:
        self._page.op(["console", level, " ".join(str(p) for p in parts)])

    def log(self, *parts: Any) -> None:
        self._say("log", *parts)

    def warn(self, *parts: Any) -> None:
        self._say("warn", *parts)

    def error(self, *parts: Any) -> None:
        self._say("error", *parts)


class PageHooks:
    """``window.houseGames`` of the page: calls become operations; ``build`` is known from the boot message."""

    def __init__(self, page: "Page") -> None:
        object.__setattr__(self, "_page", page)

    @property
    def build(self) -> str | None:
        return self._page.build

    def __getattr__(self, name: str) -> Callable[..., None]:
        if name.startswith("__"):
            raise AttributeError(name)
        page = self._page
        return lambda *args: page.op(["host", name, list(args)])


class MediaMatch:
    """The answer of :meth:`Window.matchMedia`."""

    def __init__(self, matches: bool) -> None:
        self.matches = matches


class Window:
    """``window`` as the worker sees it: timers, clock, device pixel ratio, location, hooks, console."""

    def __init__(self, page: "Page") -> None:
        object.__setattr__(self, "_page", page)
        object.__setattr__(self, "performance", Performance(page))
        object.__setattr__(self, "location", Location(page))
        object.__setattr__(self, "console", Console(page))
        object.__setattr__(self, "houseGames", PageHooks(page))
        object.__setattr__(self, "_globals", {})

    @property
    def devicePixelRatio(self) -> float:
        return self._page.dpr

    @property
    def innerWidth(self) -> float:
        return self._page.viewport[0]

    @property
    def innerHeight(self) -> float:
        return self._page.viewport[1]

    def matchMedia(self, query: str) -> "MediaMatch":
        """Only ``(pointer: coarse)`` is mirrored (the page reports it with every size change)."""
        if query.replace(" ", "") != "(pointer:coarse)":
            raise ValueError(f"matchMedia({query!r}) is not mirrored in the worker")
        return MediaMatch(self._page.viewport[2])

    def setTimeout(self, fn: Callable[[], Any], ms: float = 0) -> int:
        return self._page.later(ms, fn)

    def clearTimeout(self, timer: Any) -> None:
        self._page.cancel(timer)

    def scrollTo(self, x: float = 0, y: float = 0) -> None:
        self._page.op(["scroll", x, y])

    def __setattr__(self, name: str, value: Any) -> None:
        """A plain value for the page's ``window`` (e.g. the last game's record, read by tests)."""
        json.dumps(value)  # only plain data crosses
        self._globals[name] = value
        self._page.op(["global", name, value])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        globals_ = object.__getattribute__(self, "_globals")
        if name in globals_:
            return globals_[name]
        raise RemoteReadError(f"window.{name} is not available in the worker")


class Document:
    """``document`` as the worker sees it: the fixed roots, element creation, lookup by id among known elements."""

    def __init__(self, page: "Page") -> None:
        self._page = page
        self.documentElement = page.root("html")
        self.head = page.root("head")
        self.body = page.root("body")

    def createElement(self, tag: str) -> Node:
        return self._page.create(tag)

    def getElementById(self, ident: str) -> Node | None:
        for root in self._page.roots.values():
            if root.getAttribute("id") == ident:
                return root
        found = self.documentElement.querySelector(f"#{ident}") if re.fullmatch(r"[\w-]+", ident) else None
        return found


class Page:
    """The worker's side of the bridge: the node mirror, the operation queue and the handlers."""

    def __init__(self, host: Host | None = None) -> None:
        self.host = host
        self.ops: list[str] = []
        self.nodes: weakref.WeakValueDictionary[int, Node] = weakref.WeakValueDictionary()
        self.handlers: dict[int, Callable[[Any], Any]] = {}
        self.resize_handlers: dict[int, Callable[[], Any]] = {}
        self.timers: dict[int, Any] = {}
        self.dropped: list[int] = []
        self.received = 0  #: page messages handled (sent back as ``ack``, so the page knows the worker is idle)
        self.dpr = 1.0
        #: the window's CSS width and height and whether the main pointer is coarse, as the page last reported
        self.viewport: tuple[float, float, bool] = (390.0, 844.0, True)
        self.search = ""
        self.href = ""
        self.build: str | None = None
        self.on_error: Callable[[BaseException], Any] | None = None
        self.on_message: dict[str, Callable[[dict[str, Any]], Any]] = {}  #: other message kinds (boot, request…)
        #: the page can show a picture the worker painted (an ``ImageBitmap``): from its boot message
        self.shows_bitmaps = False
        #: frames are painted here (the host loaded the renderer and the page shows bitmaps), sent with the turn
        self.paints = False
        #: the page wants every frame as a "frame" operation too (tests reading what is drawn)
        self.frame_probe = False
        self._frames: dict[int, str] = {}  #: each canvas's last frame this turn (the last one wins)
        self._to_paint: set[int] = set()  #: canvases with a new frame this turn, when frames are painted here
        self._framed = False  #: this turn drew a frame: the page applies its operations in one animation frame
        self._next_id = max(ROOT_IDS.values()) + 1
        self._next_handler = 1
        self._depth = 0
        self._acked = 0
        self.roots: dict[str, Node] = {}
        for name, nid in ROOT_IDS.items():
            node = Node(self, nid, "div" if name == "app" else name)
            self.roots[name] = node
            self.nodes[nid] = node
        self.roots["app"]._attrs["id"] = "app"
        html = self.roots["html"]
        for name in ("head", "body"):
            object.__setattr__(self.roots[name], "_parent", weakref.ref(html))
            html._children.append(self.roots[name])
        body = self.roots["body"]
        object.__setattr__(self.roots["app"], "_parent", weakref.ref(body))
        body._children.append(self.roots["app"])
        self.document = Document(self)
        self.window = Window(self)

    # ------------------------------------------------------------------ building
    def root(self, name: str) -> Node:
        return self.roots[name]

    def create(self, tag: str, attrs: dict[str, str] | None = None) -> Node:
        """A new element (not yet in the page) with initial attributes."""
        if not re.fullmatch(r"[a-zA-Z][a-zA-Z0-9-]*", tag):
            raise ValueError(f"bad tag name {tag!r}")
        nid = self._next_id
        self._next_id += 1
        node = Node(self, nid, tag, attrs)
        self.nodes[nid] = node
        self.op(["new", nid, tag.lower(), attrs or {}])
        return node

    # ------------------------------------------------------------------ canvases
    def draw(self, canvas: Node, frame: str) -> None:
        """Show ``frame`` (the renderer's commands as JSON text) on ``canvas`` together with this turn's other
        changes: painted here at the end of the turn and sent as a picture when :attr:`paints`, else sent for
        the page to draw. Either way the page shows the turn's operations and its frames in one animation frame
        (the message is marked ``"frame": true``), so the table never lags behind its buttons."""
        nid = canvas.nid
        self._framed = True
        if self.paints:
            self._frames[nid] = frame  # the last frame of a turn wins
            self._to_paint.add(nid)
        else:
            self.raw_op('["draw",%d,%s]' % (nid, frame))
        if self.frame_probe:
            self.raw_op('["frame",%d,%s]' % (nid, frame))

    def start_painting(self) -> None:
        """The renderer is ready in the worker: paint every later frame here when the page can show the pictures."""
        self.paints = self.shows_bitmaps

    def _paint(self) -> list[Any]:
        """Paint this turn's last frame of each canvas; queue a ``bitmap`` operation for each; return the pictures."""
        bitmaps: list[Any] = []
        for nid in sorted(self._to_paint):
            node, frame = self.nodes.get(nid), self._frames.pop(nid, None)
            if node is None or frame is None or self.host is None:
                continue
            try:
                bitmap = self.host.paint(int(node._props.get("width") or 300), int(node._props.get("height") or 150),
                                         float(node._attrs.get("data-scale") or 1), frame)
            except Exception as exc:  # the page draws this one instead
                self.report(exc)
                self.raw_op('["draw",%d,%s]' % (nid, frame))
                continue
            self.op(["bitmap", nid, len(bitmaps)])
            bitmaps.append(bitmap)
        self._to_paint.clear()
        return bitmaps

    def op(self, operation: list[Any]) -> None:
        """Queue one operation for the page."""
        self.ops.append(json.dumps(operation, ensure_ascii=False, separators=(",", ":")))

    def raw_op(self, text: str) -> None:
        """Queue an operation already written as JSON (a drawing frame is embedded without re-encoding)."""
        self.ops.append(text)

    def listen(self, node: Node, kind: str, handler: Callable[[Any], Any]) -> int:
        """Forward ``kind`` events of ``node`` to ``handler(event)`` until :meth:`release`."""
        hid = self._next_handler
        self._next_handler += 1
        self.handlers[hid] = handler
        self.op(["on", node.nid, kind, hid])
        return hid

    def observe(self, node: Node, on_resize: Callable[[], Any] | None = None) -> None:
        """Have the page report ``node``'s size whenever it changes (and once now)."""
        if not node._observed:
            object.__setattr__(node, "_observed", True)
            self.op(["observe", node.nid])
        if on_resize is not None:
            self.resize_handlers[node.nid] = on_resize

    def unobserve(self, node: Node) -> None:
        if node._observed:
            object.__setattr__(node, "_observed", False)
            self.resize_handlers.pop(node.nid, None)
            self.op(["unobserve", node.nid])

    def release(self) -> None:
        """Forget every handler (the screen they belonged to is gone) and tell the page to drop its listeners."""
        if self.handlers:
            self.op(["off", sorted(self.handlers)])
        self.handlers.clear()
        for nid in [n for n in self.resize_handlers if n not in self.nodes]:
            del self.resize_handlers[nid]

    # ------------------------------------------------------------------ time
    def now(self) -> float:
        return self.host.now() if self.host is not None else 0.0

    def later(self, ms: float, fn: Callable[[], Any]) -> int:
        """Run ``fn()`` as its own turn after ``ms`` milliseconds (errors reported, operations flushed)."""
        if self.host is None:
            raise RuntimeError("no host: timers need the worker (or a test host)")
        return int(self.host.set_timeout(ms, lambda: self.run(fn)))

    def cancel(self, timer: Any) -> None:
        if timer is not None and self.host is not None:
            self.host.clear_timeout(int(timer))

    # ------------------------------------------------------------------ turns
    def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run one Python turn: call ``fn``, report an exception, then send the queued operations."""
        self._depth += 1
        try:
            return fn(*args)
        except Exception as exc:
            self.report(exc)
            return None
        finally:
            self._depth -= 1
            if self._depth == 0:
                self.flush()

    def report(self, exc: BaseException) -> None:
        """Log an exception on the page's console and let the app show it (a toast)."""
        self.op(["console", "error", "".join(traceback.format_exception(exc))])
        if self.on_error is not None:
            try:
                self.on_error(exc)
            except Exception:
                self.op(["console", "error", traceback.format_exc()])

    def flush(self) -> None:
        """Paint the turn's frames (when :attr:`paints`), then send everything queued as one message, its pictures
        with it (nothing when there is nothing to say). A message that shows a frame is marked ``"frame": true``."""
        bitmaps = self._paint() if self._to_paint else []
        if self.dropped:
            gone = [nid for nid in self.dropped if nid not in self.nodes]
            self.dropped.clear()
            for nid in gone:
                self._frames.pop(nid, None)
            if gone:
                self.op(["drop", gone])
        if not self.ops and self.received == self._acked:
            return
        self._acked = self.received  # the page counts on a reply to each message (it holds moves while we are busy)
        text = '{"kind":"ops","ack":%d,%s"ops":[%s]}' % (self.received, '"frame":true,' if self._framed else "",
                                                        ",".join(self.ops))
        self.ops.clear()
        self._framed = False
        if self.host is None:
            return
        if bitmaps:
            self.host.post_bitmaps(text, bitmaps)
        else:
            self.host.post(text)

    # ------------------------------------------------------------------ messages from the page
    def receive(self, text: str) -> None:
        """Handle one message from the page (a JSON text): an event, sizes, form values, or another kind."""
        self.received += 1
        try:
            data = json.loads(text)
            kind = data.get("kind")
        except (ValueError, AttributeError):
            self.op(["console", "error", f"bridge: unreadable message {text[:200]!r}"])
            self.flush()
            return
        if kind == "event":
            self._apply_state(data)
            handler = self.handlers.get(data.get("hid"))
            self.run(handler, Event(self, data)) if handler is not None else self.flush()
        elif kind == "sizes":
            self.run(self._sizes, data)
        elif kind == "values":
            self._apply_state(data)
            self.flush()
        elif kind in self.on_message:
            self.run(self.on_message[kind], data)
        else:
            self.op(["console", "warn", f"bridge: unknown message kind {kind!r}"])
            self.flush()

    def _apply_state(self, data: dict[str, Any]) -> None:
        """Form values and element boxes the page sent with a message."""
        for nid, (value, checked) in (data.get("values") or {}).items():
            node = self.nodes.get(int(nid))
            if node is not None:
                node._props["value"] = value
                if checked is not None:
                    node._props["checked"] = bool(checked)
        for nid, box in (data.get("rects") or {}).items():
            node = self.nodes.get(int(nid))
            if node is not None:
                object.__setattr__(node, "_rect", Rect(*map(float, box)))
        if "dpr" in data:
            self.dpr = float(data["dpr"]) or 1.0
        if "viewport" in data:
            width, height, coarse = data["viewport"]
            self.viewport = (float(width), float(height), bool(coarse))

    def _sizes(self, data: dict[str, Any]) -> None:
        self._apply_state(data)
        for nid in (data.get("rects") or {}):
            handler = self.resize_handlers.get(int(nid))
            if handler is not None:
                try:
                    handler()
                except Exception as exc:
                    self.report(exc)
