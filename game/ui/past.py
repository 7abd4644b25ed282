"""The "Past games" list: the kept games, newest first, each to replay, share, pin or remove.

The games and their results come from :class:`game.ui.record_book.RecordBook`
(``app.book``): the last 50 finished games plus the pinned ones. Listing
reads each game's summary without replaying it; *Replay* replays and checks it.
"""

from __future__ import annotations

from typing import Any

from .dom import el
from ..core.locale import text
from ..core.seat_names import you_name
from .catalog import game_info, game_title
from .record_words import day_words, level_words, mode_words, result_words, when_words


class PastGames:
    """The list of kept games. ``app`` gives ``lang``, ``book``, ``open_kept``, ``share_code``, ``pin``, ``show_start``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.lang = app.lang

    def mount(self, root: Any) -> None:
        lang = self.lang
        self.list = el("ol", {"class": "past-list", "id": "past-list"})
        notice = self.app.book.notice
        dom_notice = el("p", {"class": "notice error", "role": "alert", "id": "records-notice"}, notice.text(lang)) if notice else None
        self.section = el("section", {"class": "stack screen", "id": "past-games", "aria-labelledby": "past-title"},
                          el("header", {"class": "topbar"},
                             el("h1", {"id": "past-title"}, text("past.title", lang)),
                             el("button", {"type": "button", "id": "past-back", "onclick": lambda e: self.app.show_start()},
                                text("past.back", lang))),
                          dom_notice,
                          el("p", {"class": "muted"}, text("past.keep", lang)),
                          self.list)
        root.appendChild(self.section)
        self.render()

    def unmount(self) -> None:
        pass

    def render(self) -> None:
        lang = self.lang
        from . import dom

        dom.clear(self.list)
        games = self.app.book.past_games()
        if not games:
            self.list.appendChild(el("li", {"class": "muted", "id": "past-none"}, text("past.none", lang)))
            return
        for row in games:
            rid = row["id"]
            title = game_title(row.get("game", ""))
            bits = [when_words(row.get("finished", ""), lang)]
            if row.get("mode"):
                bits.append(mode_words(row["mode"], lang))
            if row.get("level") and row.get("level") != "-":
                bits.append(level_words(row["level"], lang))
            if row.get("result"):
                bits.append(result_words(row["result"], lang))
            if any(row.get("takebacks") or []):
                bits.append(text("game.with_takebacks", lang))
            scores = " · ".join(text("game.label_value", lang, label=name, value=score)
                                for name, score in zip(side_names(row, lang), row.get("scores") or []))
            pinned = bool(row.get("pinned"))
            self.list.appendChild(el(
                "li", {"class": "past-game card", "data-id": rid, "data-pinned": "true" if pinned else "false"},
                el("h2", {}, title, el("span", {"class": "tag"}, text("past.pinned_tag", lang)) if pinned else None,
                   el("span", {"class": "tag"}, daily_words(row["daily"], lang)) if row.get("daily") else None),
                el("p", {"class": "muted"}, " · ".join(b for b in bits if b)),
                el("p", {}, text("past.scores", lang, scores=scores)),
                el("div", {"class": "actions"},
                   el("button", {"type": "button", "class": "primary", "data-action": "replay",
                                 "onclick": lambda e, rid=rid: self.app.open_kept(rid)}, text("past.replay", lang)),
                   el("button", {"type": "button", "data-action": "share",
                                 "onclick": lambda e, rid=rid, title=title: self.app.share_code(self.app.book.code(rid), title)},
                      text("past.share", lang)),
                   el("button", {"type": "button", "data-action": "pin", "aria-pressed": "true" if pinned else "false",
                                 "onclick": lambda e, rid=rid, pinned=pinned: self._pin(rid, not pinned)},
                      text("past.unpin" if pinned else "past.pin", lang)),
                   el("button", {"type": "button", "data-action": "forget",
                                 "onclick": lambda e, rid=rid: self._forget(rid)}, text("past.forget", lang)))))

    def _pin(self, rid: str, pinned: bool) -> None:
        if self.app.pin(rid, pinned):
            self.render()

    def _forget(self, rid: str) -> None:
        self.app.book.forget(rid)
        self.app.toast(text("past.forgotten", self.lang))
        self.render()


def daily_words(key: str, lang: str) -> str:
    """A daily deal's record key ("2026-11-27/barrio-B") as its card names it: "Daily deal Nov 27, 2026"."""
    day = key.partition("/")[0]
    return text("daily.card", lang, day=day_words(day, lang))


def side_names(row: dict[str, Any], lang: str) -> list[str]:
    """Who each score of a past game's row is: "You" for the seat played here, the automa after a solo game's player
    (Klaus), the others "Player N" (a row keeps no given names)."""
    scores = row.get("scores") or []
    info = game_info(str(row.get("game", "")))
    automa = info.spec.automa if info is not None and info.spec is not None else None
    names = []
    for i in range(len(scores)):
        if i == row.get("me"):
            names.append(str(you_name(lang)))
        elif automa is not None and row.get("players") == 1 and i == 1:
            names.append(text(f"player.{automa.name}", lang))
        else:
            names.append(text("player.n", lang, n=i + 1))
    return names
