"""Arbitrary command lines (issue #28): whatever the words, a command ends with 0, 1 or 2
and a message, never an internal error (70) or a traceback.

The words are each command's own options mixed with values of every kind: numbers in
and out of range, names of games, rulesets and bots, files good, bad and missing, a
folder. Only the commands that need no terminal, engine or study are run in-process here.
"""

from __future__ import annotations

import argparse
import contextlib
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from cuckoo.cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = ("validate", "replay", "legal", "render", "random", "selfplay", "format", "completion")
VALUES = (
    *("0", "1", "2", "-1", "", "x", "٣", "1e3", "9" * 30, "--", "-"),
    *("cuckoo-dice", "cuckoo-cards", "zum-kuckuck", "cuckoo", "tactical", "3d", "flat"),
    *("random,random", "mcts:1,random", "greedy,random,random", "mcts:0", "bash", "Red"),
    *("good.cuckoo", "bad.cuckoo", "cards.cuckoo", "missing.cuckoo", "out", "folder"),
)


def _options() -> dict[str, list[str]]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {
        name: [o for a in sub._actions for o in a.option_strings if o not in ("-h", "--help")]
        for name, sub in action.choices.items()
        if name in COMMANDS
    }


OPTIONS = _options()


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(COMMANDS))
    words = st.sampled_from([*OPTIONS[command], *VALUES])
    start = ["--games", "1"] if command == "selfplay" else []  # not the default 100
    return [command, *start, *draw(st.lists(words, max_size=7))]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])  # capsys: read each time
@given(command_lines())
@example(["selfplay", "--bots", "random,random", "--seed", "1", "--games", "1", "-o", "-"])
@example(["render", "cards.cuckoo", "--view", "3d"])
@example(["validate", "-j", "2", "good.cuckoo", "bad.cuckoo"])
@example([])  # exit 70 once: the game chosen was looked for in no words
@example(["play", "--game"])
def test_any_command_line_ends_with_a_message(
    folder: Path, capsys: pytest.CaptureFixture[str], words: list[str]
) -> None:
    examples = ROOT / "examples"
    shutil.copy(examples / "cuckoo-sides.cuckoo", folder / "good.cuckoo")
    shutil.copy(examples / "cuckoo-cards-three-players.cuckoo", folder / "cards.cuckoo")
    (folder / "bad.cuckoo").write_text('[Game "cuckoo-dice"]\n\n1. 7@300 *\n', encoding="utf-8")
    (folder / "folder").mkdir(exist_ok=True)
    with contextlib.chdir(folder):
        try:
            status = main(words)
        except SystemExit as exited:  # --help and --version
            status = exited.code
    _, err = capsys.readouterr()
    assert status in (0, 1, 2), err
    assert "internal error" not in err and "Traceback" not in err
