"""game/ui/precompile.py: archives of sources become archives of bytecode that import without their sources.

Run here in CPython, whose bytecode differs from Pyodide's; the rules are the same: each ``.py`` becomes a
sourceless, hash-based ``.pyc`` that the import system loads from a zip, a wheel's RECORD still matches its
files, and what cannot be compiled stays source. The browser half (the cache, the fallback) is in
tests/browser/test_precompile.py."""

from __future__ import annotations

import base64
import hashlib
import importlib
import io
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from game.ui import precompile

ROOT = Path(__file__).resolve().parents[1]


def archive(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return out.getvalue()


def names(data: bytes) -> list[str]:
    return zipfile.ZipFile(io.BytesIO(data)).namelist()


def test_modules_become_sourceless_bytecode_that_imports_from_the_zip(tmp_path, monkeypatch):
    source = archive({
        "pcpkg/__init__.py": "from .part import twice\nNAME = 'pkg'\n",
        "pcpkg/part.py": "def twice(x):\n    return 2 * x\n\ndef boom():\n    raise ValueError('boom')\n",
        "pcpkg/data.json": '{"a": 1}',
    })
    steps = list(precompile.compile_steps(source, "/where/it/lives/"))
    assert steps[:-1] == [None, None]  # one pause per module, then the archive
    compiled = steps[-1]
    assert sorted(names(compiled)) == ["pcpkg/__init__.pyc", "pcpkg/data.json", "pcpkg/part.pyc"]
    assert all(info.compress_type == zipfile.ZIP_STORED for info in zipfile.ZipFile(io.BytesIO(compiled)).infolist())
    assert zipfile.ZipFile(io.BytesIO(compiled)).read("pcpkg/data.json") == b'{"a": 1}'
    pyc = zipfile.ZipFile(io.BytesIO(compiled)).read("pcpkg/part.pyc")
    assert pyc[:4] == importlib.util.MAGIC_NUMBER and int.from_bytes(pyc[4:8], "little") == 0b01  # hash-based, unchecked

    path = tmp_path / "compiled.zip"
    path.write_bytes(compiled)
    monkeypatch.syspath_prepend(str(path))
    module = importlib.import_module("pcpkg")
    try:
        assert module.NAME == "pkg" and module.twice(21) == 42
        assert module.__spec__.origin.endswith("pcpkg/__init__.pyc")
        with pytest.raises(ValueError) as raised:
            importlib.import_module("pcpkg.part").boom()
        assert str(raised.traceback[-1].path) == "/where/it/lives/pcpkg/part.py"  # tracebacks name the run-time file
    finally:
        for name in [n for n in sys.modules if n == "pcpkg" or n.startswith("pcpkg.")]:
            del sys.modules[name]


def test_the_same_sources_give_the_same_bytes():
    source = archive({"m.py": "X = [1, 2, 3]\n"})
    assert precompile.compile_archive(source, "/a/") == precompile.compile_archive(source, "/a/")


def test_a_module_this_interpreter_cannot_compile_stays_source():
    compiled = precompile.compile_archive(archive({"ok.py": "A = 1\n", "bad.py": "def (:\n"}), "/")
    assert sorted(names(compiled)) == ["bad.py", "ok.pyc"]


def test_the_shipped_wheel_compiles_with_a_matching_record_and_plays(tmp_path, built_wheel):
    wheel = built_wheel
    compiled = precompile.compile_archive(wheel.read_bytes(), "")
    with zipfile.ZipFile(io.BytesIO(compiled)) as zf:
        modules = [n for n in zf.namelist() if n.startswith("game/")]
        assert modules and not any(n.endswith(".py") for n in modules)
        assert "game/nyhavn/placements.bin" in modules or not (ROOT / "assets" / "placements.bin").exists()
        record_name = next(n for n in zf.namelist() if n.endswith(".dist-info/RECORD"))
        record = zf.read(record_name).decode().splitlines()
        assert len(record) == len(zf.namelist())
        for line in record:
            name, digest, size = line.rsplit(",", 2)
            if name == record_name:
                continue
            data = zf.read(name)
            assert int(size) == len(data)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    path = tmp_path / "compiled.whl"
    path.write_bytes(compiled)
    # a fresh interpreter imports the game only from the compiled wheel and plays a random Barrio game to its end
    script = (
        "import random, game.barrio as g\n"
        "assert g.__spec__.origin.endswith('.pyc'), g.__spec__.origin\n"
        "from game.core import Match, Seat\n"
        "m = Match.new('barrio', 2, 3, [Seat('human'), Seat('human')])\n"
        "rng = random.Random(3)\n"
        "while not m.spec.is_over(m.state):\n"
        "    m.apply(rng.choice(m.spec.legal_actions(m.state)))\n"
        "print('ok', m.spec.scores(m.state))\n")
    done = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(path)!r})\n" + script],
                          capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok")
