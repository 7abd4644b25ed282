"""Keyboard play's shared steps (issue 40): the desktop context, what a screen reader heard, the focused control's
name, and :class:`Keys`, which walks focus to a wanted target with the fewest presses and counts them."""

from __future__ import annotations



DESKTOP = {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False}

#: records what the page's live regions say (a log's new lines, a region's new text), as a screen reader hears it
HEAR = """
window.__heard = [];
new MutationObserver((mutations) => {
  for (const m of mutations) {
    const node = m.target.nodeType === 1 ? m.target : m.target.parentElement;
    const region = node && node.closest('[aria-live], [role=log], [role=status], [role=alert]');
    if (!region || node.closest('[aria-hidden=true]')) continue;  // (hidden from screen readers: not heard)
    if (region.getAttribute('role') === 'log') {
      for (const added of m.addedNodes) if (added.textContent) window.__heard.push(added.textContent.trim());
    } else if (region.textContent.trim()) {
      window.__heard.push(region.textContent.trim());
    }
  }
}).observe(document, {subtree: true, childList: true, characterData: true});
"""

#: the tabbable controls in focus order (what Tab walks), each by its target key, id or accessible name; where focus is
#: among them; and which are a table's targets (arrow keys move among those of one group)
TABBABLE = """() => {
  const focusable = 'button, [href], input, select, summary, [tabindex]';
  const all = [...document.querySelectorAll(focusable)];
  // Chromium also stops Tab on a scrolled box with nothing focusable inside (the round's scoring lines, once they overflow)
  const scrolls = (e) => {
    const y = e.scrollHeight > e.clientHeight, x = e.scrollWidth > e.clientWidth;
    if (!x && !y) return false;
    const s = getComputedStyle(e);
    return (y && /auto|scroll/.test(s.overflowY)) || (x && /auto|scroll/.test(s.overflowX));
  };
  const scrollers = [...document.querySelectorAll('body *')].filter((e) => !e.matches(focusable) && scrolls(e) && !e.querySelector(focusable));
  const shown = [...all, ...scrollers].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) ? -1 : 1);
  const tabbable = shown.filter((e) => !e.disabled && (e.tabIndex >= 0 || scrollers.includes(e)) && e.getClientRects().length && !e.closest('[hidden], [inert]'));
  const active = document.activeElement;
  // where focus is among them: its index, or (focus on something Tab skips, as a heading) how many come before it
  const before = tabbable.filter((e) => e !== active && (e.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING)).length;
  const name = (e) => e.dataset.key || e.dataset.act || e.id || e.getAttribute('aria-label') || e.textContent.trim();
  return [tabbable.map(name), before, tabbable.filter((e) => e.matches('.targets > button[data-key]')).map(name)];
}"""
FOCUSED = "() => { const e = document.activeElement; return e && e !== document.body ? (e.dataset.key || e.dataset.act || e.id || e.getAttribute('aria-label') || e.tagName) : null; }"


def group(key: str) -> str:
    """The group arrow keys move in (as ``site/bridge.js``): a target key's first word."""
    return key.split("-")[0]


class Keys:
    """Key presses of the game, counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def press(self, key: str) -> None:
        self.page.keyboard.press(key)
        self.count += 1

    def walk_to(self, want: str, extra: list[list[str]] | None = None, replan: bool = True) -> None:
        """Move focus to the target ``want`` with the fewest Tab / Shift+Tab / arrow presses the page offers
        (``extra``: other plans the caller knows of, e.g. arrows across a grid)."""
        page = self.page
        here = page.evaluate(FOCUSED)
        if here == want:
            return
        order, before, targets = page.evaluate(TABBABLE)
        assert want in order, f"{want} is not reachable by Tab: {order}"
        peers = [k for k in targets if group(k) == group(want)]
        j = order.index(want)
        if here in order:
            i = order.index(here)
            plans = [["Tab"] * (j - i) if j >= i else ["Shift+Tab"] * (i - j)]
        else:  # focus on something Tab skips: the next Tab goes to the first control after it
            plans = [["Tab"] * (j - before + 1) if j >= before else ["Shift+Tab"] * (before - j)]
        if here in peers:  # arrows within the group, either way round
            a, b = peers.index(here), peers.index(want)
            fwd = (b - a) % len(peers)
            plans += [["ArrowRight"] * fwd, ["ArrowLeft"] * (len(peers) - fwd)]
        plans += extra or []
        for key in min(plans, key=len):
            self.press(key)
        if page.evaluate(FOCUSED) != want and replan:  # the page changed under the keys (a line added): look again
            self.walk_to(want, replan=False)
        assert page.evaluate(FOCUSED) == want, f"focus on {page.evaluate(FOCUSED)}, wanted {want}"
