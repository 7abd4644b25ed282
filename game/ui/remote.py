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
The message shapes are documented in ``game/ui/README.md``; the mirrored elements
themselves are in :mod:`game.ui.elements`.
"""

from __future__ import annotations

import json
import re
import traceback
import weakref
from typing import Any, Callable, Protocol

from .elements import ROOT_IDS, Node, Rect, RemoteReadError, Text

__all__ = ["Host", "Page", "Node", "Text", "Rect", "RemoteReadError", "Event", "Window", "Document", "ROOT_IDS"]

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

    # optional: ``load_modules(archive, done, failed)``, for modules the build ships outside the wheel (see
    # :meth:`Page.load_modules`); a host without it has the whole package (CPython, the tests)



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

    _page: Page  # set through object.__setattr__: __getattr__ answers every other name with a page call

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


#: the media queries the page reports with every size change and whenever one changes (``site/bridge.js`` ``MEDIA``),
#: written without spaces: the player's wishes the canvas honours (motion, colours), which the worker cannot ask itself
MIRRORED_MEDIA = ("(prefers-reduced-motion:reduce)", "(forced-colors:active)", "(prefers-contrast:more)")

#: one operation as the page reads it (``json.dumps`` with these options would build an encoder per call: about a
#: hundred operations a tap)
_operation_json = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


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
        """Only ``(pointer: coarse)`` and :data:`MIRRORED_MEDIA` are mirrored (the page reports them)."""
        answers = []
        for bare in query.replace(" ", "").split(","):  # a list matches where any of its queries does
            if bare == "(pointer:coarse)":
                answers.append(self._page.viewport[2])
            elif bare in MIRRORED_MEDIA:
                answers.append(bare in self._page.media)
            else:
                raise ValueError(f"matchMedia({query!r}) is not mirrored in the worker")
        return MediaMatch(any(answers))

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
        self._found: weakref.WeakValueDictionary[str, Node] = weakref.WeakValueDictionary()  #: id -> element

    def createElement(self, tag: str) -> Node:
        return self._page.create(tag)

    def getElementById(self, ident: str) -> Node | None:
        for root in self._page.roots.values():
            if root.getAttribute("id") == ident:
                return root
        # the element found last time, while it still has the id and is in the document: a walk up its ancestors,
        # not a search of the whole tree (the app asks for the same few elements at every move)
        known = self._found.get(ident)
        if known is not None and known.getAttribute("id") == ident and self._in_document(known):
            return known
        found = self.documentElement.querySelector(f"#{ident}") if re.fullmatch(r"[\w-]+", ident) else None
        if found is not None:
            self._found[ident] = found
        return found

    def _in_document(self, node: Node) -> bool:
        top = node
        while (parent := top.parentElement) is not None:
            top = parent
        return top is self.documentElement


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
        #: when (:meth:`now`) the player last did something or Python last changed the page: background work waits
        #: for a quiet moment after it (``game/ui/bridge.py``'s compiling)
        self.last_active_ms = 0.0
        self.dpr = 1.0
        #: the window's CSS width and height and whether the main pointer is coarse, as the page last reported
        self.viewport: tuple[float, float, bool] = (390.0, 844.0, True)
        #: which of :data:`MIRRORED_MEDIA` match on the page, as it last reported
        self.media: frozenset[str] = frozenset()
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
            node = Node(self, nid, "main" if name == "app" else name)
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

    def load_modules(self, archive: str, then: Callable[[], Any], failed: Callable[[str], Any]) -> None:
        """Call ``then()`` once the modules the build ships in the archive named ``archive`` (outside the wheel:
        ``LAZY_ARCHIVES`` in build.py) can be imported, or ``failed(reason)`` if they cannot be had. At once where
        they are there already (fetched before, or a host without ``load_modules``, which has the whole package);
        else the host fetches the archive first (``game/ui/bridge.py``), each callback then a turn of its own."""
        load = getattr(self.host, "load_modules", None)
        if load is None:
            then()
            return
        load(archive, lambda: self.run(then), lambda reason: self.run(failed, reason))

    def op(self, operation: list[Any]) -> None:
        """Queue one operation for the page."""
        self.ops.append(_operation_json(operation))

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
        if self.ops:
            self.last_active_ms = self.now()
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

    def post_now(self, operation: list[Any]) -> None:
        """Send one operation at once, ahead of those queued, and without answering the page's message (this turn is
        not over: its drawing follows in :meth:`flush`). For what must not wait for this turn's frame: a message to
        another phone (``game.ui.sharing``)."""
        if self.host is not None:
            self.host.post('{"kind":"ops","ack":%d,"ops":[%s]}' % (self._acked, _operation_json(operation)))

    # ------------------------------------------------------------------ messages from the page
    def receive(self, text: str) -> None:
        """Handle one message from the page (a JSON text): an event, sizes, form values, or another kind."""
        self.received += 1
        self.last_active_ms = self.now()
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
        if "media" in data:
            self.set_media(data["media"])

    def set_media(self, matching: Any) -> None:
        """The page's report of which mirrored media queries match (a list of them)."""
        given = {str(q).replace(" ", "") for q in matching} if isinstance(matching, list) else set()
        self.media = frozenset(given & set(MIRRORED_MEDIA))

    def _sizes(self, data: dict[str, Any]) -> None:
        self._apply_state(data)
        for nid in (data.get("rects") or {}):
            handler = self.resize_handlers.get(int(nid))
            if handler is not None:
                try:
                    handler()
                except Exception as exc:
                    self.report(exc)
