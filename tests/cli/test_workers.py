"""The one worker pool of the commands that run on several cores (cuckoo.workers)."""

from __future__ import annotations

import os
import signal

import pytest

from cuckoo.workers import WorkerError, Workers


def test_results_come_in_the_order_of_the_items() -> None:
    with Workers(2) as workers:
        assert list(workers.map(pow, ((n, 2) for n in range(50)), batch=3)) == [
            n * n for n in range(50)
        ]


def test_items_are_drawn_only_as_workers_become_free() -> None:
    drawn: list[int] = []

    def items() -> object:
        for n in range(10**9):
            drawn.append(n)
            yield (n, 1)

    with Workers(2) as workers:
        first = next(workers.map(pow, items()))  # type: ignore[arg-type]
    assert first == 0 and len(drawn) <= 2 * 2 + 1


def test_a_worker_killed_while_idle_is_an_error_not_a_broken_pipe() -> None:
    """Sending to a worker killed meanwhile raised BrokenPipeError, which the command line
    reads as its own standard output closed: it exited 0, with games left unchecked."""
    with Workers(2) as workers:
        assert list(workers.map(pow, [(2, 3)])) == [8]
        for process in workers._pipes.values():
            os.kill(process.pid, signal.SIGKILL)
            process.join()
        with pytest.raises(WorkerError, match="ended abruptly"):
            list(workers.map(pow, ((n, 2) for n in range(100))))


def test_a_task_that_raises_is_a_bug_of_the_command() -> None:
    with Workers(2) as workers, pytest.raises(RuntimeError, match="ZeroDivisionError"):
        list(workers.map(divmod, [(1, 0)]))
