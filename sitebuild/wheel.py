"""Our package as a wheel, and the lazy archives loaded when a player opens a feature."""

from __future__ import annotations

import io
import sys
import tomllib
import zipfile
from pathlib import Path

from sitebuild.common import LAZY_ARCHIVES, LAZY_DIR, ROOT, SITE, ZIP_EPOCH, sha256_bytes
from sitebuild.start_screen import site_games
from sitebuild.stdlib import STDLIB_FROM_C, STDLIB_STARTUP, _python_sources, imports_of, slim_source


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


def stdlib_roots() -> dict[str, set[str]]:
    """What our package imports (anywhere in a module, lazy imports included) and the interpreter's
    start-up modules. What Pyodide and PyScript import at run time is in :func:`stdlib_used`."""
    roots: dict[str, set[str]] = {"startup": set(STDLIB_STARTUP), "from C": set(STDLIB_FROM_C)}
    for module, is_package, source in _python_sources(wheel_files()):
        roots[module] = imports_of(source, module, is_package)
    return roots
