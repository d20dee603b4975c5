"""Progress of long runs on a terminal, and the summary line that closes them.

One small helper for every command that may run for minutes (``validate``, ``random``,
``format``, ``selfplay``, ``conform``): the standard library is enough for a counter on
one line, and a dependency would cost every user an install for it.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO

from .escaping import own

__all__ = ["Progress", "is_terminal", "plural", "rewind"]


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``1 game``, ``2 games``: a count with its noun in the right number."""
    return f"{count} {noun if abs(count) == 1 else nouns or noun + 's'}"


class Progress:
    """A counter shown on standard error while a run goes, redrawn at most ten times a
    second; silent when standard error is not a terminal or when *quiet*."""

    def __init__(
        self,
        noun: str,
        total: int | None = None,
        *,
        quiet: bool = False,
        stream: TextIO | None = None,
    ) -> None:
        self.noun = noun
        self.total = total
        self.done = 0
        self.quiet = quiet
        self.stream = stream or sys.stderr
        self.live = not quiet and self.stream is not None and is_terminal(self.stream)
        self._shown = 0.0
        self._width = 0

    def advance(self, count: int = 1) -> None:
        """Count *count* more items done."""
        self.done += count
        now = time.monotonic()
        if self.live and (now - self._shown >= 0.1 or self.done == self.total):
            self._shown = now
            text = (
                f"{self.done}/{self.total} {self.noun}s"
                if self.total
                else plural(self.done, self.noun)
            )
            own(self.stream).write(self._over(text))  # its own sequences, past Terminal
            self.stream.flush()
            self._width = len(text)

    def _over(self, text: str) -> str:
        """*text* written over the counter shown: the rest of the line erased, or where the
        terminal cannot erase (TERM=dumb) covered with spaces."""
        tail = " " * max(0, self._width - len(text)) if _dumb() else "\x1b[K"
        return f"\r{text}{tail}"

    def close(self, summary: str = "") -> None:
        """Clear the counter and print *summary* (unless quiet)."""
        if self.live and self._shown:
            own(self.stream).write(self._over("") + "\r")
        if summary and not self.quiet and self.stream is not None:
            self.stream.write(summary + "\n")
        if self.stream is not None:
            self.stream.flush()


def rewind() -> str:
    """What starts a message on the line of a counter: back to its start and erase it, or
    where the terminal cannot erase (TERM=dumb) a new line."""
    return "\n" if _dumb() else "\r\x1b[K"


def _dumb() -> bool:
    return os.environ.get("TERM") == "dumb"


def is_terminal(stream: TextIO) -> bool:
    """Whether *stream* is a terminal (a closed one is not)."""
    try:
        return stream.isatty()
    except (ValueError, OSError):  # a closed stream
        return False
