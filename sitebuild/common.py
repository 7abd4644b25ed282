"""Paths, pinned versions and small helpers every build step shares."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path


ROOT = Path(__file__).resolve().parents[1]
DIST = ROOT / "dist"
CACHE_DIR = ROOT / "build" / "cache"
SITE = ROOT / "site"
NODE_MODULES = ROOT / "node_modules"

PYODIDE_VERSION = "314.0.7"
PYSCRIPT_VERSION = "0.7.31"

#: Pyodide runtime files the site needs (the npm package holds more: consoles, typings, maps)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The large files the loader downloads with a progress bar, in the order the runtime needs them: Python starts
#: while they arrive (site/prefetch.js takes one big file at a time, so the wasm is whole, and compiling, while the
#: stdlib and the wheels still download)
RUNTIME_FILES = (
    "vendor/pyodide/pyodide.mjs",
    "vendor/pyodide/pyodide-lock.json",
    "vendor/pyodide/pyodide.asm.mjs",
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip",
)
#: Files the loader's prefetch worker fetches as ``<file>.zst`` (zstd, written at build time) and decodes into the
#: cache under the plain file's URL; the plain files stay on the site for browsers where that fails. Archives are
#: compressed as *stored* zips (zstd finds far more in the sources than in their deflated bytes, see
#: :func:`write_compressed`); the wheel at the site's root (ours) joins them in :func:`runtime_files`.
COMPRESSED_FILES = (
    "vendor/pyodide/pyodide.asm.wasm",
    "vendor/pyodide/python_stdlib.zip",
    "vendor/pyodide/pyodide.asm.mjs",
)
#: The zstd compressor (build time only; PyPI, pinned), installed by :func:`ensure_zstandard` when missing
ZSTANDARD_PIN = ("zstandard", "0.25.0")
ZSTD_LEVEL = 19
#: The pure-JS zstd decoder the prefetch worker runs (npm fzstd, pinned in package.json), as shipped
FZSTD_FILE = "vendor/fzstd/fzstd.js"
#: Files the service worker does not precache: the page is "./" (index.html is the same file), the large
#: install icons are fetched by the browser only when the app is installed (the service worker keeps them then)
#: The pairing of phones (site/pairing.js and its QR encoder and decoder) is loaded only when a player opens it,
#: so a first visit does not download it (kept once fetched: see docs/multi-device.md)
PAIRING_FILES = ("pairing.js", "vendor/qr/qrcode.mjs", "vendor/qr/jsQR.js")
NOT_PRECACHED = ("index.html", ".nojekyll", "icons/icon-512.png", "icons/maskable-512.png", *PAIRING_FILES)
#: Modules of our package that no start imports, shipped outside the wheel in an archive of their own, which the
#: worker fetches and unpacks the first time a player needs them (``Page.load_modules``, ``game/ui/bridge.py``) and the
#: service worker keeps once fetched: archive name → modules. Playing on several phones (issue 29: its code loads
#: only when pairing opens). The archive is ``lazy/<name>-<hash>.zip``, named in version.json's ``"archives"``.
LAZY_ARCHIVES = {"sharing": ("game.ui.sharing", "game.ui.multidevice")}
LAZY_DIR = "lazy"
#: Files written last, after the content hash is known; they are not part of the hash
FINAL_FILES = ("sw.js", "version.json")

#: MIME types the server (and hence the service worker's cached copies) must use
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".bin": "application/octet-stream",
    ".txt": "text/plain; charset=utf-8",
}

ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)  #: fixed timestamp for every zip entry: reproducible wheels
THEME_COLOUR = (0x1F, 0x4E, 0x5F)
ACCENT_COLOUR = (0xF2, 0xB1, 0x34)
WALL_COLOUR = (0xFA, 0xF3, 0xE3)


def log(message: str) -> None:
    """Print a progress line of the build."""
    print(f"[build] {message}", flush=True)


def run(cmd: list[str], env: dict[str, str] | None = None) -> None:
    """Run a command in the repository, echoing it; raise on failure."""
    log("$ " + " ".join(cmd))
    subprocess.run(cmd, check=True, cwd=ROOT, env=env)


def sha256_bytes(data: bytes) -> str:
    """Hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()
