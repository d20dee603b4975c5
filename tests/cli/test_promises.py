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
    section = section.split("**Decided once.**", 1)[0]
    return [item for item in re.split(r"\n- ", section)[1:] if item.strip()]


def _decisions() -> list[str]:
    """The bullets of "Decided once.": each kind of defect decided in one module."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("**Decided once.**", 1)[1].split("**An optional compiled build.**")[0]
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


def test_the_four_decisions_each_name_their_module_and_tests_that_exist() -> None:
    """Issue 50: what may be written, how outside text is shown, how a stored file is
    read, how an option is bounded; each in one module, each held by a test."""
    decisions = _decisions()
    assert len(decisions) == 4
    for decision in decisions:
        modules = re.findall(r"`(reference/cuckoo/[\w/]+\.py)`", decision)
        assert len(modules) == 1 and (ROOT / modules[0]).is_file(), decision[:60]
        named = NAMED.findall(decision)
        assert named, f"a decision names no test: {decision[:60]}"
        for file, test in named:
            assert test in _tests_in(ROOT / file), f"{file} has no {test}"
