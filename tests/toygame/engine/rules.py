"""The toy game's rules: state, actions, words, computer player (its declaration is ``SPEC`` in ``__init__``)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from game.core import IllegalAction, RandomBot, Rng, envelope, guarded, open_envelope

GAME_ID = "toy"
TITLE = "Toy"
BOT_NAMES = ("random",)


@dataclass
class State:
    rng: Rng
    deck: list[int]
    hands: list[list[int]]
    counters: list[int]
    player: int = 0
    moved: bool = False
    turns: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    length: int = 6  #: turns in the game (the start option ``turns``)


TURNS = (4, 6, 8)  #: the game lengths offered on the start screen


def new_game(num_players: int, seed: int, turns: int = 6, **options: Any) -> State:
    if num_players != 2:
        raise IllegalAction("The toy game is for 2 players.")
    if turns not in TURNS or options:
        raise IllegalAction(f"The toy game takes turns={'/'.join(map(str, TURNS))} and no other option.")
    rng = Rng(seed)
    deck = list(range(1, 10))
    rng.shuffle(deck)
    return State(rng, deck, [[], []], [0, 0], length=turns)


def current_player(state: State) -> int | None:
    return None if is_over(state) else state.player


def legal_actions(state: State) -> list[dict[str, Any]]:
    if is_over(state):
        return []
    if state.moved:
        return [{"type": "end"}]
    acts = [{"type": "bump", "by": 1}, {"type": "bump", "by": 2}]
    if state.deck:
        acts.append({"type": "take"})
    return acts


def apply_action(state: State, action: dict[str, Any]) -> State:
    if action not in legal_actions(state):
        raise IllegalAction(f"{action!r} is not allowed now.")
    s = replace(state, rng=state.rng.copy(), deck=list(state.deck), hands=[list(h) for h in state.hands],
                counters=list(state.counters), log=list(state.log))
    if action["type"] == "take":
        s.hands[s.player].append(s.deck.pop())
        s.moved = True
    elif action["type"] == "bump":
        s.counters[s.player] += action["by"]
        s.moved = True
    else:
        s.player = 1 - s.player
        s.moved = False
        s.turns += 1
    s.log.append({"type": action["type"], "player": state.player})
    return s


def is_over(state: State) -> bool:
    return state.turns >= state.length


def scores(state: State) -> list[int]:
    return [state.counters[i] + sum(state.hands[i]) for i in range(2)]


def winners(state: State) -> list[int]:
    if not is_over(state):
        return []
    sc = scores(state)
    return [i for i in range(2) if sc[i] == max(sc)]


def to_json(state: State) -> dict[str, Any]:
    return envelope(GAME_ID, 1, {"rng": state.rng.to_json(), "deck": state.deck, "hands": state.hands,
                                 "counters": state.counters, "player": state.player, "moved": state.moved,
                                 "turns": state.turns, "log": state.log, "length": state.length})


def from_json(data: Any) -> State:
    d = open_envelope(data, GAME_ID, 1)
    return guarded(lambda: State(Rng.from_json(d["rng"]), list(d["deck"]), [list(h) for h in d["hands"]],
                                 list(d["counters"]), int(d["player"]), bool(d["moved"]), int(d["turns"]), list(d["log"]),
                                 int(d.get("length", 6))))  # saves from before the option: 6 turns


def view(state: State, player: int) -> dict[str, Any]:
    return {"deck": len(state.deck), "hand": list(state.hands[player]), "other_hand": len(state.hands[1 - player]),
            "counters": list(state.counters), "player": state.player, "moved": state.moved, "turns": state.turns,
            "me": player, "log": list(state.log), "length": state.length}


def describe_action(state: State, action: dict[str, Any], lang: str = "en") -> str:
    return action["type"]


def describe_event(event: dict[str, Any], lang: str = "en") -> str:
    return f"Player {event['player'] + 1}: {event['type']}"


def undo_barrier(before: State, action: dict[str, Any], after: State) -> bool:
    return action["type"] == "take"


def determinize(v: dict[str, Any], player: int, seed: int) -> State:
    rng = Rng(seed)
    seen = set(v["hand"])
    unseen = [c for c in range(1, 10) if c not in seen]
    rng.shuffle(unseen)
    other = [unseen.pop() for _ in range(v["other_hand"])]
    hands = [[], []]
    hands[player] = list(v["hand"])
    hands[1 - player] = other
    return State(rng, unseen[: v["deck"]], hands, list(v["counters"]), v["player"], v["moved"], v["turns"], list(v["log"]),
                 v["length"])


def make_bot(name: str, seed: int) -> RandomBot:
    return RandomBot(seed)
