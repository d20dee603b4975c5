"""Ctrl-C and Ctrl-D in the middle of a session at the terminal (issue #28): what was
entered is saved, one line says so (after Ctrl-C, the line every interrupted command
leaves), and the exit status is 130 after Ctrl-C, 0 after
Ctrl-D; never a traceback."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pexpect
import pytest

from cuckoo.dice.notation import parse

from .test_record import spawn_cuckoo


def _waiting(child: pexpect.spawn) -> None:
    """Until *child* sleeps waiting for input, as a person's key finds it: a Ctrl-C sent the
    instant its prompt shows can land before readline waits, where CPython sees the signal
    only at the next key (a race of the interpreter's, widened on a loaded machine)."""
    stat = Path(f"/proc/{child.pid}/stat")
    asleep = 0
    for _ in range(400):  # 20 s at most
        try:
            state = stat.read_text().rsplit(")", 1)[1].split()[0]
        except OSError:  # no /proc (not Linux): as before, at once
            return
        asleep = asleep + 1 if state == "S" else 0
        if asleep == 3:
            return
        time.sleep(0.05)


def _end(child: pexpect.spawn, key: str) -> tuple[int, str]:
    """Press *key* (``c`` for Ctrl-C, ``d`` for Ctrl-D); the exit status and what followed."""
    _waiting(child)
    if key == "c":
        child.sendintr()
    else:
        child.sendeof()
    child.expect(pexpect.EOF)
    child.close()
    status = child.exitstatus if child.exitstatus is not None else 128 + child.signalstatus
    said = str(child.before).replace("^C", "")  # the terminal's echo of the key
    if key == "c":  # the one line of every interrupted command, over the line typed
        said, lines = re.subn(r"^(\x1b\[K)?cuckoo: interrupted; ", "", said, flags=re.M)
        assert lines == 1
    return status, said


@pytest.mark.parametrize(("key", "status"), [("c", 130), ("d", 0)])
def test_record_mid_game(tmp_path: Path, key: str, status: int) -> None:
    path = tmp_path / "game.cuckoo"
    child = spawn_cuckoo("record", "-o", str(path))
    for prompt, answer in (
        ("Ruleset", ""),
        ("Blue's name", ""),
        ("Red's name", ""),
        ("Blue's ten dice", "1333444445"),
        ("Red's ten dice", "1222335555"),
        ("moves first", "blue"),
        (r"Blue \(turn 1\)> ", "3@102"),
    ):
        child.expect(prompt)
        child.sendline(answer)
    child.expect(r"Red \(turn 2\)> ")
    ended, said = _end(child, key)
    assert ended == status
    assert "Traceback" not in said
    assert said.strip().splitlines() == [f"saved; go on with: cuckoo record --resume {path}"]
    assert [str(m) for m in parse(path.read_text(encoding="utf-8")).moves] == ["3@102"]


@pytest.mark.parametrize(("key", "status"), [("c", 130), ("d", 0)])
def test_record_during_the_setup(tmp_path: Path, key: str, status: int) -> None:
    path = tmp_path / "game.cuckoo"
    child = spawn_cuckoo("record", "-o", str(path))
    child.expect(r"Ruleset .*\[cuckoo\]: ")
    ended, said = _end(child, key)
    assert (ended, said.strip().splitlines()) == (status, ["no game was started"])
    assert list(tmp_path.iterdir()) == [], "no file, no lock left"


@pytest.mark.parametrize(("key", "status"), [("c", 130), ("d", 0)])
def test_play_mid_game(tmp_path: Path, key: str, status: int) -> None:
    path = tmp_path / "game.cuckoo"
    child = spawn_cuckoo("play", "--bot", "random", "--seed", "5", "-o", str(path))
    child.expect(r"Blue> ")
    ended, said = _end(child, key)
    assert ended == status and "Traceback" not in said
    assert said.strip().splitlines() == [f"saved in {path}"]
    assert parse(path.read_text(encoding="utf-8")).result == "*"
    assert [p.name for p in tmp_path.iterdir()] == [path.name], "no lock left"
