"""Nyhavn on upright phones (issue 25, *Fit*), measured in the page at 390×844 and 360×640:

- picking a tile zooms in on the house with no empty band: every cell of the house, the tile in hand and *Place
  tile* are on screen and uncovered (the bar of buttons under the table leaves the house's bottom row in view)
  without the player scrolling, and no text is cut or overlapping, in English, Spanish and French;
- the whole table shows every other player's house drawn small (the colours of the tiles they built appear in their
  summary), each a button that shows that house large, with every player's points, the viewer's own included, on
  screen without scrolling.
"""

from __future__ import annotations

import io
import json
import random

import pytest

import game.nyhavn as nyhavn
from game.core import Match
from game.core.match import Seat
from game.core.locale import text as t
from game.ui.nyhavn.layout import FILL

from .conftest import settle
from .fit import FRAME_PROBE, fit_problems, measure_fit
from .layout import settle as settle_layout
from .words_script import lang_script

PHONES = [(390, 844), (360, 640)]

#: the house's cells, the tile in hand and Place tile: in the viewport and what a tap at their centre reaches
ON_SCREEN = """
() => {
  const vh = innerHeight, vw = innerWidth;
  const out = [];
  const els = [...document.querySelectorAll(".board button[data-key^=cell-], .board button[data-key=held], #ny-place")];
  for (const e of els) {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const inside = r.top >= -0.5 && r.bottom <= vh + 0.5 && r.left >= -0.5 && r.right <= vw + 0.5;
    const hit = inside ? document.elementFromPoint(x, y) : null;
    if (!inside || !hit || !(hit === e || e.contains(hit))) out.push(e.dataset.key || e.id);
  }
  return {missing: out, count: els.length};
}
"""


def empty_bands(page, least: int = 40) -> list[tuple[int, int]]:
    """Horizontal bands of the viewport at least ``least`` CSS px tall where nothing is drawn (one colour)."""
    from PIL import Image

    image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
    width, height = image.size
    scale = height / page.viewport_size["height"]
    pixels = image.load()
    bands, start = [], None
    for y in range(height):
        first = pixels[0, y]
        plain = all(max(abs(a - b) for a, b in zip(pixels[x, y], first)) <= 6 for x in range(0, width, 3))
        if plain and start is None:
            start = y
        if (not plain or y == height - 1) and start is not None:
            if (y - start) / scale >= least:
                bands.append((round(start / scale), round((y - start) / scale)))
            start = None
    return bands


@pytest.mark.parametrize("lang", ["es", "fr"])  # English's words are the shortest: Spanish and French are the test
def test_zoomed_house_and_place_tile_fit_upright_phones(make_context, site_url, shot, lang):
    context = make_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True)
    context.add_init_script(lang_script(lang))
    context.add_init_script(FRAME_PROBE)
    page = context.new_page()
    page.goto(site_url + "?pause=3600000")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    page.locator("label[for=game-nyhavn]").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-1").select_option("bot:weak")
    page.locator("#f-seed").fill("3")  # the player starts with two green cards: a green tile of 2 can be built
    page.locator("#f-seed").dispatch_event("change")
    page.locator("#start-game").tap()
    page.wait_for_function("document.querySelector('section.table[data-mine=true]') !== null", timeout=60_000)
    bad = {}
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        settle_layout(page)
        page.evaluate("window.scrollTo(0, 0)")
        settle_layout(page)
        page.locator(".board button[data-key=stack-green2]").tap()
        settle_layout(page)
        assert page.locator("#ny-zoom").get_attribute("aria-pressed") == "true", (width, height)
        shot(page, f"nyhavn-zoom-fit-{lang}-{width}x{height}", full_page=False)
        where = page.evaluate(ON_SCREEN)
        found = []
        if where["count"] != 47 or where["missing"]:
            found.append(f"off screen or covered: {where['missing'][:8]} of {where['count']}")
        bands = empty_bands(page)
        if bands:
            found.append(f"empty bands (top, height): {bands}")
        found += fit_problems(measure_fit(page))
        if found:
            bad[f"{width}x{height}"] = found
        page.locator("#ny-cancel").tap()
        settle(page)
    assert not bad, bad


def position_with_built_houses() -> Match:
    """A 4-player game (the human against three weak computers) played on at random until every other player has
    built a tile and it is the human's turn to take or build."""
    for seed in range(40):
        match = Match.new("nyhavn", 4, seed, [Seat()] + [Seat("computer", "weak")] * 3)
        rng = random.Random(seed)
        for _ in range(400):
            state = match.state
            if nyhavn.SPEC.is_over(state):
                break
            built = [any(any(cell for cell in row) for row in nyhavn.SPEC.view(state, 0)["houses"][p]["grid"]) for p in range(1, 4)]
            if all(built) and match.current_player() == 0 and state.phase == "turn":
                return match
            legal = nyhavn.SPEC.legal_actions(state)
            builds = [a for a in legal if a["type"] == "build"]
            match.apply(rng.choice(builds) if builds and rng.random() < 0.9 else rng.choice(legal))
    raise AssertionError("no position where every other player built")


SUMMARY_COLOURS = """
(keys) => {
  const out = {};
  for (const k of keys) {
    const b = document.querySelector(`.board button[data-key="${k}"]`);
    const r = b.getBoundingClientRect();
    out[k] = {top: r.top, bottom: r.bottom, left: r.left, right: r.right, label: b.getAttribute("aria-label")};
  }
  return out;
}
"""


def test_portrait_table_shows_every_house_small_and_every_score(make_context, site_url, shot):
    from PIL import Image

    match = position_with_built_houses()
    view = nyhavn.SPEC.view(match.state, 0)
    save = json.dumps(match.to_json())
    context = make_context(viewport={"width": 390, "height": 844}, device_scale_factor=1, is_mobile=True, has_touch=True)
    context.add_init_script(FRAME_PROBE)
    context.add_init_script(f"""if (location.href.startsWith({json.dumps(site_url + "?")}) && !sessionStorage.getItem('seeded')) {{
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('house-games.autosave', {json.dumps(save)});
    }}""")
    page = context.new_page()
    page.goto(site_url + "?pause=3600000")
    page.wait_for_function("document.documentElement.dataset.appState === 'ready'", timeout=90_000)
    page.locator("#resume").tap()
    page.wait_for_function("document.querySelector('section.table[data-mine=true]') !== null", timeout=60_000)
    for width, height in PHONES:
        page.set_viewport_size({"width": width, "height": height})
        settle_layout(page)
        page.evaluate("window.scrollTo(0, 0)")
        settle_layout(page)
        shot(page, f"nyhavn-portrait-{width}x{height}", full_page=False)
        keys = [f"player-{p}" for p in range(1, 4)]
        boxes = page.evaluate(SUMMARY_COLOURS, keys)
        image = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        for p in range(1, 4):
            box = boxes[f"player-{p}"]
            assert box["top"] >= 0 and box["bottom"] <= height and box["left"] >= 0 and box["right"] <= width, (p, box)
            # the colours of the tiles this player built are drawn inside their summary: their house, small
            colours = {cell["colour"] for row in view["houses"][p]["grid"] for cell in row if cell}
            region = image.crop((int(box["left"]), int(box["top"]), int(box["right"]), int(box["bottom"])))
            seen = {c for _, c in region.getcolors(maxcolors=1 << 20)}
            for colour in colours:
                want = tuple(int(FILL[colour][i:i + 2], 16) for i in (1, 3, 5))
                assert any(max(abs(a - b) for a, b in zip(px, want)) <= 12 for px in seen), (p, colour, width)
        # every player's points drawn on screen: the others' in their summaries, the viewer's by their house
        texts = page.evaluate("""() => { const c = document.querySelector('.board canvas').getBoundingClientRect();
            return (window.__fitFrames[document.querySelector('.board canvas').id || 'canvas'] || [])
              .filter(b => c.top + b.y >= 0 && c.top + b.y + b.h <= innerHeight).map(b => b.text); }""")
        for p in range(1, 4):
            points = t("ny.points", "en", n=view["scores"][p])
            box = boxes[f"player-{p}"]
            assert points in box["label"] or any(points in s for s in texts), (p, texts)
        own = t("ny.points", "en", n=view["scores"][0])
        assert any(s.startswith(t("ny.house.yours", "en")) and s.endswith(own) for s in texts), texts
        assert not fit_problems(measure_fit(page)), (width, fit_problems(measure_fit(page)))
    # a tap on a summary shows that house large, with its owner's points; a tap on "you" comes back
    page.locator(".board button[data-key=player-2]").tap()
    settle(page)
    texts = page.evaluate("() => (window.__fitFrames[document.querySelector('.board canvas').id || 'canvas'] || []).map(b => b.text)")
    assert any(t("ny.points", "en", n=view["scores"][2]) in s and "Player 3" in s for s in texts), texts
    built = [(c, r) for r, row in enumerate(view["houses"][2]["grid"]) for c, cell in enumerate(row) if cell]
    c, r = built[0]
    colour = view["houses"][2]["grid"][r][c]["colour"]
    label = page.locator(f".board button[data-key=cell-{c}-{r}]").get_attribute("aria-label")
    assert t(f"ny.colour.{colour}", "en") in label, label
    page.locator(".board button[data-key=player-0]").tap()
    settle(page)
    texts = page.evaluate("() => (window.__fitFrames[document.querySelector('.board canvas').id || 'canvas'] || []).map(b => b.text)")
    assert any(s.startswith(t("ny.house.yours", "en")) for s in texts), texts
