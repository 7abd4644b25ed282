"""Autosave slots (game/ui/storage.py): one per game in progress, so two tabs never write the same save; a new game
replaces only the tab's own previous one; every save carries a revision the page checks."""

import json

from game.core import Match, Seat
from game.ui.storage import AUTOSAVE_KEY, SLOT_PREFIX, MemoryBackend, Store, is_slot


def barrio(seed, moves=0):
    match = Match.new("barrio", 1, seed, [Seat("human")], level="A")
    for _ in range(moves):
        match.apply(match.spec.legal_actions(match.state)[0])
    return match


def test_two_tabs_keep_two_games_and_a_new_game_replaces_only_the_tabs_own():
    backend = MemoryBackend()
    first, second = Store(backend), Store(backend)  # two tabs over one database
    first.new_slot()
    first.save_match(barrio(1, 2))
    second.new_slot()
    second.save_match(barrio(2, 3))
    assert first.slot != second.slot and len(first.slots()) == 2
    assert first.load_match(first.slot).match.seed == 1 and second.load_match(second.slot).match.seed == 2
    kept = second.slot
    first.new_slot()  # the first tab starts another game: its old one goes, the second tab's stays
    first.save_match(barrio(3))
    assert set(first.slots()) == {first.slot, kept}


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
