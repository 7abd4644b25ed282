"""The worker's side of a database that goes away (issue 37, F4 and F6): a page out of date sends nothing more and
says what was not stored; a database cleared under the page and opened again gets everything the tab holds."""

from game.core import Match, Seat
from game.ui.storage import PageBackend, Store


def opening(moves: int) -> Match:
    match = Match.new("barrio", 1, 5, [Seat("human")], level="A")
    for _ in range(moves):
        match.apply(match.spec.legal_actions(match.state)[0])
    return match


def db_ops(sent):
    return [op for op in sent if op[0] == "db"]


def test_an_outdated_page_sends_nothing_more_retries_nothing_and_names_what_waits():
    sent, statuses, timers = [], [], []
    backend = PageBackend({}, {}, sent.append, lambda seconds, fn: timers.append(fn))
    backend.on_status = lambda failing, what: statuses.append((failing, list(what)))
    store = Store(backend)
    store.save_match(opening(1))
    first = db_ops(sent)[-1]
    backend.stored({"seq": first[1], "ok": True})
    backend.outdate()  # a newer version opened the database in another tab
    assert statuses == []  # everything was stored: nothing to say was lost
    store.save_match(opening(2))  # a move that reaches the worker after that
    assert db_ops(sent) == [first]  # never sent
    assert statuses == [("outdated", ["autosave"])]
    assert not timers  # and never retried


def test_a_batch_refused_as_outdated_is_not_retried():
    sent, statuses, timers = [], [], []
    backend = PageBackend({}, {}, sent.append, lambda seconds, fn: timers.append(fn))
    backend.on_status = lambda failing, what: statuses.append((failing, list(what)))
    Store(backend).save_match(opening(1))
    backend.stored({"seq": db_ops(sent)[-1][1], "ok": False, "reason": "outdated"})
    assert statuses == [("outdated", ["autosave"])] and not timers and backend.outdated


def test_a_database_opened_again_gets_every_row_and_save_it_lacks_but_not_the_settings():
    sent = []
    rows = {"results": [{"id": "r1", "finished": "2025-01-01T00:00:00Z"}, {"id": "r2", "finished": "2025-01-02T00:00:00Z"}],
            "games": [{"id": "r1"}], "daily": {"2025-01-01/barrio-A": "r1"}}
    backend = PageBackend({"house-games.game.a": '{"rev": 3}'}, rows, sent.append, settings="{}")
    backend.reopened({"kv": [], "results": ["r2"], "games": [], "daily": []})
    batch = db_ops(sent)[-1]
    written = {(c[1], c[2]) for c in batch[2]}
    assert written == {("kv", "house-games.game.a"), ("results", "r1"), ("games", "r1"), ("daily", "2025-01-01/barrio-A")}
    backend.stored({"seq": batch[1], "ok": True})
    backend.reopened({"kv": ["house-games.game.a"], "results": ["r1", "r2"], "games": ["r1"], "daily": ["2025-01-01/barrio-A"]})
    assert db_ops(sent)[-1] == batch  # nothing lacking: nothing written


def test_a_database_opened_late_comes_into_the_mirror_gets_what_the_tab_holds_and_the_alert_goes():
    """A page that started without its database (an older tab held it, or no space to open it) and opens it later:
    the database's own rows come into the mirror (the tab's own newer writes win), the tab's are written, and the
    failure said since the start is over once they are stored."""
    sent, statuses, changed = [], [], []
    backend = PageBackend({}, None, sent.append)
    backend.failing = "blocked"
    backend.on_status = lambda failing, what: statuses.append((failing, list(what)))
    backend.on_change = changed.extend
    store = Store(backend)
    store.save_match(opening(2))  # played in memory meanwhile
    slot = store.slot
    backend.stored({"seq": db_ops(sent)[-1][1], "ok": False, "reason": "blocked"})
    assert statuses == [("blocked", ["autosave"])]
    tables = {"kv": {"house-games.game.old": '{"rev": 4}'},
              "results": [{"id": "r1", "finished": "2025-01-01T00:00:00Z"}], "games": [], "daily": {"2025-01-01/barrio-A": "r1"}}
    backend.reopened({"kv": ["house-games.game.old"], "results": ["r1"], "games": [], "daily": ["2025-01-01/barrio-A"]},
                     tables)
    assert backend.getItem("house-games.game.old") == '{"rev": 4}' and "r1" in backend.rows("results")
    assert {(c[1], c[2]) for c in changed} == {("kv", "house-games.game.old"), ("results", "r1"), ("daily", "2025-01-01/barrio-A")}
    batch = db_ops(sent)[-1]
    assert [c[2] for c in batch[2]] == [slot]
    backend.stored({"seq": batch[1], "ok": True})
    assert statuses[-1] == (None, [])


def test_a_database_opened_late_with_nothing_to_write_clears_the_failure_said_at_start():
    sent, statuses = [], []
    backend = PageBackend({}, None, sent.append)
    backend.failing = "openfull"
    backend.on_status = lambda failing, what: statuses.append((failing, list(what)))
    backend.reopened({"kv": [], "results": [], "games": [], "daily": []}, {"kv": {}, "results": [], "games": [], "daily": {}})
    assert db_ops(sent) == [] and statuses == [(None, [])] and backend.failing is None
