"""Autosave slots (game/ui/storage.py): one per game in progress, so two tabs never write the same save; a new game
replaces only the tab's own previous one; every save carries a revision the page checks."""

import json
import time

from game.core import Match, Seat
from game.ui.storage import AUTOSAVE_KEY, SLOT_PREFIX, MemoryBackend, Store, is_slot


def barrio(seed, moves=0):
    match = Match.new("barrio", 1, seed, [Seat("human")], level="A")
    for _ in range(moves):
        match.apply(match.spec.legal_actions(match.state)[0])
    return match


def test_two_tabs_keep_two_games_and_a_new_game_replaces_nothing_by_itself():
    backend = MemoryBackend()
    first, second = Store(backend), Store(backend)  # two tabs over one database
    first.new_slot()
    first.save_match(barrio(1, 2))
    second.new_slot()
    second.save_match(barrio(2, 3))
    assert first.slot != second.slot and len(first.slots()) == 2
    assert first.load_match(first.slot).match.seed == 1 and second.load_match(second.slot).match.seed == 2
    old, kept = first.slot, second.slot
    first.new_slot()  # the first tab starts another game: both games stay (the app asks before replacing one)
    first.save_match(barrio(3))
    assert set(first.slots()) == {first.slot, old, kept}
    first.delete_slot(old, 1)  # the player chose "Replace it": gone
    assert set(first.slots()) == {first.slot, kept}


def test_a_game_another_tab_saved_since_is_never_deleted():
    """Without Web Locks two tabs may play one game: a tab that knows an older revision cannot delete it."""
    backend = MemoryBackend()
    kept: list[str] = []
    backend.on_kept = kept.append
    idle, playing = Store(backend), Store(backend)
    idle.new_slot()
    idle.save_match(barrio(1, 1))
    playing.take_slot(idle.slot)  # the same game, resumed in another tab
    playing.save_match(barrio(1, 3))
    idle.delete_slot(idle.slot, idle.rev)
    assert kept == [idle.slot] and idle.load_match(idle.slot).match.to_json() == barrio(1, 3).to_json()
    idle.clear_autosave()  # its end: refused the same way
    assert kept == [idle.slot] * 2 and idle.slot in idle.slots()


def test_saved_games_sum_up_each_game_and_count_the_peoples_moves():
    backend = MemoryBackend()
    store = Store(backend)
    store.new_slot()
    store.save_match(barrio(1, 2))
    versus = Match.new("barrio", 2, 5, [Seat("human"), Seat("computer", "weak")])
    while {e.player for e in versus.entries} != {0, 1}:  # moves of both seats
        versus.apply(versus.spec.legal_actions(versus.state)[0])
    other = Store(backend)
    other.new_slot()
    time.sleep(0.005)  # "saved last" is read from the saves' millisecond stamps: keep the two apart
    other.save_match(versus)
    backend.items["house-games.game.bad"] = "{"
    games = store.saved_games()
    assert [g.slot for g in games] == [other.slot, store.slot]  # the one saved last first; the unreadable left out
    assert (games[1].game, games[1].players, games[1].moves, games[1].human_moves) == ("barrio", 1, 2, 2)
    assert games[0].moves == len(versus.entries) and games[0].human_moves == sum(e.player == 0 for e in versus.entries) > 0
    assert games[0].human_moves < games[0].moves


def test_revisions_count_up_and_the_stamps_are_not_part_of_the_game():
    backend = MemoryBackend()
    store = Store(backend)
    store.new_slot()
    match = barrio(4, 1)
    store.save_match(match)
    store.save_match(match)
    data = json.loads(backend.items[store.slot])
    assert data["rev"] == 2 and isinstance(data["saved_at"], int)
    other = Store(backend)
    other.take_slot(store.slot)
    assert other.rev == 2  # a take-over goes on from the stored revision
    assert other.load_match(store.slot).match.to_json() == match.to_json()


def test_the_old_single_autosave_is_a_slot_and_the_last_saved_comes_first():
    old = barrio(5, 1).to_json()
    backend = MemoryBackend({AUTOSAVE_KEY: json.dumps(old), AUTOSAVE_KEY + ".moved.1700000000000": json.dumps(old),
                             AUTOSAVE_KEY + ".bad.1": "{"})
    store = Store(backend)
    assert store.slots() == [AUTOSAVE_KEY + ".moved.1700000000000", AUTOSAVE_KEY]  # no stamp: the greater key
    store.new_slot()
    store.save_match(barrio(6))
    assert store.slots()[0].startswith(SLOT_PREFIX) and not is_slot(AUTOSAVE_KEY + ".bad.1")
