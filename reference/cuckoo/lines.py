"""Reading records line by line from bytes, so that a byte that is not UTF-8 is reported at
its own line and column, and a line longer than the limit costs no more than the limit.

Every file read here is noted as one this run reads (:func:`cuckoo.files.reading`), so
that no output is ever written over it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, BinaryIO, Final

from .errors import shown
from .files import FileProblem, open_input, reading

__all__ = ["BOM", "lines_of", "open_lines"]


BOM: Final = "\ufeff"


@contextmanager
def open_lines(path: str, *, limit: int) -> Iterator[Iterator[str]]:
    """The lines of *path* (``-`` for standard input), as :func:`lines_of` reads them.

    :raises FileProblem: if the file cannot be opened or read.
    """
    reading(path)  # standard input too: the file it comes from is never an output
    if path == "-":
        if sys.stdin is None or sys.stdin.closed:
            raise FileProblem("standard input is closed: give a file, or pipe a record in")
        yield lines_of(sys.stdin.buffer, "<stdin>", limit=limit)
        return
    try:
        handle = open_input(path)  # the one gate of inputs: a FIFO waited on with a bound
    except IsADirectoryError:
        raise FileProblem(f"{shown(path)}: is a directory, not a record file") from None
    except OSError as error:
        raise FileProblem(f"{shown(path)}: cannot read: {error.strerror or error}") from None
    with handle:  # an error of the caller's block, writing its output, is not the file's
        yield lines_of(handle, shown(path), limit=limit)


def lines_of(handle: BinaryIO | IO[bytes], name: str, *, limit: int) -> Iterator[str]:
    """The text lines of *handle*, newlines made ``\\n`` and a leading byte-order mark
    dropped; none longer than *limit* characters, so that memory stays bounded.

    :raises FileProblem: for bytes that are not UTF-8 text (at their line and column), for
        binary data, or for a line that is too long.
    """
    number = 0
    try:
        while raw := handle.readline(CHUNK):
            if not raw.endswith(b"\n") or len(raw) > limit or b"\x00" in raw:
                raw = _line(handle, name, number + 1, limit, raw)  # not one short piece
            number += 1
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
            if "\r" in line:
                line = line.replace("\r\n", "\n").replace("\r", "\n")
            yield line
    except OSError as error:
        raise FileProblem(f"{name}: cannot read: {error.strerror or error}") from None


CHUNK: Final = 1 << 16
"""How much of a line is read at a time: an endless line (``/dev/zero``, ``yes | tr -d
'\\n'``) is refused after at most *limit* characters, never read whole."""

_CONTINUATION: Final = bytes(range(0x80, 0xC0))
"""The bytes that go on a UTF-8 character: the others each start one."""


def _line(handle: BinaryIO | IO[bytes], name: str, number: int, limit: int, piece: bytes) -> bytes:
    """Line *number* of *handle* as bytes, from its first *piece* on, read a piece at a time,
    so that binary data is refused at its first piece and a long line once it passes *limit*.
    (A line that is one piece, of no more bytes than *limit* characters and no NUL, the
    common case, never comes here: the place of an error is only written out for one.)"""
    pieces: list[bytes] = []
    characters = 0
    while piece:
        if b"\x00" in piece:
            if _utf16(piece, number):
                raise FileProblem(
                    f"{name}:{number}: UTF-16 text, not UTF-8: save it again as UTF-8 (a text "
                    "editor's Save as, or: iconv -f UTF-16 -t UTF-8 FILE > NEW)"
                )
            raise FileProblem(f"{name}:{number}: binary data, not a record file")
        pieces.append(piece)
        characters += len(piece) if piece.isascii() else len(piece.translate(None, _CONTINUATION))
        if characters > limit:
            raise FileProblem(f"{name}:{number}: a line longer than {limit} characters")
        if piece.endswith(b"\n"):
            break
        piece = handle.readline(CHUNK)
    return b"".join(pieces)


def _utf16(piece: bytes, number: int) -> bool:
    """Whether *piece*, the start of line *number*, looks like UTF-16 text (what some
    editors save): its byte-order mark at the start of the file, or text whose every other
    byte is NUL (each character of ASCII text, and no NUL between)."""
    if number == 1 and piece[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return True
    sample = piece[:64]
    halves = (sample[0::2], sample[1::2])
    return len(sample) >= 4 and any(
        not half.strip(b"\x00") and b"\x00" not in other for half, other in (halves, halves[::-1])
    )
