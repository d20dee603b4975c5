"""What the commands share: exit statuses, the usage error, reading records and writing
output files, and the arguments that name a ruleset or bots."""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING, TextIO

from ..errors import NotationError, shown
from ..escaping import own
from ..files import FileProblem, atomic_write, check_output, check_replaceable, reading
from ..games import GAMES, Kit, read_records
from ..lines import open_lines
from ..notation import MAX_RECORD_CHARS, Record
from ..progress import is_terminal, rewind

if TYPE_CHECKING:
    from ..players.bots import Bot

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_BUG, EXIT_INTERRUPTED = 0, 1, 2, 70, 130


class UsageError(FileProblem):
    """Bad arguments, or a file that cannot be read or written: exit status 2."""


# -- reading files ---------------------------------------------------------------------------


def lines(path: str) -> AbstractContextManager[Iterator[str]]:
    """The lines of *path* (``-`` for standard input); a :class:`FileProblem` if it cannot
    be read as text."""
    return open_lines(path, limit=MAX_RECORD_CHARS)


def records(path: str) -> Iterator[tuple[Kit, Record] | NotationError]:
    name = "<stdin>" if path == "-" else path
    with lines(path) as text:
        yield from read_records(text, source=name)


def pick(path: str, game: int) -> tuple[Kit, Record]:
    for index, item in enumerate(records(path), 1):
        if index == game:
            if isinstance(item, NotationError):
                raise item
            return item
    raise UsageError(f"{shown(path)}: there is no game {game}")


# -- writing files ---------------------------------------------------------------------------


def not_the_input(source: str, *, rewrite: str = "") -> None:
    """Note *source* (``-``: the file standard input comes from) as the input, which the one
    gate of outputs then refuses as a target (*rewrite* names the option that may)."""
    hint = f" (use {rewrite} to rewrite it)" if rewrite else ""
    reading(source, f"the input{hint}")


def check_target(path: str | Path, option: str, *, keep: bool) -> None:
    """Refuse now, before any work, a file *option* must not write (the one gate of outputs,
    :func:`.files.check_output`); *keep*: a file saved again and again or rewritten in
    place, which must be a regular file (said so first), never a FIFO or a device.

    :raises FileProblem: saying why.
    """
    if keep:
        check_replaceable(Path(path))
    check_output(path, option, stream=not keep)


@contextmanager
def output(path: str | None, *, keep: bool = False) -> Iterator[IO[str]]:
    """Standard output for no path or ``-``; else the file, checked by the one gate of
    outputs (:func:`.files.check_output`: no input, no link out of its folder, no folder, no
    read-only file) and written as :func:`atomic_write` says (*keep*: a file rewritten in
    place, which must be a regular one we may write; else a FIFO or a device is written to
    directly, a FIFO waited on for a reader at most :data:`.files.STREAM_WAIT`)."""
    if path in (None, "-"):
        yield sys.stdout
        return
    check_target(path, "--in-place" if keep else "-o", keep=keep)
    try:
        with atomic_write(Path(path), keep=keep) as handle:
            yield handle
    except OSError as error:
        raise UsageError(f"{shown(path)}: cannot write: {error.strerror or error}") from None


def escaping(stream: TextIO | None, errors: str = "backslashreplace") -> None:
    """Characters *stream*'s encoding cannot write (``PYTHONIOENCODING=ascii`` and a name
    like Jürgen) written escaped as standard error does (by default), not failed on."""
    stream = own(stream) if stream is not None else None
    if isinstance(stream, io.TextIOWrapper):
        stream.reconfigure(errors=errors)


def interrupted(detail: str = "") -> None:
    """The one line Ctrl-C leaves (over a progress counter, on a terminal)."""
    if sys.stderr is not None:
        if is_terminal(sys.stderr):
            own(sys.stderr).write(rewind())
        print(f"cuckoo: interrupted{detail}", file=sys.stderr)


# -- the game, ruleset and bots named --------------------------------------------------------


def variant(game: str, ruleset: str | None) -> str:
    """The ruleset or version named for *game* (its default if none), or a usage error."""
    kit = GAMES[game]
    if ruleset and ruleset not in kit.variants:
        rulesets = ", ".join(kit.variants) or "none"
        raise UsageError(f"{game} has no ruleset {ruleset}; its rulesets: {rulesets}")
    return ruleset or next(iter(kit.variants), "")


def bots(names: Sequence[str], game: str) -> list[Bot]:
    from ..players.bots import bot_named

    try:
        return [bot_named(name, game) for name in names]
    except ValueError as error:
        raise UsageError(str(error)) from None
