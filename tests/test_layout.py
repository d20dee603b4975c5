"""The package map: every import between the reference's packages and top-level modules goes
where the map in the implementer's guide (``docs/implementers.md``, *The package map*) lets
it, and the map lists every package and module there is.  The table in the guide is the one
truth; this test only reads it."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "reference" / "cuckoo"
GUIDE = ROOT / "docs" / "implementers.md"
HEADING = "## The package map"


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


def test_every_import_goes_where_the_package_map_lets_it() -> None:
    entries = read_map(GUIDE.read_text(encoding="utf-8"))
    assert problems(entries, PACKAGE, ROOT) == []


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
