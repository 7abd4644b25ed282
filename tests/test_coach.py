"""The coach: hints equal to the strong player's choice, reasons that match the rules, post-game insight."""

from __future__ import annotations

import json
import re

import pytest

from game import barrio, neueheimat, nyhavn
from game.core import Rng, action_key, flat_monte_carlo, search_reports
from game.core import coaching
from game.core.coaching import Hint, Phrase, Term
from game.core.locale import catalogue
from game.core.match import Seat
from game.core.record import GameRecord, Replay
from game.barrio import coach as barrio_coach
from game.neueheimat import bots as neueheimat_bots
from game.neueheimat import coach as neueheimat_coach
from game.nyhavn import coach as nyhavn_coach

from .sizes import soak


def positions(spec, players, seed, every=3, limit=12, **options):
    """Decisions with a choice from a game between weak players: (state, seat)."""
    state = spec.new_game(players, seed, **options)
    bots = [spec.make_bot("weak", seed + i) for i in range(max(players, 1))]
    out, step = [], 0
    while not spec.is_over(state) and len(out) < limit:
        p = spec.current_player(state)
        legal = spec.legal_actions(state)
        if len(legal) > 1 and step % every == 0:
            out.append((state, p))
        state = spec.apply_action(state, bots[p].choose(spec.view(state, p), legal))
        step += 1
    return out


def phrases(p):
    """A phrase and every phrase nested in its parameters."""
    yield p
    for v in p.params.values():
        if isinstance(v, Phrase):
            yield from phrases(v)


def check_texts(h: Hint):
    """Every key of the hint is in both catalogues and every text is filled in."""
    for top in (h.what, *h.why):
        for p in phrases(top):
            assert p.key in catalogue("en"), p.key
            assert p.key in catalogue("es"), p.key
    for lang in ("en", "es"):
        line = h.text(lang)
        assert line and "{" not in line and "coach." not in line, line


# --------------------------------------------------------------------------- search figures

def _toy_search(on_result=None, iterations=6):
    cands = [{"type": "a", "v": v} for v in (1, 3, 2)]
    rng = Rng(5)
    chosen = flat_monte_carlo(cands, lambda seed: seed % 7, lambda world, a, dice: world + a["v"] + dice.randrange(3),
                              lambda x: float(x), rng, None, iterations=iterations, on_result=on_result)
    return chosen, rng.next_u32()


def test_search_report_changes_nothing_and_gives_the_means():
    plain = _toy_search()
    got = []
    with search_reports() as reports:
        observed = _toy_search(on_result=got.append)
    assert observed == plain  # same choice, same random numbers consumed
    assert len(got) == 1 and reports == got
    r = got[0]
    assert r.counts == (6, 6, 6) and r.candidates[r.best] == plain[0] == {"type": "a", "v": 3}
    # Paired rounds: candidates see the same deal and dice, so means differ exactly by their values.
    assert r.means[1] - r.means[0] == pytest.approx(2.0) and r.means[2] - r.means[0] == pytest.approx(1.0)
    assert r.runner_up() == 2 and r.mean_of({"type": "a", "v": 2}) == r.means[2]
    # Outside the block nothing is collected.
    _toy_search()
    assert len(reports) == 1


# --------------------------------------------------------------------------- Nyhavn: the hint is the strong player's move

@pytest.mark.parametrize("players,seed", [(2, 3), (3, 8), (4, 21)])
def test_nyhavn_hint_is_the_strong_players_choice(players, seed):
    for i, (state, p) in enumerate(positions(nyhavn.SPEC, players, seed)):
        view, legal = nyhavn.SPEC.view(state, p), nyhavn.SPEC.legal_actions(state)
        h = coaching.hint(nyhavn.SPEC, view, p, seed=100 + i, iterations=3, legal=legal)
        expected = nyhavn.SPEC.make_bot("strong", 100 + i, iterations=3).choose(view, legal)
        assert h.action == expected and h.action in legal
        assert coaching.hint(nyhavn.SPEC, view, p, seed=100 + i, iterations=3).action == expected  # legal from the view
        check_texts(h)
        if h.action["type"] == "take":
            assert h.first_step == {"type": "dock", "dock": h.action["docks"][0]}
        elif h.action["type"] == "build":
            assert h.first_step == {"type": "tile", "tile": h.action["tile"]}
        else:
            assert h.first_step is None
        assert Hint.from_json(json.loads(json.dumps(h.to_json()))) == h


def test_nyhavn_hint_reads_only_the_view():
    """Two positions that look the same to the player (hidden cards dealt differently) get the same hint."""
    for i, (state, p) in enumerate(positions(nyhavn.SPEC, 3, 5, limit=6)):
        view = nyhavn.SPEC.view(state, p)
        other = nyhavn.SPEC.determinize(view, p, 999 + i)  # same view, other hidden cards
        assert other != state and nyhavn.SPEC.view(other, p)["hand"] == view["hand"]
        a = coaching.hint(nyhavn.SPEC, view, p, 7, iterations=2)
        b = coaching.hint(nyhavn.SPEC, nyhavn.SPEC.view(other, p), p, 7, iterations=2)
        assert a == b


def test_nyhavn_reason_tells_the_real_points_and_lines():
    """A build's reason gives the points the rules award and the lines it completes, as the score events say."""
    found = 0
    for seed in range(1, 40):
        for state, p in positions(nyhavn.SPEC, 2, seed, every=1, limit=400):
            if state.phase != "turn":
                continue
            for a in nyhavn.SPEC.legal_actions(state):
                if a["type"] != "build":
                    continue
                after = nyhavn_coach.finish_own_turn(nyhavn.SPEC.apply_action(state, a), p)
                lines = [e for e in after.log[len(state.log):] if e["type"] == "score" and e["player"] == p]
                if not lines:
                    continue
                what, why = nyhavn_coach.reason(nyhavn.SPEC.view(state, p), p, a, state, None)
                keys = {x.key: x.params for x in why}
                assert keys["coach.points_now"] == {"points": after.scores[p] - state.scores[p]}
                e = lines[0]
                if e["line"] == "row":
                    assert keys["coach.nyhavn.completes_row"] == {"row": e["index"] + 1}
                else:
                    assert keys["coach.nyhavn.completes_column"] == {"col": e["index"] + 1}
                assert what.key == "coach.nyhavn.build" and what.params["row"] == a["row"] + 1
                found += 1
                break
            if found >= 3:
                return
    assert found >= 3, "no completing build found to check"


def test_hint_text_in_both_languages():
    h = Hint({"type": "pass"}, None, Phrase("coach.nyhavn.build", {"tile": Term("nyhavn", "tile", "red3"),
                                                                  "turns": Phrase("nyhavn.turns.rotated_1"),
                                                                  "col": 2, "row": 1}),
             (Phrase("coach.points_now", {"points": 2}), Phrase("coach.search_points", {"points": 1.25, "rounds": 4})), 3, 4)
    assert h.text("en") == ("build a red size-3 tile, rotated once, at column 2, row 1: +2 now, "
                            "about 1.2 points better than the next best move")
    assert h.text("es") == ("construir una loseta roja de 3, girada una vez, en la columna 2, fila 1: +2 ahora, "
                            "unos 1,2 puntos mejor que la siguiente mejor jugada")


# --------------------------------------------------------------------------- insight

def _record(spec, players, seed, choose_for, options=None):
    """Play a game where ``choose_for(state, seat, step)`` picks each move; return its record."""
    options = options or {}
    state = spec.new_game(players, seed, **options)
    actions = []
    while not spec.is_over(state):
        p = spec.current_player(state)
        a = choose_for(state, p, len(actions) + 1)
        actions.append(a)
        state = spec.apply_action(state, a)
    seats = [Seat("human", None, "me")] + [Seat("computer", "weak", "") for _ in range(players - 1)]
    return GameRecord(spec.game_id, players, seed, options, seats, actions,
                      list(spec.scores(state)), list(spec.winners(state)))


def test_nyhavn_insight_finds_the_costly_turns():
    weak = [nyhavn.SPEC.make_bot("weak", s) for s in (1, 2)]

    def choose(state, p, step):
        return weak[p].choose(nyhavn.SPEC.view(state, p), nyhavn.SPEC.legal_actions(state))

    record = _record(nyhavn.SPEC, 2, 4, choose)
    moments = coaching.insight(record, 0, iterations=2)
    assert 1 <= len(moments) <= 3
    assert [m.loss for m in moments] == sorted((m.loss for m in moments), reverse=True)
    assert len({m.turn for m in moments}) == len(moments)
    replay = Replay(record)
    starts = replay.turn_starts()  # Nyhavn's turns as the replay lists them (its log does not number them)
    for m in moments:
        assert starts[m.turn - 1] <= m.step and (m.turn == len(starts) or m.step < starts[m.turn])
        assert m.loss >= coaching.MIN_LOSS["points"] and m.unit == "points"
        assert replay.players[m.step - 1] == 0 and record.actions[m.step - 1] == m.chosen
        state = replay.state_at(m.step - 1)
        view = nyhavn.SPEC.view(state, 0)
        suggested = nyhavn.SPEC.make_bot("strong", coaching.position_seed(view, 0), iterations=2).choose(
            view, nyhavn.SPEC.legal_actions(state))
        assert m.suggested == suggested and action_key(suggested) != action_key(m.chosen)
        for lang in ("en", "es"):
            assert "{" not in m.text(lang) and str(m.turn) in m.text(lang)
    assert coaching.insight(record, 0, iterations=2) == moments  # the same game gives the same insight


def test_nyhavn_insight_is_empty_when_every_move_was_the_coachs():
    weak = nyhavn.SPEC.make_bot("weak", 9)

    def choose(state, p, step):
        view, legal = nyhavn.SPEC.view(state, p), nyhavn.SPEC.legal_actions(state)
        if p == 0:
            return coaching.coach_player(nyhavn.SPEC, coaching.position_seed(view, p), 2).choose(view, legal)
        return weak.choose(view, legal)

    record = _record(nyhavn.SPEC, 2, 6, choose)
    assert coaching.insight(record, 0, iterations=2) == []


# --------------------------------------------------------------------------- Barrio and Neue Heimat

@pytest.mark.parametrize("players,options", [(1, {"level": "B"}), (2, {}), (4, {})])
def test_barrio_hint_gives_a_legal_move_with_reasons(players, options):
    seen_keep = False
    for i, (state, p) in enumerate(positions(barrio.SPEC, players, 12, limit=soak(8, 4), **options)):
        view, legal = barrio.SPEC.view(state, p), barrio.SPEC.legal_actions(state)
        h = coaching.hint(barrio.SPEC, view, p, seed=50 + i, legal=legal)  # the coach's fixed budget
        assert h.action in legal
        check_texts(h)
        # the hard player's choice at the coach's budget (coach.PLAYER, coach.ITERATIONS), on the same seed
        assert h.action == barrio.SPEC.make_bot("hard", 50 + i, iterations=barrio_coach.ITERATIONS).choose(view, legal)
        if view["phase"] == "keep":  # decided without search
            seen_keep = True
            assert h.searched == 0
        if h.action["type"] == "place":
            assert h.first_step == {"type": "card", "card": h.action["card"]}
    assert seen_keep or players == 1


def test_barrio_compare_is_a_winning_chance():
    state, p = positions(barrio.SPEC, 2, 3, limit=4)[-1]
    view, legal = barrio.SPEC.view(state, p), barrio.SPEC.legal_actions(state)
    values, unit = barrio_coach.compare(view, p, legal[:2], 1, 3)
    assert unit == "chance" and len(values) == 2 and all(0.0 <= v <= 100.0 for v in values)
    assert barrio_coach.compare(view, p, legal[:2], 1, 3) == (values, unit)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_neueheimat_hint_is_the_hard_players_choice(players):
    """The hint is the hard player's choice at the coach's budget; where its play-outs overrule the strong model's own
    choice, the reason says so and names that choice, else it gives the model's figures."""
    overruled, limit = 0, soak(15, 8)
    for i, (state, p) in enumerate(positions(neueheimat.SPEC, players, 30 + players, every=2, limit=limit)):
        view, legal = neueheimat.SPEC.view(state, p), neueheimat.SPEC.legal_actions(state)
        h = coaching.hint(neueheimat.SPEC, view, p, seed=i, legal=legal, iterations=1)
        assert h.action == neueheimat.SPEC.make_bot("hard", i, iterations=1).choose(view, legal)
        model = neueheimat.SPEC.make_bot("strong", i).choose(view, legal)
        keys = [phrase.key for phrase in h.why]
        if h.action != model:
            overruled += 1
            assert keys == ["coach.neueheimat.ahead"]
            assert h.why[0].params["other"] == neueheimat_coach.what(view, model)
        else:
            assert "coach.neueheimat.ahead" not in keys
        check_texts(h)
        assert h.first_step is None
    assert 0 < overruled < limit, "the play-outs never (or always) overruled the model: the reasons' two paths untested"


def test_neueheimat_coach_is_the_hard_player_at_the_hard_levels_budget():
    assert coaching.coach_strength(neueheimat.SPEC) == "hard"
    assert coaching.coach_iterations(neueheimat.SPEC) == neueheimat_bots.HARD_DEALS


def test_neueheimat_insight_skips_only_positions_that_cannot_be_a_moment(monkeypatch):
    """Where the model's values say no suggestion could lose the least loss against the weak player's choice, the
    insight does not ask the hard player; asked anyway (the bound taken away), it finds no moment there either, and
    where the bound lets it judge it finds some."""
    spec = neueheimat.SPEC
    weak = [spec.make_bot("weak", 60 + i) for i in range(3)]
    skipped, judged = [], []
    for state, p in positions(spec, 3, 60, every=2, limit=80):
        view, legal = spec.view(state, p), spec.legal_actions(state)
        chosen = weak[p].choose(view, legal)
        most, unit = neueheimat_coach.loss_bound(view, p, legal, chosen)
        (skipped if most < coaching.MIN_LOSS[unit] else judged).append((state, p, chosen))
    assert len(skipped) >= 8 and len(judged) >= 8
    monkeypatch.delattr(neueheimat_coach, "loss_bound")
    assert all(coaching.assess(spec, state, p, chosen, iterations=1) is None for state, p, chosen in skipped[:8])
    assert any(coaching.assess(spec, state, p, chosen, iterations=1) is not None for state, p, chosen in judged)


def test_neueheimat_values_rank_the_suggestion_first_for_placements():
    """For a placement the model's value of the strong player's choice is the best of all legal ones."""
    checked = 0
    for state, p in positions(neueheimat.SPEC, 3, 2, every=1, limit=400):
        legal = neueheimat.SPEC.legal_actions(state)
        if legal[0]["type"] not in ("place", "mayor", "permit", "cancel"):
            continue
        view = neueheimat.SPEC.view(state, p)
        choice = neueheimat.SPEC.make_bot("strong", 0).choose(view, legal)
        values = neueheimat_coach.values(view, p, legal)
        assert values[legal.index(choice)] == pytest.approx(max(values))
        checked += 1
    assert checked >= 5


# --------------------------------------------------------------------------- catalogue and latency

def test_every_coach_text_exists_in_every_language():
    keys = {k for k in catalogue("en") if k.startswith("coach.")}
    assert keys and keys == {k for k in catalogue("es") if k.startswith("coach.")}
    for lang in ("en", "es"):
        for k in keys:
            assert set(re.findall(r"{(\w+)}", catalogue("en")[k])) == set(re.findall(r"{(\w+)}", catalogue(lang)[k])), k


def test_measure_reports_median_and_p95():
    from lab.hint_latency import measure

    m = measure("nyhavn", 3, iterations=1)
    assert m["n"] == 3 and 0 < m["median"] <= m["p95"] <= m["max"]


@pytest.mark.parametrize("players,leave", [(1, False), (2, False), (1, True)])
def test_the_insight_answers_a_tap_between_its_judgements_and_stops_when_the_end_screen_is_left(monkeypatch, players, leave):
    """The end screen's insight judges the game in slices of the worker's time (here each step of a judgement its
    own slice), counting the turns from the first (a 2-player Barrio game's setup choice has none): the list it shows
    at the end is ``coaching.insight``'s, and a tap on Back to start meanwhile is answered at once and ends the
    work."""
    from game.ui import dom

    from .recorded_games import one_human, play_match
    from .ui_harness import SITE, Harness

    def marks(ops):
        return [op[2] for op in ops if op[:2] == ["host", "thinking"]]

    match = play_match("barrio", players, 12, one_human(players), **({"level": "A"} if players == 1 else {}))
    monkeypatch.setattr(dom, "WORK_SLICE_S", 0.0)  # every step of the work its own turn of the worker
    h = Harness(monkeypatch, href=SITE + "?pause=0&hint_iterations=1")
    h.app.store.save_match(match)
    h.request(type="resume")
    h.page.flush()
    h.ops()
    h.click(h.find("insight-show-0"))
    h.page.flush()
    assert marks(h.ops())[-1][0] is not None and h.find("insight-moments") is None  # shown, nothing judged yet
    h.click(h.find("insight-show-0"))  # a second tap while it works starts nothing more
    judged, counted = 0, []
    # leaving: once the first turn is shown and a few slices more (a solo game's first steps have no turn yet; they
    # are quick only where an earlier test of the process judged the same positions)
    while h.host.timers and not (leave and counted and judged >= 3):
        h.host.run_timers(limit=1)
        h.page.flush()
        counted += [mark[2] for mark in marks(h.ops()) if mark[1]]
        judged += 1
    assert counted and all(turn >= 1 for turn in counted) and counted == sorted(counted)  # "turn N of M", N from 1
    if leave:
        h.click(next(b for b in h.find("end-screen").querySelectorAll("button") if b.textContent == "Back to start"))
        assert h.find("end-screen") is None  # answered in the tap's own turn: the start screen is back
        h.host.run_timers()
        h.page.flush()
        assert marks(h.ops())[-1] == [None, None, 0, 0] and not h.host.timers  # the mark hidden, the work over
    else:
        assert judged > 20  # a turn per step: at least one per decision judged
        moments = coaching.insight(GameRecord.from_match(match), 0, iterations=1)
        shown = h.find("insight-moments")
        lines = [li.textContent for li in shown.children] if shown is not None else []
        assert lines == [m.text("en") for m in moments] and (moments or h.find("insight-none") is not None)
