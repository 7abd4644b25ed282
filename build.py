#!/usr/bin/env python3
"""Build, serve, test and benchmark the house-games site.

    python3 build.py build              # write the deployable site to dist/
    python3 build.py serve [--port N]   # build, then serve dist/ on http://127.0.0.1:N (8000)
    python3 build.py test [pytest args] # install test tools if missing, build, run pytest
    python3 build.py bench              # benchmark report (tests/bench/run.py when present)

Each command installs what it needs on a fresh Debian machine (npm packages
from package-lock.json, the pinned ``zstandard`` compressor, and for ``test``
Chromium and requirements-dev.txt) and skips whatever is already there.

The site in dist/ is fully relative (works under a GitHub Pages sub-path),
loads nothing from another origin, and is byte-for-byte reproducible: the
wheel and every generated file use fixed timestamps and sorted entries, and
the service worker's cache name is a hash of every other file's content.
Only the standard library is imported at start, so this file runs before
anything is installed.
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
import zlib
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO, Iterable

ROOT = Path(__file__).resolve().parent
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


# --------------------------------------------------------------------------- installs

def _installed_npm_version(name: str) -> str | None:
    try:
        return json.loads((NODE_MODULES / name / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


def ensure_npm_packages() -> None:
    """``npm ci`` unless node_modules already holds the pinned Pyodide and PyScript and every other
    package.json pin (axe-core and lighthouse: the browser tests' and the bench's tools)."""
    pins = json.loads((ROOT / "package.json").read_text())
    wanted = {**pins.get("dependencies", {}), **pins.get("devDependencies", {})}
    if (_installed_npm_version("pyodide") == PYODIDE_VERSION and _installed_npm_version("@pyscript/core") == PYSCRIPT_VERSION
            and all(_installed_npm_version(name) == version for name, version in wanted.items())):
        return
    if shutil.which("npm") is None:
        sys.exit("build.py: npm is needed (Node 20): apt-get install -y nodejs npm")
    run(["npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts"])


def ensure_chromium() -> None:
    """Debian's Chromium for the browser tests (apt-get, as root), unless already there."""
    if Path("/usr/bin/chromium").exists():
        return
    apt = ["apt-get"] if os.geteuid() == 0 else ["sudo", "apt-get"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(apt + ["update", "-qq"], env=env)
    run(apt + ["install", "-y", "-qq", "chromium"], env=env)


def _requirements(path: Path) -> list[tuple[str, str]]:
    pins = []
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if "==" in line:
            name, version = line.split("==", 1)
            pins.append((name.strip(), version.strip()))
    return pins


def ensure_dev_requirements() -> None:
    """``pip install -r requirements-dev.txt`` unless every pin is already installed."""
    from importlib import metadata

    req = ROOT / "requirements-dev.txt"
    try:
        if all(metadata.version(name) == version for name, version in _requirements(req)):
            return
    except metadata.PackageNotFoundError:
        pass
    run([sys.executable, "-m", "pip", "install", "-q", "-r", str(req)])


def ensure_zstandard() -> ModuleType:
    """The pinned ``zstandard`` module (``pip install`` when it is missing or another version)."""
    from importlib import metadata

    name, version = ZSTANDARD_PIN
    try:
        installed = metadata.version(name)
    except metadata.PackageNotFoundError:
        installed = None
    if installed != version:
        run([sys.executable, "-m", "pip", "install", "-q", f"{name}=={version}"])
        import importlib

        importlib.invalidate_caches()
    import zstandard

    if zstandard.__version__ != version:
        sys.exit(f"build.py: zstandard {zstandard.__version__} is loaded, {version} is pinned; run the build again")
    return zstandard


# --------------------------------------------------------------------------- wheel

def project_metadata() -> dict:
    """The ``[project]`` table of pyproject.toml."""
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def wheel_assets() -> dict[str, str]:
    """Generated assets shipped inside the wheel as package data (deflated there: a ``.bin`` file served on its
    own would travel uncompressed), archive name → file under assets/: each game's ``SPEC.package_data``."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game import ENGINE_MODULES
    from game.core import load_spec

    return {f"{ENGINE_MODULES[gid].replace('.', '/')}/{name}": name
            for gid in site_games() for name in load_spec(gid).package_data}


def wheel_files(package_root: Path = ROOT / "game") -> list[tuple[str, bytes]]:
    """(archive name, content) of every file of the ``game`` package that belongs in the wheel: the modules the
    app may import (:func:`app_modules`), the package data, and the generated assets it carries
    (:func:`wheel_assets`, read by the engines as package data)."""
    files = package_files(package_root)
    modules = app_modules(files)
    return [(name, data) for name, data in files
            if not name.endswith(".py") or name[:-3].replace("/", ".").removesuffix(".__init__") in modules]


def package_files(package_root: Path = ROOT / "game") -> list[tuple[str, bytes]]:
    """(archive name, content) of every source and data file of the ``game`` package, and :func:`wheel_assets`."""
    files = []
    for name, asset in wheel_assets().items():
        path = ROOT / "assets" / asset
        if path.is_file() and not (package_root.parent / name).exists():
            files.append((name, path.read_bytes()))
    for path in sorted(package_root.rglob("*")):
        rel = path.relative_to(package_root.parent).as_posix()
        if not path.is_file() or "__pycache__" in path.parts or path.suffix not in (".py", ".json", ".bin"):
            continue
        files.append((rel, path.read_bytes()))
    return files


def app_modules(files: list[tuple[str, bytes]]) -> set[str]:
    """The modules among ``files`` that the app may import: everything reachable, lazy imports included, from
    the worker's entry (``site/main.py``) and from each game's engine and screen, which the registry
    (``game/__init__.py``) names for the app to import by name. The terminal (``python -m game``) is not
    reached, so neither it nor its imports ship; the lab lives outside the package (``lab/``)."""
    sources = {module: (is_package, source) for module, is_package, source in _python_sources(files)}
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game import ENGINE_MODULES, SCREEN_MODULES

    games = site_games()
    todo = sorted(imports_of((SITE / "main.py").read_text(), "__main__", False)
                  | {ENGINE_MODULES[g] for g in games} | {SCREEN_MODULES[g] for g in games if g in SCREEN_MODULES})
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen or name not in sources:
            continue
        seen.add(name)
        parts = name.split(".")
        todo += [".".join(parts[:i]) for i in range(1, len(parts))]  # a module's packages run first
        todo += sorted(imports_of(sources[name][1], name, sources[name][0]))
    return seen


def _zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, ZIP_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    zf.writestr(info, data, compresslevel=9)


def build_wheel(out_dir: Path) -> Path:
    """Write the pure ``game`` wheel (distribution house-games) reproducibly; return its path."""
    meta = project_metadata()
    dist_name = meta["name"].replace("-", "_")
    version = meta["version"]
    info_dir = f"{dist_name}-{version}.dist-info"
    # shipped without comments and docstrings (line numbers kept, so tracebacks still point at the source)
    lazy = {module for modules in LAZY_ARCHIVES.values() for module in modules}
    entries = [(name, slim_source(data.decode("utf-8")).encode("utf-8") if name.endswith(".py") else data)
               for name, data in wheel_files() if _module_of(name) not in lazy]
    entries.append((f"{info_dir}/METADATA", (
        f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {version}\n"
        f"Summary: {meta.get('description', '')}\nRequires-Python: {meta.get('requires-python', '>=3.11')}\n"
    ).encode()))
    entries.append((f"{info_dir}/WHEEL", b"Wheel-Version: 1.0\nGenerator: house-games build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"))
    entries.append((f"{info_dir}/top_level.txt", b"game\n"))
    from game.ui.precompile import wheel_record  # the one RECORD writer (the worker rewrites RECORDs with it too)

    entries.append((f"{info_dir}/RECORD", wheel_record(f"{info_dir}/RECORD", entries)))
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{dist_name}-{version}-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as zf:
        for name, data in entries:
            _zip_write(zf, name, data)
    path.write_bytes(buffer.getvalue())
    return path


def _module_of(name: str) -> str | None:
    """The module an archive name holds (``game/ui/app.py`` → ``game.ui.app``), or None for a data file."""
    return name[:-3].replace("/", ".").removesuffix(".__init__") if name.endswith(".py") else None


def lazy_archive_entries(files: list[tuple[str, bytes]] | None = None) -> dict[str, list[tuple[str, bytes]]]:
    """Each of :data:`LAZY_ARCHIVES` as (archive name, slimmed source) entries, from ``files`` (the wheel's,
    :func:`wheel_files`). The build fails when an archive's module is not among them (the app does not reach it)
    or when a module of the wheel imports one at module level: it would fail to import before the archive came."""
    files = wheel_files() if files is None else files
    lazy = {module: archive for archive, modules in LAZY_ARCHIVES.items() for module in modules}
    by_module = {_module_of(name): (name, data) for name, data in files if name.endswith(".py")}
    missing = sorted(module for module in lazy if module not in by_module)
    eager = sorted(f"{module} imports {target}" for module, is_package, source in _python_sources(files)
                   if module not in lazy
                   for target in imports_of(source, module, is_package, module_level_only=True) if target in lazy)
    if missing or eager:
        raise SystemExit("build.py: LAZY_ARCHIVES cannot be shipped apart:\n  " + "\n  ".join(
            [f"{m}: not a module the app reaches" for m in missing] + [f"{e} at module level" for e in eager]))
    return {archive: [(by_module[m][0], slim_source(by_module[m][1].decode("utf-8")).encode("utf-8")) for m in modules]
            for archive, modules in LAZY_ARCHIVES.items()}


def write_lazy_archives(out: Path) -> dict[str, str]:
    """Write each lazy archive (deflated: a ``.zip`` travels as it is) as ``lazy/<name>-<hash>.zip``; return
    archive name → its path in the site."""
    written = {}
    for archive, entries in lazy_archive_entries().items():
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as zf:
            for name, data in entries:
                _zip_write(zf, name, data)
        rel = f"{LAZY_DIR}/{archive}-{sha256_bytes(buffer.getvalue())[:12]}.zip"
        (out / LAZY_DIR).mkdir(parents=True, exist_ok=True)
        (out / rel).write_bytes(buffer.getvalue())
        written[archive] = rel
    return written


# --------------------------------------------------------------------------- icons

def png_bytes(width: int, height: int, rows: Iterable[bytes]) -> bytes:
    """Encode RGBA rows (``width * 4`` bytes each) as a PNG file."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def house_icon(size: int, maskable: bool = False) -> bytes:
    """A PNG app icon: a light house with a gold door on the theme colour.

    The plain icon is a rounded square; the maskable one fills the whole
    square and keeps the glyph inside the central 80 % safe zone.
    """
    s = size
    scale = 0.62 if maskable else 0.78  # glyph size relative to the icon
    radius = 0 if maskable else s * 0.18
    g0 = (1 - scale) / 2 * s
    gw = scale * s

    def inside_glyph(x: float, y: float) -> tuple[int, int, int] | None:
        u, v = (x - g0) / gw, (y - g0) / gw  # glyph coordinates 0..1
        if 0.2 <= u <= 0.8 and 0.45 <= v <= 0.95:  # walls
            if 0.42 <= u <= 0.58 and 0.66 <= v <= 0.95:
                return ACCENT_COLOUR  # door
            if (0.27 <= u <= 0.37 or 0.63 <= u <= 0.73) and 0.55 <= v <= 0.65:
                return THEME_COLOUR  # windows
            return WALL_COLOUR
        if 0.05 <= v < 0.5 and abs(u - 0.5) <= (v - 0.05) / 0.45 * 0.45 + 0.0:  # roof
            return ACCENT_COLOUR
        return None

    rows = []
    for y in range(s):
        row = bytearray()
        for x in range(s):
            cx, cy = x + 0.5, y + 0.5
            alpha = 255
            if radius:
                dx = max(radius - cx, 0, cx - (s - radius))
                dy = max(radius - cy, 0, cy - (s - radius))
                if dx * dx + dy * dy > radius * radius:
                    alpha = 0
            colour = inside_glyph(cx, cy) or THEME_COLOUR
            row += bytes((*colour, alpha))
        rows.append(bytes(row))
    return png_bytes(s, s, rows)


# --------------------------------------------------------------------------- trimmed stdlib

#: The stdlib modules the app was seen to import (tests/bench/imports.py writes it; build.py keeps them)
STDLIB_USED = ROOT / "stdlib-modules.txt"
#: Modules the interpreter itself needs at start (found by name, not by an import statement)
STDLIB_STARTUP = (
    "site", "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten", "encodings", "encodings.aliases",
    "encodings.utf_8", "encodings.utf_8_sig", "encodings.latin_1", "encodings.ascii", "encodings.cp437", "encodings.idna",
    "encodings.raw_unicode_escape", "encodings.unicode_escape", "encodings.utf_16", "encodings.utf_16_le",
    "encodings.utf_16_be", "encodings.utf_32",
)
#: stdlib modules that built-in (C) modules import when a function is called, invisible to any reading of
#: Python source: ``datetime.strptime`` imports ``_strptime`` (the daily deal parses its day with it)
STDLIB_FROM_C = ("_strptime",)
#: Modules provided by the runtime rather than the stdlib zip: the interpreter core and the page bridges
RUNTIME_MODULES = frozenset({"sys", "builtins", "marshal", "_warnings", "_frozen_importlib", "_frozen_importlib_external",
                             "_imp", "js", "pyodide_js", "pyscript", "_pyscript", "polyscript", "jsffi", "game"})
#: PyScript chunks the app never loads: the code editor (codemirror) and the terminal (xterm, its MicroPython and
#: Pyodide halves) are imported only when a page has a py-editor or terminal element. PyScript imports each plugin's
#: entry chunk at start unless the page's config lists it as ``"!name"``: pyscript.toml's ``plugins`` lists them all
#: but ``error``, so their chunks are not shipped either. Its list of Pyodide's packages (``pyodide_graph``) is
#: imported only to check a config's ``packages``, which ours has none of (pyscript.toml).
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|index-|mpy-|py-Dl|xterm|toml-|zip-|pyodide_graph-|py-editor-|py-terminal-|"
                             r"py-game-|donkey-|deprecations-manager-|storage\.js$|core\.css$)")


def pyscript_files() -> list[Path]:
    """PyScript's files the site ships: its npm package's ``dist`` less :data:`PYSCRIPT_UNUSED` and its service
    worker (ours is sw.js)."""
    return [path for path in sorted((NODE_MODULES / "@pyscript" / "core" / "dist").iterdir())
            if path.suffix in (".js", ".css") and path.name != "service-worker.js" and not PYSCRIPT_UNUSED.match(path.name)]


_IMPORT_RE = re.compile(r"^[ \t]*import[ \t]+([\w. \t,]+)", re.M)
_FROM_RE = re.compile(r"^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#;]*)", re.M)
_DEF_RE = re.compile(r"^([ \t]*)(async[ \t]+def|def|if[ \t]+__name__[ \t]*==)")
_JS_IMPORT_RE = re.compile(r"\bfrom\s+([A-Za-z_][\w.]*)\s+import\b|\bimport\s+([A-Za-z_][\w.]*)|pyimport\(\s*[\"']([\w.]+)[\"']")


def _module_level(source: str) -> str:
    """The lines of ``source`` that run at import: all but function bodies and ``if __name__ == "__main__":``."""
    keep, skip_deeper_than = [], None
    for line in source.splitlines():
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if skip_deeper_than is not None:
            if not stripped or stripped.startswith("#") or indent > skip_deeper_than:
                continue
            skip_deeper_than = None
        if _DEF_RE.match(line):
            skip_deeper_than = indent
        keep.append(line)
    return "\n".join(keep)


def _without_main_block(source: str) -> str:
    """``source`` without its ``if __name__ == "__main__":`` block (a script's demo, never run on import)."""
    match = re.search(r"^if[ \t]+__name__[ \t]*==.*$", source, re.M)
    if not match:
        return source
    rest = source[match.end():].split("\n")
    tail = next((i for i, line in enumerate(rest[1:], 1) if line.strip() and not line[0].isspace() and not line.startswith("#")), None)
    return source[:match.start()] + ("\n".join(rest[tail:]) if tail else "")


def imports_of(source: str, module: str, is_package: bool, module_level_only: bool = False) -> set[str]:
    """Every module name ``source`` may import (``from a import b`` gives ``a`` and ``a.b``), relative ones resolved.

    Text-based, so it reads newer Python than the one running the build (the runtime's stdlib is 3.14).
    """
    source = _module_level(source) if module_level_only else _without_main_block(source)
    found: set[str] = set()
    for match in _IMPORT_RE.finditer(source):
        for part in match.group(1).split(","):
            words = part.split()
            if words:
                found.add(words[0])
    for match in _FROM_RE.finditer(source):
        name = match.group(1)
        level = len(name) - len(name.lstrip("."))
        name = name.lstrip(".")
        if level:
            base = module.split(".") if is_package else module.split(".")[:-1]
            base = base[:len(base) - (level - 1)]
            name = ".".join(base + ([name] if name else []))
        found.add(name)
        for item in match.group(2).strip("() \t\n").split(","):
            words = item.split()
            if words and words[0] != "*":
                found.add(f"{name}.{words[0]}")
    return {n for n in found if n and re.fullmatch(r"[\w.]+", n)}


def _python_sources(entries: Iterable[tuple[str, bytes]]) -> Iterable[tuple[str, bool, str]]:
    """(module name, is package, source) of the ``.py`` entries of a zip or tree."""
    for name, data in entries:
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            is_package = module.endswith(".__init__")
            yield module.removesuffix(".__init__"), is_package, data.decode("utf-8", "replace")


def builtin_modules(wasm: bytes) -> set[str]:
    """Extension modules compiled into the runtime (their ``PyInit_<name>`` symbols)."""
    return {m.decode() for m in re.findall(rb"PyInit_(\w+)", wasm)}


#: Packages whose docstrings are used at run time (Pyodide copies them onto its JavaScript proxy types)
KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")


def slim_source(source: str) -> str:
    """``source`` without comments and with every docstring emptied (``""``), line numbers kept.

    The stdlib runs unchanged without docstrings (CPython's ``-OO`` removes them too; an empty one keeps
    ``__doc__`` a string). Tracebacks still point at the right lines. Source this Python cannot parse
    (newer syntax) is returned unchanged, and so is any result that would not parse.
    """
    import ast
    import tokenize

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return _slim_by_tokens(source)
    spans = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                assert first.end_lineno is not None and first.end_col_offset is not None  # ast.parse sets both
                spans.append((first.lineno, first.col_offset, first.end_lineno, first.end_col_offset))
    lines = [line.encode() for line in source.splitlines(keepends=True)]  # ast's columns count UTF-8 bytes
    for first_line, col, last_line, end_col in sorted(spans, reverse=True):
        rest = lines[last_line - 1][end_col:]
        lines[first_line - 1] = lines[first_line - 1][:col] + b'""' + (rest if last_line == first_line else b"\n")
        for i in range(first_line, last_line):
            lines[i] = b"\n"
        if last_line > first_line:
            lines[last_line - 1] = rest if rest.strip() else b"\n"
    text = b"".join(lines).decode()
    text_lines = text.splitlines(keepends=True)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, SyntaxError):
        return source
    for token in reversed(tokens):
        if token.type == tokenize.COMMENT and not token.string.startswith(("#!", "# -*-", "# vim:")):
            row, col = token.start
            line = text_lines[row - 1]
            text_lines[row - 1] = line[:col].rstrip() + line[len(line.rstrip("\r\n")):]
    slim = "".join(text_lines)
    try:
        ast.parse(slim)
    except SyntaxError:
        return source
    return slim if slim.count("\n") == source.count("\n") else source


def _significant(tokens: list) -> list[tuple[int, str]]:
    import tokenize

    skip = (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING)
    return [(t.type, t.string) for t in tokens if t.type not in skip]


def _slim_by_tokens(source: str) -> str:
    """:func:`slim_source` for source this Python's parser cannot read (newer syntax), from its tokens alone.

    Docstrings are found as a lone string statement at the start of the module or of an indented block. The
    result is kept only if its tokens are the source's (docstrings emptied, comments gone); source whose
    f-strings this tokenizer cannot read (quotes reused inside, Python 3.12+) is returned unchanged.
    """
    import tokenize

    def tokens_of(text: str) -> list:
        return list(tokenize.generate_tokens(io.StringIO(text).readline))

    try:
        tokens = tokens_of(source)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source
    for t in tokens:
        if t.type == tokenize.ERRORTOKEN:
            return source
        if t.type == tokenize.STRING and re.match(r"(?i)[rb]*f", t.string):
            body = t.string.replace("{{", "").replace("}}", "")
            if body.count("{") != body.count("}"):
                return source
    significant = [t for t in tokens if t.type not in (tokenize.COMMENT, tokenize.NL, tokenize.ENCODING)]
    docstrings = []
    for i, t in enumerate(significant):
        if t.type != tokenize.STRING or re.match(r"(?i)[rb]*f", t.string):
            continue
        before = significant[i - 1].type if i else None
        after = significant[i + 1].type if i + 1 < len(significant) else None
        if before in (None, tokenize.INDENT) and after == tokenize.NEWLINE:
            docstrings.append(t)
    lines = source.splitlines(keepends=True)
    edits = [(t.start, t.end, '""') for t in docstrings]
    edits += [(t.start, t.end, "") for t in tokens if t.type == tokenize.COMMENT and not t.string.startswith(("#!", "# -*-"))]
    for (row, col), (end_row, end_col), text in sorted(edits, reverse=True):
        tail = lines[end_row - 1][end_col:]
        if end_row == row:
            lines[row - 1] = lines[row - 1][:col] + text + tail
        else:
            lines[row - 1] = lines[row - 1][:col] + text + "\n"
            for i in range(row, end_row - 1):
                lines[i] = "\n"
            lines[end_row - 1] = tail if tail.strip() else "\n"
        if not text:  # a removed comment: no trailing blanks
            line = lines[row - 1]
            lines[row - 1] = line[:len(line.rstrip("\r\n"))].rstrip() + line[len(line.rstrip("\r\n")):]
    slim = "".join(lines)
    try:
        expected = [(ty, '""' if (ty, st) in {(d.type, d.string) for d in docstrings} else st) for ty, st in _significant(tokens)]
        if _significant(tokens_of(slim)) != expected or slim.count("\n") != source.count("\n"):
            return source
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return source
    return slim


def stdlib_used(path: Path | None = None) -> list[str]:
    """The stdlib modules the running app was seen to import (``stdlib-modules.txt``, written by
    ``tests/bench/imports.py``: every game's screens, bots, saves and end screen in the real worker)."""
    path = path or STDLIB_USED
    return [line.strip() for line in path.read_text().splitlines() if line.strip() and not line.startswith("#")]


def trimmed_stdlib(stdlib_zip: bytes, roots: dict[str, set[str]], builtins: set[str],
                   used: Iterable[str] = ()) -> tuple[bytes, list[str]]:
    """``python_stdlib.zip`` cut to ``used`` plus the modules reachable from ``roots`` ({who: imported names}),
    deflated (GitHub Pages sends ``.zip`` files as they are).

    ``used`` is what the running app was seen to import (Pyodide's and PyScript's bootstraps, unpacking our
    wheel, every screen); ``roots`` are our package's imports, anywhere in a module, followed
    through the stdlib's module-level imports (but not through modules of ``used``: what they import at
    module level ran in the survey, so it is in ``used`` too — fallbacks such as ``_pydatetime`` are not). The build fails when an import of our package resolves to
    nothing (not in the zip, the runtime or our package), or when a module of ``used`` is not in the zip.
    """
    src = zipfile.ZipFile(io.BytesIO(stdlib_zip))
    paths = {}
    for name in src.namelist():
        if name.endswith(".py"):
            module = name[:-3].replace("/", ".")
            paths[module.removesuffix(".__init__")] = name
    missing = sorted(f"{who}: {name}" for who, names in roots.items() if who.startswith("game")
                     for name in names
                     if name.split(".")[0] not in paths and name.split(".")[0] not in builtins | RUNTIME_MODULES)
    missing += sorted(f"{STDLIB_USED.name}: {name}" for name in used if name not in paths)
    if missing:
        raise SystemExit("build.py: imports the trimmed stdlib cannot serve:\n  " + "\n  ".join(missing))
    needed: set[str] = set()
    todo: list[str] = []

    def want(name: str) -> None:
        parts = name.split(".")
        for i in range(1, len(parts) + 1):
            prefix = ".".join(parts[:i])
            if prefix in paths and prefix not in needed:
                needed.add(prefix)
                todo.append(prefix)

    for names in [*roots.values(), used]:
        for name in names:
            want(name)
    seen_running = set(used)  # their module-level imports ran in the survey: already in `used`
    while todo:
        module = todo.pop()
        if module in seen_running:
            continue
        path = paths[module]
        for name in imports_of(src.read(path).decode("utf-8", "replace"), module, path.endswith("__init__.py"),
                               module_level_only=True):
            want(name)
    kept = {paths[m] for m in needed}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for info in src.infolist():
            if info.filename.endswith(".py") and info.filename not in kept:
                continue
            if not info.filename.endswith(".py") and not info.is_dir():
                continue  # licence text, Windows .bat, typing markers: nothing imports them
            if info.is_dir():
                continue
            entry = zipfile.ZipInfo(info.filename, ZIP_EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            data = src.read(info.filename)
            if not info.filename.startswith(KEEP_DOCSTRINGS):
                data = slim_source(data.decode("utf-8")).encode("utf-8")
            zf.writestr(entry, data, compresslevel=9)
    return out.getvalue(), sorted(needed)


def stdlib_roots() -> dict[str, set[str]]:
    """What our package imports (anywhere in a module, lazy imports included) and the interpreter's
    start-up modules. What Pyodide and PyScript import at run time is in :func:`stdlib_used`."""
    roots: dict[str, set[str]] = {"startup": set(STDLIB_STARTUP), "from C": set(STDLIB_FROM_C)}
    for module, is_package, source in _python_sources(wheel_files()):
        roots[module] = imports_of(source, module, is_package)
    return roots


def strip_source_map(path: Path) -> None:
    """Drop a ``//# sourceMappingURL=`` comment: the maps are not shipped, and DevTools would ask for them (404)."""
    text = path.read_bytes()
    stripped = re.sub(rb"\n?//# sourceMappingURL=[^\n]*\s*$", b"\n", text)
    if stripped != text:
        path.write_bytes(stripped)


# --------------------------------------------------------------------------- start screen

#: Marker in index.html that build() replaces with the static start screen
START_MARKER = "<!-- start-screen: written by build.py -->"
#: Marker in index.html that build() replaces with the list of PyScript's modules, as JSON: on a page the service
#: worker controls, the page's head fetches and compiles them (modulepreload) while the start screen paints
PYSCRIPT_MODULES_MARKER = "<!-- pyscript-modules: written by build.py -->"


def site_games() -> tuple[str, ...]:
    """The games a build shows: the registry's product games (``game.PRODUCT_GAMES``).

    Never the process's ``HOUSE_GAMES_EXTRA``: the build is the same whatever the environment."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game import PRODUCT_GAMES

    return PRODUCT_GAMES


def start_screen_data(games: tuple[str, ...] | None = None) -> dict:
    """What site/start.js needs to run the start screen without Python: the games, options and every UI text.

    Taken from the tables the Python app uses (``game.ui.catalog``, ``game.core.locale``), so both agree; each game's
    start options are its ``SPEC.options`` as data (site/start.js draws them, whatever the game).
    """
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.ui.catalog import catalog, screen_spec, start_defaults
    from game.core.locale import keys_starting, language_names, text

    games = games or site_games()
    for gid in games:
        screen_spec(gid)  # a screen package registers its texts (a new game's option labels among them) on import
    rows: list[dict[str, Any]] = [{"id": g.game_id, "title": g.title, "available": g.available, "problem": g.problem or "",
             "min": g.min_players, "max": g.max_players, "bots": list(g.bot_names), "default_bot": g.default_bot,
             "options": [start_option_data(o) for o in (g.spec.options if g.spec else ())]} for g in catalog(games)]
    option_keys = sorted({key for g in rows for o in g["options"]
                          for key in [o["label"]] + [k for _, k, _ in o["choices"] if k]})
    texts = {lang: {k: text(k, lang) for k in keys_starting("app.") + keys_starting("start.") + keys_starting("count.") + option_keys}
             for lang in language_names()}
    return {
        "games": rows, "languages": language_names(), "texts": texts,
        "defaults": start_defaults(games),  # the Python app's (game.ui.app.App.settings)
    }


def start_option_data(option: Any) -> dict:
    """One ``StartOption`` (``game.core.contract``) as site/start.js reads it: each choice with its text key (or
    ``None`` to show the value as it is) and the values that text is filled with (or ``None``)."""
    def choice(i: int, c: Any) -> list:
        if option.choice_format:
            return [c, option.choice_format, option.choice_values[i]]
        return [c, f"{option.choice_text}{c}" if option.choice_text else None, None]

    return {"name": option.name, "label": option.label, "default": option.default,
            "choices": [choice(i, c) for i, c in enumerate(option.choices)],
            "players": list(option.players) if option.players else None, "random": option.random,
            "beside_seats": option.beside_seats, "seat_choices": option.seat_choices}


def rules_data(games: tuple[str, ...] | None = None) -> dict:
    """Each game's in-app rules per language, ``{lang: {game: [[heading, [paragraph, …]], …]}}`` (site/rules.json),
    from ``rules(lang)`` of each game's screen package (its ``ScreenSpec``, :func:`game.ui.catalog.screen_spec`)."""
    games = games or site_games()
    from game.ui.catalog import screen_spec
    from game.core.locale import language_names

    screens = {gid: spec for gid in games if (spec := screen_spec(gid)) is not None}
    return {lang: {gid: [[head, list(paras)] for head, paras in screen.rules(lang)] for gid, screen in screens.items()}
            for lang in language_names()}


#: the longest name a player may give a seat on the start screen (game.ui.app.seat_given_names cuts to the same)
NAME_MAX = 20


def start_screen_html(data: dict) -> str:
    """The start screen as static HTML, in English with the default choices (start.js applies saved ones).

    Every text carries ``data-t`` (its text key) so start.js can switch the language without Python; the
    controls keep the ids the Python start screen had (``game-<id>``, ``f-players``, ``f-seat-N``, …).
    """
    from html import escape

    texts = data["texts"]["en"]
    d = data["defaults"]

    def english(key: str, **values: object) -> str:
        """The English text of ``key`` from ``data``, escaped for HTML."""
        return escape(texts[key].format(**values) if values else texts[key])

    def select(name: str, key: str, options: list[tuple[str, str]], value: str, hidden: bool = False, n: int | None = None) -> str:
        opts = "".join(f'<option value="{escape(v)}"{" selected" if v == value else ""}>{escape(text)}</option>' for v, text in options)
        label = f'<span data-t="{key}" data-n="{n}">{english(key, n=n)}</span>' if n is not None else f'<span data-t="{key}">{english(key)}</span>'
        return (f'<label class="field" for="f-{name}" id="field-{name}"{" hidden" if hidden else ""}>{label}'
                f'<select name="{name}" id="f-{name}">{opts}</select></label>')

    games = data["games"]
    first = next(g for g in games if g["id"] == d["game"])  # drawn for the default game and player count
    choices = "".join(
        f'<label class="choice" for="game-{g["id"]}" data-available="{str(g["available"]).lower()}" title="{escape(g["problem"])}">'
        f'<input type="radio" name="game" id="game-{g["id"]}" value="{g["id"]}"{" checked" if g["id"] == d["game"] else ""}>'
        f'<span>{escape(g["title"])}</span>'
        + ("" if g["available"] else f'<span class="tag" data-t="start.coming">{english("start.coming")}</span>') + "</label>"
        for g in games)
    players = [(str(n), texts["start.solo"] if n == 1 else str(n)) for n in range(first["min"], first["max"] + 1)]
    seat_choices = [("human", texts["start.human"]), ("remote", texts["start.remote"])] + [("bot:" + b, texts["start.computer"].format(name=texts.get(f"start.bot.{b}", b))) for b in first["bots"]]
    most = max(g["max"] for g in games)
    def name_field(i: int) -> str:  # shown by start.js for each human seat when several people share the device
        return (f'<label class="field seat-name" for="f-name-{i}" id="field-name-{i}" hidden>'
                f'<span data-t="start.seat_name" data-n="{i + 1}">{english("start.seat_name", n=i + 1)}</span>'
                f'<input type="text" id="f-name-{i}" name="name-{i}" maxlength="{NAME_MAX}" autocomplete="off" spellcheck="false"></label>')

    seats = "".join(select(f"seat-{i}", "start.seat", seat_choices, "human" if i == 0 else "bot:" + first["default_bot"], hidden=True, n=i + 1)
                    + name_field(i) for i in range(most))
    options: dict[str, dict] = {}  # every game's options, each name once (the first declaration)
    for g in games:
        for o in g["options"]:
            options.setdefault(o["name"], o)
    shown = {o["name"] for o in first["options"]
             if not o["players"] or o["players"][0] <= d["players"] <= o["players"][1]}

    def option_field(o: dict) -> str:
        choices = [(str(v), texts[key].format(**(values or {})) if key else str(v)) for v, key, values in o["choices"]]
        choices += [("random", texts["start.random"])] if o["random"] else []
        return select(o["name"], o["label"], choices, str(d.get(o["name"], o["default"])), hidden=o["name"] not in shown)

    beside_seats = "".join(option_field(o) + "\n" for o in options.values() if o["beside_seats"])
    other_options = [o for o in options.values() if not o["beside_seats"]]
    options_hidden = not any(o["name"] in shown for o in other_options)
    languages = list(data["languages"].items())
    data_json = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("</", "<\\/")  # safe inside <script>
    return f"""<main id="start-screen" class="screen stack" aria-labelledby="start-title">
<header><h1 id="start-title" class="brand" data-t="app.title">{english("app.title")}</h1><p class="lead" data-t="app.tagline">{english("app.tagline")}</p></header>
<p id="start-notice" class="notice" role="alert" hidden></p>
<div id="resume-slot"></div>
<nav class="actions" id="start-more" aria-label="{english("start.more")}" data-t-label="start.more"><button type="button" data-request="daily" data-t="start.daily">{english("start.daily")}</button><button type="button" data-request="past" data-t="start.past">{english("start.past")}</button><button type="button" data-request="stats" data-t="start.stats">{english("start.stats")}</button></nav>
<form id="start-form" class="stack" novalidate>
<fieldset><legend data-t="start.game">{english("start.game")}</legend><div class="choices">{choices}</div></fieldset>
<p id="start-unavailable" class="notice" hidden></p>
<fieldset id="seats-box"><legend data-t="start.seats">{english("start.seats")}</legend><div class="stack">
{select("players", "start.players", players, str(d["players"]))}
{beside_seats}{seats}
</div></fieldset>
<fieldset id="options-box"{" hidden" if options_hidden else ""}><legend data-t="start.options">{english("start.options")}</legend>
{"".join(option_field(o) + chr(10) for o in other_options)}</fieldset>
<fieldset><legend><span data-t="start.options">{english("start.options")}</span> · <span data-t="start.language">{english("start.language")}</span></legend><div class="stack">
<label class="field" for="f-seed"><span data-t="start.seed">{english("start.seed")}</span><input type="number" id="f-seed" name="seed" min="0" inputmode="numeric" value="{escape(str(d["seed"]))}" aria-describedby="seed-hint"><small class="muted" id="seed-hint" data-t="start.seed.hint">{english("start.seed.hint")}</small></label>
{select("lang", "start.language", languages, d["lang"])}
<label class="check" for="f-patterns"><input type="checkbox" id="f-patterns" name="patterns"{" checked" if d["patterns"] else ""}><span data-t="start.patterns">{english("start.patterns")}</span></label>
</div></fieldset>
<details id="start-rules" class="log"><summary data-t="start.rules">{english("start.rules")}</summary><div id="start-rules-body"></div></details>
<div class="actions"><button type="submit" class="primary" id="start-game"><span id="start-label">{english("start.new")}</span></button></div>
</form>
<div id="load-status" aria-live="polite">
<ol class="stages">
<li data-stage="runtime" data-status="active"><span class="stage-name" data-t="start.load.runtime">{english("start.load.runtime")}</span> <span class="stage-detail" data-t="start.load.downloading">{english("start.load.downloading")}</span></li>
<li data-stage="package" data-status="waiting"><span class="stage-name" data-t="start.load.package">{english("start.load.package")}</span> <span class="stage-detail"></span></li>
<li data-stage="start" data-status="waiting"><span class="stage-name" data-t="start.load.start">{english("start.load.start")}</span> <span class="stage-detail"></span></li>
</ol>
<progress id="load-progress" max="1" value="0" aria-label="{english("start.load.progress")}" data-t-label="start.load.progress"></progress>
<p id="load-bytes" class="muted"></p>
</div>
<footer class="footer"><span id="build-id" data-t="start.build">&nbsp;</span></footer>
</main>
<script type="application/json" id="start-data">{data_json}</script>"""


def write_index(out: Path, games: tuple[str, ...] | None = None) -> None:
    """index.html with the static start screen in place of :data:`START_MARKER` and PyScript's modules in place of
    :data:`PYSCRIPT_MODULES_MARKER`, and site/rules.json."""
    games = games or site_games()
    page = (ROOT / "index.html").read_text()
    for marker in (START_MARKER, PYSCRIPT_MODULES_MARKER):
        if page.count(marker) != 1:
            raise SystemExit(f"build.py: index.html must hold the marker {marker!r} exactly once")
    modules = [f"./vendor/pyscript/{path.name}" for path in pyscript_files() if path.suffix == ".js"]
    page = page.replace(PYSCRIPT_MODULES_MARKER,
                        f'<script type="application/json" id="pyscript-modules">{json.dumps(modules)}</script>')
    (out / "index.html").write_text(page.replace(START_MARKER, start_screen_html(start_screen_data(games))))
    (out / "rules.json").write_text(json.dumps(rules_data(games), ensure_ascii=False, sort_keys=True) + "\n")


# --------------------------------------------------------------------------- site

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
    if _installed_npm_version("fzstd") != pin:
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
        if _installed_npm_version(name) != pins[name]:
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


# --------------------------------------------------------------------------- serve

#: Types sent gzip-compressed when the client accepts it, as GitHub Pages does; others (.zip, .whl, .png) go raw
GZIP_SUFFIXES = (".wasm", ".js", ".mjs", ".json", ".css", ".html", ".webmanifest", ".toml", ".py", ".svg", ".txt")
_gzip_cache: dict[tuple[str, int, int], bytes] = {}


def gzip_bytes(path: Path) -> bytes:
    """``path`` gzip-compressed (level 6, no timestamp), cached per path, size and modification time."""
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    if key not in _gzip_cache:
        _gzip_cache[key] = gzip.compress(path.read_bytes(), 6, mtime=0)
    return _gzip_cache[key]


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files as GitHub Pages serves them: the site's MIME types, gzip for compressible types
    (``Content-Encoding``, honouring ``Accept-Encoding``), revalidated on every request (like a fresh deploy)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def send_head(self) -> io.BytesIO | BinaryIO | None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.split("?", 1)[0].endswith("/"):
            path = path / "index.html"
        accepts = "gzip" in self.headers.get("Accept-Encoding", "")
        if not (accepts and path.suffix in GZIP_SUFFIXES and path.is_file()):
            return super().send_head()
        modified = int(path.stat().st_mtime)
        since = self.headers.get("If-Modified-Since")
        if since:  # a revalidation (the service worker's "no-cache" precache fetch) of an unchanged file: no body
            try:
                unchanged = email.utils.parsedate_to_datetime(since).timestamp() >= modified
            except (TypeError, ValueError, IndexError, OverflowError):
                unchanged = False
            if unchanged:
                self.send_response(304)
                self.send_header("Last-Modified", self.date_time_string(modified))
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        body = gzip_bytes(path)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(path)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Last-Modified", self.date_time_string(int(path.stat().st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:  # quiet: errors only
        if args and str(args[1] if len(args) > 1 else "").startswith(("4", "5")):
            super().log_message(format, *args)


def make_server(directory: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.ThreadingHTTPServer:
    """An HTTP server for ``directory`` on ``host:port`` (port 0: any free port)."""
    handler = functools.partial(SiteHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    """Build, then serve dist/ until interrupted."""
    build()
    server = make_server(DIST, port)
    print(f"Serving the site on http://127.0.0.1:{server.server_address[1]}/  (Ctrl+C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- test & bench

def test(pytest_args: list[str]) -> int:
    """Install the test tools when missing, build, and run pytest with ``pytest_args``; with ``--quick``, only the
    tests that need no browser and no build, with small soak sizes (``tests/sizes.py``)."""
    if "--quick" in pytest_args:
        ensure_dev_requirements()
        rest = [a for a in pytest_args if a != "--quick"]
        env = dict(os.environ, HOUSE_GAMES_QUICK="1")
        quick = ["--ignore=tests/browser", "-m", "not browser and not full_only"]
        return subprocess.run([sys.executable, "-m", "pytest", *quick, *parallel_args(rest, quick=True), *rest],
                              cwd=ROOT, env=env).returncode
    ensure_dev_requirements()
    ensure_chromium()
    build()
    env = dict(os.environ, HOUSE_GAMES_DIST=str(DIST))
    return subprocess.run([sys.executable, "-m", "pytest", *parallel_args(pytest_args), *pytest_args],
                          cwd=ROOT, env=env).returncode


def parallel_args(pytest_args: list[str], quick: bool = False) -> list[str]:
    """Two pytest-xdist workers unless the caller chose (``-n``, ``-p no:xdist``): each browser test file is one
    group (its tests in order, on one worker), so both cores run browser files, the suite's larger part, and the
    engine tests fill in. ``--durations`` lists the slowest tests for the CI log (the quick loop's 10)."""
    if any(a == "-n" or a.startswith(("-n=", "--numprocesses")) or a == "no:xdist" for a in pytest_args):
        return []
    return ["-n", "2", "--dist", "loadgroup", "--durations=10" if quick else "--durations=25"]


def bench(args: list[str]) -> int:
    """The benchmark report: tests/bench/run.py when it exists, else the engines' CPython figures."""
    harness = ROOT / "tests" / "bench" / "run.py"
    if harness.exists():
        ensure_dev_requirements()
        ensure_chromium()
        build()
        return subprocess.run([sys.executable, str(harness), *args], cwd=ROOT).returncode
    return subprocess.run([sys.executable, "-m", "game", "bench", *args], cwd=ROOT).returncode


def main(argv: list[str] | None = None) -> int:
    """Command line entry point."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("build", help="write the site to dist/")
    p.add_argument("--out", type=Path, default=DIST, help="where to write the site (default: dist/)")
    p = sub.add_parser("serve", help="build and serve dist/ on 127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    sub.add_parser("test", help="run every test (extra arguments go to pytest); --quick: those that need no browser, small sizes")
    sub.add_parser("bench", help="print the benchmark report")
    args, rest = parser.parse_known_args(argv)
    if args.command == "build":
        if rest:
            parser.error(f"unexpected arguments: {rest}")
        build(args.out.resolve())
        return 0
    if args.command == "serve":
        serve(args.port)
        return 0
    if args.command == "test":
        return test(rest)
    return bench(rest)


if __name__ == "__main__":
    sys.exit(main())
