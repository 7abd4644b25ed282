"""A replay's table comes from the step shown, never from an earlier one (issue 36, item 2), on the worker's page
mirror under CPython with the animations on (no ``?pause=0``): the canvas, its buttons and every word the table shows
after a mix of steps, jumps, the slider and autoplay, with timers run only part of the way, are those of a fresh open
at that step. Also the replay's words: no "Your turn" nor "Waiting for you…", and a line names who acted.

The browser test ``tests/browser/test_replay_state.py`` does the issue's own steps in Chromium.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from game.core import Match, Seat, share
from game.core.locale import text
from game.core.record import GameRecord

from .ui_harness import SITE, Harness

#: (game, players, seats, options): games finished by their computer seats (weak), the first seat the device's
GAMES = [
    ("barrio", 1, ["human"], {"level": "A"}),
    ("barrio", 3, ["human", "weak", "weak"], {}),
    ("nyhavn", 2, ["human", "weak"], {}),
    ("neueheimat", 3, ["human", "weak", "weak"], {"rounds": 1}),
]


def finished(game_id: str, players: int, seats: list[str], options: dict[str, Any], seed: int = 3, most: int = 500) -> Match:
    """A whole game, every seat played by the weak computer player (seat 0 kept as the device's human)."""
    match = Match.new(game_id, players, seed, [Seat("human") if s == "human" else Seat("computer", s) for s in seats], **options)
    spec = match.spec
    bots = [spec.make_bot(spec.bot_names[0], seed * 31 + p) for p in range(players)]
    for _ in range(most * players):
        if spec.is_over(match.state):
            return match
        player = match.current_player()
        assert player is not None
        match.apply(bots[player].choose(spec.view(match.state, player), spec.legal_actions(match.state)))
    raise AssertionError("the game did not end")


class Replaying:
    """A finished game's link opened in the app (the replay viewer), animations on, its frames recorded."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, match: Match) -> None:
        self.h = Harness(monkeypatch, href=share.link(GameRecord.from_match(match), SITE))
        self.h.app.params.pop("pause", None)  # as a player sees it: Klaus's steps and the computers' moves animated
        self.frames: dict[int, str] = {}
        draw = self.h.page.draw

        def kept(canvas: Any, frame: str) -> None:
            self.frames[canvas.nid] = frame
            draw(canvas, frame)

        monkeypatch.setattr(self.h.page, "draw", kept)
        self.viewer = self.h.app.panel
        self.screen = self.viewer.screen
        self.n = len(self.viewer.replay)

    def wait(self, ms: float) -> None:
        """Let ``ms`` of the page's time pass: the timers due by then run, in order."""
        host = self.h.host
        end = host.clock + ms
        while host.timers:
            timer = min(host.timers, key=lambda k: (host.timers[k][0], k))
            at, fn = host.timers[timer]
            if at > end:
                break
            del host.timers[timer]
            host.clock = max(host.clock, at)
            fn()
        host.clock = end

    def press(self, ident: str) -> None:
        self.h.click(self.h.find(ident))

    def slide(self, k: int) -> None:
        slider = self.h.find("replay-slider")
        slider.value = str(k)
        self.h.fire(slider, "input", value=str(k))

    def table(self) -> dict[str, Any]:
        """What the table shows: its canvas frame, its buttons, and every word on screen below the replay bar."""
        screen = self.screen
        board = screen.board
        words: list[str] = []

        def walk(node: Any) -> None:
            if getattr(node, "hidden", False) or node.tagName.lower() == "style":
                return
            closed = node.tagName.lower() == "details" and not node.hasAttribute("open")  # its summary only
            for child in node.childNodes[:1] if closed else node.childNodes:
                if hasattr(child, "childNodes"):
                    walk(child)
                elif child.textContent.strip():
                    words.append(child.textContent.strip())

        walk(screen.status.parentNode)  # the replay table: header, status, guide, table, log and scores
        targets = [(t.key, t.label, t.enabled, t.highlight) for t, _, _ in board._written.values()]
        return {"frame": self.frames.get(board.canvas.nid), "targets": targets, "words": words,
                "step": self.h.find("replay").dataset.step}


def fresh(monkeypatch: pytest.MonkeyPatch, match: Match, k: int) -> dict[str, Any]:
    """The table of a fresh open of ``match``'s replay, moved at once to step ``k``."""
    other = Replaying(monkeypatch, match)
    other.viewer.go(k)
    other.wait(10_000)
    return other.table()


@pytest.mark.parametrize("game_id,players,seats,options", GAMES, ids=[f"{g}-{n}" for g, n, _, _ in GAMES])
def test_replay_state_after_steps_jumps_slider_and_autoplay_is_a_fresh_open_at_that_step(monkeypatch, game_id, players,
                                                                                          seats, options):
    match = finished(game_id, players, seats, options)
    n = len(match.entries)
    assert n > 12
    # each fresh open first: a page mirror is the app's one page (``dom.page``) while it is the latest opened
    expected = {k: fresh(monkeypatch, match, k) for k in (n, n // 2, n // 3)}
    r = Replaying(monkeypatch, match)
    # the steps: › six times 200 ms apart, then » at once
    for _ in range(6):
        r.press("replay-next")
        r.wait(200)
    r.press("replay-last")
    assert r.table() == expected[n], "at once after »"
    r.wait(3000)
    assert r.table() == expected[n], "once the animations had time to run"
    # back a step, forward while it animates, the slider, « and autoplay stopped by a jump
    r.press("replay-back")
    r.wait(100)
    r.press("replay-next")
    r.wait(50)
    r.slide(n // 2)
    assert r.table() == expected[n // 2], "the slider, at once"
    r.press("replay-next")
    r.wait(120)
    r.slide(n // 3)
    r.wait(5000)
    assert r.table() == expected[n // 3], "the slider during a step's animation"
    r.press("replay-first")
    r.h.find("f-replay-speed").value = "250"
    r.h.fire(r.h.find("f-replay-speed"), "change", value="250")
    r.press("replay-play")
    r.wait(250 * 5 + 100)
    r.press("replay-last")
    assert r.table() == expected[n], "autoplay, then »"
    r.wait(3000)
    assert r.table() == expected[n]
    assert r.table()["step"] == str(n)


@pytest.mark.parametrize("game_id,players,seats,options", GAMES, ids=[f"{g}-{n}" for g, n, _, _ in GAMES])
def test_replay_state_words_are_a_replays_not_a_live_games(monkeypatch, game_id, players, seats, options):
    """No "Your turn" nor "Waiting for you…" at any step (the link of a friend's game too), and every step's line says
    who acted: never "You: Klaus builds …"."""
    match = finished(game_id, players, seats, options)
    r = Replaying(monkeypatch, match)
    live = [text("game.turn@you", "en"), text("barrio.wait", "en", name=text("player.you.obj", "en")), "Waiting for you"]
    automa = match.spec.automa
    others = [text(f"player.{automa.name}", "en")] if automa is not None and players == 1 else []
    for k in sorted({*range(0, r.n + 1, max(1, r.n // 40)), r.n}):  # some 40 steps spread over the game, and the last
        r.viewer.go(k)
        r.wait(2000)
        shown = " | ".join(r.table()["words"] + [r.h.find("replay-line").textContent, r.screen.status.textContent])
        # (as said to the player at the table: the log's "End of your turn." is the game's history, not a call to play)
        assert not [w for w in live if w in shown], f"step {k}: {shown[:400]}"
        line = r.h.find("replay-line").textContent
        for name in others:
            assert f"{text('player.you', 'en')}: {name}" not in line, line


YOU_WORDS = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)


def everything_said(r: Replaying) -> str:
    """Every word of the replay: the table's words, its canvas (labels drawn and its buttons' names), the status, the
    step's line and events, the seat and turn choices."""
    table = r.table()
    bar = [r.h.find(i).textContent for i in ("replay-line", "replay-events", "f-replay-seat", "f-replay-turn") if r.h.find(i)]
    return " | ".join(table["words"] + [label for _, label, _, _ in table["targets"]] + [str(table["frame"]),
                                                                                          r.screen.status.textContent] + bar)


@pytest.mark.parametrize("game_id,players,seats,options", GAMES, ids=[f"{g}-{n}" for g, n, _, _ in GAMES])
def test_replay_state_a_friends_link_names_every_seat_and_never_says_you(monkeypatch, game_id, players, seats, options):
    """A link opened on a device that does not keep the game (a friend's): the sender's seat is "Player 1" in the
    names, the status, the log and the step lines, at every step, whichever seat is shown; the same game opened from
    the player's own past games keeps "You"."""
    match = finished(game_id, players, seats, options)
    r = Replaying(monkeypatch, match)
    assert not r.h.app.book.kept(r.viewer.record.id)
    assert r.viewer.names[0] == text("player.n", "en", n=1)
    for k in sorted({*range(0, r.n + 1, max(1, r.n // 25)), r.n}):
        r.viewer.go(k)
        r.wait(2000)
        shown = everything_said(r)
        found = YOU_WORDS.search(shown)
        assert found is None, f"step {k}: …{shown[max(0, found.start() - 300):found.end() + 100]}…"
    if players > 1:  # another seat's side of the table: still nobody is "you"
        seat = r.h.find("f-replay-seat")
        seat.value = "1"
        r.h.fire(seat, "change", value="1")
        r.wait(2000)
        assert not YOU_WORDS.search(everything_said(r))
    # the player's own game (kept on this device, replayed from the past games): the seat played here is "You"
    rid = r.h.app.book.add_finished(GameRecord.from_match(match))["id"]
    assert r.h.app.open_kept(rid)
    own = r.h.app.panel
    assert own.names[0] == text("player.you", "en") and own.screen.names[0] == text("player.you", "en")
    # and the link of a game this device keeps is the player's own too
    r.h.app.open_link(share.link(own.record, SITE))
    assert r.h.app.panel.names[0] == text("player.you", "en")


def test_replay_state_an_imported_friends_game_never_says_you(monkeypatch):
    """A friend's game imported from its record file is kept in the past games, but it is not the player's: replayed
    from there, or opened again by its link, its first seat is "Player 1" in every word, never "You"."""
    import json

    match = finished("nyhavn", 2, ["human", "weak"], {})
    record = GameRecord.from_match(match)
    r = Replaying(monkeypatch, match)
    report = r.h.app.book.import_json(json.dumps(record.to_json()))
    assert report.games_added == 1 and r.h.app.book.kept(record.id) and not r.h.app.book.own(record.id)
    for opened in (lambda: r.h.app.open_kept(record.id), lambda: r.h.app.open_link(share.link(record, SITE))):
        opened()
        r.viewer = r.h.app.panel
        r.screen = r.viewer.screen
        assert r.viewer.names[0] == text("player.n", "en", n=1)
        for k in (0, r.n // 2, r.n):
            r.viewer.go(k)
            r.wait(2000)
            assert not YOU_WORDS.search(everything_said(r)), k
