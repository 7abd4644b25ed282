"""Neue Heimat's table in words (issue 40): what the canvas shows, as text a screen reader can browse.

:func:`table_words` reads the engine's view (never the painter) and says the round and whose turn, each player's money,
cash box, colours and score as it stands, every lot of every board row, the display and the supply. :class:`WordsRegion`
keeps them in a region after the table: a heading, a ``<table>`` of the players, a ``<table>`` of the board (a row per
board row, a column per lot) and lists of the display and the supply, for a screen reader's heading, table and landmark
keys. It is built once and only the texts that changed are rewritten: no focus moves, and it is no live region (the
log and the status already speak each move), so nothing floods the reader.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...neueheimat.state import LOTS, ROWS
from .labels import COLOUR_NAMES, ROW_NAMES, piece_words, w
from .table import house_points, signed

#: the phases in which a seat is asked something (the status's words name it)
ASKING = ("profits", "choose", "bid", "resolve", "place")
#: the special pieces as the view names them, in the supply's order
SPECIAL_PIECES = ("mayor", "permit1", "permit2", "permit3", "cancel")


@dataclass(frozen=True)
class TableWords:
    """The table in words: each part a line, or a table's header and rows of cells."""

    turn: str
    players_head: tuple[str, ...]
    players: list[tuple[str, ...]]
    unowned: str
    board_head: tuple[str, ...]
    board: list[tuple[str, ...]]
    display: list[str]
    supply: list[str]


def table_words(view: dict[str, Any], names: list[str], lang: str, hidden: frozenset[int] = frozenset()) -> TableWords:
    """The table of ``view`` in ``lang``; ``names`` the seats' names, ``hidden`` the seats whose money is hidden."""
    return TableWords(turn=turn_words(view, names, lang), players_head=tuple(w(f"words.col.{c}", lang) for c in
                                                                                  ("player", "hand", "box", "colours", "score")),
                      players=[player_cells(view, names, lang, p, p in hidden) for p in range(view["players"])],
                      unowned=unowned_words(view, lang),
                      board_head=(w("words.col.row", lang), *(w("words.col.lot", lang, n=i + 1) for i in range(LOTS))),
                      board=[board_cells(view, names, lang, r) for r in range(ROWS)],
                      display=display_lines(view, lang), supply=supply_lines(view, lang))


def turn_words(view: dict[str, Any], names: list[str], lang: str) -> str:
    """The round, who is asked what, and the piece on auction with its bid."""
    parts = [w("round_of", lang, n=view["round"], total=view["rounds"])]
    phase, current = view["phase"], view["current"]
    piece = piece_words(view["piece"], lang) if view["piece"] else ""
    if phase == "scored":
        parts.append(w("scoring.title", lang, n=view["round"]))
    elif phase == "over" or current is None:
        parts.append(w("over_short", lang))
    elif phase in ASKING:
        parts.append(w(f"status.{phase}", lang, name=names[current], piece=piece))
    if view["piece"] and phase in ("bid", "resolve", "place"):
        parts.append(w("on_auction", lang, piece=piece))
        if phase != "place":
            high = view["high_bidder"]
            parts.append(w("high_bid", lang, amount=view["high_bid"], name=names[high]) if high >= 0 else w("no_bid", lang))
    return ". ".join(p.rstrip(".") for p in parts) + "."


def player_cells(view: dict[str, Any], names: list[str], lang: str, p: int, hidden: bool) -> tuple[str, ...]:
    """A player's row: name (with the auctioneer's and the mover's marks), money in hand, cash box, colours owned,
    score now (finished rounds plus this one as it stands, and rounds won in a game of several)."""
    marks = [w("words.auctioneer", lang)] if view["auctioneer"] == p and view["phase"] not in ("over", "scored") else []
    if view["current"] == p:
        marks.append(w("words.to_play", lang))
    name = f"{w('seat_short', lang, n=p + 1)} {names[p]}" + (f" ({', '.join(marks)})" if marks else "")
    colours = [COLOUR_NAMES[lang][c] for c, owner in enumerate(view["owners"]) if owner == p]
    score = signed(view["scores"][p])
    if view["rounds"] > 1:
        score = w("words.score_wins", lang, score=score, n=view["round_wins"][p])
    money = w("words.hidden", lang) if hidden else w("words.money", lang, n=view["money"][p])
    box = w("words.hidden", lang) if hidden else w("words.money", lang, n=view["cash"][p])
    return name, money, box, ", ".join(colours) or w("words.none", lang), score


def unowned_words(view: dict[str, Any], lang: str) -> str:
    """The colours nobody owns yet (their houses score for nobody)."""
    free = [COLOUR_NAMES[lang][c] for c, owner in enumerate(view["owners"]) if owner < 0]
    return w("words.unowned", lang, colours=", ".join(free) or w("words.none", lang))


def row_heading(view: dict[str, Any], lang: str, r: int) -> str:
    """A board row's name with its length, whether it is complete, its permits and the mayor."""
    parts = [ROW_NAMES[lang][r], w("len", lang, n=view["lengths"][r])]
    parts.append(w("words.complete" if r in view["complete"] else "words.incomplete", lang))
    if view["permits"][r]:
        parts.append(w("words.permits", lang, permits=" ".join(("+" if c > 0 else "−") + "I" * abs(c) for c in view["permits"][r])))
    if view["mayor"] == r:
        parts.append(w("words.mayor_here", lang))
    text = ", ".join(parts)
    return text[:1].upper() + text[1:]


def board_cells(view: dict[str, Any], names: list[str], lang: str, r: int) -> tuple[str, ...]:
    """A board row's heading and what each of its lots holds: a house (cubes from the ground up, roof, whose and its
    points as the round stands), a free lot (a fenced one holds a single cube), or ground beyond the row."""
    row = view["board"][r]
    cells = [row_heading(view, lang, r)]
    for lot in range(LOTS):
        single = lot in view["single_lots"][r]
        if lot < len(row):
            house = row[lot]
            cubes = ", ".join(f"{COLOUR_NAMES[lang][c]} {p}" for c, p in house["cubes"])
            roof = w("words.roof", lang, value=house["roof"]) if house["roof"] else w("words.no_roof", lang)
            owner, points = house_points(view, r, lot)
            whose = w("words.scores_for", lang, name=names[owner], points=signed(points)) if owner >= 0 else w("words.nobody", lang)
            cells.append(f"{cubes}; {roof}; {whose}")
        elif lot < view["lengths"][r]:
            cells.append(w("words.free_single" if single else "words.free", lang))
        else:
            cells.append(w("words.beyond", lang))
    return tuple(cells)


def display_lines(view: dict[str, Any], lang: str) -> list[str]:
    """Each display row from its left end to its right end (a cube is taken from an end), and the cubes out of play."""
    lines = []
    for i, row in enumerate(view["display"]):
        cubes = ", ".join(f"{COLOUR_NAMES[lang][c]} {p}" for c, p in row) or w("empty", lang)
        lines.append(w("words.display_row", lang, n=i + 1, cubes=cubes))
    lines.append(w("out_count", lang, n=len(view["out"])))
    return lines


def supply_lines(view: dict[str, Any], lang: str) -> list[str]:
    """The face-down roofs left, and where each special piece is: in the supply, on the board, or out of the round."""
    lines = [w("words.roofs", lang, n=view["roofs_face_down"])]
    for name in SPECIAL_PIECES:
        piece = {"kind": name[:6], "size": int(name[6:])} if name.startswith("permit") else {"kind": name}
        words = piece_words(piece, lang)
        if name in view["supply"]:
            where = w("words.in_supply", lang)
        elif name in view["discarded"]:
            where = w("words.out_of_round", lang)
        elif name == "mayor" and view["mayor"] is not None:
            where = w("words.mayor_on", lang, row=ROW_NAMES[lang][view["mayor"]])
        elif name.startswith("permit") and any(int(name[6:]) in map(abs, view["permits"][r]) for r in range(ROWS)):
            row = next(r for r in range(ROWS) if int(name[6:]) in map(abs, view["permits"][r]))
            where = w("words.on_row", lang, row=ROW_NAMES[lang][row])
        else:  # on auction or in a player's hand to place
            where = w("words.in_play", lang)
        lines.append(w("words.piece_where", lang, piece=words[:1].upper() + words[1:], where=where))
    return lines


class WordsRegion:
    """The region on the page: built once for the number of players, its texts rewritten only where they changed."""

    def __init__(self, container: Any, players: int, lang: str) -> None:
        from .. import dom  # the page mirror (this module's words are pure Python)
        from ..dom import el

        self._dom = dom
        self.turn = el("p", {"id": "nh-words-turn"})
        self.players_head = [el("th", {"scope": "col"}) for _ in range(5)]
        self.players = [[el("th", {"scope": "row"}), *(el("td", {}) for _ in range(4))] for _ in range(players)]
        self.unowned = el("p", {})
        self.board_head = [el("th", {"scope": "col"}) for _ in range(LOTS + 1)]
        self.board = [[el("th", {"scope": "row"}), *(el("td", {}) for _ in range(LOTS))] for _ in range(ROWS)]
        self.display = [el("li", {}) for _ in range(4)]
        self.supply = [el("li", {}) for _ in range(1 + len(SPECIAL_PIECES))]
        heading = lambda key, ident: el("h3", {"id": ident}, w(key, lang))  # noqa: E731
        self.root = el(
            "section", {"class": "nh-words", "id": "nh-words", "aria-labelledby": "nh-words-title"},
            el("h2", {"id": "nh-words-title"}, w("words.title", lang)), self.turn,
            heading("words.players", "nh-words-players"),
            el("table", {"id": "nh-words-players-table", "aria-labelledby": "nh-words-players"},
               el("thead", {}, el("tr", {}, *self.players_head)), el("tbody", {}, *(el("tr", {}, *cells) for cells in self.players))),
            self.unowned,
            heading("words.board", "nh-words-board"),
            el("table", {"id": "nh-words-board-table", "aria-labelledby": "nh-words-board"},
               el("thead", {}, el("tr", {}, *self.board_head)), el("tbody", {}, *(el("tr", {}, *cells) for cells in self.board))),
            heading("display", "nh-words-display"), el("ul", {"id": "nh-words-display-list"}, *self.display),
            heading("supply", "nh-words-supply"), el("ul", {"id": "nh-words-supply-list"}, *self.supply))
        container.appendChild(self.root)

    def show(self, words: TableWords) -> None:
        """Write ``words`` into the region, each element only when its text changed."""
        pairs: list[tuple[Any, str]] = [(self.turn, words.turn), (self.unowned, words.unowned)]
        pairs += zip(self.players_head, words.players_head)
        pairs += [(node, value) for cells, row in zip(self.players, words.players) for node, value in zip(cells, row)]
        pairs += zip(self.board_head, words.board_head)
        pairs += [(node, value) for cells, row in zip(self.board, words.board) for node, value in zip(cells, row)]
        pairs += zip(self.display, words.display)
        pairs += zip(self.supply, words.supply)
        for node, value in pairs:
            if node.textContent != value:
                node.textContent = value
