"""The package map: every import between the reference's packages and top-level modules goes
where the map in the implementer's guide (``docs/implementers.md``, *The package map*) lets
it, and the map lists every package and module there is.  The table in the guide is the one
truth; this test only reads it.  Neither the map nor the modules go round in a circle: no
entry may import, through others, an entry that may import it, and no module imports,
through others, a module that imports it.  And no room is too big to hold in mind: no module
over :data:`MOST_MODULE_LINES` lines, no class over :data:`MOST_CLASS_LINES`."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reference" / "cuckoo"
GUIDE = ROOT / "docs" / "implementers.md"
HEADING = "## The package map"

MOST_MODULE_LINES = 600
"""The most lines a module may have: the lines of its file, blank lines, comments and
docstrings included (``wc -l``)."""
MOST_CLASS_LINES = 300
"""The most lines a class may have: from its first decorator (else its ``class`` line) to
its last line, blank lines, comments and docstrings included."""


@dataclass(frozen=True)
class Entry:
    """A row of the map: a top-level package or module of ``cuckoo``."""

    layer: str
    name: str
    allowed: tuple[str, ...]
    """What it may import: entries and layers, as the row names them."""


def read_map(text: str) -> dict[str, Entry]:
    """The map's rows by entry name, from the guide's text.

    :raises ValueError: for a map that is missing, repeats an entry, or lets an entry import
        something that is neither an entry nor a layer.
    """
    if HEADING not in text:
        raise ValueError(f"no section {HEADING!r}")
    section = text.split(HEADING, 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][1:]  # no header
    entries: dict[str, Entry] = {}
    for row in rows:
        layer, name, _, allowed = (cell.strip() for cell in row.strip("|").split(" | "))
        name = name.strip("`")
        if name in entries:
            raise ValueError(f"{name} is listed twice")
        words = [w.strip().strip("`") for w in allowed.split(",") if w.strip() not in ("", "—")]
        entries[name] = Entry(layer, name, tuple(words))
    layers = {e.layer for e in entries.values()}
    for entry in entries.values():
        for word in entry.allowed:
            if word not in entries and word not in layers:
                raise ValueError(f"{entry.name} may import {word!r}: no such entry or layer")
    allowed = {name: may_import(entries, name) - {name} for name in entries}
    for circle in circles(allowed):
        raise ValueError(f"the map goes round: {' -> '.join(circle)}")
    return entries


def may_import(entries: dict[str, Entry], entry: str) -> set[str]:
    """The entries *entry* may import, layers spelt out, itself included."""
    allowed = {entry}
    for word in entries[entry].allowed:
        allowed |= (
            {e.name for e in entries.values() if e.layer == word} if word not in entries else {word}
        )
    return allowed


def module_name(path: Path, package: Path) -> str:
    """The dotted name of the module in *path*, a file under the *package* folder."""
    parts = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def entry_of(module: str) -> str:
    """The map's entry for *module*: the top-level package or module it is, or is in."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "cuckoo"


def is_module(name: str, package: Path) -> bool:
    """Whether the dotted *name* is a module or package in *package* (not a name in one)."""
    path = package.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


@dataclass(frozen=True)
class Import:
    """One import of a ``cuckoo`` module: where it is written, and what it imports."""

    path: Path
    line: int
    target: str


def imports(path: Path, package: Path) -> Iterator[Import]:
    """Every import of a ``cuckoo`` module in the file *path* (in the *package* folder),
    relative ones resolved, those inside functions included; ``from X import n`` imports
    ``X.n`` where that is a module."""
    module = module_name(path, package)
    inside = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = inside.split(".")[: len(inside.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            targets = [
                f"{base}.{alias.name}" if is_module(f"{base}.{alias.name}", package) else base
                for alias in node.names
            ]
        else:
            continue
        for target in dict.fromkeys(targets):  # one import of several names is one import
            if target == "cuckoo" or target.startswith("cuckoo."):
                yield Import(path, node.lineno, target)


def problems(entries: dict[str, Entry], package: Path, root: Path) -> list[str]:
    """Each import in the *package* folder against the map, and each entry missing from it
    or from the tree, as ``file:line: what is wrong`` (the file shown from *root*)."""
    found: list[str] = []
    seen: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        shown = path.relative_to(root)
        entry = entry_of(module_name(path, package))
        seen.add(entry)
        if entry not in entries:
            found.append(f"{shown}: {entry} is not in the package map ({GUIDE.name})")
            continue
        allowed = may_import(entries, entry)
        for item in imports(path, package):
            target = entry_of(item.target)
            if target not in allowed:
                found.append(
                    f"{shown}:{item.line}: {entry} imports {target} ({item.target}); the "
                    f"package map lets it import {', '.join(entries[entry].allowed) or 'nothing'}"
                )
    found += [
        f"{GUIDE.name}: {name} is in the package map but not in the tree"
        for name in sorted(set(entries) - seen)
    ]
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """A shortest circle through each part of *graph* whose nodes all reach each other,
    as its nodes with the first repeated last; none for a graph with no circle (edges to
    nodes outside it are left out, as are a node's edges to itself)."""
    graph = {
        node: {t for t in targets if t in graph and t != node} for node, targets in graph.items()
    }
    found = []
    for part in strongly_connected(graph):
        if len(part) > 1:
            start = min(part)
            found.append([start, *shortest_path(graph, part, start)])
    return sorted(found)


def strongly_connected(graph: dict[str, set[str]]) -> list[set[str]]:
    """The parts of *graph* whose nodes all reach each other (Tarjan's algorithm)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    parts: list[set[str]] = []

    def visit(node: str) -> None:
        order[node] = low[node] = len(order)
        stack.append(node)
        for target in sorted(graph[node]):
            if target not in order:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], order[target])
        if low[node] == order[node]:
            part = set()
            while not part or node not in part:
                part.add(stack.pop())
            parts.append(part)

    for node in sorted(graph):
        if node not in order:
            visit(node)
    return parts


def shortest_path(graph: dict[str, set[str]], part: set[str], start: str) -> list[str]:
    """The nodes of a shortest way from *start* back to itself inside *part*."""
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & part):
                if target == start:
                    path = [start]
                    while node != start:
                        path.append(node)
                        node = came_from[node]
                    return [*reversed(path[1:]), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    raise AssertionError(f"{start} does not reach itself")


def module_circles(package: Path, root: Path) -> list[str]:
    """Each circle of imports between the modules in the *package* folder, as the modules
    with the file and line of each import (files shown from *root*).  Every import counts:
    at the top of a module, under ``if TYPE_CHECKING:`` and inside a function alike, for
    each says that one module needs the other, whenever the import runs."""
    graph: dict[str, set[str]] = {}
    where: dict[tuple[str, str], str] = {}
    for path in sorted(package.rglob("*.py")):
        module = module_name(path, package)
        graph[module] = set()
        for item in imports(path, package):
            graph[module].add(item.target)
            where.setdefault((module, item.target), f"{path.relative_to(root)}:{item.line}")
    return [
        " -> ".join(f"{a} ({where[a, b]})" for a, b in itertools.pairwise(circle))
        + f" -> {circle[-1]}"
        for circle in circles(graph)
    ]


def test_every_import_goes_where_the_package_map_lets_it() -> None:
    entries = read_map(GUIDE.read_text(encoding="utf-8"))
    assert problems(entries, PACKAGE, ROOT) == []


def too_big(path: Path, root: Path) -> list[str]:
    """The file *path*, if it has more than :data:`MOST_MODULE_LINES` lines, and each class
    in it of more than :data:`MOST_CLASS_LINES`, as ``file: N lines`` and ``file:line: class
    NAME: N lines`` (the file shown from *root*)."""
    text = path.read_text(encoding="utf-8")
    shown = path.relative_to(root)
    found = []
    if len(text.splitlines()) > MOST_MODULE_LINES:
        found.append(f"{shown}: {len(text.splitlines())} lines")
    for node in ast.walk(ast.parse(text, str(path))):
        if isinstance(node, ast.ClassDef) and node.end_lineno is not None:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            if node.end_lineno - first + 1 > MOST_CLASS_LINES:
                lines = node.end_lineno - first + 1
                found.append(f"{shown}:{first}: class {node.name}: {lines} lines")
    return found


def test_no_module_or_class_is_too_big() -> None:
    found = [place for path in sorted(PACKAGE.rglob("*.py")) for place in too_big(path, ROOT)]
    assert found == [], f"split along the lines a reader would look for: {found}"


def test_no_module_imports_itself_through_others() -> None:
    assert module_circles(PACKAGE, ROOT) == []


def test_the_three_engines_never_import_each_other() -> None:
    """What two games share lives below them, in the core (the map says so; this keeps it
    saying so)."""
    entries = read_map(GUIDE.read_text(encoding="utf-8"))
    engines = {"dice", "cards", "kuckuck"}
    for name in engines:
        assert may_import(entries, name) & engines == {name}


MAP = """## The package map

| layer | package or module | holds | may import |
|---|---|---|---|
| core | `errors` | the error kinds | — |
| core | `cuckoo` | the package | `errors` |
| engines | `dice` | a game | core |
| engines | `cards` | a game | core |
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A small ``cuckoo`` package: errors, and two games."""
    package = tmp_path / "cuckoo"
    for name in ("dice", "cards"):
        (package / name).mkdir(parents=True)
        (package / name / "__init__.py").write_text('"""A game."""\n')
    (package / "__init__.py").write_text("from .errors import CuckooError\n")
    (package / "errors.py").write_text("class CuckooError(Exception): ...\n")
    return package


def _problems(tree: Path, table: str = MAP) -> list[str]:
    """The problems of the small *tree* against the map *table*."""
    return problems(read_map(table), tree, tree.parent)


def test_a_tree_that_keeps_to_the_map_passes(tree: Path) -> None:
    (tree / "dice" / "rules.py").write_text("from ..errors import CuckooError\nfrom . import x\n")
    assert _problems(tree) == []


@pytest.mark.parametrize(
    "source",
    [
        "from ..cards import deck\n",
        "from .. import cards\n",
        "import cuckoo.cards\n",
        "from cuckoo.cards.svg import card\n",
        "def late():\n    from ..cards import deck\n",
    ],
)
def test_an_import_against_the_map_fails_naming_file_and_line(tree: Path, source: str) -> None:
    (tree / "dice" / "svg.py").write_text('"""Pictures."""\n' + source)
    (found,) = _problems(tree)
    line = 3 if source.startswith("def") else 2
    assert found.startswith(f"cuckoo/dice/svg.py:{line}: dice imports cards")


def test_a_module_the_map_does_not_list_fails(tree: Path) -> None:
    (tree / "drawing.py").write_text('"""Shared drawing."""\n')
    assert _problems(tree) == [
        "cuckoo/drawing.py: drawing is not in the package map (implementers.md)"
    ]


def test_an_entry_the_tree_does_not_have_fails(tree: Path) -> None:
    table = MAP + "| engines | `kuckuck` | a game | core |\n"
    assert _problems(tree, table) == [
        "implementers.md: kuckuck is in the package map but not in the tree"
    ]


def test_a_map_that_names_an_unknown_entry_is_refused() -> None:
    with pytest.raises(ValueError, match="'drawing': no such entry or layer"):
        read_map(MAP.replace("| core |\n", "| core, `drawing` |\n", 1))


def test_a_circle_of_modules_fails_naming_each_import(tree: Path) -> None:
    (tree / "dice" / "notation.py").write_text("from .recorded import start\n")
    (tree / "dice" / "recorded.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .notation import Record\n"
    )
    assert module_circles(tree, tree.parent) == [
        "cuckoo.dice.notation (cuckoo/dice/notation.py:1) -> "
        "cuckoo.dice.recorded (cuckoo/dice/recorded.py:3) -> cuckoo.dice.notation"
    ]


def test_an_import_inside_a_function_closes_a_circle_too(tree: Path) -> None:
    (tree / "dice" / "rules.py").write_text("from .. import cards\n")
    (tree / "cards" / "__init__.py").write_text("def late():\n    from ..dice import rules\n")
    (tree / "errors.py").write_text("from . import dice\n")  # outside the circle: not named
    assert module_circles(tree, tree.parent) == [
        "cuckoo.cards (cuckoo/cards/__init__.py:2) -> "
        "cuckoo.dice.rules (cuckoo/dice/rules.py:1) -> cuckoo.cards"
    ]


def test_imports_one_way_make_no_circle(tree: Path) -> None:
    (tree / "dice" / "notation.py").write_text("from .recorded import start\nfrom . import rules\n")
    (tree / "dice" / "recorded.py").write_text("from .rules import apply\nfrom .. import errors\n")
    (tree / "dice" / "rules.py").write_text("from ..errors import CuckooError\n")
    assert module_circles(tree, tree.parent) == []


def test_a_map_that_goes_round_is_refused() -> None:
    table = MAP.replace(
        "| `errors` | the error kinds | — |", "| `errors` | the error kinds | `cuckoo` |"
    )
    with pytest.raises(ValueError, match="the map goes round: cuckoo -> errors -> cuckoo"):
        read_map(table)


def test_a_class_too_big_is_named(tmp_path: Path) -> None:
    path = tmp_path / "big.py"
    body = "    x = 1\n" * (MOST_CLASS_LINES - 2)
    path.write_text("x = 1\n@dataclass\nclass Small:\n" + body)
    assert too_big(path, tmp_path) == []
    path.write_text("x = 1\n@dataclass\nclass Big:\n" + body + "    y = 2\n")
    assert too_big(path, tmp_path) == ["big.py:2: class Big: 301 lines"]


def test_a_module_too_big_is_named(tmp_path: Path) -> None:
    path = tmp_path / "big.py"
    path.write_text('"""A module."""\n' + "x = 1\n" * (MOST_MODULE_LINES - 1))
    assert too_big(path, tmp_path) == []
    path.write_text(path.read_text() + "y = 2\n")
    assert too_big(path, tmp_path) == ["big.py: 601 lines"]
