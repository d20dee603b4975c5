"""The app's wheel of this project (``docs/_ext/app_bytecode.py``'s ``app_wheel``) leaves
out the modules the page never imports, so that the first load stays within its budget:
nothing the page imports, even lazily, may be among them."""

from __future__ import annotations

import ast
import base64
import hashlib
import re
import sys
import zipfile
from pathlib import Path

import cuckoo

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "docs" / "_ext"))
from app_bytecode import LEFT_OUT_OF_THE_WHEEL, app_wheel  # noqa: E402

PACKAGE = Path(cuckoo.__file__).parent


def _module_files() -> dict[str, Path]:
    """Each module of the package by its dotted name."""
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The package's modules *path* imports, anywhere in it (a function's lazy imports
    too), and those ``games.py`` imports by name at a first call (``_later``)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    source = path.read_text(encoding="utf-8")
    named = {f"cuckoo{m}" for m in re.findall(r'_later\("(\.[\w.]+)"', source)}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            named |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - max(node.level - 1, 0)]
            module = ".".join([*base, node.module or ""]).strip(".") if node.level else node.module
            named |= {module or "", *(f"{module}.{a.name}" for a in node.names)}
    return {n for n in named if n in known}


def _page_imports() -> list[str]:
    """What the page's engine worker imports once the runtime is up."""
    worker = (ROOT / "docs" / "app" / "engine-worker.js").read_text(encoding="utf-8")
    (line,) = re.findall(r'runPython\("import (cuckoo\.[^"]+)"\)', worker)
    return [name.strip() for name in line.split(",")]


def _in_the_wheel(path: Path) -> str:
    return path.relative_to(PACKAGE.parent).as_posix()


def test_the_page_imports_nothing_the_wheel_leaves_out() -> None:
    known = _module_files()
    todo, reached = _page_imports(), set()
    assert "cuckoo.web" in todo
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        parents = [".".join(name.split(".")[:k]) for k in range(1, name.count(".") + 1)]
        todo += [*parents, *_imported(name, known[name], known)]
    missing = sorted(n for n in reached if LEFT_OUT_OF_THE_WHEEL.match(_in_the_wheel(known[n])))
    assert missing == [], f"the page imports {missing}, which the app's wheel leaves out"
    assert {"cuckoo.conformance.protocol", "cuckoo.players.bots", "cuckoo.web.play"} <= reached


def test_the_wheel_leaves_out_the_command_line_and_the_kit() -> None:
    def left(name: str) -> bool:
        return LEFT_OUT_OF_THE_WHEEL.match(name) is not None

    for name in (
        "cuckoo/cli/__init__.py",
        "cuckoo/cli/validate.py",
        "cuckoo/__main__.py",
        "cuckoo/conformance/run/runner.py",
        "cuckoo/conformance/data/cuckoo-dice.json",
        "cuckoo/conformance/data/golden/cuckoo-cards.json",
        "cuckoo/study/command.py",
        "cuckoo/workers.py",
        "cuckoo/dice/iso.py",
        "cuckoo/kuckuck/summary.py",
        "cuckoo/cards/svg.py",
        "cuckoo/kuckuck/svg.py",
    ):
        assert left(name), name
    for name in (
        "cuckoo/conformance/__init__.py",
        "cuckoo/conformance/protocol.py",
        "cuckoo/web/__init__.py",
        "cuckoo/players/bots.py",
        "cuckoo/dice/svg.py",
        "cuckoo/cards/views.py",
        "cuckoo/grammar/cuckoo-dice.lark",
        "cuckoo_rules-0.1.0.dist-info/METADATA",
    ):
        assert not left(name), name


def test_the_wheel_made_keeps_the_rest_and_its_record_lists_it(tmp_path: Path) -> None:
    built, out = tmp_path / "built.whl", tmp_path / "app.whl"
    names = [
        "cuckoo/__init__.py",
        "cuckoo/cli/__init__.py",
        "cuckoo/conformance/__init__.py",
        "cuckoo/conformance/protocol.py",
        "cuckoo/conformance/suites/build.py",
        "cuckoo/web/play.py",
    ]
    record = "x-1.dist-info/RECORD"
    with zipfile.ZipFile(built, "w") as wheel:
        for name in names:
            wheel.writestr(name, f"# {name}\n")
        wheel.writestr(record, "".join(f"{n},sha256=x,9\n" for n in names) + f"{record},,\n")
    assert app_wheel(built, out) == 2
    with zipfile.ZipFile(out) as made:
        kept = [n for n in names if "cli" not in n and "suite" not in n]
        assert made.namelist() == [*kept, record]
        assert all(made.read(n).decode() == f"# {n}\n" for n in kept)
        listed = [row.split(",")[0] for row in made.read(record).decode().splitlines()]
        assert listed == [*kept, record]


def test_the_wheel_made_keeps_the_metadata_headers_only(tmp_path: Path) -> None:
    """The long description (the README, a tenth of the wheel compressed) is left out; the
    record lists the metadata as kept."""
    built, out = tmp_path / "built.whl", tmp_path / "app.whl"
    metadata, record = "x-1.dist-info/METADATA", "x-1.dist-info/RECORD"
    headers = "Metadata-Version: 2.4\nName: x\nVersion: 1\n"
    with zipfile.ZipFile(built, "w") as wheel:
        wheel.writestr(metadata, headers + "\n# x\n\nA long read.\n")
        wheel.writestr(record, f"{metadata},sha256=old,40\n{record},,\n")
    assert app_wheel(built, out) == 0
    with zipfile.ZipFile(out) as made:
        assert made.read(metadata).decode() == headers
        digest = base64.urlsafe_b64encode(hashlib.sha256(headers.encode()).digest()).rstrip(b"=")
        assert made.read(record).decode() == (
            f"{metadata},sha256={digest.decode()},{len(headers)}\n{record},,\n"
        )
