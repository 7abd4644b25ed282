"""The toy game's table: the smallest screen made with the generic machinery, and the template of a new
game's ``game/ui/<id>/`` folder.

It is what ``docs/new-game.md`` asks of a fourth game's screen, and nothing
more: a :class:`~game.ui.screen.GameScreen` subclass that builds a
:class:`~game.ui.canvas.Board`, draws the engine's view with a
:class:`~game.ui.canvas.DrawList` and turns taps on :class:`~game.ui.canvas.Target`
buttons into actions; plus ``rules(lang)`` for the start screen and its texts
(the start option's label among them), declared as ``SPEC``. The base class
runs the rest (computer turns, undo, log, scores, end screen).

``tests/browser/test_newgame.py`` copies it to ``game/ui/toy/`` and plays it.
"""

from __future__ import annotations

from typing import Any

from game.ui.canvas import Board, DrawList, Target
from game.ui.catalog import ScreenSpec
from game.core.locale import add_texts, text
from game.ui.screen import GameScreen

add_texts({
    "en": {"toy.bump": "Bump by {n}", "toy.take": "Take the top card", "toy.end": "End the turn",
           "toy.deck": "Deck: {n}", "toy.turn": "Turn {n} of {total}", "toy.turns": "Turns", "toy.you": "You: {counter} + hand {hand}",
           "toy.other": "Other: {counter} + {cards} hidden"},
    "es": {"toy.bump": "Subir {n}", "toy.take": "Coger la carta de arriba", "toy.end": "Terminar el turno",
           "toy.deck": "Mazo: {n}", "toy.turn": "Turno {n} de {total}", "toy.turns": "Turnos", "toy.you": "Tú: {counter} + mano {hand}",
           "toy.other": "Rival: {counter} + {cards} ocultas"},
})

WIDTH, HEIGHT = 360, 260
#: the four buttons: (action, text key, text values, x, y) in logical units, each 170 × 50
BUTTONS = (({"type": "bump", "by": 1}, "toy.bump", {"n": 1}, 5, 140),
           ({"type": "bump", "by": 2}, "toy.bump", {"n": 2}, 185, 140),
           ({"type": "take"}, "toy.take", {}, 5, 200),
           ({"type": "end"}, "toy.end", {}, 185, 200))


def rules(lang: str) -> list[tuple[str, list[str]]]:
    """The in-app rules: (heading, paragraphs)."""
    return [("Toy", ["Bump your counter by 1 or 2, or take the top card face down; then end your turn. "
                     "After the turns chosen at the start the higher counter plus hand wins."])]


class ToyScreen(GameScreen):
    """A canvas with the counters, the deck and one button per action."""

    BOT_PAUSE_MS = 300

    def build_table(self, container: Any) -> None:
        self.board = Board(container, width=WIDTH, height=HEIGHT, on_tap=self.tapped, on_resize=self.render,
                           label="Toy table")

    def render(self) -> None:
        view = self.view()
        me = view["me"]
        lang = self.lang
        d = DrawList().clear("#f4efe3")
        d.text(10, 28, text("toy.turn", lang, n=min(view["turns"] + 1, view["length"]), total=view["length"]), font="bold 18px sans-serif")
        d.rect(270, 8, 80, 110, fill="#3b6ea8", stroke="#1d2326", radius=8)
        d.text(310, 68, text("toy.deck", lang, n=view["deck"]), font="14px sans-serif", colour="#fff", align="center")
        d.text(10, 64, text("toy.you", lang, counter=view["counters"][me], hand=sum(view["hand"])), font="16px sans-serif")
        d.text(10, 100, text("toy.other", lang, counter=view["counters"][1 - me], cards=view["other_hand"]),
               font="16px sans-serif")
        legal = self.legal() if self.is_my_turn() else []
        targets = []
        for action, key, values, x, y in BUTTONS:
            enabled = action in legal
            d.rect(x, y, 170, 50, fill="#ffffff" if enabled else "#d9d4c7", stroke="#1d2326", radius=6)
            caption = text(key, lang, **values)
            d.text(x + 85, y + 30, caption, font="15px sans-serif", align="center", max_width=160)
            targets.append(Target(f"{action['type']}-{action.get('by', '')}", x, y, 170, 50, caption,
                                  enabled=enabled, highlight=enabled))
        self.board.draw(d, targets)

    def tapped(self, key: str) -> None:
        kind, _, by = key.partition("-")
        self.act({"type": kind, "by": int(by)} if by else {"type": kind})


SPEC = ScreenSpec(screen=ToyScreen, rules=rules)
