"""What every game's notation shares: files of many records, tag pairs, friendly errors.

A record file is PGN-like: ``[Tag "value"]`` pairs, then movetext, then a result token.
Files are read one record at a time, so memory stays flat however many games they hold.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import stat
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, ClassVar, Final, Generic, TypeVar

import lark
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
from lark.grammar import Rule
from lark.lexer import TerminalDef

from . import reading
from .errors import CuckooError, NotationError, shown
from .reading import Chunk, quote, unquote

__all__ = [
    "MAX_RECORD_CHARS",
    "Chunk",
    "Dialect",
    "Group",
    "Moves",
    "Record",
    "RecordTransformer",
    "Series",
    "Tail",
    "at",
    "cache_folder",
    "concatenated",
    "load_grammar",
    "quote",
    "remember",
    "split_records",
    "syntax_error",
    "unquote",
]

GRAMMAR_DIR: Final = Path(__file__).parent / "grammar"

MAX_RECORD_CHARS: Final = 16_000_000
"""A single record longer than this is refused (a real game is a few kilobytes)."""


def load_grammar(
    name: str,
    *,
    strict: bool = False,
    transformer: Transformer[Any, Any] | None = None,
    starts: tuple[str, ...] = (),
) -> Lark:
    """The LALR parser for ``grammar/<name>.lark``, with the start rules ``start`` and
    ``single`` and any *starts* besides.

    The tests build it with *strict* (no conflicts, no colliding terminals), which needs the
    ``interegular`` package; the engine does not need to check that again at every start,
    and loads the parser it built the first time from :func:`cache_folder` (building it
    takes longer than the rest of a command's start-up).
    """
    path = GRAMMAR_DIR / f"{name}.lark"
    text = path.read_text(encoding="utf-8")
    start = ["start", "single", *starts]
    key = f"{text}\0{starts}\0{lark.__version__}\0{sys.version_info[:2]}\0json"
    file = f"{name}-{hashlib.sha256(key.encode()).hexdigest()[:16]}.lark"
    kept = None if strict else _kept(file)
    if kept is not None:
        try:  # Lark.load, which takes no transformer, as Lark reads its own cache
            parser: Lark = Lark.__new__(Lark)._load(kept, transformer=transformer)
        except Exception:  # a damaged cache only costs the time to build the parser
            pass
        else:
            return parser
    parser = Lark(
        text,
        source_path=str(path),
        parser="lalr",
        start=start,
        strict=strict,
        maybe_placeholders=False,
        transformer=transformer,
    )
    if not strict:
        _keep(file, parser)
    return parser


def cache_folder() -> Path:
    """Where built parsers are kept between runs: ``$CUCKOO_CACHE_DIR``, else ``cuckoo``
    in the user's cache folder (``$XDG_CACHE_HOME``, else ``~/.cache``)."""
    named = os.environ.get("CUCKOO_CACHE_DIR")
    if named:
        return Path(named)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cuckoo"


MAX_CACHE_BYTES: Final = 1 << 20
"""A kept parser is some 25 kB; a bigger file is not one."""


_NOFOLLOW: Final = getattr(os, "O_NOFOLLOW", 0)
"""Opening a cache file does not follow a link (where the system can say so)."""


def _private(fd: int, kind: Callable[[int], bool]) -> bool:
    """Whether the file open as *fd* is of *kind*, the user's own, and nobody else can
    write it: what a kept parser and its folder must be to be trusted."""
    status = os.fstat(fd)
    return (
        kind(status.st_mode)
        and status.st_uid == os.geteuid()
        and not status.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _cache_dir() -> int | None:
    """The cache folder, opened (made private to the user if it is new); None unless it is
    a folder, not a link, that the user owns and nobody else can write to."""
    if not hasattr(os, "geteuid") or not {os.open, os.rename, os.unlink} <= os.supports_dir_fd:
        return None  # no owners to check, or no way to keep to the folder checked: no cache
    folder = cache_folder()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(folder, os.O_RDONLY | _NOFOLLOW | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return None
    if _private(fd, stat.S_ISDIR):
        return fd
    os.close(fd)
    return None


def _kept(file: str) -> dict[str, Any] | None:
    """The parser kept as *file* in the cache folder, as data, or None.

    A kept parser is JSON (:func:`_as_json`), so reading it runs nothing; and it is read,
    checked every time, only from a private folder
    (:func:`_cache_dir`) and a regular file the user owns and only the user can write,
    opened without following a link and without waiting (a FIFO is never read).
    """
    folder = _cache_dir()
    if folder is None:
        return None
    try:
        fd = os.open(file, os.O_RDONLY | _NOFOLLOW | os.O_NONBLOCK, dir_fd=folder)
    except OSError:
        return None
    finally:
        os.close(folder)
    with os.fdopen(fd, "rb") as stream:
        if not _private(fd, stat.S_ISREG):
            return None
        data = stream.read(MAX_CACHE_BYTES + 1)
    if len(data) > MAX_CACHE_BYTES:
        return None
    try:
        kept = json.loads(data.decode("utf-8"), object_hook=_from_json)
    except (ValueError, TypeError, RecursionError):
        return None
    return kept if isinstance(kept, dict) else None


_ITEMS: Final = "\0items"
_TUPLE: Final = "\0tuple"
"""The marks of a dict with keys other than strings, and of a tuple, in a kept parser."""


def _as_json(value: Any) -> Any:
    """*value*, Lark's data of a parser (dicts, lists, tuples, strings, numbers), as JSON
    holds it: a tuple, and a dict with keys other than strings, marked for :func:`_from_json`.
    JSON, not a pickle or a literal: read by the standard library's C code, it runs nothing
    and takes a fraction of a millisecond."""
    if isinstance(value, dict):
        if all(isinstance(key, str) for key in value):
            return {key: _as_json(item) for key, item in value.items()}
        return {_ITEMS: [[_as_json(key), _as_json(item)] for key, item in value.items()]}
    if isinstance(value, (list, tuple)):
        items = [_as_json(item) for item in value]
        return {_TUPLE: items} if isinstance(value, tuple) else items
    return value


def _from_json(found: dict[str, Any]) -> Any:
    """The dict or tuple that :func:`_as_json` marked as *found*."""
    if _ITEMS in found:
        return dict(found[_ITEMS])
    if _TUPLE in found:
        return tuple(found[_TUPLE])
    return found


def _keep(file: str, parser: Lark) -> None:
    """Keep *parser* as *file* in the cache folder, if it is private, for the next run: as
    JSON, written under a name of its own, then renamed, so that no reader sees half of it.
    A cache that cannot be written only costs time."""
    folder = _cache_dir()
    if folder is None:
        return
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "transformer"}
    partial = f".{file}.{os.getpid()}"
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW
        with os.fdopen(os.open(partial, flags, 0o600, dir_fd=folder), "w", encoding="utf-8") as out:
            json.dump(_as_json({"data": data, "memo": memo}), out)
        os.rename(partial, file, src_dir_fd=folder, dst_dir_fd=folder)  # replaces (POSIX)
    except (OSError, TypeError, ValueError):  # not written, or data JSON cannot hold
        with contextlib.suppress(OSError):
            os.unlink(partial, dir_fd=folder)
    finally:
        os.close(folder)


def split_records(lines: Iterable[str], *, rule: str) -> Iterator[Chunk]:
    """Cut a stream of lines into records (:func:`.reading.records`): a tag line after
    movetext starts a new one; a record longer than :data:`MAX_RECORD_CHARS` is refused."""
    return reading.records(lines, rule, MAX_RECORD_CHARS)


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


Number = tuple[str, int, int, int]
"""A move number as written in a record: its text, before how many moves, its line and
column (a plain tuple: a record of the dice game has one for every two moves)."""


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
    first_state: object = field(default=None, compare=False, repr=False)
    """The state before the first move, made when reading checked the tags, so that a
    replay need not make it again; None for a record not read from text."""
    numbers: tuple[tuple[str, int, int, int], ...] = field(default=(), compare=False, repr=False)
    """The move numbers as written (``2.``, ``1.3.``), each a :data:`Number`, for
    ``validate``'s warnings about numbering (``*-NOTATION-NUMBERING``): the reader otherwise
    steps over them.  (Spelt out: each game's record type is annotated in its own module,
    where the name would not resolve.)"""
    _named: dict[str, str] = field(init=False, compare=False, repr=False)
    """Each tag's first value by its name: starting a game asks for a dozen of them."""

    unit: ClassVar[str] = "move"
    """What the game calls one entry of :attr:`moves`, for messages."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_named", dict(reversed(self.tags)))

    def tag(self, name: str) -> str | None:
        """The value of tag *name* (the first, if it is given more than once), or None."""
        return self._named.get(name)

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

_WS: Final = reading.WS
_BLANK: Final = rf"[{_WS}]+"
"""White space between the parts of one item, which the reading item by item keeps on one
line (the file's lines are cut apart first)."""
_UNSEEN: Final = object()
_NUMBER_SEEN: Final = reading.NUMBER_SEEN
_OPEN: Final = reading.OPEN
_CLOSE: Final = reading.CLOSE
MAX_WORDS: Final = 20_000
"""The most distinct items a dialect remembers (a few hundred kilobytes)."""
MAX_TAG_LINES: Final = 1_000
"""The most tag lines a dialect remembers: the few that every record of a file repeats are
among the first, and the many of one game each (``[Round "7"]``) cost no more than this."""

Parts = tuple[list[tuple[str, str]], list[Any], list[tuple[int, int]], list[Any], str, list[Number]]
"""A record as read: tags as written, moves, their lines and columns, comments, result, and
the move numbers written (lines of the file)."""


Moves = tuple[tuple[Any, int], ...]
"""What an item reads as in the memo of items: its moves, each with the number of
characters from the start of the item to where the move is written."""


_WORD: Final = re.compile(rf"[^{_WS}]+")
"""A word of an item: what lies between white space."""


def _moved_to(key: str, offset: int, starts: list[int]) -> int:
    """*offset*, a place in *key* (words each set apart by one space), as a place in the
    item whose words start at *starts*: the same characters of the same word."""
    word = key.count(" ", 0, offset + 1)
    begins = key.rfind(" ", 0, offset + 1) + 1
    return starts[word] + offset - begins


K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """*value*, kept in *memo* under *key* while the memo holds fewer than
    :data:`MAX_WORDS` entries and the key is short (:func:`.reading.kept`)."""
    return reading.kept(memo, key, value, MAX_WORDS)


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
    ) -> tuple[list[Located], list[tuple[int, str]], list[Number]]:
        moves: list[Located] = []
        comments: list[tuple[int, str]] = []
        numbers: list[Number] = []
        for item in items:
            if isinstance(item, tuple):
                moves.append(item)
            elif isinstance(item, list):
                moves.extend(item)
            elif item.type == "COMMENT":
                comments.append((len(moves), item[1:-1].strip()))
            else:  # the move numbers, the only other token the movetext holds
                numbers.append((str(item), len(moves), item.line or 1, item.column or 1))
        return moves, comments, numbers

    def result(self, children: list[Token]) -> str:
        token = children[0]
        return unquote(token) if token.type == "TAG_VALUE" else str(token)

    def single(self, children: list[Located | list[Located]]) -> list[Located]:
        item = children[0]
        return item if isinstance(item, list) else [item]

    def start(self, children: list[Any]) -> tuple[Any, ...]:
        tags, (moves, comments, numbers), token = children
        return tags, moves, comments, token, numbers


R = TypeVar("R", bound=Record)


@dataclass(frozen=True, slots=True)
class Tail:
    """The last part of a move word, which the grammar can read on its own and an item-by-item
    reading remembers apart from the rest: the dice game's re-roll ``(4;1,6)``, which makes
    thousands of distinct words out of a few dozen infections and a few hundred re-rolls."""

    mark: str
    """The character that opens the part."""
    rule: str
    """The grammar rule that reads it, a start rule of the parser."""
    join: Callable[[str, Any, Any], Any]
    """The move written as the head (its text and the move it reads as) followed by the
    part (what the rule read); None where only reading the whole word gives it exactly."""


@dataclass(frozen=True, slots=True)
class Group:
    """Moves written together between two marks, such as Zum Kuckuck!'s cards shown at once,
    ``(Ann 3 Ben 17)``, which a reading item by item reads part by part: the parts come back
    match after match, the groups hardly ever."""

    open: str
    close: str
    part: str
    """The grammar rule of one part, a start rule of the parser."""
    join: Callable[[list[Located]], Located]
    """The group's move, where it is written, from its parts and where they are."""


@dataclass(frozen=True, slots=True)
class Series:
    """An item written as a head and a run of words, such as the card game's deal
    ``deal Jh Js 5c 5d``, which a reading item by item reads word by word: each word with the
    head, as an item of its own (``deal Jh``), read once and remembered; then joined.  A deal
    of four cards out of 52 is nearly always new, a card never is."""

    head: str
    """The item's first word, in lower case (it is read in any letter case)."""
    words: int
    """How many words the head has, its first included (Zum Kuckuck!'s ``deal Ann``: 2)."""
    join: Callable[[list[Moves]], Moves]
    """The item's moves from what each word read as with the head (its moves, each placed
    by the characters from the start of the whole item), in the order written."""


def concatenated(parts: list[Moves]) -> Moves:
    """The moves of a :class:`Series` whose words each write moves of their own (the card
    game's deal: a dealt card each)."""
    return tuple(move for part in parts for move in part)


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
    items: str | None = None
    """How a record is read item by item (see :meth:`_quick`): a regular expression of the
    moves written with white space inside them, in the grammar's terminal names (``{NAME}``)
    and with a space wherever the record may have white space; "" when every move is one
    word; None for a game read only by the full parse."""
    numbering: str = "MOVE_NUMBER"
    """The grammar's terminal of the numbers written between moves."""
    tail: Tail | None = None
    """A part of move words remembered on its own; None when words are remembered whole."""
    group: Group | None = None
    """Moves written together, read part by part; None when a game has none."""
    series: Series | None = None
    """An item read word by word; None when a game has none."""
    setup_tags: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The tags that may be to blame for an error of a setup rule, by its ID, so that the
    message points at the tag (the one whose value it quotes, else the first given)."""
    _words: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    _parts: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """What the parts of items read as: a :attr:`tail` (by its text, mark included) or a
    part of a :attr:`group` (by its text, which holds no mark)."""
    _tag_lines: dict[str, reading.TagPairs] = field(default_factory=dict, compare=False, repr=False)
    """The tag pairs of each line of tags seen, as written (:func:`.reading.header`)."""

    @cached_property
    def parser(self) -> Lark:
        starts = ["result"]
        starts += [self.tail.rule] if self.tail else []
        starts += [self.group.part] if self.group else []
        return load_grammar(self.game, transformer=self.transformer(), starts=tuple(starts))

    def _parse(self, text: str, top: int = 1) -> Parts:
        parts: tuple[Any, ...] = self.parser.parse(text, start="start")  # type: ignore[assignment]
        tags, located, comments, token, numbers = parts
        moves = [move for move, _, _ in located]
        spans = [(top + line - 1, column) for _, line, column in located]
        numbers = [(text, ply, top + row - 1, column) for text, ply, row, column in numbers]
        return tags, moves, spans, comments, token, numbers

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
            located: list[Located] = self.parser.parse(text, start="single")  # type: ignore[assignment]
        except UnexpectedInput as error:
            earlier = self._earlier(error, text, "single")
            raise earlier or self._syntax(error, Chunk(text, 1, 1), None, {}) from None
        return located[0][0]

    def _earlier(self, error: UnexpectedInput, text: str, start: str) -> NotationError | None:
        """A token the transformer refuses (a cell or a face that cannot be) written before
        the syntax error: the first fault in the text is named.  The parser reads a token
        only once it has seen the next, so the one just before the error is read again
        from the text cut there."""
        end = getattr(error, "pos_in_stream", None)
        if not end:
            return None
        try:
            self.parser.parse(text[:end], start=start)
        except NotationError as found:
            return found
        except UnexpectedInput:
            return None
        return None

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

    def _quick(self, text: str, top: int = 1) -> Parts | None:
        """The parts of a record read item by item, or None when only the full parse will
        do (comments, an item written over two lines, anything unusual).

        Every item still goes through the grammar, once per distinct item: the same reading
        as the full parse, without parsing ``6@003/A`` a thousand times in a thousand games.
        """
        if self.items is None:
            return None
        lines = text.split("\n")
        head = reading.header(lines, self._tag, self._tag_lines, MAX_TAG_LINES)
        if head is None:
            return None
        tags, first = head
        items = reading.movetext(
            lines,
            first,
            top,
            self._item,
            self._words,
            self._word,
            self.group,
            self._part,
            self.group is None and not self.items,
            self.tail,
            self._parts,
            self._read_part,
        )
        if items is None:
            return None
        moves, spans, numbers, token = items
        return tags, moves, spans, [], token, numbers

    @cached_property
    def _item(self) -> re.Pattern[str]:
        """One item of a line of movetext: a quoted result, a move with white space inside
        (:attr:`items`), else a word; read with the grammar's own terminals."""
        assert self.items is not None

        def terminal(name: re.Match[str]) -> str:
            return f"(?:{self.parser.get_terminal(name[1]).pattern.to_regexp()})"

        kinds = ("{TAG_VALUE}", self.items.replace(" ", _BLANK)) if self.items else ("{TAG_VALUE}",)
        whole = re.sub(r"\{([A-Z_]+)\}", terminal, "|".join(kinds))
        if self.group is None:
            return re.compile(rf"(?:{whole})(?![^{_WS}])|[^{_WS}]+")
        marks = re.escape(self.group.open + self.group.close)
        return re.compile(rf"[{marks}]|(?:{whole})(?![^{_WS}{marks}])|[^{_WS}{marks}]+")

    @cached_property
    def _number(self) -> re.Pattern[str]:
        """A move number (:attr:`numbering`), which the reading item by item steps over."""
        return re.compile(self.parser.get_terminal(self.numbering).pattern.to_regexp())

    @cached_property
    def _tag(self) -> re.Pattern[str]:
        """One tag pair, white space around it, as the grammar's own terminals define them:
        a file's tag lines differ from game to game, so they are read without the parser."""
        name, value, space = (
            self.parser.get_terminal(t).pattern.to_regexp() for t in ("TAG_NAME", "TAG_VALUE", "WS")
        )
        return re.compile(rf"(?:{space})?\[(?:{space})?({name})(?:{space})?({value})(?:{space})?\]")

    def _word(self, word: str) -> Any:
        """What the item *word* reads as: its :data:`Moves`, the result token it is (a
        string), :data:`_NUMBER_SEEN`, or None for anything else.  What it reads as is remembered,
        since the same moves come back game after game, in a bounded memo, so that memory
        stays flat over any file; None is not, a record with such an item being read whole,
        nor an item read in parts (a :attr:`series`).  A word with a :attr:`tail` comes here
        only when the reading loop could not read it in parts (:func:`.reading.joined`)."""
        if self.series is not None and (series := self._in_series(word)) is not None:
            return series  # not remembered: its words are, the item is nearly always new
        group = self.group
        if self._number.fullmatch(word):
            value: Any = _NUMBER_SEEN
        elif group is not None and word in (group.open, group.close):
            value = _OPEN if word == group.open else _CLOSE
        else:
            located = self._read(word, "single")
            value = None if located is None else tuple((m, c - 1) for m, _, c in located)
            if value is None:
                value = self._read(word, "result")
        return value if value is None else remember(self._words, word, value)

    def _in_series(self, item: str) -> Moves | None:
        """The moves of *item* read word by word as a :attr:`series`; None if it is none, or
        only reading it whole will do (a word that is not one, the game's join refusing)."""
        series = self.series
        assert series is not None
        found = [(m.start(), m[0]) for m in _WORD.finditer(item)]
        if len(found) <= series.words + 1 or found[0][1].lower() != series.head:
            return None
        head = " ".join(word for _, word in found[: series.words]) + " "
        starts = [start for start, _ in found[: series.words]]
        parts = []
        for at, word in found[series.words :]:
            key = head + word
            read = self._words.get(key) or self._word(key)
            if read.__class__ is not tuple:
                return None
            parts.append(
                tuple((move, _moved_to(key, offset, [*starts, at])) for move, offset in read)
            )
        return series.join(parts)

    def _part(self, text: str) -> tuple[Any, int] | None:
        """What *text*, a part of a :attr:`group`, reads as: its move and the characters
        from its start to where the move is written; None if it is no part."""
        assert self.group is not None
        located = self._read_part(text, self.group.part)
        return None if located is None else (located[0], located[2] - 1)

    def _read_part(self, text: str, rule: str) -> Any:
        """:meth:`_read`, remembered in :attr:`_parts`."""
        part = self._parts.get(text, _UNSEEN)
        if part is _UNSEEN:
            part = remember(self._parts, text, self._read(text, rule))
        return part

    def _read(self, text: str, rule: str) -> Any:
        """What *text* reads as by grammar rule *rule*, or None if it is not one."""
        try:
            return self.parser.parse(text, start=rule)
        except (UnexpectedInput, NotationError):
            return None

    def parse_chunk(self, chunk: Chunk, source: str | None) -> R:
        try:
            parts = self._quick(chunk.text, chunk.line) or self._parse(chunk.text, chunk.line)
            tags, moves, spans, comments, token, numbers = parts
        except UnexpectedInput as error:
            if (earlier := self._earlier(error, chunk.text, "start")) is not None:
                raise self._moved(earlier, chunk, source) from None
            raise self._syntax(error, chunk, source, self.examples) from None
        except NotationError as error:  # a token the transformer refused, such as a cell
            raise self._moved(error, chunk, source) from None
        record = self.record_type(
            self._tags(tags, chunk, source),
            tuple(moves),
            tuple(comments),
            token,
            tuple(spans),
            source,
            chunk.index,
            chunk.line,
            numbers=tuple(numbers),
        )
        stated = record.tag("Result")
        if stated is not None and stated != token:
            raise NotationError(
                f"tag Result says {stated} but the movetext ends with {token}",
                rule=f"{self.prefix}-NOTATION-RESULT",
                source=source,
                **self._place(chunk, "Result"),
            )
        try:
            state = self.start(record)
        except CuckooError as error:
            rule = error.rule or f"{self.prefix}-NOTATION-TAGS"
            place = self._place(chunk, self._blamed(record, error))
            raise NotationError(error.detail, rule=rule, source=source, **place) from None
        object.__setattr__(record, "first_state", state)  # once, before the record is seen
        return record

    def _blamed(self, record: R, error: CuckooError) -> str | None:
        """The tag to blame for *error*, raised by a setup rule (:attr:`setup_tags`): the
        one the message names, else the one whose value it quotes, else the first given."""
        given = [t for t in self.setup_tags.get(error.rule or "", ()) if record.tag(t) is not None]
        words = error.detail.replace("_", "")  # infection_limit names InfectionLimit
        named = (t for t in given if re.search(rf"\b{t}\b", words, re.IGNORECASE))
        values = {t: shown(record.tag(t) or "").strip()[:20] for t in given}  # quoted cut short
        quoted = (t for t in given if values[t] and values[t] in error.detail)
        return next(named, next(quoted, given[0] if given else None))

    def _place(self, chunk: Chunk, name: str | None, nth: int = 1) -> dict[str, int]:
        """The line and column of the tag *name* (the *nth* given) in *chunk*, as keyword
        arguments of an error; the record's first line if it is not found."""
        for number, line in enumerate(chunk.text.split("\n")):
            if line.strip(_WS)[:1] not in ("[", ""):
                break
            at, end = 0, len(line.rstrip(_WS))
            while at < end and (found := self._tag.match(line, at)) is not None:
                if reading.tag_name(self._names, found[1]) == name:
                    nth -= 1
                    if nth == 0:
                        return {"line": chunk.line + number, "column": line.index("[", at) + 1}
                at = found.end()
        return {"line": chunk.line}

    @staticmethod
    def _moved(error: NotationError, chunk: Chunk, source: str | None) -> CuckooError:
        return error.located(source=source, line=chunk.line + (error.line or 1) - 1)

    def _tags(
        self, tags: list[tuple[str, str]], chunk: Chunk, source: str | None
    ) -> tuple[tuple[str, str], ...]:
        """Canonical names, values and order; a tag missing, or given twice where the game's
        rule allows it once, is refused."""
        rule = f"{self.prefix}-NOTATION-TAGS"
        named, twice = reading.named_tags(
            tags, self._names, self._rank, self.canonical_value, self.once
        )
        if twice is not None:
            raise NotationError(
                f"tag {twice} is given twice",
                rule=rule,
                source=source,
                **self._place(chunk, twice, 2),
            )
        for key in self.required:
            if key not in named:
                raise NotationError(
                    f"tag {key} is missing", rule=rule, line=chunk.line, source=source
                )
        if named["Game"] != [self.game]:
            raise NotationError(
                f"tag Game must be {self.game!r}, not {named['Game'][0]!r}",
                rule=rule,
                source=source,
                **self._place(chunk, "Game"),
            )
        return reading.named_in_order(named, self._rank)

    @cached_property
    def _rank(self) -> dict[str, int]:
        """Each known tag's place in the canonical order."""
        return {name: number for number, name in enumerate(self.roster)}

    @cached_property
    def _names(self) -> dict[str, str]:
        """The canonical name of a known tag, by the name as canonical or in lower case."""
        return {spelt: name for name in self.roster for spelt in (name, name.lower())}

    def tag_lines(self, record: Record) -> list[str]:
        """The canonical tag lines, with the Result tag equal to the result token."""
        tags = [(k, v) for k, v in record.tags if k != "Result"] + [("Result", record.result)]
        return [f"[{name} {quote(value)}]" for name, value in reading.in_order(tags, self._rank)]
