"""``cuckoo study``: play every game of a study that is not in its results file yet, append
each as it is done, and print the study's figures."""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Final

from ..progress import Progress, plural
from .executors import EXECUTORS, MissingExtra, cpu_seconds, run_batches
from .measures import summarize
from .report import report
from .results import append, done, read_results
from .spec import StudyError, read_study
from .tasks import tasks_of

__all__ = ["add_arguments", "main"]


MOST_WORKERS: Final = 256
"""More local workers than this would only stall the machine."""


def _workers(text: str) -> int:
    if text.isascii() and text.isdigit() and 1 <= int(text) <= MOST_WORKERS:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected 1 to {MOST_WORKERS} workers, not {text!r}")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``cuckoo study``."""
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
        "-j",
        "--jobs",
        type=_workers,
        default=0,
        metavar="N",
        help=f"local workers, 1 to {MOST_WORKERS} (default: all cores)",
    )
    parser.add_argument(
        "-o",
        "--output",
        metavar="RESULTS.jsonl",
        help="the results file (default: SPEC with .jsonl for .toml)",
    )
    parser.add_argument(
        "--resume", action="store_true", help="keep the games already in the results file"
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress and no summary on stderr"
    )


def main(args: argparse.Namespace) -> int:
    """Run the study of *args*; exit status 0 when every game is in the results, 2 for a
    study or results file that cannot be used."""
    try:
        study = read_study(args.spec)
        path = Path(args.output or Path(args.spec).with_suffix(".jsonl"))
        if path.exists() and not args.resume:
            raise StudyError(f"{path} exists: --resume continues it")
        tasks = list(tasks_of(study))
        finished = done(path, tasks) if args.resume else set()
    except StudyError as error:
        print(f"cuckoo: {error}", file=sys.stderr)
        return 2
    todo = [task for task in tasks if task.key not in finished]
    progress = Progress("game", len(todo), quiet=args.quiet)
    wall, cpu = time.perf_counter(), cpu_seconds()
    try:
        with open(path, "a", encoding="utf-8") as out:
            for results in run_batches(
                todo, executor=args.executor, jobs=args.jobs, cluster=args.cluster
            ):
                append(out, results)
                progress.advance(len(results))
    except MissingExtra as error:
        progress.close()
        print(f"cuckoo: {error}", file=sys.stderr)
        return 2
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    load = ", ".join(f"{n:.2f}" for n in os.getloadavg())
    progress.close(
        f"{plural(len(todo), 'game')} played, {len(finished)} already done; "
        f"{wall:.1f} s wall, {cpu:.1f} s CPU here and in local workers; load average {load}"
    )
    print("\n".join(report(summarize(study, read_results(path)))))
    return 0
