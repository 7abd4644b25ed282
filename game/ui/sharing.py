"""A game shared between phones, as the app runs it: the host's and the guest's glue to the page.

The protocol itself is :mod:`game.ui.multidevice` (pure). Here the host app opens pairing for its remote
seats and relays the channel's messages to its :class:`~game.ui.multidevice.HostTable`; a guest page
(opened with ``#join=<offer>``) pairs, says hello, and draws its seat's table with the game's own screen
over a :class:`~game.ui.multidevice.ViewMatch`. WebRTC, the QR codes and the scanner are the page's
(``site/pairing.js``, loaded only then); this module talks to it with ``["host", "peer", [...]]`` operations
and hears ``{"kind": "peer", ...}`` messages (``game/ui/README.md``).
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable

from ..core.match import Seat, load_spec
from . import dom
from .dom import el
from ..core.locale import keys_starting, text
from .multidevice import HELLO_TIMEOUT_S, GuestTable, HostTable, ViewMatch
from .screen import GameScreen, final_scores, seat_names
from .storage import GUEST_GAME_KEY, GUEST_TOKEN_KEY, SHARING_KEY

#: a guest's table waits this long for the host's answer to its move before it is drawn waiting (the answer
#: usually comes first, and draws it)
ANSWER_WAIT_MS = 150
#: the host's player hears of a phone's refused messages at most this often per seat (a burst is one notice)
REFUSAL_NOTICE_S = 10.0


def page_texts(lang: str) -> dict[str, str]:
    """The pairing screen's words, for ``site/pairing.js``."""
    return {key: text(key, lang) for key in keys_starting("multi.")}


class HostSharing:
    """The host's side: pairing for each remote seat, then every guest's messages to the :class:`HostTable`."""

    def __init__(self, app: Any, screen: GameScreen, remote: list[int], tokens: dict[int, str] | None = None) -> None:
        self.app = app
        self.screen = screen
        self.slot = app.store.slot  #: the autosave of the shared game (resumed on this page: the phones stay paired)
        self.remote = list(remote)
        self.table = HostTable(lambda: self.screen.match, remote, self.send, self.apply)
        self.table.restore(tokens or {})  # the host's page reloaded: those seats are their phones' again
        self.table.on_muted = self.muted
        self._kept: Any = None
        self.ended = False  #: the game is over: its tokens are deleted and no longer kept
        self._noticed: dict[int, float] = {}  #: when the host's player last heard of each seat's refused messages
        self.keep()
        if tokens:
            self.app.toast(text("multi.resumed", app.lang), error=False, ms=8000)
        self.pair(self.remote, gone=list(tokens or ()))
        self.attach(screen)

    def attach(self, screen: GameScreen) -> None:
        """This game's screen (again: back from its replay, resumed): its header gets the spectators' button."""
        self.screen = screen
        header = screen.undo_button.parentElement
        if header is not None and header.querySelector("#watch-code") is None:
            header.appendChild(el("button", {"type": "button", "id": "watch-code", "onclick": lambda e: self.offer_watch()},
                                  text("multi.watch.offer", self.app.lang)))

    def offer_watch(self) -> None:
        """A code for one more spectator's phone (any number of them: each tap makes another): it sees what everyone
        at the table sees, and moves for nobody."""
        seat = self.table.watch()
        if seat is None:
            self.app.toast(text("multi.watch.full", self.app.lang), error=True)
            return
        # (the panel shows only the cards asked for last: the seats still waiting for their phones get theirs again)
        waiting = [s for s in self.remote if not self.table.links[s].connected]
        self.pair(waiting, gone=[s for s in waiting if self.table.links[s].claimed], watchers=(seat,))

    def keep(self) -> None:
        """Store which seats are remote and the tokens their phones hold, beside the autosave (when it changed)."""
        if self.ended:
            return
        record = {"slot": self.app.store.slot, "remote": self.remote, "tokens": {str(k): v for k, v in self.table.tokens().items()}}
        if record != self._kept:
            self._kept = record
            # (named as the autosave it goes with, should the write fail: the page's storage alert says what is unsaved)
            self.app.store.backend.commit([("put", "kv", SHARING_KEY, json.dumps(record, separators=(",", ":")))], "autosave")

    def pair(self, remote: list[int], gone: list[int] | None = None, watchers: tuple[int, ...] = ()) -> None:
        """Show a pairing code for each of these seats (a seat paired again gets its place back with its token: the
        position is the host's, sent whole when the new channel's guest says hello). A ``gone`` seat's phone left:
        its card also offers to give the seat to a computer or to another phone."""
        lang = self.app.lang
        names = seat_names(self.screen.match, lang, self.remote)
        seats = [{"seat": s, "name": names[s] if s < len(names) else str(s + 1), "gone": s in (gone or ())} for s in remote]
        seats += [{"seat": w, "name": text("multi.watch.name", lang), "gone": False} for w in watchers]
        dom.page.op(["host", "peer", ["host", seats, self.app.base_url, page_texts(lang)]])

    def to_computer(self, seat: int) -> None:
        """The seat's phone left for good: a computer plays it from now on (the host's choice)."""
        if seat not in self.table.links:
            return
        match = self.screen.match
        spec = match.spec
        match.seats[seat] = Seat("computer", spec.default_bot, match.seats[seat].name)
        del self.table.links[seat]
        self.remote.remove(seat)
        self.app.remote = frozenset(self.remote)
        self.screen.remote_seats = frozenset(self.remote)
        self.screen.names = seat_names(match, self.app.lang, self.remote)
        dom.page.op(["host", "peer", ["drop", seat]])
        self.app.toast(text("multi.seat.computer_done", self.app.lang, name=self.screen.names[seat]))
        self.keep()
        self.app.autosave(match)
        self.screen.advance()

    def send(self, seat: int, text: str) -> None:
        """To the seat's phone at once, before this phone saves and draws the move (a guest's tap is answered
        without waiting for the host's own frame)."""
        dom.page.post_now(["host", "peer", ["send", seat, text]])

    def publish(self) -> None:
        """Send every connected guest the position now (each message leaves at once: :meth:`send`). At the game's end
        the seats' tokens are deleted from this phone's storage: nobody comes back to a finished game."""
        self.table.publish()
        match = self.screen.match
        if not self.ended and match.spec.is_over(match.state):
            self.ended = True
            self._kept = None
            self.app.store.backend.commit([("del", "kv", SHARING_KEY, None)], "autosave")

    def muted(self, seat: int, seconds: float) -> None:
        """A phone went over its budget: the page stops reading its channel meanwhile, and the host's player is told."""
        dom.page.op(["host", "peer", ["mute", seat, round(seconds * 1000)]])
        self._noticed[seat] = time.monotonic()  # (this says it all: no notice of its refusals besides)
        self.app.toast(text("multi.guest_muted", self.app.lang, name=self.screen.names[seat], seconds=max(1, round(seconds))), error=False)

    def notice(self, seat: int, words: str) -> None:
        """A short notice on the host about a seat's phone, at most once per :data:`REFUSAL_NOTICE_S` per seat."""
        now = time.monotonic()
        if now - self._noticed.get(seat, -REFUSAL_NOTICE_S) >= REFUSAL_NOTICE_S:
            self._noticed[seat] = now
            self.app.toast(words, error=False)

    def check_hello(self, seat: int) -> None:
        """The seat's connection should have said its hello by now: one that did not holds the seat without playing
        it, so it is closed and the seat offered again (a new code, and the choices)."""
        if self.table.squatting(seat):
            self.table.closed(seat)
            self.app.toast(text("multi.squatter", self.app.lang, name=self.screen.names[seat]), error=False)
            self.pair([seat], gone=[seat] if self.table.links[seat].claimed else [])

    def apply(self, action: dict[str, Any]) -> None:
        """A guest's checked action, applied as the host's own screen applies a local player's."""
        self.screen._apply(action)

    def message(self, data: dict[str, Any]) -> None:
        """A ``peer`` message from the page: a channel opened or closed, or a guest's message."""
        seat = data.get("seat")
        if not isinstance(seat, int) or seat not in self.table.links:
            return
        event = data.get("event")
        if self.table.links[seat].watching:
            self.watcher_message(seat, event, data)
        elif event == "open":
            self.table.opened(seat)
            dom.later(HELLO_TIMEOUT_S * 1000 + 100, lambda: self.check_hello(seat))
        elif event == "closed":  # the guest's page reloaded or its phone rebooted: a new code gives it its seat back
            self.table.closed(seat)
            self.app.toast(text("multi.lost", self.app.lang, name=self.screen.names[seat]), error=False)
            self.pair([seat], gone=[seat])
        elif event == "message":
            self.received(seat, data.get("text"))
        elif event == "retry":  # a new code for the seat (the phones could not reach each other, or the host asked)
            self.table.closed(seat)  # (its connection, if any, is replaced by the new one)
            self.pair([seat], gone=[seat] if self.table.links[seat].claimed else [])
        elif event == "choose" and data.get("choice") == "computer":
            self.to_computer(seat)
        elif event == "choose" and data.get("choice") == "new_phone":  # its own phone is lost: the next one takes it
            self.table.release(seat)
            self.table.closed(seat)
            self.keep()
            self.pair([seat])

    def received(self, seat: int, message: Any) -> None:
        """A guest's message, to the table; a refusal is a short notice here (a wrong token: the seat offered again)."""
        refused = self.table.receive(seat, message)
        if refused == "multi.refused.token" and not self.table.links[seat].authed:  # not the seat's phone: offered again
            self.table.closed(seat)
            self.app.toast(text("multi.token_refused", self.app.lang, name=self.screen.names[seat]), error=True)
            self.pair([seat], gone=[seat])
        elif refused is not None and refused != "multi.refused.flood":  # (over budget: said once, by muted)
            said = self.table.last_refusal.get(seat)
            reason = (said.text(self.app.lang) if said is not None and "field" in said.params  # a field read wrong: named
                      else text(refused, self.app.lang, fields="…", seconds=1, expect="…", limit="…", version="…", reason="…"))
            self.notice(seat, text("multi.guest_refused", self.app.lang, name=self.screen.names[seat], reason=reason))
        else:
            self.keep()  # (a first hello claims the seat: its token is kept)


    def watcher_message(self, seat: int, event: Any, data: dict[str, Any]) -> None:
        """A spectator's connection: it opens, says hello and is sent the public view; when it closes (or cannot
        connect) its number is free again (its phone scans a new code to watch again)."""
        if event == "open":
            self.table.opened(seat)
        elif event == "message":
            self.table.receive(seat, data.get("text"))
        elif event == "closed":
            self.table.unwatch(seat)
            dom.page.op(["host", "peer", ["drop", seat]])
        elif event == "retry":
            self.table.unwatch(seat)
            dom.page.op(["host", "peer", ["drop", seat]])
            self.offer_watch()


class GuestServices:
    """What a guest's game screen may ask of the app: the app's own services, but nothing is saved here (the
    game lives on the host), the other seats are remote, and the end screen shows the host's final scores."""

    def __init__(self, app: Any, sharing: "GuestSharing") -> None:
        self._app = app
        self._sharing = sharing
        self.settings = app.settings

    def __getattr__(self, name: str) -> Any:
        return getattr(self._app, name)

    @property
    def remote(self) -> frozenset[int]:
        match = self._sharing.match
        return frozenset(i for i in range(match.num_players) if i != match.seat) if match else frozenset()

    @property
    def lang(self) -> str:
        return str(self._app.lang)

    @property
    def patterns(self) -> bool:
        return bool(self._app.patterns)

    def autosave(self, match: Any) -> None:
        """Nothing: the host keeps the game."""

    def finish(self, screen: GameScreen) -> None:
        self._sharing.finish(screen)


class GuestSharing:
    """The guest's side: pairing from the offer in the link, then the host's snapshots on this phone's table."""

    def __init__(self, app: Any, offer: str, screen_class: Callable[[str], type[GameScreen]]) -> None:
        self.app = app
        self.screen_class = screen_class  #: the game's screen (the app's choice)
        self.table = GuestTable(self.send, app.lang)
        self.match: ViewMatch | None = None
        self.screen: GameScreen | None = None
        self.services = GuestServices(app, self)
        self.seat: int | None = None
        self.kept_token: str | None = None  #: the resume token the page keeps for this phone
        self.ended = False
        dom.page.op(["host", "peer", ["join", offer, page_texts(app.lang)]])

    def send(self, text: str) -> None:
        if self.seat is not None:
            dom.page.post_now(["host", "peer", ["send", self.seat, text]])  # on its way before this phone draws its table

    def message(self, data: dict[str, Any]) -> None:
        event = data.get("event")
        seat = data.get("seat")
        if event == "open" and isinstance(seat, int):
            self.seat = seat
            self.table.connected()  # a new connection: its messages are counted from 1 on both sides
            kept = self.app.store.backend.getItem(GUEST_TOKEN_KEY)  # the seat's token from before (its page reloaded)
            self.table.token = kept if isinstance(kept, str) and kept else self.table.token
            self.kept_token = self.table.token
            self.table.hello()
        elif event == "tick":
            self.table.ping()
        elif event == "message":
            kind = self.table.receive(data.get("text"))
            if kind == "state":
                if self.table.token and self.table.token != self.kept_token:  # kept: a reloaded page comes back with it
                    self.keep_token(self.table.token)
                self.show()
            elif kind == "refused" and self.screen is None:  # not let in (another phone holds the seat): said on the page
                self.app._switch()
                dom.append(self.app.root, el("p", {"class": "notice error", "id": "join-refused", "role": "alert"}, self.table.refused or ""),
                           el("div", {"class": "actions"},
                              el("button", {"type": "button", "onclick": lambda e: self.app.show_start()}, text("game.home", self.app.lang))))
                dom.window.houseGames.showApp()
            elif kind == "refused" and self.screen is not None:
                self.app.toast(self.table.refused or "", error=True)
                self.screen.advance()
        elif event == "closed" and self.seat is not None and not self.ended:
            self.lost()

    def keep_token(self, token: str) -> None:
        """Keep the seat's token, and which game and seat it is for (a reloaded page's start screen says how to rejoin)."""
        self.kept_token = token
        snapshot = self.table.snapshot or {}
        seat = snapshot.get("seat")
        seats = snapshot.get("seats") or []
        named = seats[seat].get("name") if isinstance(seat, int) and 0 <= seat < len(seats) and isinstance(seats[seat], dict) else None
        name = named or text("player.n", self.app.lang, n=(seat if isinstance(seat, int) else 0) + 1)
        game = json.dumps({"game": str(snapshot.get("game") or ""), "name": str(name), "at": round(time.time() * 1000)})
        self.app.store.backend.commit([("put", "kv", GUEST_TOKEN_KEY, token), ("put", "kv", GUEST_GAME_KEY, game)], "settings")

    def lost(self) -> None:
        """The table's connection is gone (its page reloaded, or it left): said on this phone until it comes back,
        with what to do: the table shows a new code for this seat."""
        if dom.by_id("join-lost") is None:
            dom.append(self.app.root, el("p", {"class": "notice error", "id": "join-lost", "role": "alert"},
                                         text("multi.join.lost", self.app.lang)))

    def show(self) -> None:
        """Draw the host's latest snapshot: the first one mounts this seat's table, later ones move it on."""
        if self.ended:
            return
        if self.match is None or self.screen is None:
            self.match = ViewMatch(self.table, self._spec())
            self.app._switch()
            cls = self.screen_class(self.match.game_id)
            self.screen = cls(self.services, self.match)  # type: ignore[arg-type]  # the guest's services and ViewMatch stand in for the app and a Match (same duck type)
            self.app.screen = self.screen
            self._hold_drawing_while_sent(self.screen)
            self.screen.mount(self.app.root)
            dom.window.houseGames.showApp()
            return
        was_mine = self.match.state.data["current"] == self.match.seat
        self.match.update()
        data = self.match.state.data
        if data["current"] == self.match.seat and data["legal"] and not was_mine:
            dom.page.op(["host", "peer", ["buzz"]])  # this phone's turn: a short vibration where the browser allows it
        self.screen.advance()

    def _hold_drawing_while_sent(self, screen: GameScreen) -> None:
        """While this phone's move is on its way, its table is not drawn again at once: the host's answer (tens of ms)
        draws it, and the worker is free to take that answer the moment it comes. Should the answer be slow, the
        table is drawn waiting after :data:`ANSWER_WAIT_MS`."""
        draw = screen.render
        held: list[bool] = []

        def drawn_late() -> None:
            held.clear()
            if screen.mounted and self.screen is screen and self.table.waiting:  # (an answer that came drew it)
                draw()

        def render() -> None:
            if not self.table.waiting:
                draw()
            elif not held:
                held.append(True)
                dom.later(ANSWER_WAIT_MS, drawn_late)

        screen.render = render  # type: ignore[method-assign]

    def _spec(self) -> Any:
        assert self.table.snapshot is not None
        return load_spec(str(self.table.snapshot["game"]))

    def finish(self, screen: GameScreen) -> None:
        """The end screen, as the host's: the final scores and their parts, the winners."""
        self.ended = True
        self.app.store.backend.commit([("del", "kv", GUEST_TOKEN_KEY, None), ("del", "kv", GUEST_GAME_KEY, None)],
                                      "settings")  # a finished game is not rejoined
        lang = self.app.lang
        rows = screen.end_rows()
        winners = list(screen.spec.winners(screen.match.state))
        self.app._switch()
        self.screen = None
        verdict, table = final_scores(rows, winners, lang)
        dom.append(self.app.root,
                   el("section", {"class": "stack", "id": "end-screen", "aria-labelledby": "end-title"},
                      el("h1", {"id": "end-title"}, text("game.label_value", lang, label=screen.spec.title, value=text("game.over", lang))),
                      el("p", {"class": "status", "role": "status"}, verdict),
                      table,
                      el("div", {"class": "actions"},
                         el("button", {"type": "button", "onclick": lambda e: self.app.show_start()}, text("game.home", lang)))))
        dom.window.houseGames.showApp()
