"""Limits: huge, repetitive and endless inputs get a clear error or are processed; files
being written are never lost."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cuckoo import NotationError
from cuckoo.cli import main
from cuckoo.dice.notation import parse, replay

HEADER = (
    '[Game "cuckoo-dice"]\n[Ruleset "cuckoo"]\n[First "Blue"]\n'
    '[BlueRoll "1 2 2 3 4 4 5 5 6 6"]\n[RedRoll "1 1 2 3 3 4 5 6 6 6"]\n\n'
)


def _endless(plies: int) -> str:
    """CD-INFECT-POOL, CD-INFECT-LIMIT: under the "any" pool two infections undo each other,
    so a game can go on for ever (and the guard is what stops it)."""
    lines = [
        '[Game "cuckoo-dice"]',
        '[Ruleset "cuckoo"]',
        '[InfectionPool "any"]',
        '[First "Blue"]',
        '[BlueRoll "1 1 2 3 4 5 6 6 6 6"]',
        '[RedRoll "1 1 2 3 4 5 6 6 6 6"]',
        "",
    ]
    lines += [f"{n}. 1+1x2(2;1,1) 1'+1'x2'(2;1,1)" for n in range(1, plies // 2 + 1)]
    return "\n".join([*lines, "*"]) + "\n"


def test_an_endless_game_is_possible_under_the_any_pool() -> None:
    record = parse(_endless(20_000))
    *_, last = replay(record)
    first = next(replay(record))
    assert last.nests == first.nests and last.captures == (10_000, 10_000)


def test_the_infection_limit_stops_it() -> None:
    text = _endless(10).replace('[First "Blue"]', '[InfectionLimit "4"]\n[First "Blue"]')
    with pytest.raises(Exception) as caught:
        list(replay(parse(text)))
    assert getattr(caught.value, "rule", None) == "CD-INFECT-LIMIT"
    assert "turn 5" in str(caught.value)


@pytest.mark.slow
def test_a_game_of_100000_plies_of_infections(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.cuckoo"
    path.write_text(_endless(100_000), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    assert capsys.readouterr().err.startswith("1 game, 100000 moves, 0 problems")


@pytest.mark.parametrize(
    "text",
    [
        HEADER + "1. " * 100_000 + "*",
        HEADER + "{}" * 100_000 + "*",
        '[A "b"]' * 50_000 + HEADER + "*",
        HEADER + "{" + "x" * 1_000_000 + "} *",
        HEADER + "(" * 100_000,
        "[" * 100_000,
    ],
    ids=["move-numbers", "comments", "tags", "megabyte-comment", "parentheses", "brackets"],
)
def test_repeated_constructs(text: str) -> None:
    """Deep or long repetition neither recurses nor hangs: a record or a located error."""
    try:
        list(replay(parse(text)))
    except NotationError as error:
        assert error.line is not None and error.rule


def test_a_huge_line_is_refused_with_flat_memory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.cuckoo"
    with path.open("w", encoding="utf-8") as handle:
        for _ in range(100):
            handle.write("x" * 1_000_000)  # 100 MB on one line
    assert main(["validate", str(path)]) == 2
    assert "a line longer than" in capsys.readouterr().err


def test_millions_of_short_lines_cost_their_characters_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``yes | cuckoo validate -``: a record of millions of two-character lines took 587 MB
    (a Python string a line) before it reached the record limit; its characters, 16 MB,
    are what it may cost."""
    import tracemalloc

    from cuckoo import notation
    from cuckoo.notation import records

    limit = 2_000_000  # the real limit, 16 M, takes half a minute under tracemalloc
    monkeypatch.setattr(records, "MAX_RECORD_CHARS", limit)
    end = "\n"
    lines = ("y" + end for _ in range(limit))  # a new string each, as a file's lines are
    tracemalloc.start()
    try:
        with pytest.raises(NotationError, match="a record longer than"):
            list(notation.split_records(lines, rule="CD-NOTATION-SYNTAX"))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * limit, f"{peak / 1e6:.0f} MB"


def test_a_crash_while_writing_leaves_the_old_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.cuckoo"
    assert main(["random", "--seed", "3", "--games", "2", "-o", str(path)]) == 0
    before = path.read_bytes()

    def fail(*_: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    assert main(["format", str(path), "--in-place"]) == 2
    assert main(["random", "--seed", "4", "-o", str(path)]) == 2
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name], "no temporary file is left"
    assert "No space left" in capsys.readouterr().err
