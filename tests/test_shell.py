"""The tests do not depend on the shell: a test that starts a command of this package starts
it with the interpreter running the tests (``sys.executable -m cuckoo ...``), never by the
name ``cuckoo``, which is on PATH only while the virtual environment is activated (issue
#45).  Read from the tests' source: an argument list that begins ``"cuckoo", COMMAND``, and
a command line ``"cuckoo COMMAND ..."`` given to a call or after ``--engine``."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuckoo.cli import COMMANDS

TESTS = Path(__file__).resolve().parent


def _by_name(node: ast.expr) -> bool:
    """Whether *node* is the text of a command line that starts this package's command
    by its name."""
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        return False
    words = node.value.split()
    return len(words) > 1 and words[0] == "cuckoo" and words[1] in COMMANDS


def started_by_name(source: str) -> Iterator[int]:
    """The lines of *source* that start a ``cuckoo`` command by its name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.List, ast.Tuple)):
            items = node.elts
            if (
                len(items) > 1
                and isinstance(items[0], ast.Constant)
                and items[0].value == "cuckoo"
                and isinstance(items[1], ast.Constant)
                and items[1].value in COMMANDS
            ):
                yield node.lineno
            for before, item in itertools.pairwise(items):
                if (
                    isinstance(before, ast.Constant)
                    and before.value == "--engine"
                    and _by_name(item)
                ):
                    yield item.lineno
        elif isinstance(node, ast.Call):
            for argument in [*node.args, *(k.value for k in node.keywords)]:
                if _by_name(argument):
                    yield argument.lineno


def test_no_test_starts_a_command_by_its_name() -> None:
    found = [
        f"{path.relative_to(TESTS.parent)}:{line}"
        for path in sorted(TESTS.rglob("*.py"))
        for line in started_by_name(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "start it as [sys.executable, '-m', 'cuckoo', ...]: " + ", ".join(found)


@pytest.mark.parametrize(
    "source",
    [
        'subprocess.run(["cuckoo", "validate", path])\n',
        'COMMAND = ("cuckoo", "serve")\n',
        'main(["conform", "--engine", "cuckoo serve", "--random", "2"])\n',
        'Engine("cuckoo serve")\n',
        'subprocess.run("cuckoo validate x.cuckoo", shell=True)\n',
        'differential(command="cuckoo serve")\n',
    ],
)
def test_a_command_started_by_name_is_found(source: str) -> None:
    assert list(started_by_name("x = 1\n" + source)) == [2]


@pytest.mark.parametrize(
    "source",
    [
        'subprocess.run([sys.executable, "-m", "cuckoo", "validate", path])\n',
        'Engine(f"{PYTHON} -m cuckoo serve")\n',
        'RULESETS = ["cuckoo", "dwnsiwn"]\n',
        'new_game("cuckoo", setup)\n',
        'words = ["cuckoo validate my", "cuckoo play --bot d"]  # typed, not started\n',
        'def f():\n    """Run ``cuckoo serve``."""\n',
    ],
)
def test_the_interpreter_a_ruleset_and_words_typed_are_not(source: str) -> None:
    assert list(started_by_name(source)) == []
