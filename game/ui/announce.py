"""The one polite live region (issue 40): what a screen reader should hear beyond the log and a table's prompt.

A choice cancelled, the end of a game (winner and scores): :func:`say` puts the words in ``#announce``, a visually
hidden ``aria-live="polite"`` paragraph kept in the page's body across screens (so a new screen does not cut it off).
"""

from __future__ import annotations

from typing import Any

from . import dom

#: visually hidden, read by screen readers
HIDDEN = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap"


def say(words: str) -> None:
    """Have a screen reader say ``words`` politely; the same words again are said again."""
    # looked up in the page each time (made on first use): a region kept here would outlive the page it was made in
    region: Any = dom.by_id("announce")
    if region is None:
        region = dom.el("p", {"id": "announce", "aria-live": "polite", "style": HIDDEN})
        dom.document.body.appendChild(region)
    # the same words again end in a no-break space every other time: the text changes, so a reader says them again
    again = region.textContent == words
    region.textContent = words + "\u00a0" if again else words
