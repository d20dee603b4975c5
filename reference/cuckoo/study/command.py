"""``cuckoo study``: play every game of a study that is not in its results file yet, append
each batch as it is done, and print the study's figures.

Every input is checked before the first game: the study file, and with ``--resume`` every
line of the results file, so that no hour of play ends in a complaint about a file. Ctrl-C
stops the study and its workers at once, with one line and exit status 130; the games done
are in the results file and ``--resume`` goes on from them.
"""

from __future__ import annotations

import argparse
import io
import os
import stat
import sys
import time
from collections.abc import Callable
from contextlib import closing
from itertools import filterfalse
from pathlib import Path
from typing import Any, Final

from ..errors import shown
from ..files import FileProblem, check_output, check_writable, open_journal, reading
from ..option_values import seconds, written
from ..progress import Progress, plural
from ..workers import WorkerError
from .executors import (
    CLUSTER_TIMEOUT,
    EXECUTORS,
    ClusterProblem,
    MissingExtra,
    cpu_seconds,
    run_batches,
)
from .measures import summarize
from .report import report
from .results import Found, append, found_in, line_of, read_results
from .spec import Study, StudyError, read_study
from .tasks import game_count, tasks_of

__all__ = ["add_arguments", "main"]


def add_arguments(
    parser: argparse.ArgumentParser, jobs_option: Callable[[argparse.ArgumentParser], None]
) -> None:
    """The options of ``cuckoo study``; *jobs_option* adds ``-j``, which the command line
    declares as it declares every command's."""
    parser.add_argument("spec", metavar="SPEC.toml", help="the study: parts, settings, bots")
    parser.add_argument(
        "--executor",
        choices=EXECUTORS,
        default="process",
        help="local processes (default), or Dask (the cluster extra; a local cluster "
        "unless --cluster names one)",
    )
    parser.add_argument(
        "--cluster",
        metavar="ADDRESS",
        help="a running Dask scheduler, such as tcp://host:8786 (implies --executor dask)",
    )
    parser.add_argument(
        "--cluster-timeout",
        type=seconds(3600),
        default=CLUSTER_TIMEOUT,
        metavar="SECONDS",
        help=f"give up on a scheduler that does not answer (default {CLUSTER_TIMEOUT:g})",
    )
    jobs_option(parser)
    parser.add_argument(
        "-o",
        "--output",
        type=written,
        metavar="RESULTS.jsonl",
        help="the results file (default: SPEC with .jsonl for .toml)",
    )
    parser.add_argument(
        "--resume",
        action="store_true",
        help="keep the games already in the results file (it must be this study's)",
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress and no summary on stderr"
    )


SYNC_EVERY: Final = 1.0
"""Seconds between two flushes of the results file to the disk (``os.fsync``), the last at
the study's end.  Not after every batch: with workers, the command did little else, and
Ctrl-C waits for a flush under way, which a busy disk can make last seconds.  A machine
that fails loses at most this much of the games, which ``--resume`` plays again."""


class _Results:
    """The results file being written: created at the first game done, so that a study
    that stops before leaves no empty file behind, and appended to in whole lines."""

    def __init__(self, path: Path, found: Found | None) -> None:
        self.path = path
        self.fd: int | None = None
        self.created = False
        self.written = 0
        self.synced = time.monotonic()
        if found is not None and path.exists():
            self._open(create=False)
            if found.rest:
                self._write(found.rest)

    def _open(self, *, create: bool) -> None:
        try:
            self.fd = open_journal(self.path, create=create)
        except OSError as error:
            raise StudyError(_cannot_write(self.path, error)) from None

    def _write(self, text: str) -> None:
        assert self.fd is not None
        try:
            append(self.fd, text)
            if time.monotonic() - self.synced >= SYNC_EVERY:
                self._sync()
        except OSError as error:
            if self.created and not self.written:  # a full disk: leave no empty file
                self.close()
                self.path.unlink(missing_ok=True)
            raise StudyError(_cannot_write(self.path, error)) from None

    def append(self, records: list[dict[str, Any]]) -> None:
        if self.fd is None:
            self._open(create=True)
            self.created = True
        self._write("".join(map(line_of, records)))
        self.written += len(records)

    def _sync(self) -> None:
        assert self.fd is not None
        os.fsync(self.fd)
        self.synced = time.monotonic()

    def finish(self) -> None:
        """Make sure every game written has reached the disk, at the study's end.

        :raises StudyError: if the disk refuses.
        """
        if self.fd is not None:
            try:
                self._sync()
            except OSError as error:
                raise StudyError(_cannot_write(self.path, error)) from None

    def close(self) -> None:
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None


def _cannot_write(path: Path, error: OSError) -> str:
    return f"cannot write the results file {shown(str(path))}: {error.strerror or error}"


def _checked_output(path: Path, study: Study, resume: bool, spec: Path) -> Found | None:
    """What the results file at *path* holds, checked before anything is played.

    :raises StudyError: for a file that is not this study's results (it is not touched),
        the study file *spec* itself, a file there without ``--resume``, or a folder where
        it cannot be written.
    """
    name = shown(str(path))
    try:
        mode = path.stat().st_mode
        same = os.path.samestat(path.stat(), spec.stat())
    except FileNotFoundError:
        mode, same = None, False
    except OSError as error:
        raise StudyError(f"cannot read the results file {name}: {error.strerror}") from None
    if same:
        default = spec.with_suffix(".jsonl")
        other = "" if default == spec else f" (without it: {shown(str(default))})"
        itself = f"{name} is the study file itself: name another results file with -o"
        raise StudyError(itself + other)
    reading(spec, "the study file")
    if mode is None:
        try:
            check_writable(path)
        except OSError as error:
            raise StudyError(_cannot_write(path, error)) from None
    if mode is not None and not stat.S_ISREG(mode):
        raise StudyError(f"the results file {name} is not a regular file")
    try:
        check_output(path, "the results file")
    except FileProblem as problem:
        raise StudyError(str(problem)) from None
    if mode is None:
        return Found(frozenset(), 0, "") if resume else None
    if not resume:
        raise StudyError(f"{name} exists: --resume continues it")
    return found_in(path, study)


def _readable_stdout() -> None:
    """Text the terminal's encoding cannot show (a title in German on an ASCII terminal)
    is written escaped, not refused half-way through the report."""
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")


def main(args: argparse.Namespace) -> int:
    """Run the study of *args*; exit status 0 when every game is in the results, 2 for a
    study or results file that cannot be used or a cluster that does not answer, 130 when
    interrupted."""
    _readable_stdout()
    try:
        study = read_study(args.spec)
        path = Path(args.output or Path(args.spec).with_suffix(".jsonl"))
        found = _checked_output(path, study, args.resume, Path(args.spec))
        output = _Results(path, found)
    except StudyError as error:
        print(f"cuckoo: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # checking a long results file
        print("cuckoo: study stopped before its first game", file=sys.stderr)
        return 130
    done = found.keys if found else frozenset()
    count = game_count(study) - len(done)
    todo = filterfalse(lambda task: task.key in done, tasks_of(study))
    progress = Progress("game", count, quiet=args.quiet)
    wall, cpu = time.perf_counter(), cpu_seconds()
    try:
        if count:
            batches = run_batches(
                todo,
                count,
                executor=args.executor,
                jobs=args.jobs,
                cluster=args.cluster,
                timeout=args.cluster_timeout,
            )
            with closing(batches):
                for results in batches:
                    output.append(results)
                    progress.advance(len(results))
            output.finish()
    except (KeyboardInterrupt, SystemExit) as stop:
        progress.close()
        print(
            f"cuckoo: study stopped; {plural(output.written, 'game')} played this time are in "
            f"{shown(str(path))}: --resume goes on from them",
            file=sys.stderr,
        )
        if isinstance(stop, SystemExit):
            raise
        return 130
    except (StudyError, MissingExtra, ClusterProblem, WorkerError) as error:
        progress.close()
        print(f"cuckoo: {error}", file=sys.stderr)
        return 2
    finally:
        output.close()
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    load = ", ".join(f"{n:.2f}" for n in os.getloadavg())
    progress.close(
        f"{plural(output.written, 'game')} played, {len(done)} already done; "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU here and in local workers; load average {load}"
    )
    try:
        summary = summarize(study, read_results(path, study) if path.exists() else ())
    except StudyError as error:
        print(f"cuckoo: {error}", file=sys.stderr)
        return 2
    print("\n".join(report(summary)))
    return 0
