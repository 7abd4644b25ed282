"""Barrio's table: the player's half-made choice (:class:`Pick`) and what the view offers for it (pure Python):
the seat, the market's cells, the builds on offer and what one pays and leaves as rubble, the cells that would
overflow the market, what a panorama choice gains, and those choices in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...barrio import cards as C
from ...barrio.market import line_cells, payments
from ...barrio.panoramas import panoramas_points
from ...barrio.text import house_name as text_house_name, place_where
from ...core.locale import text
from . import look

Action = dict[str, Any]


@dataclass
class Pick:
    """The player's half-made choice between taps (nothing here is in the engine yet)."""

    card: int | None = None  #: material chosen to place
    house: int | None = None  #: house chosen to build
    line: tuple[str, int] | None = None  #: line chosen for that house
    marked: list[int] = field(default_factory=list)  #: houses marked to keep or discard
    discarding: bool = False  #: the "discard houses" mode (2–4 players)

    def reset(self) -> None:
        """Forget every half-made choice."""
        self.card = self.house = self.line = None
        self.marked = []
        self.discarding = False



def seat_of(view: dict[str, Any]) -> int:
    """The seat whose view this is."""
    return int(view.get("you", 0))


def build_options(view: dict[str, Any], legal: list[Action], house: int | None = None) -> list[Action]:
    """The legal builds (of ``house`` if given)."""
    return [a for a in legal if a["type"] == "build" and (house is None or a["house"] == house)]


def market_cells(view: dict[str, Any]) -> dict[tuple[int, int], int]:
    """The market as {(row, col): card}."""
    return {(r, c): v for r, c, v in view["market"]}


def line_split(view: dict[str, Any], action: Action) -> tuple[list[int], list[int]]:
    """(paid, rubble) cards of a build action: what pays for the house and what goes to the builder's rubble."""
    market = market_cells(view)
    line = action["line"]
    cells = line_cells(market, line["axis"], line["index"])
    cards = [market[p] for p in cells]
    for use, paid in payments(action["house"], cards):
        if use == action["use"]:
            return list(paid), [c for c in cards if c not in paid]
    return [], cards


def overflow_cell(view: dict[str, Any], r: int, c: int) -> bool:
    """True when a card at (r, c) would make the market too big at the end of the turn."""
    box = view["market_box"]
    if box is None:
        return False
    h = max(box[2], r) - min(box[0], r) + 1
    w = max(box[3], c) - min(box[1], c) + 1
    if view["solo"]:
        return not ((h <= 3 and w <= 5) or (h <= 5 and w <= 3))
    return h > 5 or w > 5


def market_numbers(box: Any, r: int, c: int) -> tuple[int, int]:
    """Row and column of a market place as a player counts them: from 1 at the market's top-left card (the engine's
    coordinates grow in every direction); the market ``box`` is the view's ``market_box``."""
    return (r - box[0] + 1, c - box[1] + 1) if box else (1, 1)


def cell_label(box: Any, r: int, c: int, lang: str) -> str:
    """An empty market place's accessible name, in the coach's words ("Left of row 2 of the market")."""
    kind, numbers = place_where(box, r, c)
    words = text(f"coach.barrio.where.{kind}", lang, **numbers)
    return words[:1].upper() + words[1:]


def pan_gain(pans: list[list[int]], house: int, option: Action) -> int:
    """Points the house adds (its own and the panorama points) with this panorama choice."""
    new = [p[:] for p in pans]
    ch = option.get("choice")
    if ch == "new":
        new.append([house])
    elif ch == "right":
        new[option["panorama"]].append(house)
    elif ch == "left":
        new[option["panorama"]].insert(0, house)
    elif ch == "join":
        i, j = option["left"], option["right"]
        joined = new[i] + [house] + new[j]
        new = [p for k, p in enumerate(new) if k not in (i, j)] + [joined]
    return C.POINTS[house] + panoramas_points(new) - panoramas_points(pans)


def house_name(card: int, lang: str) -> str:
    """A house's name in ``lang``."""
    return text_house_name(card, lang)


def pan_label(option: Action, lang: str) -> str:
    """A panorama choice in words: new, an end of panorama i, or joining two."""
    ch = option.get("choice")
    if ch == "new":
        return text("barrio.pan.new", lang)
    if ch == "join":
        return text("barrio.pan.join", lang, i=option["left"] + 1, j=option["right"] + 1)
    return text(f"barrio.pan.{ch}", lang, i=option["panorama"] + 1)


def use_label(use: dict[str, str], lang: str) -> str:
    """How the doubles of a build count, in words ("wood, stone")."""
    return ", ".join(look.MAT_NAMES[lang][m] for m in use.values())
