"""Where the games are played: in this process, in local processes, or on a Dask cluster.

Every executor takes batches of tasks and hands back each batch's results as soon as it is
done, in whatever order; a task carries its own seed, so where and when it runs changes
nothing in its result.

The cluster is Dask's (``pip install 'cuckoo-rules[cluster]'``): its futures take plain
functions on plain values, as these tasks are, and its ``LocalCluster`` runs the same
scheduler on one machine, which is how the tests check it against the process executor.
"""

from __future__ import annotations

import importlib
import os
import resource
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Final

from .tasks import Task, play_tasks

__all__ = ["EXECUTORS", "MissingExtra", "batches", "cpu_seconds", "run_batches"]

EXECUTORS: Final = ("process", "dask")

Results = list[dict[str, Any]]


class MissingExtra(RuntimeError):
    """The executor asked for needs a package that is not installed."""


def cpu_seconds() -> float:
    """CPU seconds of this process and of the local workers it has waited for: on a shared
    machine a run's CPU time says what it cost, its wall time also what the others did."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def batches(tasks: Sequence[Task], workers: int) -> list[list[Task]]:
    """*tasks* cut into batches: small enough that every worker gets many (the slow games
    of a search bot sit together), big enough that sending them costs little."""
    size = max(1, min(32, len(tasks) // (workers * 16)))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def _in_process(work: list[list[Task]]) -> Iterator[Results]:
    for batch in work:
        yield play_tasks(batch)


def _processes(work: list[list[Task]], jobs: int) -> Iterator[Results]:
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(play_tasks, batch) for batch in work]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()


def _dask(work: list[list[Task]], jobs: int, address: str | None) -> Iterator[Results]:
    try:
        distributed: Any = importlib.import_module("distributed")  # untyped, and optional
    except ImportError:
        raise MissingExtra(
            "the dask executor needs Dask: pip install 'cuckoo-rules[cluster]'"
        ) from None
    if address:
        client = distributed.Client(address)
        cluster = None
    else:
        cluster = distributed.LocalCluster(
            n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = distributed.Client(cluster)
    try:
        futures = client.map(play_tasks, work, pure=False)
        for future in distributed.as_completed(futures):
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_batches(
    tasks: Sequence[Task], *, executor: str = "process", jobs: int = 0, cluster: str | None = None
) -> Iterator[Results]:
    """The results of *tasks*, a batch at a time as each is done.

    *jobs* is the number of local workers (0: one per core); one job plays in this process.
    *cluster* is the address of a running Dask scheduler (it implies ``dask``).

    :raises MissingExtra: for the dask executor when Dask is not installed.
    """
    workers = jobs or os.cpu_count() or 1
    work = batches(tasks, workers)
    if cluster or executor == "dask":
        return _dask(work, workers, cluster)
    if workers == 1:
        return _in_process(work)
    return _processes(work, workers)
