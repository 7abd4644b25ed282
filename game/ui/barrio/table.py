"""Barrio's table as pure Python: what it draws and what a tap means.

:func:`paint` turns a view (``game.barrio.view``), the legal actions and the
player's half-made choice (:class:`Pick`) into a :class:`Frame`: the drawing
commands, the tappable :class:`~game.ui.canvas.Target` list and the rectangles
of every named place (for animations). :func:`tap` turns the key of a tapped
target into an action for the engine, a change of the pick, or a reason why
not. Nothing here touches the browser, so it is tested under CPython.

Its parts: :mod:`.choice` (the pick and what the view offers for it),
:mod:`.drawing` (the painter), :mod:`.steps` (animation steps from log
events) and :mod:`.look` (the cards' look and the table's sizes); this module
says what taps mean and gathers the names the screen uses.

Target keys: ``hand-<card>``, ``hm-<slot>``, ``wh-<slot>``, ``deck-m``,
``deck-h``, ``cell-<row>_<col>``, ``line-row-<i>`` / ``line-col-<i>``,
``build-<k>`` (confirm a build, k = payment option), ``gap-<k>``, ``pan-<k>``,
``combo-<k>``, ``skip``, ``pass``, ``keep``, ``discard-mode``, ``discard``,
``cancel``.
"""

from __future__ import annotations

from typing import Any

from ...barrio import cards as C
from ...core.locale import text
from . import look
from .choice import Pick, build_options, house_name, line_split, overflow_cell
from ..canvas import Outcome
from .drawing import paint
from .look import FINGER_UNITS, LEAST_SCALE, LEAST_WIDE, NARROW, WIDE, narrow_width, wide_width
from .steps import Flash, flashes, klaus_before, with_klaus

Action = dict[str, Any]

#: the pure table: its parts live in .choice, .drawing, .steps and .look; the screen and the tests use these names
__all__ = [
    "Pick", "Flash", "paint", "tap", "taps_for", "score_rows", "flashes", "klaus_before", "with_klaus",
    "line_split", "overflow_cell", "narrow_width", "wide_width", "NARROW", "WIDE", "LEAST_SCALE", "LEAST_WIDE",
    "FINGER_UNITS",
]


def tap(key: str, view: dict[str, Any], legal: list[Action], pick: Pick, lang: str, my_turn: bool = True) -> Outcome:
    """Interpret a tap on the target ``key``; may change ``pick``."""
    if not my_turn:
        return Outcome.refused(text("barrio.why.turn", lang))
    phase = view["phase"]
    pend = view.get("pending") or {}
    solo = view["solo"]
    if key == "cancel":
        pick.reset()
        return Outcome()
    if key in ("skip", "pass"):
        pick.reset()
        return Outcome({"type": key})
    if key == "keep":
        action = {"type": "keep_houses", "cards": list(pick.marked)}
        pick.reset()
        return Outcome(action)
    if key == "discard-mode":
        pick.reset()
        pick.discarding = True
        return Outcome()
    if key == "discard":
        action = {"type": "discard_houses", "cards": list(pick.marked)}
        pick.reset()
        return Outcome(action)
    if key.startswith("gap-"):
        return Outcome({"type": "close_gap", "option": int(key[4:])})
    if key.startswith("pan-"):
        return Outcome(dict(pend["options"][int(key[4:])]))
    if key.startswith("combo-"):
        house, end = pend["options"][int(key[6:])]
        return Outcome({"type": "combo", "house": house, "end": end})
    if key.startswith("build-"):
        opts = [a for a in build_options(view, legal, pick.house)
                if pick.line and (a["line"]["axis"], a["line"]["index"]) == pick.line]
        k = int(key[6:])
        if k >= len(opts):
            return Outcome.refused(text("barrio.why.nobuild", lang))
        pick.reset()
        return Outcome(opts[k])
    if key.startswith("line-"):
        _, axis, index = key.split("-", 2)
        pick.line = (axis, int(index))
        return Outcome()
    if key.startswith("cell-"):
        r, c = (int(v) for v in key[5:].split("_"))
        if pick.card is None:
            return Outcome.refused(text("barrio.why.select", lang))
        card = pick.card
        pick.reset()
        return Outcome({"type": "place", "card": card, "row": r, "col": c})
    if key.startswith("wh-"):
        slot = int(key[3:])
        pick.reset()
        return Outcome({"type": "draw", "source": "warehouse", "card": view["warehouse"][slot]})
    if key in ("deck-m", "deck-h"):
        pick.reset()
        return Outcome({"type": "draw", "source": "material_deck" if key == "deck-m" else "house_deck"})
    if key.startswith("hm-"):
        card = view["house_market"][int(key[3:])]
        if phase == "klaus_tie":
            return Outcome({"type": "klaus_tie", "house": card})
        if solo:
            return _house_tapped(card, view, legal, pick, lang)
        pick.reset()
        return Outcome({"type": "draw", "source": "house_market", "card": card})
    if key.startswith("hand-"):
        card = int(key[5:])
        if card >= C.NUM_MATERIALS:
            if phase == "keep" or pick.discarding:
                if card in pick.marked:
                    pick.marked.remove(card)
                else:
                    pick.marked.append(card)
                return Outcome()
            return _house_tapped(card, view, legal, pick, lang)
        if phase not in ("start", "placed1"):
            why = text("barrio.why.placed2" if phase == "placed2" else "barrio.why.drawing", lang)
            return Outcome.refused(text("barrio.why.noplace", lang, why=why))
        if pick.card == card:
            pick.reset()
            return Outcome()
        pick.reset()
        pick.card = card
        if not any(a["type"] == "place" and a["card"] == card for a in legal):
            pick.reset()
            return Outcome.refused(text("barrio.why.nocell", lang, card=look.card_label(card, lang)))
        return Outcome()
    return Outcome()


def _house_tapped(card: int, view: dict[str, Any], legal: list[Action], pick: Pick, lang: str) -> Outcome:
    phase = view["phase"]
    if phase == "full_grid":
        return Outcome({"type": "full_grid_build", "house": card})
    if phase == "combo":
        opts = [a for a in legal if a["type"] == "combo" and a["house"] == card]
        if len(opts) == 1:
            return Outcome(opts[0])
        return Outcome()  # both ends possible: the prompt's buttons ask which
    if phase != "placed2":
        return Outcome.refused(text("barrio.why.nobuild", lang))
    if pick.house == card:
        pick.reset()
        return Outcome()
    pick.reset()
    pick.house = card
    if not build_options(view, legal, card):
        return Outcome.refused(text("barrio.do.line.none", lang, house=house_name(card, lang)))
    lines = {(a["line"]["axis"], a["line"]["index"]) for a in build_options(view, legal, card)}
    if len(lines) == 1:
        pick.line = next(iter(lines))
    return Outcome()


def taps_for(action: Action, view: dict[str, Any], legal: list[Action]) -> list[str]:
    """The target keys a player taps, in order, to make ``action`` (used by tests and the tutorial)."""
    kind = action["type"]
    if kind == "draw":
        src = action["source"]
        if src == "warehouse":
            return [f"wh-{view['warehouse'].index(action['card'])}"]
        if src == "house_market":
            return [f"hm-{view['house_market'].index(action['card'])}"]
        return ["deck-m" if src == "material_deck" else "deck-h"]
    if kind == "place":
        return [f"hand-{action['card']}", f"cell-{action['row']}_{action['col']}"]
    if kind == "build":
        house = action["house"]
        first = f"hm-{view['house_market'].index(house)}" if view["solo"] else f"hand-{house}"
        line = action["line"]
        opts = [a for a in build_options(view, legal, house) if a["line"] == line]
        keys = [first]
        lines = {(a["line"]["axis"], a["line"]["index"]) for a in build_options(view, legal, house)}
        if len(lines) > 1:
            keys.append(f"line-{line['axis']}-{line['index']}")
        keys.append(f"build-{opts.index(action)}")
        return keys
    if kind == "close_gap":
        return [f"gap-{action['option']}"]
    if kind == "panorama":
        return [f"pan-{view['pending']['options'].index(action)}"]
    if kind == "combo":
        return [f"combo-{[list(o) for o in view['pending']['options']].index([action['house'], action['end']])}"]
    if kind == "full_grid_build":
        return [f"hand-{action['house']}"]
    if kind == "klaus_tie":
        return [f"hm-{view['house_market'].index(action['house'])}"]
    if kind == "keep_houses":
        return [f"hand-{c}" for c in action["cards"]] + ["keep"]
    if kind == "discard_houses":
        return ["discard-mode"] + [f"hand-{c}" for c in action["cards"]] + ["discard"]
    if kind in ("skip", "pass"):
        return [kind]
    raise ValueError(f"no taps for {action!r}")



def score_rows(breakdown: dict[str, int], lang: str) -> dict[str, int]:
    """A score breakdown with the player's words as keys, in the order of the end screen."""
    return {text("barrio.part.houses", lang): breakdown["houses"], text("barrio.part.panoramas", lang): breakdown["panoramas"],
            text("barrio.part.burrunos", lang): breakdown["burrunos"], text("barrio.part.rubble", lang): breakdown["rubble"],
            text("barrio.part.hand", lang): breakdown["hand"]}
