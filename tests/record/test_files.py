"""Writing and reading a user's files (issue #28): a file is only ever replaced whole, with
its permissions, and kept on any error (a full disk, Ctrl-C, a file that may not be
replaced); input that never ends is refused within a bound."""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuckoo import record
from cuckoo.cli import main
from cuckoo.files import FileProblem
from cuckoo.lines import lines_of
from cuckoo.notation import MAX_RECORD_CHARS
from cuckoo.record import recorder as recorder_module
from tests.processes import wait_for_file

from .test_resume import UNFINISHED

ROOT = Path(__file__).resolve().parents[2]
DICE = (ROOT / "examples" / "cuckoo-sides.cuckoo").read_text(encoding="utf-8")
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


def cuckoo(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cuckoo", *args],
        input=stdin,
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_full_disk_keeps_the_old_file_and_its_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.cuckoo"
    path.write_text(DICE.replace("1. ", "1.  "), encoding="utf-8")
    path.chmod(0o640)
    before = path.read_bytes()

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", full)
        assert main(["format", "--in-place", str(path)]) == 2
    assert capsys.readouterr().err == f"cuckoo: {path}: cannot write: No space left on device\n"
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name], "no temporary file is left"
    assert main(["format", "--in-place", str(path), "-q"]) == 0
    assert path.read_text(encoding="utf-8") == DICE
    assert path.stat().st_mode & 0o7777 == 0o640, "the permissions are kept"


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_output_to_a_full_device(tmp_path: Path) -> None:
    (tmp_path / "game.cuckoo").write_text(DICE, encoding="utf-8")
    done = cuckoo("format", str(tmp_path / "game.cuckoo"), "-o", "/dev/full")
    assert (done.returncode, done.stderr) == (
        2,
        "cuckoo: /dev/full: cannot write: No space left on device\n",
    )


def test_a_full_disk_while_recording_keeps_the_session(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The move that could not be saved is not recorded; the person is told and goes on."""
    path = tmp_path / "game.cuckoo"
    path.write_text(UNFINISHED, encoding="utf-8")
    path.chmod(0o600)
    recorder = record.resume(path)
    said: list[str] = []
    answers = iter(["2+3x5(6;3,4)", "quit"])

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    with monkeypatch.context() as patch:
        patch.setattr(os, "fsync", full)
        assert record.run(recorder, lambda _: next(answers), said.append, lambda _: None) == 0
    assert f"  not saved, so not recorded: {path}: No space left on device" in said
    assert path.read_text(encoding="utf-8") == UNFINISHED
    assert len(recorder.moves) == 3 and not recorder.entries
    assert [p.name for p in tmp_path.iterdir()] == [path.name]
    recorder.play(recorder_module._read(DICE.encode(), "example")[2][3])
    assert path.stat().st_mode & 0o7777 == 0o600, "the permissions are kept"


def test_ctrl_c_while_rewriting_keeps_the_old_file(tmp_path: Path) -> None:
    path = tmp_path / "games.cuckoo"
    path.write_text("\n".join([DICE.replace("1. ", "1.  ")] * 4000), encoding="utf-8")
    before = path.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", "format", "--in-place", str(path)],
        env=ENV,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        wait_for_file(tmp_path, ".games.cuckoo.*", 60)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=30)
    finally:
        child.kill()
    # 130, or, now and then, ended by the signal itself as Python may do after a Ctrl-C that
    # broke into an import (a shell shows 130 for both)
    assert child.returncode in (130, -signal.SIGINT) and "Traceback" not in err, err
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name], "no temporary file is left"


@pytest.mark.parametrize("kind", ["fifo", "device", "read-only"])
def test_a_file_rewritten_in_place_must_be_a_regular_writable_one(
    tmp_path: Path, kind: str
) -> None:
    """``format --in-place`` on a FIFO waited for a writer for ever, a device was written to,
    and a read-only file was replaced."""
    if kind == "fifo":
        target = tmp_path / "pipe"
        os.mkfifo(target)
        says = "is a FIFO, a device or a socket, not a record file to rewrite"
    elif kind == "device":
        target = Path(os.devnull)
        says = "is a FIFO, a device or a socket, not a record file to rewrite"
    else:
        target = tmp_path / "game.cuckoo"
        target.write_text(DICE.replace("1. ", "1.  "), encoding="utf-8")
        target.chmod(0o444)
        says = "is read-only: make it writable first"
    for args in (["format", "--in-place", str(target)], ["record", "--resume", str(target)]):
        done = cuckoo(*args, stdin="quit\n")
        assert (done.returncode, done.stderr) == (2, f"cuckoo: {target}: {says}\n")
    if kind == "read-only":
        assert target.read_text(encoding="utf-8") == DICE.replace("1. ", "1.  ")
    assert [p.name for p in tmp_path.iterdir()] == ([] if kind == "device" else [target.name])


def test_streams_go_where_the_shell_sends_them(tmp_path: Path) -> None:
    """The documented rule: ``-o -`` or no ``-o`` is standard output; ``-o`` a FIFO or a
    device writes to it directly (only a file rewritten in place must be a regular one)."""
    (tmp_path / "game.cuckoo").write_text(DICE, encoding="utf-8")
    to_stdout = cuckoo("format", str(tmp_path / "game.cuckoo"), "-o", "-", "-q")
    assert (to_stdout.returncode, to_stdout.stdout) == (0, DICE)
    to_device = cuckoo("random", "--seed", "1", "-o", os.devnull, "-q")
    assert (to_device.returncode, to_device.stdout) == (0, "")
    assert Path(os.devnull).is_char_device()


@pytest.mark.parametrize("command", ["validate", "replay", "format", "record --resume"])
def test_dev_zero_is_refused_at_once(command: str) -> None:
    started = time.monotonic()
    done = cuckoo(*command.split(), "/dev/zero", stdin="quit\n")
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "/dev/zero" in done.stderr and "Traceback" not in done.stderr
    assert time.monotonic() - started < 30


class Endless(io.RawIOBase):
    """A stream that never ends: *pattern* over and over, without a newline."""

    def __init__(self, pattern: bytes) -> None:
        self.pattern, self.at = pattern, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        size = len(buffer)
        repeated = self.pattern * (size // len(self.pattern) + 2)
        buffer[:] = repeated[self.at : self.at + size]
        self.at = (self.at + size) % len(self.pattern)
        return size


def _peak(read: Iterator[str]) -> tuple[int, str]:
    """The most memory taken while *read* is read until it is refused, and why."""
    tracemalloc.start()
    try:
        with pytest.raises(FileProblem) as refused:
            for _ in read:
                pass
        return tracemalloc.get_traced_memory()[1], str(refused.value)
    finally:
        tracemalloc.stop()


def test_an_endless_binary_stream_is_refused_in_little_memory() -> None:
    """``/dev/zero`` was read 64 MB at a time before it was refused as too long a line."""
    stream = io.BufferedReader(Endless(b"\x00"))
    peak, why = _peak(lines_of(stream, "zeros", limit=MAX_RECORD_CHARS))
    assert why == "zeros:1: binary data, not a record file"
    assert peak < 1_000_000


def test_an_endless_line_is_refused_past_the_limit_only() -> None:
    """A line is read a piece at a time and refused once it is longer than the limit: its
    memory is the limit's, not the stream's."""
    limit = 2_000_000
    stream = io.BufferedReader(Endless("é".encode()))
    peak, why = _peak(lines_of(stream, "endless", limit=limit))
    assert why == f"endless:1: a line longer than {limit} characters"
    assert peak < 3 * 2 * limit, "two bytes a character, counted in characters"


def test_output_over_a_read_only_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-o`` renamed its file over one the user had made read-only."""
    source, target = tmp_path / "game.cuckoo", tmp_path / "kept.cuckoo"
    source.write_text(DICE, encoding="utf-8")
    target.write_text("mine", encoding="utf-8")
    target.chmod(0o444)
    for args in (
        ["format", str(source), "-o", str(target)],
        ["random", "--seed", "1", "-o", str(target)],
    ):
        assert main([*args, "-q"]) == 2
        err = capsys.readouterr().err
        assert err == f"cuckoo: {target}: is read-only: make it writable first\n"
    assert target.read_text(encoding="utf-8") == "mine"


def test_a_folder_that_may_not_be_written_keeps_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a folder without write permission answers (root may write anywhere, so the
    refusal is made here)."""
    path = tmp_path / "games.cuckoo"
    path.write_text(DICE.replace("1. ", "1.  "), encoding="utf-8")
    before = path.read_bytes()

    def denied(*_: object, **__: object) -> None:
        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))

    monkeypatch.setattr(tempfile, "mkstemp", denied)
    assert main(["format", "--in-place", str(path)]) == 2
    assert capsys.readouterr().err == f"cuckoo: {path}: cannot write: Permission denied\n"
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == [path.name]
