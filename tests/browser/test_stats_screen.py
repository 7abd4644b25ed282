"""Statistics survive a reload, export to a file and import into a fresh context (issue 15)."""

from __future__ import annotations

from .conftest import wait_ready
from .replay_helpers import QUICK, finish_solo_game


def open_stats(page) -> None:
    page.get_by_role("button", name="Statistics").tap()
    page.locator("#stats").wait_for()


def test_statistics_survive_a_reload_export_and_import(make_context, open_app, tmp_path, shot):
    page = make_context().new_page()
    match = finish_solo_game(page, open_app)
    me = match.spec.scores(match.state)[0]
    open_app(page, query=QUICK)  # a reload
    open_stats(page)
    group = page.locator(".stats-group[data-group='barrio/solo/A']")
    group.wait_for()
    assert group.locator("tr[data-stat='games'] td").inner_text() == "1"
    assert group.locator("tr[data-stat='best'] td").inner_text() == str(me)
    assert group.locator("canvas").count() == 1
    assert page.locator("#stats-klaus tr[data-level='A']").count() == 1
    shot(page, "stats")
    with page.expect_download() as info:
        page.locator("#stats-export").tap()
    path = tmp_path / "export.json"
    info.value.save_as(path)
    assert '"house-games-records"' in path.read_text()

    fresh = make_context().new_page()
    open_app(fresh, query=QUICK)
    open_stats(fresh)
    fresh.locator("#stats-none").wait_for()
    fresh.locator("#stats-file").set_input_files(str(path))
    fresh.locator(".stats-group[data-group='barrio/solo/A']").wait_for()
    assert "Added 1 result" in fresh.locator("#stats-notice").inner_text()
    fresh.locator("#stats-file").set_input_files(str(path))  # twice: nothing doubles
    fresh.wait_for_function("document.getElementById('stats-notice').textContent.includes('already here') && "
                            "document.getElementById('stats-notice').textContent.includes('Nothing new was added')")
    assert fresh.locator(".stats-group tr[data-stat='games'] td").inner_text() == "1"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    fresh.locator("#stats-file").set_input_files(str(bad))
    fresh.wait_for_function("document.getElementById('stats-notice').textContent.includes('not a JSON file')")
    fresh.reload()
    wait_ready(fresh)
    open_stats(fresh)
    assert fresh.locator(".stats-group[data-group='barrio/solo/A'] tr[data-stat='games'] td").inner_text() == "1"
