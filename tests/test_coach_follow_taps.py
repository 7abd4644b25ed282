"""Every hint can be done by tapping what it marks (issue 34, item 4).

Over hundreds of positions per game (seeded random play at every table size: the trust file's, from
``tests/coach_positions.py``), the coach's hint is asked as the table asks it, its marks
(``game.ui.coach_display.hint_keys``: the table targets, ``cmd:`` bar buttons and ``act:`` panel buttons, first step
first) are tapped **in order** on the screen's own pure tap handling, and the action those taps make is the hint's
action. Each mark must be drawn (or shown in the bar) and enabled when its turn
comes, and no tap before the last may already make an action (the screen would apply it at once):

* Barrio: ``game.ui.barrio.table.paint`` and ``tap`` (the screen's pick of a half-made choice, :class:`Pick`);
* Nyhavn: ``game.ui.nyhavn.table.Table`` (``paint``'s targets and ``tap``; ``bar``'s buttons and ``command``), as
  the screen feeds it; a build is the tile's stack, *Flip*/*Rotate* until the ghost is turned as the hint says, the
  cell under the tile's grip, and *Place* (the issue's case: a tile hinted "rotated 3 times");
* Neue Heimat: ``game.ui.neueheimat.table.draw_table``'s targets and ``tap`` (lots large, and small where
  a row is opened first), and the panel's buttons below the table as ``NeueHeimatScreen._controls`` names them
  (quick bids ``bid_steps``, the bid stepper set to the hinted amount by ``show_hint``: ``stepper_start``).
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Rng, load_spec
from game.ui.barrio.table import Pick, paint, tap
from game.ui.coach_display import hint_keys
from game.ui.neueheimat.table import Scene, bid_steps, draw_table, stepper_start
from game.ui.neueheimat.table import tap as neueheimat_tap
from game.ui.nyhavn.drawing import Seen
from game.ui.nyhavn.table import Table

from .sizes import soak
from .coach_positions import GROUP, TABLES, hinted_positions

pytestmark = GROUP  # one worker draws the positions every coach file uses

#: positions per game (the issue asks for at least 300)
POSITIONS = soak(300, 30)
NAMES = ["Ana", "Bo", "Cy", "Di", "Ed"]

Action = dict[str, Any]


# --------------------------------------------------------------------------- each screen's taps

def barrio_taps(view: dict[str, Any], legal: list[Action], keys: list[str]) -> Action | None:
    """Tap ``keys`` on Barrio's painted table; the action the last makes."""
    names = NAMES[:max(2, view["players"])]
    pick, made = Pick(), None
    for n, key in enumerate(keys):
        frame = paint(view, legal, pick, "en", names, True)
        drawn = {t.key: t for t in frame.targets}
        assert key in drawn and drawn[key].enabled, f"mark {key} is not on the table (pick {pick})"
        outcome = tap(key, view, legal, pick, "en")
        assert outcome.message is None, (key, outcome.message)
        assert outcome.action is None or n == len(keys) - 1, f"{key} already makes {outcome.action}"
        made = outcome.action
    return made


def nyhavn_taps(state: Any, view: dict[str, Any], legal: list[Action], seat: int, keys: list[str]) -> Action | None:
    """Tap ``keys`` on Nyhavn's table and bar as the screen feeds them; the action the last makes."""
    spec = load_spec("nyhavn")
    table = Table("en", NAMES[:view["players"]], view["players"], lambda a: spec.describe_action(state, a, "en"))
    seen = Seen(view, legal, True, state, seat)
    made = None
    for n, key in enumerate(keys):
        if key.startswith("cmd:"):
            _, _, buttons = table.bar(seen, "")
            shown = {dict(attrs)["data-cmd"]: dict(attrs) for attrs, _ in buttons}
            cmd = key[4:]
            assert cmd in shown and not shown[cmd]["disabled"], f"mark {key} is not an enabled button: {sorted(shown)}"
            outcome = table.command(cmd, seen)
            assert outcome is not None
        else:
            drawn = {t.key: t for t in table.paint(seen).targets}
            assert key in drawn and drawn[key].enabled, f"mark {key} is not on the table"
            outcome = table.tap(key, seen)
        assert outcome.action is None or n == len(keys) - 1, f"{key} already makes {outcome.action}"
        made = outcome.action
    return made


def neueheimat_panel(view: dict[str, Any], legal: list[Action], key: str, hinted: Action) -> Action:
    """The action of the panel button ``data-act=key`` as the screen shows it (the stepper set to the hinted amount)."""
    phase, me = view["phase"], view["current"]
    if phase == "profits" and key in ("profits-take", "profits-keep"):
        return {"type": "profits", "take": key == "profits-take"}
    if phase == "bid":
        high, money = view["high_bid"], view["money"][me]
        if key == "pass":
            return {"type": "pass"}
        if key == "bid-any":
            return {"type": "bid", "amount": stepper_start(high, money, hinted.get("amount"))}
        assert key.startswith("bid-") and int(key[4:]) in bid_steps(high, money), f"no quick bid {key}"
        return {"type": "bid", "amount": int(key[4:])}
    if phase == "resolve" and key in ("sell", "buy"):
        assert key == "sell" or view["money"][me] >= view["high_bid"], "Buy is disabled without the money"
        return {"type": key}
    if phase == "place" and key == "discard" and {"type": "discard"} in legal:
        return {"type": "discard"}
    raise AssertionError(f"no button {key} in phase {phase}")


def neueheimat_taps(view: dict[str, Any], legal: list[Action], keys: list[str], hinted: Action,
                    small: bool) -> Action | None:
    """Tap ``keys`` on Neue Heimat's table (lots ``small`` or not) and panel; the action the last makes."""
    scene = Scene(names=NAMES[:view["players"]], viewer=view["current"], my_turn=True, legal=legal, small_lots=small)
    made = None
    for n, key in enumerate(keys):
        if key.startswith("act:"):
            made = neueheimat_panel(view, legal, key[4:], hinted)
        else:
            drawn = {t.key: t for t in draw_table(view, scene, False).targets}
            if key.startswith("row-") and not small:
                assert key not in drawn, "a table with large lots opens no row"
                continue  # the screen's large lots are tapped directly: the row's mark has nothing to show
            assert key in drawn and drawn[key].enabled, f"mark {key} is not on the table"
            if key.startswith("row-"):
                scene.zoom_row = int(key[4:])  # NeueHeimatScreen.tapped: the row opens large
                made = None
            else:
                made = neueheimat_tap(key, scene).action
        assert made is None or n == len(keys) - 1, f"{key} already makes {made}"
    return made


@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_coach_follow_every_hint_is_made_by_tapping_its_marks_in_order(game_id):
    spec = load_spec(game_id)
    kinds: dict[str, int] = {}
    for n, (state, seat, hint) in enumerate(hinted_positions(game_id, POSITIONS)):
        view, legal = spec.view(state, seat), spec.legal_actions(state)
        action = hint.action
        keys = hint_keys(game_id, view, legal, action)
        assert keys, f"the hint {action} marks nothing"
        if game_id == "barrio":
            made = barrio_taps(view, legal, keys)
        elif game_id == "nyhavn":
            made = nyhavn_taps(state, view, legal, seat, keys)
        else:
            made = neueheimat_taps(view, legal, keys, action, small=n % 2 == 0)
        assert made == action, f"tapping {keys} makes {made}, the hint is {action}"
        kinds[action["type"]] = kinds.get(action["type"], 0) + 1
    assert sum(kinds.values()) == POSITIONS
    assert len(kinds) >= 3, kinds


def test_coach_follow_a_turned_tile_is_marked_with_its_turns():
    """The issue's case: a build hinted turned from the way the table first shows the tile marks Rotate (and Flip)
    as often as the hint's words say, before the cell and Place; tapping the marks builds exactly that."""
    from game.nyhavn.text import first_orientation, turns

    spec = load_spec("nyhavn")
    seen_turned = 0
    for seed in range(1, 60):
        state = spec.new_game(2, seed)
        rng = Rng(seed, stream=2)
        while not spec.is_over(state) and seen_turned < 5:
            seat = spec.current_player(state)
            legal = spec.legal_actions(state)
            for action in legal:
                if action["type"] != "build":
                    continue
                flipped, rotations = turns(action["tile"], first_orientation(action["tile"], legal), action["orient"])
                if rotations < 2:
                    continue
                view = spec.view(state, seat)
                keys = hint_keys("nyhavn", view, legal, action)
                assert keys.count("cmd:rotate") == rotations and keys.count("cmd:flip") == flipped, keys
                assert keys[-1] == "cmd:place" and keys[0] == f"stack-{action['tile']}"
                assert nyhavn_taps(state, view, legal, seat, keys) == action
                seen_turned += 1
                break
            state = spec.apply_action(state, legal[rng.randrange(len(legal))])
        if seen_turned >= 5:
            return
    raise AssertionError(f"only {seen_turned} builds turned twice or more came up")
