"""Every player on their own phone: the host-authoritative table protocol (pure Python, CPython-testable).

The host phone keeps the :class:`~game.core.Match`. Each guest phone is bound to one seat by the
connection it came in on (the page's ``site/pairing.js`` keeps one WebRTC DataChannel per remote seat
and tells the worker which seat a message came from; a seat named inside a message is never read).
A guest sends actions; it receives only ``view(state, seat)`` for its own seat, the log lines that
view carries, and its own legal actions when it is to move. See ``docs/multi-device.md``.

* :class:`HostTable`: the host's side (validates, applies through the host's screen, publishes).
* :class:`GuestTable`: the guest's side (sends actions, keeps the last snapshot, asks for a resync).
* :class:`ViewMatch` / :func:`guest_spec`: what the guest's game screen draws from, in place of a
  match and an engine: the same screens, driven by the received view.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import secrets
import time
from typing import Any, Callable, Iterable

from ..core import PUBLIC_SEAT, GameSpec, IllegalAction, Match, Seat
from ..core.errors import SaveFormatError
from ..core.jsonfmt import read_bool, read_choice, read_field, read_int, read_list, read_object, read_str, read_whole

#: the message protocol's version: a message of another version is refused (both sides say why). 2: a connection's
#: first accepted message is its hello, with the seat's resume token once a phone has claimed the seat
PROTOCOL_VERSION = 2
#: the longest message a guest may send, in characters; a longer one is refused unread
MAX_GUEST_MESSAGE = 64 * 1024
#: the snapshots a guest's match keeps (a screen looks back a few positions: Neue Heimat's round scoring shows the
#: houses as they stood before the round was cleared)
VIEW_HISTORY = 16
#: the kinds of message a guest may send
GUEST_KINDS = ("hello", "act", "sync", "ping")
#: the connections of spectators' phones (issue 39) are numbered from here, as the page numbers a seat's (seats are
#: 0–3; the compact code carries the number in one byte): each sees the public view only and makes no move
FIRST_WATCHER = 100
LAST_WATCHER = 255
#: how far ahead of the last accepted ``seq`` a guest's message may be: beyond, it is refused and moves nothing (a
#: guest's own refused messages leave gaps; its 5 s heartbeat, accepted, closes them)
SEQ_WINDOW = 64
#: a connection's budgets: beyond either, the host stops reading it until the second (or the minute) is over. A player
#: taps a few times a second at most, and a message of the guest's app is under 1 KiB
MAX_MESSAGES_PER_S = 30
MAX_BYTES_PER_MIN = 1024 * 1024
#: a new connection that has not said a valid hello within this time is closed and its seat offered again
HELLO_TIMEOUT_S = 5.0


#: the largest ``seq`` read as a number (no phone counts that far: one beyond the window is refused as out of order)
MAX_SEQ = 2**63 - 1


class MessageError(SaveFormatError):
    """A guest's message the host does not act on: ``key`` (``multi.refused.*``) and its values. The ``jsonfmt``
    readers refuse a message's fields with it (``multi.refused.int`` naming ``seq``…), in the guest's language."""

    #: the ``jsonfmt`` readers' keys for another phone's message: ``multi.refused.int``, ``multi.refused.missing``…
    subject = "multi.refused"
    default_key = "multi.refused.malformed"

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key=key, **params)


def parse_guest_message(text: Any) -> dict[str, Any]:
    """A guest's message as a dict, checked for shape; raise :class:`MessageError` for anything else."""
    if not isinstance(text, str):
        raise MessageError("multi.refused.malformed")
    if len(text) > MAX_GUEST_MESSAGE:
        raise MessageError("multi.refused.too_big", limit=MAX_GUEST_MESSAGE)
    try:
        data = json.loads(text)
    except ValueError:
        raise MessageError("multi.refused.malformed") from None
    if not isinstance(data, dict):
        raise MessageError("multi.refused.malformed")
    if data.get("v") != PROTOCOL_VERSION:
        raise MessageError("multi.refused.version", version=PROTOCOL_VERSION)
    kind = read_choice(read_field(data, "kind", MessageError), "kind", GUEST_KINDS, error=MessageError)
    data["seq"] = read_int(data.get("seq", 0), "seq", 0, MAX_SEQ, error=MessageError)
    if kind == "act":
        action = read_object(read_field(data, "action", MessageError), "action", error=MessageError)
        read_str(read_field(action, "type", MessageError), "action.type", error=MessageError)
        data["action"] = action
    return data


@dataclasses.dataclass
class GuestLink:
    """One remote seat as the host sees it."""

    seat: int
    #: the seat's resume token: the first phone to say hello on the seat is given it, and a phone coming back on a
    #: new connection (its page reloaded) must show it to get the seat again
    token: str = dataclasses.field(default_factory=lambda: secrets.token_urlsafe(12))
    claimed: bool = False  #: a phone has joined this seat (and was given the token)
    connected: bool = False
    authed: bool = False  #: this connection's hello was accepted (nothing of the game is sent before)
    lang: str = "en"
    sent: int = 0  #: the sequence number of the last message sent to it
    acted: int = 0  #: the sequence number of its last action handled (a repeat is not applied twice)
    log_sent: int = 0  #: how many log events it has been sent on this connection
    last_text: str = ""  #: the last snapshot's body (nothing is sent when it has not changed)
    received: int = 0  #: messages received from it (heartbeats included)
    watching: bool = False  #: a spectator's phone: the public view only (``PUBLIC_SEAT``), no move, no token
    seen: int = 0  #: the ``seq`` of its last accepted message on this connection (the window starts after it)
    opened_at: float = 0.0  #: when this connection opened (its hello is due within :data:`HELLO_TIMEOUT_S`)
    budget: "Budget" = dataclasses.field(default_factory=lambda: Budget())
    dropped: int = 0  #: messages not read (over budget) on this connection


@dataclasses.dataclass
class Budget:
    """What one connection may send: :data:`MAX_MESSAGES_PER_S` messages each second and :data:`MAX_BYTES_PER_MIN`
    characters each minute (fixed windows). Over either, the connection is not read until its window ends."""

    second: float = -1.0  #: the start of the current one-second window
    messages: int = 0
    minute: float = -1.0
    chars: int = 0
    muted_until: float = 0.0

    def take(self, now: float, size: int) -> bool:
        """Count a message of ``size`` characters arriving at ``now``; False when it is over budget (not to be read)."""
        if now < self.muted_until:
            return False
        if now - self.second >= 1.0:
            self.second, self.messages = now, 0
        if now - self.minute >= 60.0:
            self.minute, self.chars = now, 0
        self.messages += 1
        self.chars += size
        if self.chars > MAX_BYTES_PER_MIN:
            self.muted_until = self.minute + 60.0
            return False
        if self.messages > MAX_MESSAGES_PER_S:
            self.muted_until = self.second + 1.0
            return False
        return True


class HostTable:
    """The host's side of a shared game.

    ``match()`` gives the match now (the screen may replace it); ``apply(action)`` applies a guest's checked
    action as the host's screen does for a local player (autosave, log, computer turns); ``send(seat, text)``
    sends a message down that seat's channel; ``describe(action, lang)`` words a legal action for a guest.
    """

    def __init__(self, match: Callable[[], Match], seats: Iterable[int], send: Callable[[int, str], None],
                 apply: Callable[[dict[str, Any]], Any], describe: Callable[[dict[str, Any], str], str] | None = None) -> None:
        self.match = match
        self.links = {seat: GuestLink(seat) for seat in seats}
        self.send = send
        self.apply = apply
        self.describe = describe
        #: what each seat was refused last (tests and the host's screen read it; the last hundred or so)
        self.refusals: list[tuple[int, str]] = []
        #: each seat's last refusal itself (its field, for the host's player's notice)
        self.last_refusal: dict[int, MessageError] = {}
        #: the clock of the budgets and the hello timeout (seconds; tests give their own)
        self.clock: Callable[[], float] = time.monotonic
        #: a connection went over its budget and is not read for a while (the host's screen tells its player)
        self.on_muted: Callable[[int, float], None] | None = None

    # ------------------------------------------------------------------ connections
    def opened(self, seat: int) -> None:
        """The seat's channel is open (a new pairing or a re-pairing): everything is sent afresh on its hello."""
        link = self.links.get(seat)
        if link is not None:
            link.connected = True
            link.authed = False  # a new connection says hello (with the seat's token, once claimed) before anything
            link.log_sent = 0
            link.last_text = ""
            link.sent = link.acted = link.seen = 0  # sequence numbers count per connection: a new page starts again at 1
            link.opened_at = self.clock()
            link.budget, link.dropped = Budget(), 0

    def closed(self, seat: int) -> None:
        """The seat's channel is gone for good (not merely paused): its guest comes back by re-pairing."""
        link = self.links.get(seat)
        if link is not None:
            link.connected = link.authed = False

    def release(self, seat: int) -> None:
        """Free the seat for another phone (its own is lost for good): a new token, and the next hello takes it."""
        link = self.links.get(seat)
        if link is not None:
            link.token = secrets.token_urlsafe(12)
            link.claimed = link.authed = False

    def watch(self) -> int | None:
        """A connection for one more spectator's phone: its number (None when every number is in use)."""
        seat = next((s for s in range(FIRST_WATCHER, LAST_WATCHER + 1) if s not in self.links), None)
        if seat is not None:
            self.links[seat] = GuestLink(seat, watching=True)
        return seat

    def unwatch(self, seat: int) -> None:
        """A spectator's phone left (its channel closed, or it never came): its number is free again."""
        link = self.links.get(seat)
        if link is not None and link.watching:
            del self.links[seat]

    def connected(self) -> list[int]:
        """The remote seats with an open channel."""
        return [s for s, link in self.links.items() if link.connected]

    def squatting(self, seat: int) -> bool:
        """Whether ``seat``'s open connection has said no valid hello within :data:`HELLO_TIMEOUT_S`: it holds the
        seat without playing it (the host closes it and offers the seat again)."""
        link = self.links.get(seat)
        return link is not None and link.connected and not link.authed and self.clock() - link.opened_at >= HELLO_TIMEOUT_S

    def tokens(self) -> dict[int, str]:
        """The resume token of every seat a phone has claimed (kept with the host's autosave: after the host's page
        reloads, each of those seats is offered again and taken back only with its token)."""
        return {s: link.token for s, link in self.links.items() if link.claimed}

    def restore(self, tokens: dict[int, str]) -> None:
        """Take back the tokens :meth:`tokens` gave (the host's page reloaded): those seats stay their phones'."""
        for seat, token in tokens.items():
            link = self.links.get(seat)
            if link is not None and isinstance(token, str) and token:
                link.token, link.claimed = token, True

    # ------------------------------------------------------------------ messages from guests
    def receive(self, seat: int, text: Any) -> str | None:
        """Handle a message that came in on ``seat``'s channel; return the refusal key, or ``None`` when accepted.

        A refusal is sent back in words (in the guest's language), alone (no position with it), and changes nothing.
        A connection over its budget is not read at all: ``multi.refused.flood``, said to it once."""
        link = self.links.get(seat)
        if link is None:
            return None  # not a remote seat: the page never relays such a message
        link.received += 1
        now = self.clock()
        muted = now < link.budget.muted_until
        if not link.budget.take(now, len(text) if isinstance(text, str) else 0):
            link.dropped += 1
            if not muted:  # it just went over: told once (and the host's player), then nothing until the budget refills
                self._refused(link, MessageError("multi.refused.flood", seconds=max(1, round(link.budget.muted_until - now))), None)
                if self.on_muted is not None:
                    self.on_muted(seat, link.budget.muted_until - now)
            return "multi.refused.flood"
        if link.watching:
            return self._receive_watching(link, text)
        try:
            data = parse_guest_message(text)
            self._check_seq(link, data["seq"])
            self._handle(link, data)
        except MessageError as refusal:
            self._refused(link, refusal, data_seq(text))
            return refusal.key
        link.seen = data["seq"]
        return None

    def _receive_watching(self, link: GuestLink, text: Any) -> str | None:
        """A spectator's message: its hello (no token: anyone with the code may watch) or a sync brings the public
        view; a move is refused."""
        try:
            data = parse_guest_message(text)
            kind = data["kind"]
            if kind == "ping":
                self._post(link, {"kind": "pong", "re": data.get("seq", 0)})
                return None
            if kind == "act":
                raise MessageError("multi.refused.watching")
            if kind == "hello":
                link.authed = True
                lang = data.get("lang")
                link.lang = lang if isinstance(lang, str) and 1 < len(lang) < 8 else "en"
            elif not link.authed:
                raise MessageError("multi.refused.hello")
            link.log_sent, link.last_text = 0, ""
            self.publish_to(link, force=True)
        except MessageError as refusal:
            self.refusals.append((link.seat, refusal.key))
            self._post(link, {"kind": "refused", "re": data_seq(text), "key": refusal.key,
                              "reason": refusal.text(link.lang)})
            return refusal.key
        return None
    def _check_seq(self, link: GuestLink, seq: int) -> None:
        """A message's ``seq`` must follow the last accepted one, within :data:`SEQ_WINDOW`; a refusal says which one
        the host expects (the guest's app takes it up) and moves nothing, so no ``seq`` can lock the seat."""
        if seq <= link.seen:
            raise MessageError("multi.refused.repeat", expect=link.seen + 1)
        if seq > link.seen + SEQ_WINDOW:
            raise MessageError("multi.refused.sequence", expect=link.seen + 1)

    def _handle(self, link: GuestLink, data: dict[str, Any]) -> None:
        kind = data["kind"]
        if kind == "hello":
            token = data.get("token")
            if link.claimed and not (isinstance(token, str) and secrets.compare_digest(token.encode(), link.token.encode())):
                raise MessageError("multi.refused.token")
            link.claimed = link.authed = True
            lang = data.get("lang")
            link.lang = lang if isinstance(lang, str) and 1 < len(lang) < 8 else "en"
            link.log_sent, link.last_text = 0, ""
            self.publish_to(link, force=True)
        elif kind == "ping":
            self._post(link, {"kind": "pong", "re": data.get("seq", 0)})
        elif not link.authed:
            raise MessageError("multi.refused.hello")
        elif kind == "sync":
            link.log_sent, link.last_text = 0, ""
            self.publish_to(link, force=True)
        else:
            self._act(link, data)

    def _act(self, link: GuestLink, data: dict[str, Any]) -> None:
        match = self.match()
        spec = match.spec
        state = match.state
        if spec.is_over(state):
            raise MessageError("multi.refused.over")
        if match.current_player() != link.seat:
            raise MessageError("multi.refused.not_your_turn")
        sent = data["action"]
        action = legal_match(sent, spec.legal_actions(state))
        if action is None:
            extra = extra_fields(sent, spec.legal_actions(state))
            if extra:
                raise MessageError("multi.refused.extra", fields=", ".join(sorted(extra))[:200])
            try:
                spec.apply_action(state, sent)  # pure: the engine's reason, in words; nothing changes
            except IllegalAction as exc:
                raise MessageError("multi.refused.illegal", reason=exc.text(link.lang)) from None
            except Exception:  # an engine meeting a shape it never expected: still only a refusal
                raise MessageError("multi.refused.malformed") from None
            raise MessageError("multi.refused.not_offered")  # the engine took it, yet it is none of its legal actions
        link.acted = data["seq"]
        self.apply(action)  # the engine's own action, never the guest's dict; the host's autosave publishes the new state

    def _refused(self, link: GuestLink, refusal: MessageError, seq: int | None) -> None:
        self.refusals.append((link.seat, refusal.key))
        self.last_refusal[link.seat] = refusal
        if len(self.refusals) > 200:
            del self.refusals[:-100]
        self._refuse(link, refusal, seq)

    def _refuse(self, link: GuestLink, refusal: MessageError, seq: int | None) -> None:
        """The refusal, in words, and nothing else: the guest's table already shows the position as it stands (it
        asks with ``sync`` should it doubt it), so a burst of bad messages is never answered with positions."""
        body: dict[str, Any] = {"kind": "refused", "re": seq, "key": refusal.key, "reason": refusal.text(link.lang)}
        if "expect" in refusal.params:
            body["expect"] = refusal.params["expect"]
        self._post(link, body)

    # ------------------------------------------------------------------ messages to guests
    def publish(self) -> None:
        """Send every connected guest its view of the position now (after every change of the match)."""
        for link in self.links.values():
            if link.connected and link.authed:
                self.publish_to(link)

    def publish_to(self, link: GuestLink, force: bool = False) -> None:
        body = self.snapshot(link.seat, link.lang)
        log = body.pop("log")
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
        if text == link.last_text and len(log) == link.log_sent and not force:
            return
        start = link.log_sent if link.log_sent <= len(log) else 0  # an undo shortened the log: all of it again
        body["log_start"], body["log"] = start, log[start:]
        link.last_text, link.log_sent = text, len(log)
        self._post(link, body)

    def snapshot(self, seat: int, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` may know now: its view (with its log), its legal actions when it is to move, the public scores.
        A spectator's connection gets the public view (``seat`` is ``PUBLIC_SEAT``): no hand, no move, no token."""
        link = self.links.get(seat)
        if link is not None and link.watching:
            seat = PUBLIC_SEAT
        match = self.match()
        spec = match.spec
        state = match.state
        view = dict(spec.view(state, seat))
        log = list(view.pop("log", []))
        over = bool(spec.is_over(state))
        current = match.current_player()
        legal = spec.legal_actions(state) if current == seat and not over else []
        describe = self.describe or (lambda a, lg: str(spec.describe_action(state, a, lg)))
        body: dict[str, Any] = {
            "kind": "state", "game": match.game_id, "players": match.num_players, "seat": seat,
            "seats": [{"kind": s.kind, "name": s.name, "bot": s.bot} for s in match.seats],
            "step": len(match.entries), "current": current, "over": over, "view": view, "log": log,
            "legal": legal, "described": [describe(a, lang) for a in legal],
            "scores": public_scores(spec, state, view, over),
            "token": self.links[seat].token if seat in self.links else None,
        }
        if over:
            body["winners"] = list(spec.winners(state))
            hook = spec.score_breakdown
            body["breakdown"] = [hook(state, i) for i in range(len(body["scores"]))] if hook else None
        return body

    def _post(self, link: GuestLink, body: dict[str, Any]) -> None:
        link.sent += 1
        self.send(link.seat, json.dumps({"v": PROTOCOL_VERSION, "seq": link.sent, **body}, ensure_ascii=False, separators=(",", ":")))


def public_scores(spec: GameSpec, state: Any, view: dict[str, Any], over: bool) -> list[int]:
    """The scores a seat may see: the engine's totals once the game is over; before, those its view shows
    (a running total may count cards still hidden), else none."""
    if over:
        return [int(x) for x in spec.scores(state)]
    shown = view.get("scores")
    if isinstance(shown, list) and all(isinstance(x, int) for x in shown):
        return [int(x) for x in shown]
    return [0] * len(spec.scores(state))


def same_value(sent: Any, legal: Any) -> bool:
    """Whether a guest's value is the engine's, in the engine's types: ``20.0`` is ``20``, but ``True`` is not ``1``,
    ``"20"`` is not ``20``, and a dict must have exactly the same keys."""
    if isinstance(legal, bool) or legal is None or isinstance(legal, str):
        return type(sent) is type(legal) and sent == legal
    if isinstance(legal, (int, float)):
        return isinstance(sent, (int, float)) and not isinstance(sent, bool) and sent == legal
    if isinstance(legal, (list, tuple)):
        return isinstance(sent, list) and len(sent) == len(legal) and all(same_value(a, b) for a, b in zip(sent, legal))
    if isinstance(legal, dict):
        return (isinstance(sent, dict) and sent.keys() == legal.keys()
                and all(same_value(sent[k], v) for k, v in legal.items()))
    return False


def legal_match(sent: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The engine's own legal action that ``sent`` spells (field by field, see :func:`same_value`), as a copy; else None.
    What reaches the engine, the log and the autosave is this one: nothing a guest added or re-spelled."""
    for action in legal:
        if same_value(sent, action):
            return copy.deepcopy(action)  # a copy: the host's screen may keep it
    return None


def extra_fields(sent: dict[str, Any], legal: list[dict[str, Any]]) -> set[str]:
    """The fields ``sent`` has beyond a legal action it otherwise spells (empty when none is that close)."""
    for action in legal:
        extra = set(sent) - set(action)
        if extra and all(k in sent and same_value(sent[k], v) for k, v in action.items()):
            return extra
    return set()


def data_seq(text: Any) -> int | None:
    """The sequence number a refused message carried, when it can be read (so the guest knows what was refused)."""
    if isinstance(text, str) and len(text) <= MAX_GUEST_MESSAGE:
        try:
            seq = json.loads(text).get("seq")
            return seq if isinstance(seq, int) and not isinstance(seq, bool) else None
        except (ValueError, AttributeError):
            return None
    return None


# ---------------------------------------------------------------------- the guest's side
def read_state_message(data: dict[str, Any]) -> dict[str, Any]:
    """The host's ``state`` message, each field the guest's table reads checked (``HostTable.snapshot``'s form);
    raise :class:`MessageError` naming the first one that is not what the host sends."""
    def field(name: str) -> Any:
        return read_field(data, name, MessageError)

    read_str(field("game"), "game", error=MessageError)
    read_int(field("players"), "players", 1, FIRST_WATCHER, error=MessageError)
    read_whole(field("seat"), "seat", error=MessageError)
    for seat in read_list(field("seats"), "seats", error=MessageError):
        read_choice(read_field(read_object(seat, "seats", error=MessageError), "kind", MessageError), "seats.kind",
                    ("human", "computer"), error=MessageError)
    read_int(field("step"), "step", 0, MAX_SEQ, error=MessageError)
    if field("current") is not None:
        read_whole(data["current"], "current", error=MessageError)
    read_bool(field("over"), "over", error=MessageError)
    read_object(field("view"), "view", error=MessageError)
    read_list(field("log"), "log", error=MessageError)
    read_int(data.get("log_start", 0), "log_start", 0, MAX_SEQ, error=MessageError)
    legal = [read_object(a, "legal", error=MessageError) for a in read_list(field("legal"), "legal", error=MessageError)]
    for words in read_list(field("described"), "described", length=len(legal), error=MessageError):
        read_str(words, "described", error=MessageError)
    for score in read_list(field("scores"), "scores", error=MessageError):
        read_whole(score, "scores", error=MessageError)
    if data.get("token") is not None:
        read_str(data["token"], "token", error=MessageError)
    return data


class ViewState:
    """The position as a guest knows it: one snapshot from the host (the guest never holds a real state)."""

    def __init__(self, data: dict[str, Any], log: list[Any]) -> None:
        self.data = data
        self.log = log

    def view(self) -> dict[str, Any]:
        return {**self.data["view"], "log": list(self.log)}


def guest_spec(spec: GameSpec, waiting: Callable[[], bool]) -> GameSpec:
    """The game's declaration for the guest's screen: its own words and declarations, positions from snapshots
    (:class:`ViewState`). The guest asks no hints (the coach needs the real state) and its end rows come from the
    host."""

    def legal_actions(state: ViewState) -> list[dict[str, Any]]:
        return list(state.data["legal"]) if not waiting() else []

    def describe_action(state: ViewState, action: dict[str, Any], lang: str = "en") -> str:
        legal = state.data["legal"]
        if action in legal:
            return str(state.data["described"][legal.index(action)])
        return json.dumps(action, ensure_ascii=False)

    def apply_action(state: ViewState, action: dict[str, Any]) -> ViewState:
        if action not in state.data["legal"]:
            raise IllegalAction(key="multi.refused.not_offered")
        return state

    return dataclasses.replace(
        spec, coach=None,
        score_breakdown=lambda st, i: (st.data.get("breakdown") or [None] * (i + 1))[i],
        view=lambda state, player: state.view(),
        legal_actions=legal_actions,
        current_player=lambda state: None if waiting() else state.data["current"],
        is_over=lambda state: bool(state.data["over"]),
        scores=lambda state: list(state.data["scores"]),
        winners=lambda state: list(state.data.get("winners") or []),
        describe_action=describe_action,
        apply_action=apply_action,
        to_json=lambda state: state.view(),
    )


class ViewMatch:
    """What a guest's game screen draws from in place of a :class:`~game.core.Match`: the last snapshot.

    ``apply`` sends the action to the host (nothing changes here until the host's answer comes)."""

    def __init__(self, guest: "GuestTable", spec: GameSpec) -> None:
        self.guest = guest
        data = guest.snapshot
        assert data is not None
        self.game_id = data["game"]
        self.num_players = int(data["players"])
        self.seed = 0
        self.options: dict[str, Any] = {}
        self.seats = [Seat(s["kind"], s.get("bot"), s.get("name") or "") for s in data["seats"]]
        self.seat = int(data["seat"])
        self.spec = guest_spec(spec, lambda: guest.waiting)
        self.states: list[ViewState] = []
        self.entries: list[Any] = []
        self.hints: list[int] = []
        self.takebacks: list[int] = []
        self.update()

    @property
    def state(self) -> ViewState:
        return self.states[-1]

    def update(self) -> None:
        """Take the guest's latest snapshot as the position now."""
        data = self.guest.snapshot
        assert data is not None
        self.states = (self.states + [ViewState(data, list(self.guest.log))])[-VIEW_HISTORY:]
        self.entries = [None] * int(data["step"])

    def current_player(self) -> int | None:
        return self.spec.current_player(self.state)

    def is_computer_turn(self) -> bool:
        return False  # computers play on the host

    def apply(self, action: dict[str, Any]) -> ViewState:
        if action not in self.state.data["legal"]:
            raise IllegalAction(key="multi.refused.not_offered")
        self.guest.act(action)
        return self.state

    def humans(self) -> list[int]:
        return [self.seat]

    def takeback_seat(self) -> int | None:
        return None

    def undo_blocker(self) -> str | None:
        return "game.undo_why.turn_start"

    def undo_is_takeback(self) -> bool:
        return False

    def hints_used(self, seat: int) -> int:
        return 0

    def takebacks_used(self, seat: int) -> int:
        return 0

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game_id, "seat": self.seat, "view": self.state.view()}


class GuestTable:
    """The guest's side: the last snapshot, the log so far, sequence numbers; ``send(text)`` reaches the host."""

    def __init__(self, send: Callable[[str], None], lang: str = "en") -> None:
        self.send = send
        self.lang = lang
        self.sent = 0
        self.seen = 0  #: the last host message handled
        self.snapshot: dict[str, Any] | None = None
        self.log: list[Any] = []
        self.token: str | None = None
        #: an action sent and not yet answered: the table shows no legal move meanwhile (no double tap)
        self.waiting = False
        #: the host's last refusal, in words, and its key (``multi.refused.*``)
        self.refused: str | None = None
        self.refused_key: str | None = None
        #: the action on its way (sent again, once, should the host ask for another ``seq``)
        self.pending: dict[str, Any] | None = None
        self.resent = False
        #: why the host's last message that could not be read was passed over (its field, in words), if one was
        self.unreadable: MessageError | None = None

    def connected(self) -> None:
        """A new connection: both sides count their messages from 1 again."""
        self.sent = self.seen = 0
        self.pending, self.resent, self.waiting = None, False, False

    def _post(self, body: dict[str, Any]) -> None:
        self.sent += 1
        self.send(json.dumps({"v": PROTOCOL_VERSION, "seq": self.sent, **body}, ensure_ascii=False, separators=(",", ":")))

    def hello(self) -> None:
        """Say who we are (language, resume token) and ask for the whole position."""
        self._post({"kind": "hello", "lang": self.lang, "token": self.token, "last": self.seen})

    def act(self, action: dict[str, Any]) -> None:
        self.waiting = True
        self.pending, self.resent = action, False
        self._post({"kind": "act", "action": action})

    def ping(self) -> None:
        self._post({"kind": "ping"})

    def receive(self, text: Any) -> str | None:
        """Handle a host message; return its kind when it changed what the table shows (``state``, ``refused``)."""
        try:
            data = json.loads(text) if isinstance(text, str) else None
        except ValueError:
            data = None
        if not isinstance(data, dict) or data.get("v") != PROTOCOL_VERSION or not isinstance(data.get("seq"), int):
            return None
        if data["seq"] <= self.seen:
            return None  # a repeat: already handled
        self.seen = data["seq"]
        kind = data.get("kind")
        if kind == "refused":
            return self._refused(data)
        if kind != "state":
            return None
        try:
            read_state_message(data)
        except MessageError as exc:  # a host of another build, or damage on the way: the table stays as it was
            self.unreadable = exc
            return None
        start = data.get("log_start", 0)
        if start > len(self.log):  # a gap (should not happen on an ordered channel): ask for everything
            self._post({"kind": "sync", "last": self.seen})
            return None
        self.log = self.log[:start] + list(data.get("log") or [])
        self.token = data.get("token") or self.token
        self.snapshot = data
        self.waiting = False
        self.pending = None
        return "state"

    def _refused(self, data: dict[str, Any]) -> str | None:
        expect = data.get("expect")
        if isinstance(expect, int) and not isinstance(expect, bool) and expect > 0:
            self.sent = expect - 1  # the host counts from there: this phone's next message is the one it expects
            if self.pending is None:
                return None  # (a heartbeat or a sync: only the numbering to take up, nothing to show)
            if not self.resent:  # the move was not handled: once more, numbered as asked
                self.resent = True
                self._post({"kind": "act", "action": self.pending})
                return None
        self.waiting = False
        self.pending = None
        self.refused = str(data.get("reason") or "")
        self.refused_key = str(data.get("key") or "")
        return "refused"


__all__ = ["PROTOCOL_VERSION", "MAX_GUEST_MESSAGE", "SEQ_WINDOW", "MAX_MESSAGES_PER_S", "MAX_BYTES_PER_MIN",
           "HELLO_TIMEOUT_S", "FIRST_WATCHER", "legal_match", "MessageError", "HostTable", "GuestTable", "ViewMatch", "guest_spec",
           "ViewState", "parse_guest_message", "read_state_message"]
