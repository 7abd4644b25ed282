"""A hint's reason never contradicts its move (issue 34): in Neue Heimat, no bid is explained by a worth below it;
in every game, no figure of a reason disagrees with the move (see the second test).

Over bidding decisions of seeded games of a strong player and two weak ones (where bids above a piece's own worth
come up: the strong player weighs a buy-back where it has read the auctioneer's switch, as it reads a weak player's;
against an auctioneer it has not read, such as another strong player, it bids no more than the worth where it
expects a sale), every hint that bids says that the auctioneer is likely to buy it back, or both
figures (the worth and what a buy-back pays), or that the coach's play-outs put it ahead of the model's own choice;
"worth nothing" or "worth N" beside a higher bid is refused. Every
reason reads in English, Spanish and French with no key left unfilled.
"""

from __future__ import annotations

from typing import Any

import pytest

from game.core import Rng, coaching, load_spec
from game.core.locale import languages

from .sizes import soak
from .coach_positions import GROUP, ITERATIONS, hinted_positions

pytestmark = GROUP  # one worker draws the positions every coach file uses

WORTH_KEYS = ("coach.neueheimat.piece_worth", "coach.neueheimat.piece_worth_none")


def bidding_positions(count: int):
    """(state, seat) of bidding decisions in 3-player games of a strong player and two weak ones (its seat turning
    with the seed), from seed 1 on."""
    spec = load_spec("neueheimat")
    found = 0
    for seed in range(1, 200):
        state = spec.new_game(3, seed)
        kinds = ["weak", "weak", "weak"]
        kinds[seed % 3] = "strong"
        bots = [spec.make_bot(kind, seed * 7 + i) for i, kind in enumerate(kinds)]
        rng = Rng(seed, stream=3)
        while not spec.is_over(state) and found < count:
            seat = spec.current_player(state)
            legal = spec.legal_actions(state)
            if state.phase == "bid" and rng.randrange(2) == 0:
                found += 1
                yield state, seat
            state = spec.apply_action(state, bots[seat].choose(spec.view(state, seat), legal))
        if found >= count:
            return


def test_no_bid_is_explained_by_a_worth_below_it():
    spec = load_spec("neueheimat")
    bids = above_worth = 0
    for state, seat in bidding_positions(soak(150, 30)):
        view = spec.view(state, seat)
        hint = coaching.hint(spec, view, seat, seed=seat, legal=spec.legal_actions(state), iterations=ITERATIONS["neueheimat"])
        if hint.action["type"] != "bid":
            continue
        bids += 1
        amount = hint.action["amount"]
        for phrase in hint.why:
            if phrase.key in WORTH_KEYS:
                assert phrase.params.get("amount", 0) >= amount, f"bid {amount} explained by {phrase.key} {phrase.params}"
            if phrase.key.startswith("coach.neueheimat.gamble"):  # above its worth, no buy-back expected: both figures
                above_worth += 1
                assert phrase.params["worth"] < amount == phrase.params["amount"]
            if phrase.key.startswith("coach.neueheimat.pump"):  # above its worth, a buy-back expected
                above_worth += 1
                assert phrase.params["amount"] == amount
        for lang in languages():
            line = hint.text(lang)
            assert line and "{" not in line and "coach." not in line, (lang, line)
    assert bids >= 5, "too few bids to judge"
    assert above_worth >= 1, "no bid above its worth came up: the check above saw nothing to refuse"


# --------------------------------------------------------------------------- every game: the numbers agree with the move

#: the figures a reason states about the search or the model, by key: what each must satisfy
LEAD_KEYS = ("coach.search_points", "coach.neueheimat.lead")


def said_numbers(view: dict[str, Any], action: dict[str, Any], game_id: str) -> dict[str, Any]:
    """What the hint's words must say of ``action``'s own numbers (1-based as the table numbers them), per parameter."""
    t = action["type"]
    if game_id == "neueheimat":
        if t == "bid":
            return {"amount": action["amount"]}
        if t in ("sell", "buy"):
            return {"amount": view["high_bid"]}
        if t == "place":
            return {"lot": action["lot"] + 1}
        if t in ("permit", "cancel"):
            return {"count": abs(action["change"])}
    if game_id == "nyhavn":
        if t == "build" or (t == "arms" and action.get("choice") == "white"):
            return {"col": action["col"] + 1, "row": action["row"] + 1}
        if t == "take":
            return {"docks": ", ".join(str(d + 1) for d in action["docks"])}
    if game_id == "barrio" and t == "panorama" and "left" in action:
        return {"left": action["left"] + 1, "right": action["right"] + 1}
    return {}


def check_reason(game_id: str, view: dict[str, Any], hint: coaching.Hint) -> None:
    """The hint's figures agree with its move: the move's numbers, a lead that is a lead, chances that favour the
    move, and in Neue Heimat a bid no larger than the worth it is explained by, money kept or banked as its worth says."""
    action = hint.action
    for name, value in said_numbers(view, action, game_id).items():
        assert hint.what.params.get(name) == value, f"{hint.what.key} says {name}={hint.what.params.get(name)}, the move {value}"
    for phrase in hint.why:
        p = phrase.params
        if phrase.key == "coach.search_chance":
            assert 0 <= p["other"] <= p["chance"] <= 100, f"the move's chance {p['chance']} below the next best's {p['other']}"
        if phrase.key in LEAD_KEYS:
            assert p["points"] > 0, f"{phrase.key}: 'better' by {p['points']}"
        if phrase.key == "coach.points_now":
            assert p["points"] > 0
        if game_id != "neueheimat":
            continue
        amount = action.get("amount")
        if phrase.key in WORTH_KEYS and action["type"] == "bid":
            assert phrase.params.get("amount", 0) >= amount, f"bid {amount} explained by {phrase.key} {p}"
        if phrase.key in WORTH_KEYS and action["type"] == "pass":
            can_bid = view["money"][view["current"]] > view["high_bid"]
            assert not can_bid or p.get("amount", 0) <= view["high_bid"], f"a pass explained by {phrase.key} {p} " \
                f"while a bid of {view['high_bid'] + 1} was open"
        if phrase.key.startswith("coach.neueheimat.outbid"):
            assert action["type"] == "pass" and p["amount"] > view["high_bid"], (p, action)
        if phrase.key.startswith(("coach.neueheimat.pump", "coach.neueheimat.gamble")):
            assert action["type"] == "bid" and p["amount"] == amount, (phrase.key, p, action)
        if phrase.key.startswith("coach.neueheimat.gamble"):
            assert p["worth"] < amount
        if phrase.key.startswith("coach.neueheimat.money_in_hand"):
            assert action == {"type": "profits", "take": False} and p["points"] >= 1, (p, action)
        if phrase.key.startswith("coach.neueheimat.money_in_box"):
            assert action == {"type": "profits", "take": True} and p["points"] <= 1, (p, action)


@pytest.mark.parametrize("game_id", ["barrio", "neueheimat", "nyhavn"])
def test_coach_follow_no_reason_contradicts_its_move_in_any_language(game_id):
    """Over the tap test's positions (seeded random play at every table size): every reason's numbers agree with
    the move, and every hint reads in English, Spanish and French with nothing left unfilled."""
    spec = load_spec(game_id)
    keys: set[str] = set()
    for state, seat, hint in hinted_positions(game_id, soak(300, 30)):
        view = spec.view(state, seat)
        check_reason(game_id, view, hint)
        keys.update(p.key for p in hint.why)
        for lang in languages():
            line = hint.text(lang)
            assert line and "{" not in line and "coach." not in line, (lang, line)
    assert len(keys) >= 3, keys
