"""Measuring a child process, and repetitions that take turns: what every figure rests on.

Every figure is measured in a process of its own, so that no memo cache, parser or import
of an earlier run is warm in it, and so that its CPU time and peak memory are its own.
The repetitions of compared work take turns (A, B, A, B, ...), so that a burst of load
from another process falls on both sides alike; each pair of runs gives a ratio.
"""

from __future__ import annotations

import compileall
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from tempfile import TemporaryDirectory, TemporaryFile

__all__ = [
    "Child",
    "Sample",
    "Side",
    "WorkChanged",
    "bytecode",
    "check_same_work",
    "run_child",
    "take_turns",
]

Work = Mapping[str, int]
"""What a run did, counted: games, plies, calls, ... by name."""

_RSS_UNIT_KB = 1 / 1024 if sys.platform == "darwin" else 1
"""``ru_maxrss`` is in KB on Linux and in bytes on macOS."""


def bytecode(package: Path) -> bool:
    """Write the bytecode of *package*'s modules, as pip does when it installs one, so
    that no measured process compiles them: an editable install run with
    ``PYTHONDONTWRITEBYTECODE`` set keeps none, and every process of ours would compile
    every module again, where the peers, installed by pip, load theirs.  False if it
    cannot be written (a read-only tree)."""
    return bool(compileall.compile_dir(package, quiet=1))


@dataclass(frozen=True, slots=True)
class Child:
    """What one finished child process printed, and what it cost."""

    status: int
    cpu: float
    """User plus system CPU seconds of the child alone (its own rusage from ``wait4``)."""
    wall: float
    """Seconds from just before its start to just after its end."""
    rss_kb: int
    """Peak resident memory of the child, in KB."""
    stdout: str
    stderr: str


_LAUNCHER = """
import os, sys, time
report, *argv = sys.argv[1:]
start = time.perf_counter()
pid = os.posix_spawnp(argv[0], argv, os.environ)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - start
with open(report, "w") as out:
    cpu = usage.ru_utime + usage.ru_stime
    out.write(f"{os.waitstatus_to_exitcode(status)} {cpu!r} {wall!r} {usage.ru_maxrss}")
"""
"""Starts the measured process and reports its ``wait4`` rusage.

Linux keeps a process's peak RSS across ``execve``, so a child forked from this harness
would start with the harness's own RSS (60 MB and more, with the peers imported) as its
"peak".  This launcher is a bare interpreter (``-I -S``, about 9 MB) that spawns the
measured process and waits for it with ``os.wait4``, which gives the rusage of that one
process (where ``RUSAGE_CHILDREN`` would add up every child ever waited for): its CPU
time (user plus system) and its peak RSS, floored at the launcher's 9 MB at most.
"""


def run_child(argv: Sequence[str]) -> Child:
    """Run *argv* to its end, measured on its own (see :data:`_LAUNCHER`).

    Output goes to temporary files, not pipes, so a child that writes much cannot block
    on a full pipe while the harness waits.
    """
    with TemporaryFile() as out, TemporaryFile() as err, TemporaryDirectory() as tmp:
        report = Path(tmp) / "rusage"
        launcher = [sys.executable, "-I", "-S", "-c", _LAUNCHER, str(report), *argv]
        subprocess.run(launcher, stdin=subprocess.DEVNULL, stdout=out, stderr=err, check=True)
        status, cpu, wall, rss = report.read_text().split()
        out.seek(0)
        err.seek(0)
        return Child(
            int(status),
            float(cpu),
            float(wall),
            round(int(rss) * _RSS_UNIT_KB),
            out.read().decode("utf-8", "replace"),
            err.read().decode("utf-8", "replace"),
        )


@dataclass(frozen=True, slots=True)
class Sample:
    """One timed run of one side."""

    cpu: float
    wall: float
    work: Work
    rss_kb: int = 0
    warm: tuple[float, float] | None = None
    """CPU and wall seconds of a second pass in the same process (caches warm), if any."""


@dataclass(frozen=True, slots=True)
class Side:
    """One figure's work: a key, what it is, and how to run it once."""

    key: str
    label: str
    unit: str
    """The count of :attr:`Sample.work` that its rate is per, such as ``plies``."""
    run: Callable[[], Sample]


class WorkChanged(RuntimeError):
    """Two runs of one figure did different work: the figure would measure its input."""


def check_same_work(key: str, first: Sample, later: Sample) -> None:
    """:raises WorkChanged: if *later* did not count what *first* did."""
    if dict(later.work) != dict(first.work):
        raise WorkChanged(f"{key}: the work changed between runs: {first.work}, {later.work}")


def take_turns(
    sides: Sequence[Side], repeats: int, progress: Callable[[str], None] = lambda _: None
) -> dict[str, list[Sample]]:
    """Run every side *repeats* times, taking turns; each side's samples, in order.

    :raises WorkChanged: if a side's work differs from its first run's.
    """
    samples: dict[str, list[Sample]] = {side.key: [] for side in sides}
    for repeat in range(repeats):
        for side in sides:
            progress(f"{side.label} ({repeat + 1}/{repeats})")
            sample = side.run()
            done = samples[side.key]
            if done:
                check_same_work(side.key, done[0], sample)
            done.append(sample)
    return samples
