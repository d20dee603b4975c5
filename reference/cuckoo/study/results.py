"""The results file: one JSON line per game, appended as each game is done, so that a study
stopped at any point resumes where it stopped."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any

from .spec import StudyError
from .tasks import Task

__all__ = ["append", "done", "read_results"]


def read_results(path: str | Path) -> Iterator[dict[str, Any]]:
    """The games in the results file at *path*; a last line cut short is left out."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            if line.endswith("\n"):
                yield json.loads(line)


def done(path: Path, tasks: Iterable[Task]) -> set[str]:
    """The keys of *tasks* already in the file at *path*, after cutting off a last line
    that a stopped run left half-written.

    :raises StudyError: when a game of the file has the key of a task but another seed:
        the file belongs to another study.
    """
    if not path.exists():
        return set()
    with open(path, "rb+") as file:
        data = file.read()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            file.truncate(whole)
    seeds = {task.key: task.seed for task in tasks}
    found = set()
    for record in read_results(path):
        key = record["key"]
        if key in seeds and seeds[key] != record["seed"]:
            raise StudyError(f"{path} holds game {key} with another seed: another study's file")
        found.add(key)
    return found & set(seeds)


def append(file: IO[str], records: Iterable[dict[str, Any]]) -> None:
    """Write *records* at the end of *file* and make sure they reach the disk."""
    for record in records:
        file.write(json.dumps(record, separators=(",", ":")) + "\n")
    file.flush()
    os.fsync(file.fileno())
