"""A hint's reason never contradicts its move (issue 34): in Neue Heimat, no bid is explained by a worth below it.

Over bidding decisions of seeded games among strong players (where bids above a piece's own worth are common: the
strong player weighs a buy-back), every hint that bids says either that the auctioneer is likely to buy it back, or
both figures (the worth and what a buy-back pays); "worth nothing" or "worth N" beside a higher bid is refused. Every
reason reads in English, Spanish and French with no key left unfilled.
"""

from __future__ import annotations

from game.core import Rng, coaching, load_spec
from game.core.locale import languages

from .sizes import soak

WORTH_KEYS = ("coach.neueheimat.piece_worth", "coach.neueheimat.piece_worth_none")


def bidding_positions(count: int):
    """(state, seat) of bidding decisions in 3-player games between strong players, from seed 1 on."""
    spec = load_spec("neueheimat")
    found = 0
    for seed in range(1, 200):
        state = spec.new_game(3, seed)
        bots = [spec.make_bot("strong", seed * 7 + i) for i in range(3)]
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
        hint = coaching.hint(spec, view, seat, seed=seat, legal=spec.legal_actions(state))
        if hint.action["type"] != "bid":
            continue
        bids += 1
        amount = hint.action["amount"]
        for phrase in hint.why:
            if phrase.key in WORTH_KEYS:
                assert phrase.params.get("amount", 0) >= amount, f"bid {amount} explained by {phrase.key} {phrase.params}"
            if phrase.key.startswith("coach.neueheimat.gamble"):
                above_worth += 1
                assert phrase.params["worth"] < amount == phrase.params["amount"]
        for lang in languages():
            line = hint.text(lang)
            assert line and "{" not in line and "coach." not in line, (lang, line)
    assert bids >= 5, "too few bids to judge"
    assert above_worth >= 1, "no bid above its worth came up: the check above saw nothing to refuse"
