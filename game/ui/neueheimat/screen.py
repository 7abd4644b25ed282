"""Neue Heimat's table in the browser: the canvas, the auction controls, animations and round scoring.

The drawing and the hit logic live in :mod:`.table` (pure Python); this module
wires them to the page: a :class:`~game.ui.canvas.Board`, a panel of real
buttons for the decisions that are not places on the table (illegal profits,
bids, sell or buy, discard), short animations for bids, payments and
placements, and a walk-through of each round's scoring.
"""

from __future__ import annotations

import json
import time
from typing import Any

from ...core import Match
from .. import announce, dom
from ..canvas import FINGER_PX, POINTER_PX, Board, Frame, least_font
from ..dom import el
from ...core.locale import text
from ...core.locale import text as say  # (``_controls`` has a local named ``text``)
from ..screen import GameScreen
from .table import (LOT_W, Scene, bid_offered, bid_steps, draw_table, layout, scored_view, signed, stepper_amounts,
                    stepper_start, table_size, tap)
from .labels import COLOUR_NAMES, REASONS, ROW_SHORT, piece_words, w
from .words import WordsRegion, table_words

ANIM_MS = 650  # how long a flash or a money change stays on the table
FRAME_MS = 70
SETTING_HIDE = "neueheimat.hide_money"
#: the phases that ask the player to act on this table (the status names which)
DECISIONS = ("profits", "choose", "bid", "resolve", "place")
PROMPT_PX = 130  # about the height of the prompt kept at the window's foot while placing (CSS px)

STYLE = """
.nh-controls { background: #fffdf7; border: 2px solid #1f4e5f; border-radius: 10px; padding: 6px 10px; margin-top: 8px;
  font-size: .95rem; }
.nh-controls.nh-sticky { position: sticky; bottom: 0; z-index: 5; box-shadow: 0 -4px 14px rgba(0,0,0,.12); }
.nh-controls p { margin: 0 0 6px; }
.nh-controls .nh-buttons { display: flex; flex-wrap: wrap; gap: 6px; }
.nh-controls .nh-buttons button { flex: 1 1 90px; min-height: 44px; }
.nh-controls .nh-stepper { flex: 2 1 230px; display: flex; align-items: stretch; gap: 4px; }
.nh-controls .nh-stepper button.nh-step { flex: 0 0 44px; min-width: 44px; font-size: 1.25rem; font-weight: 700; padding: 0; }
.nh-controls .nh-stepper output { flex: 0 0 auto; min-width: 3.2em; display: flex; align-items: center; justify-content: center;
  font-weight: 700; border: 1px solid #b7a98c; border-radius: 6px; background: #fff; }
.nh-controls .nh-means { font-size: .85rem; color: #5b6468; display: block; font-weight: normal; }
.nh-controls:empty { display: none; }
/* small and landscape phones: a tighter panel, never over more than about two fifths of the window (it scrolls inside
   beyond that), so the auction's box, the player's own row and the board's rows stay in sight (issue 36) */
@media (max-height: 700px) {
  .nh-controls { padding: 4px 8px; margin-top: 4px; font-size: .9rem; line-height: 1.3; max-height: 42vh; max-height: 42dvh;
    overflow-y: auto; overscroll-behavior: contain; }
  .nh-controls p { margin: 0 0 4px; }
  .nh-controls .nh-buttons { gap: 4px; }
  .nh-controls .nh-buttons button { padding: 0.15em 0.5em; }
  .nh-controls .nh-means { font-size: .8rem; line-height: 1.25; }
}
/* the round's scoring stays in the window, at its foot (its list scrolls inside), over an upright table's lower part
   (the page is scrolled to the scored board: _reveal_scored_board) or a wide one's players' column (_place_scoring) */
.nh-scoring { background: #fff; border: 2px solid #f2b134; border-radius: 10px; padding: 6px 12px; margin-top: 8px;
  position: sticky; bottom: 0; z-index: 6; box-shadow: 0 -4px 14px rgba(0,0,0,.12); display: flex; flex-direction: column;
  max-height: 42vh; max-height: 42dvh; }
.nh-scoring h2 { margin: 0 0 2px; }
.nh-scoring > p { margin: 0 0 4px; }
.nh-scoring .nh-scoring-body { overflow-y: auto; overscroll-behavior: contain; min-height: 0; flex: 1 1 auto; }
.nh-scoring .nh-buttons { flex: none; margin-top: 4px; }
@media (orientation: landscape) and (max-height: 520px) { .nh-scoring { max-height: 62vh; max-height: 62dvh; }
  .nh-scoring h2 { font-size: 1rem; } }
.nh-scoring ol { padding-left: 1.2em; margin: 4px 0; font-size: .92rem; }
.nh-scoring li { margin: 2px 0; }
.nh-scoring table { width: 100%; border-collapse: collapse; margin: 6px 0; }
.nh-scoring td, .nh-scoring th { border-bottom: 1px solid #d8cfbd; padding: 3px 6px; text-align: right; }
.nh-scoring td:first-child, .nh-scoring th:first-child { text-align: left; }
.nh-rules { margin-top: 10px; background: #fffdf7; border: 1px solid #d8cfbd; border-radius: 10px; padding: 6px 10px; }
.nh-rules summary { min-height: 44px; display: flex; align-items: center; font-weight: 600; cursor: pointer; }
.nh-rules h3 { font-size: 1rem; margin: .6em 0 .2em; }
.nh-rules p { margin: 0 0 .4em; }
.nh-option { margin-top: 8px; }
/* the table in words (words.py): for screen readers, who browse it by heading, table and landmark; the canvas shows it */
.nh-words { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
/* beside the side column the page fits one window (see _resized): a short foot, as the thinking badge sits over the
   side column there, not over the table's column */
@media (min-width: 900px) and (min-height: 521px) { #app:has(#nh-controls) { padding-bottom: 12px; } }
"""


class NeueHeimatScreen(GameScreen):
    """The Neue Heimat table: board, display, supply and players on a canvas, decisions in a button panel."""

    BOT_PAUSE_MS = 750  # computer bids appear one by one

    def __init__(self, app: Any, match: Match) -> None:
        super().__init__(app, match)
        humans = self.local_humans()
        #: money hidden between humans: only then does a pass-the-device screen guard each turn
        self.hide_money = len(humans) > 1 and bool(app.settings.get(SETTING_HIDE))
        self.hot_seat = self.hide_money
        if not self.hot_seat and not self.table_display:  # (the shared table keeps the public view)
            self.viewer = humans[0] if humans else 0
        self.wide = False
        self.flashes: dict[str, float] = {}
        self.floats: dict[int, tuple[str, float]] = {}
        self._anim_timer: int | None = None
        self.scoring: dict[str, Any] | None = None  # the round walk-through on screen
        self._scored_rounds: set[int] = set()
        self._loaded = False
        #: the row the player opened to place a piece on a table whose lots are too small for a finger, and the
        #: decision it was opened for (the number of actions played then): a new decision starts on the whole board
        self.zoom_row: int | None = None
        self._zoom_at = -1
        self._shown_row: int | None = None  #: the row shown large in the last frame
        #: the bid stepper's amount and the decision it was set for (the number of actions played then)
        self.bid_amount: int | None = None
        self._bid_at = -1
        self._stepper: tuple[Any, Any, Any, Any] | None = None  #: its less, amount, more and bid elements
        self._controls_for = ""  #: what the decision panel shows now (it is rebuilt only when that changes)
        self._panel_buttons: list[Any] = []  #: its enabled buttons, in order
        self._decided = len(match.entries)  #: the moves made when focus last went to a decision's first control

    # ------------------------------------------------------------------ page
    def build_table(self, container: Any) -> None:
        lang = self.lang
        container.appendChild(el("style", {}, STYLE))
        n = self.match.num_players
        width, height = table_size(n, False)
        self.board = Board(container, width=width, height=height, on_tap=self.tapped, on_resize=self._resized,
                           label=w("table", lang))
        self.words = WordsRegion(container, n, lang)  # right after the table: the next heading from it
        self.controls = el("div", {"class": "nh-controls", "id": "nh-controls", "role": "group", "aria-label": self.spec.title})
        self.scoring_box = el("section", {"class": "nh-scoring", "id": "nh-scoring", "hidden": True, "aria-live": "polite"})
        dom.append(container, self.scoring_box, self.controls)
        humans = self.local_humans()
        if len(humans) > 1:
            box = el("input", {"type": "checkbox", "id": "nh-hide-money", "checked": self.hide_money, "onchange": self._toggle_hidden})
            container.appendChild(el("label", {"class": "check nh-option", "for": "nh-hide-money"}, box, w("hide_money", lang)))
        container.appendChild(self.rules_panel("nh-rules", w("rules", lang), "nh-rules"))
        dom.on(container, "keydown", self._key)
        self._resized()

    def _resized(self) -> None:
        css = float(self.table.clientWidth or self.board.root.clientWidth or 0)  # the column, not the (capped) board
        self.wide = css >= 600  # tablets and desktops: board beside the players and display
        width, height = table_size(self.match.num_players, self.wide)
        self.board.set_size(width, height)
        # as wide as the column allows but no taller than the window (less the header and the controls); a phone
        # on its side keeps the full width and scrolls, as buttons shrunk to fit its height would be too small
        vw, vh, _ = self.board.viewport()
        style = self.board.root.style
        if vh <= 520 and vw > vh:
            style.removeProperty("--aspect")
        else:
            style.setProperty("--aspect", f"{width / height:.4f}")
            # beside the side column (app.css: 900 px and wider) the whole page fits the window: the header row, the
            # prompt and its buttons, the rules' summary and the page's foot (NH_DESKTOP below) take about 270 px
            # (partly in rem: on a large screen the page's words, and so these rows, grow with the window, see app.css)
            style.setProperty("--table-chrome", "calc(222px + 3.125rem)" if vw >= 900 else "calc(160px + 3.125rem)")
        if self.mounted:
            self.render()
            if self.scoring is not None:
                self._place_scoring()

    def _toggle_hidden(self, event: Any) -> None:
        self.hide_money = bool(event.target.checked)
        self.app.settings[SETTING_HIDE] = self.hide_money
        self.app.save_settings()
        self.hot_seat = self.hide_money
        self.render()

    # ------------------------------------------------------------------ drawing
    def scene(self) -> Scene:
        """What the table module needs besides the view."""
        now = time.monotonic() * 1000
        flashes = {k: min(1.0, (now - t0) / ANIM_MS) for k, t0 in self.flashes.items()}
        floats = {p: (text, min(1.0, (now - t0) / ANIM_MS)) for p, (text, t0) in self.floats.items()}
        mine = self.is_my_turn() and self.scoring is None
        focus = None
        if self.scoring is not None and (self.scoring["end"] is not None or self.scoring["same_board"]):
            shown = self.scoring["shown"]
            houses = self.scoring["houses"]
            if 0 < shown <= len(houses):
                focus = (houses[shown - 1]["row"], houses[shown - 1]["lot"])
        legal = self.legal() if mine else []
        scale = self.board.css_width / self.board.width
        _, _, coarse = self.board.viewport()
        small = LOT_W * scale < (FINGER_PX if coarse else POINTER_PX)
        return Scene(names=self.names, row_names=self.table_names(), viewer=self.viewer, my_turn=mine, legal=legal, lang=self.lang,
                     patterns=self.app.patterns, hide_money=self.hide_money, focus_house=focus, flashes=flashes, floats=floats,
                     least=least_font(scale), small_lots=small, zoom_row=self._zoomed(legal) if small else None)

    def table_names(self) -> list[str]:
        """The names on the table's score rows: a computer seat as just "Computer" (its seat mark "P2" is beside it,
        its strength in the log and the scores), so every name fits its row on a phone in every language."""
        return [text("player.computer.short", self.lang) if i < len(self.match.seats) and self.match.seats[i].kind == "computer"
                and not self.match.seats[i].name else name for i, name in enumerate(self.names)]

    def _zoomed(self, legal: list[dict[str, Any]]) -> int | None:
        """The row shown large for placing: the one the player opened for this decision, or the only row where the
        piece may go (None: the whole board, where the player picks a row)."""
        rows = {a["row"] for a in legal if a["type"] == "place"}
        if not rows:
            return None
        if self._zoom_at != len(self.match.entries):
            self.zoom_row, self._zoom_at = (min(rows) if len(rows) == 1 else None), len(self.match.entries)
        return self.zoom_row

    def shown_view(self) -> dict[str, Any]:
        """The view the table draws: during a round's scoring walk-through, the board that round scored on."""
        view = self.view()
        sc = self.scoring
        if sc is not None and sc["end"] is not None:
            return scored_view(view, sc["end"])
        return view

    def render(self) -> None:
        if not self.mounted:
            return
        view = self.shown_view()
        scene = self.scene()
        frame = draw_table(view, scene, self.wide)
        self.board.set_size(frame.width, frame.height)
        self.board.draw(frame.draw, frame.targets)
        self._mark_regions(frame)
        hidden = frozenset(range(view["players"])) - {scene.viewer} if scene.hide_money else frozenset()
        self.words.show(table_words(view, self.names, self.lang, hidden))
        self._controls(view, scene)
        self._say_decision(view, scene)
        if scene.zoom_row is not None and scene.zoom_row != self._shown_row:  # a row just shown large: in view
            self.board.reveal(self.board.height, PROMPT_PX)
        self._shown_row = scene.zoom_row

    def _mark_regions(self, frame: Frame) -> None:
        """Where the auction's box and the player's own row are, as fractions of the board (data-auction-box,
        data-own-box: for tests and tools, as Barrio's data-prompt-box)."""
        data = self.board.root.dataset
        for name, (x, y, wd, ht) in frame.places.items():
            setattr(data, f"{name}Box", f"{x / frame.width:.4f} {y / frame.height:.4f} {wd / frame.width:.4f} {ht / frame.height:.4f}")

    # ------------------------------------------------------------------ keyboard and screen reader (issue 40)
    def _say_decision(self, view: dict[str, Any], scene: Scene) -> None:
        """The status names the decision asked (bid, sell or buy, place…), not only whose turn; a player at the
        keyboard gets focus on the decision's first control once per new decision."""
        phase, current = view["phase"], view["current"]
        if not scene.my_turn or self.replaying or current is None or phase not in DECISIONS:
            return
        piece = piece_words(view["piece"], self.lang) if view["piece"] else ""
        words = w(f"status.{phase}", self.lang, name=self.names[current], piece=piece)
        if self.status.textContent != words:
            self.status.textContent = words
        if self.board.by_keyboard and self._decided != len(self.match.entries):
            self._decided = len(self.match.entries)
            if not self.board.focus_first("cube-", "roofs", "mayor", "cancel", "permit-", "lot-", "row-") and self._panel_buttons:
                self._panel_buttons[0].focus()

    def _controls(self, view: dict[str, Any], scene: Scene) -> None:
        lang = self.lang
        box = self.controls
        # the same decision shown again (a redraw): the panel stays as it is, so a focused button keeps the focus
        shown = json.dumps([self.scoring is not None, self.replaying, view["phase"], view["current"], view["money"], view["high_bid"],
                            view["high_bidder"], view["piece"], scene.my_turn, scene.legal, scene.small_lots, scene.zoom_row],
                           sort_keys=True, default=str)
        if shown == self._controls_for:
            return
        self._controls_for = shown
        self._panel_buttons = []
        dom.clear(box)
        box.classList.remove("nh-sticky")
        if self.scoring is not None:
            return
        phase = view["phase"]
        current = view["current"]
        if phase == "over" or current is None:
            return
        if not scene.my_turn:  # (a replay says who plays next, not "Your turn.")
            waiting = say("replay.to_move", lang, name=self.names[current]) if self.replaying else w("prompt.wait", lang, name=self.names[current])
            box.appendChild(el("p", {"class": "muted"}, waiting))
            return
        me = current
        piece = piece_words(view["piece"], lang) if view["piece"] else ""
        buttons = el("div", {"class": "nh-buttons"})
        if phase == "profits":
            box.appendChild(el("p", {}, w("prompt.profits", lang, money=view["money"][me])))
            buttons.appendChild(self._button("profits-take", w("profits.take", lang), {"type": "profits", "take": True}))
            buttons.appendChild(self._button("profits-keep", w("profits.keep", lang), {"type": "profits", "take": False}, primary=True))
        elif phase == "choose":
            box.appendChild(el("p", {}, w("prompt.choose", lang)))
            box.classList.add("nh-sticky")  # the prompt stays in sight while the table scrolls
            return
        elif phase == "bid":
            money, high = view["money"][me], view["high_bid"]
            if view["high_bidder"] >= 0:
                text = w("prompt.bid", lang, piece=piece, high=f"{high}M ({self.names[view['high_bidder']]})", money=money)
            else:
                text = w("prompt.bid.none", lang, piece=piece, money=money)
            box.appendChild(el("p", {}, text))
            for amount in bid_steps(high, money):
                label = w("bid.all", lang, amount=amount) if amount == money and amount > high + 1 else w("bid.amount", lang, amount=amount)
                buttons.appendChild(self._button(f"bid-{amount}", label, {"type": "bid", "amount": amount}))
            self._stepper = None
            if stepper_amounts(high, money):
                buttons.appendChild(self._bid_stepper(high, money))
            buttons.appendChild(self._button("pass", w("bid.pass", lang), {"type": "pass"}, primary=True))
        elif phase == "resolve":
            amount, bidder = view["high_bid"], self.names[view["high_bidder"]]
            box.appendChild(el("p", {}, w("prompt.resolve", lang, name=bidder, amount=amount, piece=piece)))
            buttons.appendChild(self._button("sell", w("resolve.sell", lang, amount=amount), {"type": "sell"},
                                             means=w("resolve.sell.means", lang, name=bidder, amount=amount, piece=piece)))
            can_buy = view["money"][me] >= amount
            buttons.appendChild(self._button("buy", w("resolve.buy", lang, amount=amount), {"type": "buy"},
                                             means=w("resolve.buy.means", lang, name=bidder, amount=amount, piece=piece)
                                             if can_buy else w("resolve.cannot", lang, money=view["money"][me]), disabled=not can_buy))
        elif phase == "place":
            kind = (view["piece"] or {}).get("kind", "cube")
            prompt = w(f"prompt.place.{kind}", lang, piece=piece)
            if scene.small_lots and scene.zoom_row is None and kind in ("cube", "roof"):
                prompt += " " + w("zoom.hint", lang)  # the lots are picked row first on this table
            box.appendChild(el("p", {}, prompt))
            if {"type": "discard"} in scene.legal:
                buttons.appendChild(self._button("discard", w("place.discard", lang, piece=piece), {"type": "discard"}))
            else:
                box.classList.add("nh-sticky")
                return
        box.classList.add("nh-sticky")  # decisions stay in reach while the table scrolls
        box.appendChild(buttons)

    def _button(self, key: str, label: str, action: dict[str, Any], means: str = "", primary: bool = False,
                disabled: bool = False) -> Any:
        def press(event: Any) -> None:
            self.board.by_keyboard = not getattr(event, "pointerType", "")  # Enter or Space: a click without a pointer
            self.act(action)
        button = el("button", {"type": "button", "data-act": key, "class": "primary" if primary else None, "onclick": press,
                               "disabled": disabled}, label, el("span", {"class": "nh-means"}, means) if means else None)
        if not disabled:
            self._panel_buttons.append(button)
        return button

    # ------------------------------------------------------------------ the bid stepper
    def _bid_stepper(self, high: int, money: int) -> Any:
        """Any legal amount beside the quick buttons: − and + (a million each), the amount, and its Bid button."""
        lang = self.lang
        step = len(self.match.entries)
        if self._bid_at != step or self.bid_amount not in stepper_amounts(high, money):
            self.bid_amount, self._bid_at = stepper_start(high, money), step
        less = el("button", {"type": "button", "class": "nh-step", "data-act": "bid-less", "aria-label": w("bid.less", lang),
                             "onclick": lambda _: self._step_bid(-1)}, "−")
        shown = el("output", {"id": "nh-bid-value", "aria-live": "polite"})
        more = el("button", {"type": "button", "class": "nh-step", "data-act": "bid-more", "aria-label": w("bid.more", lang),
                             "onclick": lambda _: self._step_bid(1)}, "+")
        bid = el("button", {"type": "button", "data-act": "bid-any", "onclick": self._bid_stepped})
        self._stepper = (less, shown, more, bid)
        self._show_stepper(high, money)
        return el("div", {"class": "nh-stepper", "role": "group", "aria-label": w("bid.stepper", lang)}, less, shown, more, bid)

    def _show_stepper(self, high: int, money: int) -> None:
        """Write the stepper's amount into its elements (in place: the tapped button keeps the focus)."""
        if self._stepper is None or self.bid_amount is None:
            return
        less, shown, more, bid = self._stepper
        amounts = stepper_amounts(high, money)
        shown.textContent = w("bid.shown", self.lang, amount=self.bid_amount)
        bid.textContent = w("bid.amount", self.lang, amount=self.bid_amount)
        bid.dataset.amount = str(self.bid_amount)
        less.disabled = self.bid_amount <= amounts[0]
        more.disabled = self.bid_amount >= amounts[-1]

    def _key(self, event: Any) -> None:
        """Escape drops a half-made choice: a row opened large for its lots (focus back on that row's button), or an
        amount set on the bid stepper (back to its first amount, focus back on the decision's first button)."""
        if str(event.key) != "Escape" or not self.is_my_turn() or self.scoring is not None:
            return
        view, row = self.view(), self._shown_row
        if row is not None:
            self.zoom_row = None
            self.render()
            self.board.focus_first(f"row-{row}")
        elif view["phase"] == "bid" and self._stepper is not None and self._panel_buttons:
            high, money = view["high_bid"], view["money"][view["current"]]
            if self.bid_amount == stepper_start(high, money):
                return
            self.bid_amount = stepper_start(high, money)
            self._show_stepper(high, money)
            self._panel_buttons[0].focus()
        else:
            return
        announce.say(w("kb.cancelled", self.lang))

    def _step_bid(self, delta: int) -> None:
        view = self.view()
        if view["phase"] != "bid" or view["current"] is None:
            return
        high, money = view["high_bid"], view["money"][view["current"]]
        amounts = stepper_amounts(high, money)
        if not amounts or self.bid_amount is None:
            return
        self.bid_amount = min(max(self.bid_amount + delta, amounts[0]), amounts[-1])
        self._show_stepper(high, money)

    def _bid_stepped(self, _: Any) -> None:
        action = {"type": "bid", "amount": self.bid_amount}
        if self.is_my_turn() and action in self.legal():
            self.act(action)

    def show_hint(self, seat: int, hint: Any) -> None:
        """As the base class; a bid no quick button offers is set on the stepper, whose Bid button the hint marks."""
        super().show_hint(seat, hint)
        action = hint.action
        if action["type"] == "bid" and bid_offered(self.view(), action["amount"]) == "stepper":
            self.bid_amount, self._bid_at = action["amount"], len(self.match.entries)
            view = self.view()
            self._show_stepper(view["high_bid"], view["money"][view["current"]])

    def tapped(self, key: str) -> None:
        """A table button: the legal action it stands for, or the engine's refusal."""
        if not self.is_my_turn() or self.scoring is not None:
            return
        if key.startswith("row-") or key == "zoom-out":  # lots too small for a finger: a row opened large, or closed
            self.zoom_row = int(key[4:]) if key.startswith("row-") else None
            self.render()
            return
        outcome = tap(key, self.scene())
        if outcome.action is not None:
            self.act(outcome.action)

    # ------------------------------------------------------------------ flow
    def advance(self) -> None:
        """As the base class, but a round's scoring walk-through holds the game until it is closed."""
        if not self.mounted:
            return
        self._update_chrome()
        if self.scoring is not None:
            self._show_table()
            self.status.textContent = w("scoring.title", self.lang, n=self.scoring["round"])
            return
        super().advance()

    def _update_chrome(self) -> None:
        super()._update_chrome()
        if not self._loaded:  # rounds already over when the game was opened are not walked through again
            self._loaded = True
            self._scored_rounds |= {e["round"] for e in self.view().get("log", []) if e.get("type") == "round_end"}
            self.scoring = None

    def on_events(self, events: list[dict[str, Any]]) -> None:
        """Animate bids, payments and placements; start the walk-through when a round is scored."""
        now = time.monotonic() * 1000
        if not self._loaded:  # opening a saved game: nothing to animate
            return
        for e in events:
            kind = e.get("type")
            if kind == "bid":
                self.flashes[f"player-{e['player']}"] = now
                self.flashes["auction"] = now
            elif kind in ("sell", "buy"):
                other = e["to"] if kind == "sell" else e["from"]
                gain, pay = (e["player"], other) if kind == "sell" else (other, e["player"])
                self.floats[gain] = (f"+{e['amount']}M", now)
                self.floats[pay] = (f"−{e['amount']}M", now)
            elif kind == "illegal_profit":
                self.floats[e["player"]] = ("−1M", now)
            elif kind == "place":
                self.flashes[f"lot-{e['row']}-{e['lot']}"] = now
            elif kind == "auction":
                self.flashes["auction"] = now
            elif kind == "round_end" and self._loaded and e["round"] not in self._scored_rounds:
                self._scored_rounds.add(e["round"])
                self._start_scoring(e)
        if self.app.reduced_motion:  # shown at once: no flashes nor floating sums (the log says them)
            self.flashes.clear()
            self.floats.clear()
        if self.scoring is not None:
            self._collect_scoring(events)
        self._animate()

    def _animate(self) -> None:
        if self._anim_timer is None and (self.flashes or self.floats):
            self._anim_timer = dom.later(FRAME_MS, self._tick)

    def _tick(self) -> None:
        self._anim_timer = None
        if not self.mounted:
            return
        now = time.monotonic() * 1000
        self.flashes = {k: t0 for k, t0 in self.flashes.items() if now - t0 < ANIM_MS}
        self.floats = {p: v for p, v in self.floats.items() if now - v[1] < ANIM_MS}
        if not self.table.hidden:
            view = self.shown_view()
            frame = draw_table(view, self.scene(), self.wide)
            self.board.draw(frame.draw, frame.targets)
        self._animate()

    def stop_animations(self) -> None:
        self.flashes.clear()
        self.floats.clear()
        if self._anim_timer is not None:
            dom.window.clearTimeout(self._anim_timer)
            self._anim_timer = None
        sc = self.scoring
        if sc is not None:  # a round's walk-through belongs to the step that scored it
            if sc.get("timer") is not None:
                dom.window.clearTimeout(sc["timer"])
            self.scoring = None
            self.scoring_box.hidden = True
            dom.clear(self.scoring_box)

    def unmount(self) -> None:
        super().unmount()
        if self._anim_timer is not None:
            dom.window.clearTimeout(self._anim_timer)
            self._anim_timer = None

    # ------------------------------------------------------------------ round scoring walk-through
    def _start_scoring(self, event: dict[str, Any]) -> None:
        view = self.view()
        self.scoring = {"round": event["round"], "reason": event.get("reason", ""), "houses": [], "cash": [], "scores": None,
                        "shown": 0, "timer": None, "lines": None, "totals": None,
                        # the board it scored on: recorded by the engine (saves of older versions: none, the table
                        # then shows the board only where the game ended on it)
                        "end": event if "table" in event else None,
                        "same_board": view["round"] == event["round"] and view["phase"] == "over"}

    def _collect_scoring(self, events: list[dict[str, Any]]) -> None:
        sc = self.scoring
        assert sc is not None
        if sc["lines"] is not None:  # built already: later events are the next round's
            return
        started = False
        for e in events:
            kind = e.get("type")
            if kind == "round_end" and e["round"] == sc["round"]:
                started = True
            elif not started:
                continue
            elif kind == "house_score":
                sc["houses"].append(e)
            elif kind == "cash_score":
                sc["cash"].append(e)
            elif kind == "round_scores":
                sc["scores"] = e
                break
        self._build_scoring()

    def _build_scoring(self) -> None:
        """The walk-through's panel, built once: its lines are added one by one (:meth:`_scoring_step`), so a button
        the player has focused stays focused."""
        sc = self.scoring
        assert sc is not None
        lang = self.lang
        box = self.scoring_box
        dom.clear(box)
        box.hidden = False
        reason = REASONS.get(lang, REASONS["en"]).get(sc["reason"], sc["reason"])
        sc["lines"] = el("ol", {"id": "nh-scoring-lines"})
        sc["body"] = el("div", {"class": "nh-scoring-body"}, sc["lines"])
        buttons = el("div", {"class": "nh-buttons actions"})
        sc["skip_focused"] = False  # (the worker cannot ask the page which element has the focus)
        sc["skip"] = el("button", {"type": "button", "id": "nh-scoring-skip", "onclick": self._scoring_all,
                                   "onfocus": lambda _: sc.update(skip_focused=True),
                                   "onblur": lambda _: sc.update(skip_focused=False)}, w("scoring.skip", lang))
        sc["close"] = el("button", {"type": "button", "class": "primary", "id": "nh-scoring-close", "onclick": self._scoring_close},
                         w("scoring.final" if self.spec.is_over(self.match.state) else "scoring.next", lang))
        dom.append(buttons, sc["skip"], sc["close"])
        dom.append(box, el("h2", {"id": "nh-scoring-title"}, w("scoring.title", lang, n=sc["round"])),
                   el("p", {}, w("scoring.reason", lang, reason=reason)), sc["body"], buttons)
        self.render()
        self._reveal_scored_board()
        self._scoring_next()

    def _reveal_scored_board(self) -> None:
        """Scroll the table's rows of houses to the window's top on an upright table, where the panel at the window's
        foot would cover the lower rows (the players' rows above them scroll away: the panel's totals say it)."""
        _, vh, _ = self.board.viewport()
        self._place_scoring()
        if self.wide and vh > 520:  # a desktop's or tablet's table fits the window, the panel beside its board
            return
        style = self.board.root.style
        if not self.wide:  # the wide table has its rows at its top already
            above = layout(self.match.num_players, False)["board"][1] * self.board.css_width / self.board.width
            style.setProperty("scroll-margin-top", f"{-above:.0f}px")
        self.board.root.scrollIntoView({"block": "start", "behavior": "instant"})
        style.removeProperty("scroll-margin-top")

    def _place_scoring(self) -> None:
        """A wide table's scoring panel stands over its players' column, never over the rows of houses it scores (a
        laptop's window is too short for it under the table); a narrow table's spans the table."""
        try:  # the board is centred in its column when the window is wider than the table
            left = float(self.board.root.getBoundingClientRect().left) - float(self.table.getBoundingClientRect().left)
        except Exception:  # never measured yet
            left = 0.0
        column = layout(self.match.num_players, True)["players"][0] * self.board.css_width / self.board.width
        self.scoring_box.style.setProperty("margin-left", f"{max(0.0, left + column):.0f}px" if self.wide else "0")

    def _scoring_next(self) -> None:
        """The next house's line in a moment, or the cash boxes and totals once every house is shown."""
        sc = self.scoring
        assert sc is not None
        if sc["shown"] < len(sc["houses"]) and self.app.reduced_motion:  # every house's line at once
            self._show_lines(len(sc["houses"]))
            return
        if sc["shown"] < len(sc["houses"]):
            if sc["timer"] is None:
                sc["timer"] = dom.later(self.app.bot_pause_ms(450), self._scoring_step)
            return
        if sc["totals"] is not None:  # a Skip tapped as the last line came (the page still showed it): shown once
            return
        lang = self.lang
        for e in sc["cash"]:
            if e["points"]:
                sc["body"].appendChild(el("p", {}, w("scoring.cash", lang, name=self.names[e["player"]], points=signed(e["points"]))))
        sc["totals"] = totals = self._totals_table()
        sc["body"].appendChild(totals)
        totals.scrollIntoView({"block": "nearest", "behavior": "instant"})  # the panel's list scrolls to the totals
        if (skip := sc["skip"]).parentNode is not None:
            skip.remove()
            if sc["skip_focused"]:  # the focus moves on to the button that is left
                sc["close"].focus()

    def _house_line(self, e: dict[str, Any]) -> str:
        lang = self.lang
        owner = self.names[e["owner"]] if e["owner"] >= 0 else w("scoring.nobody", lang)
        cubes, roof = self._house_parts(e)
        return w("scoring.house", lang, row=ROW_SHORT[lang][e["row"]], lot=e["lot"] + 1, cubes=cubes,
                 roof=w("scoring.roof", lang, n=roof) if roof else "", value=e["value"], name=owner,
                 points=signed(e["points"]), mayor=w("scoring.mayor", lang) if e.get("mayor") else "")

    def _house_parts(self, e: dict[str, Any]) -> tuple[str, int]:
        """The cubes (colour and pips) and the roof of a scored house, from the state before the round was cleared."""
        for state in reversed(self.match.states):
            view = self.spec.view(state, 0)
            if view["round"] != self.scoring["round"]:  # type: ignore[index]
                continue
            row = view["board"][e["row"]]
            if e["lot"] < len(row):
                house = row[e["lot"]]
                names = COLOUR_NAMES.get(self.lang, COLOUR_NAMES["en"])
                return " + ".join(f"{names[c]} {p}" for c, p in house["cubes"]), int(house["roof"])
            break
        return "", 0

    def _totals_table(self) -> Any:
        lang = self.lang
        view = self.view()
        rounds = view["round_scores"]
        head = el("tr", {}, el("th", {}, ""), *[el("th", {}, w("scoring.round", lang, n=i + 1)) for i in range(len(rounds))],
                  el("th", {}, w("scoring.total", lang)))
        body = el("tbody", {})
        for p in range(view["players"]):
            total = sum(r[p] for r in rounds)
            body.appendChild(el("tr", {"data-seat": p}, el("td", {}, self.names[p]), *[el("td", {}, str(r[p])) for r in rounds],
                                el("td", {"class": "nh-total"}, str(total))))
        return el("table", {"id": "nh-totals", "aria-label": w("scoring.totals", lang)}, el("thead", {}, head), body)

    def _scoring_step(self) -> None:
        sc = self.scoring
        if sc is None or not self.mounted or sc["lines"] is None:
            return
        sc["timer"] = None
        self._show_lines(min(len(sc["houses"]), sc["shown"] + 1))

    def _show_lines(self, count: int) -> None:
        """Add the houses' lines up to ``count`` to the list (the lines already there stay as they are)."""
        sc = self.scoring
        assert sc is not None
        for e in sc["houses"][sc["shown"]:count]:
            sc["lines"].appendChild(el("li", {"data-points": e["points"], "data-owner": e["owner"]}, self._house_line(e)))
        sc["shown"] = count
        self.render()
        self._scoring_next()

    def _scoring_all(self, _: Any = None) -> None:
        sc = self.scoring
        if sc is not None and sc["lines"] is not None:
            if sc["timer"] is not None:
                dom.window.clearTimeout(sc["timer"])
                sc["timer"] = None
            self._show_lines(len(sc["houses"]))

    def _scoring_close(self, _: Any = None) -> None:
        sc = self.scoring
        if sc is not None and sc.get("timer") is not None:
            dom.window.clearTimeout(sc["timer"])
        self.scoring = None
        self.scoring_box.hidden = True
        dom.clear(self.scoring_box)
        self.advance()

    # ------------------------------------------------------------------ end screen
    def end_rows(self, breakdown: bool = True) -> list[tuple[str, int, dict[str, int] | None]]:
        """Totals, with each round's score, the rounds won and money in hand (the tie-break) as the breakdown."""
        rows = super().end_rows(breakdown=False)
        if not breakdown:
            return rows
        view = self.view()
        out: list[tuple[str, int, dict[str, int] | None]] = []
        for p, (name, score, _) in enumerate(rows):
            parts = {w("end.round", self.lang, n=i + 1): r[p] for i, r in enumerate(view["round_scores"])}
            if view["rounds"] > 1:
                parts[w("end.wins", self.lang)] = view["round_wins"][p]
            parts[w("end.hand", self.lang)] = view["money"][p]
            out.append((name, score, parts))
        return out

