"""build.py without a browser: reproducible wheel and site, content hash, MIME types, icons, lock."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import struct
import sys
import zipfile
import zlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """Check a PNG's signature and every chunk CRC; return width, height and the raw scanlines."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, size = 8, b"", None
    kinds = []
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + length]
        (crc,) = struct.unpack(">I", data[pos + 8 + length:pos + 12 + length])
        assert zlib.crc32(kind + body) & 0xFFFFFFFF == crc, kind
        kinds.append(kind)
        if kind == b"IHDR":
            size = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert kinds[0] == b"IHDR" and kinds[-1] == b"IEND"
    width, height, depth, colour_type = size[:4]
    assert (depth, colour_type) == (8, 6)
    return width, height, zlib.decompress(idat)


@pytest.mark.parametrize("size,maskable", [(192, False), (512, False), (512, True)])
def test_icons_are_valid_pngs_of_their_size(size, maskable):
    width, height, raw = read_png(build.house_icon(size, maskable))
    assert (width, height) == (size, size)
    assert len(raw) == size * (1 + 4 * size)
    row = lambda y: raw[y * (1 + 4 * size) + 1:(y + 1) * (1 + 4 * size)]  # noqa: E731
    corner_alpha = row(0)[3]
    assert corner_alpha == (255 if maskable else 0)  # maskable icons are full-bleed
    centre = row(size // 2)[4 * (size // 2):4 * (size // 2) + 4]
    assert tuple(centre[:3]) != build.THEME_COLOUR  # the house is drawn in the middle


def test_wheel_is_reproducible_and_complete(tmp_path, built_wheel):
    a = built_wheel
    b = build.build_wheel(tmp_path / "b")
    assert a.name == b.name and a.name.startswith("house_games-") and a.name.endswith("-py3-none-any.whl")
    assert a.read_bytes() == b.read_bytes()
    with zipfile.ZipFile(a) as zf:
        names = zf.namelist()
        assert "game/__init__.py" in names and "game/core/match.py" in names and "game/ui/app.py" in names
        assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)
        package_data = [p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*")
                        if p.suffix in (".json", ".bin") and "__pycache__" not in p.parts]
        assert set(package_data) <= set(names)
        assert all(info.date_time == build.ZIP_EPOCH for info in zf.infolist())
        info_dir = next(n.split("/")[0] for n in names if n.endswith(".dist-info/RECORD"))
        record = zf.read(f"{info_dir}/RECORD").decode().splitlines()
        assert len(record) == len(names)
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if name.endswith("RECORD"):
                continue
            data = zf.read(name)
            assert int(size) == len(data)
            import base64
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        assert b"Root-Is-Purelib: true" in zf.read(f"{info_dir}/WHEEL")


def test_content_hash_follows_content_only(tmp_path):
    site = tmp_path / "site"
    (site / "sub").mkdir(parents=True)
    (site / "index.html").write_text("<p>hi</p>")
    (site / "sub" / "a.js").write_text("let a = 1;")
    first = build.content_hash(site)
    (site / "sw.js").write_text("anything")  # the final files never feed the hash
    (site / "version.json").write_text("{}")
    assert build.content_hash(site) == first
    (site / "sub" / "a.js").write_text("let a = 2;")
    assert build.content_hash(site) != first
    (site / "sub" / "a.js").write_text("let a = 1;")
    assert build.content_hash(site) == first
    (site / "sub" / "a.js").rename(site / "sub" / "b.js")  # a renamed file is a new version too
    assert build.content_hash(site) != first


def test_finalize_precaches_every_file_but_the_zstd_copies(tmp_path):
    site = tmp_path / "site"
    for rel in build.RUNTIME_FILES + ("index.html", "app.css", "icons/icon-192.png", "game-1.0-py3-none-any.whl"):
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_bytes(rel.encode())
    wasm = "vendor/pyodide/pyodide.asm.wasm"
    build.write_compressed(site, [wasm])
    build_id = build.finalize(site)
    sw = (site / "sw.js").read_text()
    precache = json.loads(sw[sw.index("const PRECACHE = ") + 17:sw.index(";\n", sw.index("const PRECACHE = "))])
    assert set(precache) == {"./", "version.json", *build.site_files(site)} - {"sw.js", f"{wasm}.zst", *build.NOT_PRECACHED}
    assert "index.html" not in precache and "icons/icon-192.png" in precache  # "./" is the page
    assert f'const BUILD = "{build_id}"' in sw and "__" not in sw.replace("__proto__", "")
    version = json.loads((site / "version.json").read_text())
    assert version["build"] == build_id
    # the runtime files and our wheel, in that order; the one with a zstd copy says how to get and cache it
    expected = [{"path": rel, "bytes": len(rel.encode())} for rel in (*build.RUNTIME_FILES, "game-1.0-py3-none-any.whl")]
    expected[build.RUNTIME_FILES.index(wasm)].update(zst=f"{wasm}.zst", zst_bytes=(site / f"{wasm}.zst").stat().st_size, decoded_bytes=len(wasm.encode()),
                       type="application/wasm")
    assert version["runtime"] == expected


def test_zstd_copies_decode_to_the_file_or_to_its_archive_stored(tmp_path):
    """An archive's .zst holds the same entries stored (zstd finds more in them than in deflated bytes); other
    files' hold their bytes."""
    import zstandard

    site = tmp_path / "site"
    site.mkdir()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        build._zip_write(zf, "pkg/mod.py", b"x = 1\n" * 500)
        build._zip_write(zf, "pkg/data.bin", bytes(range(256)) * 8)
    (site / "ours.whl").write_bytes(buffer.getvalue())
    (site / "runtime.wasm").write_bytes(b"\0asm" + bytes(1000))
    build.write_compressed(site, ["ours.whl", "runtime.wasm"])
    def decode(name: str) -> bytes:
        return zstandard.ZstdDecompressor().decompress((site / f"{name}.zst").read_bytes())
    assert decode("runtime.wasm") == (site / "runtime.wasm").read_bytes()
    stored = zipfile.ZipFile(io.BytesIO(decode("ours.whl")))
    plain = zipfile.ZipFile(site / "ours.whl")
    assert [i.filename for i in stored.infolist()] == [i.filename for i in plain.infolist()]
    assert all(i.compress_type == zipfile.ZIP_STORED for i in stored.infolist())
    assert all(stored.read(name) == plain.read(name) for name in plain.namelist())
    assert (site / "ours.whl").read_bytes() == buffer.getvalue()  # the plain file (the fallback) is left as it was
    # the cached compression is the same bytes as a fresh one (the build stays reproducible)
    assert (site / "runtime.wasm.zst").read_bytes() == zstandard.ZstdCompressor(
        level=build.ZSTD_LEVEL, write_content_size=True, write_checksum=True).compress((site / "runtime.wasm").read_bytes())


def test_mime_types_the_browser_needs():
    handler = build.SiteHandler
    assert handler.extensions_map[".wasm"] == "application/wasm"
    assert handler.extensions_map[".mjs"].startswith("text/javascript")
    assert handler.extensions_map[".js"].startswith("text/javascript")
    assert handler.extensions_map[".webmanifest"] == "application/manifest+json"
    assert handler.extensions_map[".json"] == "application/json"


def test_served_files_carry_those_types(tmp_path):
    import threading
    import urllib.request

    (tmp_path / "a.wasm").write_bytes(b"\0asm")
    (tmp_path / "m.mjs").write_text("export {}")
    (tmp_path / "manifest.webmanifest").write_text("{}")
    server = build.make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        for name, kind in [("a.wasm", "application/wasm"), ("m.mjs", "text/javascript"), ("manifest.webmanifest", "application/manifest+json")]:
            with urllib.request.urlopen(base + name) as response:
                assert response.headers["Content-Type"].startswith(kind)
    finally:
        server.shutdown()
        server.server_close()


def test_lock_lists_no_package_and_the_site_ships_no_installer():
    """Our wheel is unpacked by PyScript's [files] (pyscript.toml): the lock offers no package to load, and the
    page's config names no package, which would make PyScript download and run micropip."""
    lock = {"info": {"python": "3.14"}, "packages": {
        "micropip": {"file_name": "micropip-0.11.1-py3-none-any.whl", "sha256": "0" * 64, "depends": []},
        "numpy": {"file_name": "numpy.whl", "sha256": "1" * 64, "depends": []}}}
    patched = build.patched_lock(lock)
    assert patched == {"info": {"python": "3.14"}, "packages": {}}
    assert list(lock["packages"]) == ["micropip", "numpy"]  # the input is not changed
    config = (ROOT / "pyscript.toml").read_text()
    assert not any(line.startswith("packages") for line in config.splitlines())
    assert not any("micropip" in rel for rel in (*build.RUNTIME_FILES, *build.COMPRESSED_FILES))


def test_manifest_is_installable():
    manifest = build.manifest()
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./"
    sizes = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    assert all(not icon["src"].startswith(("/", "http")) for icon in manifest["icons"])


@pytest.mark.full_only  # two whole builds
def test_built_site_is_relative_and_deterministic(tmp_path, monkeypatch):
    """Two builds give the same bytes; no file refers to another origin or an absolute path."""
    if not (build.NODE_MODULES / "pyodide" / "package.json").exists():
        pytest.skip("needs npm packages (python3 build.py build installs them)")
    def sources() -> list[tuple[str, bytes]]:
        return build.wheel_files() + [(p.name, p.read_bytes()) for p in sorted((ROOT / "assets").glob("*")) if p.is_file()]

    before = sources()
    first = build.build(tmp_path / "one")
    # the second build: the site this run already built where it is one of these sources (``build.py test`` builds
    # just before the tests, ``HOUSE_GAMES_DIST``: the same bytes once more is what determinism means), else anew
    earlier = Path(os.environ.get("HOUSE_GAMES_DIST") or tmp_path / "none")
    if (earlier / "version.json").is_file() and json.loads((earlier / "version.json").read_text()).get("build") == first:
        two = earlier
    else:  # none, or one of other sources (an older build a developer kept): it says nothing of this build
        two = tmp_path / "two"
        assert build.build(two) == first
    if sources() != before:
        pytest.skip("the game sources changed while building (someone is editing them)")
    files = build.site_files(tmp_path / "one")
    assert files == build.site_files(two)
    for rel in files:
        assert (tmp_path / "one" / rel).read_bytes() == (two / rel).read_bytes(), rel
    assert ".nojekyll" in files and "manifest.webmanifest" in files
    for rel in ("index.html", "loader.js", "sw.js", "pyscript.toml", "manifest.webmanifest", "app.css"):
        text = (tmp_path / "one" / rel).read_text()
        assert "http://" not in text and "https://" not in text and "cdn" not in text.lower(), rel
        assert 'src="/' not in text and 'href="/' not in text, rel
    config = (tmp_path / "one" / "pyscript.toml").read_text()
    wheel = next(name for name in files if name.endswith(".whl") and "/" not in name)
    assert f'"./{wheel}" = "./*"' in config and 'interpreter = "./vendor/pyodide/pyodide.mjs"' in config
    # what a returning player's page preloads: every PyScript module the site ships
    page = (tmp_path / "one" / "index.html").read_text()
    listed = re.search(r'<script type="application/json" id="pyscript-modules">(.*?)</script>', page)
    assert listed is not None
    assert sorted(json.loads(listed.group(1))) == sorted(
        f"./{rel}" for rel in files if rel.startswith("vendor/pyscript/") and rel.endswith(".js"))


# --------------------------------------------------------------------------- served as GitHub Pages serves

def _get(url: str, encoding: str | None):
    import urllib.request

    headers = {"Accept-Encoding": encoding} if encoding else {}
    with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as response:
        return response.headers, response.read()


def test_server_gzips_compressible_types_when_asked(tmp_path):
    import gzip
    import threading

    text = b"export const x = 1;\n" * 200
    (tmp_path / "m.js").write_bytes(text)
    (tmp_path / "w.wasm").write_bytes(b"\0asm" + bytes(4000))
    (tmp_path / "s.zip").write_bytes(b"PK" + bytes(4000))
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>" * 50)
    server = build.make_server(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        headers, body = _get(base + "m.js", "gzip, deflate, br")
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == text
        assert int(headers["Content-Length"]) == len(body) < len(text)
        assert headers["Content-Type"].startswith("text/javascript") and "Accept-Encoding" in headers["Vary"]
        headers, body = _get(base + "w.wasm", "gzip")
        assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
        headers, body = _get(base, "gzip")  # the directory's index.html too
        assert headers["Content-Encoding"] == "gzip" and gzip.decompress(body).startswith(b"<!doctype html>")
        headers, body = _get(base + "s.zip", "gzip")  # zips (and wheels) go raw, as Pages sends them
        assert headers["Content-Encoding"] is None and body == b"PK" + bytes(4000)
        headers, body = _get(base + "m.js", None)  # a client without gzip gets the plain file
        assert headers["Content-Encoding"] is None and body == text
    finally:
        server.shutdown()
        server.server_close()


# --------------------------------------------------------------------------- only the bytes the game uses

def _zip(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return out.getvalue()


def test_imports_are_read_with_relative_and_from_forms():
    source = "import os, json as j\nfrom . import sibling\nfrom ..core import (a,\n b)\nfrom x.y import *\ndef f():\n    import lazy\n"
    found = build.imports_of(source, "pkg.sub.mod", False)
    assert {"os", "json", "pkg.sub", "pkg.sub.sibling", "pkg.core", "pkg.core.a", "pkg.core.b", "x.y", "lazy"} <= found
    assert "lazy" not in build.imports_of(source, "pkg.sub.mod", False, module_level_only=True)
    main_guard = "import a\nif __name__ == \"__main__\":\n    import doctest\n"
    assert build.imports_of(main_guard, "m", False, module_level_only=True) == {"a"}


def test_trimmed_stdlib_keeps_what_is_reachable_or_seen_and_deflates_it():
    stdlib = _zip({"json/__init__.py": "from .decoder import JSONDecoder\n", "json/decoder.py": "import re\n",
                   "re/__init__.py": "import enum\n", "enum.py": "def f():\n    import lazy_thing\n",
                   "lazy_thing.py": "", "seen.py": "try:\n    import _cseen\nexcept ImportError:\n    import _pyseen\n",
                   "_pyseen.py": "", "unused.py": "import enum\n",
                   "demo.py": "if __name__ == '__main__':\n    import unused\n", "site-packages/README.txt": "keep"})
    data, kept = build.trimmed_stdlib(stdlib, {"game.x": {"json", "demo"}}, builtins=set(), used=["seen"])
    # the stdlib's own imports are followed at module level only: what runs lazily is in `used` (seen running)
    assert kept == ["demo", "enum", "json", "json.decoder", "re", "seen"]
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = set(zf.namelist())
        assert "unused.py" not in names and "lazy_thing.py" not in names and "seen.py" in names
        assert "_pyseen.py" not in names  # a fallback the running app did not need (seen.py's imports ran)
        assert "site-packages/README.txt" not in names  # only Python modules are shipped
        assert all(info.compress_type == zipfile.ZIP_DEFLATED for info in zf.infolist())  # Pages sends .zip as it is


def test_build_fails_when_the_game_imports_a_module_the_trimmed_stdlib_lacks():
    stdlib = _zip({"json/__init__.py": ""})
    with pytest.raises(SystemExit, match="game.ui.app: sqlite_missing"):
        build.trimmed_stdlib(stdlib, {"game.ui.app": {"json", "sqlite_missing", "js", "_json"}}, builtins={"_json"})
    with pytest.raises(SystemExit, match="stdlib-modules.txt: gone"):
        build.trimmed_stdlib(stdlib, {"game.ui.app": {"json"}}, builtins=set(), used=["json", "gone"])


def test_slim_source_drops_comments_and_docstrings_and_keeps_lines_and_behaviour():
    source = ('"""Module doc."""\nfrom __future__ import annotations\n# a comment\nimport os  # trailing\n\n'
              'class A:\n    """Only a docstring, é."""\n\n\ndef f(x):\n    """Doc\n    on two lines."""\n'
              '    s = "# not a comment"\n    return s + str(x)  # done\n')
    slim = build.slimmed(source)
    assert "comment\n" not in slim.replace("# not a comment", "") and "trailing" not in slim and "Doc" not in slim
    assert "# not a comment" in slim and slim.count("\n") == source.count("\n")
    ns_a: dict = {}
    ns_b: dict = {}
    exec(compile(source, "a", "exec"), ns_a)
    exec(compile(slim, "b", "exec"), ns_b)  # __future__ still first: an empty docstring stays a docstring
    assert ns_a["f"](3) == ns_b["f"](3) and ns_b["A"].__doc__ == "" and ns_b["f"].__code__.co_firstlineno == 10
    # newer syntax than this Python parses: from the tokens (a lone string opening a block is the docstring)
    newer = '"""Doc."""\nclass A[T]:\n    """Doc,\n    two lines."""\n    x = "#"  # c\n\ntype X = int\n'
    assert build.slimmed(newer) == '""\nclass A[T]:\n    ""\n\n    x = "#"\n\ntype X = int\n'
    nested = "def f(a):\n    return f'{f'{a}'}'  # a 3.12 f-string\n"
    assert build.slimmed(nested) == nested  # this tokenizer misreads it: left as it is


def test_a_slimmed_source_is_kept_in_the_build_cache_and_read_back(monkeypatch, tmp_path):
    from sitebuild import stdlib

    monkeypatch.setattr(stdlib, "CACHE_DIR", tmp_path)
    source = f'"""Doc {tmp_path.name}."""\nx = 1  # one\n'
    assert build.slim_source(source) == build.slimmed(source) == '""\nx = 1\n'
    (kept,) = (tmp_path / "slim").iterdir()
    assert kept.read_text() == '""\nx = 1\n'
    kept.write_text("y = 2\n")  # what the cache holds is what is served (the key is the source and the slimmer)
    assert build.slim_source(source) == "y = 2\n"


def test_the_wheel_holds_what_the_app_runs_and_no_lab_module(built_wheel):
    """The wheel is what the app imports (computed from the worker's entry and the registry, no hand-kept list):
    no lab module, not the terminal, and none of the terminal's imports (argparse) in the stdlib the site ships."""
    from game import PRODUCT_GAMES

    with zipfile.ZipFile(built_wheel) as zf:
        names = zf.namelist()
    modules = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".py")}
    lab = {p.stem for p in (ROOT / "lab").rglob("*.py") if p.stem != "__init__"}
    assert lab >= {"balance", "bots_v1", "bench", "naive", "scenario", "hint_latency", "link_lengths"}
    assert not [m for m in modules if m.split(".")[-1] in lab or m.split(".")[0] != "game"], "lab code in the wheel"
    assert not {"game.cli", "game.__main__", "game.core.play"} & modules, "the terminal's modules are not shipped"
    for gid in PRODUCT_GAMES:  # reached through the registry and each SPEC's hooks, not by building names
        assert {f"game.{gid}", f"game.{gid}.coach", f"game.ui.{gid}", f"game.ui.{gid}.hint_targets"} <= modules
    for module, is_package, source in build._python_sources(build.wheel_files()):
        imported = build.imports_of(source, module, is_package)
        assert not {"argparse", "lab", "game.cli"} & imported, f"{module} imports {imported}"


def test_playing_on_several_phones_ships_apart_from_the_wheel(tmp_path, built_wheel):
    """The multi-device modules (build.LAZY_ARCHIVES) leave the wheel for an archive of their own, named by its
    content in version.json and not precached (fetched the first time sharing opens); every other module stays."""
    lazy = {m for modules in build.LAZY_ARCHIVES.values() for m in modules}
    assert {"game.ui.sharing", "game.ui.multidevice"} <= lazy
    with zipfile.ZipFile(built_wheel) as zf:
        in_wheel = {n[:-3].replace("/", ".").removesuffix(".__init__") for n in zf.namelist() if n.endswith(".py")}
    reached = {m for m, _, _ in build._python_sources(build.wheel_files())}
    assert not lazy & in_wheel and in_wheel | lazy == reached
    site = tmp_path / "site"
    site.mkdir()
    written = build.write_lazy_archives(site)
    (rel,) = written.values()
    assert rel.startswith("lazy/sharing-") and rel.endswith(".zip")
    with zipfile.ZipFile(site / rel) as zf:
        assert sorted(zf.namelist()) == ["game/ui/multidevice.py", "game/ui/sharing.py"]
        compile(zf.read("game/ui/sharing.py"), "sharing.py", "exec")  # slimmed, still Python
    for other in build.RUNTIME_FILES:
        (site / other).parent.mkdir(parents=True, exist_ok=True)
        (site / other).write_bytes(other.encode())
    build.finalize(site)
    assert json.loads((site / "version.json").read_text())["archives"] == {"sharing": rel}
    sw = (site / "sw.js").read_text()
    assert "vendor/pyodide/pyodide.mjs" in sw and rel not in sw
    # a module of the wheel importing a lazy one at module level would fail before the archive came: the build says so
    files = build.wheel_files() + [("game/ui/eager.py", b"from .sharing import HostSharing\n")]
    with pytest.raises(SystemExit, match="game.ui.eager imports game.ui.sharing"):
        build.lazy_archive_entries(files)


def test_the_real_stdlib_serves_every_import_of_our_package():
    """The check above on the real runtime: the game's imports and every module seen running resolve."""
    if not (build.NODE_MODULES / "pyodide" / "python_stdlib.zip").exists():
        pytest.skip("needs npm packages (python3 build.py build installs them)")
    pyodide = build.NODE_MODULES / "pyodide"
    data, kept = build.trimmed_stdlib((pyodide / "python_stdlib.zip").read_bytes(), build.stdlib_roots(),
                                      build.builtin_modules((pyodide / "pyodide.asm.wasm").read_bytes()), build.stdlib_used())
    for module in ("json", "random", "dataclasses", "asyncio", "encodings.utf_8", "pyodide.ffi", "_pyodide",
                   "zipfile", "shutil"):  # the last two: unpacking our wheel (pyodide._package_loader)
        assert module in kept, module
    assert "unittest" not in kept and "tkinter" not in kept and "argparse" not in kept
    assert len(data) < 900_000  # deflated, without comments and docstrings


def test_source_map_comments_are_stripped(tmp_path):
    path = tmp_path / "a.js"
    path.write_text("export const a = 1;\n//# sourceMappingURL=a.js.map\n")
    build.strip_source_map(path)
    assert path.read_text() == "export const a = 1;\n"


# --------------------------------------------------------------------------- the static start screen

def test_start_screen_is_written_from_the_apps_tables():
    from html.parser import HTMLParser

    from game import PRODUCT_GAMES
    from game.ui.catalog import catalog
    from game.core.locale import language_names, text

    data = build.start_screen_data()
    page = build.start_screen_html(data)
    ids: set[str] = set()

    class Ids(HTMLParser):
        def handle_starttag(self, tag, attrs):
            ids.update(v for k, v in attrs if k == "id")

    Ids().feed(page)
    for info in catalog(PRODUCT_GAMES):
        assert f"game-{info.game_id}" in ids
        assert f'data-available="{str(info.available).lower()}"' in page
    most = max(info.max_players for info in catalog(PRODUCT_GAMES) if info.available)
    assert {"start-screen", "start-game", "f-players", "f-level", "f-scoring_card", "f-rounds", "f-seed", "f-lang",
            "f-patterns", "resume-slot", "start-notice", "load-progress", "load-bytes", "build-id"} <= ids
    assert {f"f-seat-{i}" for i in range(most)} <= ids
    assert set(data["texts"]) == set(language_names())
    for lang in language_names():  # every text the start screen shows exists in every language
        assert data["texts"][lang]["start.new"] == text("start.new", lang)
        assert set(data["texts"][lang]) == set(data["texts"]["en"])
    assert text("start.new", "en") in page and "</script" not in page.split('id="start-data">')[1][:-len("</script>")]


def test_rules_are_shipped_for_every_game_and_language():  # of the normal build: the product games
    from game import PRODUCT_GAMES as GAMES
    from game.core.locale import language_names

    rules = build.rules_data()
    for lang in language_names():
        for game_id in GAMES:
            sections = rules[lang][game_id]
            assert sections and all(isinstance(h, str) and h and all(isinstance(p, str) for p in ps) for h, ps in sections)
    assert rules["es"]["barrio"] != rules["en"]["barrio"]


def test_pages_workflow_tests_before_it_deploys():
    workflow = (ROOT / ".github" / "workflows" / "pages.yml").read_text()
    steps = workflow.split("\n")
    ci = next(i for i, line in enumerate(steps) if "run: bash .ci/run" in line)
    upload = next(i for i, line in enumerate(steps) if "upload-pages-artifact" in line)
    deploy = next(i for i, line in enumerate(steps) if "deploy-pages" in line)
    assert ci < upload < deploy
    assert "needs: build" in workflow  # the deploy job waits for the tested build


def test_the_test_run_keeps_compiled_modules_out_of_the_tree(monkeypatch):
    """The programs a test run starts read and write compiled modules under build/ even where this environment asks
    Python to write none (each would compile everything it imports again), and never beside the sources."""
    import subprocess
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    monkeypatch.delenv("PYTHONPYCACHEPREFIX", raising=False)  # (a developer's own prefix is kept)
    env = build.environment_for_tests(HOUSE_GAMES_QUICK="1")
    out = subprocess.run([sys.executable, "-c", "import sys; print(sys.pycache_prefix); print(sys.dont_write_bytecode)"],
                         env=env, capture_output=True, text=True, check=True).stdout.split("\n")
    assert Path(out[0]) == build.ROOT / "build" / "pycache"
    assert out[1] == "False"
    assert env["HOUSE_GAMES_QUICK"] == "1"
