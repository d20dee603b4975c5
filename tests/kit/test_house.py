"""The conformance kit's house: its modules import one another without a circle (issue
#33), counting the imports made inside functions, which a circle would hide in."""

from __future__ import annotations

import ast
from pathlib import Path

import cuckoo.conformance

KIT = Path(cuckoo.conformance.__file__).parent


def _imports() -> dict[str, set[str]]:
    """Each module of the kit and the kit's modules it imports, anywhere in it."""
    graph = {}
    for path in KIT.glob("*.py"):
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                names = [node.module] if node.module else [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module == "cuckoo.conformance":
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom | ast.Import):
                written = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                absolute = written or [a.name for a in node.names]
                prefix = "cuckoo.conformance."
                names = [n.removeprefix(prefix) for n in absolute if n.startswith(prefix)]
            else:
                continue
            found.update(name.split(".")[0] for name in names)
        graph[path.stem] = found
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
    assert "runner" not in graph["differential"] and "differential" in graph["runner"]
    assert _circle(graph) == []


def test_a_circle_is_found() -> None:
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
