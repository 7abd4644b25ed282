"""Sharing a finished game by link: the panel that shows the link, and the page's answer (Web Share, the clipboard,
or a copy by hand); a file (the statistics export) through the share sheet where the page can share files. A mixin of :class:`game.ui.app.App`, kept apart so the app's module stays about screens."""

from __future__ import annotations

import json
from typing import Any

from ..core import share
from ..core.locale import text
from ..core.record import GameRecord, RecordError
from . import dom
from .dom import el


class ShareLinks:
    """The share-link part of the app: needs ``lang``, ``base_url``, ``root``, ``toast`` and ``download``."""

    # provided by the app (declared here for the type checker only)
    base_url: str
    share_files: bool = False  #: the page can hand a file to the device's share sheet (the boot message says)
    root: Any
    lang: Any
    toast: Any
    download: Any

    def share_record(self, record: GameRecord) -> None:
        """Share a finished game: its link (Web Share or clipboard), or its record file when too long for a link."""
        try:
            link = share.shareable_link(record, self.base_url)
        except RecordError:
            name = f"house-games-{record.game_id}-{record.id}.json"
            self.download(name, json.dumps(record.to_json(), ensure_ascii=False, indent=1) + "\n")
            self.toast(text("sharing.file", self.lang, name=name))
            return
        self.share_link(link)

    def share_code(self, code: str, title: str = "") -> None:
        """Share a kept game by its link code."""
        self.share_link(f"{self.base_url}#{share.FRAGMENT_KEY}={code}", title)

    def share_link(self, link: str, title: str = "") -> None:
        """Show the link in a panel (to copy by hand) and hand it to the page: Web Share, else the clipboard.
        The page answers with a ``shared`` message (:meth:`shared`)."""
        shown = dom.by_id("share-panel")
        if shown is not None:
            shown.remove()
        lang = self.lang
        box = el("input", {"type": "text", "readonly": True, "id": "share-link", "value": link, "aria-label": text("sharing.link", lang)})
        panel: dom.Node = el("div", {"class": "share-panel", "id": "share-panel", "role": "region", "aria-label": text("sharing.link", lang),
                           "data-link": link},
                   el("label", {"class": "field", "for": "share-link"}, el("span", {}, text("sharing.link", lang)), box),
                   el("button", {"type": "button", "id": "share-close", "onclick": lambda e: panel.remove()}, text("sharing.close", lang)))
        self.root.appendChild(panel)
        dom.window.houseGames.share(link, title or text("app.title", lang))

    def share_file(self, name: str, content: str, mime: str = "application/json") -> bool:
        """Hand a file to the device's share sheet where the page can (phones), else download it now. True when
        the page will answer (a ``shared`` message with ``what: "file"``), False when it was downloaded."""
        if not self.share_files:
            self.download(name, content, mime)
            return False
        dom.window.houseGames.shareFile(name, content, mime, text("app.title", self.lang))
        return True

    def shared(self, data: dict[str, Any]) -> None:
        """The page's answer to :meth:`share_link` and :meth:`share_file`: say how it went (shared through the
        share sheet, copied, downloaded, or copy it by hand)."""
        how = str(data.get("how"))
        if how == "cancelled":
            return
        if data.get("what") == "file":
            key = "stats.export_shared" if how == "shared" else "stats.exported"
            self.toast(text(key, self.lang, name=str(data.get("name", ""))))
            return
        panel = dom.by_id("share-panel")
        if panel is not None:
            panel.dataset.how = how
        self.toast(text(f"sharing.{how}" if how in ("copied", "shared") else "sharing.failed", self.lang))
        if how not in ("copied", "shared"):
            box = dom.by_id("share-link")
            if box is not None:
                box.focus()
                box.call("select")
