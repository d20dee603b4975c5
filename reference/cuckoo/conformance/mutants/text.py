"""Mutants of the kind ``text``: a text position read with too narrow a notion of its
characters, as an engine in another language reads it where its strings are not Python's
(UTF-16 code units, a white-space test of its own).  The suite's cases at every text
position (:mod:`cuckoo.conformance.suites.text`) kill them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .. import protocol
from .core import DICE, KUCKUCK, mutant


def _lines_read(change: Callable[[str], str]) -> None:
    """Every command line reaches the protocol as *change* makes it."""
    original = protocol.Session.answer

    def answer(self: protocol.Session, line: str) -> str:
        return original(self, change(line))

    protocol.Session.answer = answer  # type: ignore[method-assign]


_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


@mutant(
    KUCKUCK,
    "ZK-SETUP-PLAYERS",
    "a character outside the BMP is read as U+FFFD (an engine that holds text as UTF-16 "
    "code units and decodes one at a time): such a name is refused, or two names made one",
    kind="text",
)
def astral_as_replacement() -> None:
    _lines_read(lambda line: _ASTRAL.sub("\ufffd", line))


@mutant(
    DICE,
    "CD-NOTATION-SYNTAX",
    "form feed and carriage return are no white space between a record's tokens (record "
    "and format read them as characters of a token)",
    kind="text",
)
def no_ff_cr_in_records() -> None:
    def unspaced(line: str) -> str:
        if protocol.command_of(line)[0] not in ("record", "format"):
            return line
        body = line.removesuffix("\n").removesuffix("\r")
        return body.replace("\x0c", "\x01").replace("\r", "\x01") + line[len(body) :]

    _lines_read(unspaced)
