"""Bytecode for the browser app, made inside Pyodide itself at docs build time.

Pyodide ships its standard library as source, and the two wheels hold source too, so every
start of the app compiled some 200 modules from source in WebAssembly: three quarters of
its start-up time.  This script runs in the very runtime the page loads (so the bytecode's
magic number and cache tag are that runtime's), under Node.js (``app_bytecode.mjs``):

* the modules the engine imports, starting up and serving the app, get bytecode in place of
  their source in the standard library's zip (``zipimport`` reads a sourceless ``.pyc``);
  every other module stays source, so nothing becomes unimportable, only slower;
* the two wheels' modules get ``__pycache__`` files, in a zip unpacked over them.

The bytecode is "unchecked hash" (PEP 552): it is made from exactly the files shipped
beside it, so there is nothing to check at import time.  It leaves out the docstrings of
modules and functions, which nothing in the app reads (a class keeps its docstring:
``dataclasses`` would otherwise work out a signature for each class as it is made), so
that the page stays within its weight; and the standard library's zip leaves out the
modules a page's worker can never use (``NOT_IN_A_BROWSER``).  The project's own wheel,
made before at build time (``app_wheel``), leaves out its modules the page never imports.
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib
import marshal
import re
import sys
import zipfile
from importlib.util import MAGIC_NUMBER
from pathlib import Path

UNCHECKED_HASH = (1).to_bytes(4, "little") + bytes(8)
"""The flags and hash fields of a ``.pyc`` header: hash-based, source never checked."""


NOT_IN_A_BROWSER = frozenset(
    [
        "_pydatetime",
        "_pyio",
        "_pyrepl",
        "bdb",
        "cProfile",
        "curses",
        "dbm",
        "doctest",
        "ensurepip",
        "idlelib",
        "imaplib",
        "lib2to3",
        "mailbox",
        "multiprocessing",
        "pdb",
        "pickletools",
        "poplib",
        "profile",
        "pstats",
        "pydoc",
        "pydoc_data",
        "smtplib",
        "sqlite3",
        "tabnanny",
        "timeit",
        "tkinter",
        "trace",
        "turtle",
        "turtledemo",
        "unittest",
        "venv",
        "wsgiref",
        "xmlrpc",
        "zipapp",
    ]
)
"""Debuggers, test runners, the REPL, mail and RPC clients, process pools, and the pure-Python
twins of ``io`` and ``datetime`` (the runtime has both in C): the worker runs none of them
(:func:`check_imports` makes sure the engine and lark import none)."""

LEGACY_CODEC = re.compile(
    r"encodings/(cp(?!437\.)\d+|iso8859_\d+|mac_\w+|koi8_\w|kz1048|ptcp154|hp_roman8|tis_620"
    r"|palmos|big5\w*|gb\w+|hz|johab|euc_\w+|iso2022_\w+|shift_jis\w*|mbcs|oem|_win_cp_codecs)"
    r"\.py"
)
"""The codecs of legacy code pages: the app reads text as UTF-8 only (the page decodes
files), and ``zipfile`` needs only code page 437, which stays."""


LEFT_OUT_OF_THE_WHEEL = re.compile(
    r"cuckoo/(?:cli/|study/|openspiel/|__main__\.py|completion\.py|lexer\.py|workers\.py"
    r"|players/(?:terminal|selfplay|yardstick)\.py|conformance/(?!__init__\.py$|protocol\.py$)"
    r"|dice/iso\.py|kuckuck/summary\.py|cards/svg\.py|kuckuck/svg\.py)"
)
"""The project's files the app never imports, left out of the wheel it downloads: the
command line and what only it runs (shell completion, play at the terminal, self-play,
worker processes, studies, the card game's yardstick), the conformance kit and its data
but for the protocol's adapters (the recorder reads moves with them), OpenSpiel's
bindings, the docs' Pygments lexer, and the pictures only the docs draw (the pyramid in
3-D, a Zum Kuckuck! match's summary, the card games' rulebook drawings).
(``tests/app/test_app_wheel.py`` checks
that the page imports none of them.)"""


LEFT_OUT_OF_LARK = re.compile(
    r"lark/(?:tools/|grammars/(?:python|lark)\.lark|reconstruct\.py|tree_matcher\.py"
    r"|tree_templates\.py|ast_utils\.py)"
)
"""What lark's wheel holds that the engine never imports: its command-line tools (the
standalone parser generator, Nearley's converter), grammars other than ``common`` (which
the engine's grammars import), and the helpers that write text back from a tree."""


def app_wheel(built: Path, out: Path, leave_out: re.Pattern[str] = LEFT_OUT_OF_THE_WHEEL) -> int:
    """A copy of the wheel *built* without *leave_out*, and its
    ``METADATA`` without the long description (the README, which nothing in a page
    reads); its ``RECORD`` listing only what it keeps, as kept; how many files it leaves
    out."""
    left_out = 0
    metadata: dict[str, bytes] = {}
    with (
        zipfile.ZipFile(built) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for info in source.infolist():
            if leave_out.match(info.filename):
                left_out += 1
                continue
            data = source.read(info)
            if info.filename.endswith(".dist-info/METADATA"):
                data = data.split(b"\n\n", 1)[0] + b"\n"
                metadata[info.filename] = data
            if info.filename.endswith(".dist-info/RECORD"):
                rows = data.decode().splitlines(keepends=True)
                kept = (
                    _listed(r, metadata)
                    for r in rows
                    if not leave_out.match(r.split(",")[0])
                )
                data = "".join(kept).encode()
            info.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(info, data, compresslevel=9)
    return left_out


def _listed(row: str, changed: dict[str, bytes]) -> str:
    """*row* of a wheel's ``RECORD``, with the hash and size of its file as *changed*."""
    name = row.split(",")[0]
    if name not in changed:
        return row
    digest = base64.urlsafe_b64encode(hashlib.sha256(changed[name]).digest()).rstrip(b"=")
    return f"{name},sha256={digest.decode()},{len(changed[name])}\n"


class _NoDocstrings(ast.NodeTransformer):
    """Drops the docstring of a module or function (never of a class)."""

    def _strip(self, node: ast.Module | ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        self.generic_visit(node)
        match node.body:
            case [ast.Expr(value=ast.Constant(value=str())), *rest]:
                node.body = rest or [ast.Pass()]
        return node

    visit_Module = visit_FunctionDef = visit_AsyncFunctionDef = _strip


def pyc(source: bytes, filename: str) -> bytes:
    """The ``.pyc`` file of *source*, as ``importlib`` writes it, less its docstrings."""
    tree = _NoDocstrings().visit(ast.parse(source, filename))
    code = compile(ast.fix_missing_locations(tree), filename, "exec", dont_inherit=True)
    return MAGIC_NUMBER + UNCHECKED_HASH + marshal.dumps(code)


def unused_in_a_browser(name: str) -> bool:
    """Whether the zip entry *name* is a module the app leaves out."""
    top = name.split("/")[0].removesuffix(".py")
    return top in NOT_IN_A_BROWSER or LEGACY_CODEC.fullmatch(name) is not None


def check_imports(modules: list[Path]) -> None:
    """Fail if one of *modules* imports, even lazily, a module left out of the standard
    library."""
    for path in modules:
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.module and not node.level
                else []
            )
            for name in names:
                if name.split(".")[0] in NOT_IN_A_BROWSER:
                    raise SystemExit(f"{path} imports {name}, left out of the app's stdlib")


def used_modules(example: str) -> set[str]:
    """The files of every module loaded once the engine has started and opened a game."""
    web = importlib.import_module("cuckoo.web")
    importlib.import_module("cuckoo.players.bots")
    viewer = web.Viewer(example, "example")
    viewer.summary()
    viewer.position(0, 0)
    return {
        origin
        for module in list(sys.modules.values())
        if (origin := getattr(getattr(module, "__spec__", None), "origin", None))
    }


def compile_stdlib(stdlib: Path, out: Path, used: set[str]) -> int:
    """A copy of the standard library's zip with *used* modules as bytecode; how many."""
    compiled = 0
    with (
        zipfile.ZipFile(stdlib) as source,
        zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target,
    ):
        for info in source.infolist():
            if unused_in_a_browser(info.filename):
                continue
            data = source.read(info)
            if f"{stdlib}/{info.filename}" in used and info.filename.endswith(".py"):
                target.writestr(info.filename + "c", pyc(data, info.filename))
                compiled += 1
            else:
                target.writestr(info, data)
    return compiled


def compile_packages(modules: list[Path], site: Path, out: Path) -> None:
    """A zip of the ``__pycache__`` files of *modules*, installed in *site*."""
    tag = sys.implementation.cache_tag
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        for path in modules:
            name = path.relative_to(site)
            cached = name.parent / "__pycache__" / f"{path.stem}.{tag}.pyc"
            target.writestr(cached.as_posix(), pyc(path.read_bytes(), str(path)))


def main(stdlib_out: str, packages_out: str, example: str) -> str:
    """Write both zips; a one-line account of what was compiled."""
    used = used_modules(example)
    stdlib = next(Path(entry) for entry in sys.path if entry.endswith(".zip"))
    site = Path(importlib.import_module("cuckoo").__file__ or "").parents[1]
    modules = sorted(p for p in map(Path, used) if site in p.parents and p.suffix == ".py")
    check_imports(modules)
    in_stdlib = compile_stdlib(stdlib, Path(stdlib_out), used)
    compile_packages(modules, site, Path(packages_out))
    return f"bytecode for {in_stdlib} standard modules and {len(modules)} package modules"
