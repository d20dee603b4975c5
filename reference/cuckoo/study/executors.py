"""Where the games are played: in this process, in local processes, or on a Dask cluster.

Every executor takes batches of tasks and hands back each batch's results as soon as it is
done, in whatever order; a task carries its own seed, so where and when it runs changes
nothing in its result. Batches are cut from the tasks as workers become free, so a study
of any size starts at once and holds only the batches under way.

The local workers are the package's own (:mod:`cuckoo.workers`): an interrupted study
leaves no process behind, and no worker prints a traceback.

The cluster is Dask's (``pip install 'cuckoo-rules[cluster]'``): its futures take plain
functions on plain values, as these tasks are, and its ``LocalCluster`` runs the same
scheduler on one machine, which is how the tests check it against the process executor.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import os
import resource
import signal
from collections.abc import Generator, Iterable, Iterator
from itertools import islice
from typing import Any, Final

from ..files import hold_signals
from ..workers import Workers
from .tasks import Task, play_tasks

__all__ = [
    "EXECUTORS",
    "ClusterProblem",
    "MissingExtra",
    "batch_size",
    "cpu_seconds",
    "run_batches",
]

EXECUTORS: Final = ("process", "dask")

CLUSTER_TIMEOUT: Final = 30.0
"""Seconds to wait for a cluster's scheduler to answer before giving up."""

Results = list[dict[str, Any]]
Played = Generator[Results, None, None]


class MissingExtra(RuntimeError):
    """The executor asked for needs a package that is not installed."""


class ClusterProblem(RuntimeError):
    """The cluster address is not one, or no Dask scheduler answers there in time."""


def cpu_seconds() -> float:
    """CPU seconds of this process and of the local workers it has waited for: on a shared
    machine a run's CPU time says what it cost, its wall time also what the others did."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    workers = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def batch_size(count: int, workers: int) -> int:
    """Games a batch for *count* games: small enough that every worker gets many (the slow
    games of a search bot sit together), big enough that sending them costs little."""
    return max(1, min(32, count // (workers * 16)))


def _batches(tasks: Iterable[Task], size: int) -> Iterator[list[Task]]:
    it = iter(tasks)
    while batch := list(islice(it, size)):
        yield batch


def _in_process(work: Iterator[list[Task]]) -> Played:
    for batch in work:
        yield play_tasks(batch)


def _processes(work: Iterator[list[Task]], jobs: int) -> Played:
    with Workers(jobs) as workers:
        yield from workers.map(play_tasks, ((batch,) for batch in work), ordered=False)


def _scheduler(distributed: Any, address: str, timeout: float) -> None:
    """Check that a Dask scheduler answers at *address* within *timeout* seconds: Dask's
    own client waits for ever on a server that takes the connection and never answers.

    :raises ClusterProblem: if none does.
    """

    async def identity() -> Any:
        comm = await distributed.comm.connect(address, timeout=timeout)
        try:
            await comm.write({"op": "identity", "reply": True})
            return await comm.read()
        finally:
            comm.abort()

    async def bounded() -> Any:
        return await asyncio.wait_for(identity(), timeout)

    try:
        answer = asyncio.run(bounded())
    except (TimeoutError, OSError, ValueError, TypeError) as error:
        why = str(error) or f"no answer within {timeout:g} s"
        raise ClusterProblem(f"no Dask scheduler answers at {address}: {why}") from None
    except Exception:  # Dask read another server's answer as its own frames (a web
        answer = None  # server's "HTTP/1.1" as a frame's length: MemoryError, of exabytes)
    if not isinstance(answer, dict) or answer.get("type") != "Scheduler":
        raise ClusterProblem(f"{address} answers, but is not a Dask scheduler")


def _workers_ignore_ctrl_c(distributed: Any) -> None:
    """Have the local cluster's workers ignore Ctrl-C, which the terminal sends them too:
    one stopped by it printed its tracebacks, and this process stops them anyway. They are
    forked by a fork server started with SIGINT ignored, which they keep (Python installs
    no handler of its own over an ignored SIGINT); a Ctrl-C in the moment it starts is lost.
    """
    import multiprocessing.forkserver

    importlib.import_module("dask").config.set(
        {"distributed.worker.multiprocessing-method": "forkserver"}
    )
    distributed.utils.get_mp_context()  # the modules the fork server loads once for all
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        multiprocessing.forkserver.ensure_running()
    finally:
        signal.signal(signal.SIGINT, previous)


def _dask(work: Iterator[list[Task]], jobs: int, address: str | None, timeout: float) -> Played:
    try:
        distributed: Any = importlib.import_module("distributed")  # untyped, and optional
    except ImportError:
        raise MissingExtra(
            "the dask executor needs Dask: pip install 'cuckoo-rules[cluster]'"
        ) from None
    if address:
        _scheduler(distributed, address, timeout)
    else:
        _workers_ignore_ctrl_c(distributed)
    # Ctrl-C waits until the client is made: its threads, made with the signal held, never
    # get it, and this thread gets it in the block below, which closes the cluster whole
    # (one half made was closed by Dask at exit, with tracebacks)
    release = hold_signals()
    try:
        if address:
            client, cluster = distributed.Client(address, timeout=timeout), None
        else:
            cluster = distributed.LocalCluster(
                n_workers=jobs,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,  # a game's error comes back with its result;
            )  # the rest is the cluster's talk as it stops (tasks cancelled, pipes closed)
            client = distributed.Client(cluster)
    except BaseException:
        release()
        raise
    try:
        release()
        running = distributed.as_completed()
        for batch in islice(work, 4 * jobs):
            running.add(client.submit(play_tasks, batch, pure=False))
        for future in running:
            yield future.result()
            for batch in islice(work, 1):
                running.add(client.submit(play_tasks, batch, pure=False))
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_batches(
    tasks: Iterable[Task],
    count: int,
    *,
    executor: str = "process",
    jobs: int = 0,
    cluster: str | None = None,
    timeout: float = CLUSTER_TIMEOUT,
) -> Played:
    """The results of the *count* games of *tasks*, a batch at a time as each is done.

    *jobs* is the number of local workers (0: one per core); one job plays in this process.
    *cluster* is the address of a running Dask scheduler (it implies ``dask``), which must
    answer within *timeout* seconds. Close the iterator to stop early: every local worker
    is then killed.

    :raises MissingExtra: for the dask executor when Dask is not installed.
    :raises ClusterProblem: for a cluster address where no scheduler answers.
    :raises cuckoo.workers.WorkerError: when a local worker is killed from outside.
    """
    workers = jobs or os.cpu_count() or 1
    size = batch_size(count, workers)
    work = _batches(tasks, size)
    workers = max(1, min(workers, -(-count // size)))
    if cluster or executor == "dask":
        return _dask(work, workers, cluster, timeout)
    if workers == 1:
        return _in_process(work)
    return _processes(work, workers)
