"""The results file: one JSON line per game, appended a batch of games at a time, so that a
study stopped at any point resumes where it stopped.

Every line is checked against the study before a game is played: its game must be one of
the study's (part, setting, match and number), with the seed the study gives it, and its
fields must have the shape this module writes. A file that fails is left as it is. A last
line that a stopped run left without its end is never cut: the game it names is played
again from its seed and the rest of its line written, so the line comes out whole.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Container, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from ..errors import shown
from ..files import FileProblem, open_input
from .spec import Study, StudyError, quoted
from .tasks import Games, Task, play_task

__all__ = ["Found", "ResultsError", "append", "found_in", "line_of", "read_results"]

LINE_LIMIT: Final = 4096
"""A results line is about 200 characters: a longer one is not a results file's."""

_HEAD: Final = '{"key":'
_SIDES: Final = re.compile(r"[0-9]{1,2}-[0-9]{1,2}")


class ResultsError(StudyError):
    """A results file that is not this study's, or is damaged: it is left untouched."""


def line_of(record: dict[str, Any]) -> str:
    """A game's line in the results file."""
    return json.dumps(record, separators=(",", ":")) + "\n"


def _whole(value: object, below: int) -> bool:
    return type(value) is int and 0 <= value < below


def _problem(record: object, task: Task) -> str | None:
    """What is wrong with *record* as the line of *task*'s game, if anything."""
    assert isinstance(record, dict)
    fields = {"key", "seed", "seats", "winners", "first", "length"}
    if task.game == "cuckoo-dice":
        fields |= {"decided", "sides"}
    if set(record) != fields:
        return f"expected the fields {', '.join(sorted(fields))}"
    n = len(task.match)
    seats = [task.match[(seat + task.index) % n] for seat in range(n)]
    winners = record["winners"]
    if record["seed"] != task.seed or type(record["seed"]) is not int:
        return f"game {task.key} has another seed: the results of another study"
    if record["seats"] != seats:
        return f"seats must be {seats} in this game"
    if not isinstance(winners, list) or len(set(map(repr, winners))) != len(winners):
        return "winners must be a list of different seats"
    if not all(_whole(seat, n) for seat in winners):
        return f"winners must be seats from 0 to {n - 1}"
    if record["first"] is not None and not _whole(record["first"], n):
        return f"first must be a seat from 0 to {n - 1}"
    if not _whole(record["length"], 1 << 31):
        return "length must be a whole number"
    if task.game == "cuckoo-dice" and not (
        isinstance(record["decided"], str)
        and isinstance(record["sides"], str)
        and _SIDES.fullmatch(record["sides"])
    ):
        return "decided must be a text and sides like 2-1"
    return None


def _checked(line: str, where: str, games: Games) -> dict[str, Any]:
    """The game of *line*, read and checked.

    :raises ResultsError: saying *where* and what is wrong.
    """
    try:
        record: dict[str, Any] = json.loads(line)
    except (ValueError, RecursionError):
        raise ResultsError(f"{where}: not a JSON line of a results file") from None
    key = record.get("key") if isinstance(record, dict) else None
    if not isinstance(key, str):
        raise ResultsError(f"{where}: a results line is a JSON object with a game's key")
    task = games.task(key)
    if task is None:
        raise ResultsError(f"{where}: game {quoted(key)} is not one of this study's")
    problem = _problem(record, task)
    if problem:
        raise ResultsError(f"{where}: {problem}")
    return record


def _lines(path: Path) -> Iterator[tuple[str, str]]:
    """Each line of *path*, with its newline if it has one, and where it is (``file:line``);
    read with a bound on length, so that ``/dev/zero`` or a huge file is refused at once.

    :raises ResultsError: for a line too long or not UTF-8, or a file that cannot be read.
    """
    name = shown(str(path))
    try:
        with open_input(path) as handle:
            number = 0
            while raw := handle.readline(LINE_LIMIT + 1):
                number += 1
                if len(raw) > LINE_LIMIT:
                    raise ResultsError(
                        f"{name}:{number}: a line longer than {LINE_LIMIT} bytes: "
                        "not a results file"
                    )
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError:
                    raise ResultsError(
                        f"{name}:{number}: not UTF-8 text: not a results file"
                    ) from None
                yield f"{name}:{number}", line
    except OSError as error:
        raise ResultsError(f"cannot read {name}: {error.strerror or error}") from None
    except FileProblem as problem:
        raise ResultsError(str(problem)) from None


def read_results(path: str | Path, study: Study) -> Iterator[dict[str, Any]]:
    """The games of *study* in the results file at *path*, each checked; a last line that a
    run still writing (or stopped) has not ended is left out.

    :raises ResultsError: for a line that is not one of *study*'s games.
    """
    games = Games(study)
    for where, line in _lines(Path(path)):
        if line.endswith("\n") or _ends(line):
            yield _checked(line, where, games)


def _ends(line: str) -> bool:
    """Whether *line* is a whole JSON value (a game whose newline is all that is missing)."""
    try:
        json.loads(line)
    except (ValueError, RecursionError):
        return False
    return True


@dataclass(frozen=True)
class Found:
    """What a results file already holds, checked against its study."""

    keys: frozenset[str]
    """The games in the file."""
    repeated: int
    """Lines that repeat a game already in the file (two runs at once)."""
    rest: str
    """What the last line needs to end whole: its newline, or the rest of a cut line."""


def found_in(path: Path, study: Study) -> Found:
    """The games of *study* already in the results file at *path*, every line checked first.

    :raises ResultsError: for a line that is not one of *study*'s games, or a last line cut
        short that is not the start of one; the file is not touched.
    """
    games = Games(study)
    keys: set[str] = set()
    repeated = 0
    rest = ""
    for where, line in _lines(path):
        if not line.endswith("\n"):
            rest = _rest(line, where, games, keys)
            line += rest
        key = _checked(line, where, games)["key"]
        repeated += key in keys
        keys.add(key)
    return Found(frozenset(keys), repeated, rest)


def _rest(line: str, where: str, games: Games, taken: Container[str]) -> str:
    """What ends the last *line* of a results file: a newline if it is a whole game, else
    the rest of the line of the game it starts, played again from its seed."""
    if _ends(line):
        return "\n"
    task = _started(line, games, taken)
    whole = line_of(play_task(task)) if task else ""
    if not whole.startswith(line):
        raise ResultsError(
            f"{where}: the last line is cut short and does not start a game of this study; "
            "the file is left as it is"
        )
    return whole[len(line) :]


def _started(line: str, games: Games, taken: Container[str]) -> Task | None:
    """The game that *line*, a results line cut short, is the start of: named by its key,
    or, with the key itself cut, the first game not *taken* whose key starts so."""
    if not line.startswith(_HEAD + '"'):
        return games.starting("", taken) if _HEAD.startswith(line) else None
    try:
        key, _ = json.decoder.scanstring(line, len(_HEAD) + 1)  # type: ignore[attr-defined]
    except ValueError:  # the key is cut: read what there is of it (an escape may be cut)
        for end in range(len(line), max(len(_HEAD), len(line) - 6), -1):
            try:
                return games.starting(json.loads(line[len(_HEAD) : end] + '"'), taken)
            except ValueError:
                continue
        return None
    return games.task(key) if isinstance(key, str) else None


def append(fd: int, text: str) -> None:
    """Write *text*, whole lines, at the end of the file open at *fd* (opened to append) in
    one write, so that two runs at once never mix their lines.  When it reaches the disk is
    the caller's to say (``os.fsync``)."""
    data = text.encode("utf-8")
    while data:
        data = data[os.write(fd, data) :]
