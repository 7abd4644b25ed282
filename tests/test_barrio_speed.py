"""The speed-ups of Barrio's engine (issue 13) change no decision.

``apply_action`` checks a placement without listing every legal action (the
placement's ``refusal`` asks ``actions.place.is_legal``), and any other action
against the options of its type only: it must accept exactly the actions
``legal_actions`` lists, and refuse the rest, at every step of random games.
"""

import pytest

import game.barrio as B
from game.barrio import rules
from game.barrio.market import market_box
from game.core import IllegalAction, Rng

from .sizes import soak


def probes(s):
    """Legal and illegal actions worth asking about: every hand card on every cell near the market,
    every draw from every source, and a pass."""
    out = []
    hand = s.hands[s.seat] if s.hands else []
    box = market_box(s.market) or (0, 0, 0, 0)
    for card in hand + [c for c in s.warehouse if c >= 0][:1]:
        for r in range(box[0] - 2, box[2] + 3):
            for c in range(box[1] - 2, box[3] + 3):
                out.append({"type": "place", "card": card, "row": r, "col": c})
    out += [{"type": "draw", "source": "warehouse", "card": c} for c in s.warehouse + hand[:1]]
    out += [{"type": "draw", "source": "house_market", "card": c} for c in s.house_market]
    out += [{"type": "draw", "source": src} for src in ("material_deck", "house_deck", "nowhere")]
    out += [{"type": "pass"}, {"type": "place", "card": hand[0] if hand else 0, "row": 0, "col": 0, "extra": 1}]
    return out


def positions(players: int, rng: Rng, games: int, heuristic_games: bool = False):
    """Every position (state, legal actions) of ``games`` games; the odd ones played by the heuristic when
    ``heuristic_games``, the rest at random."""
    from game.barrio import bots
    for g in range(games):
        s = B.SPEC.new_game(players, rng.next_u32())
        while not B.SPEC.is_over(s):
            legal = B.SPEC.legal_actions(s)
            yield s, legal
            a = bots.greedy_action(s, legal, rng) if heuristic_games and g % 2 else legal[rng.randrange(len(legal))]
            s = B.SPEC.apply_action(s, a)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_quick_check_accepts_exactly_the_listed_actions(players):
    seen = 0
    for s, legal in positions(players, Rng(77 + players), soak(3, 1)):
        for a in probes(s) + legal:
            assert (rules.refusal(s, a) is None) == (a in legal), (a, s.phase)
        seen += 1
    assert seen > soak(100, 30)


def test_apply_action_still_refuses_a_stretch_without_a_build():
    """A placement beyond 5x5 that no build can undo is refused with its reason (the quick path's refusal)."""
    s = B.SPEC.new_game(2, 5)
    s.phase, s.placed, s.seat = "start", 0, 0
    s.market = {(0, c): m for c, m in enumerate([0, 1, 2, 3, 4])}
    s.hands[0] = [5, 6]  # two materials and no house: nothing can be built
    with pytest.raises(IllegalAction) as exc:
        B.SPEC.apply_action(s, {"type": "place", "card": 5, "row": 0, "col": 5})
    assert exc.value.key == "barrio.stretch_without_build"
    assert B.SPEC.apply_action(s, {"type": "place", "card": 5, "row": 1, "col": 4}).market[(1, 4)] == 5


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_playout_step_is_the_heuristic_move(players):
    """The search's playouts take ``bots.playout_action`` (no placement dicts, remembered positions): the
    same action as ``greedy_action`` on the legal list, and the same random draws, asked twice per position
    so that remembered answers are checked too. Positions come from games of the heuristic and random play."""
    from game.barrio import bots
    rng = Rng(500 + players)
    checked = 0
    for s, legal in positions(players, rng, 4, heuristic_games=True):
        for trial in range(2):
            seed = rng.next_u32()
            mine, theirs = Rng(seed), Rng(seed)
            assert bots.playout_action(s, mine) == bots.greedy_action(s, legal, theirs), (s.phase, trial)
            assert mine.next_u32() == theirs.next_u32()
        checked += 1
    assert checked > 150
