"""A page's language chosen before the app starts, and the start screen's in-view check (the words-fit tests and the newcomer's game)."""

from __future__ import annotations

import json

from .conftest import SETTINGS_KEY_JS

START_IN_VIEW = """
() => {
  const b = document.getElementById("start-game").getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {bottom: b.bottom, top: b.top, vh: innerHeight, scrolled: scrollY,
          reached: !!hit && (hit.id === "start-game" || !!hit.closest("#start-game"))};
}
"""


def lang_script(lang: str) -> str:
    """Choose ``lang`` before the page's first script runs (as a returning player's saved choice, kept once set)."""
    return f"""try {{ const key = {SETTINGS_KEY_JS}, s = JSON.parse(localStorage.getItem(key) || "{{}}");
      if (!s.lang) {{ s.lang = {json.dumps(lang)}; localStorage.setItem(key, JSON.stringify(s)); }} }}
      catch {{ /* a frame without storage */ }}"""
