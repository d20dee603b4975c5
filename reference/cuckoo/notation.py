"""What every game's notation shares: files of many records, tag pairs, friendly errors.

A record file is PGN-like: ``[Tag "value"]`` pairs, then movetext, then a result token.
Files are read one record at a time, so memory stays flat however many games they hold.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, TypeVar

from lark import (
    Lark,
    Token,
    Transformer,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    v_args,
)

from .errors import CuckooError, NotationError

__all__ = [
    "MAX_RECORD_CHARS",
    "Chunk",
    "Dialect",
    "Record",
    "RecordTransformer",
    "at",
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
        start=["start", "single", "header"],
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


def split_records(lines: Iterable[str], *, rule: str) -> Iterator[Chunk]:
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
                rule=rule,
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
            f"unexpected {str(error.token)!r}" if error.token.type != "$END" else "unexpected end"
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


@dataclass(frozen=True, slots=True)
class Record:
    """One game as written down: tags, moves, comments, result (any game)."""

    tags: tuple[tuple[str, str], ...]
    """Tag pairs in canonical order, with canonical names and values."""
    moves: tuple[Any, ...]
    """The game's own move values, chance outcomes included."""
    comments: tuple[tuple[int, str], ...] = ()
    """``(ply, text)``: a comment written after that many moves."""
    result: str = "*"
    """The result token."""
    spans: tuple[tuple[int, int], ...] = field(default=(), compare=False, repr=False)
    """Line and column of each move in its file, for messages."""
    source: str | None = field(default=None, compare=False, repr=False)
    index: int = field(default=1, compare=False, repr=False)
    """The record's position in its file."""
    line: int = field(default=1, compare=False, repr=False)
    """The line of its file on which the record starts."""

    unit: ClassVar[str] = "move"
    """What the game calls one entry of :attr:`moves`, for messages."""

    def tag(self, name: str) -> str | None:
        """The value of tag *name*, or None."""
        return next((v for k, v in self.tags if k == name), None)

    def located(self, error: CuckooError, ply: int, move: object) -> CuckooError:
        """*error*, raised by move number *ply* (0-based) of this record, placed in its file."""
        line, column = self.spans[ply] if ply < len(self.spans) else (None, None)
        return error.located(
            source=self.source,
            line=line,
            column=column,
            context=f"game {self.index}, {self.unit} {ply + 1}, {move}",
        )


Located = tuple[Any, int, int]
"""A move value with the line and column where it was written."""

_WORD: Final = re.compile(r"\S+")
_MOVE_NUMBER: Final = re.compile(r"[0-9]+\.(\.\.)?")


def at(value: Any, token: Token) -> Located:
    """*value* with the place of *token*, for messages."""
    return value, token.line or 1, token.column or 1


class RecordTransformer(Transformer[Token, tuple[Any, ...]]):
    """The parts every record has: tags, movetext with comments, a result token.

    A game's transformer adds a method per move rule, returning a :data:`Located` move (or
    a list of them, for a rule that writes several, like a deal).
    """

    @v_args(inline=True)
    def tag(self, name: Token, value: Token) -> tuple[str, str]:
        return str(name), unquote(str(value))

    def header(self, tags: list[tuple[str, str]]) -> list[tuple[str, str]]:
        return tags

    def movetext(
        self, items: list[Token | Located | list[Located]]
    ) -> tuple[list[Located], list[tuple[int, str]]]:
        moves: list[Located] = []
        comments: list[tuple[int, str]] = []
        for item in items:
            if isinstance(item, tuple):
                moves.append(item)
            elif isinstance(item, list):
                moves.extend(item)
            elif item.type == "COMMENT":
                comments.append((len(moves), item[1:-1].strip()))
        return moves, comments

    def result(self, children: list[Token]) -> str:
        token = children[0]
        return unquote(token) if token.type == "TAG_VALUE" else str(token)

    def single(self, children: list[Located | list[Located]]) -> Any:
        item = children[0]
        return item[0][0] if isinstance(item, list) else item[0]

    def start(self, children: list[Any]) -> tuple[Any, ...]:
        tags, (moves, comments), token = children
        return tags, moves, comments, token


R = TypeVar("R", bound=Record)


@dataclass(frozen=True)
class Dialect(Generic[R]):
    """One game's notation: its grammar and tags; reading is the same for every game.

    The grammar has two start rules, ``start`` (a record: ``header movetext result``) and
    ``single`` (one move); its transformer turns a record into ``(tags, located moves,
    comments, result token)`` while parsing.
    """

    game: str
    """The value of the Game tag, and the grammar's file name."""
    prefix: str
    """The game's rule-ID prefix, such as ``CD``."""
    transformer: Callable[[], Transformer[Any, Any]]
    terminals: Mapping[str, str]
    """Terminal names, as a reader would say them in "expected ..."."""
    examples: Mapping[str, list[str]]
    """Friendly messages for syntax errors, chosen by example."""
    roster: tuple[str, ...]
    """Known tags, in canonical order."""
    required: tuple[str, ...]
    canonical_value: Callable[[str, str], str]
    """The canonical form of a known tag's value."""
    record_type: type[R]
    start: Callable[[R], object]
    """The game's first state from a record's tags (raising the engine's errors): a record
    whose tags name no possible game is refused with the rule they break."""
    once: frozenset[str] | None = None
    """The tags that may be given at most once, those that change the game (the rest are
    free text, and may repeat); None when no tag may repeat."""
    results: frozenset[str] = frozenset()
    """The result tokens, when every move is written as one word: then a record can be read
    word by word (see :meth:`_quick`); empty for a game whose moves have spaces in them."""
    _words: dict[tuple[str, str], Any] = field(default_factory=dict, compare=False, repr=False)

    @cached_property
    def parser(self) -> Lark:
        return load_grammar(self.game, transformer=self.transformer())

    def _parse(self, text: str) -> tuple[Any, ...]:
        parts: tuple[Any, ...] = self.parser.parse(text, start="start")  # type: ignore[assignment]
        return parts

    def _syntax(
        self,
        error: UnexpectedInput,
        chunk: Chunk,
        source: str | None,
        examples: Mapping[str, list[str]],
    ) -> NotationError:
        return syntax_error(
            error,
            chunk,
            self._parse,
            examples,
            rule=f"{self.prefix}-NOTATION-SYNTAX",
            source=source,
            names=self.terminals,
        )

    def parse(self, text: str, *, source: str | None = None) -> R:
        """Read one record.

        :raises NotationError: for text that is not a record, with line, column, what was
            expected and the rule.
        """
        return self.parse_chunk(Chunk(text, 1, 1), source)

    def parse_move(self, text: str) -> Any:
        """Read one move written on its own.

        :raises NotationError: if *text* is not one move.
        """
        try:
            return self.parser.parse(text, start="single")
        except UnexpectedInput as error:
            raise self._syntax(error, Chunk(text, 1, 1), None, {}) from None

    def read_records(
        self, lines: Iterable[str], *, source: str | None = None
    ) -> Iterator[R | NotationError]:
        """The records of a file, one at a time; a malformed one is yielded as its error, so
        that reading goes on with the next."""
        try:
            for chunk in split_records(lines, rule=f"{self.prefix}-NOTATION-SYNTAX"):
                try:
                    yield self.parse_chunk(chunk, source)
                except NotationError as error:
                    yield error
        except NotationError as error:
            yield NotationError(error.detail, rule=error.rule, line=error.line, source=source)

    def _quick(self, text: str) -> tuple[Any, ...] | None:
        """The parts of a record read word by word, or None when only the full parse will
        do (comments, moves written with spaces in them, anything unusual).

        Every word still goes through the grammar, once per distinct word: the same reading
        as the full parse, without parsing ``6@003/A`` a thousand times in a thousand games.
        """
        if not self.results:
            return None
        lines = text.split("\n")
        at = 0
        while at < len(lines) and (not lines[at].strip() or lines[at].lstrip()[:1] == "["):
            at += 1
        if any("{" in line for line in lines[at:]):  # a comment (a tag value may hold "{")
            return None
        tags: list[tuple[str, str]] = []
        for line in lines[:at]:
            parsed = self._word(line.strip(), "header")
            if parsed is None:
                return None
            tags.extend(parsed)
        moves: list[Located] = []
        token = None
        for number in range(at, len(lines)):
            for match in _WORD.finditer(lines[number]):
                word = match[0]
                if token is not None:
                    return None
                if word in self.results:
                    token = word
                elif not _MOVE_NUMBER.fullmatch(word):
                    move = self._word(word, "single")
                    if move is None:
                        return None
                    moves.append((move, number + 1, match.start() + 1))
        return None if token is None else (tags, moves, [], token)

    def _word(self, text: str, rule: str) -> Any:
        """What *text* reads as by the grammar's *rule* (a move, or a line of tags), or None;
        memoized, since the same moves and tags come back game after game."""
        key = (text, rule)
        if key not in self._words:
            try:
                value = self.parser.parse(text, start=rule)
            except (UnexpectedInput, NotationError):
                value = None
            if len(self._words) < 100_000:
                self._words[key] = value
            return value
        return self._words[key]

    def parse_chunk(self, chunk: Chunk, source: str | None) -> R:
        try:
            tags, moves, comments, token = self._quick(chunk.text) or self._parse(chunk.text)
        except UnexpectedInput as error:
            raise self._syntax(error, chunk, source, self.examples) from None
        except NotationError as error:  # a token the transformer refused, such as a cell
            raise self._moved(error, chunk, source) from None
        named = self._tags(tags, chunk, source)
        stated = dict(named).get("Result")
        if stated is not None and stated != token:
            raise NotationError(
                f"tag Result says {stated} but the movetext ends with {token}",
                rule=f"{self.prefix}-NOTATION-RESULT",
                line=chunk.line,
                source=source,
            )
        record = self.record_type(
            named,
            tuple(move for move, _, _ in moves),
            tuple(comments),
            token,
            tuple((chunk.line + line - 1, column) for _, line, column in moves),
            source,
            chunk.index,
            chunk.line,
        )
        try:
            self.start(record)
        except CuckooError as error:
            rule = error.rule or f"{self.prefix}-NOTATION-TAGS"
            raise NotationError(error.detail, rule=rule, line=chunk.line, source=source) from None
        return record

    @staticmethod
    def _moved(error: NotationError, chunk: Chunk, source: str | None) -> CuckooError:
        return error.located(source=source, line=chunk.line + (error.line or 1) - 1)

    def _tags(
        self, tags: list[tuple[str, str]], chunk: Chunk, source: str | None
    ) -> tuple[tuple[str, str], ...]:
        """Canonical names, values and order; a tag missing, or given twice where the game's
        rule allows it once, is refused."""
        rule = f"{self.prefix}-NOTATION-TAGS"
        names = {name.lower(): name for name in self.roster}
        named: dict[str, list[str]] = {}
        for name, value in tags:
            key = names.get(name.lower(), name)
            if key in named and (self.once is None or key in self.once):
                raise NotationError(
                    f"tag {key} is given twice", rule=rule, line=chunk.line, source=source
                )
            canonical = self.canonical_value(key, value) if key in self.roster else value
            named.setdefault(key, []).append(canonical)
        for key in self.required:
            if key not in named:
                raise NotationError(
                    f"tag {key} is missing", rule=rule, line=chunk.line, source=source
                )
        if named["Game"] != [self.game]:
            raise NotationError(
                f"tag Game must be {self.game!r}, not {named['Game'][0]!r}",
                rule=rule,
                line=chunk.line,
                source=source,
            )
        return tuple(self._in_order((k, v) for k, values in named.items() for v in values))

    def _in_order(self, tags: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
        """*tags* in canonical order: the known ones as the roster lists them, then the
        others as given (a repeated free tag keeps its values in their order)."""
        rank = {name: number for number, name in enumerate(self.roster)}
        return sorted(tags, key=lambda tag: rank.get(tag[0], len(rank)))

    def tag_lines(self, record: Record) -> list[str]:
        """The canonical tag lines, with the Result tag equal to the result token."""
        tags = [(k, v) for k, v in record.tags if k != "Result"] + [("Result", record.result)]
        return [f"[{name} {quote(value)}]" for name, value in self._in_order(tags)]
