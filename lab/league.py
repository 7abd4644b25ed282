"""The league (issue 34): round-robins of computer players with fixed seeds, every seat order.

``python3 -m lab.league <game> [CANDIDATE ...] [--players 1|2|N] [-n SEEDS] [--jobs 2] [--write-doc]``

The pool (:func:`default_pool`), in this order:

- ``weak``, ``v1`` (the previous strong player frozen in ``lab/<game>/bots_v1.py``, when that file exists),
  then every other strength of ``SPEC.bot_names`` (``strong``, and a later ``hard`` with no change here);
- ``<strength>@coach``: the coach's player (:func:`game.core.coaching.coach_strength`: ``strong``, Barrio's
  ``hard``) at the coach's budget (:func:`game.core.coaching.coach_iterations`);
- ``follower``: plays the coach's hint on every decision, computed as the app's Hint button does
  (:func:`game.core.coaching.hint` with the position's seed and the coach's budget, from the seat's view only);
- each ``CANDIDATE`` given as ``module:function[:name]``: a ``make_bot``-like factory, called
  ``function(name, seed, iterations=N)`` like the strong player (``name`` defaults to ``"strong"``);
  ``label=module:function`` names it in the tables.

Formats, by player count (``--players``; by default 2 and the most, and 1 where the game has an automa):

- **solo, against the automa** (a game with ``SPEC.automa``, Barrio's Klaus): each player of the pool alone at
  every level of the automa, on the same seeds; the row is the player's share of wins against the automa at that
  level (the solo mode is the headline use: a coach worth following must beat Klaus as often as strong does);
- **2 players, head to head**: every pair plays both seat orders on the same seeds; the row is the later
  player of the pool against the earlier one (``strong`` against ``v1``, ``follower`` against ``strong``);
- **the most players, one against the rest**: one seat of X, every other seat Y, X in every seat position on
  the same seeds; X's share of the wins against the fair share 1/n. Then "all X": every seat X, the mean
  score per seat (Neue Heimat's goal: three strong average at least three weak).

A shared win counts as a fraction (1/number of winners); the interval is Wilson's 95 % score interval of the
win share. Every search player gets a fixed number of rounds per decision (never the clock), so a command
prints the same table on any machine, whatever ``--jobs`` (games are independent and summed in order).
Progress goes to stderr; the markdown tables to stdout; ``--write-doc`` also puts each table into
``docs/<game>.md`` between its marker comments (:func:`write_doc`).
"""

from __future__ import annotations

import argparse
import importlib
import math
import multiprocessing
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

from game import GAMES
from game.core import Rng, load_spec
from game.core import coaching
from game.core.contract import Automa, Bot, GameSpec

ROOT = Path(__file__).resolve().parents[1]

#: the strong player's rounds per decision in the league, for a game whose app player stops on a clock: the
#: budgets of each doc's reproducible figures (Barrio 12 paired deals, about what its 40 ms clock completes; Neue
#: Heimat's strong player has no search, the budget changes nothing). Nyhavn's strong player has a fixed budget of
#: its own (``game.nyhavn.bots.STRONG_SAMPLES``): the league plays it as the app does
STRONG_ITERATIONS: dict[str, int | None] = {"barrio": 12, "nyhavn": None, "neueheimat": 1}
#: the frozen former strong player's rounds per decision: the budget it was shipped with (Nyhavn's v1 stopped at 3
#: samples, its 80 ms clock rarely reached; Barrio's at its 40 ms clock, as the strong player's 12 above)
V1_ITERATIONS = {"barrio": 12, "nyhavn": 3, "neueheimat": 1}
#: a game missing above (a new one) gets this budget rather than the clock
FALLBACK_ITERATIONS = 12
#: seeds per pairing when ``-n`` is not given: 200 games per 2-player row (about ±7 points), 400 per
#: one-against-the-rest row at 4 players (about ±4 points around the fair share)
DEFAULT_SEEDS = 100
Z95 = 1.959964


# --------------------------------------------------------------------------- the players

@dataclass(frozen=True)
class Player:
    """One member of the pool, as data (it crosses to the worker processes)."""

    label: str  #: the name in the tables
    kind: str  #: "bot" (a strength of SPEC.bot_names), "v1", "follower" or "factory"
    name: str = ""  #: the strength ("bot"), the bot name passed to the factory ("factory", "v1")
    iterations: int | None = None  #: fixed rounds per decision (``None``: the player has no search budget to fix)
    factory: str = ""  #: "module:function" ("factory")


class CoachFollower:
    """Plays the coach's hint on every decision, exactly as the app's Hint button computes it.

    The app (``game.ui.screen.ask_hint``) asks :func:`game.ui.coach_display.hint_steps` (:func:`game.ui.coach_display.compute_hint`'s
    steps), which run :func:`game.core.coaching.hint_steps` with the seat's view, the seed of that position
    (:func:`game.core.coaching.position_seed`), the coach's own budget (``iterations=None``) and the legal
    actions. The hint's action is that call's judgement (:func:`game.core.coaching.judge`, the same arguments);
    this player asks for the judgement alone and plays its action: the same move, without the reason's words
    and their figure checks, which only cost time here.
    """

    def __init__(self, spec: GameSpec, seat: int) -> None:
        self.spec = spec
        self.seat = seat

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        seed = coaching.position_seed(view, self.seat)
        action: dict[str, Any] = coaching.judge(self.spec, view, self.seat, legal, seed, None).action
        return action


def v1_module(game_id: str) -> Any | None:
    """``lab/<game>/bots_v1.py``, the frozen former strong player, or ``None`` when the game has none."""
    if not (ROOT / "lab" / game_id / "bots_v1.py").is_file():
        return None
    return importlib.import_module(f"lab.{game_id}.bots_v1")


def load_factory(path: str) -> Callable[..., Bot]:
    """The function named by ``module:function``."""
    module_name, _, function = path.partition(":")
    if not module_name or not function:
        raise ValueError(f"a candidate is module:function, not {path!r}")
    found: Callable[..., Bot] = getattr(importlib.import_module(module_name), function)
    return found


def make_player(player: Player, game_id: str, seed: int, seat: int) -> Bot:
    """The computer player ``player`` for ``seat``, made with ``seed`` and its fixed budget."""
    spec: GameSpec = load_spec(game_id)
    if player.kind == "bot":
        if player.iterations is None:
            return spec.make_bot(player.name, seed)
        return spec.make_bot(player.name, seed, iterations=player.iterations)
    if player.kind == "v1":
        frozen = v1_module(game_id)
        if frozen is None:
            raise ValueError(f"{game_id} has no lab/{game_id}/bots_v1.py")
        if hasattr(frozen, "make_bot"):  # a verbatim copy of the game's bots.py
            bot: Bot = frozen.make_bot(player.name, seed, iterations=player.iterations)
            return bot
        bot = frozen.StrongBot(seed, iterations=player.iterations)  # Barrio's copy keeps only the strong player
        return bot
    if player.kind == "follower":
        return CoachFollower(load_spec(game_id), seat)
    if player.kind == "factory":
        bot = load_factory(player.factory)(player.name, seed, iterations=player.iterations)
        return bot
    raise ValueError(f"unknown kind of player {player.kind!r}")


def strong_iterations(game_id: str) -> int | None:
    """The strong player's fixed rounds per decision in the league (``None``: its app budget is already fixed)."""
    return STRONG_ITERATIONS.get(game_id, FALLBACK_ITERATIONS)


def v1_iterations(game_id: str) -> int:
    """The frozen former strong player's rounds per decision: the budget it shipped with."""
    return V1_ITERATIONS.get(game_id, FALLBACK_ITERATIONS)


def candidate(text: str, iterations: int | None) -> Player:
    """A command-line candidate: ``[label=]module:function[:name]``."""
    label, eq, rest = text.partition("=")
    if not eq:
        label, rest = "", text
    parts = rest.split(":")
    if len(parts) not in (2, 3) or not all(parts):
        raise ValueError(f"a candidate is [label=]module:function[:name], not {text!r}")
    factory = ":".join(parts[:2])
    return Player(label or rest, "factory", parts[2] if len(parts) == 3 else "strong", iterations, factory)


def default_pool(game_id: str, candidates: Sequence[str] = (), iterations: int | None = None) -> list[Player]:
    """weak, v1 (when frozen), the other strengths, the coach's player, follower (when the game has a coach), candidates.

    ``iterations`` overrides the budgets of v1, strong and the candidates (all get the same); without it v1 plays
    at the budget it shipped with and strong at its app budget (or, where that is a clock, the rounds it completes).
    """
    spec = load_spec(game_id)
    budget = strong_iterations(game_id) if iterations is None else iterations
    weakest, *others = spec.bot_names
    pool = [Player(weakest, "bot", weakest)]
    if v1_module(game_id) is not None:
        pool.append(Player("v1", "v1", "strong", v1_iterations(game_id) if iterations is None else iterations))
    # Only "strong" has a clock to replace; a later strength (hard) must carry its own fixed budget (issue 34).
    pool += [Player(name, "bot", name, budget if name == "strong" else None) for name in others]
    if "strong" in spec.bot_names:
        strength = coaching.coach_strength(spec)
        pool.append(Player(f"{strength}@coach", "bot", strength, coaching.coach_iterations(spec)))
        if spec.coach is not None:
            pool.append(Player("follower", "follower"))
    pool += [candidate(c, budget) for c in candidates]
    return pool


# --------------------------------------------------------------------------- playing

@dataclass(frozen=True)
class Game:
    """One game to play: the seed, who sits where and the start options (the automa's level, in solo)."""

    seed: int
    seats: tuple[str, ...]  #: a label of the pool per seat
    options: tuple[tuple[str, Any], ...] = ()  #: ``new_game``'s keyword options, as (name, value) pairs


@dataclass(frozen=True)
class Result:
    """One game played: its final scores and winners (seat numbers), as the engine's ``SPEC`` gives them."""

    game: Game
    scores: tuple[int, ...]
    winners: tuple[int, ...]


_WORKER: dict[str, Any] = {}


def _init_worker(game_id: str, pool: list[Player]) -> None:
    _WORKER["game"] = game_id
    _WORKER["pool"] = {p.label: p for p in pool}


def play(game_id: str, pool: dict[str, Player], game: Game) -> Result:
    """Play ``game`` through ``SPEC`` only; each seat decides from its own view.

    Seat ``i``'s player is made with the ``i``-th number of ``Rng(seed, stream=7)`` (as ``game.core.play`` does),
    whoever sits there, so swapping seats swaps only the players.
    """
    spec: GameSpec = load_spec(game_id)
    state = spec.new_game(len(game.seats), game.seed, **dict(game.options))
    rng = Rng(game.seed, stream=7)
    bots = [make_player(pool[label], game_id, rng.next_u32(), seat) for seat, label in enumerate(game.seats)]
    guard = 0
    while not spec.is_over(state):
        seat = spec.current_player(state)
        assert seat is not None  # a game that is not over has a seat to decide
        legal = spec.legal_actions(state)
        state = spec.apply_action(state, bots[seat].choose(spec.view(state, seat), legal))
        guard += 1
        if guard > 20000:
            raise RuntimeError(f"{game_id}: game {game} did not end within 20000 actions")
    return Result(game, tuple(spec.scores(state)), tuple(spec.winners(state)))


def _play_in_worker(game: Game) -> Result:
    return play(_WORKER["game"], _WORKER["pool"], game)


def play_all(game_id: str, pool: list[Player], games: list[Game], jobs: int = 2,
             progress: Callable[[int, int], None] | None = None) -> list[Result]:
    """Every game's result, in the order given, on ``jobs`` processes (1: in this one)."""
    results: list[Result] = []
    if jobs <= 1:
        by_label = {p.label: p for p in pool}
        played: Iterator[Result] = (play(game_id, by_label, g) for g in games)
        for result in played:
            results.append(result)
            if progress:
                progress(len(results), len(games))
        return results
    with multiprocessing.get_context("fork").Pool(jobs, _init_worker, (game_id, pool)) as workers:
        for result in workers.imap(_play_in_worker, games, chunksize=1):
            results.append(result)
            if progress:
                progress(len(results), len(games))
    return results


# --------------------------------------------------------------------------- the schedule

def seeds(first: int, count: int) -> list[int]:
    return list(range(first, first + count))


def solo_games(pool: list[Player], automa: Automa, seed_list: list[int]) -> list[Game]:
    """1 player: every member of the pool alone against the automa, at each of its levels, on the same seeds."""
    return [Game(seed, (member.label,), ((automa.level_option, level),))
            for level in automa.levels for member in pool for seed in seed_list]


def automa_label(automa: Automa, level: str) -> str:
    """The automa at one level, as the tables name it: "Klaus, level A"."""
    return f"{automa.name.capitalize()}, {automa.level_option} {level}"


def head_to_head_games(pool: list[Player], seed_list: list[int]) -> list[Game]:
    """2 players: every pair of the pool in both seat orders on the same seeds."""
    games = []
    for j, later in enumerate(pool):
        for earlier in pool[:j]:
            for seed in seed_list:
                games += [Game(seed, (later.label, earlier.label)), Game(seed, (earlier.label, later.label))]
    return games


def one_against_rest_games(pool: list[Player], players: int, seed_list: list[int]) -> list[Game]:
    """``players`` seats: the later player of each pair in one seat (each position on the same seeds), the
    earlier one in all the others; then every seat the same player ("all X")."""
    games = []
    for j, later in enumerate(pool):
        for earlier in pool[:j]:
            for seed in seed_list:
                for position in range(players):
                    games.append(Game(seed, tuple(later.label if s == position else earlier.label for s in range(players))))
    for member in pool:
        games += [Game(seed, (member.label,) * players) for seed in seed_list]
    return games


# --------------------------------------------------------------------------- figures

def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a win share (``wins`` may hold fractions from shared wins)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    # The interval always holds p; min/max only keep rounding (p = 1 gives 0.9999…) from saying otherwise.
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass
class Row:
    """One player against one opponent (2 players) or against a table of the same opponent (the rest)."""

    player: str
    opponent: str
    players: int
    games: int = 0
    wins: float = 0.0
    score: float = 0.0  #: sum of the player's scores
    opponent_score: float = 0.0  #: sum of the best other seat's scores
    margin: float = 0.0  #: sum of (the player's score - the best other seat's)
    positions: dict[int, int] = field(default_factory=dict)  #: games played from each seat

    def add(self, result: Result, seat: int) -> None:
        # every other side: the rivals' seats, or in solo the automa's (scores list it after the player)
        best_other = max(s for i, s in enumerate(result.scores) if i != seat)
        self.games += 1
        if seat in result.winners:
            self.wins += 1 / len(result.winners)
        self.score += result.scores[seat]
        self.opponent_score += best_other
        self.margin += result.scores[seat] - best_other
        self.positions[seat] = self.positions.get(seat, 0) + 1

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


@dataclass
class AllSame:
    """Every seat the same player: the mean score per seat."""

    player: str
    players: int
    games: int = 0
    total: float = 0.0  #: sum over games of the seats' mean score

    @property
    def mean(self) -> float:
        return self.total / self.games if self.games else 0.0


def tally(results: list[Result], players: int, pool: list[Player], automa: Automa | None = None) -> tuple[list[Row], list[AllSame]]:
    """The rows, in schedule order. A solo game counts for its player against the automa at the game's level; a
    2-player game for the later of its pair in ``pool`` (against the earlier); a game at more players for the one
    seat that differs from the rest."""
    order = {p.label: i for i, p in enumerate(pool)}
    rows: dict[tuple[str, str], Row] = {}
    same: dict[str, AllSame] = {}
    for result in results:
        labels = result.game.seats
        if players == 1:
            if automa is None:
                raise ValueError("a solo league needs the game's automa")
            key = (labels[0], automa_label(automa, dict(result.game.options)[automa.level_option]))
            rows.setdefault(key, Row(key[0], key[1], players)).add(result, 0)
            continue
        kinds = sorted(set(labels), key=lambda label: order[label])
        if len(kinds) == 1:
            entry = same.setdefault(labels[0], AllSame(labels[0], players))
            entry.games += 1
            entry.total += sum(result.scores[:players]) / players
            continue
        earlier, later = kinds
        if players == 2 or labels.count(later) == 1:
            key = (later, earlier)
        else:
            key = (earlier, later)
        row = rows.setdefault(key, Row(key[0], key[1], players))
        row.add(result, labels.index(key[0]))
    return list(rows.values()), list(same.values())


def percent(x: float) -> str:
    return f"{100 * x:.1f} %"


def _signed(x: float) -> str:
    return f"{x:+.2f}"


def markdown_table(rows: list[Row], same: list[AllSame], players: int) -> str:
    """The rows as a markdown table (and the "all X" table at more than 2 players)."""
    lines = []
    if players <= 2:
        lines.append("| player | against | games | wins (ties shared) | 95 % interval | mean score | opponent's | mean margin |")
        lines.append("|---|---|---|---|---|---|---|---|")
        for r in rows:
            lo, hi = r.interval
            lines.append(f"| {r.player} | {r.opponent} | {r.games} | **{percent(r.rate)}** | {percent(lo)} – {percent(hi)} "
                         f"| {r.score / r.games:.2f} | {r.opponent_score / r.games:.2f} | {_signed(r.margin / r.games)} |")
        return "\n".join(lines)
    fair = 1 / players
    lines.append(f"| one seat | every other seat | games | its share of wins (fair share {percent(fair)}) | 95 % interval "
                 "| × fair share | mean score | best rival's | mean margin |")
    lines.append("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        lo, hi = r.interval
        lines.append(f"| {r.player} | {r.opponent} | {r.games} | **{percent(r.rate)}** | {percent(lo)} – {percent(hi)} "
                     f"| {r.rate / fair:.2f} ({lo / fair:.2f} – {hi / fair:.2f}) | {r.score / r.games:.2f} "
                     f"| {r.opponent_score / r.games:.2f} | {_signed(r.margin / r.games)} |")
    if same:
        lines.append("")
        lines.append(f"| every seat ({players}) | games | mean score per seat |")
        lines.append("|---|---|---|")
        for s in same:
            lines.append(f"| all {s.player} | {s.games} | {s.mean:.2f} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- the goals of issue 34

def _find(rows: list[Row], player: str, opponent: str) -> Row | None:
    return next((r for r in rows if r.player == player and r.opponent == opponent and r.games), None)


def goal_lines(rows: list[Row], same: list[AllSame], players: int) -> list[str]:
    """Issue 34's goals that this table measures, each with its figure and verdict (the point estimate decides;
    the interval says how sure that is)."""
    if players == 1:
        return solo_goal_lines(rows)
    fair = 1 / players
    checks: list[tuple[str, Row | None, float]] = []
    if players == 2:
        checks += [("strong beats v1 in ≥ 60 % of 2-player games", _find(rows, "strong", "v1"), 0.60),
                   ("hard beats strong in ≥ 60 % of 2-player games", _find(rows, "hard", "strong"), 0.60),
                   ("the follower wins at least the fair share against strong", _find(rows, "follower", "strong"), fair)]
    else:
        checks += [("strong wins ≥ 1.3× the fair share against v1", _find(rows, "strong", "v1"), 1.3 * fair),
                   ("strong wins ≥ 80 % against weak", _find(rows, "strong", "weak"), 0.80),
                   ("the follower wins at least the fair share against strong", _find(rows, "follower", "strong"), fair)]
    lines = []
    for goal, row, target in checks:
        if row is None:
            continue
        lo, hi = row.interval
        verdict = "met" if row.rate >= target else "**not met**"
        sure = " (the interval includes the goal)" if lo < target <= hi or lo <= target < hi else ""
        lines.append(f"- {goal}: {percent(row.rate)} against {percent(target)}, {verdict}{sure}")
    means = {s.player: s.mean for s in same if s.games}
    if "strong" in means and "weak" in means:
        verdict = "met" if means["strong"] >= means["weak"] else "**not met**"
        lines.append(f"- every seat strong averages at least every seat weak (Neue Heimat's goal): "
                     f"{means['strong']:.2f} against {means['weak']:.2f}, {verdict}")
    return lines


def solo_goal_lines(rows: list[Row]) -> list[str]:
    """In solo there is no fair share: the coach is worth following when its follower beats the automa at least
    as often as the strong player does, at every level."""
    lines = []
    for row in rows:
        if row.player != "follower" or not row.games:
            continue
        strong = _find(rows, "strong", row.opponent)
        if strong is None:
            continue
        verdict = "met" if row.rate >= strong.rate else "**not met**"
        lines.append(f"- the follower beats {row.opponent} at least as often as strong: {percent(row.rate)} against "
                     f"{percent(strong.rate)}, {verdict} (mean score {row.score / row.games:.2f} against "
                     f"{strong.score / strong.games:.2f})")
    return lines


# --------------------------------------------------------------------------- the run

@dataclass
class League:
    """One table: a game, a player count, the pool and the seeds."""

    game_id: str
    players: int
    pool: list[Player]
    seed_list: list[int]

    def games(self) -> list[Game]:
        if self.players == 1:
            return solo_games(self.pool, self.automa(), self.seed_list)
        if self.players == 2:
            return head_to_head_games(self.pool, self.seed_list)
        return one_against_rest_games(self.pool, self.players, self.seed_list)

    def run(self, jobs: int = 2, progress: Callable[[int, int], None] | None = None) -> tuple[list[Row], list[AllSame]]:
        results = play_all(self.game_id, self.pool, self.games(), jobs, progress)
        return tally(results, self.players, self.pool, load_spec(self.game_id).automa)

    def automa(self) -> Automa:
        """The game's automa (a solo league has one to play against)."""
        found = load_spec(self.game_id).automa
        if found is None:
            raise ValueError(f"{self.game_id} has no automa: no solo league")
        return found


def budgets_text(spec: GameSpec, pool: list[Player]) -> str:
    """Who searched how much, in words."""
    parts = []
    for p in pool:
        if p.kind == "follower":
            budget = coaching.coach_iterations(spec)
            parts.append(f"follower: the coach's hint (the {coaching.coach_strength(spec)} player at {budget} "
                         f"round{'s' if budget != 1 else ''}, the position's own seed)")
        elif p.iterations is not None:
            parts.append(f"{p.label} {p.iterations} round{'s' if p.iterations != 1 else ''} per decision")
    return "; ".join(parts) if parts else "no player searches"


def _git(*args: str) -> str:
    try:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=20).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def commit_text() -> str:
    """The commit measured, and whether the code differed from it."""
    commit = _git("rev-parse", "--short", "HEAD") or "unknown"
    dirty = _git("status", "--porcelain", "--untracked-files=no", "--", "game", "lab")
    return f"`{commit}`" + (" with uncommitted changes to game/ or lab/" if dirty else "")


def _load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def block(league: League, rows: list[Row], same: list[AllSame], command: str, started: str, load_start: str,
          seconds: float, jobs: int) -> str:
    """The section a doc holds between its markers: heading, how it was measured, table, goals, the command."""
    n, first = len(league.seed_list), league.seed_list[0]
    title = load_spec(league.game_id).title
    if league.players == 1:
        automa = league.automa()
        heading = f"### League: {title}, solo against {automa.name.capitalize()}"
        how = (f"seeds {first}–{first + n - 1} at each level ({', '.join(automa.levels)}): "
               f"{n} games per row")
    elif league.players == 2:
        heading = f"### League: {title}, 2 players, head to head"
        how = f"seeds {first}–{first + n - 1}, each pair in both seat orders: {2 * n} games per row"
    else:
        heading = f"### League: {title}, {league.players} players, one against the rest"
        how = (f"seeds {first}–{first + n - 1}, the one seat in each of the {league.players} positions: "
               f"{league.players * n} games per row; {n} game{'s' if n != 1 else ''} per \"all\" row")
    text = [heading, "",
            f"Measured {started} on commit {commit_text()}, on the shared {os.cpu_count()}-core development machine "
            f"(load average {load_start} at the start, {_load()} at the end; `--jobs {jobs}`, {seconds:.0f} s); {how}. "
            f"Budgets: {budgets_text(load_spec(league.game_id), league.pool)}; the others are made as the app makes them (weak has no search). Wins shared by a tie count as "
            "a fraction; intervals are Wilson's 95 %.", "",
            markdown_table(rows, same, league.players)]
    goals = goal_lines(rows, same, league.players)
    if goals:
        intro = ("Goals of issue 34 this table measures:" if league.players > 1 else
                 "The coach's goal, read for solo (issue 34 asks for the fair share against strong rivals; alone "
                 "against the automa there are none, so the follower is held to strong's own record):")
        text += ["", intro, "", *goals]
    text += ["", f"Reproduce: `{command}`"]
    return "\n".join(text) + "\n"


def markers(players: int, section: str = "") -> tuple[str, str]:
    """The comments around a table in the doc; ``section`` names another table of the same player count (a few
    rows re-run with ``--pool``, kept beside the whole pool's table instead of replacing it)."""
    name = f"players={players}" + (f" {section}" if section else "")
    return f"<!-- league {name} -->", f"<!-- /league {name} -->"


def write_doc(path: Path, players: int, content: str, section: str = "") -> None:
    """Replace what lies between the doc's markers for ``players`` (and ``section``) with ``content`` (the markers
    must be there)."""
    start, end = markers(players, section)
    text = path.read_text()
    if text.count(start) != 1 or text.count(end) != 1 or text.index(start) > text.index(end):
        raise ValueError(f"{path} needs exactly one {start} … {end} section for the league's table")
    before, rest = text.split(start)
    _, after = rest.split(end)
    path.write_text(f"{before}{start}\n{content}{end}{after}")


def command_line(args: argparse.Namespace, players: int) -> str:
    """The command that prints this table again (``--jobs`` changes nothing but the time)."""
    words = ["python3 -m lab.league", args.game, *args.candidates, f"--players {players}", f"-n {args.n}"]
    if args.seed != 1:
        words.append(f"--seed {args.seed}")
    if args.pool:
        words.append(f"--pool {args.pool}")
    if args.iterations is not None:
        words.append(f"--iterations {args.iterations}")
    if args.section:
        words.append(f"--section {args.section}")
    return " ".join(words)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.league", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("candidates", nargs="*", metavar="CANDIDATE", help="[label=]module:function[:name], a make_bot-like factory")
    parser.add_argument("--players", type=int, action="append",
                        help="1 (solo against the automa), 2 (head to head) or more (one against the rest); repeatable; "
                             "default 2 and the most, and 1 where the game has an automa")
    parser.add_argument("-n", type=int, default=DEFAULT_SEEDS, help=f"seeds per pairing (default {DEFAULT_SEEDS})")
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument("--pool", help="only these labels of the pool, comma-separated (default: all)")
    parser.add_argument("--iterations", type=int, help="rounds per decision of strong, v1 and the candidates "
                                                       "(default: the game's, STRONG_ITERATIONS)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--write-doc", action="store_true", help="also write each table into docs/<game>.md between its markers")
    parser.add_argument("--section", default="", help="write into the doc's markers of this name "
                                                      "(<!-- league players=N NAME -->), not the whole pool's table")
    args = parser.parse_args(argv)
    spec = load_spec(args.game)
    fewest = 1 if spec.automa is not None and spec.min_players == 1 else max(2, spec.min_players)
    counts = args.players or ([1] if fewest == 1 else []) + [2, spec.max_players]
    for count in counts:
        if not fewest <= count <= spec.max_players:
            parser.error(f"{args.game} is played by {fewest} to {spec.max_players} in the league")
    if args.n < 1:
        parser.error("-n must be at least 1")
    try:
        pool = default_pool(args.game, args.candidates, args.iterations)
    except ValueError as exc:
        parser.error(str(exc))
    if args.pool:
        wanted = args.pool.split(",")
        unknown = [w for w in wanted if w not in {p.label for p in pool}]
        if unknown:
            parser.error(f"not in the pool: {', '.join(unknown)} (the pool: {', '.join(p.label for p in pool)})")
        pool = [p for p in pool if p.label in wanted]
    for count in dict.fromkeys(counts):
        league = League(args.game, count, pool, seeds(args.seed, args.n))
        started = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        load_start, t0 = _load(), time.perf_counter()
        step = max(1, len(league.games()) // 20)

        def progress(done: int, total: int, count: int = count, t0: float = t0, step: int = step) -> None:
            if done % step and done != total:
                return
            spent = time.perf_counter() - t0
            print(f"[league {args.game} {count} players] {done}/{total} games, {spent:.0f} s, "
                  f"about {spent * (total - done) / done:.0f} s to go", file=sys.stderr, flush=True)

        rows, same = league.run(args.jobs, progress)
        content = block(league, rows, same, command_line(args, count), started, load_start, time.perf_counter() - t0, args.jobs)
        print(content)
        if args.write_doc:
            write_doc(ROOT / "docs" / f"{args.game}.md", count, content, args.section)
            print(f"written into docs/{args.game}.md", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
