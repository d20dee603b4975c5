"""What an option's value may be, read once for every command and for ``cuckoo conform``'s
own options: whole numbers of at most 18 digits, seeds, waits in seconds, files written;
a bad value is refused in one line that says what was expected and quotes it short."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Final

__all__ = ["MOST", "bot_names", "quoted", "seconds", "seed", "whole", "written"]


def whole(text: str, low: int, high: int, expected: str) -> int:
    """*text* as a whole number from *low* to *high*, or the usage error that says what
    was *expected* (quoting at most 40 characters of a value that is too long)."""
    if text.isascii() and text.isdigit() and len(text) <= 18 and low <= int(text) <= high:
        return int(text)
    raise argparse.ArgumentTypeError(f"expected {expected}, not {quoted(text)}")


def quoted(text: str) -> str:
    """A value as a refusal quotes it: at most 40 characters, what does not print escaped."""
    return repr(text[:40]) + ("..." if len(text) > 40 else "")


def seconds(most: float) -> Callable[[str], float]:
    """The reader of a number of seconds above 0 and at most *most* (a longer wait is no
    bound at all): the type of every option that bounds a wait."""

    def read(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else float("nan")
        except ValueError:
            value = float("nan")
        if not 0 < value <= most:  # nan and inf fail too
            raise argparse.ArgumentTypeError(
                f"expected seconds above 0 and at most {most:g}, not {quoted(text)}"
            )
        return value

    return read


MOST: Final = 10**18 - 1
"""The largest count an option takes: more than any run could reach."""


def seed(text: str) -> int:
    """A whole number, negative too, of at most 18 digits (a longer one is no seed anyone
    typed, and Python refuses to read one past 4,300 digits), or a usage error."""
    digits = text.removeprefix("-")
    if digits.isascii() and digits.isdigit() and len(digits) <= 18:
        return int(text)
    raise argparse.ArgumentTypeError(
        f"expected a whole number from {-MOST:,} to {MOST:,}, not {quoted(text)}"
    )


def written(text: str) -> str:
    """The type of every option that names a file the command writes: checked by the one
    gate of outputs (:func:`cuckoo.files.check_output`) before any work, and found by this
    type by the test that tries every hostile target on every such option
    (``tests/trust/test_every_output.py``)."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, not ''")
    return text


LONGEST_BOT: Final = 40
"""The longest name of a bot (``mcts:999999`` is 11 characters): a longer one is refused
here, quoted short, before any list of bots is searched for it."""


def bot_names(text: str) -> str:
    """The type of every option that names bots (``--bots A,B``, ``--bot B``): each name
    at most :data:`LONGEST_BOT` characters, or a usage error that quotes it short."""
    for name in text.split(","):
        if len(name) > LONGEST_BOT:
            raise argparse.ArgumentTypeError(f"expected bots such as mcts:100, not {quoted(name)}")
    return text
