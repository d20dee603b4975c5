"""What the commands that ask questions at the terminal share (``record``, ``play``):
reading the answers, Tab completion of the legal moves, and how a session ends."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable

from .common import EXIT_INTERRUPTED, EXIT_OK, UsageError, interrupted


def say(text: str) -> None:
    print(text, flush=True)


def stopped(error: BaseException, what: str) -> int:
    """How a session at the terminal ends, saying *what* became of the game: 0 at the end of
    input (Ctrl-D is how a person says "done"), 130 after Ctrl-C."""
    if isinstance(error, KeyboardInterrupt):
        interrupted(f"; {what}")
        return EXIT_INTERRUPTED
    say(f"\n{what}")
    return EXIT_OK


def interactive() -> None:
    """A session that asks questions needs a standard input to read the answers from."""
    if sys.stdin is None or sys.stdin.closed:
        raise UsageError("standard input is closed: this command asks questions")


def ask(prompt: str) -> str:
    """A line typed in answer to *prompt*; one that standard input's encoding cannot read
    (``PYTHONIOENCODING=ascii`` and a ü) ends the session with a message, not a crash."""
    try:
        return input(prompt)
    except UnicodeDecodeError as error:
        byte = error.object[error.start : error.start + 1].hex()
        raise UsageError(
            f"standard input: byte 0x{byte} is not {error.encoding} text; the session stops "
            "(every move before it was saved)"
        ) from None


def completion() -> Callable[[Iterable[str]], None]:
    """Tab completion of the legal moves, where the terminal has readline."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return lambda words: None
    readline.parse_and_bind("tab: complete")
    readline.set_completer_delims(" ")

    def offer(words: Iterable[str]) -> None:
        choices = sorted(words)

        def complete(text: str, n: int) -> str | None:
            found = [w for w in choices if w.lower().startswith(text.lower())]
            return found[n] if n < len(found) else None

        readline.set_completer(complete)

    return offer
