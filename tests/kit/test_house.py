"""The conformance kit's house: its modules import one another without a circle (issue
#33), counting the imports made inside functions, which a circle would hide in, across its
subpackages (issue #45)."""

from __future__ import annotations

import ast
from pathlib import Path

import cuckoo.conformance

KIT = Path(cuckoo.conformance.__file__).parent
PREFIX = "cuckoo.conformance"


def _name(path: Path) -> str:
    """The kit module at *path*, dotted from the kit (``run.runner``; a package by its name)."""
    parts = path.relative_to(KIT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or "__init__"


def _imports() -> dict[str, set[str]]:
    """Each module of the kit and the kit's modules it imports, anywhere in it: relative
    imports resolved from the module's own package, absolute ones under cuckoo.conformance."""
    paths = sorted(KIT.rglob("*.py"))
    modules = {_name(path) for path in paths}
    graph = {}
    for path in paths:
        package = list(path.relative_to(KIT).parts[:-1])
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                if node.level - 1 > len(package):
                    continue  # above the kit: the engine's own packages
                base = package[: len(package) - node.level + 1]
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PREFIX):
                base = []
            elif isinstance(node, ast.Import):
                found.update(a.name.removeprefix(PREFIX + ".") for a in node.names)
                continue
            else:
                continue
            module = (node.module or "").removeprefix(PREFIX).lstrip(".")
            target = base + (module.split(".") if module else [])
            found.add(".".join(target))
            found.update(".".join([*target, alias.name]) for alias in node.names)
        graph[_name(path)] = found & modules
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str]:
    """A circle of imports, or [] (depth first, from every module)."""
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for after in sorted(graph.get(node, ())):
                if after == start:
                    return [*path, start]
                if after not in path and after in graph:
                    stack.append((after, [*path, after]))
    return []


def test_the_kit_imports_without_a_circle() -> None:
    graph = _imports()
    assert "run.runner" not in graph["run.differential"]
    assert "run.differential" in graph["run.runner"]
    assert "run.report" in graph["run.runner"]  # imported inside a function, resolved in run/
    assert "mutants.core" in graph["mutants.harness"] and "protocol" in graph["coverage.rounds"]
    assert _circle(graph) == []


def test_a_circle_is_found() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
