"""Worker processes that Ctrl-C and SIGTERM stop at once, leaving none behind.

A terminal sends Ctrl-C to every process of the command: workers that each raised
``KeyboardInterrupt`` printed their tracebacks, and could die holding a queue's lock, so
that the pool's shutdown waited for ever. Here the workers ignore Ctrl-C and die at once on
SIGTERM; the parent alone handles the interruption, ending every worker within a bound.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

from .files import FileProblem

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

__all__ = ["GRACE", "WorkerError", "worker_pool"]

GRACE: Final = 1.0
"""Seconds the workers of an interrupted run get to end before they are killed."""

_SIGNALS: Final = {signal.SIGINT, signal.SIGTERM, *[getattr(signal, "SIGHUP", signal.SIGTERM)]}


class WorkerError(FileProblem):
    """Workers the system would not start, or one it ended (short of memory, a ``kill``):
    not a bug here nor in the input, so an error of the run, exit status 2."""


def _deaf(parent: int) -> None:
    """A worker's start: Ctrl-C is the parent's to handle; SIGTERM and SIGHUP end it
    without Python's unwinding (the parent's handler, inherited through fork, would raise
    inside a task); and it ends when its *parent* is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()


def _orphaned(parent: int) -> None:
    """End this worker soon after its parent has gone without ending it (SIGKILL): the
    others still hold the pipes open, so no read or lock here would ever end."""
    while os.getppid() == parent:
        time.sleep(0.25)
    os._exit(1)


@contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of *jobs* processes, shut down normally at the end of the block, and ended
    within about :data:`GRACE` seconds when the block is left by an exception (Ctrl-C,
    SIGTERM, an error), with its pending tasks cancelled."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        pool = ProcessPoolExecutor(jobs, initializer=_deaf, initargs=(os.getpid(),))
    except OSError as error:  # no semaphores here (a container without /dev/shm)
        raise _cannot_start(jobs, error) from None
    try:
        try:
            _start(pool)
        except OSError as error:  # no more processes allowed
            raise _cannot_start(jobs, error) from None
        yield pool
    except BrokenProcessPool:
        _end(pool)
        raise WorkerError(
            "a worker process ended abruptly (killed, or out of memory?); "
            "run again, perhaps with a smaller -j"
        ) from None
    except BaseException:
        _end(pool)
        raise
    pool.shutdown()


def _cannot_start(jobs: int, error: OSError) -> WorkerError:
    return WorkerError(f"cannot start {jobs} worker processes: {error.strerror or error}")


def _start(pool: ProcessPoolExecutor) -> None:
    """Start the workers with Ctrl-C and SIGTERM held back, so that none arrives between a
    fork and the worker's :func:`_deaf`; one held here is handled once they have started."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is not None:
        block(signal.SIG_BLOCK, _SIGNALS)
    try:
        pool.submit(int)  # under fork, the first task starts every worker
    finally:
        if block is not None:
            block(signal.SIG_UNBLOCK, _SIGNALS)


def _end(pool: ProcessPoolExecutor) -> None:
    """End every worker (SIGTERM, then SIGKILL) and let the pool's thread wind down.

    That thread, finding its workers gone, fails on the tasks cancelled meanwhile (Python
    3.11 sets an error on each, or looks one up that is gone): a traceback about nothing
    the user did, kept quiet here.
    """
    manager = getattr(pool, "_executor_manager_thread", None)
    report = threading.excepthook

    def quiet(args: threading.ExceptHookArgs) -> None:
        if args.thread is not manager:
            report(args)

    threading.excepthook = quiet
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    deadline = time.monotonic() + GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join(GRACE)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is not None:
        manager.join(GRACE)
    if manager is None or not manager.is_alive():
        threading.excepthook = report
