"""A study of a billion games starts its first game at once in little memory, and Ctrl-C or
SIGTERM stops it and every worker within two seconds, with one line and no process left.

Each run is a real ``cuckoo study`` in a session of its own, so that the signal can go to
its process group as a terminal sends it, and so that any process it leaves behind is found
by its group. The runs repeat: the hang this guards against came one time in two.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cuckoo.cli import main
from cuckoo.study import command
from tests.processes import group_members

HUGE = """seed = 1
[[part]]
game = "cuckoo-dice"
games = 1000000000
matches = [["random", "random"]]
settings = [{}, {side_majority = "absolute"}]
"""

FIRST_GAME_WITHIN = 60.0
"""Seconds from the start to the first line of results, on a machine shared with others."""

MOST_MEMORY_KB = 200_000
"""Peak resident memory of the command before its first game: the old list of two billion
tasks took 1.9 GB and more."""

STOPPED_WITHIN = 2.0


def _peak_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM")


def _start(tmp_path: Path, jobs: str) -> tuple[subprocess.Popen[bytes], Path, float]:
    spec = tmp_path / "huge.toml"
    spec.write_text(HUGE, encoding="utf-8")
    out = tmp_path / "huge.jsonl"
    out.unlink(missing_ok=True)
    process = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", "study", str(spec), "-o", str(out), "-j", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    start = time.monotonic()
    while not (out.exists() and out.stat().st_size):
        assert process.poll() is None, process.communicate()
        waited = time.monotonic() - start
        if waited > FIRST_GAME_WITHIN:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            pytest.fail(f"no game after {waited:.0f} s")
        time.sleep(0.05)
    return process, out, time.monotonic() - start


def _stopped(
    process: subprocess.Popen[bytes], signum: int, to_group: bool, linger: float = 0
) -> tuple[str, float, list[int]]:
    """Send *signum* to *process* (to its group, as a terminal does, or to it alone); its
    error output, the seconds it took to end, and the processes of its group still alive
    *linger* seconds later (each then killed)."""
    sent = time.monotonic()
    if to_group:
        os.killpg(process.pid, signum)
    else:
        os.kill(process.pid, signum)
    try:
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    took = time.monotonic() - sent
    deadline = time.monotonic() + linger  # a worker told to stop may take a moment to go
    while (left := group_members(process.pid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    if left:
        os.killpg(process.pid, signal.SIGKILL)
    return err.decode(), took, left


@pytest.mark.parametrize("attempt", range(3))
@pytest.mark.parametrize(
    ("signum", "to_group", "status"),
    [
        (signal.SIGINT, True, 130),
        (signal.SIGINT, False, 130),
        (signal.SIGTERM, True, 128 + signal.SIGTERM),
        (signal.SIGTERM, False, 128 + signal.SIGTERM),
    ],
    ids=["ctrl-c", "sigint-parent", "sigterm-group", "sigterm-parent"],
)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_stopped_at_once_and_nothing_left(
    tmp_path: Path, jobs: str, signum: int, to_group: bool, status: int, attempt: int
) -> None:
    process, out, first = _start(tmp_path, jobs)
    peak = _peak_kb(process.pid)
    time.sleep(0.2 * attempt)  # at other moments of the run
    text, took, left = _stopped(process, signum, to_group)
    print(f"first game after {first:.2f} s, peak {peak} kB, stopped in {took:.2f} s")
    assert process.returncode == status, text
    assert text.count("\n") == 1 and "study stopped" in text and "Traceback" not in text, text
    assert took < STOPPED_WITHIN
    assert not left, f"left behind: {left}"
    assert first < FIRST_GAME_WITHIN and peak < MOST_MEMORY_KB
    assert out.read_text(encoding="utf-8").endswith("\n")  # whole lines only


@pytest.mark.parametrize("every", [3600.0, 0.0])
def test_the_results_reach_the_disk_at_the_end_not_after_every_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, every: float
) -> None:
    """Why the stop above once took over two seconds: Ctrl-C waits for a flush to the disk
    under way (``os.fsync`` cannot be interrupted), and a disk busy with other writes (a
    full test run's) makes one last seconds.  With two workers the command flushed after
    every batch, and spent a third of its time in ``fsync`` (10 of 30 interrupts landed
    there on an idle disk).  It flushes at most once every ``SYNC_EVERY`` seconds, and at
    the end; *every* 0 is the old way, the control."""
    appended, synced = [], []
    write, fsync = command.append, os.fsync
    monkeypatch.setattr(command, "SYNC_EVERY", every)
    monkeypatch.setattr(
        command, "append", lambda fd, text: appended.append(text) or write(fd, text)
    )
    monkeypatch.setattr(command.os, "fsync", lambda fd: synced.append(fd) or fsync(fd))
    out = tmp_path / "tiny.jsonl"
    spec = Path(__file__).with_name("tiny.toml")
    assert main(["study", str(spec), "-o", str(out), "-q", "-j", "1"]) == 0
    assert len(appended) > 5, "the study is written in several batches"
    assert len(synced) == (1 if every else len(appended) + 1)
    assert out.read_text(encoding="utf-8") == "".join(appended)


DASK_STOPPED_WITHIN = 15.0
"""Seconds: a local Dask cluster is closed whole, each worker told to stop, which takes a
few seconds more than the package's own workers on a shared machine."""


@pytest.mark.parametrize("after", [1.0, 3.0, 8.0])
def test_ctrl_c_during_a_dask_study_is_one_line_and_leaves_nothing(
    tmp_path: Path, after: float
) -> None:
    """Ctrl-C from the terminal, to the whole group, as the cluster starts (three seconds
    in: five tracebacks, of its workers and of the cluster closed at exit) and once it
    plays: one line, exit 130, no worker left."""
    pytest.importorskip("distributed", reason="the cluster extra is not installed")
    spec = tmp_path / "huge.toml"
    spec.write_text(HUGE, encoding="utf-8")
    command = ["study", str(spec), "-o", str(tmp_path / "huge.jsonl"), "-j", "2"]
    process = subprocess.Popen(
        [sys.executable, "-m", "cuckoo", *command, "--executor", "dask"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    time.sleep(after)
    text, took, left = _stopped(process, signal.SIGINT, True, linger=5)
    assert process.returncode == 130, text
    assert text.count("\n") == 1 and "Traceback" not in text, text
    assert not left, f"left behind: {left}"
    assert took < DASK_STOPPED_WITHIN
