"""Syntax errors as a reader wants them: file, line, column, what was expected, and a
friendly message chosen by example."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final

from lark import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..errors import NotationError
from ..reading import Chunk

__all__ = ["syntax_error"]


_QUOTED_MOST: Final = 60
"""The most characters of an unexpected token a message quotes: a line of three million
letters is one token, and its message stays one readable line."""


def _quoted(token: str) -> str:
    """*token* quoted, cut short after :data:`_QUOTED_MOST` characters."""
    if len(token) <= _QUOTED_MOST:
        return repr(token)
    return f"{token[:_QUOTED_MOST]!r}... ({len(token):,} characters)"


_END: Final = "the end of the record"
"""Lark's names for the end of the text (``$END``, ``<END-...>``), as a reader says it."""


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
        found = (
            f"unexpected {_quoted(str(error.token))}"
            if error.token.type != "$END"
            else "unexpected end"
        )
    elif isinstance(error, UnexpectedCharacters):
        expected = tuple(sorted(error.allowed))
        found = f"unexpected character {error.char!r}"
    else:
        assert isinstance(error, UnexpectedEOF)
        expected = tuple(sorted(error.expected))
        found = "unexpected end of record"
    expected = tuple(
        sorted(
            {
                _END if name.startswith(("$END", "<END")) else names.get(name, name)
                for name in expected
            }
        )
    )
    names_text = "; ".join(expected[:8]) + ("; ..." if len(expected) > 8 else "")
    if expected == (_END,):  # the record was over: its result token stood before
        found += " after the result that ends the record (a new record starts with its tags)"
        expected = ()
    message = f"{friendly or found}; expected {names_text}" if expected else str(friendly or found)
    line = error.line if isinstance(error.line, int) and error.line > 0 else 1
    column = error.column if isinstance(error.column, int) and error.column > 0 else 1
    error_ = NotationError(
        message, rule=rule, line=chunk.line + line - 1, column=column, source=source
    )
    error_.expected = expected
    return error_
