"""The trimmed standard library: only the modules our package and the runtime import."""

from __future__ import annotations

import hashlib
import io
import os
import re
import sys
import zipfile
from pathlib import Path
from typing import Iterable

from sitebuild.common import CACHE_DIR, NODE_MODULES, ROOT, ZIP_EPOCH


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
    """:func:`slimmed` ``source``, cached in build/cache/slim/ by its content and this file's own bytes (so a change of
    the slimming is a new cache): every build slims the same few hundred stdlib modules and our package's sources,
    about 5 s of CPU each time, while few of them change between builds."""
    key = hashlib.sha256(_SLIMMER + source.encode("utf-8")).hexdigest()
    cached = CACHE_DIR / "slim" / key
    try:
        return cached.read_text("utf-8")
    except OSError:
        pass
    slim = slimmed(source)
    cached.parent.mkdir(parents=True, exist_ok=True)
    partial = cached.with_name(f"{key}.{os.getpid()}.part")  # other builds and test workers may share the cache
    partial.write_text(slim, "utf-8")
    os.replace(partial, cached)
    return slim


#: what a slimmed source depends on besides the source: this file (the slimming) and the Python that parses it
_SLIMMER = hashlib.sha256(Path(__file__).read_bytes() + sys.version.encode()).digest()


def slimmed(source: str) -> str:
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
    """:func:`slimmed` for source this Python's parser cannot read (newer syntax), from its tokens alone.

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


def strip_source_map(path: Path) -> None:
    """Drop a ``//# sourceMappingURL=`` comment: the maps are not shipped, and DevTools would ask for them (404)."""
    text = path.read_bytes()
    stripped = re.sub(rb"\n?//# sourceMappingURL=[^\n]*\s*$", b"\n", text)
    if stripped != text:
        path.write_bytes(stripped)
