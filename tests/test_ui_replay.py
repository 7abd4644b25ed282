"""Past games, replays, share links, the daily deal and statistics, driven through the worker's page mirror under CPython.

The browser tests (``tests/browser/test_replay*.py`` …) check the same in
Chromium; these run in a second and reach every branch of the screens.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.core import Match, Seat, daily, share
from game.core.record import GameRecord
from game.ui import dom
from game.ui.record_book import RECORDS_KEY
from game.ui.remote import Page
from game.ui.storage import AUTOSAVE_KEY

from .test_remote_dom import FakeHost

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
        self.page.receive(json.dumps({"kind": "boot", "search": "?pause=0", "href": href, "build": "t", "dpr": 1,
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


def finish_solo(h: Harness, match: Match) -> None:
    """Resume ``match`` from the autosave and make its last move."""
    h.app.store.save_match(match)
    h.request(type="resume")
    screen = h.app.screen
    screen.act(screen.legal()[0])
    h.host.run_timers()


def test_a_finished_game_is_kept_replayed_step_by_step_and_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    h = Harness(monkeypatch)
    match = almost_finished()
    finish_solo(h, match)
    assert h.find("end-screen") is not None
    past = h.app.book.past_games()
    assert len(past) == 1 and past[0]["game"] == "barrio"
    record = h.app.book.open(past[0]["id"]).record
    h.click(h.find("end-replay"))
    viewer = h.app.panel
    n = len(viewer.replay)
    assert n == len(record.actions) and h.find("replay").dataset.steps == str(n)
    spec = viewer.replay.spec
    for k in range(n):
        h.click(h.find("replay-next"))
        assert h.find("replay").dataset.step == str(k + 1)
        assert viewer.screen.match.state == viewer.replay.state_at(k + 1)
    assert list(spec.scores(viewer.screen.match.state)) == record.scores
    assert h.find("replay-next").disabled and not h.find("replay-back").disabled
    assert h.find("end-screen") is None  # the replay's last step is not a new end of game
    # share: the page is asked to share the link of this very game
    h.ops()
    h.click(h.find("replay-share"))
    shares = [op for op in h.ops() if op[:2] == ["host", "share"]]
    assert shares and share.decode(shares[0][2][0]).id == record.id
    assert shares[0][2][0].startswith(SITE + "#replay=")
    h.page.receive(json.dumps({"kind": "shared", "how": "copied", "url": shares[0][2][0]}))
    assert "copied" in h.app.toasts.textContent.lower()


def test_a_link_opens_the_replay_and_a_tampered_one_is_refused_touching_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    match = almost_finished()
    match.apply(match.spec.legal_actions(match.state)[0])
    link = share.link(GameRecord.from_match(match), SITE)
    h = Harness(monkeypatch, href=link)
    assert h.app.panel is not None and len(h.app.panel.replay) == len(match.entries)
    h.click(h.find("replay-last"))
    assert h.app.panel.screen.match.state == match.state
    assert AUTOSAVE_KEY not in h.storage and RECORDS_KEY not in h.storage
    # tampered: one character changed
    code = link.split("#replay=")[1]
    bad = SITE + "#replay=" + code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    saved = almost_finished(seed=9)
    storage = {AUTOSAVE_KEY: json.dumps(saved.to_json())}
    h2 = Harness(monkeypatch, storage=storage, href=bad)
    ops = h2.ops()
    notices = [op for op in ops if op[:2] == ["host", "showStart"]]
    assert notices and "damaged" in notices[-1][2][0]["text"]
    assert h2.storage == storage


def test_the_daily_deal_counts_once_and_shows_its_card(monkeypatch: pytest.MonkeyPatch) -> None:
    h = Harness(monkeypatch)
    h.request(type="daily")
    deal = daily.deal("barrio-A")
    cards = h.page.document.documentElement.querySelectorAll(".daily-deal")
    assert [c.dataset.challenge for c in cards] == list(daily.challenges())
    assert cards[0].dataset.seed == str(deal.seed)
    h.app.start_daily("barrio-A")
    screen = h.app.screen
    assert screen.match.seed == deal.seed
    spec = screen.spec
    while not spec.is_over(screen.match.state):
        screen.act(screen.legal()[0])
        h.host.run_timers()
    assert h.find("end-screen") is not None
    card = h.page.document.documentElement.querySelector(".daily-card")
    assert card is not None and card.dataset.daily == deal.key
    row = h.app.book.daily_result(deal.key)
    assert row is not None and row["counted"]
    h.request(type="daily")
    assert h.page.document.documentElement.querySelector(".daily-deal").dataset.played == "true"


def test_statistics_export_and_import(monkeypatch: pytest.MonkeyPatch) -> None:
    h = Harness(monkeypatch)
    finish_solo(h, almost_finished(seed=3))
    h.request(type="stats")
    groups = h.page.document.documentElement.querySelectorAll(".stats-group")
    assert [g.dataset.group for g in groups] == ["barrio/solo/A"]
    assert h.find("stats-klaus") is not None
    h.ops()
    h.click(h.find("stats-export"))
    downloads = [op for op in h.ops() if op[0] == "new" and op[2] == "a" and "download" in op[3]]
    assert downloads
    from urllib.parse import unquote
    text = unquote(downloads[0][3]["href"].split(",", 1)[1])
    h2 = Harness(monkeypatch)
    h2.request(type="stats")
    node = h2.find("stats-file")
    h2.fire(node, "change", files=[["export.json", text]])
    h2.host.run_timers()  # a file is checked a slice at a time, with a progress bar
    assert [g.dataset.group for g in h2.page.document.documentElement.querySelectorAll(".stats-group")] == ["barrio/solo/A"]
    assert "1 result " in h2.find("stats-notice").textContent and "1 game " in h2.find("stats-notice").textContent
    # a damaged file changes nothing and says why
    before = h2.app.book.export_json()
    h2.fire(node, "change", files=[["bad.json", "{not json"]])
    h2.host.run_timers()
    assert "not a JSON" in h2.find("stats-notice").textContent and h2.app.book.export_json() == before


def test_a_finished_game_is_a_past_game_not_a_resume(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players meet a finished game among the past games; the start screen's Resume (the autosave) is gone."""
    h = Harness(monkeypatch)
    finish_solo(h, almost_finished(seed=4))
    assert h.find("end-screen") is not None
    assert not h.app.store.has_autosave() and not h.app.store.slots()
    assert len(h.app.book.past_games()) == 1
