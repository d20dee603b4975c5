"""Worker processes that Ctrl-C and SIGTERM stop at once, leaving none behind.

Every command that runs on several cores (``validate -j``, ``study``, ``conform --random
-j``) hands its work out through :class:`Workers`.  Tasks are drawn from their iterator only
as workers become free, so a run of any length starts at once in bounded memory; and
however the run ends (done, an error, Ctrl-C, SIGTERM, a worker killed) every worker is
stopped within a bound.

A terminal sends Ctrl-C to every process of the command.  The workers ignore it: the
command alone handles it, and stops them.  SIGTERM (and SIGHUP) end a worker after the
clean-ups its tasks asked for (:func:`when_stopped`), so that an engine it started is
stopped too; SIGKILL ends one that does not
go within its grace; and a worker whose command has gone ends by itself.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from itertools import islice
from multiprocessing.connection import Connection, wait
from types import FrameType, TracebackType
from typing import Any, Final, NoReturn, TypeVar, cast

from .files import HELD, FileProblem, hold_signals

__all__ = ["GRACE", "WorkerError", "Workers", "when_stopped"]

T = TypeVar("T")

GRACE: Final = 1.0
"""Seconds the workers of an interrupted run get to end before they are killed."""

AHEAD: Final = 2
"""Batches a worker is sent before its first result is back: enough to keep it busy."""

_ENDING: Final = (signal.SIGTERM, signal.SIGHUP)


class WorkerError(FileProblem):
    """Workers the system would not start, or one it ended (short of memory, a ``kill``):
    not a bug here nor in the input, so an error of the run, exit status 2."""


_CLEANUPS: list[Callable[[], object]] = []


def when_stopped(cleanup: Callable[[], object]) -> None:
    """Have *cleanup* run when this worker ends, however it is stopped: for what a task
    leaves running that must not outlive the worker (an engine under test).  In the command
    itself, which ends its own way, it is never run."""
    _CLEANUPS.append(cleanup)


def _clean_up() -> None:
    while _CLEANUPS:
        with suppress(Exception):  # the worker is ending: nothing is left to report to
            _CLEANUPS.pop()()


def _exit(signum: int, frame: FrameType | None) -> NoReturn:
    """SIGTERM or SIGHUP in a worker: clean up and end at once.  Not by raising SystemExit,
    which lands wherever the worker is, a garbage collector's callback included, where it
    is printed as an ignored exception and does not end the worker."""
    _clean_up()
    os._exit(128 + signum)


def _orphaned(parent: int) -> None:
    """End this worker soon after its command has gone without ending it (SIGKILL): the
    other workers, forked later, hold its pipe open, so no read here would ever end."""
    while os.getppid() == parent:
        time.sleep(0.25)
    os._exit(1)


def _serve(conn: Connection, parent: int) -> None:
    """A worker: run each batch ``(number, function, items)`` it is sent, until the pipe
    closes, and send back ``(number, (True, results))`` or ``(number, (False, error))``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in _ENDING:
        signal.signal(signum, _exit)
    threading.Thread(target=_orphaned, args=(parent,), daemon=True).start()
    signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)
    try:
        while True:
            try:
                number, function, items = conn.recv()
            except (EOFError, OSError):
                return
            try:
                answer: tuple[bool, Any] = (True, [function(*item) for item in items])
            except Exception as error:  # the command reports it as its own bug
                answer = (False, f"{type(error).__name__}: {error}")
            conn.send((number, answer))
    finally:
        _clean_up()


def _lost() -> WorkerError:
    return WorkerError(
        "a worker process ended abruptly (killed, or out of memory?); "
        "run again, perhaps with a smaller -j"
    )


class Workers:
    """*jobs* worker processes for the length of a ``with`` block, all stopped at its end;
    *grace* is how long each may take to end on SIGTERM before it is killed."""

    def __init__(self, jobs: int, *, grace: float = GRACE) -> None:
        self.jobs, self.grace = jobs, grace
        self._pipes: dict[Connection, multiprocessing.process.BaseProcess] = {}

    def __enter__(self) -> Workers:
        try:
            for _ in range(self.jobs):
                here, there = multiprocessing.Pipe()
                process = multiprocessing.Process(
                    target=_serve, args=(there, os.getpid()), daemon=True
                )
                release = hold_signals()  # until it has set its own handlers
                try:
                    process.start()
                finally:
                    release()
                there.close()
                self._pipes[here] = process
        except OSError as error:  # no more processes, or no pipes, allowed here
            self.stop()
            raise WorkerError(
                f"cannot start {self.jobs} worker processes: {error.strerror or error}"
            ) from None
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop every worker: SIGTERM, then SIGKILL for any still there after the grace."""
        for conn, process in self._pipes.items():
            conn.close()
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + self.grace
        for process in self._pipes.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()
        self._pipes.clear()

    def map(
        self,
        function: Callable[..., T],
        items: Iterable[tuple[Any, ...]],
        *,
        batch: int = 1,
        ordered: bool = True,
    ) -> Iterator[T]:
        """``function(*item)`` for each of *items*, sent to the workers *batch* items at a
        time; in the order of *items* if *ordered*, else as each batch is done.  Items are
        drawn only as workers become free.  *function* must be importable (pickled by name).

        :raises WorkerError: if a worker ended without being asked to.
        :raises RuntimeError: if *function* raised in a worker (a bug, not the input's).
        """
        work = iter(items)
        free = [conn for _ in range(AHEAD) for conn in self._pipes]
        window = len(free)  # batches sent and not yet given back, however slow the first
        busy: dict[Connection, int] = {}
        done: dict[int, list[T]] = {}
        sent = following = 0
        while True:
            while free and sent - following < window and (chunk := list(islice(work, batch))):
                conn = free.pop()
                try:
                    conn.send((sent, function, chunk))
                except OSError:  # not the command's stdout: a BrokenPipeError here is a worker's
                    raise _lost() from None
                busy[conn] = busy.get(conn, 0) + 1
                sent += 1
            if not busy:
                return
            for ready in wait(list(busy)):
                conn = cast(Connection, ready)
                number, results = self._receive(conn)
                busy[conn] -= 1
                if not busy[conn]:
                    del busy[conn]
                free.append(conn)
                if not ordered:
                    following += 1
                    yield from results
                    continue
                done[number] = results
                while following in done:
                    yield from done.pop(following)
                    following += 1

    def _receive(self, conn: Connection) -> tuple[int, list[Any]]:
        try:
            number, (ok, results) = conn.recv()
        except (EOFError, OSError):
            raise _lost() from None
        if not ok:
            raise RuntimeError(f"a worker failed: {results}")
        return number, results
