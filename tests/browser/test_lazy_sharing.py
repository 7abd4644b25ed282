"""Playing on several phones loads its Python modules only when sharing opens (build.py's ``LAZY_ARCHIVES``: they
are not in the wheel, so a first visit does not download them): the worker fetches ``lazy/sharing-<hash>.zip``
the first time a game with another phone's seat starts, the service worker keeps it, and sharing opens offline on
a later visit. Where the archive cannot be had (offline before sharing ever opened), the player is told so, and
the game stays on this phone; sharing opens once the network is back.

WebRTC is not started here: ``site/pairing.js`` is replaced by a stand-in that records the worker's pairing
commands (the real pairing runs in test_multidevice, inside a network namespace). Its ``host`` command is sent by
the host's sharing module, its ``join`` command by the guest's: they show the lazily loaded modules at work."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import build

from .conftest import seed_compiled, wait_ready
from .recording_server import RecordingServer

#: records each pairing command the worker sends (bridge.js imports this in place of the real pairing.js)
PAIRING_STAND_IN = """// test stand-in for ./pairing.js: records the worker's commands, opens no connection
window.__pairingCommands = window.__pairingCommands || [];
export function connect() {}
export async function command(...args) { window.__pairingCommands.push(args); }
"""


@pytest.fixture
def shared_site(dist: Path, tmp_path: Path):
    """A copy of the built site with the pairing stand-in (a new build: finalize), served and recorded."""
    root = tmp_path / "site"
    shutil.copytree(dist, root)
    (root / "pairing.js").write_text(PAIRING_STAND_IN)
    build_id = build.finalize(root)
    archive = json.loads((root / "version.json").read_text())["archives"]["sharing"]
    server = RecordingServer(root)
    yield server, "/" + archive, build_id
    server.stop()


def returning_phone(make_context, compiled_archives, server, build_id):
    """A phone that played this copy of the site before (its Python compiled in its cache) and never shared."""
    return seed_compiled(make_context(compiled=False), server, compiled_archives, build_id)


def start_shared_barrio(page) -> None:
    """From the start screen: Barrio for two, this phone and another phone, Start."""
    page.locator("label[for=game-barrio]").tap()
    page.locator("#f-players").select_option("2")
    page.locator("#f-seat-0").select_option("human")
    page.locator("#f-seat-1").select_option("remote")
    page.locator("#start-game").tap()
    page.locator("#app").wait_for(state="visible", timeout=60_000)


def pairing_commands(page, kind: str, timeout: float = 30_000) -> list:
    """The stand-in's recorded commands of ``kind`` (``host``, ``join``), once there is one."""
    page.wait_for_function(f"(window.__pairingCommands || []).some((c) => c[0] === {json.dumps(kind)})", timeout=timeout)
    return [c for c in page.evaluate("window.__pairingCommands") if c[0] == kind]


def test_sharing_loads_when_it_opens_and_opens_offline_afterwards(make_context, compiled_archives, shared_site):
    server, archive, build_id = shared_site
    context = returning_phone(make_context, compiled_archives, server, build_id)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    assert archive not in server.paths and "/pairing.js" not in server.paths  # the visits before sharing did not download them
    start_shared_barrio(page)
    (host,) = pairing_commands(page, "host")
    assert [seat["seat"] for seat in host[1]] == [1]  # the host's sharing module asked to pair the other phone's seat
    assert server.paths.count(archive) == 1

    context.set_offline(True)  # a later visit without network: the archive comes from the service worker
    before = len(server.paths)
    page.reload()
    wait_ready(page)
    start_shared_barrio(page)
    (host,) = pairing_commands(page, "host")
    assert [seat["seat"] for seat in host[1]] == [1]
    page.goto(server.url + "#join=offline-offer")  # a guest's link opened offline: the guest's module too
    wait_ready(page)
    (join,) = pairing_commands(page, "join")
    assert join[1] == "offline-offer"
    # nothing reached the server but the service worker's update check (its script and the keys.js it imports)
    assert [path for path in server.paths[before:] if path not in ("/sw.js", "/keys.js")] == []


def test_sharing_that_cannot_load_says_so_and_the_game_stays(make_context, compiled_archives, shared_site, expect_errors):
    server, archive, build_id = shared_site
    expect_errors(r"several phones could not be loaded")
    context = returning_phone(make_context, compiled_archives, server, build_id)
    page = context.new_page()
    page.goto(server.url)
    wait_ready(page)
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
    context.set_offline(True)  # offline before sharing ever opened: its modules were never downloaded
    start_shared_barrio(page)
    toast = page.locator(".toast.error")
    toast.wait_for(timeout=30_000)
    assert "could not be loaded" in toast.inner_text() and "this game is kept" in toast.inner_text()
    assert page.locator("#barrio-board").is_visible()  # the game is on screen, as started
    assert page.evaluate("(window.__pairingCommands || []).length") == 0
    page.wait_for_function("window.houseGames.idle && window.houseGames.idle() && houseGames.autosave() !== null")
    saved = json.loads(page.evaluate("houseGames.autosave()"))  # and kept, this phone's seat and the other's
    assert saved["game"] == "barrio" and len(saved["seats"]) == 2

    # a guest's link offline: the start screen says why, nothing else changes
    page.goto(server.url + "#join=some-offer")
    wait_ready(page)
    notice = page.locator("#start-notice")
    notice.wait_for(timeout=30_000)
    assert "could not be loaded" in notice.inner_text()

    context.set_offline(False)  # the network is back: sharing opens (the failed fetch was not remembered)
    page.goto(server.url)
    wait_ready(page)
    start_shared_barrio(page)
    (host,) = pairing_commands(page, "host")
    assert [seat["seat"] for seat in host[1]] == [1]
    assert server.paths.count(archive) == 1
