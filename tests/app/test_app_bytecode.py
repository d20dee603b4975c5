"""The app's bytecode maker (``docs/_ext/app_bytecode.py``), checked on this Python.

The maker runs inside Pyodide at docs build time; the parts that decide what the page gets
are plain Python, so they are tested here: bytecode that runs like its source less the
docstrings a page never reads, and a standard library that keeps every module the engine
may import.  The browser tests load the built site with it.
"""

from __future__ import annotations

import importlib.util
import marshal
import sys
import zipfile
from pathlib import Path
from types import ModuleType

import pytest

EXT = Path(__file__).resolve().parents[2] / "docs" / "_ext"
sys.path.insert(0, str(EXT))
import app_bytecode  # noqa: E402

SOURCE = b'''"""A module docstring."""

class Kept:
    """A class keeps its docstring."""

    def method(self):
        """A method's docstring goes."""
        return 6 * 7

def only_a_docstring():
    """Nothing else."""

def check(x):
    assert x > 0, "asserts stay"
    return x
'''


def _run(pyc: bytes) -> ModuleType:
    module = ModuleType("made")
    exec(marshal.loads(pyc[16:]), module.__dict__)
    return module


def test_bytecode_runs_as_its_source_without_module_and_function_docstrings() -> None:
    pyc = app_bytecode.pyc(SOURCE, "made.py")
    assert pyc[:4] == importlib.util.MAGIC_NUMBER
    assert int.from_bytes(pyc[4:8], "little") == 1  # hash-based, source never checked
    module = _run(pyc)
    assert module.Kept().method() == 42
    assert module.only_a_docstring() is None
    assert module.__doc__ is None
    assert module.Kept.method.__doc__ is None
    assert module.Kept.__doc__ == "A class keeps its docstring."
    with pytest.raises(AssertionError, match="asserts stay"):
        module.check(0)


@pytest.mark.parametrize(
    ("entry", "left_out"),
    [
        ("encodings/utf_8.py", False),
        ("encodings/cp437.py", False),  # zipfile's code page for file names
        ("encodings/latin_1.py", False),
        ("encodings/idna.py", False),
        ("encodings/cp1252.py", True),
        ("encodings/cp4370.py", True),
        ("encodings/iso8859_15.py", True),
        ("encodings/shift_jis.py", True),
        ("unittest/case.py", True),
        ("pdb.py", True),
        ("json/__init__.py", False),
        ("xml/etree/ElementTree.py", False),  # the engine's pictures
        ("asyncio/events.py", False),  # Pyodide's own start-up
    ],
)
def test_what_the_standard_library_leaves_out(entry: str, left_out: bool) -> None:
    assert app_bytecode.unused_in_a_browser(entry) is left_out


def test_an_engine_module_importing_a_left_out_module_fails_the_build(tmp_path: Path) -> None:
    fine = tmp_path / "fine.py"
    fine.write_text("import json\nfrom . import sibling\n")
    lazy = tmp_path / "lazy.py"
    lazy.write_text("def debug():\n    import pdb\n    pdb.set_trace()\n")
    app_bytecode.check_imports([fine])
    with pytest.raises(SystemExit, match="imports pdb"):
        app_bytecode.check_imports([fine, lazy])


def test_the_engine_and_lark_import_nothing_left_out() -> None:
    """What the page imports: every module of the engine but the command line's own, and
    lark (a module importing a left-out module lazily would fail only in the browser)."""
    import lark

    import cuckoo

    packages = [Path(cuckoo.__file__).parent, Path(lark.__file__).parent]
    modules = [p for folder in packages for p in sorted(folder.rglob("*.py"))]
    page_side = [p for p in modules if not _command_line_only(p)]
    assert len(page_side) > 50
    app_bytecode.check_imports(page_side)


def _command_line_only(path: Path) -> bool:
    """Modules the browser never imports: the project's that its wheel leaves out
    (``app_bytecode.LEFT_OUT_OF_THE_WHEEL``: the command line, the conformance kit but its
    protocol adapters, studies, worker processes, OpenSpiel's bindings), and lark's
    command-line tools."""
    parts = path.parts
    if "cuckoo" in parts:
        inside = "/".join(parts[len(parts) - parts[::-1].index("cuckoo") - 1 :])
        return app_bytecode.LEFT_OUT_OF_THE_WHEEL.match(inside) is not None
    return "tools" in parts


def test_compile_stdlib_swaps_source_for_bytecode_and_drops_left_out(tmp_path: Path) -> None:
    stdlib = tmp_path / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w") as made:
        made.writestr("used.py", "VALUE = 1\n")
        made.writestr("unused.py", "VALUE = 2\n")
        made.writestr("pdb.py", "VALUE = 3\n")
        made.writestr("encodings/cp1252.py", "VALUE = 4\n")
    out = tmp_path / "out.zip"
    compiled = app_bytecode.compile_stdlib(stdlib, out, {f"{stdlib}/used.py"})
    assert compiled == 1
    with zipfile.ZipFile(out) as made:
        assert sorted(made.namelist()) == ["unused.py", "used.pyc"]
        assert _run(made.read("used.pyc")).VALUE == 1
