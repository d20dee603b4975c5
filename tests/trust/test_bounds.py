"""Every wait bounded, every option's range said (round six): an input that is a FIFO
nobody writes to is given up by the one gate of inputs (``files.open_input``), in one line,
never waited on for ever (item 10); an overlong bot name is quoted short (item 11);
``--players`` with the dice game, which two always play, is refused, not ignored (item 12)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from cuckoo import files
from cuckoo.cli import main

INPUTS = [
    ["validate", "F"],
    ["replay", "F"],
    ["format", "F"],
    ["render", "F", "-o", "x.svg"],
    ["study", "F"],
    ["conform", "--engine", "true", "--suite", "F"],
    ["conform", "--engine", "true", "--xfail", "F"],
]


@pytest.mark.parametrize("argv", INPUTS, ids=lambda argv: " ".join(argv))
def test_an_input_fifo_nobody_writes_to_is_given_up(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    monkeypatch.setattr(files, "STREAM_WAIT", 0.3)
    monkeypatch.chdir(tmp_path)
    os.mkfifo("F")
    started = time.monotonic()
    status = main(argv)
    err = capsys.readouterr().err
    assert time.monotonic() - started < 10
    assert status == 2 and err.count("\n") == 1, err
    assert "F: nothing came in 0.3 s: given up" in err
    assert not (tmp_path / "x.svg").exists()


LONG = "9" * 5000


@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--bots", f"mcts:{LONG},random", "--seed", "1"],
        ["selfplay", "--bots", f"{LONG},random", "--seed", "1"],
        ["play", "--bot", f"search:{LONG}", "-o", "x.cuckoo"],
    ],
    ids=["selfplay-size", "selfplay-name", "play"],
)
def test_an_overlong_bot_is_quoted_short(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err) < 400, len(err)
    assert "expected bots such as mcts:100, not" in err


@pytest.mark.parametrize("command", [["random", "--seed", "1"], ["play", "-o", "x.cuckoo"]])
def test_players_with_the_dice_game_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main([*command, "--game", "cuckoo-dice", "--players", "9"]) == 2
    out, err = capsys.readouterr()
    assert err == "cuckoo: --players 9: cuckoo-dice is played by two, always: leave it out\n"
    assert out == "" and not (tmp_path / "x.cuckoo").exists()
