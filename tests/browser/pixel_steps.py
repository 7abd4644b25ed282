"""Each game's table at the pixel tests' sizes: start it, press, and capture it once it is still."""

from __future__ import annotations

from dataclasses import dataclass

SIZES = {
    "390x844": {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True},
    "1280x800": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1, "is_mobile": False, "has_touch": False},
}
#: while capturing: the transparent targets (their focus ring) and toasts are hidden; the canvas is what is compared
HIDE = ".board .targets, .toasts, #toasts { visibility: hidden !important; }"


@dataclass(frozen=True)
class Table:
    """A game started through the start screen with fixed seats and seed."""

    game_id: str
    seats: tuple[str, ...]
    seed: int
    rounds: int | None = None


TABLES = (
    Table("barrio", ("human",), 11),  # solo against Klaus, level A
    Table("nyhavn", ("human", "bot:weak"), 3),
    Table("neueheimat", ("human", "bot:weak", "bot:weak"), 5, rounds=1),
)


def press(page, locator) -> None:
    if page.evaluate("navigator.maxTouchPoints > 0"):
        locator.tap()
    else:
        locator.click()


def start(page, table: Table) -> None:
    """From the start screen, start ``table``'s game and wait for its board."""
    press(page, page.locator(f"label[for=game-{table.game_id}]"))
    page.locator("#f-players").select_option(str(len(table.seats)))
    for i, seat in enumerate(table.seats if len(table.seats) > 1 else ()):  # solo has no seat choice
        page.locator(f"#f-seat-{i}").select_option(seat)
    if table.rounds is not None:
        page.locator("#f-rounds").select_option(str(table.rounds))
    page.locator("#f-seed").fill(str(table.seed))
    page.locator("#f-seed").dispatch_event("change")
    press(page, page.get_by_role("button", name="Start new game"))
    page.locator(".board canvas").first.wait_for()


def stable_capture(page, tries: int = 30) -> bytes:
    """A PNG of the table's canvas once two captures in a row are identical (computers done, no animation)."""
    page.evaluate("document.fonts.ready.then(() => 0)")
    canvas = page.locator(".board canvas").first
    last = b""
    for _ in range(tries):
        png = canvas.screenshot(animations="disabled", caret="hide", style=HIDE)
        if png == last:
            return png
        last = png
        page.wait_for_timeout(300)
    raise AssertionError("the table never stopped changing")
