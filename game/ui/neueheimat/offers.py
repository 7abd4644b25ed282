"""What the Neue Heimat screen offers besides the drawing: the legal action a tapped target stands for, and the
bids offered below the table (quick buttons, and the stepper that reaches every other legal amount).

Pure functions, run under CPython by the tests; ``table.py`` re-exports them for the screen's older imports."""

from __future__ import annotations

from typing import Any


def action_for_key(key: str, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The legal action a tapped target stands for (None if the key names nothing legal now)."""
    parts = key.split("-")
    want: dict[str, Any] | None
    if parts[0] == "cube":
        want = {"type": "auction", "piece": "cube", "row": int(parts[1]), "end": parts[2]}
    elif key == "roofs":
        want = {"type": "auction", "piece": "roof"}
    elif key in ("mayor", "cancel"):
        want = {"type": "auction", "piece": key}
    elif parts[0] == "permit" and len(parts) == 2:
        want = {"type": "auction", "piece": "permit", "size": int(parts[1])}
    elif parts[0] == "lot" and len(parts) == 3:
        want = {"type": "place", "row": int(parts[1]), "lot": int(parts[2])}
    elif parts[0] == "mayor":
        want = {"type": "mayor", "row": int(parts[1])}
    elif parts[0] in ("permit", "cancel") and len(parts) >= 3:
        row_text, _, change_text = key[len(parts[0]) + 1:].partition("-")  # "permit-0--2": row 0, change −2
        want = {"type": parts[0], "row": int(row_text), "change": int(change_text)}
    else:
        return None
    return want if want in legal else None


def bid_steps(high: int, money: int) -> list[int]:
    """Quick bid amounts: one, two, three and five above the highest bid, and everything in hand; never above ``money``."""
    return sorted({a for a in (high + 1, high + 2, high + 3, high + 5, money) if high < a <= money})


def stepper_amounts(high: int, money: int) -> list[int]:
    """The amounts the bid stepper beside the quick buttons reaches: every legal bid (above ``high``, up to ``money``).

    Empty when no bid is legal, or when the quick buttons already offer every amount (then no stepper is shown).
    """
    amounts = list(range(high + 1, money + 1))
    return [] if set(amounts) <= set(bid_steps(high, money)) else amounts


def stepper_start(high: int, money: int, wanted: int | None = None) -> int | None:
    """The amount the stepper shows first: ``wanted`` when it can reach it (the coach's hint), else the least amount no
    quick button offers (``None`` without a stepper)."""
    amounts = stepper_amounts(high, money)
    if not amounts:
        return None
    if wanted in amounts:
        return wanted
    quick = set(bid_steps(high, money))
    return next(a for a in amounts if a not in quick)


def bid_offered(view: dict[str, Any], amount: int) -> str | None:
    """How the panel offers a bid of ``amount``: ``"quick"`` (its own button), ``"stepper"`` or ``None`` (not offered)."""
    money, high = view["money"][view["current"]], view["high_bid"]
    if amount in bid_steps(high, money):
        return "quick"
    if amount in stepper_amounts(high, money):
        return "stepper"
    return None


def panel_actions(view: dict[str, Any], legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions offered as buttons below the table (not places on it), in the order shown.

    Bids are offered as quick steps (:func:`bid_steps`) rather than one button per amount; every other amount is
    reached with the bid stepper beside them (:func:`stepper_amounts`).
    """
    out = [a for a in legal if a["type"] == "profits"]
    if any(a["type"] == "bid" for a in legal):
        money = view["money"][view["current"]]
        out += [{"type": "bid", "amount": k} for k in bid_steps(view["high_bid"], money)]
    out += [a for a in legal if a["type"] in ("pass", "sell", "buy", "discard")]
    return [a for a in out if a in legal]
