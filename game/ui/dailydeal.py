"""The daily deal screen and its result card.

Today's deals (UTC) come from :mod:`game.core.daily`: the challenges the
games declare (``GameSpec.daily``). The first game of a deal finished on this
device counts (``RecordBook.daily_counts``); after that the deal can still be
played as practice and its replay watched, and the card shows the counted
result: day, level, score, the automa's or the computer's score and a share link.

A match is known to be a daily deal by its settings: the deal of its game,
seed, options and seats on its day (today or yesterday, for a game finished
after midnight UTC), so resuming a saved daily game keeps it one
(:func:`daily_key_of`).
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from ..core import Match, daily
from . import dom
from .catalog import probe
from .dom import el
from ..core.locale import text
from .record_words import challenge_words, day_words, level_words, result_words


def daily_deal_of(match: Match, now: datetime | None = None) -> daily.DailyDeal | None:
    """The daily deal ``match`` was dealt from (today's or yesterday's, UTC), else ``None``."""
    now = now or datetime.now(timezone.utc)
    for day in (now, now - timedelta(days=1)):
        for deal in daily.game_deals(match.game_id, day.strftime("%Y-%m-%d")):
            seats = deal.seats()
            if (deal.game_id == match.game_id and deal.num_players == match.num_players and deal.seed == match.seed
                    and dict(deal.options) == dict(match.options)
                    and [(s.kind, s.bot) for s in seats] == [(s.kind, s.bot) for s in match.seats]):
                return deal
    return None


def daily_key_of(match: Match) -> str:
    """The record's ``daily`` field for ``match``: its deal's key, ``""`` for an ordinary game."""
    deal = daily_deal_of(match)
    return deal.key if deal else ""


def result_card(app: Any, row: dict[str, Any], link: str | None) -> Any:
    """The result card of a counted daily game: day, level, score, the automa's (or the computer's) score, link."""
    lang = app.lang
    day, _, challenge = str(row.get("daily", "")).partition("/")
    scores = row.get("scores") or []
    found = daily.challenges().get(challenge)
    spec = probe(found[0]).spec if found and found[1].computer is None else None
    automa = spec.automa if spec else None
    other_key = f"daily.card.{automa.name}" if automa else "daily.card.other"  # the automa's score, or the computer's
    rows = [("level", level_words(str(row.get("level", "")), lang) or "—"),
            ("score", "—" if row.get("score") is None else str(row["score"])),
            ("other", str(scores[1]) if len(scores) > 1 else "—"),
            ("result", result_words(row.get("result"), lang) or "—")]
    body = el("tbody", {}, [el("tr", {"data-field": key},
                               el("th", {"scope": "row"}, text(other_key if key == "other" else f"daily.card.{key}", lang)),
                               el("td", {"class": "num"}, value)) for key, value in rows])
    card = el("section", {"class": "card daily-card", "data-daily": row.get("daily", ""), "data-score": row.get("score")},
              el("h2", {}, text("daily.card", lang, day=day_words(day, lang))),
              el("p", {"class": "muted"}, challenge_words(challenge, lang) if found else challenge),
              el("table", {"class": "scores"}, body))
    if link:
        card.appendChild(el("label", {"class": "field"}, el("span", {}, text("daily.card.link", lang)),
                            el("input", {"type": "text", "readonly": True, "class": "share-link", "value": link})))
        card.appendChild(el("div", {"class": "actions"},
                            el("button", {"type": "button", "class": "daily-share primary",
                                          "onclick": lambda e: app.share_link(link)}, text("daily.share", lang))))
    return card


class DailyScreen:
    """Today's deals with their status. ``app`` gives ``lang``, ``book``, ``start_daily``, ``open_kept``, ``link_of``, ``show_start``."""

    def __init__(self, app: Any, day: str | None = None) -> None:
        self.app = app
        self.lang = app.lang
        self.day = day or daily.utc_today()

    def mount(self, root: Any) -> None:
        lang, book = self.lang, self.app.book
        cards = []
        for deal in daily.deals(self.day):
            row = book.daily_result(deal.key)
            box = el("section", {"class": "card daily-deal", "data-challenge": deal.challenge, "data-key": deal.key,
                                 "data-seed": deal.seed, "data-played": "true" if row else "false"},
                     el("h2", {}, challenge_words(deal.challenge, lang)))
            if row is None:
                box.appendChild(el("p", {"class": "muted"}, text("daily.open", lang)))
            else:
                box.appendChild(result_card(self.app, row, self.app.link_of(row["id"])))
            buttons = [el("button", {"type": "button", "class": "daily-play" + ("" if row else " primary"),
                                     "onclick": lambda e, c=deal.challenge: self.app.start_daily(c, self.day)},
                          text("daily.practise" if row else "daily.play", lang))]
            if row is not None and book.kept(row["id"]):
                buttons.append(el("button", {"type": "button", "class": "daily-replay",
                                             "onclick": lambda e, rid=row["id"]: self.app.open_kept(rid)},
                                  text("daily.replay", lang)))
            box.appendChild(el("div", {"class": "actions"}, buttons))
            cards.append(box)
        dom.append(root, el("section", {"class": "stack screen", "id": "daily", "aria-labelledby": "daily-title",
                                        "data-day": self.day},
                            el("header", {"class": "topbar"},
                               el("h1", {"id": "daily-title"}, text("daily.title", lang)),
                               el("button", {"type": "button", "id": "daily-back",
                                             "onclick": lambda e: self.app.show_start()}, text("daily.back", lang))),
                            el("p", {}, text("daily.day", lang, day=day_words(self.day, lang))),
                            el("p", {"class": "muted"}, text("daily.rule", lang)),
                            cards))

    def unmount(self) -> None:
        pass
