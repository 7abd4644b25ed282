"""Assembling dist/: runtime files, compression, manifest, service worker, the content hash."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import zipfile
from pathlib import Path
from typing import Any, Iterable

from sitebuild.common import (
    CACHE_DIR, COMPRESSED_FILES, DIST, FINAL_FILES, FZSTD_FILE, LAZY_ARCHIVES, LAZY_DIR, MIME_TYPES, NODE_MODULES,
    NOT_PRECACHED, PYODIDE_FILES, PYODIDE_VERSION, PYSCRIPT_VERSION, ROOT, RUNTIME_FILES, SITE, THEME_COLOUR,
    WALL_COLOUR, ZSTD_LEVEL, log, sha256_bytes,
)
from sitebuild.icons import house_icon
from sitebuild.installs import installed_npm_version, ensure_npm_packages, ensure_zstandard
from sitebuild.start_screen import site_games, write_index
from sitebuild.stdlib import (
    builtin_modules, pyscript_files, stdlib_used, strip_source_map, trimmed_stdlib,
)
from sitebuild.wheel import build_wheel, stdlib_roots, wheel_assets, write_lazy_archives


def patched_lock(lock: dict) -> dict:
    """Pyodide's lock file with no package: the runtime reads it at start, but the site loads none of Pyodide's
    packages (our wheel is unpacked by PyScript's ``[files]``, not installed by micropip, see pyscript.toml)."""
    return {"info": lock["info"], "packages": {}}


def stored_zip(data: bytes) -> bytes:
    """The same archive with every entry stored (not compressed): same names, order, times and attributes.
    zstd compresses the sources themselves much better than their deflated bytes."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for info in src.infolist():
            entry = zipfile.ZipInfo(info.filename, info.date_time)
            entry.compress_type = zipfile.ZIP_STORED
            entry.external_attr = info.external_attr
            zf.writestr(entry, src.read(info.filename))
    return out.getvalue()


def zstd_compressed(data: bytes) -> bytes:
    """``data`` as one zstd frame (level :data:`ZSTD_LEVEL`, content size and checksum in the frame), cached in
    build/cache/zstd/ by content: the runtime's files are the same on every build and take seconds to compress."""
    zstandard = ensure_zstandard()
    key = f"{sha256_bytes(data)}-{ZSTD_LEVEL}-{zstandard.__version__}.zst"
    cached = CACHE_DIR / "zstd" / key
    if cached.is_file():
        return cached.read_bytes()
    packed = zstandard.ZstdCompressor(level=ZSTD_LEVEL, write_content_size=True, write_checksum=True).compress(data)
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_name(f"{key}.{os.getpid()}.part")  # other builds may share the cache
    partial.write_bytes(packed)
    os.replace(partial, cached)
    return packed


def write_compressed(out: Path, files: Iterable[str]) -> None:
    """Write ``<file>.zst`` beside each of ``files`` (relative to ``out``). An archive is compressed as a stored
    zip of the same entries: decoded, it is a different but equivalent file under the plain one's URL, while the
    plain file stays deflated for the fallback (and for the bench's bare page, which ships the same vendor files)."""
    for rel in files:
        data = (out / rel).read_bytes()
        if rel.endswith((".zip", ".whl")):
            data = stored_zip(data)
        (out / f"{rel}.zst").write_bytes(zstd_compressed(data))


def vendor_decoder(out: Path) -> None:
    """Copy the pinned fzstd decoder (its minified UMD build, which a classic worker loads with ``importScripts``)
    to :data:`FZSTD_FILE`, its MIT licence on top."""
    package = NODE_MODULES / "fzstd"
    pin = json.loads((ROOT / "package.json").read_text())["dependencies"]["fzstd"]
    if installed_npm_version("fzstd") != pin:
        raise SystemExit(f"build.py: node_modules/fzstd is not the pinned {pin} (npm ci)")
    licence = (package / "LICENSE").read_text().strip().replace("*/", "* /")
    target = out / FZSTD_FILE
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(f"/*! fzstd {pin}, https://github.com/101arrowz/fzstd\n{licence}\n*/\n"
                      + (package / "umd" / "index.js").read_text())


def vendor_qr(out: Path) -> None:
    """Copy the pinned QR encoder (npm qrcode-generator, an ES module) and decoder (npm jsqr, UMD: it sets
    ``self.jsQR`` when imported) that ``site/pairing.js`` imports when pairing opens, each with its licence."""
    pins = json.loads((ROOT / "package.json").read_text())["dependencies"]
    target = out / "vendor" / "qr"
    target.mkdir(parents=True, exist_ok=True)
    for name, source, dest, licence in (("qrcode-generator", "dist/qrcode.mjs", "qrcode.mjs", "MIT, Kazuhiko Arase"),
                                        ("jsqr", "dist/jsQR.js", "jsQR.js", "Apache-2.0, Cosmo Wolfe")):
        if installed_npm_version(name) != pins[name]:
            raise SystemExit(f"build.py: node_modules/{name} is not the pinned {pins[name]} (npm ci)")
        text = (NODE_MODULES / name / source).read_text()
        (target / dest).write_text(f"/*! {name} {pins[name]} ({licence}) */\n" + text)


def manifest() -> dict:
    """The web app manifest: standalone, portrait first, PNG icons."""
    return {
        "name": "House Games: Barrio, Nyhavn, Neue Heimat",
        "short_name": "House Games",
        "description": "Three house-building board games, playable offline.",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#%02x%02x%02x" % WALL_COLOUR,
        "theme_color": "#%02x%02x%02x" % THEME_COLOUR,
        "icons": [
            {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }


def site_files(out: Path) -> list[str]:
    """Every file of the site under ``out`` as sorted relative POSIX paths."""
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())


def content_hash(out: Path) -> str:
    """Hash of every file's path and content except the final files (which embed the hash)."""
    h = hashlib.sha256()
    for rel in site_files(out):
        if rel in FINAL_FILES:
            continue
        h.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    return h.hexdigest()[:16]


def runtime_files(out: Path) -> list[str]:
    """What the loader downloads with its progress bar before Python starts: :data:`RUNTIME_FILES` and our wheel
    (the ``.whl`` at the site's root), each from its ``.zst`` where the site has one."""
    return [*RUNTIME_FILES, *sorted(p.name for p in out.glob("*.whl") if p.is_file())]


def runtime_entry(out: Path, rel: str) -> dict:
    """version.json's entry for one runtime file: ``{"path", "bytes"}``, and for a file with a compressed copy
    ``"zst"`` (its path), ``"zst_bytes"``, ``"decoded_bytes"`` (a stored archive decodes to more than the deflated
    plain file) and ``"type"`` (the Content-Type the decoded file is cached with)."""
    entry: dict = {"path": rel, "bytes": (out / rel).stat().st_size}
    packed = out / f"{rel}.zst"
    if packed.is_file():
        data = packed.read_bytes()
        entry.update(zst=f"{rel}.zst", zst_bytes=len(data), type=MIME_TYPES.get(Path(rel).suffix, "application/octet-stream"),
                     decoded_bytes=ensure_zstandard().get_frame_parameters(data).content_size)
    return entry


def finalize(out: Path) -> str:
    """Write version.json and the service worker for the files now in ``out``; return the build id.

    Tests call this after changing a file of a built site, to make a new
    version exactly as a rebuild would.
    """
    build_id = content_hash(out)
    files = [rel for rel in site_files(out) if rel not in FINAL_FILES]
    version: dict[str, Any] = {  # version.json's document, its values of several JSON shapes
        "build": build_id,
        "pyodide": PYODIDE_VERSION,
        "pyscript": PYSCRIPT_VERSION,
        "runtime": [runtime_entry(out, rel) for rel in runtime_files(out)],
    }
    if (out / FZSTD_FILE).is_file():
        version["decoder"] = FZSTD_FILE
    archives = {archive: rel for archive in LAZY_ARCHIVES for rel in files
                if rel.startswith(f"{LAZY_DIR}/{archive}-") and rel.endswith(".zip")}
    if archives:
        version["archives"] = archives
    (out / "version.json").write_text(json.dumps(version, indent=1, sort_keys=True) + "\n")
    # the .zst copies are only ever read by the prefetch worker, which caches what they decode to
    # nor the lazy archives: fetched when first needed, then kept (see LAZY_ARCHIVES)
    precache = ["./"] + [rel for rel in files if rel not in NOT_PRECACHED and not rel.endswith(".zst")
                         and not rel.startswith(f"{LAZY_DIR}/")] + ["version.json"]
    template = (SITE / "sw.js").read_text()
    sw = (template.replace("__BUILD_ID__", build_id).replace("__PRECACHE__", json.dumps(precache, indent=1))
          .replace("__RUNTIME__", json.dumps([entry["path"] for entry in version["runtime"]])))
    (out / "sw.js").write_text(sw)
    return build_id


def build(out: Path = DIST, full_stdlib: bool = False) -> str:
    """Write the whole site to ``out`` (emptied first); return the build id.

    ``full_stdlib`` ships Pyodide's whole ``python_stdlib.zip`` instead of the trimmed one (for the import survey).
    """
    ensure_npm_packages()
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    # page, config and our static sources
    write_index(out, site_games())
    wheel = build_wheel(out)
    write_lazy_archives(out)
    config = (ROOT / "pyscript.toml").read_text()
    config, found = re.subn(r'"\./[A-Za-z0-9_.-]+\.whl"', f'"./{wheel.name}"', config)
    if found != 1 or f'"./{wheel.name}" = "./*"' not in config.split("\n[files]\n", 1)[-1]:
        raise SystemExit('build.py: pyscript.toml must unpack exactly one ./<name>.whl: "./<name>.whl" = "./*" under [files]')
    assets = ROOT / "assets"
    if assets.is_dir():  # generated or shipped by the engines; also written into Python's ./assets/
        in_wheel = list(wheel_assets().values())  # already package data of the wheel
        shutil.copytree(assets, out / "assets", ignore=shutil.ignore_patterns("__pycache__", "*.py", ".*", *in_wheel))
        names = sorted(p.relative_to(out).as_posix() for p in (out / "assets").rglob("*") if p.is_file())
        if not names:
            shutil.rmtree(out / "assets")
        if names:
            config += "# written by build.py: the engines read these from ./assets/ in the browser\n"
            config += "".join(f'"./{name}" = "./{name}"\n' for name in names)
    (out / "pyscript.toml").write_text(config)
    for path in sorted(SITE.iterdir()):
        if path.is_file() and path.name != "sw.js":
            shutil.copyfile(path, out / path.name)
    (out / ".nojekyll").write_bytes(b"")
    (out / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=1) + "\n")
    icons = out / "icons"
    icons.mkdir()
    (icons / "icon-192.png").write_bytes(house_icon(192))
    (icons / "icon-512.png").write_bytes(house_icon(512))
    (icons / "maskable-512.png").write_bytes(house_icon(512, maskable=True))
    # runtime, vendored from the pinned npm packages
    pyodide_dir = out / "vendor" / "pyodide"
    pyodide_dir.mkdir(parents=True)
    for name in PYODIDE_FILES:
        if name == "python_stdlib.zip":
            continue
        shutil.copyfile(NODE_MODULES / "pyodide" / name, pyodide_dir / name)
        if name.endswith(".mjs"):
            strip_source_map(pyodide_dir / name)
    builtins = builtin_modules((NODE_MODULES / "pyodide" / "pyodide.asm.wasm").read_bytes())
    full = (NODE_MODULES / "pyodide" / "python_stdlib.zip").read_bytes()
    if full_stdlib:  # for tests/bench/imports.py, which finds out what the app imports
        (pyodide_dir / "python_stdlib.zip").write_bytes(full)
    else:
        stdlib, kept = trimmed_stdlib(full, stdlib_roots(), builtins, stdlib_used())
        (pyodide_dir / "python_stdlib.zip").write_bytes(stdlib)
        log(f"stdlib trimmed to {len(kept)} modules, {len(stdlib) / 1e6:.2f} MB")
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    (pyodide_dir / "pyodide-lock.json").write_text(json.dumps(patched_lock(lock), indent=1, sort_keys=True) + "\n")
    pyscript_dir = out / "vendor" / "pyscript"
    pyscript_dir.mkdir(parents=True)
    for path in pyscript_files():
        shutil.copyfile(path, pyscript_dir / path.name)
        strip_source_map(pyscript_dir / path.name)
    # the big files once more, zstd-compressed, with the decoder the prefetch worker runs on them
    vendor_decoder(out)
    vendor_qr(out)
    write_compressed(out, [*COMPRESSED_FILES, wheel.name])
    build_id = finalize(out)
    size = sum((out / rel).stat().st_size for rel in site_files(out))
    log(f"dist ready: build {build_id}, {len(site_files(out))} files, {size / 1e6:.1f} MB")
    return build_id
