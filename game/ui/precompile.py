"""Python sources compiled on the player's device, so that every start after the first loads bytecode.

Pyodide ships its standard library as sources (``python_stdlib.zip``), and we ship our package as a wheel
of sources: every start compiles all it imports, which is about half of a start in Pyodide 314. Compiled
files shipped from the server would more than double those downloads. Instead, once the app has started,
the worker compiles both archives with the very interpreter that will load them (so the bytecode always
matches it), and ``game/ui/bridge.py`` puts the results in this build's cache in place of the sources,
which it keeps aside for ``site/loader.js`` to put back if a start ever fails. A new build has a new cache,
starts from sources and compiles again.

This module only turns archives into archives; it imports nothing of the browser, so CPython tests it.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import marshal
import zipfile
from typing import Iterator

#: PEP 552 flags of a hash-based ``.pyc`` the import system never checks against a source (there is none)
UNCHECKED_HASH = 0b01


def bytecode(source: bytes, filename: str) -> bytes:
    """The ``.pyc`` of ``source`` for this interpreter: hash-based and unchecked, so it loads without its source
    and is the same bytes on every device (no timestamp). ``filename`` is what tracebacks will name."""
    code = compile(source, filename, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little") + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def wheel_record(record_name: str, entries: list[tuple[str, bytes]]) -> bytes:
    """A wheel's ``RECORD`` (named ``record_name``) for its files ``entries`` (archive name, content): each file's
    sha256 and size, then the RECORD's own line. ``build.py`` writes its wheels' RECORDs with it too."""
    lines = [f"{name},sha256={base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b'=').decode()},{len(content)}"
             for name, content in entries]
    return ("\n".join(lines + [f"{record_name},,"]) + "\n").encode()


def compile_steps(data: bytes, prefix: str) -> Iterator[bytes | None]:
    """Compile every module of the zip ``data`` (a stdlib zip or a wheel) into a sourceless ``.pyc`` beside it.

    Yields ``None`` after each module, a point where the caller may let other work run, then the new archive
    as the last item. Other files are kept as they are; a wheel's ``RECORD`` is rewritten to match. The new
    archive is stored uncompressed: it stays on the device, where reading it quickly is what counts.
    ``prefix`` is where the archive's names live at run time (``/lib/python314.zip/`` for the stdlib zip,
    site-packages for a wheel), so tracebacks name the right files. A module this interpreter cannot compile
    is kept as source.
    """
    entries: list[tuple[zipfile.ZipInfo, bytes]] = []
    record_name = None
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        for info in archive.infolist():
            content = archive.read(info)
            name = info.filename
            if name.endswith(".dist-info/RECORD"):
                record_name = name
                continue
            if name.endswith(".py"):
                try:
                    content = bytecode(content, prefix + name)
                    name += "c"
                except (SyntaxError, ValueError):
                    pass
                yield None
            entries.append((zipfile.ZipInfo(name, info.date_time), content))
    if record_name is not None:
        record = wheel_record(record_name, [(info.filename, content) for info, content in entries])
        entries.append((zipfile.ZipInfo(record_name, (1980, 1, 1, 0, 0, 0)), record))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as archive:
        for info, content in entries:
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            archive.writestr(info, content)
    yield out.getvalue()


def compile_archive(data: bytes, prefix: str) -> bytes:
    """:func:`compile_steps` run to its end: the compiled archive."""
    result = b""
    for step in compile_steps(data, prefix):
        if step is not None:
            result = step
    return result
