"""The README's promises about the tools (nothing run, nothing lost, nothing hangs, nothing
unbounded, no internal error) each name the test that holds them: every test named there
must exist, and every promise must name one, so that a promise cannot outlive its test."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NAMED = re.compile(r"`(tests/[\w/]+\.py)::(test_\w+)`")


def _promises() -> list[str]:
    """The bullets of the README's section "What the tools promise", one string each."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### What the tools promise", 1)[1].split("\n#", 1)[0]
    section = section.split("**An optional compiled build.**", 1)[0]
    return [item for item in re.split(r"\n- ", section)[1:] if item.strip()]


def _tests_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}


def test_the_readme_makes_the_five_promises() -> None:
    heads = [re.match(r"\*\*(.+?)\*\*", item) for item in _promises()]
    assert [head.group(1) if head else None for head in heads] == [
        "Nothing run.",
        "Nothing lost.",
        "Nothing hangs.",
        "Nothing unbounded.",
        "No internal error.",
    ]


def test_every_promise_names_tests_that_exist() -> None:
    for promise in _promises():
        named = NAMED.findall(promise)
        assert named, f"a promise names no test: {promise[:60]}"
        for file, test in named:
            assert (ROOT / file).is_file(), f"{file} is named in the README but is not there"
            assert test in _tests_in(ROOT / file), f"{file} has no {test}"
