"""The statistics screen: per game, mode and level, Klaus's record, export and import.

Everything comes from :class:`game.ui.record_book.RecordBook` (``app.book``).
The last 30 scores of each group are a small chart drawn on a canvas
(:class:`game.ui.canvas.Board`). *Export* hands the whole book as a JSON file to the
phone's share sheet where the browser can share files, else downloads it; *Import* merges such a file (or one game's record file) without
duplicates, and a file that cannot be read changes nothing and says why.
Importing only adds: when the new results would take the book past its limit,
the screen asks first (nothing is changed until the player agrees). The
storage the app uses on this device is shown at the bottom.
"""

from __future__ import annotations

from typing import Any

from ..core.record import RecordError, utc_now_iso
from . import dom
from .canvas import Board, DrawList
from .dom import el
from ..core.locale import text
from .catalog import catalog, game_title
from .record_book import MAX_RESULTS, ImportReport, AutomaRecord, Stats
from .record_words import challenge_words, day_words, level_words, mode_words

CHART_W, CHART_H = 320, 110


def chart(scores: list[int]) -> DrawList:
    """A bar chart of ``scores`` (oldest left), scaled to the best, on a ``CHART_W``×``CHART_H`` board."""
    d = DrawList().clear("#fffdf7")
    d.line(24, CHART_H - 16, CHART_W - 4, CHART_H - 16, "#8a8f94", 1)
    if not scores:
        return d
    top = max(max(scores), 1)
    low = min(min(scores), 0)
    span = top - low or 1
    slot = (CHART_W - 30) / max(len(scores), 1)
    base = CHART_H - 16 - (0 - low) / span * (CHART_H - 30)
    for i, score in enumerate(scores):
        y = CHART_H - 16 - (score - low) / span * (CHART_H - 30)
        d.rect(26 + i * slot, min(y, base), max(slot - 2, 2), max(abs(base - y), 1),
               fill="#b8860b" if score == top else "#2f6f8f")  # the best score stands out
    d.text(2, 14, str(top), font="12px sans-serif", colour="#1d2326")
    d.text(2, CHART_H - 18, str(low), font="12px sans-serif", colour="#1d2326")
    return d


class StatsScreen:
    """Statistics, Klaus's record, export and import. ``app`` gives ``lang``, ``book``, ``share_file``, ``toast``, ``show_start``."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.lang = app.lang
        self.boards: list[Board] = []
        #: the words of the import just made, until its write is answered (then said again with whether it was kept)
        self.import_words: str | None = None
        self.import_unsaved = False

    def mount(self, root: Any) -> None:
        lang = self.lang
        self.body = el("div", {"class": "stack", "id": "stats-body"})
        self.notice = el("p", {"class": "notice", "role": "alert", "id": "stats-notice", "hidden": True})
        self.consent = el("div", {"class": "card stack", "id": "stats-consent", "hidden": True})
        self.usage = el("p", {"class": "muted", "id": "stats-storage"})
        self.progress = el("progress", {"id": "stats-import-progress", "max": 100, "value": 0, "hidden": True,
                                        "aria-label": text("stats.import_reading", lang)})
        self.file = el("input", {"type": "file", "id": "stats-file", "accept": "application/json,.json",
                                 "class": "file", "onchange": self._import})
        self.section = el("section", {"class": "stack screen", "id": "stats", "aria-labelledby": "stats-title"},
                          el("header", {"class": "topbar"},
                             el("h1", {"id": "stats-title"}, text("stats.title", lang)),
                             el("button", {"type": "button", "id": "stats-back", "onclick": lambda e: self.app.show_start()},
                                text("stats.back", lang))),
                          self.notice, self.progress, self.consent, self.body,
                          el("div", {"class": "actions"},
                             el("button", {"type": "button", "id": "stats-export", "onclick": self._export},
                                text("stats.export", lang)),
                             el("label", {"class": "button", "for": "stats-file", "id": "stats-import"},
                                text("stats.import", lang), self.file)),
                          self.usage)
        root.appendChild(self.section)
        usage = getattr(self.app, "storage_usage", None)
        if usage is not None:
            usage(self._show_usage)
        notice = self.app.book.notice
        if notice is not None:
            self._say(notice.text(lang), error=True)
        self.render()

    def unmount(self) -> None:
        for board in self.boards:
            board.destroy()
        self.boards = []

    def _say(self, text: str, error: bool = False) -> None:
        self.notice.textContent = text
        self.notice.className = "notice error" if error else "notice"
        self.notice.hidden = False

    def render(self) -> None:
        self.unmount()
        dom.clear(self.body)
        lang, book = self.lang, self.app.book
        groups = book.all_stats()
        if not groups:
            self.body.appendChild(el("p", {"class": "muted", "id": "stats-none"}, text("stats.none", lang)))
        for stats in groups:
            self.body.appendChild(self._group(stats))
        for info in catalog():  # each game's automa (Barrio's Klaus) has its own record
            automa = info.spec.automa if info.spec else None
            records = [k for k in book.automa_records(info.game_id, automa.levels) if k.games] if automa else []
            if automa and records:
                self.body.appendChild(self._automa_table(automa.name, records))

    def _group(self, s: Stats) -> Any:
        lang = self.lang
        title = " · ".join(x for x in (game_title(s.game), mode_words(s.mode, lang), level_words(s.level, lang)) if x)
        rate = "—" if s.win_rate is None else f"{round(100 * s.win_rate)} %"
        rows = [("games", s.games), ("wins", s.wins), ("rate", rate), ("best", "—" if s.best is None else s.best),
                ("average", "—" if s.average is None else f"{s.average:g}"), ("streak", s.current_streak),
                ("best_streak", s.best_streak)] + ([("takebacks", s.with_takebacks)] if s.with_takebacks else [])
        table = el("table", {"class": "scores stats-table"},
                   el("tbody", {}, [el("tr", {"data-stat": key}, el("th", {"scope": "row"}, text(f"stats.{key}", lang)),
                                       el("td", {"class": "num"}, str(value))) for key, value in rows]))
        box = el("section", {"class": "card stats-group", "data-group": f"{s.game}/{s.mode}/{s.level}"},
                 el("h2", {}, title), table)
        label = text("stats.chart", lang, n=len(s.last_scores), scores=", ".join(map(str, s.last_scores)))
        holder = el("div", {"class": "stats-chart"})
        box.appendChild(holder)
        board = Board(holder, CHART_W, CHART_H, on_tap=lambda key: None, label=label)
        board.draw(chart(s.last_scores), [])
        self.boards.append(board)
        return box

    def _automa_table(self, name: str, records: list[AutomaRecord]) -> Any:
        """The automa ``name``'s record per level (its words: the locale's ``stats.<name>…``)."""
        lang = self.lang
        columns = [text(f"stats.{name}.{k}", lang) for k in ("level", "games", "wins", "yours", "best")]
        head = el("tr", {}, [el("th", {"scope": "col"}, words) for words in columns])
        # each cell carries its column's name: on a phone the table shows one level per block, each number named
        # beside it (site/app.css .automa-record), so no word is broken to squeeze five columns in
        body = el("tbody", {}, [el("tr", {"data-level": k.level},
                                   el("th", {"scope": "row"}, level_words(k.level, lang)),
                                   [el("td", {"class": "num", "data-label": label}, value) for label, value in zip(
                                       columns[1:], (str(k.games), str(k.automa_wins), str(k.player_wins),
                                                     "—" if k.best is None else str(k.best)))])
                                for k in records])
        return el("section", {"class": "card", "id": f"stats-{name}"}, el("h2", {}, text(f"stats.{name}", lang)),
                  el("table", {"class": "scores automa-record"}, el("thead", {}, head), body))

    # ------------------------------------------------------------------ files
    def _export(self, _: Any) -> None:
        name = f"house-games-{utc_now_iso()[:10]}.json"
        if not self.app.share_file(name, self.app.book.export_json()):  # downloaded at once (else the page answers)
            self._say(text("stats.exported", self.lang, name=name))

    def _show_usage(self, data: dict[str, Any]) -> None:
        """The page's answer: bytes used and allowed, and whether the browser keeps them from eviction."""
        used, quota = data.get("usage"), data.get("quota")
        if not isinstance(used, (int, float)) or not isinstance(quota, (int, float)) or quota <= 0:
            self.usage.textContent = text("stats.storage_unknown", self.lang)
            return
        key = "stats.storage_persisted" if data.get("persisted") else "stats.storage"
        self.usage.textContent = text(key, self.lang, used=byte_size(used), quota=byte_size(quota))
        self.usage.dataset.usage = str(int(used))

    def _import(self, event: Any) -> None:
        files = getattr(event, "files", [])
        if not files:
            return
        name, content = files[0]
        self.file.value = ""
        if content is None:
            self._say(text("stats.import_unreadable", self.lang), error=True)
            return
        self._run_import(content, fit=False)

    def _run_import(self, text: str, fit: bool) -> None:
        """Import a slice at a time, each its own turn, so the progress bar moves and taps are answered between."""
        self.consent.hidden = True
        dom.clear(self.consent)
        self.notice.hidden = True
        self.progress.hidden = False
        self.progress.value = 0
        steps = self.app.book.import_steps(text, fit=fit)

        def step() -> None:
            try:
                done = next(steps)
            except RecordError as exc:
                self.progress.hidden = True
                self._say(exc.text(self.lang), error=True)
                return
            if not isinstance(done, ImportReport):
                self.progress.value = round(100 * done)
                dom.later(0, step)
                return
            self.progress.hidden = True
            if done.needs_consent:
                self._ask(text, done)
                return
            self.render()
            self.import_words, self.import_unsaved = imported_text(done, self.lang), False
            self._say(self.import_words)

        step()

    def storage_changed(self, failing: str | None, what: list[str]) -> None:
        """The app's writes failed (``failing``, ``what`` names what waits) or are all stored again (None): the words
        of an import just made say whether it was kept (App.storage_status calls this)."""
        if self.import_words is None:
            return
        if failing is not None and "import" in what:
            why = text("stats.imported.why.full" if failing in ("full", "openfull") else "stats.imported.why.other", self.lang)
            self.import_unsaved = True
            self._say(self.import_words + " " + text("stats.imported.not_saved", self.lang, why=why), error=True)
        elif failing is None and self.import_unsaved:
            self.import_unsaved = False
            self._say(self.import_words + " " + text("stats.imported.saved_now", self.lang))

    def _ask(self, imported: str, report: ImportReport) -> None:
        """New results past the book's limit: nothing is changed until the player agrees to add those that fit."""
        lang = self.lang
        self.notice.hidden = True
        def cancel(_: Any) -> None:
            self.consent.hidden = True
            dom.clear(self.consent)
            self._say(text("stats.import_cancelled", lang))
        dom.append(self.consent,
                   el("p", {"role": "alert", "id": "stats-consent-text"},
                      text("stats.import_consent", lang, new=report.fits + report.left_out, limit=MAX_RESULTS, fits=report.fits)),
                   el("div", {"class": "actions"},
                      el("button", {"type": "button", "class": "primary", "id": "stats-import-fit",
                                    "onclick": lambda e: self._run_import(imported, fit=True)}, text("stats.import_fit", lang, fits=report.fits)),
                      el("button", {"type": "button", "id": "stats-import-cancel", "onclick": cancel}, text("stats.import_cancel", lang))))
        self.consent.hidden = False


def imported_text(report: ImportReport, lang: str) -> str:
    """What an import did, in words, each part only when it happened: added, already here, dated in the future,
    left out, and entries that repeated a game earlier in the file."""
    results = text("count.results", lang, count=report.results_added)
    games = text("count.games", lang, count=report.games_added)
    if report.games_added and report.results_added:
        said = [text("stats.imported.added", lang, results=results, games=games)]
    elif report.results_added or report.games_added:
        said = [text("stats.imported.added_results", lang, results=results) if report.results_added
                else text("stats.imported.added_games", lang, games=games)]
    else:
        said = [text("stats.imported.nothing", lang)]
    for key, count in (("skipped", report.skipped), ("future", report.future), ("left_out", report.left_out)):
        if count:
            said.append(text(f"stats.imported.{key}", lang, count=count))
    if report.repeated:  # a file naming one game twice: which entry was read is said, not silently chosen
        said.append(text("stats.imported.repeated", lang, count=report.repeated))
    for key, deals in (("daily", report.daily_keys), ("daily_kept", report.daily_kept), ("daily_missing", report.daily_missing)):
        if deals:
            said.append(text(f"stats.imported.{key}", lang, deals=deal_list(deals, lang)))
    return " ".join(said)


#: Daily deals named one by one in an import's words; past these, "and N more"
NAMED_DEALS = 5


def deal_list(keys: list[str], lang: str) -> str:
    """Daily deals (``"YYYY-MM-DD/challenge"``) in words: "Barrio, level A of Nov 27, 2026, …", the newest first."""
    ordered = sorted(keys, reverse=True)
    named = []
    for key in ordered[:NAMED_DEALS]:
        day, _, challenge = key.partition("/")
        named.append(text("stats.imported.deal", lang, challenge=challenge_words(challenge, lang), day=day_words(day, lang)))
    if len(ordered) > NAMED_DEALS:
        named.append(text("stats.imported.more", lang, count=len(ordered) - NAMED_DEALS))
    return "; ".join(named)


def byte_size(n: float) -> str:
    """A byte count as a person reads it (kB, MB, GB: powers of 1000, as phones show storage)."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if n >= size:
            return f"{n / size:.1f} {unit}"
    return f"{int(n)} B"


__all__ = ["StatsScreen", "byte_size", "chart", "imported_text"]
