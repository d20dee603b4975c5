"""Reading and writing files so that nothing is ever lost and every problem is located.

Records are read line by line from bytes, so that a byte that is not UTF-8 is reported at
its own line and column; files are written beside the target and renamed over it, so that
a crash leaves the old file whole.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import IO, BinaryIO, Final

from .errors import shown

__all__ = [
    "FileProblem",
    "atomic_write",
    "check_writable",
    "lines_of",
    "open_lines",
    "terminate_cleanly",
]

BOM: Final = "\ufeff"


class FileProblem(Exception):
    """A file that cannot be read or written as asked: a usage error, exit status 2."""


@contextmanager
def open_lines(path: str, *, limit: int) -> Iterator[Iterator[str]]:
    """The lines of *path* (``-`` for standard input), as :func:`lines_of` reads them.

    :raises FileProblem: if the file cannot be opened or read.
    """
    if path == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise FileProblem("standard input is closed: give a file, or pipe a record in")
        yield lines_of(sys.stdin.buffer, "<stdin>", limit=limit)
        return
    try:
        handle = open(path, "rb")  # noqa: SIM115 - a with below, once opened
    except IsADirectoryError:
        raise FileProblem(f"{shown(path)}: is a directory, not a record file") from None
    except OSError as error:
        raise FileProblem(f"{shown(path)}: cannot read: {error.strerror or error}") from None
    with handle:  # an error of the caller's block, writing its output, is not the file's
        yield lines_of(handle, shown(path), limit=limit)


def lines_of(handle: BinaryIO, name: str, *, limit: int) -> Iterator[str]:
    """The text lines of *handle*, newlines made ``\\n`` and a leading byte-order mark
    dropped; none longer than *limit* characters, so that memory stays bounded.

    :raises FileProblem: for bytes that are not UTF-8 text (at their line and column), for
        binary data, or for a line that is too long.
    """
    number = 0
    try:
        while raw := handle.readline(4 * limit + 1):
            number += 1
            if len(raw) > 4 * limit and not raw.endswith(b"\n"):
                raise FileProblem(f"{name}:{number}: a line longer than {limit} characters")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                column = len(raw[: error.start].decode("utf-8", "replace")) + 1
                byte = raw[error.start : error.start + 1].hex()
                raise FileProblem(
                    f"{name}:{number}:{column}: not UTF-8 text (byte 0x{byte})"
                ) from None
            if number == 1 and line.startswith(BOM):
                line = line[1:]
            if "\x00" in line:
                raise FileProblem(f"{name}:{number}: binary data, not a record file")
            if len(line) > limit:
                raise FileProblem(f"{name}:{number}: a line longer than {limit} characters")
            if "\r" in line:
                line = line.replace("\r\n", "\n").replace("\r", "\n")
            yield line
    except OSError as error:
        raise FileProblem(f"{name}: cannot read: {error.strerror or error}") from None


@contextmanager
def atomic_write(path: Path) -> Iterator[IO[str]]:
    """A file written beside *path* and renamed over it only once complete, so that a crash
    or an error leaves the old file whole and no temporary file behind.

    A symbolic link is followed, and what it points to is replaced; a FIFO, a device or any
    other file that is not a regular one is written to directly, as a shell's ``>`` does
    (renaming over ``/dev/stdout`` would replace the device itself).

    :raises OSError: if the file cannot be written.
    """
    target = Path(os.path.realpath(path))
    try:
        special = not stat.S_ISREG(target.stat().st_mode)
    except OSError:
        special = False
    if special:
        with target.open("w", encoding="utf-8", newline="\n") as handle:
            yield handle
        return
    release = _hold_signals()  # Ctrl-C or SIGTERM here would leave the file created
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except BaseException:
        release()
        raise
    try:
        release()  # a signal held back arrives here, where the file is removed
        os.chmod(tmp, _mode_for(target))
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _hold_signals() -> Callable[[], object]:
    """Hold back Ctrl-C and SIGTERM until the function returned is called."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows
        return lambda: None
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    return lambda: signal.pthread_sigmask(signal.SIG_SETMASK, held)


def check_writable(path: Path) -> None:
    """Fail now, not after a long setup, if *path* could not be written.

    :raises OSError: if its folder does not exist or does not let us create a file.
    """
    target = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(fd)
    os.unlink(tmp)


def _mode_for(path: Path) -> int:
    """The permissions a plain ``open`` would give: the old file's, or 0o666 less umask."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def terminate_cleanly() -> None:
    """Make SIGTERM, and SIGHUP (the terminal closed), unwind like Ctrl-C, so that a write
    under way removes its temporary file (SIGKILL cannot be caught: it may leave a hidden
    ``.NAME.xxxx`` beside NAME)."""

    def stop(signum: int, frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    for name in ("SIGTERM", "SIGHUP"):  # Windows has no SIGHUP
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), stop)
