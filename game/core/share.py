"""Share a finished game as a link: ``…/#replay=CODE``.

The code is base64url text (no padding) of bytes laid out in
``docs/replay-links.md``: a format version, the game's settings, its final
scores, and its moves as one mixed-radix number, then a CRC-32 checksum.

Each move is stored as its index among ``legal_actions`` at that step, and
all indices together as one integer in mixed radix (step *i* has base
``len(legal_actions)``). A move with *n* choices thus costs log2(n) bits and a
forced move nothing, which is the shortest a fixed code can be without a
model of which moves are likely; general compressors (zlib) only add bytes
to such a number. The decoder recomputes the legal actions as it replays,
so a link is only as long as the choices the players made.

Reading a link never touches the player's saved games. Every refusal is a
:class:`~game.core.record.RecordError` with a ``share.*`` catalogue key:
not a link, damaged or cut short (the checksum), made by a newer app, in an
old format this app no longer reads, or recorded under other rules.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from .. import GAMES
from .errors import GameError
from .match import Seat, load_spec
from .record import GameRecord, RecordError, Replay, canonical_action, parse_iso

FRAGMENT_KEY = "replay"
LINK_VERSION = 1  #: the format written now
OLDEST_READABLE = 1  #: older codes are refused with ``share.too_old``
MAX_LINK_CHARS = 2000  #: links longer than this are offered as a file instead (``docs/replay-links.md``)


_B64URL = re.compile(r"^[A-Za-z0-9_-]*$")


def game_codes() -> dict[int, str]:
    """Game ids by their number in a code: each game's ``SPEC.share_code`` (permanent, so old links keep theirs).

    A game that does not load cannot be read from a link (its number is then unknown)."""
    codes: dict[int, str] = {}
    for game_id in GAMES:
        try:
            code = load_spec(game_id).share_code
        except Exception:  # an engine in progress
            continue
        if code is not None:
            if code in codes:
                raise ValueError(f"share code {code} is declared by {codes[code]} and {game_id}")
            codes[code] = game_id
    return codes


# ---------------------------------------------------------------------- bytes
class _Writer:
    def __init__(self) -> None:
        self.out = bytearray()

    def uint(self, n: int) -> None:
        """LEB128 varint of a non-negative integer."""
        if n < 0:
            raise ValueError("negative varint")
        while True:
            byte = n & 0x7F
            n >>= 7
            if n:
                self.out.append(byte | 0x80)
            else:
                self.out.append(byte)
                return

    def sint(self, n: int) -> None:
        """Zigzag varint: small negative numbers stay short."""
        self.uint(n * 2 if n >= 0 else -n * 2 - 1)

    def text(self, s: str) -> None:
        raw = s.encode("utf-8")
        self.uint(len(raw))
        self.out += raw

    def big(self, n: int) -> None:
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
        self.uint(len(raw))
        self.out += raw


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise ValueError("truncated")
        self.pos += 1
        return self.data[self.pos - 1]

    def uint(self) -> int:
        n = shift = 0
        while True:
            byte = self.byte()
            n |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return n
            shift += 7
            if shift > 70:
                raise ValueError("varint too long")

    def sint(self) -> int:
        n = self.uint()
        return n // 2 if n % 2 == 0 else -(n + 1) // 2

    def raw(self, length: int) -> bytes:
        if self.pos + length > len(self.data):
            raise ValueError("truncated")
        self.pos += length
        return self.data[self.pos - length:self.pos]

    def text(self) -> str:
        return self.raw(self.uint()).decode("utf-8")

    def big(self) -> int:
        return int.from_bytes(self.raw(self.uint()), "big")

    def done(self) -> bool:
        return self.pos == len(self.data)


def _write_value(w: _Writer, value: Any) -> None:
    if value is True or value is False:
        w.uint(2 if value else 3)
    elif isinstance(value, int):
        w.uint(0)
        w.sint(value)
    elif isinstance(value, str):
        w.uint(1)
        w.text(value)
    else:
        raise ValueError(f"option value {value!r} cannot go in a link")


def _read_value(r: _Reader) -> Any:
    tag = r.uint()
    if tag == 0:
        return r.sint()
    if tag == 1:
        return r.text()
    if tag in (2, 3):
        return tag == 2
    raise ValueError("unknown option tag")


# ---------------------------------------------------------------------- the link payload
@dataclass
class LinkPayload:
    """A decoded code before its moves are replayed: what :func:`peek` returns."""

    version: int
    game_id: str
    num_players: int
    seed: int
    options: dict[str, Any]
    seats: list[Seat]
    finished: str
    daily: str
    scores: list[int]
    steps: int
    choices: int  #: the mixed-radix number of every move's index


def _epoch_seconds(stamp: str) -> int:
    return 0 if not stamp else int(parse_iso(stamp).timestamp()) + 1


#: the last second a stamp can name (9999-12-31T23:59:59Z): later ones are damage, not dates
LAST_STAMP_SECONDS = 253402300799


def _stamp(seconds: int) -> str:
    """The stamp of a link's finish time (seconds since 1970, plus one; 0 for none); ``ValueError`` past year 9999."""
    if seconds == 0:
        return ""
    if seconds - 1 > LAST_STAMP_SECONDS:
        raise ValueError("finish time beyond the year 9999")
    return datetime.fromtimestamp(seconds - 1, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def encode(record: GameRecord) -> str:
    """The link code of a finished game's record (the text after ``#replay=``).

    Raise :class:`RecordError` (``record.does_not_replay``) if the record's
    moves are not legal, since such a link could never be opened.
    """
    spec = load_spec(record.game_id)
    try:
        state = spec.new_game(record.num_players, record.seed, **record.options)
    except GameError:
        raise RecordError("record.does_not_replay", step=0) from None
    digits: list[tuple[int, int]] = []
    for n, action in enumerate(record.actions, 1):
        legal = spec.legal_actions(state)
        try:
            index = canonical_action(spec, state, action, legal)
        except GameError:
            raise RecordError("record.does_not_replay", step=n) from None
        digits.append((index, len(legal)))
        state = spec.apply_action(state, legal[index])
    choices = 0
    for index, base in reversed(digits):
        choices = choices * base + index
    return pack(LinkPayload(LINK_VERSION, record.game_id, record.num_players, record.seed, dict(record.options),
                            record.seats, record.finished, record.daily, list(record.scores), len(digits), choices))


def pack(payload: LinkPayload) -> str:
    """The code of a payload in the current format (:func:`encode` without the move check)."""
    spec = load_spec(payload.game_id)
    code = spec.share_code
    if code is None:  # a game outside the product (tests) or one not yet given a code
        raise RecordError("share.no_code", game=payload.game_id)
    w = _Writer()
    w.uint(code)
    w.uint(payload.num_players)
    w.uint(len(payload.options))
    for key in sorted(payload.options):
        w.text(key)
        _write_value(w, payload.options[key])
    w.sint(payload.seed)
    for seat in payload.seats:
        names = spec.bot_names
        w.uint(0 if seat.kind == "human" else 1 + (names.index(seat.bot) if seat.bot in names else 0))
        w.text(seat.name)
    w.uint(_epoch_seconds(payload.finished))
    w.text(payload.daily)
    w.uint(len(payload.scores))
    for score in payload.scores:
        w.sint(score)
    w.uint(payload.steps)
    w.big(payload.choices)
    body = bytes([LINK_VERSION]) + bytes(w.out)
    packed = body + zlib.crc32(body).to_bytes(4, "big")
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def link(record: GameRecord, base_url: str = "") -> str:
    """The full link: ``base_url`` (the app's address, without fragment) plus ``#replay=CODE``."""
    return f"{base_url.split('#', 1)[0]}#{FRAGMENT_KEY}={encode(record)}"


def code_from_text(text: str) -> str:
    """The code in a pasted link, a fragment (``#replay=…``) or a bare code; raise ``share.not_a_link``."""
    text = (text or "").strip()
    if "#" in text:
        text = text.split("#", 1)[1]
    for part in text.split("&"):
        if part.startswith(FRAGMENT_KEY + "="):
            text = part[len(FRAGMENT_KEY) + 1:]
            break
    else:
        if "=" in text or "/" in text:
            raise RecordError("share.not_a_link")
    if not text:
        raise RecordError("share.not_a_link")
    if not _B64URL.match(text):
        raise RecordError("share.damaged")
    return text


def peek(text: str) -> LinkPayload:
    """Check a link's checksum and read its settings, without replaying the moves (cheap)."""
    code = code_from_text(text)
    if len(code) % 4 == 1:
        raise RecordError("share.damaged")
    try:
        packed = base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))
    except (binascii.Error, ValueError):
        raise RecordError("share.damaged") from None
    # a changed last character can leave the bytes equal (unused low bits): refuse any non-canonical text
    if len(packed) < 5 or base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=") != code:
        raise RecordError("share.damaged")
    body, check = packed[:-4], packed[-4:]
    if zlib.crc32(body).to_bytes(4, "big") != check:
        raise RecordError("share.damaged")
    version = body[0]
    if version > LINK_VERSION:
        raise RecordError("share.too_new", version=version)
    if version < OLDEST_READABLE:
        raise RecordError("share.too_old", version=version)
    try:
        payload = _READERS[version](_Reader(body[1:]), version)
    except RecordError:
        raise
    except (ValueError, IndexError, UnicodeDecodeError, OverflowError, OSError):
        raise RecordError("share.damaged") from None
    # only the text this app writes: a hand-made code that reads the same (a padded number, options out of
    # order, a seat's computer written as another) would open as a game whose link is another text
    if version == LINK_VERSION and pack(payload) != code:
        raise RecordError("share.damaged")
    return payload


def _read_v1(r: _Reader, version: int) -> LinkPayload:
    code = r.uint()
    game_id = game_codes().get(code)
    if game_id is None:
        raise RecordError("share.unknown_game")
    spec = load_spec(game_id)
    num_players = r.uint()
    if not spec.min_players <= num_players <= spec.max_players:
        raise ValueError("player count")
    options = {}
    for _ in range(r.uint()):
        key = r.text()
        options[key] = _read_value(r)
    seed = r.sint()
    seats = []
    for _ in range(num_players):
        kind = r.uint()
        name = r.text()
        if kind > len(spec.bot_names):
            raise ValueError("seat")
        seats.append(Seat("human", None, name) if kind == 0 else Seat("computer", spec.bot_names[kind - 1], name))
    finished = _stamp(r.uint())
    daily = r.text()
    scores = [r.sint() for _ in range(r.uint())]
    steps = r.uint()
    choices = r.big()
    if not r.done():
        raise ValueError("trailing bytes")
    return LinkPayload(version, game_id, num_players, seed, options, seats, finished, daily, scores, steps, choices)


#: a reader per format version still readable; a new version adds one (and keeps the old)
_READERS = {1: _read_v1}


def decode(text: str) -> GameRecord:
    """The record of a link (or code), its moves replayed and its final scores checked.

    Raise :class:`RecordError` with a ``share.*`` key when the link cannot be opened.
    """
    payload = peek(text)
    spec = load_spec(payload.game_id)
    try:
        state = spec.new_game(payload.num_players, payload.seed, **payload.options)
    except (GameError, TypeError):
        raise RecordError("share.other_rules") from None
    rest = payload.choices
    actions = []
    for _ in range(payload.steps):
        if spec.is_over(state):
            raise RecordError("share.other_rules")
        legal = spec.legal_actions(state)
        rest, index = divmod(rest, len(legal))
        actions.append(legal[index])
        state = spec.apply_action(state, legal[index])
    if rest:
        raise RecordError("share.other_rules")
    if not spec.is_over(state) or list(spec.scores(state)) != payload.scores:
        raise RecordError("share.other_rules")
    return GameRecord(payload.game_id, payload.num_players, payload.seed, payload.options, payload.seats,
                      actions, payload.scores, list(spec.winners(state)), payload.finished, payload.daily)


def open_link(text: str) -> Replay:
    """Decode a link and build its :class:`~game.core.record.Replay` (what the replay viewer opens)."""
    return Replay(decode(text))


def shareable_link(record: GameRecord, base_url: str = "") -> str:
    """:func:`link`, or :class:`RecordError` ``share.too_long`` when it passes :data:`MAX_LINK_CHARS`
    characters (then offer ``json.dumps(record.to_json())`` as a file instead)."""
    text = link(record, base_url)
    if len(text) > MAX_LINK_CHARS:
        raise RecordError("share.too_long", length=len(text))
    return text
