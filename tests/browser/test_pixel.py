"""Pixel checks of the canvas: each game's table, drawn from a fixed seed at a phone size
(390×844) and a desktop size (1280×800), is compared with a committed reference image
in ``tests/browser/pixels/``; and every tappable target has something drawn under it.

The tests would catch a renderer that draws nothing, draws in the wrong place or
draws a different table, which tests that only tap the (transparent) buttons cannot.

- Comparison: ``pixelmatch`` (the Python port of mapbox's pixelmatch, pinned in
  ``requirements-dev.txt``) with its per-pixel colour threshold and its
  anti-aliasing detection, so font smoothing does not count; the test fails when
  more than ``MAX_DIFF_RATIO`` of the canvas's pixels differ. On failure the
  actual image and a diff image (differences in red) go to ``test-artifacts/pixels/``.
- Determinism: fixed seeds, only the deterministic *weak* computer seats,
  ``?pause=0`` (no animation), device pixel ratio 1, and the frame is captured
  only once two captures in a row are identical.
- Regenerate the references after a deliberate change of the table's look:
  ``python3 build.py test -k pixel --update-pixels`` (or ``UPDATE_PIXELS=1``);
  then look at the new images before committing them.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from .conftest import ARTIFACTS
from .pixel_steps import SIZES, TABLES, stable_capture, start

PIXELS = Path(__file__).resolve().parent / "pixels"
QUERY = "?pause=0"
#: share of the canvas's pixels that may differ (beyond anti-aliasing) before the check fails
MAX_DIFF_RATIO = float(os.environ.get("PIXEL_TOLERANCE", "0.005"))
#: pixelmatch's per-pixel colour distance threshold (0..1; 0.1 is its default)
THRESHOLD = 0.1
#: how far (0..255 per channel) a pixel must be from the table's background to count as drawn
INK = 24


def updating(config: pytest.Config) -> bool:
    return bool(config.getoption("--update-pixels", default=False)) or os.environ.get("UPDATE_PIXELS", "") not in ("", "0")


def background(img) -> tuple[int, int, int]:
    """The table's background: the most common colour of the canvas."""
    colours = img.getcolors(maxcolors=img.width * img.height)
    return max(colours)[1][:3]


def blank_targets(page, img) -> list[str]:
    """Labels of enabled, visible targets with nothing but background under them."""
    from PIL import Image, ImageChops

    box = page.locator(".board canvas").first.bounding_box()
    rgb = img.convert("RGB")
    bg = Image.new("RGB", rgb.size, background(rgb))
    ink = ImageChops.difference(rgb, bg).convert("L").point(lambda v: 255 if v > INK else 0)
    blank = []
    targets = page.locator(".board canvas").first.locator("xpath=..").locator("button.target").all()
    for target in targets:
        tb = target.bounding_box()
        if tb is None or tb["width"] < 1 or tb["height"] < 1:
            continue
        x0, y0 = max(0, round(tb["x"] - box["x"])), max(0, round(tb["y"] - box["y"]))
        x1, y1 = min(rgb.width, round(tb["x"] - box["x"] + tb["width"])), min(rgb.height, round(tb["y"] - box["y"] + tb["height"]))
        if x1 <= x0 or y1 <= y0 or ink.crop((x0, y0, x1, y1)).getbbox() is None:
            blank.append(f"{target.get_attribute('data-key')} ({target.get_attribute('aria-label')})")
    return blank


def compare(name: str, png: bytes, update: bool) -> str | None:
    """Compare ``png`` with the reference ``pixels/<name>.png``; return what is wrong, or None."""
    from PIL import Image, ImageChops
    from pixelmatch.contrib.PIL import pixelmatch

    reference = PIXELS / f"{name}.png"
    if update:
        PIXELS.mkdir(exist_ok=True)
        reference.write_bytes(png)
        return None
    out = ARTIFACTS / "pixels"
    out.mkdir(parents=True, exist_ok=True)
    if not reference.exists():
        (out / f"{name}-actual.png").write_bytes(png)
        return (f"{name}: no reference image {reference.relative_to(PIXELS.parents[2])}; make it with "
                "`python3 build.py test -k pixel --update-pixels` and look at it before committing")
    want = Image.open(reference).convert("RGBA")
    got = Image.open(io.BytesIO(png)).convert("RGBA")
    if want.size != got.size:
        (out / f"{name}-actual.png").write_bytes(png)
        return f"{name}: the canvas is {got.size[0]}×{got.size[1]}, the reference {want.size[0]}×{want.size[1]}"
    changed = ImageChops.difference(want, got).getbbox(alpha_only=False)  # (by default only alpha counts)
    if changed is None:
        return None
    # pixelmatch is pure Python: run it only over the box where anything changed
    diff = Image.new("RGBA", want.size)
    region = Image.new("RGBA", (changed[2] - changed[0], changed[3] - changed[1]))
    mismatched = pixelmatch(want.crop(changed), got.crop(changed), region, threshold=THRESHOLD, includeAA=False)
    ratio = mismatched / (want.width * want.height)
    if ratio <= MAX_DIFF_RATIO:
        return None
    diff.paste(want.convert("L").convert("RGBA"))
    diff.paste(region, changed[:2])
    (out / f"{name}-actual.png").write_bytes(png)
    diff.save(out / f"{name}-diff.png")
    return (f"{name}: {mismatched} pixels differ ({ratio:.2%} > {MAX_DIFF_RATIO:.2%}); see "
            f"test-artifacts/pixels/{name}-diff.png and -actual.png")


@pytest.mark.parametrize("size", SIZES)
def test_tables_match_their_reference_images(request, make_context, open_app, size):
    """Each game's table at ``size`` looks like its reference, and no target sits on an empty patch."""
    update = updating(request.config)
    page = make_context(**SIZES[size]).new_page()
    problems: list[str] = []
    for table in TABLES:
        open_app(page, query=QUERY)  # a fresh load per game: each table is drawn the way a new visit draws it
        start(page, table)
        png = stable_capture(page)
        from PIL import Image

        img = Image.open(io.BytesIO(png))
        name = f"{table.game_id}-{size}"
        if img.convert("RGB").getcolors(maxcolors=8) is not None:
            problems.append(f"{name}: the canvas shows almost nothing (at most 8 colours)")
        problems.extend(f"{name}: target with nothing drawn under it: {label}" for label in blank_targets(page, img))
        wrong = compare(name, png, update)
        if wrong:
            problems.append(wrong)
    assert not problems, "\n".join(problems)


def test_the_comparison_fails_on_a_blank_table_and_passes_on_small_changes():
    """The comparison itself (no browser): a table drawn as nothing fails, a few changed pixels do not."""
    from PIL import Image, ImageDraw

    reference = next(iter(sorted(PIXELS.glob("*.png"))), None)
    assert reference is not None, "no reference images in tests/browser/pixels/"
    name = reference.stem
    img = Image.open(reference).convert("RGB")

    def png(image) -> bytes:
        buf = io.BytesIO()
        image.save(buf, "PNG")
        return buf.getvalue()

    assert compare(name, png(img), update=False) is None
    blank = Image.new("RGB", img.size, background(img))
    assert "pixels differ" in (compare(name, png(blank), update=False) or "")
    assert (ARTIFACTS / "pixels" / f"{name}-diff.png").exists()
    touched = img.copy()
    ImageDraw.Draw(touched).point([(x, 5) for x in range(0, 40, 4)], fill=(255, 0, 255))  # a handful of pixels
    assert compare(name, png(touched), update=False) is None
    assert "is 10×10" in (compare(name, png(img.resize((10, 10))), update=False) or "")
