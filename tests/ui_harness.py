"""The app booted on a fake page under CPython (``Harness``), the matches its tests start from and the texts its
operations put on the page: the UI tests that need no browser drive the app through it."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import Match, Seat
from game.ui import dom
from game.ui.remote import Page

from .fake_host import FakeHost

SITE = "http://127.0.0.1:8000/"


def almost_finished(game_id: str = "barrio", players: int = 1, seed: int = 5, seats: list[Seat] | None = None,
                    **options: Any) -> Match:
    """A match played by the first legal action until one move is left."""
    match = Match.new(game_id, players, seed, seats or [Seat("human")], **(options or {"level": "A"}))
    spec = match.spec
    while True:
        legal = spec.legal_actions(match.state)
        after = spec.apply_action(match.state, legal[0])
        if spec.is_over(after):
            return match
        match.apply(legal[0])


class Harness:
    """The app booted on a fake page: ``receive`` page messages, ``ops`` sent, ``by_id`` from the mirror."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, storage: dict[str, str] | None = None, href: str = SITE + "?pause=0",
                 settings: str | None = None) -> None:
        from game.ui import app as app_module

        self.host = FakeHost()
        self.page = Page(self.host)
        monkeypatch.setattr(dom, "page", self.page)
        monkeypatch.setattr(dom, "document", self.page.document)
        monkeypatch.setattr(dom, "window", self.page.window)
        self.listeners: dict[tuple[int, str], int] = {}  # (node id, event type) -> handler id
        listen = self.page.listen

        def recorded(node: Any, kind: str, handler: Any) -> int:
            hid = listen(node, kind, handler)
            self.listeners[(node.nid, kind)] = hid
            return hid

        self.page.listen = recorded  # type: ignore[method-assign]
        started: list[Any] = []
        self.page.on_message["boot"] = lambda data: started.append(app_module.start(data))
        search = "?" + href.split("#")[0].partition("?")[2]  # the page's location.search, from its address
        self.page.receive(json.dumps({"kind": "boot", "search": search, "href": href, "build": "t", "dpr": 1,
                                      "storage": dict(storage or {}), "settings": settings}))
        self.app = started[0]
        assert self.app is not None

    @property
    def storage(self) -> dict[str, str]:
        return self.app.store.backend.items

    @property
    def settings(self) -> dict[str, object]:
        """The start screen's settings as stored (``{}``: none)."""
        return json.loads(self.app.store.backend.settings or "{}")

    def request(self, **req: Any) -> None:
        self.page.receive(json.dumps({"kind": "request", "text": json.dumps(req)}))

    def fire(self, node: Any, kind: str = "click", **data: Any) -> None:
        hid = self.listeners[(node.nid, kind)]
        self.page.receive(json.dumps({"kind": "event", "hid": hid, "type": kind, "target": node.nid, "current": node.nid, **data}))

    def click(self, node: Any) -> None:
        self.fire(node)

    def ops(self) -> list[list[Any]]:
        return self.host.ops()

    def find(self, ident: str) -> Any:
        return self.page.document.getElementById(ident)


def resumed_stepwise(monkeypatch: pytest.MonkeyPatch, match: Match) -> Harness:
    """The app with ``match`` resumed (the operations so far read), each slice of long work (a computer's decision,
    a hint: ``dom.WORK_SLICE_S``) one step of it, so a test runs the work a step at a time with the host's timers."""
    monkeypatch.setattr(dom, "WORK_SLICE_S", 0.0)
    h = Harness(monkeypatch, href=SITE + "?pause=0")
    h.app.store.save_match(match)
    h.request(type="resume")
    h.page.flush()
    h.ops()
    return h


def thinking_marks(ops: list[list[Any]]) -> list[Any]:
    """The page's "thinking" mark as each of ``ops`` set it: its text, or ``None`` where it was hidden."""
    return [op[2][0] for op in ops if op[:2] == ["host", "thinking"]]


def finish_solo(h: Harness, match: Match) -> None:
    """Resume ``match`` from the autosave and make its last move."""
    h.app.store.save_match(match)
    h.request(type="resume")
    screen = h.app.screen
    screen.act(screen.legal()[0])
    h.host.run_timers()


def sent_texts(ops: list[list[Any]]) -> list[str]:
    """Every text the operations put on the page: text nodes, textContent, labels, titles, drawn text."""
    out = []
    for op in ops:
        kind = op[0]
        if kind == "text" or (kind == "prop" and op[2] in ("textContent", "value") and isinstance(op[3], str)):
            out.append(op[-1] if kind == "text" else op[3])
        elif kind == "attr" and op[2] in ("aria-label", "title", "placeholder") and isinstance(op[3], str):
            out.append(op[3])
        elif kind == "new":
            out.extend(str(v) for k, v in op[3].items() if k in ("aria-label", "title", "placeholder") and isinstance(v, str))
        elif kind == "draw":
            out.extend(c[3] for c in op[2] if c and c[0] == "text")
    return [s for s in out if s and s.strip()]
