"""Issue 40: a whole 2-player Nyhavn game against the weak computer by keyboard, as a screen-reader user plays it.

As ``test_keyboard.py`` does for Barrio: every move by key presses only (Tab, Shift+Tab, arrows, Enter; the start
screen is set up by the test), the "brain" a weak computer player choosing from the autosave, the page found by the
focused control's accessible name. A build is: the tile's stack, the cell for its grip (each cell's name says whether
and where it fits), Rotate/Flip as needed, Place, and the payment when asked.

It asserts the key budget (median ≤ 20 per build, takes cheap), that focus never falls to the page's body after an
action, that the cells' names say where the tile fits, that Rotate and Flip say the tile's new shape, and that each
decision's prompt, each computer move (the log's words) and the winner were announced.
"""

from __future__ import annotations

import json
import statistics
from collections import deque

from game.core import Match
from game.nyhavn import SPEC as NY
from game.ui.nyhavn.layout import build_spots, grip, turned

from .conftest import end_log, settle
from .keyboard_steps import DESKTOP, FOCUSED, HEAR, Keys
from .nyhavn_steps import start_nyhavn, wait_my_turn


def cell_key(col: int, row: int) -> str:
    return f"cell-{col}-{row}"


def grid_plan(here: str | None, want: str) -> list[list[str]]:
    """Arrows across the house's grid (every cell a target while a tile is in hand): right and up count from 0."""
    if not (here and here.startswith("cell-") and want.startswith("cell-")):
        return []
    (c0, r0), (c1, r1) = (tuple(int(v) for v in k.split("-")[1:]) for k in (here, want))
    return [["ArrowRight" if c1 > c0 else "ArrowLeft"] * abs(c1 - c0) + ["ArrowUp" if r1 > r0 else "ArrowDown"] * abs(r1 - r0)]


def turns_between(tile: str, start: int, goal: int) -> list[str]:
    """The fewest Rotate / Flip presses from one way round to another."""
    seen, queue = {start: []}, deque([start])
    while queue:
        o = queue.popleft()
        if o == goal:
            return seen[o]
        for how in ("rotate", "flip"):
            nxt = turned(tile, o, how)
            if nxt not in seen:
                seen[nxt] = [*seen[o], how]
                queue.append(nxt)
    raise AssertionError(f"{tile}: orientation {goal} not reachable from {start}")


class NyhavnKeys(Keys):
    def go(self, want: str) -> None:
        """Walk to ``want`` (across the house's grid by arrows while every cell is a target)."""
        page = self.page
        cells = page.locator(".board button[data-key^=cell-]:not([disabled])").count()
        self.walk_to(want, grid_plan(page.evaluate(FOCUSED), want) if cells == 45 else None)

    def activate(self, want: str) -> None:
        """Walk to ``want`` and press Enter; focus must not fall to the body."""
        page = self.page
        self.go(want)
        self.press("Enter")
        settle(page)
        if not page.locator("#end-screen").count():
            assert page.evaluate(FOCUSED) is not None, f"focus fell to the body after {want}"

    def label(self) -> str:
        return self.page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.textContent")


def saved(page) -> str:
    return page.evaluate("houseGames.autosave()") or ""


def play(keys: NyhavnKeys, match: Match, action: dict, heard_turns: list[str]) -> None:
    """Make ``action`` by key presses."""
    page = keys.page
    kind = action["type"]
    legal = NY.legal_actions(match.state)
    if kind == "take":
        if "both_actions" in action.get("abilities", []):
            keys.activate("ny-both")
        before = saved(page)
        for dock in action["docks"]:
            keys.activate(f"dock-{dock}")
        if saved(page) == before and page.locator("#ny-take").count():
            keys.activate("ny-take")
    elif kind == "build":
        tile, goal = action["tile"], action["orient"]
        keys.activate(f"stack-{tile}")
        start = sorted(build_spots(legal, tile))[0][0]  # the way round the table offers first
        gx, gy = grip(tile, goal)
        keys.go(cell_key(action["col"] + gx, action["row"] + gy))
        name = keys.label()  # the cell's name says whether the tile fits with its grip here, and where
        fits = "fits here, covers" in name
        sx, sy = grip(tile, start)
        assert fits == ((start, action["col"] + gx - sx, action["row"] + gy - sy) in build_spots(legal, tile)), name
        keys.activate(cell_key(action["col"] + gx, action["row"] + gy))
        for how in turns_between(tile, start, goal):
            heard = len(page.evaluate("window.__heard"))
            keys.activate(f"ny-{how}")
            said = page.evaluate("window.__heard")[heard:]
            assert any(("Rotated: now" if how == "rotate" else "Flipped: now") in h and " tall, " in h for h in said), said
            heard_turns.append(said[-1])
        keys.activate("ny-place")
    elif kind == "pay":
        keys.activate(f"ny-pay-{legal.index(action)}")
    elif kind == "discard":
        keys.activate(f"hand-{action['colour']}")
    elif kind == "arms":
        choice = action["choice"]
        keys.activate(cell_key(action["col"], action["row"]) if choice == "white"
                      else f"ny-ability-{action['ability']}" if choice == "ability" else "ny-refresh")
    elif kind == "end_turn":
        keys.activate("ny-end")
    else:
        keys.activate("ny-pass")


def refuse_twice(keys: NyhavnKeys, stack: str) -> list[str]:
    """Enter twice on a tile the player cannot pay for: the refusal is announced both times (the prompt under the
    table shows the same words again, which a screen reader would not repeat by itself)."""
    page = keys.page
    keys.walk_to(stack)
    said = []
    for _ in range(2):
        heard = len(page.evaluate("window.__heard"))
        keys.press("Enter")
        settle(page)
        why = page.locator("#nyhavn-info").text_content() or ""
        assert why.startswith("You cannot pay for"), why
        announced = [h for h in page.evaluate("window.__heard")[heard:] if h == why]
        assert announced, f"the refusal was not announced: {page.evaluate('window.__heard')[heard:]}"
        said.append(announced[-1])
        assert page.evaluate(FOCUSED) == stack, "a refusal moved the focus"
    return said


def test_keyboard_whole_nyhavn_game_against_the_weak_computer(make_context, open_app):
    context = make_context(**DESKTOP)
    context.add_init_script(HEAR)
    page = context.new_page()
    start_nyhavn(page, open_app, seed=4242, bot="weak", touch=False)
    assert page.evaluate(FOCUSED) is not None, "the new game left focus on the body"
    keys = NyhavnKeys(page)
    brain = NY.make_bot("weak", 5)
    builds: list[int] = []
    takes: list[int] = []
    prompts: set[str] = set()
    turned_words: list[str] = []
    refusals: list[str] = []
    cancelled: list[str] = []
    while wait_my_turn(page) != "over":
        match = Match.from_json(json.loads(saved(page)))
        view, legal = NY.view(match.state, 0), NY.legal_actions(match.state)
        action = brain.choose(view, legal)
        prompts.add(page.locator("#nyhavn-info").text_content() or "")
        unaffordable = page.locator(".board button[data-key^=stack-]:not([disabled]):not([data-legal])")
        if not refusals and view["phase"] == "turn" and unaffordable.count():
            refusals = refuse_twice(keys, unaffordable.first.get_attribute("data-key"))
        used, before = keys.count, saved(page)
        if action["type"] == "build" and not cancelled:  # Escape drops the tile picked: focus back on its stack
            keys.activate(f"stack-{action['tile']}")
            heard = len(page.evaluate("window.__heard"))
            keys.press("Escape")
            settle(page)
            assert page.evaluate(FOCUSED) == f"stack-{action['tile']}", page.evaluate(FOCUSED)
            cancelled = [h for h in page.evaluate("window.__heard")[heard:] if h == "Choice cancelled."]
            assert cancelled, "Escape was not announced"
            assert not page.locator("#ny-place").count(), "the tile is still in hand"
            used += 2  # (the Enter and Escape of this check are not the build's)
        play(keys, match, action, turned_words)
        page.wait_for_function("(prev) => document.getElementById('end-screen') !== null || houseGames.autosave() !== prev",
                               arg=before, timeout=60_000)
        if not page.locator("#end-screen").count():  # the keys made the move the brain chose
            after = Match.from_json(json.loads(saved(page)))
            assert after.entries[len(match.entries)].action == action, (after.entries[len(match.entries)].action, action)
        if action["type"] == "build":
            builds.append(keys.count - used)
        elif action["type"] == "pay" and builds:
            builds[-1] += keys.count - used  # the payment is part of the build
        elif action["type"] == "take":
            takes.append(keys.count - used)
    page.locator("#end-screen").wait_for()
    settle(page)
    print(f"keys: builds {builds}; takes {takes}")
    heard = page.evaluate("window.__heard")
    verdict = page.locator("#end-screen p.status").text_content()
    assert any(verdict in h for h in heard), f"the winner was never announced: {heard[-5:]}"
    computer = page.evaluate("document.querySelectorAll('#final-scores tbody tr')[1].querySelector('td').firstChild.textContent")
    computer = computer.split(" (")[0]  # "Player 2 (computer, weak)": the log says "Player 2"
    log = end_log(page)
    theirs = [line for line in log if line.startswith(computer)]
    missing = [line for line in theirs if not any(line in h for h in heard)]
    assert theirs and not missing, f"the computer's moves never announced: {missing[:5]} ({computer!r}: {log[:6]})"
    asked = prompts - {""}
    assert asked and all(any(p in h for h in heard) for p in asked), f"a decision was never announced: {asked}"
    median_build, median_take = statistics.median(builds), statistics.median(takes)
    print(f"keyboard Nyhavn: {keys.count} keys; builds {builds} (median {median_build}); takes {takes} (median {median_take});"
          f" turned: {turned_words[:3]}")
    assert builds and median_build <= 20, f"median {median_build} keys a build: {builds}"
    assert median_take <= 6, f"median {median_take} keys a take: {takes}"
    assert len(refusals) == 2, "no refusal was tried"
