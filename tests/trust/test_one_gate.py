"""One place decides what may be written: no module but ``cuckoo/files.py`` opens, makes,
renames or copies a file for writing, so that every command inherits its checks (a file
the run reads, a link out of its folder, a FIFO or a folder where a file is expected, a
read-only file) and its atomic writes, as SQLite's features inherit its VFS.

The package, ``docs/`` and the site's build (``docs/_ext``: round six found the app's build
copying and writing around the gate) are scanned, and ``benchmarks/``, whose modules that
write are listed with the reason.  A new command that writes with ``open(path, "w")``,
``Path.write_text``, ``os.open`` with a write flag, ``shutil.copy`` or ``json.dump`` to a
file fails here, naming the line."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GATE = ROOT / "reference" / "cuckoo" / "files.py"
BENCHMARKS_WRITE: dict[str, str] = {
    path: "a maintainer's measurement writing its own result (benchmarks/results/*.json, a "
    "screenshot or trace named by the run) in the checkout, never a file a user names"
    for path in (
        "benchmarks/app_load.py",
        "benchmarks/app_taps.py",
        "benchmarks/bot_think.py",
        "benchmarks/openspiel_ismcts.py",
        "benchmarks/peer_chess.py",
        "benchmarks/run.py",
    )
}
"""The modules that write around the gate, each with the reason: benchmarks are not part
of the package or the site, and none is run on a file someone sent. A new benchmark that
writes is listed here or writes through ``cuckoo.files``."""
SOURCES = sorted(
    path
    for path in [
        *(ROOT / "reference" / "cuckoo").rglob("*.py"),
        *(ROOT / "docs").glob("*.py"),
        *(ROOT / "docs" / "_ext").glob("*.py"),  # the site's build: round six, 13
        *(ROOT / "benchmarks").rglob("*.py"),
    ]
    if path != GATE and str(path.relative_to(ROOT)) not in BENCHMARKS_WRITE
)
WRITE_FLAGS = {"O_WRONLY", "O_RDWR", "O_CREAT", "O_APPEND", "O_TRUNC"}
WRITING_METHODS = {"write_text", "write_bytes", "symlink_to", "hardlink_to", "touch"}
WRITING_FUNCTIONS = (
    {("os", name) for name in ("replace", "rename", "link", "symlink", "truncate", "mkfifo")}
    | {
        ("shutil", name)
        for name in ("copy", "copy2", "copyfile", "copytree", "move", "copyfileobj")
    }
    | {("tempfile", name) for name in ("mkstemp", "NamedTemporaryFile", "TemporaryFile")}
)
DUMPS = {("json", "dump"), ("pickle", "dump"), ("marshal", "dump")}
STANDARD_STREAMS = {"sys.stdout", "sys.stderr"}


def _name(node: ast.expr) -> str:
    return ast.unparse(node)


def _mode(call: ast.Call, at: int) -> ast.expr | None:
    """The mode argument of an ``open``-like *call*: positional *at*, or ``mode=``."""
    for keyword in call.keywords:
        if keyword.arg == "mode":
            return keyword.value
    return call.args[at] if len(call.args) > at else None


def _writes(mode: ast.expr | None) -> bool:
    """Whether an ``open`` mode may write: any mode that is not a literal reading one."""
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return bool(set(mode.value) & set("wax+"))
    return True


def writes_in(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """Each call in *tree* that writes a file, by line, and what it is."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        if isinstance(function, ast.Name) and function.id == "open":
            if _writes(_mode(node, 1)):
                yield node.lineno, "open() for writing"
        elif isinstance(function, ast.Attribute):
            owner, name = _name(function.value), function.attr
            if (owner, name) == ("os", "open"):
                flags = {n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)}
                if flags & WRITE_FLAGS or len(node.args) < 2:
                    yield node.lineno, "os.open with a write flag"
            elif name in ("open", "fdopen") and _writes(
                _mode(node, 0 if name == "open" and owner not in ("io", "os", "tarfile") else 1)
            ):
                yield node.lineno, f"{owner}.{name}() for writing"
            elif name in WRITING_METHODS:
                yield node.lineno, f".{name}()"
            elif (owner, name) in WRITING_FUNCTIONS:
                yield node.lineno, f"{owner}.{name}()"
            elif (owner, name) in DUMPS and not (
                len(node.args) > 1 and _name(node.args[1]) in STANDARD_STREAMS
            ):
                yield node.lineno, f"{owner}.{name}() to a file"


def test_the_scan_finds_every_kind_of_write() -> None:
    """The scan itself, on a module that writes in each way it looks for."""
    source = """
open(p, "w"); open(p, mode="ab"); open(p, m); Path(p).open("x"); io.open(p, "r+")
os.fdopen(fd, "w"); os.open(p, os.O_WRONLY | os.O_CREAT); p.write_text(t)
p.write_bytes(b); shutil.copy(a, b); os.replace(a, b); json.dump(d, handle)
tempfile.mkstemp(dir=d); p.touch()
open(p); open(p, "rb"); Path(p).open("rb"); os.open(p, os.O_RDONLY); json.dump(d, sys.stdout)
tarfile.open(p); tarfile.open(p, "w:gz")
"""
    found = [what for _, what in writes_in(ast.parse(source))]
    assert len(found) == 15, found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_but_the_gate_writes_a_file(path: Path) -> None:
    """Write through ``cuckoo.files`` (check_output before any work, then write_output,
    atomic_write, replace_file, open_journal or write_private)."""
    found = list(writes_in(ast.parse(path.read_text(encoding="utf-8"))))
    assert not found, [f"{path.relative_to(ROOT)}:{line}: {what}" for line, what in found]


@pytest.mark.parametrize("name", sorted(BENCHMARKS_WRITE))
def test_each_benchmark_listed_still_writes(name: str) -> None:
    """The list of modules writing around the gate holds none that no longer does."""
    assert list(writes_in(ast.parse((ROOT / name).read_text(encoding="utf-8")))), name
