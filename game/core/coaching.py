"""The coach: a hint at the table and, after the game, the turns that cost the most.

Both ask the coach's player (the game's strong player, or the strength its coach module names as ``PLAYER``:
:func:`coach_player`), from the player's **view only** (the searching players determinize the hidden cards from the
view; they never see the real ones), and explain its choice with the search's own figures.

* :func:`judge` — the one judgement of a position: the coach's player's choice
  for ``player`` on ``view`` with the coach's fixed budget
  (:func:`coach_iterations`) and a seed derived from the position itself
  (:func:`position_seed`), never from the clock or the order of calls.
* :func:`hint` — that judgement at the table: the move, the part of it to
  highlight first, and a short reason.
* :func:`insight` — replays a finished game and returns up to three turns where
  the player's choice lost the most against the coach's estimate; each
  position is judged by :func:`judge` exactly as a hint there would have been,
  so a move taken from a hint is never listed.
* :func:`measure` — hint latency figures (median, p95) for the benchmark.

Each game supplies the game-specific part in ``game/<id>/coach.py``:

``reason(view, player, action, state, report) -> (Phrase, list[Phrase])``
    what the action is and why, from ``state`` (a determinization of the view)
    and the coach's player's :class:`~game.core.search.SearchReport` (or ``None``
    when it decided without a search);
``first_step(view, action) -> dict | None``
    for an action the table takes in several taps, the first thing to tap;
``compare(view, player, actions, seed, iterations) -> (list[float], str)``
    the coach's estimate of each action for ``player`` on the same
    deals, and its unit (``"points"`` or ``"chance"``: percentage points of
    winning chances);
``term(kind, value, lang) -> str``
    a game word (a card's name…) for :class:`Term` parameters.

Texts are catalogue keys (``game/locale/<lang>.json``, keys ``coach.…``) with
parameters, so a hint is JSON (:meth:`Hint.to_json`) and reads in any language.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Generator, Union

from .contract import GameCoach, GameSpec, SteppedBot
from .locale import languages
from .locale import text as _text
from .search import SearchReport, Steps, action_key, finish, search_reports

Action = dict[str, Any]

#: the coach's fixed search budget (rounds of trial deals) for hints and insight alike, in a game whose coach module
#: sets none (:func:`coach_iterations`): the same position always gets the same judgement, on any machine
COACH_ITERATIONS = 4
#: the languages whose sentences the insight checks before listing a moment (the app's languages)
LANGUAGES = languages()
#: losses below this (in the estimate's unit) are noise, not a lesson
MIN_LOSS = {"points": 0.5, "chance": 2.0}
#: other seeds a hint's figure is judged with before it is said as a number (derived from the position's seed)
FIGURE_SEEDS = 3
#: how far the estimates of a figure may spread, per unit, for the number to be said: 10 percentage points of a
#: chance to win, 1 point of a lead in points; wider, the figure is said in words
FIGURE_MARGIN = {"chance": 10.0, "points": 1.0}
#: the catalogue keys a game's reason states its search figure with (``docs/coach.md``): checked by :func:`hint`
FIGURE_KEYS = frozenset({"coach.search_chance", "coach.search_points", "coach.search_close"})


# --------------------------------------------------------------------------- phrases

@dataclass(frozen=True)
class Term:
    """A game word resolved by the game's coach module (``term(kind, value, lang)``), e.g. a card's name."""

    game: str
    kind: str
    value: Any

    def text(self, lang: str) -> str:
        """The word in ``lang``."""
        return _game_coach(self.game).term(self.kind, self.value, lang)

    def to_json(self) -> dict[str, Any]:
        return {"term": [self.game, self.kind, self.value]}


@dataclass(frozen=True)
class Phrase:
    """A catalogue key with its parameters; parameters may be phrases or terms themselves."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str) -> str:
        """The phrase in ``lang`` (English where that language lacks the key)."""
        filled = {k: v.text(lang) if isinstance(v, (Phrase, Term)) else _number(v, lang) for k, v in self.params.items()}
        return _text(self.key, lang, **filled)

    def to_json(self) -> dict[str, Any]:
        """``{"key", "params"}``, nested phrases and terms included (what the worker sends the page)."""
        return {"key": self.key, "params": {k: v.to_json() if isinstance(v, (Phrase, Term)) else v
                                            for k, v in self.params.items()}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Phrase":
        """Read :meth:`to_json` back."""
        return cls(data["key"], {k: _param_from_json(v) for k, v in data.get("params", {}).items()})


def _param_from_json(v: Any) -> Any:
    if isinstance(v, dict) and "key" in v:
        return Phrase.from_json(v)
    if isinstance(v, dict) and "term" in v:
        return Term(*v["term"])
    return v


#: languages that write a decimal comma
_DECIMAL_COMMA = frozenset({"es", "fr", "de"})


def _number(v: Any, lang: str = "en") -> Any:
    """Floats print with one decimal at most (2.0 → "2", 1.25 → "1.2"), with a decimal comma where that is usual."""
    if isinstance(v, float):
        r = round(v, 1)
        if r == int(r):
            return int(r)
        return str(r).replace(".", ",") if lang.split("-")[0] in _DECIMAL_COMMA else str(r)
    return v


Param = Union[Phrase, Term, str, int, float]


def join(phrases: list[Phrase], lang: str) -> str:
    """Several reasons in one clause: ``"+3 now, joins a 4-card panorama"``."""
    return _text("coach.list_separator", lang).join(p.text(lang) for p in phrases)


# --------------------------------------------------------------------------- hint

@dataclass(frozen=True)
class Hint:
    """The coach's suggestion for one decision."""

    action: Action  #: one of the legal actions: what to highlight
    first_step: dict[str, Any] | None  #: for a multi-tap action, what to tap first (game-specific, see docs/coach.md)
    what: Phrase  #: the action in words
    why: tuple[Phrase, ...]  #: short reasons, most telling first
    searched: int  #: candidates the search compared (0 when it decided without a search)
    rounds: int  #: deals each candidate was played out on

    def text(self, lang: str = "en") -> str:
        """One line: ``"Build the red 3 tile: +2 now, completes row 1"``."""
        if not self.why:
            return _text("coach.hint_plain", lang, what=self.what.text(lang))
        return _text("coach.hint", lang, what=self.what.text(lang), why=join(list(self.why), lang))

    def to_json(self) -> dict[str, Any]:
        """JSON for the page: the action, first step, phrases, counts, and the English line."""
        return {"action": self.action, "first_step": self.first_step, "what": self.what.to_json(),
                "why": [p.to_json() for p in self.why], "searched": self.searched, "rounds": self.rounds}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Hint":
        """Read :meth:`to_json` back."""
        return cls(data["action"], data["first_step"], Phrase.from_json(data["what"]),
                   tuple(Phrase.from_json(p) for p in data["why"]), data["searched"], data["rounds"])


def _game_coach(game_id: str) -> GameCoach:
    """The game's part of the coach: its ``SPEC.coach`` hook (``LookupError`` for a game without one)."""
    from .match import load_spec

    loader: Callable[[], GameCoach] | None = load_spec(game_id).coach
    if loader is None:
        raise LookupError(f"{game_id} has no coach")
    return loader()


def coach_strength(spec: GameSpec) -> str:
    """The computer strength whose choice the hint is, in ``spec``'s game: its coach module's ``PLAYER`` when it sets
    one (a name of ``spec.bot_names``), else ``"strong"``."""
    if spec.coach is None:
        return "strong"
    strength = str(getattr(spec.coach(), "PLAYER", "strong"))
    assert strength in spec.bot_names, f"{spec.game_id}'s coach names {strength!r}, not one of {spec.bot_names}"
    return strength


def coach_player(spec: GameSpec, seed: int, iterations: int | None) -> Any:
    """The player whose choice the hint is (:func:`coach_strength`) as the app makes it: a fixed budget when
    ``iterations`` is given."""
    strength = coach_strength(spec)
    if iterations is None:
        return spec.make_bot(strength, seed)
    return spec.make_bot(strength, seed, iterations=iterations)


def coach_iterations(spec: GameSpec) -> int:
    """The coach's fixed budget in ``spec``'s game: its coach module's ``ITERATIONS`` when it sets one, else
    :data:`COACH_ITERATIONS` (the budget of :func:`coach_player`, in that player's own unit).

    A game sets its own so that the coach is at least as strong as its strong player (issue 34: a coach weaker than
    the computer it is followed against loses), within the hint's latency goal.
    """
    if spec.coach is None:
        return COACH_ITERATIONS
    budget = getattr(spec.coach(), "ITERATIONS", COACH_ITERATIONS)
    return int(budget)


def legal_from_view(spec: GameSpec, view: dict[str, Any], player: int, seed: int = 0) -> list[Action]:
    """The legal actions of ``player`` (who must be the one to decide) from the view alone.

    What a seat may do depends only on what it sees, so any determinization gives the same list.
    """
    legal: list[Action] = spec.legal_actions(spec.determinize(view, player, seed))
    return legal


def _canonical(value: Any) -> Any:
    """``value`` with every mapping's keys as strings, so it serialises the same way whatever their types."""
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canonical(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_canonical(v) for v in value), key=repr)
    return value


def _digest(view: dict[str, Any], player: int) -> bytes:
    blob = json.dumps({"player": player, "view": _canonical(view)}, sort_keys=True, separators=(",", ":"), default=repr)
    return hashlib.sha256(blob.encode()).digest()


def position_seed(view: dict[str, Any], player: int) -> int:
    """The coach's seed for ``player``'s decision on ``view``: a digest of what the player sees, and nothing else.

    The same position (the same view for the same seat) always gives the same
    seed, however it was reached and whenever it is asked about: at the table,
    in the insight, in a replay.
    """
    return int.from_bytes(_digest(view, player)[:4], "big") & 0x7FFFFFFF


@dataclass(frozen=True)
class Judgement:
    """The coach's player's choice on one position and the search figures behind it."""

    action: Action  #: one of the legal actions
    report: SearchReport | None  #: the decision's own search (``None`` when it decided without one)
    seed: int  #: the seed it was made with
    iterations: int  #: the search budget it was made with


#: judgements already made, newest last: the insight after a game reuses the hints asked during it (the same
#: position, seed and budget give the same judgement, so this only saves the search); a thousand positions
_JUDGED: "OrderedDict[tuple[Any, ...], Judgement]" = OrderedDict()
_JUDGED_MAX = 1024


def forget_judgements(view: dict[str, Any] | None = None, player: int | None = None) -> None:
    """Drop the remembered judgements, or only those of ``player`` on ``view`` (then searched afresh: the same
    result, only slower)."""
    if view is None:
        _JUDGED.clear()
        return
    digest = _digest(view, int(player or 0))
    for memo in [m for m in _JUDGED if m[1] == digest]:
        del _JUDGED[memo]


def judge(spec: GameSpec, view: dict[str, Any], player: int, legal: list[Action] | None = None, seed: int | None = None,
          iterations: int | None = None) -> Judgement:
    """The coach's judgement of ``player``'s decision on ``view``: what the hint shows and what the insight compares to.

    The coach's player (:func:`coach_player`) is made with ``seed`` (by default :func:`position_seed`)
    and ``iterations`` (by default the game's :func:`coach_iterations`), so the choice equals that player's on this
    view. Only the view is read. (:func:`judge_steps` run to the end.)
    """
    return finish(judge_steps(spec, view, player, legal, seed, iterations))


def judge_steps(spec: GameSpec, view: dict[str, Any], player: int, legal: list[Action] | None = None,
                seed: int | None = None, iterations: int | None = None) -> Steps[Judgement]:
    """:func:`judge` as steps: a pause after each playout of the coach player's search (the app's worker answers a
    tap in between)."""
    if legal is None:
        legal = legal_from_view(spec, view, player, 0)
    if not legal:
        raise ValueError("no legal action to suggest")
    digest = _digest(view, player)
    if seed is None:
        seed = int.from_bytes(digest[:4], "big") & 0x7FFFFFFF
    if iterations is None:
        iterations = coach_iterations(spec)
    memo = (spec.game_id, digest, seed, iterations, tuple(action_key(a) for a in legal))
    if memo in _JUDGED:
        _JUDGED.move_to_end(memo)
        return _JUDGED[memo]
    bot = coach_player(spec, seed, iterations)
    reports: list[SearchReport] = []
    choosing = bot.choose_steps(view, legal) if isinstance(bot, SteppedBot) else None
    while True:  # the searches' reports are collected only while a step runs: nothing else is heard between steps
        with search_reports() as found:
            try:
                if choosing is None:
                    action = bot.choose(view, legal)
                    break
                next(choosing)
            except StopIteration as done:
                action = done.value
                break
            finally:
                reports += found
        yield
    key = action_key(action)
    # The decision's own report: the last search whose candidates include the choice.
    report = next((r for r in reversed(reports) if any(action_key(c) == key for c in r.candidates)), None)
    verdict = _JUDGED[memo] = Judgement(action, report, seed, iterations)
    if len(_JUDGED) > _JUDGED_MAX:
        _JUDGED.popitem(last=False)
    return verdict


def hint(spec: GameSpec, view: dict[str, Any], player: int, seed: int | None = None, iterations: int | None = None,
         legal: list[Action] | None = None) -> Hint:
    """The coach's judgement (:func:`judge`) for ``player`` on ``view``, with what to tap first and why.

    ``view`` is ``spec.view(state, player)``; ``legal`` its legal actions (worked out from the view when
    omitted). ``seed`` defaults to :func:`position_seed` and ``iterations`` to
    the game's :func:`coach_iterations`: the judgement the insight makes of the same
    position. Nothing hidden is read. (:func:`hint_steps` run to the end.)
    """
    return finish(hint_steps(spec, view, player, seed, iterations, legal))


def hint_steps(spec: GameSpec, view: dict[str, Any], player: int, seed: int | None = None,
               iterations: int | None = None, legal: list[Action] | None = None) -> Steps[Hint]:
    """:func:`hint` as steps: the judgement's (:func:`judge_steps`), then one after each other seed's estimate."""
    if legal is None:
        legal = legal_from_view(spec, view, player, 0)
    verdict = yield from judge_steps(spec, view, player, legal, seed, iterations)
    action, report = verdict.action, verdict.report
    coach = _game_coach(spec.game_id)
    state = spec.determinize(view, player, verdict.seed)
    what, said = coach.reason(view, player, action, state, report)
    why = []
    for phrase in said:
        why.append((yield from steady_figure_steps(spec, view, player, verdict, phrase))
                   if phrase.key in FIGURE_KEYS else phrase)
    return Hint(action, coach.first_step(view, action), what, tuple(why),
                len(report.candidates) if report else 0, report.rounds if report else 0)


# --------------------------------------------------------------------------- figures said as numbers or in words

def figure_seeds(seed: int, count: int = FIGURE_SEEDS) -> list[int]:
    """``count`` other seeds for the position whose own seed is ``seed``: derived from it, so always the same."""
    from .rng import Rng

    rng = Rng(seed, stream=31)
    return [rng.next_u32() & 0x7FFFFFFF for _ in range(count)]


@dataclass(frozen=True)
class Estimates:
    """A hint's figure as the position's own search gave it and as other seeds judge the same two moves.

    ``pairs[0]`` is the search's own (the suggested move, the next best); the others come from the game's
    ``compare`` on the same two moves with :func:`figure_seeds`. In ``unit`` (``"chance"``: percent;
    ``"points"``: only the lead between the two is a figure, the pair is ``(lead, 0)``).
    """

    unit: str
    pairs: tuple[tuple[float, float], ...]

    def leads(self) -> list[float]:
        """How much better the suggested move is than the next best, by each judgement."""
        return [a - b for a, b in self.pairs]

    def spreads(self) -> list[float]:
        """How far the judgements spread, for each number the hint would say (a chance: both; points: the lead)."""
        if self.unit == "chance":
            return [max(p[i] for p in self.pairs) - min(p[i] for p in self.pairs) for i in (0, 1)]
        leads = self.leads()
        return [max(leads) - min(leads)]

    def steady(self) -> bool:
        """The number may be said: every judgement finds the move better, and they agree within the margin."""
        margin = FIGURE_MARGIN.get(self.unit, 0.0)
        return all(lead > 0 for lead in self.leads()) and all(s <= margin for s in self.spreads())

    def words_key(self) -> str:
        """The figure in words: clearly better (every judgement by the margin or more), a little better (every
        judgement finds it better), else a close call."""
        leads = self.leads()
        if all(lead >= FIGURE_MARGIN.get(self.unit, 0.0) for lead in leads):
            return "coach.search_clearly_better"
        if all(lead > 0 for lead in leads):
            return "coach.search_little_better"
        return "coach.search_close"


def figure_estimates(spec: GameSpec, view: dict[str, Any], player: int, verdict: Judgement, said: Phrase,
                     seeds: list[int] | None = None) -> Estimates | None:
    """The judgements of the figure ``said`` (a :data:`FIGURE_KEYS` phrase of the hint's reason): its own and, for
    the suggested move and the search's next best only, the game's ``compare`` with other seeds (``None``
    without a next best to compare with)."""
    return finish(figure_estimates_steps(spec, view, player, verdict, said, seeds))


def figure_estimates_steps(spec: GameSpec, view: dict[str, Any], player: int, verdict: Judgement, said: Phrase,
                           seeds: list[int] | None = None) -> Steps[Estimates | None]:
    """:func:`figure_estimates` as steps: a pause after each seed's ``compare``."""
    report = verdict.report
    runner = report.runner_up() if report is not None else None
    if report is None or runner is None:
        return None
    moves = [verdict.action, report.candidates[runner]]
    coach = _game_coach(spec.game_id)
    pairs: list[tuple[float, float]] = []
    unit = ""
    for seed in figure_seeds(verdict.seed) if seeds is None else seeds:
        values, unit = coach.compare(view, player, moves, seed, verdict.iterations)
        pairs.append((values[0], values[1]) if unit == "chance" else (values[0] - values[1], 0.0))
        yield
    if said.key == "coach.search_chance":
        own = (float(said.params["chance"]), float(said.params["other"]))
    elif said.key == "coach.search_points":
        own = (float(said.params["points"]), 0.0)
    else:  # a close call by the search itself: no lead
        own = (pairs[0][1], pairs[0][1]) if unit == "chance" else (0.0, 0.0)
    return Estimates(unit, (own, *pairs))


def steady_figure(spec: GameSpec, view: dict[str, Any], player: int, verdict: Judgement, said: Phrase) -> Phrase:
    """The hint's figure ``said`` as the player reads it: the number when the other seeds agree with it
    (:meth:`Estimates.steady`), else in words ("clearly better", "a little better", "a close call")."""
    return finish(steady_figure_steps(spec, view, player, verdict, said))


def steady_figure_steps(spec: GameSpec, view: dict[str, Any], player: int, verdict: Judgement,
                        said: Phrase) -> Steps[Phrase]:
    """:func:`steady_figure` as steps (:func:`figure_estimates_steps`)."""
    if said.key == "coach.search_close":  # the search itself found no lead: nothing for other seeds to confirm
        return Phrase("coach.search_close")
    estimates = yield from figure_estimates_steps(spec, view, player, verdict, said)
    if estimates is not None and estimates.steady():
        return Phrase(said.key, {k: v for k, v in said.params.items() if k != "rounds"})
    return Phrase(estimates.words_key() if estimates is not None else "coach.search_close")


# --------------------------------------------------------------------------- insight

@dataclass(frozen=True)
class Moment:
    """A decision where the player's choice lost against the coach's suggestion."""

    step: int  #: 1-based step of the replay (``Replay.state_at(step - 1)`` is the position)
    turn: int  #: the turn as the game's log numbers it (:func:`log_turns`); 0 before the first turn
    chosen: Action
    suggested: Action
    chosen_what: Phrase
    suggested_what: Phrase
    loss: float  #: estimated loss of the chosen action against the suggestion, in ``unit``
    unit: str  #: ``"points"`` or ``"chance"`` (percentage points of winning chances)

    def text(self, lang: str = "en") -> str:
        """``"Turn 7: you chose to …; the coach would … (about 3 points better)."`` (the log's turn 7), or
        ``"Before the first turn: …"`` for a decision of the setup (Barrio's houses kept, a Klaus tie)."""
        return _text("coach.moment" if self.turn else "coach.moment_setup", lang, turn=self.turn,
                     chosen=self.chosen_what.text(lang), suggested=self.suggested_what.text(lang),
                     loss=self.loss_text(lang))

    def loss_text(self, lang: str = "en") -> str:
        """The estimated loss in words."""
        return _text(f"coach.loss.{self.unit}", lang, loss=_number(self.loss, lang))

    def to_json(self) -> dict[str, Any]:
        return {"step": self.step, "turn": self.turn, "chosen": self.chosen, "suggested": self.suggested,
                "chosen_what": self.chosen_what.to_json(), "suggested_what": self.suggested_what.to_json(),
                "loss": self.loss, "unit": self.unit}


def _replay(game: Any) -> Any:
    from .match import Match
    from .record import GameRecord, Replay

    if isinstance(game, Replay):
        return game
    if isinstance(game, Match):
        game = GameRecord.from_match(game)
    if isinstance(game, GameRecord):
        return Replay(game)
    raise TypeError("insight needs a GameRecord, a Replay or a finished Match")


def log_turns(replay: Any) -> list[int]:
    """The turn of each step of ``replay`` (``[k - 1]`` for step ``k``) as the game's log numbers its turns.

    A game whose state counts turns (Barrio's ``turn_number``, which its log writes as "Turn 3: you.", and
    which :meth:`Match._turn_mark <game.core.match.Match._turn_mark>` reads the same way) is numbered by that
    count in the position the decision is taken in: 0 before the first turn (the houses kept at the start, a
    Klaus tie at the setup), and a Klaus tie at the end of a solo turn belongs to that turn. A game without one
    is numbered as the replay lists its turns (:meth:`Replay.turn_starts`: every seat's turns, from 1).
    """
    if hasattr(replay.state_at(0), "turn_number"):
        return [int(replay.state_at(k).turn_number) for k in range(len(replay))]
    starts = set(replay.turn_starts())
    turns, turn = [], 0
    for step in range(1, len(replay) + 1):
        turn += step in starts
        turns.append(turn)
    return turns


def reads_the_same(a: Phrase, b: Phrase, languages: tuple[str, ...] = LANGUAGES) -> bool:
    """True when two actions' words are the same sentence in one of ``languages``: a lesson that cannot be told apart."""
    return any(a.text(lang) == b.text(lang) for lang in languages)


def assess(spec: GameSpec, state: Any, seat: int, chosen: Action, iterations: int | None = None) -> Moment | None:
    """The coach's verdict on ``seat`` playing ``chosen`` in ``state`` (:func:`assess_steps` run to the end)."""
    return finish(assess_steps(spec, state, seat, chosen, iterations))


def assess_steps(spec: GameSpec, state: Any, seat: int, chosen: Action,
                 iterations: int | None = None) -> Steps[Moment | None]:
    """The coach's verdict on ``seat`` playing ``chosen`` in ``state``: a :class:`Moment` when it was a mistake, else ``None``.
    (As steps: the judgement's, :func:`judge_steps`.)

    The position is judged by :func:`judge` on the seat's view (the same seed
    and budget as a hint there); when the suggestion differs from ``chosen``,
    the game's ``compare`` estimates both on the same deals, and a loss under
    :data:`MIN_LOSS` is noise. A game whose ``compare`` is exact can say how much any suggestion could lose against
    ``chosen`` (its coach module's ``loss_bound(view, seat, legal, chosen) -> (most, unit)``); under
    :data:`MIN_LOSS` the position is not judged at all (Neue Heimat: the same verdict without the hard player's
    search). A mistake whose two moves read the same in one
    of :data:`LANGUAGES` is not one the player could learn from: not listed.
    ``step`` and ``turn`` of the result are 0 (the caller places it in the game).
    """
    legal = spec.legal_actions(state)
    if len(legal) < 2:
        return None
    view = spec.view(state, seat)
    coach = _game_coach(spec.game_id)
    bound = getattr(coach, "loss_bound", None)
    if bound is not None:
        most, unit = bound(view, seat, legal, chosen)
        if most < MIN_LOSS.get(unit, 0.0):
            return None  # no suggestion could lose enough against ``chosen`` by ``compare``: no need to judge
    verdict = yield from judge_steps(spec, view, seat, legal, None, iterations)
    suggested = verdict.action
    if action_key(suggested) == action_key(chosen):
        return None
    values, unit = coach.compare(view, seat, [suggested, chosen], verdict.seed, verdict.iterations)
    loss = values[0] - values[1]
    if loss < MIN_LOSS.get(unit, 0.0):
        return None
    chosen_what = coach.reason(view, seat, chosen, state, None)[0]
    suggested_what = coach.reason(view, seat, suggested, state, None)[0]
    if reads_the_same(chosen_what, suggested_what):
        return None
    return Moment(0, 0, chosen, suggested, chosen_what, suggested_what, round(loss, 2), unit)


def insight(game: Any, seat: int, iterations: int | None = None, limit: int = 3,
            progress: Callable[[int, int], None] | None = None) -> list[Moment]:
    """Up to ``limit`` turns where ``seat``'s choice lost the most against the coach's estimate.

    ``game`` is a :class:`~game.core.record.GameRecord`, a
    :class:`~game.core.record.Replay` or a finished :class:`~game.core.match.Match`.
    Every decision of ``seat`` with a choice is judged by :func:`assess`, as a
    hint on that position would have been (a move taken from a hint is never
    a mistake). The worst decision of each turn is kept; the result is worst
    first and the same for the same game. ``progress(turn, last)`` is called as
    each of the seat's turns is begun (numbered as the log numbers them; ``last``
    is the seat's last turn): judging a whole game takes seconds on a phone
    (:func:`insight_steps` is the same work a decision at a time).
    """
    steps = insight_steps(game, seat, iterations, limit)
    reported = -1
    while True:
        try:
            turn, last = next(steps)
        except StopIteration as done:
            moments: list[Moment] = done.value
            return moments
        if progress is not None and turn != reported:
            progress(turn, last)
            reported = turn


def insight_steps(game: Any, seat: int, iterations: int | None = None,
                  limit: int = 3) -> Generator[tuple[int, int], None, list[Moment]]:
    """:func:`insight` in steps, for a caller that must answer other things meanwhile (the app's worker between a
    player's taps): yields ``(turn, last)`` before each of ``seat``'s decisions is judged and after each step of its
    judgement (:func:`assess_steps`), and returns the moments."""
    replay = _replay(game)
    spec = replay.spec
    turns = log_turns(replay)  # "Turn 5" as the log says it, so the player finds the moment there
    steps = [step for step in range(1, len(replay) + 1) if replay.players[step - 1] == seat]
    last = max((turns[step - 1] for step in steps), default=0)
    worst: dict[int, Moment] = {}
    for step in steps:
        turn = turns[step - 1]
        yield turn, last
        judging = assess_steps(spec, replay.state_at(step - 1), seat, replay.record.actions[step - 1], iterations)
        while True:
            try:
                next(judging)
            except StopIteration as done:
                moment = done.value
                break
            yield turn, last
        if moment is None:
            continue
        if turn not in worst or moment.loss > worst[turn].loss:
            worst[turn] = replace(moment, step=step, turn=turn)
    return sorted(worst.values(), key=lambda m: (-m.loss, m.step))[:limit]
