"""Timing and counting shared by every benchmark: best of a few seeded repetitions.

Why best-of: on a small shared machine the noise is all one way (another process steals a
core, the garbage collector runs at a bad moment), so the fastest repetition is the one
closest to what the code itself costs.  Every repetition must do exactly the same work,
which is checked: a benchmark whose work varies is measuring its seed, not the code.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter
from typing import Generic, NamedTuple, TypeVar

__all__ = ["Calls", "Nodes", "Tally", "Timing", "best_of", "best_of_each"]

W = TypeVar("W")


class Tally(NamedTuple):
    """What a pass over games did: how many games and how many plies (or steps)."""

    games: int
    plies: int


class Calls(NamedTuple):
    """What a pass of move generation did: how many calls and how many moves they gave."""

    calls: int
    moves: int


class Nodes(NamedTuple):
    """What a perft did: how many searches (one) and how many leaves it counted."""

    searches: int
    nodes: int


@dataclass(frozen=True, slots=True)
class Timing(Generic[W]):
    """The best of several timed repetitions of one task, and the work each one did."""

    seconds: float
    """The fastest repetition's wall-clock time (``time.perf_counter``)."""
    work: W
    """What one repetition counted; the same for every repetition."""
    runs: tuple[float, ...]
    """Every repetition's time, in order, for anyone who wants the spread."""

    def rate(self, amount: int) -> float:
        """*amount* units of work per second of the best repetition."""
        return amount / self.seconds


def best_of(repeats: int, task: Callable[[], W]) -> Timing[W]:
    """Time *task* *repeats* times and keep the fastest run (see :func:`best_of_each`)."""
    return best_of_each(repeats, [task])[0]


def best_of_each(repeats: int, tasks: Sequence[Callable[[], W]]) -> list[Timing[W]]:
    """Time every task *repeats* times, taking turns, and keep each one's fastest run.

    Taking turns (A, B, A, B, ...) rather than all of A then all of B spreads a burst of
    load from another process over every task, so that the ratio of two figures measured
    together stays steady even when each figure moves.  The collector is emptied before
    each run (so one run does not pay for the garbage of the last) but left on during it,
    since real use pays for its own garbage.

    :raises RuntimeError: if two runs of a task count different work: it is not
        deterministic.
    """
    if repeats < 1:
        raise ValueError(f"repeats must be >= 1, not {repeats}")
    runs: list[list[float]] = [[] for _ in tasks]
    work: list[list[W]] = [[] for _ in tasks]
    for _ in range(repeats):
        for task, times, done in zip(tasks, runs, work, strict=True):
            gc.collect()
            start = perf_counter()
            result = task()
            times.append(perf_counter() - start)
            if done and result != done[0]:
                raise RuntimeError(f"the work changed between runs: {done[0]!r}, {result!r}")
            done.append(result)
    return [Timing(min(t), w[0], tuple(t)) for t, w in zip(runs, work, strict=True)]
