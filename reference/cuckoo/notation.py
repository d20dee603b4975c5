"""What every game's notation shares: files of many records, tag pairs, friendly errors.

A record file is PGN-like: ``[Tag "value"]`` pairs, then movetext, then a result token.
Files are read one record at a time, so memory stays flat however many games they hold.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from lark import (
    Lark,
    Transformer,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
)

from .errors import NotationError

__all__ = [
    "MAX_RECORD_CHARS",
    "Chunk",
    "load_grammar",
    "quote",
    "split_records",
    "syntax_error",
    "unquote",
]

GRAMMAR_DIR: Final = Path(__file__).parent / "grammar"

MAX_RECORD_CHARS: Final = 16_000_000
"""A single record longer than this is refused (a real game is a few kilobytes)."""


def load_grammar(
    name: str, *, strict: bool = False, transformer: Transformer[Any, Any] | None = None
) -> Lark:
    """The LALR parser for ``grammar/<name>.lark``.

    The tests build it with *strict* (no conflicts, no colliding terminals), which needs the
    ``interegular`` package; the engine does not need to check that again at every start.
    """
    return Lark.open(
        str(GRAMMAR_DIR / f"{name}.lark"),
        parser="lalr",
        start=["start", "single"],
        strict=strict,
        maybe_placeholders=False,
        transformer=transformer,
    )


@dataclass(frozen=True, slots=True)
class Chunk:
    """The text of one record and where it starts in its file."""

    text: str
    line: int
    """The 1-based line of the file on which the record starts."""
    index: int
    """The record's 1-based position in the file."""


def split_records(lines: Iterable[str]) -> Iterator[Chunk]:
    """Cut a stream of lines into records: a tag line after movetext starts a new one.

    Braces are tracked, so a ``[`` inside a multi-line comment starts nothing.
    """
    buffer: list[str] = []
    start, size, index, depth = 1, 0, 0, 0
    seen_moves = False
    for number, line in enumerate(lines, 1):
        stripped = line.lstrip()
        if depth == 0 and stripped.startswith("[") and seen_moves:
            index += 1
            yield Chunk("".join(buffer), start, index)
            buffer, start, size, seen_moves = [], number, 0, False
        if not buffer and not stripped:
            start = number + 1
            continue
        size += len(line)
        if size > MAX_RECORD_CHARS:
            raise NotationError(
                f"a record longer than {MAX_RECORD_CHARS} characters",
                line=start,
                rule="CD-NOTATION-SYNTAX",
            )
        buffer.append(line)
        depth += line.count("{") - line.count("}")
        depth = max(depth, 0)
        if depth == 0 and stripped and not stripped.startswith("["):
            seen_moves = True
    if any(part.strip() for part in buffer):
        yield Chunk("".join(buffer), start, index + 1)


def quote(value: str) -> str:
    """A tag value as the canonical form writes it."""
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def unquote(token: str) -> str:
    """The inverse of :func:`quote`."""
    body = token[1:-1]
    out, escaped = [], False
    for ch in body:
        if escaped or ch != "\\":
            out.append(ch)
            escaped = False
        else:
            escaped = True
    return "".join(out)


def syntax_error(
    error: UnexpectedInput,
    chunk: Chunk,
    parse: Callable[[str], object],
    examples: Mapping[str, Iterable[str]],
    *,
    rule: str,
    source: str | None,
    names: Mapping[str, str],
) -> NotationError:
    """A :class:`NotationError` for a Lark error: file, line, column, what was expected, and
    a friendly message chosen by example (Lark's ``match_examples``)."""
    friendly = error.match_examples(parse, dict(examples), use_accepts=True)  # type: ignore[arg-type]
    if isinstance(error, UnexpectedToken):
        expected = tuple(sorted(error.accepts or error.expected))
        found = f"unexpected {error.token!r}" if error.token.type != "$END" else "unexpected end"
    elif isinstance(error, UnexpectedCharacters):
        expected = tuple(sorted(error.allowed))
        found = f"unexpected character {error.char!r}"
    else:
        assert isinstance(error, UnexpectedEOF)
        expected = tuple(sorted(error.expected))
        found = "unexpected end of record"
    expected = tuple(sorted({names.get(name, name) for name in expected}))
    names_text = "; ".join(expected[:8]) + ("; ..." if len(expected) > 8 else "")
    message = f"{friendly or found}; expected {names_text}" if expected else str(friendly or found)
    line = error.line if isinstance(error.line, int) and error.line > 0 else 1
    column = error.column if isinstance(error.column, int) and error.column > 0 else 1
    error_ = NotationError(
        message, rule=rule, line=chunk.line + line - 1, column=column, source=source
    )
    error_.expected = expected
    return error_
